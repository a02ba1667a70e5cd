package mcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/render"
)

// Decode recognises the dialect of an mcp-go tool result and returns the
// error it holds and the dialect's name: render.Decode(ToResult(res)). A
// result in no dialect with isError set is a "plain" INTERNAL_ERROR
// holding its text; a result that is neither is no error (nil, ""). Decode
// never panics.
func Decode(res *mcp.CallToolResult) (*errorx.Error, string) {
	return render.Decode(ToResult(res))
}

// ToolCaller is the part of an mcp-go client that CallWithRetry needs;
// *client.Client has it.
type ToolCaller interface {
	CallTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error)
}

// CallWithRetry calls a tool through an mcp-go client and retries the call
// as p decides: render.Retry, the policy and its returns, on mcp-go's
// types. Each result is decoded with Decode, in whatever dialect the server
// speaks; a retryable error is retried after its RetryAfter (up to p's
// MaxRetryAfter) or the policy's backoff; a client error (such as a
// timeout) is classified with errorx.From and retried when transient. It
// returns the last result as the client returned it and, when the call
// failed, its *errorx.Error (or the client's error, or ctx.Err()). A
// result with a ToolFailure block is retried by the draft's rules
// (render.Retry): pass render.Idempotent(true), when the tool's
// annotations say idempotentHint or readOnlyHint, to let a reliability
// failure of an idempotent tool be retried.
func CallWithRetry(ctx context.Context, c ToolCaller, req mcp.CallToolRequest, p render.RetryPolicy, opts ...render.RetryOption) (*mcp.CallToolResult, error) {
	return render.Retry(ctx, p, req.Params.Name, func(ctx context.Context) (*mcp.CallToolResult, *render.Result, error) {
		res, err := c.CallTool(ctx, req)
		return res, ToResult(res), err
	}, opts...)
}
