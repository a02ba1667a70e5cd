package gosdk

import (
	"encoding/json"
	"testing"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/format"
	"github.com/mcperr/mcperr/render"
)

// TestFromTextSameAsJSON: the field-by-field conversion of text results
// gives what the JSON conversion gives, for every dialect's results and
// for text blocks with every annotation; results it does not handle are
// left to the JSON conversion.
func TestFromTextSameAsJSON(t *testing.T) {
	e := errorx.New("ProjectNotFound", "Project <x> does not exist.").WithActions("projects.list").
		WithFields(errorx.RequiredField("project"))
	var results []*mcpgo.CallToolResult
	for _, d := range []render.Dialect{render.Interbase{}, render.ToolError{Mode: format.Both}, render.ToolError{NeedsInput: true}, render.XML{}, render.Contract{}, render.Envelope{}} {
		res := render.NewRenderer(d).Render(e)
		res.StructuredContent = nil
		results = append(results, res)
	}
	zero, half := 0.0, 0.5
	annotated := mcpgo.NewTextContent("hi")
	annotated.Annotations = &mcpgo.Annotations{Audience: []mcpgo.Role{mcpgo.RoleUser, mcpgo.RoleAssistant}, Priority: &half, LastModified: "2026-01-01T00:00:00Z"}
	zeroPriority := mcpgo.NewTextContent("")
	zeroPriority.Annotations = &mcpgo.Annotations{Priority: &zero}
	results = append(results,
		&mcpgo.CallToolResult{Content: []mcpgo.Content{annotated, &zeroPriority}, IsError: true},
		&mcpgo.CallToolResult{},
	)
	for _, res := range results {
		fast, ok := fromText(res)
		if !ok {
			t.Fatalf("fromText does not convert %+v", res)
		}
		slow, err := fromJSON(res)
		if err != nil {
			t.Fatal(err)
		}
		if slow.Content == nil {
			slow.Content = fast.Content[:0:0]
		}
		a, _ := json.Marshal(fast)
		b, _ := json.Marshal(slow)
		if string(a) != string(b) {
			t.Errorf("fromText %s\nfromJSON %s", a, b)
		}
	}
	// A text block without its type is no MCP content: go-sdk's decoder
	// rejects it, and so does FromMCPGo.
	untyped := &mcpgo.CallToolResult{Content: []mcpgo.Content{mcpgo.TextContent{Text: "untyped"}}}
	if _, ok := fromText(untyped); ok {
		t.Errorf("fromText converted a text block without its type")
	}
	if _, err := FromMCPGo(untyped); err == nil {
		t.Errorf("FromMCPGo converted a text block without its type")
	}
	image := &mcpgo.CallToolResult{Content: []mcpgo.Content{mcpgo.NewImageContent("AAAA", "image/png")}}
	meta := mcpgo.NewToolResultText("x")
	meta.Meta = &mcpgo.Meta{AdditionalFields: map[string]any{"k": 1}}
	for _, res := range []*mcpgo.CallToolResult{image, meta} {
		if _, ok := fromText(res); ok {
			t.Errorf("fromText converted %+v", res)
		}
		if out, err := FromMCPGo(res); err != nil || len(out.Content) != 1 {
			t.Errorf("FromMCPGo(%+v) = %+v, %v", res, out, err)
		}
	}
}

// TestReadableTextSameAsJSON: Decode's shortcut for text results reads the
// same error, in the same dialect, as the JSON conversion, for every
// dialect's results as a go-sdk client receives them (structuredContent
// decoded into maps) and as a server holds them (its JSON bytes); results
// it does not handle are left to the JSON conversion.
func TestReadableTextSameAsJSON(t *testing.T) {
	e := errorx.New("ProjectNotFound", "Project <x> does not exist.").WithActions("projects.list").
		WithFields(errorx.RequiredField("project"), errorx.SentField("n", 1.5, "Bad.")).WithDetail("k", []any{1, "a"})
	var results []*mcp.CallToolResult
	for _, d := range []render.Dialect{render.Interbase{}, render.ToolError{Mode: format.Both}, render.ToolError{NeedsInput: true}, render.XML{}, render.Contract{}, render.Envelope{}} {
		for _, e := range []*errorx.Error{e, errorx.New("X", "y").WithFields(errorx.RequiredField("a"))} {
			held, err := FromMCPGo(d.Render(e))
			if err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(held)
			var received mcp.CallToolResult
			if err := json.Unmarshal(b, &received); err != nil {
				t.Fatal(err)
			}
			results = append(results, held, &received)
		}
	}
	for _, res := range results {
		fast, ok := readableText(res)
		if !ok {
			t.Fatalf("readableText does not read %+v", res)
		}
		slow, err := ToMCPGo(res)
		if err != nil {
			t.Fatal(err)
		}
		fe, fd := render.Decode(fast)
		se, sd := render.Decode(slow)
		a, _ := json.Marshal(fe)
		b, _ := json.Marshal(se)
		if fd != sd || string(a) != string(b) {
			t.Errorf("readableText: %s %s\nToMCPGo:      %s %s", fd, a, sd, b)
		}
	}
	for _, res := range []*mcp.CallToolResult{
		{Content: []mcp.Content{&mcp.TextContent{Text: "\xff"}}},
		{Content: []mcp.Content{&mcp.ImageContent{Data: []byte{1}, MIMEType: "image/png"}}},
		{Content: []mcp.Content{&mcp.TextContent{Text: "x", Meta: mcp.Meta{"a": 1}}}},
		{Meta: mcp.Meta{"a": 1}},
		{StructuredContent: json.RawMessage(`{`)},
		{StructuredContent: make(chan int)},
	} {
		if _, ok := readableText(res); ok {
			t.Errorf("readableText read %+v", res)
		}
	}
}
