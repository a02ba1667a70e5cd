package render_test

import (
	"context"
	"testing"

	"github.com/mcperr/mcperr/render"
)

// BenchmarkRendererOptions renders a typical error through a Renderer's
// RenderCall with its default policy, with a correlation id (from the
// context, and generated), with the ToolFailure block, and with both, in
// one run: the options' cost is the ratio to opts=none.
func BenchmarkRendererOptions(b *testing.B) {
	e := typicalXML()
	withID := render.ContextWithCorrelationID(context.Background(), "req-7f3a")
	for _, c := range []struct {
		name string
		ctx  context.Context
		opts []render.Option
	}{
		{"none", context.Background(), nil},
		{"id_from_context", withID, []render.Option{render.WithCorrelationID(render.CorrelationIDFrom)}},
		{"id_generated", context.Background(), []render.Option{render.WithCorrelationID(render.CorrelationIDFrom)}},
		{"toolfailure", withID, []render.Option{render.WithToolFailure("")}},
		{"both", withID, []render.Option{render.WithCorrelationID(render.CorrelationIDFrom), render.WithToolFailure("")}},
	} {
		r := render.NewRenderer(render.XML{}, c.opts...)
		call := &render.Call{Tool: "t"}
		b.Run("opts="+c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sink = r.RenderCall(c.ctx, call, e)
			}
		})
	}
}

// TestRendererAllocationsUnchanged: with neither option, a Renderer's
// RenderCall allocates what the dialect's Render does and no more than the
// copy that names the tool: the options cost nothing when off.
func TestRendererAllocationsUnchanged(t *testing.T) {
	e := typicalXML()
	e.Tool = "t"
	r := render.NewRenderer(render.XML{})
	ctx, call := context.Background(), &render.Call{Tool: "t"}
	dialect := testing.AllocsPerRun(200, func() { _ = render.XML{}.Render(e) })
	renderer := testing.AllocsPerRun(200, func() { _ = r.RenderCall(ctx, call, e) })
	if renderer > dialect {
		t.Errorf("RenderCall: %v allocations, the dialect alone %v", renderer, dialect)
	}
}
