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
// RetryAfter or the policy's backoff. A client error (the call did not
// produce a result) is classified with errorx.From and retried the same way
// when it is transient, such as a timeout.
//
// It returns the last result and nil when the call succeeded (a warning is a
// success); the last result and its *errorx.Error when the tool failed and
// no retry is left; or a nil result and the client's error. Waiting honours
// ctx: when ctx is done, CallWithRetry returns ctx.Err().
func CallWithRetry(ctx context.Context, c ToolCaller, req mcp.CallToolRequest, p errorx.RetryPolicy) (*mcp.CallToolResult, error) {
	for retry := 1; ; retry++ {
		res, err := c.CallTool(ctx, req)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		var failure *errorx.Error
		var out error
		switch {
		case err != nil:
			failure, out = errorx.From(err), err
		case res == nil:
			return nil, nil
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
		t := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		case <-t.C:
		}
	}
}
