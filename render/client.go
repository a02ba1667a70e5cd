package render

import (
	"context"
	"time"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/toolfailure"
)

// Retry calls a tool through attempt and retries the call as p decides
// (RetryPolicy.next): it is the retry loop of the adapters'
// CallWithRetry (mcpgo, gosdk), over any client's result type R. attempt
// makes one call and returns the client's result, that result as a Result
// (nil when the client returned none) and the client's error; tool names
// the tool in the error for a call that returned nothing.
//
// Each result is decoded in whatever dialect the server speaks (Decode),
// and a retryable error is retried after its RetryAfter or the policy's
// backoff, at most p's MaxDelay. A RetryAfter longer than p's MaxRetryAfter (five minutes by
// default) is not waited for: the retries end with that error. A client
// error (the call did not produce a result) is classified with errorx.From
// and retried the same way when it is transient, such as a timeout.
//
// It returns:
//
//   - the result and nil when the call succeeded (a warning is a success);
//   - the last result and its *errorx.Error when the tool failed and no
//     retry is left;
//   - the client's result (normally the zero R) and its error when the
//     call failed without a result and no retry is left;
//   - the zero R and an *errorx.Error of class INTERNAL when attempt
//     returned neither a result nor an error (not retried);
//   - the last attempt's result (the zero R when there was none) and
//     ctx.Err() when ctx is done before an attempt or while waiting for the
//     next one: an already-done ctx makes no call.
//
// Only starting an attempt and waiting between attempts honour ctx. A
// result received after ctx is done is returned as it is, never replaced
// by ctx.Err(): a call that is not idempotent may have taken effect.
//
// A result whose _meta holds a ToolFailure block (toolfailure.Read) is
// retried by the draft's rules too, on top of p's: a capability or
// governance failure never; a reliability failure only when the block says
// it is retryable and the call is safe to repeat (Idempotent, which the
// adapters derive from the tool's annotations), and after the wait until
// its retryNotBefore, which p holds to the rule of a RetryAfter: a wait
// longer than p's MaxRetryAfter ends the retries, and p's MaxDelay caps it.
func Retry[R any](ctx context.Context, p RetryPolicy, tool string, attempt func(context.Context) (R, *Result, error), opts ...RetryOption) (R, error) {
	var o retryOptions
	for _, opt := range opts {
		opt(&o)
	}
	var last R
	for retry := 1; ; retry++ {
		if err := ctx.Err(); err != nil {
			return last, err
		}
		res, neutral, err := attempt(ctx)
		var failure *errorx.Error
		var out error
		switch {
		case err != nil:
			failure, out = errorx.From(err), err
		case neutral == nil:
			var zero R
			return zero, errorx.New(errorx.CodeInternalError, "The tool call returned no result.").
				WithClass(errorx.ClassInternal).
				WithTool(tool)
		default:
			if e, _ := Decode(neutral); e != nil && isError(e) {
				failure, out = e, e
			}
		}
		if failure == nil {
			return res, nil
		}
		ask := failure
		if neutral != nil && err == nil {
			if f, ok := toolfailure.Read(neutral.Meta); ok {
				ask = o.ask(failure, f, now())
			}
		}
		delay, again := p.next(ask, retry)
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

// A RetryOption tells Retry (and the adapters' CallWithRetry) about the
// call.
type RetryOption func(*retryOptions)

type retryOptions struct {
	idempotent bool
}

// Idempotent says whether calling the tool again with the same arguments
// is safe (the tool's idempotentHint or readOnlyHint, or the caller's own
// knowledge): only then does Retry repeat a call whose result carries a
// ToolFailure block of class reliability. Without it, such a call is not
// repeated. A tool's annotations say it: idempotentHint or readOnlyHint
// (MCP's defaults say neither).
func Idempotent(ok bool) RetryOption {
	return func(o *retryOptions) { o.idempotent = ok }
}

// ask returns the error whose retry p decides, e as the ToolFailure block
// f of its result amends it, at now: nil (no retry) for a failure the
// block says is not worth repeating, or a call not known to be safe to
// repeat; else e, with its RetryAfter raised to the wait until f's
// retryNotBefore. The wait a server asks for in the block is then held to
// the same rule as one it asks for in the dialect (RetryPolicy.next): not
// waited for past MaxRetryAfter, and capped at MaxDelay.
func (o retryOptions) ask(e *errorx.Error, f toolfailure.Failure, now time.Time) *errorx.Error {
	if f.Class != toolfailure.Reliability || !f.Retryable || !o.idempotent {
		return nil
	}
	if f.RetryNotBefore > 0 {
		if wait := time.UnixMilli(f.RetryNotBefore).Sub(now); wait > e.RetryAfter {
			cp := *e
			cp.RetryAfter = wait
			return &cp
		}
	}
	return e
}
