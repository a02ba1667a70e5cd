package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"maps"
	"net/http"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/examples/internal/serve"
	"github.com/mcperr/mcperr/gosdk"
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
	// -http: go-sdk's streamable HTTP handler, every session on the one
	// server, at /mcp until SIGINT or SIGTERM.
	if *addr != "" {
		h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Logger: logger})
		err = serve.Run(*addr, h)
	} else {
		err = s.Run(context.Background(), &mcp.StdioTransport{})
	}
	if err != nil {
		logger.Error("serve", slog.Any("error", err))
		os.Exit(1)
	}
}

// newServer returns the example server, its tool errors rendered in d. Its
// tools are examples/server's, written the three ways a go-sdk server
// writes tools: typed with gosdk.AddTool (arguments bound by package
// validation), typed with go-sdk's own mcp.AddTool (search) and raw
// (db.query).
func newServer(d render.Dialect, logger *slog.Logger) *mcp.Server {
	// In the toolerror dialect each call may pick its error's text blocks
	// with a format argument: the Renderer reads it, and the typed tools
	// advertise and accept it exactly when it does (toolerror alone reads
	// it).
	r := render.NewRenderer(d, render.WithLogger(logger), render.WithFormatArgument("format"))
	s := mcp.NewServer(&mcp.Implementation{Name: "mcperr-gosdk", Version: "0.1.0"}, &mcp.ServerOptions{Logger: logger})
	s.AddReceivingMiddleware(gosdk.Middleware(r)) // first: outermost

	readOnly := &mcp.ToolAnnotations{ReadOnlyHint: true}
	perCall := validation.WithFormatArgument("")
	if d.Name() == "toolerror" {
		perCall = validation.WithFormatArgument("format")
	}
	gosdk.AddTool(s, &mcp.Tool{Name: "files.list", Description: "List the files of the workspace.", Annotations: readOnly}, listFiles, perCall)
	gosdk.AddTool(s, &mcp.Tool{Name: "files.read", Description: "Read one file of the workspace.", Annotations: readOnly}, readFile, perCall)
	mcp.AddTool(s, &mcp.Tool{Name: "search", Description: "Search the workspace.", Annotations: readOnly}, search)
	gosdk.AddTool(s, &mcp.Tool{Name: "files.reserve", Description: "Reserve files for editing."}, reserveFiles, perCall)
	gosdk.AddTool(s, &mcp.Tool{Name: "users.create", Description: "Create a user."}, createUser, perCall)
	gosdk.AddTool(s, &mcp.Tool{Name: "accounts.create", Description: "Create an account."}, createAccount, perCall)
	gosdk.AddTool(s, &mcp.Tool{Name: "reports.build", Description: "Build the monthly report."}, buildReport, perCall)
	gosdk.AddTool(s, &mcp.Tool{Name: "weather.get", Description: "Get the forecast for a city.", Annotations: readOnly}, getWeather, perCall)
	gosdk.AddTool(s, &mcp.Tool{Name: "files.find", Description: "Deprecated: use search.", Annotations: readOnly}, findFiles, perCall)
	s.AddTool(&mcp.Tool{
		Name:        "db.query",
		Description: "Run a read-only SQL query.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{` +
			`"sql":{"type":"string","minLength":1,"description":"One read-only SQL statement."},` +
			`"limit":{"type":"integer","minimum":1,"maximum":1000,"description":"At most this many rows."}` +
			`},"required":["sql"],"additionalProperties":false}`),
		Annotations: readOnly,
	}, queryDB)
	return s
}

// workspace is the workspace's files, path to content, held in memory:
// files.list lists exactly these paths and files.read reads them.
var workspace = map[string]string{
	"README.md":      "# Example workspace\n\nServed from memory by examples/gosdk.\n",
	"docs/design.md": "# Design\n\nfiles.list lists the files; files.read reads one of them.\n",
	"src/main.go":    "package main\n\nfunc main() {}\n",
}

