package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"maps"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/examples/internal/serve"
	"github.com/mcperr/mcperr/mcpgo"
	"github.com/mcperr/mcperr/render"
	"github.com/mcperr/mcperr/validation"
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
	// Panics and unclassified errors are logged to standard error: standard
	// output is the protocol stream.
	logger := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	s := newServer(d, logger)
	// -http: mcp-go's streamable HTTP transport, at /mcp until SIGINT or SIGTERM.
	if *addr != "" {
		err = serve.Run(*addr, server.NewStreamableHTTPServer(s, server.WithStreamableHTTPLogger(logger)))
	} else {
		err = server.ServeStdio(s)
	}
	if err != nil {
		logger.Error("serve", slog.Any("error", err))
		os.Exit(1)
	}
}

// newServer returns the example server, its tool errors rendered in d.
func newServer(d render.Dialect, logger *slog.Logger) *server.MCPServer {
	// In the toolerror dialect each call may pick its error's text blocks
	// with a format argument: the Renderer reads it, and the tools'
	// schemas list it exactly when it does (toolerror alone reads it).
	r := render.NewRenderer(d, render.WithLogger(logger), render.WithFormatArgument("format"))
	perCall := validation.WithFormatArgument(formatArgument(d))
	s := server.NewMCPServer("mcperr-example", "0.1.0",
		server.WithToolHandlerMiddleware(mcpgo.Middleware(r)), // first: outermost
	)
	s.AddTool(mcp.NewTool("files.list",
		mcp.WithDescription("List the files of the workspace."),
		mcpgo.WithInputSchema[noArgs](perCall),
		mcp.WithReadOnlyHintAnnotation(true),
	), listFiles)
	s.AddTool(mcp.NewTool("files.read",
		mcp.WithDescription("Read one file of the workspace."),
		mcpgo.WithInputSchema[readFileArgs](perCall),
		mcp.WithReadOnlyHintAnnotation(true),
	), readFile)
	s.AddTool(mcp.NewTool("search",
		mcp.WithDescription("Search the workspace."),
		mcpgo.WithInputSchema[searchArgs](perCall),
		mcp.WithReadOnlyHintAnnotation(true),
	), search)
	s.AddTool(mcp.NewTool("files.reserve",
		mcp.WithDescription("Reserve files for editing."),
		mcpgo.WithInputSchema[reserveArgs](perCall),
	), reserveFiles)
	s.AddTool(mcp.NewTool("users.create",
		mcp.WithDescription("Create a user."),
		mcpgo.WithInputSchema[createUserArgs](perCall),
	), createUser)
	s.AddTool(mcp.NewTool("reports.build",
		mcp.WithDescription("Build the monthly report."),
		mcpgo.WithInputSchema[reportArgs](perCall),
	), buildReport)
	s.AddTool(mcp.NewTool("weather.get",
		mcp.WithDescription("Get the forecast for a city."),
		mcpgo.WithInputSchema[weatherArgs](perCall),
		mcpgo.WithOutputSchema[forecast](),
		mcp.WithReadOnlyHintAnnotation(true),
	), getWeather)
	s.AddTool(mcp.NewTool("files.find",
		mcp.WithDescription("Deprecated: use search."),
		mcpgo.WithInputSchema[findArgs](perCall),
		mcpgo.WithOutputSchema[matches](), // mcp.WithOutputSchema would list paths as ["null","array"]
		mcp.WithReadOnlyHintAnnotation(true),
	), findFiles)
	s.AddTool(mcp.NewTool("db.query",
		mcp.WithDescription("Run a read-only SQL query."),
		mcpgo.WithInputSchema[queryArgs](perCall),
		mcp.WithReadOnlyHintAnnotation(true),
	), queryDB)
	return s
}

