package mcpgo_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/mcpgo"
	"github.com/mcperr/mcperr/render"
)

// schemaServer returns a server with one tool per kind of outputSchema, each
// failing with the error in its "fail" argument's place: warn makes it a
// warning.
func schemaServer(r *render.Renderer) *server.MCPServer {
	s := server.NewMCPServer("t", "0", server.WithToolHandlerMiddleware(mcpgo.Middleware(r)))
	fail := func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		e := errorx.New("UpstreamDown", "The forecast service is down.").
			WithClass(errorx.ClassTransient).
			WithRetryable(true)
		if req.GetBool("warn", false) {
			e = errorx.New(codes.Deprecated, "Deprecated.").WithSeverity(errorx.SeverityWarning)
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
				} else if name == "toolerror" {
					assert.True(t, hasSC, "%s: toolerror dropped structuredContent of a tool without outputSchema", tool)
				}
				if name == "toolerror" {
					want := "md"
					if declared {
						want = "md+json" // markdown became both
					}
					assert.Equal(t, want, blocks(t, res), "%s: blocks", tool)
				}
				e, dialect := mcpgo.Decode(res)
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
				if e, _ := mcpgo.Decode(res); assert.NotNil(t, e, "%s warning: Decode", tool) {
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
}

// TestOutputSchemaNeedsInput checks the toolerror dialect's needsInput:v1
// elicitation (no isError) against the outputSchema policy: for a tool that
// declares one, it loses structuredContent, gains isError and keeps its JSON
// in a text block.
func TestOutputSchemaNeedsInput(t *testing.T) {
	r := render.NewRenderer(render.ToolError{NeedsInput: true})
	s := server.NewMCPServer("t", "0", server.WithToolHandlerMiddleware(mcpgo.Middleware(r)))
	ask := handler(nil, errorx.Required("city"))
	s.AddTool(mcp.NewTool("typed", mcp.WithOutputSchema[forecast]()), ask)
	s.AddTool(mcp.NewTool("plain"), ask)
	c := connect(t, s)
	for _, tool := range []string{"typed", "plain"} {
		res := callTool(t, c, tool, nil)
		declared := tool == "typed"
		assert.Equal(t, !declared, res.StructuredContent != nil, "%s: structuredContent present", tool)
		assert.Equal(t, declared, res.IsError, "%s: isError", tool)
		e, dialect := mcpgo.Decode(res)
		assert.Equal(t, "toolerror", dialect, "%s: Decode", tool)
		if assert.NotNil(t, e, "%s: Decode\n%s", tool, resultJSON(t, res)) && assert.Len(t, e.Fields, 1, "%s: Decode", tool) {
			assert.Equal(t, "city", e.Fields[0].Path, "%s: Decode", tool)
		}
	}
}

// TestWithOutputSchema: mcpgo.WithOutputSchema is mcp.WithOutputSchema's
// schema with its type arrays written as anyOf: a slice's ["null","array"]
// (which MCP Inspector's --strict warns on) is an anyOf accepting the same
// outputs; the tool declares an outputSchema for OutputSchemaSafe.
func TestWithOutputSchema(t *testing.T) {
	type matches struct {
		Paths []string `json:"paths"`
		Count int      `json:"count"`
	}
	sdk, err := json.Marshal(mcp.NewTool("find", mcp.WithOutputSchema[matches]()))
	require.NoError(t, err)
	ours, err := json.Marshal(mcp.NewTool("find", mcpgo.WithOutputSchema[matches]()))
	require.NoError(t, err)
	assert.Contains(t, string(sdk), `"type":["null","array"]`, "mcp-go's own inference")
	assert.NotContains(t, string(ours), `"type":[`, "a type array is left")
	var got struct {
		OutputSchema map[string]any `json:"outputSchema"`
	}
	require.NoError(t, json.Unmarshal(ours, &got))
	assert.Equal(t, map[string]any{
		"type":     "object",
		"required": []any{"paths", "count"},
		"properties": map[string]any{
			"paths": map[string]any{"anyOf": []any{map[string]any{"type": "null"}, map[string]any{"type": "array", "items": map[string]any{"type": "string"}}}},
			"count": map[string]any{"type": "integer"},
		},
		"additionalProperties": false,
	}, got.OutputSchema)

	r := render.NewRenderer(render.ToolError{})
	s := server.NewMCPServer("t", "0", server.WithToolHandlerMiddleware(mcpgo.Middleware(r)))
	s.AddTool(mcp.NewTool("find", mcpgo.WithOutputSchema[matches]()), handler(nil, errorx.NotFound("Gone.")))
	res, err := connect(t, s).CallTool(context.Background(), callRequest("find", nil))
	require.NoError(t, err)
	assert.True(t, res.IsError)
	assert.Nil(t, res.StructuredContent, "the tool declares an outputSchema: OutputSchemaSafe")
}
