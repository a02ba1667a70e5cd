package gosdk

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/render"
)

// Decode recognises the dialect of a go-sdk tool result and returns the
// error it holds and the dialect's name: render.Decode(ToResult(res)). A
// result in no dialect with isError set is a "plain" INTERNAL_ERROR
// holding its text; a result that is neither is no error (nil, ""). Decode
// never panics.
func Decode(res *mcp.CallToolResult) (*errorx.Error, string) {
	return render.Decode(ToResult(res))
}

// CallWithRetry calls a tool through a go-sdk client session and retries
// the call as p decides: render.Retry, the policy and its returns, on
// go-sdk's types. Each result is decoded with Decode, in whatever dialect
// the server speaks; a retryable error is retried after its RetryAfter (up
// to p's MaxRetryAfter) or the policy's backoff; a client error (such as a
// timeout) is classified with errorx.From and retried when transient. It
// returns the last go-sdk result as the session returned it and, when the
// call failed, its *errorx.Error (or the session's error, or ctx.Err()).
// A result with a ToolFailure block is retried by the draft's rules
// (render.Retry): pass render.Idempotent(true), when the tool's
// annotations say idempotentHint or readOnlyHint, to let a reliability
// failure of an idempotent tool be retried.
func CallWithRetry(ctx context.Context, c *mcp.ClientSession, params *mcp.CallToolParams, p render.RetryPolicy, opts ...render.RetryOption) (*mcp.CallToolResult, error) {
	if params == nil {
		params = &mcp.CallToolParams{}
	}
	return render.Retry(ctx, p, params.Name, func(ctx context.Context) (*mcp.CallToolResult, *render.Result, error) {
		res, err := c.CallTool(ctx, params)
		return res, ToResult(res), err
	}, opts...)
}