// textResult is a result holding one text block.
func textResult(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

func listFiles(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, any, error) {
	return textResult(strings.Join(slices.Sorted(maps.Keys(workspace)), "\n")), nil, nil
}

// readArgs is files.read's arguments: gosdk.AddTool reports a missing path
// or one that is not a string, with the value sent, as binding does
// (examples/server's handler builds those errors itself), and the schema
// says path is a string.
type readArgs struct {
	Path string `json:"path" validate:"required" description:"The file's path, as files.list shows it."`
}

// readFile reads one file of the workspace. A path that is not there fails
// with NOT_FOUND and names the tool that lists the paths that are.
func readFile(_ context.Context, _ *mcp.CallToolRequest, in readArgs) (*mcp.CallToolResult, any, error) {
	p := in.Path
	content, ok := workspace[p]
	if !ok {
		return nil, nil, errorx.Wrap(os.ErrNotExist, errorx.CodeNotFound, fmt.Sprintf("File %q does not exist.", p)).
			WithRecovery("Call files.list to see the files that exist, then retry with one of their paths.").
			WithActions("files.list").
			WithDetail("path", p)
	}
	return textResult(content), nil, nil
}

type searchArgs struct {
	Query string `json:"query"`
}

// search is rate limited: the agent should wait, then retry unchanged. It
// is a typed tool of go-sdk's own (mcp.AddTool), its schema inferred from
// searchArgs: the middleware checks each call against that schema before
// go-sdk runs it, a bad call getting field errors, and renders its error.
func search(context.Context, *mcp.CallToolRequest, searchArgs) (*mcp.CallToolResult, any, error) {
	return nil, nil, errorx.RateLimited("Too many searches: 10 per minute are allowed.", 30*time.Second).
		WithStatus(429).
		WithRecovery("Wait 30 seconds, then retry the same call.").
		WithDetail("limit", 10).
		WithDetail("window", "1m")
}

type reserveArgs struct {
	Pattern string `json:"pattern" validate:"required" description:"A glob, such as src/*.go."`
}

// reserveFiles conflicts with another agent's reservation.
func reserveFiles(_ context.Context, _ *mcp.CallToolRequest, in reserveArgs) (*mcp.CallToolResult, any, error) {
	return nil, nil, errorx.Conflict(fmt.Sprintf("%q is reserved by another agent.", in.Pattern)).
		WithRecovery("Work on other files, or retry after the reservation expires.").
		WithDetail("reservation_id", "res_81").
		WithDetail("held_by", "agent-2").
		WithDetail("expires_at", "2026-11-22T10:00:00Z")
}

// newUser is users.create's arguments: examples/server's users.create,
// whose checks it writes by hand, as validate tags.
type newUser struct {
	Name  string  `json:"name" validate:"required"`
	Email string  `json:"email" validate:"required,email"`
	Role  string  `json:"role" validate:"required,oneof=admin user"`
	Age   float64 `json:"age" validate:"gte=18"`
}

// createUser runs only with valid arguments: gosdk.AddTool reports every
// invalid one at once, each with the value the caller sent.
func createUser(_ context.Context, _ *mcp.CallToolRequest, u newUser) (*mcp.CallToolResult, any, error) {
	return textResult("Created user " + u.Name + "."), nil, nil
}

// account is accounts.create's arguments: examples/validation's
// users.create struct, so that the same bad arguments give the same fields
// on both SDKs.
type account struct {
	Name     string   `json:"name" validate:"required,min=2,max=50"`
	Email    string   `json:"email" validate:"required,email"`
	Role     string   `json:"role" validate:"required,oneof=admin editor viewer"`
	Age      int      `json:"age" validate:"gte=18,lte=130"`
	Tags     []string `json:"tags" validate:"max=5,dive,alphanum"`
	Address  *address `json:"address" validate:"required"`
	Password string   `json:"password" validate:"required,min=12"`                         // redacted by name
	Recovery string   `json:"recovery_phrase" mcperr:"secret" validate:"omitempty,min=24"` // redacted by tag
}

type address struct {
	City string `json:"city" validate:"required"`
	Zip  string `json:"zip" validate:"required,numeric,len=5"`
}

func createAccount(_ context.Context, _ *mcp.CallToolRequest, a account) (*mcp.CallToolResult, any, error) {
	return textResult("Created " + a.Email + " as " + a.Role + "."), nil, nil
}

type reportArgs struct {
	Month string `json:"month" validate:"required" description:"YYYY-MM"`
}

// buildReport has a bug: it writes to a nil map, which panics. go-sdk has
// no recover: without the middleware, this call would end the server.
func buildReport(_ context.Context, _ *mcp.CallToolRequest, in reportArgs) (*mcp.CallToolResult, any, error) {
	var totals map[string]int
	//lint:ignore SA5000 the panic is what this tool shows
	totals[in.Month]++
	return textResult(fmt.Sprint(totals)), nil, nil
}

type cityArgs struct {
	City string `json:"city" validate:"required"`
}

type forecast struct {
	City    string  `json:"city"`
	TempC   float64 `json:"temp_c"`
	Summary string  `json:"summary"`
}

// getWeather declares an outputSchema (inferred from forecast), so its
// error results must not carry a structuredContent that the schema
// rejects. Its upstream never answers in time: errorx.From classifies the
// deadline as TIMEOUT.
func getWeather(ctx context.Context, _ *mcp.CallToolRequest, in cityArgs) (*mcp.CallToolResult, forecast, error) {
	ctx, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
	defer cancel()
	f, err := fetchForecast(ctx, in.City)
	if err != nil {
		return nil, forecast{}, fmt.Errorf("fetch forecast for %q: %w", in.City, err)
	}
	return nil, f, nil
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

type findArgs struct {
	Name string `json:"name" validate:"required"`
}

type matches struct {
	Paths []string `json:"paths"`
}

// findFiles is deprecated: it answers with a warning, which is not an
// error, but its tool declares an outputSchema, so the renderer sets
// isError anyway (see render.OutputSchemaSafe).
func findFiles(context.Context, *mcp.CallToolRequest, findArgs) (*mcp.CallToolResult, matches, error) {
	return nil, matches{}, errorx.New("DEPRECATED", "files.find is deprecated and no longer returns results. Use search instead.").
		WithSeverity(errorx.SeverityWarning).
		WithActions("search")
}

// queryDB is a raw tool handler that fails with an error mcperr cannot
// classify: go-sdk alone would send its text, credentials included, as a
// JSON-RPC error. The agent gets INTERNAL_ERROR's fixed sentence, the
// server's log gets the text. go-sdk checks nothing of a raw tool's
// arguments: the middleware checks them against the schema written above,
// and the handler runs only with arguments that fit it.
func queryDB(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	err := errors.New(`pq: relation "users_archive" does not exist`)
	return nil, fmt.Errorf("query postgres://admin:hunter2@db.internal:5432/app: %w", err)
}
