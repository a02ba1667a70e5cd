package main

import (
	"io"
	"log/slog"
	"os"
	"reflect"
	"testing"

	"github.com/mark3labs/mcp-go/server"

	"github.com/mcperr/mcperr/examples/internal/e2e"
	"github.com/mcperr/mcperr/render"
)

// TestInProcess calls every tool of testdata/calls.json in every dialect
// through mcp-go's in-process client.
func TestInProcess(t *testing.T) {
	e2e.RunInProcess(t, func(d render.Dialect) *server.MCPServer {
		return newServer(d, slog.New(slog.NewTextHandler(io.Discard, nil)))
	}, e2e.LoadCalls(t, "testdata/calls.json"))
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

// TestInputSchema validates the calls of testdata/calls.json against the
// inputSchema each tool advertises: users.create's comes from createUser
// (mcpgo.WithInputSchema), whose tags binding checks.
func TestInputSchema(t *testing.T) {
	s := newServer(render.Interbase{}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	e2e.CheckInputSchemas(t, e2e.Connect(t, s), e2e.LoadCalls(t, "testdata/calls.json"))
}

// TestDidYouMeanEveryTypo checks the hint of every one-letter typo of
// every key of the example's argument structs (see e2e.CheckTypoHints).
func TestDidYouMeanEveryTypo(t *testing.T) {
	e2e.CheckTypoHints(t, reflect.TypeFor[createUser](), reflect.TypeFor[address](), reflect.TypeFor[invoice](), reflect.TypeFor[refund]())
}
