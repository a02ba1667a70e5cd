package gosdk

import (
	"context"
	"slices"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcperr/mcperr/render"
	"github.com/mcperr/mcperr/validation"
)

// maxSuggested is how many of the closest tools an unknown tool's error
// names.
const maxSuggested = 3

// unknownTool answers the call c of a tool the server does not have, as
// the Renderer's policy says (render.Renderer.HandleUnknownTool): by
// default the specification's JSON-RPC error, -32602, with the closest
// tools and the advice to list the tools again in its message and the
// error in its data; with render.WithUnknownToolResult, an UNKNOWN_TOOL
// tool result.
func (m *middleware) unknownTool(ctx context.Context, c *render.Call, tools *serverTools) (mcp.Result, error) {
	res, rpc := m.r.HandleUnknownTool(ctx, c, tools.near(ctx))
	if rpc != nil {
		return nil, &jsonrpc.Error{Code: rpc.Code, Message: rpc.Message, Data: rpc.Data}
	}
	return FromResult(res), nil
}

// near returns up to maxSuggested of the server's tools closest to the
// name called, the nearest first, as tools/list through the middlewares
// below gives them: a tool hidden from the session is never suggested.
func (s *serverTools) near(ctx context.Context) []string {
	var names []string
	for _, t := range s.list(ctx) {
		if t != nil {
			names = append(names, t.Name)
		}
	}
	return closestTools(s.req.Params.Name, names)
}

// closestTools returns up to maxSuggested tools near name, the nearest
// first: validation.Closest, asked again without the tools it already gave.
func closestTools(name string, tools []string) []string {
	rest := slices.Clone(tools)
	var near []string
	for len(near) < maxSuggested {
		best, ok := validation.Closest(name, rest...)
		if !ok {
			break
		}
		near = append(near, best)
		rest = slices.DeleteFunc(rest, func(t string) bool { return t == best })
	}
	return near
}
