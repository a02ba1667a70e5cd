package mcpgo_test

import (
	"context"
	"log/slog"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/mcpgo"
	"github.com/mcperr/mcperr/render"
)

// sink keeps benchmark results alive.
var sink *mcp.CallToolResult

// BenchmarkRender is the whole path to mcp-go's result in every dialect
// (Render, then FromResult; toolerror in mode both, its two blocks),
// against mcp.NewToolResultError with the dialect's text built
// beforehand: what a user would write instead.
func BenchmarkRender(b *testing.B) {
	e := errorx.Conflict("Invoice already paid.").WithSeverity(errorx.SeverityError).
		WithRecovery("Check the invoice status first.").WithActions("billing.get", "billing.list").
		WithDetail("invoice_id", "inv_456").WithDetail("status", "paid")
	for _, name := range render.Names() {
		d, _ := render.ByName(name)
		if name == "toolerror" {
			d = render.ToolError{Mode: render.ModeBoth}
		}
		b.Run("dialect="+name+"/impl=mcperr", func(b *testing.B) {
			for b.Loop() {
				sink = mcpgo.FromResult(d.Render(e))
			}
		})
		text := d.Render(e).Content[0].Text
		b.Run("dialect="+name+"/impl=baseline", func(b *testing.B) {
			for b.Loop() {
				sink = mcp.NewToolResultError(text)
			}
		})
	}
}

// BenchmarkSchemaCheck: a tools/call of a tool declared with mcp-go's
// helpers (searchTool), through mcp-go's HandleMessage, the whole
// server-side cost of a call, in one run: impl=baseline is the
// Middleware with its schema check off (what mcp-go does by default:
// nothing is checked), impl=mcpgo-validation mcp-go's own
// server.WithInputSchemaValidation (its plain-text error for bad
// arguments), impl=mcperr the Middleware's check, on by default. Valid
// arguments, and arguments with three bad fields.
func BenchmarkSchemaCheck(b *testing.B) {
	ok := func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("found"), nil
	}
	r := render.NewRenderer(render.XML{}, render.WithLogger(slog.New(slog.DiscardHandler)))
	servers := map[string]*server.MCPServer{
		"baseline":         server.NewMCPServer("b", "0", server.WithToolHandlerMiddleware(mcpgo.Middleware(r, mcpgo.WithSchemaCheck(false)))),
		"mcpgo-validation": server.NewMCPServer("b", "0", server.WithToolHandlerMiddleware(mcpgo.Middleware(r, mcpgo.WithSchemaCheck(false))), server.WithInputSchemaValidation()),
		"mcperr":           server.NewMCPServer("b", "0", server.WithToolHandlerMiddleware(mcpgo.Middleware(r))),
	}
	ctx := context.Background()
	for _, s := range servers {
		s.AddTool(searchTool(), ok)
		s.HandleMessage(ctx, []byte(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"b","version":"0"}}}`))
	}
	for _, c := range []struct{ name, args string }{
		{"valid", `{"query":"golang generics","mode":"web","limit":10,"tags":["go"]}`},
		{"bad_arguments", `{"qeury":"golang","mode":"wbe","limit":99}`},
	} {
		msg := []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search","arguments":` + c.args + `}}`)
		for _, impl := range []string{"baseline", "mcpgo-validation", "mcperr"} {
			s := servers[impl]
			b.Run(c.name+"/impl="+impl, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					_ = s.HandleMessage(ctx, msg)
				}
			})
		}
	}
}
