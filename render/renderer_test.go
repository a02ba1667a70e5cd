package render_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/format"
	"github.com/mcperr/mcperr/render"
)

// callRequest returns a tools/call request for tool with args.
func callRequest(tool string, args map[string]any) mcp.CallToolRequest {
	var req mcp.CallToolRequest
	req.Params.Name = tool
	if args != nil {
		req.Params.Arguments = args
	}
	return req
}

// resultJSON is res as mcp-go writes it on the wire.
func resultJSON(t *testing.T, res *mcp.CallToolResult) string {
	t.Helper()
	b, err := json.Marshal(res)
	require.NoError(t, err)
	return string(b)
}

func TestRendererRender(t *testing.T) {
	r := render.NewRenderer(nil)
	assert.IsType(t, render.Interbase{}, r.Dialect(), "NewRenderer(nil).Dialect()")
	assert.Nil(t, r.Render(nil), "Render(nil)")
	assert.Nil(t, r.RenderRequest(context.Background(), callRequest("t", nil), nil), "RenderRequest(nil)")

	res := render.NewRenderer(render.Contract{}).Render(errors.New("open /srv/secret.key: no space left"))
	e, dialect := render.Decode(res)
	assert.Equal(t, render.NameContract, dialect, "Render(plain error)")
	require.NotNil(t, e, "Render(plain error)")
	assert.Equal(t, errorx.CodeInternalError, e.Code, "Render(plain error)")
	assert.True(t, res.IsError, "Render(plain error)")
	assert.NotContains(t, resultJSON(t, res), "secret", "Render leaks the error's text")
}

// TestRenderRequestTool checks that the tool name is filled in on a copy:
// a shared error value is never changed, so handlers may return sentinels.
func TestRenderRequestTool(t *testing.T) {
	sentinel := errorx.NotFound("No such thing.")
	r := render.NewRenderer(render.Interbase{})
	e, _ := render.Decode(r.RenderRequest(context.Background(), callRequest("things.get", nil), sentinel))
	assert.Equal(t, "things.get", e.Tool)
	assert.Empty(t, sentinel.Tool, "RenderRequest changed the caller's error")

	own := errorx.NotFound("No such thing.").WithTool("things/get")
	e, _ = render.Decode(r.RenderRequest(context.Background(), callRequest("things.get", nil), own))
	assert.Equal(t, "things/get", e.Tool, "want the error's own tool")
}

// blocks describes a toolerror result's text blocks: "md" for markdown,
// "json" for the JSON object.
func blocks(t *testing.T, res *mcp.CallToolResult) string {
	t.Helper()
	var out []string
	for _, c := range res.Content {
		text := mcp.GetTextFromContent(c)
		switch {
		case strings.HasPrefix(text, "**Error:**"):
			out = append(out, "md")
		case json.Valid([]byte(text)):
			out = append(out, "json")
		default:
			out = append(out, "?")
		}
	}
	return strings.Join(out, "+")
}

