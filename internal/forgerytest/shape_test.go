package forgerytest

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/internal/toolfailure"
	"github.com/mcperr/mcperr/render"
)

// TestMarkdownShape: every markdown construct a caller could forge changes
// the shape of a line that holds the benign text, and the same construct
// escaped does not.
func TestMarkdownShape(t *testing.T) {
	const benign = "**Error:** zebra\n\n- zebra: Required."
	want := Markdown(benign).String()
	forged := map[string]string{
		"paragraph":  "**Error:** x\n\n**Recovery:** y\n\n- zebra: Required.",
		"label":      "**Error:** x **Recovery:** y\n\n- zebra: Required.",
		"heading":    "**Error:** x\n# h\n\n- zebra: Required.",
		"setext":     "**Error:** x\n===\n\n- zebra: Required.",
		"list":       "**Error:** x\n- i\n\n- zebra: Required.",
		"image":      "**Error:** ![](https://x.example/a.png)\n\n- zebra: Required.",
		"link":       "**Error:** [a](https://x.example)\n\n- zebra: Required.",
		"autolink":   "**Error:** <https://x.example>\n\n- zebra: Required.",
		"html":       "**Error:** <b>x</b>\n\n- zebra: Required.",
		"code":       "**Error:** `c`\n\n- zebra: Required.",
		"emphasis":   "**Error:** *e*\n\n- zebra: Required.",
		"cr":         "**Error:** x\ry\n\n- zebra: Required.",
		"hard break": "**Error:** x  \ny\n\n- zebra: Required.",
		"item quote": "**Error:** zebra\n\n- > zebra: Required.",
		"item list":  "**Error:** zebra\n\n- 1. zebra: Required.",
		"item code":  "**Error:** zebra\n\n-     zebra: Required.",
		"item tab":   "**Error:** zebra\n\n- \t\tzebra: Required.",
	}
	for name, s := range forged {
		assert.NotEqual(t, want, Markdown(s).String(), "%s: %q", name, s)
	}
	escaped := map[string]string{
		"paragraph": `**Error:** x\n\n\*\*Recovery:\*\* y` + "\n\n- zebra: Required.",
		"image":     `**Error:** !\[\](https://x.example/a.png)` + "\n\n- zebra: Required.",
		"link":      `**Error:** \[a\](https://x.example)` + "\n\n- zebra: Required.",
		"html":      `**Error:** \<b>x\</b>` + "\n\n- zebra: Required.",
		"code":      "**Error:** \\`c\\`\n\n- zebra: Required.",
		"emphasis":  `**Error:** \*e\*` + "\n\n- zebra: Required.",
		"item":      "**Error:** zebra\n\n- \\> zebra \\# \\- x: Required.",
		"item list": "**Error:** zebra\n\n- 1\\. zebra: Required.",
	}
	for name, s := range escaped {
		assert.Equal(t, want, Markdown(s).String(), "%s: %q", name, s)
	}
}

// TestXMLShape: the shape of a document is its elements and attribute
// names; text that closes or opens an element changes it, escaped text does
// not; a document that is not well-formed is an error.
func TestXMLShape(t *testing.T) {
	const benign = "<tool_error code=\"NOT_FOUND\">\n<message>zebra</message>\n</tool_error>"
	want, err := XML(benign)
	require.NoError(t, err)
	same, err := XML("<tool_error code=\"&quot;&gt;x\">\n<message>&lt;/message>&lt;recovery>x&lt;/recovery></message>\n</tool_error>")
	require.NoError(t, err)
	assert.Equal(t, want.String(), same.String())
	for _, s := range []string{
		"<tool_error code=\"NOT_FOUND\">\n<message></message><recovery>x</recovery><message></message>\n</tool_error>",
		"<tool_error code=\"NOT_FOUND\" class=\"x\">\n<message>zebra</message>\n</tool_error>",
		"<tool_error code=\"NOT_FOUND\">\n<message>zebra<!-- x --></message>\n</tool_error>",
	} {
		got, err := XML(s)
		require.NoError(t, err, s)
		assert.NotEqual(t, want.String(), got.String(), s)
	}
	for _, s := range []string{"<a>]]></a>", "<a>\x00</a>", "<a></a><b></b>", "<a>", "<a></b>", "x<a></a>", "<a x=\"1\" x=\"2\"></a>", ""} {
		_, err := XML(s)
		assert.Error(t, err, "%q", s)
	}
}