// The tools' arguments: each inputSchema comes from its struct's json,
// validate and description tags (mcpgo.WithInputSchema), with the format
// argument in the toolerror dialect. The handlers below read their
// arguments by hand, to show the errors each one builds.
type (
	noArgs       struct{}
	readFileArgs struct {
		Path string `json:"path" validate:"required" description:"The file's path, as files.list shows it."`
	}
	searchArgs struct {
		Query string `json:"query" validate:"required"`
	}
	reserveArgs struct {
		Pattern string `json:"pattern" validate:"required" description:"A glob, such as src/*.go."`
	}
	createUserArgs struct {
		Name  string  `json:"name" validate:"required"`
		Email string  `json:"email" validate:"required,email"`
		Role  string  `json:"role" validate:"required,oneof=admin user"`
		Age   float64 `json:"age" validate:"gte=18"`
	}
	reportArgs struct {
		Month string `json:"month" validate:"required" description:"YYYY-MM"`
	}
	weatherArgs struct {
		City string `json:"city" validate:"required"`
	}
	findArgs struct {
		Name string `json:"name" validate:"required"`
	}
	queryArgs struct {
		SQL string `json:"sql" validate:"required"`
	}
)

// workspace is the workspace's files, path to content, held in memory:
// files.list lists exactly these paths and files.read reads them, so every
// path files.list shows can be read.
var workspace = map[string]string{
	"README.md":      "# Example workspace\n\nServed from memory by examples/server.\n",
	"docs/design.md": "# Design\n\nfiles.list lists the files; files.read reads one of them.\n",
	"src/main.go":    "package main\n\nfunc main() {}\n",
}

func listFiles(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText(strings.Join(slices.Sorted(maps.Keys(workspace)), "\n")), nil
}

// readFile reads one file of the workspace. A path that is not there fails
// with NOT_FOUND and names the tool that lists the paths that are; a path
// that is missing or not a string is reported as such.
func readFile(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path, e := stringArgument(req, "path")
	if e != nil {
		return nil, e.WithActions("files.list")
	}
	content, ok := workspace[path]
	if !ok {
		return nil, errorx.Wrap(os.ErrNotExist, errorx.CodeNotFound, fmt.Sprintf("File %q does not exist.", path)).
			WithRecovery("Call files.list to see the files that exist, then retry with one of their paths.").
			WithActions("files.list").
			WithDetail("path", path)
	}
	return mcp.NewToolResultText(content), nil
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

// search is rate limited: the agent should wait, then retry unchanged.
func search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errorx.RateLimited("Too many searches: 10 per minute are allowed.", 30*time.Second).
		WithStatus(429).
		WithRecovery("Wait 30 seconds, then retry the same call.").
		WithDetail("limit", 10).
		WithDetail("window", "1m")
}

// reserveFiles conflicts with another agent's reservation.
func reserveFiles(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errorx.Conflict(fmt.Sprintf("%q is reserved by another agent.", req.GetString("pattern", ""))).
		WithRecovery("Work on other files, or retry after the reservation expires.").
		WithDetail("reservation_id", "res_81").
		WithDetail("held_by", "agent-2").
		WithDetail("expires_at", "2026-11-22T10:00:00Z")
}

var roles = []string{"admin", "user"}

