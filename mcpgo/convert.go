package mcpgo

import (
	"encoding/json"
	"maps"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/mcperr/mcperr/internal/adapt"
	"github.com/mcperr/mcperr/render"
)

// FromResult returns res, a result in no SDK's types (what a Renderer and
// every dialect write), as mcp-go's tool result: its text blocks as
// mcp.TextContent values, in order, with their annotations;
// structuredContent as a *json.RawMessage holding res's bytes (so its key
// order stays the dialect's); isError; and _meta (progressToken, if res
// has one, as mcp-go's Meta keeps it). Both marshal to the same JSON.
// FromResult(nil) returns nil.
func FromResult(res *render.Result) *mcp.CallToolResult {
	if res == nil {
		return nil
	}
	a := &resultAlloc{}
	out := &a.res
	out.Content = a.content[:0]
	if len(res.Content) > len(a.content) {
		out.Content = make([]mcp.Content, 0, len(res.Content))
	}
	for _, t := range res.Content {
		out.Content = append(out.Content, textContent(t))
	}
	if res.StructuredContent != nil {
		a.structured = res.StructuredContent
		out.StructuredContent = &a.structured
	}
	out.IsError = res.IsError
	if res.Meta != nil {
		out.Meta = mcp.NewMetaFromMap(maps.Clone(res.Meta)) // it takes progressToken out of the map it is given
	}
	return out
}

// resultAlloc puts a result, its content slice and its structured content
// in one allocation.
type resultAlloc struct {
	res        mcp.CallToolResult
	content    [2]mcp.Content
	structured json.RawMessage
}

// textContent returns t as mcp-go's text block.
func textContent(t render.Text) mcp.TextContent {
	tc := mcp.NewTextContent(t.Text)
	if t.Audience != nil || t.Priority != nil {
		tc.Annotations = &mcp.Annotations{Priority: t.Priority}
		for _, a := range t.Audience {
			tc.Annotations.Audience = append(tc.Annotations.Audience, mcp.Role(a))
		}
	}
	return tc
}

// ToResult returns res, mcp-go's tool result, as a result in no SDK's
// types, the type render.Decode and a Renderer read: its text blocks (an
// mcp.TextContent or *mcp.TextContent; blocks of other types are left
// out) with their audience and priority, the JSON of its
// structuredContent (RawStructuredContent's bytes, as a client receives
// them, else StructuredContent encoded), isError and _meta (its
// progressToken included). A structuredContent that does not encode as
// JSON (only a result built in this process can hold one: it cannot reach
// a client) is left out. ToResult(nil) returns nil.
func ToResult(res *mcp.CallToolResult) *render.Result {
	if res == nil {
		return nil
	}
	out := &render.Result{IsError: res.IsError, Content: texts(res.Content)}
	out.StructuredContent, _ = structured(res)
	if m := res.Meta; m != nil {
		out.Meta = make(map[string]any, len(m.AdditionalFields)+1)
		maps.Copy(out.Meta, m.AdditionalFields)
		if m.ProgressToken != nil {
			out.Meta["progressToken"] = m.ProgressToken
		}
	}
	return out
}

// texts returns the text blocks of content.
func texts(content []mcp.Content) []render.Text {
	var out []render.Text
	for _, c := range content {
		var t mcp.TextContent
		switch v := c.(type) {
		case mcp.TextContent:
			t = v
		case *mcp.TextContent:
			if v == nil {
				continue
			}
			t = *v
		default:
			continue
		}
		b := render.Text{Text: t.Text}
		if a := t.Annotations; a != nil {
			b.Priority = a.Priority
			for _, r := range a.Audience {
				b.Audience = append(b.Audience, string(r))
			}
		}
		if out == nil {
			out = make([]render.Text, 0, len(content))
		}
		out = append(out, b)
	}
	return out
}

// structured returns the JSON of res's structuredContent, nil for none:
// the bytes a client received, else the value encoded.
func structured(res *mcp.CallToolResult) (json.RawMessage, error) {
	if len(res.RawStructuredContent) > 0 {
		return res.RawStructuredContent, nil
	}
	return adapt.StructuredJSON(res.StructuredContent)
}

// hasStructured reports whether res carries structuredContent.
func hasStructured(res *mcp.CallToolResult) bool {
	return res.StructuredContent != nil || len(res.RawStructuredContent) > 0
}
