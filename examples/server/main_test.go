package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/mcperr/mcperr/examples/internal/e2e"
	"github.com/mcperr/mcperr/mcpgo"
	"github.com/mcperr/mcperr/render"
)

func discard() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// TestInProcess calls every tool of testdata/calls.json in every dialect
// through mcp-go's in-process client and reads each error back with
// mcpgo.Decode.
func TestInProcess(t *testing.T) {
	calls := e2e.LoadCalls(t, "testdata/calls.json")
	e2e.RunInProcess(t, func(d render.Dialect) *server.MCPServer { return newServer(d, discard()) }, calls)
}

// TestTypeScriptClient checks what the official TypeScript SDK client
// returned for the same calls: .ci/run runs interop/ts/check.mjs against the
// built server and points MCPERR_TS_RESULTS at its output.
func TestTypeScriptClient(t *testing.T) {
	path := os.Getenv("MCPERR_TS_RESULTS")
	if path == "" {
		t.Skip("MCPERR_TS_RESULTS is not set: .ci/run sets it to the output of interop/ts/check.mjs")
	}
	e2e.CheckTypeScript(t, path, e2e.LoadCalls(t, "testdata/calls.json"))
}

// TestDidYouMeanEveryTypo checks the hint of every one-letter typo of
// every key of the example's argument structs (see e2e.CheckTypoHints).
func TestDidYouMeanEveryTypo(t *testing.T) {
	e2e.CheckTypoHints(t, reflect.TypeFor[readFileArgs](), reflect.TypeFor[searchArgs](), reflect.TypeFor[reserveArgs](), reflect.TypeFor[createUserArgs](), reflect.TypeFor[reportArgs](), reflect.TypeFor[weatherArgs](), reflect.TypeFor[findArgs](), reflect.TypeFor[queryArgs]())
}

// TestInputSchema validates the calls of testdata/calls.json against the
// inputSchema each tool advertises (mcpgo.WithInputSchema).
func TestInputSchema(t *testing.T) {
	e2e.CheckInputSchemas(t, e2e.Connect(t, newServer(render.Interbase{}, discard())), e2e.LoadCalls(t, "testdata/calls.json"))
}

// TestPanicKeepsServing checks that a panic is logged with its value and
// stack, that the agent sees neither, and that the server answers the next
// call.
func TestPanicKeepsServing(t *testing.T) {
	var log bytes.Buffer
	c := e2e.Connect(t, newServer(render.XML{}, slog.New(slog.NewJSONHandler(&log, nil))))
	ctx := context.Background()

	res, err := e2e.CallTool(ctx, c, e2e.Call{Tool: "reports.build", Arguments: map[string]any{"month": "2026-10"}})
	if err != nil {
		t.Fatalf("a panic became a protocol error: %v", err)
	}
	e2e.Check(t, "xml", e2e.Call{Tool: "reports.build",
		Want:   e2e.Want{Code: "INTERNAL_ERROR", Class: "INTERNAL"},
		Hidden: []string{"nil map", "goroutine"}}, mcpgo.ToResult(res))
	for _, want := range []string{"tool handler panicked", "reports.build", "assignment to entry in nil map", "goroutine", "buildReport"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("the log lacks %q:\n%s", want, log.String())
		}
	}

	res, err = e2e.CallTool(ctx, c, e2e.Call{Tool: "files.list"})
	if err != nil || res.IsError {
		t.Fatalf("the call after the panic failed: %v %+v", err, res)
	}
}

// TestUnclassifiedErrorIsLogged checks that the text the agent does not see
// reaches the server's log, its password masked.
func TestUnclassifiedErrorIsLogged(t *testing.T) {
	var log bytes.Buffer
	c := e2e.Connect(t, newServer(render.Interbase{}, slog.New(slog.NewJSONHandler(&log, nil))))
	if _, err := e2e.CallTool(context.Background(), c, e2e.Call{Tool: "db.query"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "admin:[redacted]@db.internal") || strings.Contains(log.String(), "hunter2") || !strings.Contains(log.String(), "db.query") {
		t.Errorf("the log lacks the error's text and tool:\n%s", log.String())
	}
}

// TestConcurrentCalls runs every call from many goroutines at once (run it
// with -race).
func TestConcurrentCalls(t *testing.T) {
	calls := e2e.LoadCalls(t, "testdata/calls.json")
	for _, name := range []string{"toolerror", "envelope"} {
		d, _ := render.ByName(name)
		e2e.RunConcurrently(t, e2e.MCPGoSession(e2e.Connect(t, newServer(d, discard()))), name, calls)
	}
}

// TestAgentRecoversFromNotFound plays an agent that knows nothing but the
// error: files.read of a path that does not exist names an action; the agent
// calls it and reads every path it lists, each of which must be readable
// (an agent told to retry with a listed path must not be sent round again).
func TestAgentRecoversFromNotFound(t *testing.T) {
	for _, name := range render.Names() {
		t.Run(name, func(t *testing.T) {
			d, _ := render.ByName(name)
			c := e2e.Connect(t, newServer(d, discard()))
			call := func(tool string, args map[string]any) *mcp.CallToolResult {
				t.Helper()
				return e2e.MustCall(t, c, tool, args)
			}

			e, dialect := mcpgo.Decode(call("files.read", map[string]any{"path": "docs/roadmap.md"}))
			if e == nil || dialect != name || e.Code != "NOT_FOUND" || len(e.Actions) == 0 {
				t.Fatalf("Decode: %s %+v, want a NOT_FOUND error that names an action", dialect, e)
			}
			action := e.Actions[0]
			res := call(action, nil)
			if res.IsError {
				t.Fatalf("%s failed: %+v", action, res)
			}
			for _, path := range strings.Split(mcp.GetTextFromContent(res.Content[0]), "\n") {
				res := call("files.read", map[string]any{"path": path})
				if e, _ := mcpgo.Decode(res); res.IsError || e != nil {
					t.Errorf("%s lists %q, but files.read %q fails: %v", action, path, path, e)
				} else if mcp.GetTextFromContent(res.Content[0]) == "" {
					t.Errorf("files.read %q returned no text", path)
				}
			}
		})
	}
}
