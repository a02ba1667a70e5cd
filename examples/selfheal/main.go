package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/examples/internal/serve"
	"github.com/mcperr/mcperr/mcpgo"
	"github.com/mcperr/mcperr/render"
)

func main() {
	name := flag.String("dialect", "interbase", "error dialect: "+strings.Join(render.Names(), ", "))
	addr := flag.String("http", "", "serve streamable HTTP at this address (host:port; port 0 picks one) instead of stdio; the endpoint's URL goes to standard error")
	flag.Parse()
	d, err := render.ByName(*name)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	s := newServer(d)
	// -http: mcp-go's streamable HTTP transport, at /mcp until SIGINT or SIGTERM.
	if *addr != "" {
		err = serve.Run(*addr, server.NewStreamableHTTPServer(s))
	} else {
		err = server.ServeStdio(s)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// newServer returns the server, its tool errors rendered in d.
func newServer(d render.Dialect) *server.MCPServer {
	r := render.NewRenderer(d)
	s := server.NewMCPServer("mcperr-selfheal", "0.1.0",
		server.WithToolHandlerMiddleware(mcpgo.Middleware(r)),
	)
	s.AddTool(mcp.NewTool("projects.list",
		mcp.WithDescription("List the projects: one per line, id then name."),
		mcpgo.WithInputSchema[struct{}](),
		mcp.WithReadOnlyHintAnnotation(true),
	), listProjects)
	s.AddTool(mcp.NewTool("projects.get",
		mcp.WithDescription("Get one project by id."),
		mcpgo.WithInputSchema[getProjectArgs](),
		mcp.WithReadOnlyHintAnnotation(true),
	), getProject)
	return s
}

// getProjectArgs is projects.get's arguments: its inputSchema comes from
// these tags (mcpgo.WithInputSchema).
type getProjectArgs struct {
	ID string `json:"id" validate:"required" description:"A project id, as projects.list shows it."`
}

type project struct{ ID, Name string }

var projects = []project{{"proj_1a2b", "Website"}, {"proj_3c4d", "Billing"}}

func listProjects(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var b strings.Builder
	for _, p := range projects {
		fmt.Fprintf(&b, "%s %s\n", p.ID, p.Name)
	}
	return mcp.NewToolResultText(b.String()), nil
}

func getProject(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id, e := stringArgument(req, "id")
	if e != nil {
		return nil, e.WithActions("projects.list")
	}
	i := slices.IndexFunc(projects, func(p project) bool { return p.ID == id })
	if i < 0 {
		return nil, errorx.New("ProjectNotFound", fmt.Sprintf("Project %q does not exist.", id)).
			WithClass(errorx.ClassNotFound).
			WithRecovery("Call projects.list to get the valid project ids, then call projects.get again with one of them.").
			WithActions("projects.list").
			WithDetail("entity_id", id)
	}
	return mcp.NewToolResultText(fmt.Sprintf("%s %s", projects[i].ID, projects[i].Name)), nil
}

// stringArgument returns the string argument name. A caller that did not
// send it gets errorx.Required; one that sent something else (a number,
// null, an object) gets wrongType's error, which shows what was sent.
func stringArgument(req mcp.CallToolRequest, name string) (string, *errorx.Error) {
	v, sent := req.GetArguments()[name]
	if !sent {
		return "", errorx.Required(name)
	}
	s, ok := v.(string)
	if !ok {
		return "", wrongType(name, v)
	}
	return s, nil
}

// wrongType is the INVALID_FIELD_TYPE error for an argument name that is
// not a string: it names the argument through errorx.Quote and shows what
// was sent.
func wrongType(name string, sent any) *errorx.Error {
	q := errorx.Quote(name)
	return errorx.New("INVALID_FIELD_TYPE", "Field "+q+" must be a string.").
		WithRecovery("Send " + q + " as a string and retry.").
		WithFields(errorx.Field{Path: name, Sent: sent, WasSent: true, Message: "Wrong type.", Expected: "string", Rule: "type"})
}
