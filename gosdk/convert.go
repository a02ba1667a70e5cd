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
	b, err := json.Marshal(bare)
	if err != nil {
		return nil, fmt.Errorf("gosdk: encode the mcp-go result: %w", err)
	}
	out := new(mcp.CallToolResult)
	if err := json.Unmarshal(b, out); err != nil {
		return nil, fmt.Errorf("gosdk: decode the result as go-sdk's: %w", err)
	}
	if structured != nil {
		out.StructuredContent = structured
	}
	if out.Content == nil {
		out.Content = []mcp.Content{} // "content" is required on the wire
	}
	return out, nil
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
