package render_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/format"
	"github.com/mcperr/mcperr/render"
)

// schemaTools is a render.Tools that shows each tool's inputSchema
// (render.InputSchemas) and declares no outputSchema.
type schemaTools map[string]string

func (schemaTools) DeclaresOutputSchema(context.Context, string) bool { return false }

func (s schemaTools) InputSchema(_ context.Context, name string) json.RawMessage {
	if v, ok := s[name]; ok {
		return json.RawMessage(v)
	}
	return nil
}

// outputOnly is a render.Tools that cannot show inputSchemas.
type outputOnly struct{}

func (outputOnly) DeclaresOutputSchema(context.Context, string) bool { return false }

// The inputSchemas of TestFormatArgumentOptIn's tools.
var formatTools = schemaTools{
	// lists the per-call argument, as validation.WithFormatArgument writes it
	"listed": `{"type":"object","properties":{"id":{"type":"string"},"format":` + format.ArgumentSchema + `},"additionalProperties":false}`,
	// the same, spaced and in another key order: the same schema
	"spaced": `{"properties":{"format":{ "description":` + quoteJSON(format.ArgumentDescription) + `, "enum":["markdown","json","both"], "type":"string"}}}`,
	// its own format argument, whose "json" is an export format
	"own": `{"type":"object","properties":{"format":{"type":"string","enum":["pdf","csv","json"]}}}`,
	// its own, with the modes' values but not the per-call argument's description
	"own modes": `{"type":"object","properties":{"format":{"type":"string","enum":["markdown","json","both"]}}}`,
	// no format at all
	"bare": `{"type":"object","properties":{"id":{"type":"string"}}}`,
	// not a schema
	"broken": `{"properties":`,
	// lists the per-call argument under another name
	"renamed": `{"type":"object","properties":{"error_format":` + format.ArgumentSchema + `}}`,
}

func quoteJSON(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestFormatArgumentOptIn: the per-call format argument is the server's
// choice, off by default. When the server turns it on, the Renderer reads
// it only from calls of tools whose inputSchema lists it as
// format.ArgumentSchema (the adapters show the Renderer each tool's
// schema): a tool's own format argument never steers rendering, nor does
// one a tool does not advertise.
func TestFormatArgumentOptIn(t *testing.T) {
	err := errorx.Conflict("Taken.")
	on := render.NewRenderer(render.ToolError{}, render.WithFormatArgument(format.Argument))
	for _, tc := range []struct {
		name  string
		r     *render.Renderer
		tool  string
		tools render.Tools
		want  string
	}{
		{"off by default", render.NewRenderer(render.ToolError{}), "listed", formatTools, "md"},
		{"zero Renderer", &render.Renderer{}, "listed", formatTools, ""}, // interbase: no blocks of toolerror's
		{"on, listed", on, "listed", formatTools, "json"},
		{"on, listed in another spelling", on, "spaced", formatTools, "json"},
		{"on, the tool's own format", on, "own", formatTools, "md"},
		{"on, the tool's own format with the modes' values", on, "own modes", formatTools, "md"},
		{"on, not listed", on, "bare", formatTools, "md"},
		{"on, unreadable schema", on, "broken", formatTools, "md"},
		{"on, unknown tool", on, "nope", formatTools, "md"},
		{"on, Tools without schemas", on, "listed", outputOnly{}, "md"},
		{"on, no Tools", on, "listed", nil, "md"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, c := range []*render.Call{
				{Tool: tc.tool, ArgumentMap: map[string]any{"format": "json"}, Tools: tc.tools},
				{Tool: tc.tool, Arguments: json.RawMessage(`{"format":"json"}`), Tools: tc.tools},
			} {
				res := tc.r.RenderCall(context.Background(), c, err)
				if tc.want == "" {
					e, d := render.Decode(res)
					assert.Equal(t, "interbase", d)
					assert.NotNil(t, e)
					continue
				}
				assert.Equal(t, tc.want, blocks(t, res), "blocks")
			}
		})
	}
}

// TestFormatArgumentName: FormatArgument is what a server gives its tools'
// schemas (validation.WithFormatArgument): the argument's name when the
// Renderer reads it, which only the toolerror dialect does, else "".
func TestFormatArgumentName(t *testing.T) {
	for _, tc := range []struct {
		r    *render.Renderer
		want string
	}{
		{&render.Renderer{}, ""},
		{render.NewRenderer(render.ToolError{}), ""},
		{render.NewRenderer(render.ToolError{}, render.WithFormatArgument(format.Argument)), "format"},
		{render.NewRenderer(&render.ToolError{Mode: render.ModeBoth}, render.WithFormatArgument("error_format")), "error_format"},
		{render.NewRenderer((*render.ToolError)(nil), render.WithFormatArgument(format.Argument)), ""},
		{render.NewRenderer(render.XML{}, render.WithFormatArgument(format.Argument)), ""},
		{render.NewRenderer(nil, render.WithFormatArgument(format.Argument)), ""},
		{render.NewRenderer(render.ToolError{}, render.WithFormatArgument(format.Argument), render.WithFormatArgument("")), ""},
	} {
		assert.Equal(t, tc.want, tc.r.FormatArgument(), "%T", tc.r.Dialect())
	}
}
