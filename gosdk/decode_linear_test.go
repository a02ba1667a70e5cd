package gosdk_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/gosdk"
	"github.com/mcperr/mcperr/internal/sentence"
	"github.com/mcperr/mcperr/internal/testsize"
	"github.com/mcperr/mcperr/render"
)

// TestDecodeLinear: Decode reads a go-sdk result in time and bytes linear
// in its size, the conversion to mcp-go's types included: a result with
// many fields in each dialect, and an xml text with many '&' and no ';'.
func TestDecodeLinear(t *testing.T) {
	fields := func(d render.Dialect) func(n int) *mcp.CallToolResult {
		return func(n int) *mcp.CallToolResult {
			e := errorx.New(errorx.CodeInvalidInput, "Many arguments are invalid.")
			for i := range n {
				e.WithFields(sentence.SentField("items."+strconv.Itoa(i), "value", "Not valid."))
			}
			return gosdk.FromResult(d.Render(e))
		}
	}
	shapes := map[string]func(n int) *mcp.CallToolResult{
		"xml ampersands": func(n int) *mcp.CallToolResult {
			text := `<tool_error code="X"><message>` + strings.Repeat("a & b ", 4*n) + `</message></tool_error>`
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: text}}}
		},
	}
	for _, d := range []render.Dialect{render.Interbase{}, render.ToolError{Mode: render.ModeBoth}, render.XML{}, render.Contract{}, render.Envelope{}} {
		shapes[d.Name()+" fields"] = fields(d)
	}
	n := testsize.N(1000, 3000)
	for name, shape := range shapes {
		t.Run(name, func(t *testing.T) {
			small, large := shape(n), shape(8*n)
			testsize.Linear(t, "Decode", func() { gosdk.Decode(small) }, func() { gosdk.Decode(large) })
		})
	}
}
