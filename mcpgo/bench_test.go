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
// (Render, then FromResult; toolerror in mode both, its two blocks),
// against mcp.NewToolResultError with the dialect's text built
// beforehand: what a user would write instead.
func BenchmarkRender(b *testing.B) {
	e := errorx.Conflict("Invoice already paid.").WithSeverity(errorx.SeverityError).
		WithRecovery("Check the invoice status first.").WithActions("billing.get", "billing.list").
		WithDetail("invoice_id", "inv_456").WithDetail("status", "paid")
	for _, name := range render.Names() {
		d, _ := render.ByName(name)
		if name == render.NameToolError {
			d = render.ToolError{Mode: format.Both}
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