func TestRenderRequestFormat(t *testing.T) {
	err := errorx.Conflict("Taken.")
	for _, tc := range []struct {
		name   string
		d      render.Dialect
		opts   []render.RendererOption
		format any
		want   string
	}{
		{"default", render.ToolError{}, nil, nil, "md"},
		{"markdown", render.ToolError{}, nil, "markdown", "md"},
		{"json", render.ToolError{}, nil, "json", "json"},
		{"both", render.ToolError{}, nil, "both", "md+json"},
		{"unknown falls back", render.ToolError{Mode: format.JSON}, nil, "yaml", "json"},
		{"empty falls back", render.ToolError{Mode: format.Both}, nil, "", "md+json"},
		{"number falls back", render.ToolError{Mode: format.JSON}, nil, 42, "json"},
		{"object falls back", render.ToolError{}, nil, map[string]any{"mode": "json"}, "md"},
		{"pointer dialect", &render.ToolError{Mode: format.JSON}, nil, "both", "md+json"},
		{"argument off", render.ToolError{}, []render.RendererOption{render.WithFormatArgument("")}, "json", "md"},
		{"argument renamed", render.ToolError{}, []render.RendererOption{render.WithFormatArgument("error_format")}, "json", "md"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := render.NewRenderer(tc.d, tc.opts...)
			args := map[string]any{"id": "x"}
			if tc.format != nil {
				args["format"] = tc.format
			}
			res := r.RenderRequest(context.Background(), callRequest("t", args), err)
			assert.Equal(t, tc.want, blocks(t, res), "blocks")
			assert.NotNil(t, res.StructuredContent, "structuredContent dropped for a tool without outputSchema")
			e, d := render.Decode(res)
			assert.Equal(t, render.NameToolError, d, "Decode")
			require.NotNil(t, e, "Decode")
			assert.Equal(t, errorx.CodeConflict, e.Code, "Decode")
		})
	}

	t.Run("renamed argument is read", func(t *testing.T) {
		r := render.NewRenderer(render.ToolError{}, render.WithFormatArgument("error_format"))
		res := r.RenderRequest(context.Background(), callRequest("t", map[string]any{"error_format": "both"}), err)
		assert.Equal(t, "md+json", blocks(t, res), "blocks")
	})
	t.Run("arguments not an object", func(t *testing.T) {
		req := callRequest("t", nil)
		req.Params.Arguments = "notanobject"
		res := render.NewRenderer(render.ToolError{}).RenderRequest(context.Background(), req, err)
		assert.Equal(t, "md", blocks(t, res), "blocks")
	})
	t.Run("other dialects ignore it", func(t *testing.T) {
		r := render.NewRenderer(render.XML{})
		a := r.RenderRequest(context.Background(), callRequest("t", map[string]any{"format": "json"}), err)
		b := r.RenderRequest(context.Background(), callRequest("t", nil), err)
		assert.Equal(t, resultJSON(t, b), resultJSON(t, a), "format changed an xml result")
	})
}

type forecast struct {
	TempC float64 `json:"temp_c"`
}

// schemaServer returns a server with one tool per kind of outputSchema, each
// failing with the error in its "fail" argument's place: warn makes it a
// warning.
func schemaServer(r *render.Renderer) *server.MCPServer {
	s := server.NewMCPServer("t", "0", server.WithToolHandlerMiddleware(r.Middleware()))
	fail := func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		e := errorx.New("UpstreamDown", "The forecast service is down.").
			WithClass(errorx.ClassTransient).
			WithRetryable(true)
		if req.GetBool("warn", false) {
			e = errorx.New(errorx.CodeDeprecated, "Deprecated.").WithSeverity(errorx.SeverityWarning)
		}
		return nil, e
	}
	s.AddTool(mcp.NewTool("typed", mcp.WithOutputSchema[forecast]()), fail)
	s.AddTool(mcp.NewTool("raw", mcp.WithRawOutputSchema(json.RawMessage(`{"type":"object","required":["temp_c"]}`))), fail)
	s.AddTool(mcp.NewTool("plain"), fail)
	return s
}

