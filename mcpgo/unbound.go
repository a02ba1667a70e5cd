package mcpgo

import (
	"context"
	"runtime"
	"sync"
	"weak"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/mcperr/mcperr/render"
)

// unboundResult returns the result Handler gives for err, arguments that
// fail binding: what a server without Middleware sends, the error as the
// zero Renderer renders it (render.NewRenderer(nil): the interbase dialect,
// isError, the field summary), the same on go-sdk (gosdk.AddTool). err is
// recorded for Middleware, which renders it again in the server's dialect.
func unboundResult(ctx context.Context, req mcp.CallToolRequest, err error) *mcp.CallToolResult {
	c := call(req)
	res, perr := (&render.Renderer{}).HandleError(ctx, &c, err)
	if perr != nil { // not a binding error's case; kept for the SDK
		return nil
	}
	out := FromResult(res)
	unrendered.Store(weak.Make(out), err)
	runtime.AddCleanup(out, func(k weak.Pointer[mcp.CallToolResult]) { unrendered.Delete(k) }, weak.Make(out))
	return out
}

// unrendered holds the errors of the results unboundResult made, until
// Middleware takes them (takeUnrendered) or the result is collected: a
// result is never changed to carry one.
var unrendered sync.Map // weak.Pointer[mcp.CallToolResult] → error

// takeUnrendered returns the error unboundResult recorded for res, and
// forgets it; nil for any other result.
func takeUnrendered(res *mcp.CallToolResult) error {
	v, ok := unrendered.LoadAndDelete(weak.Make(res))
	if !ok {
		return nil
	}
	return v.(error)
}
