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
// types, with no getter), page by page, once per call, as far as the
// middleware, the Renderer or the handler's RenderRequest asks: a lookup
// reads pages until it finds its tool, every page when it does not. It is
// the seam between the Renderer and go-sdk's tools (render.Tools and
// render.InputSchemas).
type serverTools struct {
	m   *middleware
	req *mcp.CallToolRequest

	mu     sync.Mutex
	tools  []*mcp.Tool     // the tools of the pages read
	next   string          // the cursor of the next page
	done   bool            // every page is read
	asked  map[string]bool // the cursors asked for, past the first page
	list1  mcp.ListToolsRequest
	param1 mcp.ListToolsParams
}

// more reads the next page of tools/list; false once every page is read.
// There is no bound on the pages: a tool past any number of them is still
// checked and rendered as its declaration says (with go-sdk's PageSize 1,
// 100 pages left tools 101 and on unchecked). The listing ends at the
// last page, at a failure, or at a cursor asked for before (a handler
// below that loops). Called with s.mu held.
func (s *serverTools) more(ctx context.Context) bool {
	if s.done {
		return false
	}
	req := &s.list1
	if s.next == "" {
		s.list1 = mcp.ListToolsRequest{Session: s.req.Session, Params: &s.param1, Extra: s.req.Extra}
	} else {
		if s.asked[s.next] {
			s.done = true
			return false
		}
		if s.asked == nil {
			s.asked = map[string]bool{}
		}
		s.asked[s.next] = true
		req = &mcp.ListToolsRequest{Session: s.req.Session, Params: &mcp.ListToolsParams{Cursor: s.next}, Extra: s.req.Extra}
	}
	res, err := s.m.next(ctx, methodListTools, req)
	list, ok := res.(*mcp.ListToolsResult)
	if err != nil || !ok || list == nil {
		s.done = true
		return false
	}
	if s.tools == nil {
		s.tools = list.Tools[:len(list.Tools):len(list.Tools)] // one page: go-sdk's own slice
	} else {
		s.tools = append(s.tools, list.Tools...)
	}
	s.next = list.NextCursor
	s.done = s.next == ""
	return true
}

// list returns the server's tools, as tools/list gives them through the
// handlers below the middleware, every page read.
func (s *serverTools) list(ctx context.Context) []*mcp.Tool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for s.more(ctx) {
	}
	return s.tools
}

// find returns the tool named name, or nil: from the pages read, then
// reading more until it is found.
func (s *serverTools) find(ctx context.Context, name string) *mcp.Tool {
	s.mu.Lock()
	defer s.mu.Unlock()
	from := 0
	for {
		for _, t := range s.tools[from:] {
			if t != nil && t.Name == name {
				return t
			}
		}
		from = len(s.tools)
		if !s.more(ctx) {
			return nil
		}
	}
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
