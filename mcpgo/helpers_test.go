package mcpgo_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/render"
)

// fixedNow is the envelope clock of the tests.
func fixedNow() time.Time {
	return time.Date(2026, 1, 19, 19, 8, 56, 0, time.FixedZone("PST", -8*3600))
}

// dialects returns the five dialects, toolerror in mode both.
func dialects() []render.Dialect {
	return []render.Dialect{
		render.Interbase{},
		render.ToolError{Mode: render.ModeBoth},
		render.XML{},
		render.Contract{},
		render.Envelope{Now: fixedNow},
	}
}

// resultJSON is res as mcp-go writes it on the wire.
func resultJSON(t testing.TB, res any) string {
	t.Helper()
	b, err := json.Marshal(res)
	require.NoError(t, err)
	return string(b)
}

// textOf returns the text of content block i of res.
func textOf(t testing.TB, res *mcp.CallToolResult, i int) string {
	t.Helper()
	require.Greater(t, len(res.Content), i, "content blocks")
	tc, ok := res.Content[i].(mcp.TextContent)
	require.True(t, ok, "content[%d] is %T, want mcp.TextContent", i, res.Content[i])
	return tc.Text
}

// blocks describes a toolerror result's text blocks: "md" for markdown,
// "json" for the JSON object.
func blocks(t testing.TB, res *mcp.CallToolResult) string {
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

// callRequest returns a tools/call request for tool with args.
func callRequest(tool string, args map[string]any) mcp.CallToolRequest {
	var req mcp.CallToolRequest
	req.Params.Name = tool
	if args != nil {
		req.Params.Arguments = args
	}
	return req
}

type forecast struct {
	TempC float64 `json:"temp_c"`
}
