package mcpgo_test

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/rendercheck"
	"github.com/mcperr/mcperr/internal/sentence"
	"github.com/mcperr/mcperr/mcpgo"
	"github.com/mcperr/mcperr/render"
)

// configurations are every dialect, every toolerror mode and the
// envelope's options.
func configurations() []render.Dialect {
	return append(dialects(),
		render.ToolError{},
		render.ToolError{Mode: render.ModeJSON},
		render.ToolError{Mode: render.ModeBoth, NeedsInput: true},
		render.Envelope{Now: fixedNow, HTTPCode: true, ToolPrefix: true, Version: "2.0"},
	)
}

// TestResultIsMCPGos: a render.Result and its FromResult conversion
// marshal to the same bytes, for generated models in every dialect
// configuration; mcp-go's client parses them; ToResult gives the Result
// back, as UnmarshalJSON does from the bytes.
func TestResultIsMCPGos(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 24))
	models := []*errorx.Error{
		errorx.New("ProjectNotFound", "Project 'proj_xyz' does not exist.").WithClass(errorx.ClassNotFound).
			WithRecovery("Call projects.list first.").WithActions("projects.list").WithDetail("entity_id", "<proj>&"),
		errorx.New(errorx.CodeInvalidInput, "Missing.").WithFields(sentence.RequiredField("id"),
			errorx.Field{Path: "category", Message: "Required.", Options: []string{"a", "b"}}),
	}
	for range 300 {
		models = append(models, rendercheck.Model(r))
	}
	for _, d := range configurations() {
		for _, e := range models {
			res := d.Render(e)
			m := mcpgo.FromResult(res)
			want, err := json.Marshal(m)
			require.NoError(t, err)
			got, err := json.Marshal(res)
			require.NoError(t, err)
			require.Equal(t, string(want), string(got), "%s", d.Name())
			raw := json.RawMessage(want)
			_, err = mcp.ParseCallToolResult(&raw)
			require.NoError(t, err, "%s: mcp-go's client cannot parse %s", d.Name(), want)

			back := mcpgo.ToResult(m)
			require.Equal(t, res, back, "%s: ToResult(FromResult(res))", d.Name())
			var read render.Result
			require.NoError(t, json.Unmarshal(want, &read))
			again, err := json.Marshal(read)
			require.NoError(t, err)
			require.Equal(t, string(want), string(again), "%s: read back", d.Name())
		}
	}
	assert.Nil(t, mcpgo.FromResult(nil))
	assert.Nil(t, mcpgo.ToResult(nil))
}

// TestResultJSONShapes: the parts no dialect writes marshal as mcp-go
// marshals them too: no content, _meta, annotations, HTML in the text and
// in structuredContent of any JSON type.
func TestResultJSONShapes(t *testing.T) {
	prio := 0.5
	for name, c := range map[string]struct {
		res  render.Result
		mcpg *mcp.CallToolResult
	}{
		"empty": {render.Result{}, &mcp.CallToolResult{}},
		"meta": {
			render.Result{Meta: map[string]any{"b": 1, "a": "<x>"}, Content: []render.Text{{Text: "t"}}},
			&mcp.CallToolResult{Result: mcp.Result{Meta: &mcp.Meta{AdditionalFields: map[string]any{"b": 1, "a": "<x>"}}}, Content: []mcp.Content{mcp.NewTextContent("t")}},
		},
		"empty meta": {
			render.Result{Meta: map[string]any{}},
			&mcp.CallToolResult{Result: mcp.Result{Meta: &mcp.Meta{}}},
		},
		"annotations": {
			render.Result{Content: []render.Text{{Text: "a", Audience: []string{"user", "assistant"}, Priority: &prio}, {Text: "b", Priority: new(0.0)}}},
			&mcp.CallToolResult{Content: []mcp.Content{
				mcp.TextContent{Annotated: mcp.Annotated{Annotations: &mcp.Annotations{Audience: []mcp.Role{mcp.RoleUser, mcp.RoleAssistant}, Priority: &prio}}, Type: "text", Text: "a"},
				mcp.TextContent{Annotated: mcp.Annotated{Annotations: &mcp.Annotations{Priority: new(0.0)}}, Type: "text", Text: "b"},
			}},
		},
		"html and structured array": {
			render.Result{Content: []render.Text{{Text: "<a href='x'>&</a>\u2028"}}, StructuredContent: json.RawMessage(` [1, "<&>"] `), IsError: true},
			&mcp.CallToolResult{Content: []mcp.Content{mcp.NewTextContent("<a href='x'>&</a>\u2028")}, RawStructuredContent: json.RawMessage(` [1, "<&>"] `), IsError: true},
		},
		"structured string": {
			render.Result{StructuredContent: json.RawMessage(`"s"`)},
			&mcp.CallToolResult{StructuredContent: "s"},
		},
	} {
		want, err := json.Marshal(c.mcpg)
		require.NoError(t, err, name)
		got, err := json.Marshal(c.res)
		require.NoError(t, err, name)
		conv, err := json.Marshal(mcpgo.FromResult(&c.res))
		require.NoError(t, err, name)
		assert.Equal(t, string(want), string(conv), name+" (FromResult)")
		assert.Equal(t, string(want), string(got), name)
		gotp, err := json.Marshal(&c.res)
		require.NoError(t, err, name)
		assert.Equal(t, string(want), string(gotp), name+" (pointer)")
	}
}

// TestResultUnmarshal: any MCP result reads: blocks of other types are
// skipped, structuredContent of any JSON type is kept as bytes (null as
// none), and a block of no MCP type is an error, as in mcp-go's client.
func TestResultUnmarshal(t *testing.T) {
	var res render.Result
	require.NoError(t, json.Unmarshal([]byte(`{"_meta":{"k":"v"},"content":[
		{"type":"image","data":"AA==","mimeType":"image/png"},
		{"type":"text","text":"one","annotations":{"audience":["user"],"priority":1}},
		{"type":"resource","resource":{"uri":"x:/y","text":"r"}},
		{"type":"text","text":"two","_meta":{"x":1}}],
		"structuredContent":[1,2],"isError":true,"resultType":"complete","extra":1}`), &res))
	assert.Equal(t, []render.Text{{Text: "one", Audience: []string{"user"}, Priority: new(1.0)}, {Text: "two"}}, res.Content)
	assert.JSONEq(t, `[1,2]`, string(res.StructuredContent))
	assert.True(t, res.IsError)
	assert.Equal(t, map[string]any{"k": "v"}, res.Meta)

	res = render.Result{IsError: true}
	require.NoError(t, json.Unmarshal([]byte(`{"content":[],"structuredContent":null}`), &res))
	assert.Equal(t, render.Result{Content: nil}, res, "a result read replaces what was there")

	for in, msg := range map[string]string{
		`{"content":[{"type":"hologram"}]}`:      "unknown content type: hologram",
		`{"content":[{"text":"x"}]}`:             "missing or invalid type field",
		`{"content":[{"type":7}]}`:               "missing or invalid type field",
		`{"content":[7]}`:                        "cannot unmarshal",
		`{"content":[{"type":"text","text":7}]}`: "cannot unmarshal",
		`{"content":{}}`:                         "cannot unmarshal",
		`{"structuredContent":}`:                 "invalid character",
	} {
		err := json.Unmarshal([]byte(in), &res)
		if assert.Error(t, err, in) {
			assert.Contains(t, err.Error(), msg, in)
		}
	}
}
