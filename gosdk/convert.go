package gosdk

import (
	"maps"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcperr/mcperr/internal/adapt"
	"github.com/mcperr/mcperr/render"
)

// FromResult returns res, a result in no SDK's types (what a Renderer and
// every dialect write), as go-sdk's tool result: its text blocks as
// *mcp.TextContent, in order, with their annotations (go-sdk has no unset
// priority: a priority of 0 is not written); structuredContent as a
// json.RawMessage holding res's bytes (so its key order stays the
// dialect's); isError; and _meta. FromResult(nil) returns nil.
func FromResult(res *render.Result) *mcp.CallToolResult {
	if res == nil {
		return nil
	}
	a := &resultAlloc{}
	a.fill(&a.res, res)
	return &a.res
}

// resultAlloc puts a result, its content slice and up to two text blocks
// in one allocation.
type resultAlloc struct {
	res     mcp.CallToolResult
	content [2]mcp.Content
	texts   [2]mcp.TextContent
}

// fill sets dst's content, structuredContent and isError to res's and
// merges res's _meta into dst's (a key dst has keeps its value). The
// rest of dst (go-sdk's own fields, such as the resultType it records on
// its results) stays as it is.
func (a *resultAlloc) fill(dst *mcp.CallToolResult, res *render.Result) {
	dst.Content = a.content[:0]
	if len(res.Content) > len(a.content) {
		dst.Content = make([]mcp.Content, 0, len(res.Content))
	}
	for i, t := range res.Content {
		tc := &mcp.TextContent{}
		if i < len(a.texts) {
			tc = &a.texts[i]
		}
		tc.Text = t.Text
		if t.Audience != nil || t.Priority != nil {
			tc.Annotations = &mcp.Annotations{}
			for _, r := range t.Audience {
				tc.Annotations.Audience = append(tc.Annotations.Audience, mcp.Role(r))
			}
			if t.Priority != nil {
				tc.Annotations.Priority = *t.Priority
			}
		}
		dst.Content = append(dst.Content, tc)
	}
	dst.StructuredContent = nil
	if res.StructuredContent != nil {
		dst.StructuredContent = res.StructuredContent
	}
	dst.IsError = res.IsError
	if len(res.Meta) > 0 {
		m := make(mcp.Meta, len(dst.Meta)+len(res.Meta))
		maps.Copy(m, res.Meta)
		maps.Copy(m, dst.Meta) // what go-sdk or the handler wrote wins
		dst.Meta = m
	}
}

// onto returns res as go-sdk's tool result built on a copy of base, the
// handler's result it replaces, when there is one: what go-sdk wrote on
// base beyond content, structuredContent and isError (its resultType, the
// _meta entries, the error SetError recorded) stays.
func onto(base *mcp.CallToolResult, res *render.Result) *mcp.CallToolResult {
	if base == nil {
		return FromResult(res)
	}
	a := &resultAlloc{res: *base}
	a.fill(&a.res, res)
	return &a.res
}

// ToResult returns res, go-sdk's tool result, as a result in no SDK's
// types, the type render.Decode and a Renderer read: its text blocks
// (blocks of other types are left out) with their audience and priority
// (a priority of 0 reads as none: go-sdk writes none), the JSON of its structuredContent
// (a json.RawMessage as it is, any other value encoded), isError and
// _meta. A structuredContent that does not encode as JSON (a go-sdk client
// decodes it into maps: only a result built in this process can hold one,
// and it cannot reach a client) is left out. ToResult(nil) returns nil.
func ToResult(res *mcp.CallToolResult) *render.Result {
	if res == nil {
		return nil
	}
	out := &render.Result{IsError: res.IsError, Content: texts(res.Content)}
	out.StructuredContent, _ = adapt.StructuredJSON(res.StructuredContent)
	if res.Meta != nil {
		out.Meta = maps.Clone(map[string]any(res.Meta))
	}
	return out
}

// texts returns the text blocks of content.
func texts(content []mcp.Content) []render.Text {
	var out []render.Text
	for _, c := range content {
		t, ok := c.(*mcp.TextContent)
		if !ok || t == nil {
			continue
		}
		b := render.Text{Text: t.Text}
		if a := t.Annotations; a != nil {
			if a.Priority != 0 {
				b.Priority = new(a.Priority)
			}
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