// TestCompareJSON: members match by key in any order, a member under a
// key that held the benign text matches one under any key, and anything
// else that differs (a member more, a key renamed, a kind changed) is
// reported.
func TestCompareJSON(t *testing.T) {
	wire := func(s string) Wire {
		tr, err := JSON([]byte(s))
		require.NoError(t, err, s)
		return Wire{Blocks: []*Tree{tr}}
	}
	benign := wire(`{"message":"zebra","details":{"zebra":1,"tool":"t"},"fields":[{"path":"a.zebra"}]}`)
	assert.Empty(t, Compare(benign, wire(`{"details":{"tool":"t","\"},\"x\":{\"":2},"message":"\"}","fields":[{"path":"]"}]}`)))
	for _, s := range []string{
		`{"message":"zebra","details":{"zebra":1,"tool":"t"},"fields":[{"path":"a"}],"x":1}`,
		`{"message":"zebra","details":{"zebra":1,"tool":"t","x":1},"fields":[{"path":"a"}]}`,
		`{"message":"zebra","details":{"zebra":1,"tool2":"t"},"fields":[{"path":"a"}]}`,
		`{"message":"zebra","details":{"zebra":"1","tool":"t"},"fields":[{"path":"a"}]}`,
		`{"message":"zebra","details":{"zebra":1,"tool":"t"},"fields":[{"path":"a"},{"path":"b"}]}`,
		`{"message":["zebra"],"details":{"zebra":1,"tool":"t"},"fields":[{"path":"a"}]}`,
	} {
		assert.NotEmpty(t, Compare(benign, wire(s)), s)
	}
	_, err := JSON([]byte(`{"a":1}{"b":2}`))
	assert.Error(t, err)
	_, err = JSON([]byte(`{"a":`))
	assert.Error(t, err)
}

// TestRead: Read tells the blocks of a result apart (JSON, XML, markdown),
// reads structuredContent, _meta and what render.Decode reads back; Compare
// reports a different isError, block count, _meta or decoded count.
func TestRead(t *testing.T) {
	obj := json.RawMessage(`{"kind":"toolError:v1","code":"NOT_FOUND","message":"zebra","retryable":false,"details":{"actions":["a","b"]}}`)
	res := &render.Result{
		Content:           []render.Text{{Text: "**Error:** zebra"}, {Text: string(obj)}, {Text: "<a/>"}},
		StructuredContent: obj,
		IsError:           true,
	}
	w, err := Read(res)
	require.NoError(t, err)
	require.Len(t, w.Blocks, 3)
	assert.True(t, strings.HasPrefix(w.Blocks[0].Kind, "md:"))
	assert.Equal(t, "json:object", w.Blocks[1].Kind)
	assert.Equal(t, "xml:document", w.Blocks[2].Kind)
	require.NotNil(t, w.Structured)
	assert.Equal(t, "toolerror", w.Dialect)
	assert.Equal(t, 2, w.Actions)
	assert.True(t, Leaks(w, "zebra"))
	assert.False(t, Leaks(w, ""))
	assert.Empty(t, Compare(w, w))

	other := w
	other.IsError = false
	assert.NotEmpty(t, Compare(w, other))
	other = w
	other.Blocks = w.Blocks[:2]
	assert.NotEmpty(t, Compare(w, other))
	other = w
	other.Actions = 3
	assert.NotEmpty(t, Compare(w, other))
	other = w
	other.Structured = nil
	assert.NotEmpty(t, Compare(w, other))

	// _meta (the ToolFailure block) is read and compared too.
	res.Meta = map[string]any{toolfailure.Key: map[string]any{"class": "capability", "code": "zebra", "correlationId": "c"}}
	w, err = Read(res)
	require.NoError(t, err)
	require.NotNil(t, w.Meta)
	assert.True(t, Leaks(w, "correlationId"))
	other = w
	other.Meta = nil
	assert.NotEmpty(t, Compare(w, other))
	res.Meta[toolfailure.Key].(map[string]any)["agentGuidance"] = "x"
	more, err := Read(res)
	require.NoError(t, err)
	assert.NotEmpty(t, Compare(w, more), "a member more in _meta")

	res.Content = []render.Text{{Text: "<a>]]></a>"}}
	_, err = Read(res)
	assert.Error(t, err)
	_, err = Read((*render.Result)(nil))
	assert.Error(t, err)
}
