package mcpgo_test

import (
	"testing"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/format"
	"github.com/mcperr/mcperr/mcpgo"
	"github.com/mcperr/mcperr/render"
)

// sink keeps benchmark results alive.
var sink *mcp.CallToolResult

// BenchmarkRender is the whole path to mcp-go's result in every dialect
// (Render, then FromResult), against mcp.NewToolResultError with the
// dialect's text built beforehand: what a user would write instead.
func BenchmarkRender(b *testing.B) {
	e := errorx.Conflict("Invoice already paid.").WithSeverity(errorx.SeverityError).
		WithRecovery("Check the invoice status first.").WithActions("billing.get", "billing.list").
		WithDetail("invoice_id", "inv_456").WithDetail("status", "paid")
	for _, c := range []struct {
		name string
		d    render.Dialect
	}{
		{"interbase", render.Interbase{}},
		{"toolerror", render.ToolError{}},
		{"toolerror_both", render.ToolError{Mode: format.Both}},
		{"xml", render.XML{}},
		{"contract", render.Contract{}},
		{"envelope", render.Envelope{}},
	} {
		b.Run("dialect="+c.name+"/impl=mcperr", func(b *testing.B) {
			for b.Loop() {
				sink = mcpgo.FromResult(c.d.Render(e))
			}
		})
		text := c.d.Render(e).Content[0].Text
		b.Run("dialect="+c.name+"/impl=baseline", func(b *testing.B) {
			for b.Loop() {
				sink = mcp.NewToolResultError(text)
			}
		})
	}
}
