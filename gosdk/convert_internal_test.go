package gosdk

import (
	"encoding/json"
	"testing"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

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
