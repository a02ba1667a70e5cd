package mcpgo_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/mcpgo"
	"github.com/mcperr/mcperr/render"
)

// TestOutputSchemaSafeHandlerRendered: an error result the handler rendered
// itself (return mcpgo.FromResult(r.Render(err)), nil) on a tool that declares an
// outputSchema loses its structuredContent too, which still reaches the
// client in a JSON text block; successful results and tools without an
// outputSchema are untouched, and the handler's result is never changed.
func TestOutputSchemaSafeHandlerRendered(t *testing.T) {
	gone := errorx.NotFound("No forecast for Atlantis.")
	for name, policy := range map[string]render.OutputSchemaPolicy{"safe": render.OutputSchemaSafe, "ignore": render.OutputSchemaIgnore} {
		t.Run(name, func(t *testing.T) {
			r := render.NewRenderer(render.ToolError{}, render.WithOutputSchemaPolicy(policy))
			shared := mcpgo.FromResult(r.Render(gone)) // markdown: structuredContent and the markdown block
			sharedJSON := resultJSON(t, shared)
			custom := &mcp.CallToolResult{
				Content:           []mcp.Content{mcp.NewTextContent("Quota exceeded.")},
				StructuredContent: map[string]any{"reason": "quota"},
				IsError:           true,
			}
			ok := func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return mcp.NewToolResultStructured(forecast{TempC: 21}, "21°C"), nil
			}
			s := server.NewMCPServer("t", "0", server.WithToolHandlerMiddleware(mcpgo.Middleware(r)))
			schema := mcp.WithOutputSchema[forecast]()
			s.AddTool(mcp.NewTool("typed", schema), handler(shared, nil))
			s.AddTool(mcp.NewTool("typed-both", schema), handler(mcpgo.FromResult(render.ToolError{Mode: render.ModeBoth}.Render(gone)), nil))
			s.AddTool(mcp.NewTool("typed-custom", schema), handler(custom, nil))
			s.AddTool(mcp.NewTool("typed-nil-error", schema), handler(shared, (*errorx.Error)(nil)))
			s.AddTool(mcp.NewTool("typed-ok", schema), ok)
			s.AddTool(mcp.NewTool("plain"), handler(shared, nil))
			c := connect(t, s)
			safe := policy == render.OutputSchemaSafe

			for _, tc := range []struct{ tool, blocks string }{
				{"typed", "md+json"}, {"typed-nil-error", "md+json"}, {"typed-both", "md+json"}, {"plain", "md"},
			} {
				res := callTool(t, c, tc.tool, nil)
				stripped := safe && tc.tool != "plain"
				hasSC := res.StructuredContent != nil || len(res.RawStructuredContent) > 0
				if hasSC == stripped || !res.IsError {
					t.Errorf("%s: structuredContent present %v, isError %v: %s", tc.tool, hasSC, res.IsError, resultJSON(t, res))
				}
				want := tc.blocks
				if !stripped && tc.tool != "typed-both" {
					want = "md"
				}
				if got := blocks(t, res); got != want {
					t.Errorf("%s: blocks = %s, want %s", tc.tool, got, want)
				}
				e, dialect := mcpgo.Decode(res)
				if dialect != "toolerror" || e.Code != errorx.CodeNotFound || e.Message != gone.Message {
					t.Errorf("%s: Decode: %s %+v", tc.tool, dialect, e)
				}
			}

			res := callTool(t, c, "typed-custom", nil)
			if hasSC := res.StructuredContent != nil; hasSC == safe || !res.IsError {
				t.Errorf("typed-custom: %s", resultJSON(t, res))
			}
			if safe {
				if got := blocks(t, res); got != "?+json" || mcp.GetTextFromContent(res.Content[0]) != "Quota exceeded." ||
					mcp.GetTextFromContent(res.Content[1]) != `{"reason":"quota"}` {
					t.Errorf("typed-custom: the structuredContent is not kept in text: %s", resultJSON(t, res))
				}
			}

			res = callTool(t, c, "typed-ok", nil)
			var f forecast
			if res.IsError || json.Unmarshal(structuredOrRaw(res), &f) != nil || f.TempC != 21 || len(res.Content) != 1 {
				t.Errorf("typed-ok: a success was changed: %s", resultJSON(t, res))
			}

			if resultJSON(t, shared) != sharedJSON || len(custom.Content) != 1 || custom.StructuredContent == nil {
				t.Error("the handler's own result was changed")
			}
		})
	}
}

// structuredOrRaw returns the structuredContent a client received.
func structuredOrRaw(res *mcp.CallToolResult) []byte {
	if len(res.RawStructuredContent) > 0 {
		return res.RawStructuredContent
	}
	b, _ := json.Marshal(res.StructuredContent)
	return b
}

// TestMiddlewareSuccessAllocsSchema: a successful result with
// structuredContent, of a tool that declares an outputSchema, costs no
// allocation through the middleware either, and is returned as it is.
func TestMiddlewareSuccessAllocsSchema(t *testing.T) {
	ok := mcp.NewToolResultStructured(forecast{TempC: 21}, "21°C")
	bare := handler(ok, nil)
	s := server.NewMCPServer("t", "0")
	s.AddTool(mcp.NewTool("typed", mcp.WithOutputSchema[forecast]()), bare)
	ctx := s.WithContext(context.Background(), nil)
	wrapped := mcpgo.Middleware(render.NewRenderer(render.ToolError{}))(bare)
	req := callRequest("typed", nil)
	if res, err := wrapped(ctx, req); res != ok || err != nil {
		t.Fatalf("got %v, %v", res, err)
	}
	b := testing.AllocsPerRun(1000, func() { _, _ = bare(ctx, req) })
	w := testing.AllocsPerRun(1000, func() { _, _ = wrapped(ctx, req) })
	if w != b {
		t.Errorf("allocations per successful call: %v through the middleware, %v bare", w, b)
	}
}
