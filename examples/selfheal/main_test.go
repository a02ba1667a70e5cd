package main

import (
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

// TestInProcess calls every tool of testdata/calls.json in every dialect
// through mcp-go's in-process client.
func TestInProcess(t *testing.T) {
	e2e.RunInProcess(t, func(d render.Dialect) *server.MCPServer { return newServer(d) },
		e2e.LoadCalls(t, "testdata/calls.json"))
}

// TestTypeScriptClient checks what the official TypeScript SDK client
// returned for the same calls (see .ci/run).
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
	e2e.CheckTypoHints(t, reflect.TypeFor[getProjectArgs]())
}

// TestInputSchema validates the calls of testdata/calls.json against the
// inputSchema each tool advertises (mcpgo.WithInputSchema).
func TestInputSchema(t *testing.T) {
	e2e.CheckInputSchemas(t, e2e.Connect(t, newServer(render.Interbase{})), e2e.LoadCalls(t, "testdata/calls.json"))
}

// TestAgentSelfHeals plays an agent that knows nothing but the error: it
// calls projects.get with a made-up id, reads the error back, calls the
// action the error names, and retries with an id from its answer.
func TestAgentSelfHeals(t *testing.T) {
	for _, name := range render.Names() {
		t.Run(name, func(t *testing.T) {
			d, _ := render.ByName(name)
			c := e2e.Connect(t, newServer(d))
			call := func(tool string, args map[string]any) *mcp.CallToolResult {
				t.Helper()
				return e2e.MustCall(t, c, tool, args)
			}

			res := call("projects.get", map[string]any{"id": "proj_xyz"})
			e, dialect := mcpgo.Decode(res)
			if e == nil || dialect != name {
				t.Fatalf("Decode: %s %v", dialect, e)
			}
			if len(e.Actions) == 0 {
				t.Fatalf("the error names no action to take: %+v", e)
			}

			res = call(e.Actions[0], nil)
			if res.IsError {
				t.Fatalf("%s failed: %+v", e.Actions[0], res)
			}
			id, _, _ := strings.Cut(mcp.GetTextFromContent(res.Content[0]), " ")

			res = call("projects.get", map[string]any{"id": id})
			if res.IsError {
				t.Fatalf("projects.get %q failed after healing: %+v", id, res)
			}
		})
	}
}