// createUser checks every argument and reports all the invalid ones at
// once, each with the value the caller sent.
func createUser(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.GetArguments()
	var fields []errorx.Field
	if name, sent := args["name"]; !sent {
		fields = append(fields, errorx.Field{Path: "name", Message: "Required.", Rule: "required"})
	} else if s, _ := name.(string); s == "" {
		fields = append(fields, errorx.Field{Path: "name", Sent: name, WasSent: true, Message: "Must be a non-empty string."})
	}
	if email, sent := args["email"]; !sent {
		fields = append(fields, errorx.Field{Path: "email", Message: "Required.", Rule: "required"})
	} else if s, _ := email.(string); !strings.Contains(s, "@") {
		f := errorx.Field{Path: "email", Sent: email, WasSent: true, Message: "Invalid email address."}
		f.Expected, f.Rule = "a valid email address (e.g. user@example.com)", "email"
		fields = append(fields, f)
	}
	if role, sent := args["role"]; !sent {
		fields = append(fields, errorx.Field{Path: "role", Message: "Required.", Rule: "required"})
	} else if s, _ := role.(string); s != "admin" && s != "user" {
		f := errorx.Field{Path: "role", Sent: role, WasSent: true, Message: "Invalid role."}
		f.Options, f.Rule = roles, "oneof"
		fields = append(fields, f)
	}
	age, sent := args["age"]
	n, isNumber := age.(float64)
	switch {
	case !sent:
		fields = append(fields, errorx.Field{Path: "age", Message: "Required.", Rule: "required"})
	case !isNumber:
		fields = append(fields, errorx.Field{Path: "age", Sent: age, WasSent: true, Message: "Wrong type.", Expected: "number", Rule: "type"})
	case n < 18:
		f := errorx.Field{Path: "age", Sent: age, WasSent: true, Message: "Too young."}
		f.Hint, f.Rule = "Must be >= 18.", "gte"
		fields = append(fields, f)
	}
	if len(fields) > 0 {
		return nil, errorx.Validation(fmt.Sprintf("%d arguments of users.create are invalid.", len(fields))).
			WithRecovery("Fix the fields listed and call users.create again.").
			WithFields(fields...)
	}
	return mcp.NewToolResultText("Created user " + args["name"].(string) + "."), nil
}

// buildReport has a bug: it writes to a nil map, which panics.
func buildReport(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var totals map[string]int
	//lint:ignore SA5000 the panic is what this tool shows
	totals[req.GetString("month", "")]++
	return mcp.NewToolResultText(fmt.Sprint(totals)), nil
}

type forecast struct {
	City    string  `json:"city"`
	TempC   float64 `json:"temp_c"`
	Summary string  `json:"summary"`
}

// getWeather declares an outputSchema, so its error results must not carry
// a structuredContent that the schema rejects. Its upstream never answers in
// time: errorx.From classifies the deadline as TIMEOUT.
func getWeather(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	city := req.GetString("city", "")
	ctx, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
	defer cancel()
	f, err := fetchForecast(ctx, city)
	if err != nil {
		return nil, fmt.Errorf("fetch forecast for %q: %w", city, err)
	}
	return mcp.NewToolResultStructured(f, fmt.Sprintf("%s: %.0f°C, %s", f.City, f.TempC, f.Summary)), nil
}

// fetchForecast stands for a slow upstream service.
func fetchForecast(ctx context.Context, city string) (forecast, error) {
	select {
	case <-ctx.Done():
		return forecast{}, ctx.Err()
	case <-time.After(time.Minute):
		return forecast{City: city, TempC: 21, Summary: "sunny"}, nil
	}
}

type matches struct {
	Paths []string `json:"paths"`
}

// findFiles is deprecated: it answers with a warning, which is not an error,
// but its tool declares an outputSchema, so the renderer sets isError anyway
// (see render.OutputSchemaSafe).
func findFiles(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errorx.New("DEPRECATED", "files.find is deprecated and no longer returns results. Use search instead.").
		WithSeverity(errorx.SeverityWarning).
		WithActions("search")
}

// queryDB fails with an error mcperr cannot classify. Its text holds
// credentials: the agent gets INTERNAL_ERROR's fixed sentence, the server's
// log gets the text.
func queryDB(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	err := errors.New(`pq: relation "users_archive" does not exist`)
	return nil, fmt.Errorf("query postgres://admin:hunter2@db.internal:5432/app: %w", err)
}

// formatArgument is the name of the per-call format argument the
// Renderer reads in dialect d: "format" in toolerror, "" (none) elsewhere.
func formatArgument(d render.Dialect) string {
	if d.Name() == "toolerror" {
		return "format"
	}
	return ""
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
