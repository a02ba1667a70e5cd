package main

import (
	"io"
	"log/slog"
	"testing"

	"github.com/mark3labs/mcp-go/server"

	"github.com/mcperr/mcperr/examples/internal/e2e"
	"github.com/mcperr/mcperr/render"
)

// TestHTTP calls every tool of testdata/calls.json in every dialect over
// streamable HTTP, as -http serves it, through mcp-go's HTTP client.
func TestHTTP(t *testing.T) {
	e2e.RunHTTP(t, func(d render.Dialect) *server.MCPServer {
		return newServer(d, slog.New(slog.NewTextHandler(io.Discard, nil)))
	}, e2e.LoadCalls(t, "testdata/calls.json"))
}
