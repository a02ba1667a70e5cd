package render_test

import (
	"context"
	"strings"
	"testing"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/render"
)

// TestDialectOptionalMethods: the Renderer reaches the per-call mode and the
// envelope's request_id through methods the dialects implement, for a value
// or a pointer, and a nil pointer dialect is left as it is (no panic).
func TestDialectOptionalMethods(t *testing.T) {
	ctx := context.Background()
	e := errorx.NotFound("Gone.")
	fixed := render.WithCorrelationID(func(context.Context) string { return "req-1" })
	for _, d := range []render.Dialect{render.Envelope{}, &render.Envelope{}} {
		res := render.NewRenderer(d, fixed).RenderCall(ctx, nil, e)
		if !strings.Contains(res.Content[0].Text, `"request_id":"req-1"`) {
			t.Errorf("%T: no request_id: %s", d, res.Content[0].Text)
		}
	}
	for _, d := range []render.Dialect{(*render.Envelope)(nil), (*render.ToolError)(nil)} {
		if res := render.NewRenderer(d, fixed, render.WithFormatArgument("format")).RenderCall(ctx, &render.Call{ArgumentMap: map[string]any{"format": "json"}}, e); res == nil {
			t.Errorf("%T(nil): no result", d)
		}
	}
}