func TestOutputSchemaSafe(t *testing.T) {
	for _, name := range render.Names() {
		t.Run(name, func(t *testing.T) {
			d, _ := render.ByName(name)
			c := connect(t, schemaServer(render.NewRenderer(d)))
			for _, tool := range []string{"typed", "raw", "plain"} {
				res := callTool(t, c, tool, nil)
				declared := tool != "plain"
				hasSC := res.StructuredContent != nil || len(res.RawStructuredContent) > 0
				if declared {
					assert.False(t, hasSC, "%s: error result carries structuredContent: %s", tool, resultJSON(t, res))
				} else if name == render.NameToolError {
					assert.True(t, hasSC, "%s: toolerror dropped structuredContent of a tool without outputSchema", tool)
				}
				if name == render.NameToolError {
					want := "md"
					if declared {
						want = "md+json" // markdown became both
					}
					assert.Equal(t, want, blocks(t, res), "%s: blocks", tool)
				}
				e, dialect := render.Decode(res)
				assert.Equal(t, name, dialect, "%s: Decode", tool)
				require.NotNil(t, e, "%s: Decode", tool)
				assert.Equal(t, "UpstreamDown", e.Code, "%s: Decode", tool)
				assert.Equal(t, errorx.ClassTransient, e.EffectiveClass(), "%s: Decode", tool)
				assert.True(t, e.IsRetryable(), "%s: Decode", tool)

				// A warning of a tool with an outputSchema is an error result:
				// without structuredContent, isError false makes strict
				// clients throw.
				res = callTool(t, c, tool, map[string]any{"warn": true})
				assert.Equal(t, declared, res.IsError, "%s warning: isError", tool)
				if e, _ := render.Decode(res); assert.NotNil(t, e, "%s warning: Decode", tool) {
					assert.Equal(t, errorx.SeverityWarning, e.Severity, "%s warning: Decode", tool)
				}
			}
		})
	}
}

func TestOutputSchemaIgnore(t *testing.T) {
	r := render.NewRenderer(render.ToolError{}, render.WithOutputSchemaPolicy(render.OutputSchemaIgnore))
	c := connect(t, schemaServer(r))
	res := callTool(t, c, "typed", nil)
	assert.NotNil(t, res.StructuredContent, "OutputSchemaIgnore changed the result: %s", resultJSON(t, res))
	assert.Equal(t, "md", blocks(t, res), "OutputSchemaIgnore changed the result")
	assert.False(t, callTool(t, c, "typed", map[string]any{"warn": true}).IsError, "OutputSchemaIgnore set isError on a warning")
	assert.Equal(t, "safe", render.OutputSchemaSafe.String())
	assert.Equal(t, "ignore", render.OutputSchemaIgnore.String())
}

// TestOutputSchemaNeedsInput checks the toolerror dialect's needsInput:v1
// elicitation (no isError) against the outputSchema policy: for a tool that
// declares one, it loses structuredContent, gains isError and keeps its JSON
// in a text block.
func TestOutputSchemaNeedsInput(t *testing.T) {
	r := render.NewRenderer(render.ToolError{NeedsInput: true})
	s := server.NewMCPServer("t", "0", server.WithToolHandlerMiddleware(r.Middleware()))
	ask := handler(nil, errorx.Required("city"))
	s.AddTool(mcp.NewTool("typed", mcp.WithOutputSchema[forecast]()), ask)
	s.AddTool(mcp.NewTool("plain"), ask)
	c := connect(t, s)
	for _, tool := range []string{"typed", "plain"} {
		res := callTool(t, c, tool, nil)
		declared := tool == "typed"
		assert.Equal(t, !declared, res.StructuredContent != nil, "%s: structuredContent present", tool)
		assert.Equal(t, declared, res.IsError, "%s: isError", tool)
		e, dialect := render.Decode(res)
		assert.Equal(t, render.NameToolError, dialect, "%s: Decode", tool)
		if assert.NotNil(t, e, "%s: Decode\n%s", tool, resultJSON(t, res)) && assert.Len(t, e.Fields, 1, "%s: Decode", tool) {
			assert.Equal(t, "city", e.Fields[0].Path, "%s: Decode", tool)
		}
	}
}

// TestByNameUnknownListsNames checks that ByName's error for an unknown
// dialect lists the names as the CLI does ("interbase, toolerror, …"), not
// as a Go slice ("[interbase toolerror …]").
func TestByNameUnknownListsNames(t *testing.T) {
	d, err := render.ByName("yaml")
	require.Error(t, err, "ByName(yaml)")
	require.Equal(t, nil, d, "ByName(yaml): want no Dialect") // not Nil: a typed nil would be a Dialect
	assert.EqualError(t, err, `render: unknown dialect "yaml" (want one of `+strings.Join(render.Names(), ", ")+`)`)
}
