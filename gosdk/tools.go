package gosdk

import (
	"context"
	"encoding/json"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// serverTools is the server's tools as one tools/call sees them: listed
// through the handlers below the middleware (go-sdk keeps them in its own
// types, with no getter), once per call, the first time the middleware,
// the Renderer or the handler's RenderRequest asks. It is the seam between
// the Renderer and go-sdk's tools (render.Tools and render.InputSchemas).
type serverTools struct {
	m   *middleware
	req *mcp.CallToolRequest

	once   sync.Once
	tools  []*mcp.Tool
	list1  mcp.ListToolsRequest // the first page's request
	param1 mcp.ListToolsParams
}

// maxToolPages bounds the pages of tools/list the middleware reads.
const maxToolPages = 100

// list returns the server's tools, as tools/list gives them through the
// handlers below the middleware, read once.
func (s *serverTools) list(ctx context.Context) []*mcp.Tool {
	s.once.Do(func() {
		s.list1 = mcp.ListToolsRequest{Session: s.req.Session, Params: &s.param1, Extra: s.req.Extra}
		req := &s.list1
		for range maxToolPages {
			res, err := s.m.next(ctx, methodListTools, req)
			list, ok := res.(*mcp.ListToolsResult)
			if err != nil || !ok || list == nil {
				break
			}
			if s.tools == nil {
				s.tools = list.Tools[:len(list.Tools):len(list.Tools)] // one page: go-sdk's own slice
			} else {
				s.tools = append(s.tools, list.Tools...)
			}
			if list.NextCursor == "" {
				break
			}
			req = &mcp.ListToolsRequest{Session: s.req.Session, Params: &mcp.ListToolsParams{Cursor: list.NextCursor}, Extra: s.req.Extra}
		}
	})
	return s.tools
}

// find returns the tool named name, or nil.
func (s *serverTools) find(ctx context.Context, name string) *mcp.Tool {
	for _, t := range s.list(ctx) {
		if t != nil && t.Name == name {
			return t
		}
	}
	return nil
}

// DeclaresOutputSchema implements render.Tools.
func (s *serverTools) DeclaresOutputSchema(ctx context.Context, name string) bool {
	t := s.find(ctx, name)
	return t != nil && t.OutputSchema != nil
}

// InputSchema implements render.InputSchemas: the tool's inputSchema as
// tools/list shows it.
func (s *serverTools) InputSchema(ctx context.Context, name string) json.RawMessage {
	t := s.find(ctx, name)
	if t == nil || t.InputSchema == nil {
		return nil
	}
	if raw, ok := t.InputSchema.(json.RawMessage); ok {
		return raw
	}
	b, err := json.Marshal(t.InputSchema)
	if err != nil {
		return nil
	}
	return b
}

// isUnknownTool reports whether err is go-sdk's answer to a call of a tool
// the server does not have (mcp/server.go, callTool: `unknown tool "x"`):
// an invalid-params JSON-RPC error for a tool that tools/list does not
// show. The text is not relied on; a handler's own invalid-params error
// (its tool is listed) stays the handler's.
func (s *serverTools) isUnknownTool(ctx context.Context, err error) bool {
	wire, ok := err.(*jsonrpc.Error)
	if !ok || wire.Code != jsonrpc.CodeInvalidParams {
		return false
	}
	return s.find(ctx, s.req.Params.Name) == nil
}
