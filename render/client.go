package render

import (
	"context"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/mcperr/mcperr/errorx"
)

// ToolCaller is the part of an MCP client that CallWithRetry needs; mcp-go's
// *client.Client has it.
type ToolCaller interface {
	CallTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error)
}

// CallWithRetry calls a tool and retries the call as p decides
// (errorx.RetryPolicy.Next): the result is decoded in whatever dialect the
// server speaks (Decode), and a retryable error is retried after its
// RetryAfter or the policy's backoff. A RetryAfter longer than p's
// MaxRetryAfter (five minutes by default) is not waited for: the retries
// end with that error. A client error (the call did not
// produce a result) is classified with errorx.From and retried the same way
// when it is transient, such as a timeout.
//
// It returns:
//
//   - the result and nil when the call succeeded (a warning is a success);
//   - the last result and its *errorx.Error when the tool failed and no
//     retry is left;
//   - the client's result (normally nil) and its error when the call failed
//     without a result and no retry is left;
//   - a nil result and an *errorx.Error of class INTERNAL when c returned
//     neither a result nor an error (not retried);
//   - the last attempt's result (nil when there was none) and ctx.Err()
//     when ctx is done before an attempt or while waiting for the next one:
//     an already-done ctx makes no call.
//
// Only starting an attempt and waiting between attempts honour ctx. A
// result received after ctx is done is returned as it is, never replaced
// by ctx.Err(): a call that is not idempotent may have taken effect.
func CallWithRetry(ctx context.Context, c ToolCaller, req mcp.CallToolRequest, p errorx.RetryPolicy) (*mcp.CallToolResult, error) {
	var last *mcp.CallToolResult
	for retry := 1; ; retry++ {
		if err := ctx.Err(); err != nil {
			return last, err
		}
		res, err := c.CallTool(ctx, req)
		var failure *errorx.Error
		var out error
		switch {
		case err != nil:
			failure, out = errorx.From(err), err
		case res == nil:
			return nil, errorx.New(errorx.CodeInternalError, "The tool call returned no result.").
				WithClass(errorx.ClassInternal).
				WithTool(req.Params.Name)
		default:
			if e, _ := Decode(res); e != nil && e.IsError() {
				failure, out = e, e
			}
		}
		if failure == nil {
			return res, nil
		}
		delay, again := p.Next(failure, retry)
		if !again {
			return res, out
		}
		last = res
		t := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			t.Stop()
			return last, ctx.Err()
		case <-t.C:
		}
	}
}
