package gosdk

import (
	"encoding/json"
	"fmt"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// FromMCPGo returns res, an mcp-go tool result (a Renderer renders into
// that type), as the official SDK's tool result: the result a client of
// either SDK receives from the same JSON. Content blocks, isError and _meta
// go through their JSON form; structuredContent keeps its JSON bytes as a
// json.RawMessage, so its key order stays the dialect's. FromMCPGo(nil)
// returns nil. It fails only when res does not encode as JSON.
func FromMCPGo(res *mcpgo.CallToolResult) (*mcp.CallToolResult, error) {
	if res == nil {
		return nil, nil
	}
	var structured json.RawMessage
	bare := *res
	switch {
	case len(res.RawStructuredContent) > 0:
		structured = res.RawStructuredContent
	case res.StructuredContent != nil:
		b, err := json.Marshal(res.StructuredContent)
		if err != nil {
			return nil, fmt.Errorf("gosdk: encode the structuredContent: %w", err)
		}
		structured = b
	}
	bare.StructuredContent, bare.RawStructuredContent = nil, nil
	out, ok := fromText(&bare)
	if !ok {
		var err error
		if out, err = fromJSON(&bare); err != nil {
			return nil, err
		}
	}
	if structured != nil {
		out.StructuredContent = structured
	}
	if out.Content == nil {
		out.Content = []mcp.Content{} // "content" is required on the wire
	}
	return out, nil
}

// fromJSON converts res through its JSON form: what a go-sdk client
// decodes from what an mcp-go server sends.
func fromJSON(res *mcpgo.CallToolResult) (*mcp.CallToolResult, error) {
	b, err := json.Marshal(res)
	if err != nil {
		return nil, fmt.Errorf("gosdk: encode the mcp-go result: %w", err)
	}
	out := new(mcp.CallToolResult)
	if err := json.Unmarshal(b, out); err != nil {
		return nil, fmt.Errorf("gosdk: decode the result as go-sdk's: %w", err)
	}
	return out, nil
}

// fromText converts a result whose content is text blocks only, without
// _meta, field by field, as fromJSON would (go-sdk's JSON decoder costs
// some 32 KB per call): the results a Renderer renders. ok is false for
// any other result.
func fromText(res *mcpgo.CallToolResult) (out *mcp.CallToolResult, ok bool) {
	if res.Meta != nil || res.ResultType != "" || len(res.InputRequests) > 0 || res.RequestState != "" {
		return nil, false
	}
	content := make([]mcp.Content, 0, len(res.Content))
	for _, c := range res.Content {
		var t mcpgo.TextContent
		switch v := c.(type) {
		case mcpgo.TextContent:
			t = v
		case *mcpgo.TextContent:
			if v == nil {
				return nil, false
			}
			t = *v
		default:
			return nil, false
		}
		if t.Meta != nil || t.Type != "text" {
			return nil, false
		}
		tc := &mcp.TextContent{Text: t.Text}
		if a := t.Annotations; a != nil {
			tc.Annotations = &mcp.Annotations{LastModified: a.LastModified}
			for _, r := range a.Audience {
				tc.Annotations.Audience = append(tc.Annotations.Audience, mcp.Role(r))
			}
			if a.Priority != nil {
				tc.Annotations.Priority = *a.Priority
			}
		}
		content = append(content, tc)
	}
	return &mcp.CallToolResult{Content: content, IsError: res.IsError}, true
}

// ToMCPGo returns res, the official SDK's tool result, as an mcp-go tool
// result, the type render.Decode reads: the result an mcp-go client would
// receive from the same JSON (structuredContent's bytes are kept in
// RawStructuredContent). ToMCPGo(nil) returns nil. It fails only when res
// does not encode as JSON.
func ToMCPGo(res *mcp.CallToolResult) (*mcpgo.CallToolResult, error) {
	if res == nil {
		return nil, nil
	}
	b, err := json.Marshal(res)
	if err != nil {
		return nil, fmt.Errorf("gosdk: encode the go-sdk result: %w", err)
	}
	out := new(mcpgo.CallToolResult)
	if err := json.Unmarshal(b, out); err != nil {
		return nil, fmt.Errorf("gosdk: decode the result as mcp-go's: %w", err)
	}
	return out, nil
}
