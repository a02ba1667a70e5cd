package render_test

import (
	"context"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/render"
)

// schemaSet is an OutputSchemas over a set of tool names; it counts its
// lookups.
type schemaSet struct {
	tools   map[string]bool
	lookups int
}

func (s *schemaSet) DeclaresOutputSchema(tool string) bool {
	s.lookups++
	return s.tools[tool]
}

// TestContextWithOutputSchemas: the OutputSchemas in the context decide
// whether a tool declares an outputSchema, for RenderRequest and for a
// result the Middleware passes, and win over the mcp-go server in the
// context.
func TestContextWithOutputSchemas(t *testing.T) {
	r := render.NewRenderer(render.ToolError{})
	e := errorx.NotFound("No such city.")
	// The mcp-go server says weather.get declares no outputSchema; the
	// OutputSchemas say it does.
	s := server.NewMCPServer("t", "0")
	s.AddTool(mcp.NewTool("weather.get"), handler(nil, e))
	schemas := &schemaSet{tools: map[string]bool{"weather.get": true}}
	ctx := render.ContextWithOutputSchemas(s.WithContext(context.Background(), nil), schemas)

	res := r.RenderRequest(ctx, callRequest("weather.get", nil), e)
	if res.StructuredContent != nil || !res.IsError {
		t.Errorf("RenderRequest kept structuredContent for a tool the OutputSchemas say declares an outputSchema: %+v", res)
	}
	if schemas.lookups != 1 {
		t.Errorf("%d lookups, want 1", schemas.lookups)
	}
	if res := r.RenderRequest(ctx, callRequest("other", nil), e); res.StructuredContent == nil {
		t.Errorf("RenderRequest dropped structuredContent for a tool without outputSchema")
	}

	built := r.Render(e)
	passed, err := r.Middleware()(handler(built, nil))(ctx, callRequest("weather.get", nil))
	if err != nil || passed.StructuredContent != nil || !passed.IsError {
		t.Errorf("the Middleware passed a handler's error result with structuredContent: %+v, %v", passed, err)
	}

	if got := render.ContextWithOutputSchemas(ctx, nil); got != ctx {
		t.Errorf("ContextWithOutputSchemas(ctx, nil) changed ctx")
	}
}
