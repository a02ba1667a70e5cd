package render

import (
	"encoding/json"
	"errors"
	"fmt"
)

// Result is a tool result in no SDK's types: what the dialects write and
// what Decode reads, as log/slog's Record is what every Handler reads. The
// adapter of each MCP SDK (packages mcpgo and gosdk) converts it to and
// from that SDK's own result.
//
// Its JSON form (MarshalJSON) is the tools/call result as MCP writes it,
// byte for byte what mark3labs/mcp-go marshals for the same result: keys
// in sorted order, strings escaped as encoding/json escapes them (HTML-safe),
// each text block as {"annotations":…,"type":"text","text":…}.
type Result struct {
	// Content holds the result's text blocks, in order. Blocks of other
	// types (images, audio, resources) have no place here: no dialect
	// writes them and Decode reads text only, so UnmarshalJSON and the
	// adapters' conversions leave them out.
	Content []Text
	// StructuredContent is the JSON of the result's structuredContent: any
	// JSON value (an object for every dialect; SEP-2106 allows any). nil
	// means none.
	StructuredContent json.RawMessage
	// IsError is the result's isError.
	IsError bool
	// Meta is the result's _meta object; nil means none. The dialects
	// write none. An adapter merges it into the _meta its SDK writes on a
	// result, never replacing what is there.
	Meta map[string]any
}

// Text is one text content block.
type Text struct {
	// Text is the block's text.
	Text string
	// Audience is the block's annotations.audience: who the block is for
	// ("user", "assistant"); nil means not said.
	Audience []string
	// Priority is the block's annotations.priority, from 0 (optional) to 1
	// (required); nil means not said.
	Priority *float64
}

// MCP's content block types (2025-11-25): a block of another type is not an
// MCP result's.
const (
	contentText = "text"
)

var otherContent = map[string]bool{
	"image": true, "audio": true, "resource_link": true, "resource": true,
	"tool_use": true, "tool_result": true,
}

// resultJSON is a Result's wire form; its fields are in key order, as
// encoding/json writes a map.
type resultJSON struct {
	Meta              map[string]any  `json:"_meta,omitzero"`
	Content           []textJSON      `json:"content"`
	IsError           bool            `json:"isError,omitempty"`
	StructuredContent json.RawMessage `json:"structuredContent,omitempty"`
}

// textJSON is a text block's wire form, in the order of MCP's TextContent.
type textJSON struct {
	Annotations *annotationsJSON `json:"annotations,omitempty"`
	Type        string           `json:"type"`
	Text        string           `json:"text"`
}

type annotationsJSON struct {
	Audience []string `json:"audience,omitempty"`
	Priority *float64 `json:"priority,omitempty"`
}

// MarshalJSON writes res as a tools/call result: content (always, [] when
// empty), then isError when set, structuredContent when not nil and _meta
// when Meta is not nil, in sorted key order.
func (res Result) MarshalJSON() ([]byte, error) {
	w := resultJSON{Meta: res.Meta, IsError: res.IsError, StructuredContent: res.StructuredContent}
	var arr [2]textJSON
	w.Content = arr[:0]
	if len(res.Content) > len(arr) {
		w.Content = make([]textJSON, 0, len(res.Content))
	}
	for _, t := range res.Content {
		tj := textJSON{Type: contentText, Text: t.Text}
		if t.Audience != nil || t.Priority != nil {
			tj.Annotations = &annotationsJSON{Audience: t.Audience, Priority: t.Priority}
		}
		w.Content = append(w.Content, tj)
	}
	return json.Marshal(w)
}

// UnmarshalJSON reads any tools/call result: the text blocks in order (the
// blocks of MCP's other types are skipped), structuredContent as its JSON
// bytes whatever its JSON type (null reads as none), isError and _meta.
// Unknown members are ignored. A content block whose type is missing, not a
// string or none of MCP's (text, image, audio, resource_link, resource,
// tool_use, tool_result) is an error, as mcp-go's client makes it.
func (res *Result) UnmarshalJSON(data []byte) error {
	var w struct {
		Meta              map[string]any    `json:"_meta"`
		Content           []json.RawMessage `json:"content"`
		IsError           bool              `json:"isError"`
		StructuredContent json.RawMessage   `json:"structuredContent"`
	}
	if err := json.Unmarshal(data, &w); err != nil {
		return err
	}
	out := Result{Meta: w.Meta, IsError: w.IsError}
	if len(w.StructuredContent) > 0 && string(w.StructuredContent) != "null" {
		out.StructuredContent = w.StructuredContent
	}
	for _, raw := range w.Content {
		var head struct {
			Type any `json:"type"`
		}
		if err := json.Unmarshal(raw, &head); err != nil {
			return err
		}
		typ, ok := head.Type.(string)
		switch {
		case !ok:
			return errors.New("render: content block: missing or invalid type field")
		case typ == contentText:
			var b struct {
				Text        string           `json:"text"`
				Annotations *annotationsJSON `json:"annotations"`
			}
			if err := json.Unmarshal(raw, &b); err != nil {
				return err
			}
			t := Text{Text: b.Text}
			if a := b.Annotations; a != nil {
				t.Audience, t.Priority = a.Audience, a.Priority
			}
			out.Content = append(out.Content, t)
		case !otherContent[typ]:
			return fmt.Errorf("render: unknown content type: %s", typ)
		}
	}
	*res = out
	return nil
}
