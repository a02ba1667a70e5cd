package render_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/render"
)

// flakyServer serves one tool, "flaky", that fails with fail(call) until it
// returns nil, in dialect d; it counts the calls.
func flakyServer(t *testing.T, d render.Dialect, fail func(call int) *errorx.Error) (*client.Client, *atomic.Int32) {
	t.Helper()
	var calls atomic.Int32
	s := server.NewMCPServer("flaky", "1.0.0")
	s.AddTool(mcp.NewTool("flaky"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if e := fail(int(calls.Add(1))); e != nil {
			return d.Render(e), nil
		}
		return mcp.NewToolResultText("done"), nil
	})
	c, err := client.NewInProcessClient(s)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	if err := c.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	init := mcp.InitializeRequest{}
	init.Params.ProtocolVersion = mcp.LATEST_LEGACY_PROTOCOL_VERSION
	init.Params.ClientInfo = mcp.Implementation{Name: "test", Version: "1"}
	if _, err := c.Initialize(t.Context(), init); err != nil {
		t.Fatal(err)
	}
	return c, &calls
}

func call(name string) mcp.CallToolRequest {
	var r mcp.CallToolRequest
	r.Params.Name = name
	return r
}

// TestCallWithRetryTransientTwice: a tool failing twice with TRANSIENT and
// then succeeding is called three times, in every dialect.
func TestCallWithRetryTransientTwice(t *testing.T) {
	fast := errorx.RetryPolicy{InitialDelay: time.Millisecond}
	for _, d := range dialects() {
		t.Run(d.Name(), func(t *testing.T) {
			c, calls := flakyServer(t, d, func(n int) *errorx.Error {
				if n <= 2 {
					return errorx.Transient("Upstream is warming up.")
				}
				return nil
			})
			res, err := render.CallWithRetry(t.Context(), c, call("flaky"), fast)
			if err != nil || res.IsError || calls.Load() != 3 {
				t.Fatalf("err %v, result %+v, %d calls; want success after 3 calls", err, res, calls.Load())
			}
		})
	}
}

func TestCallWithRetryGivesUp(t *testing.T) {
	fast := errorx.RetryPolicy{InitialDelay: time.Millisecond}
	always := func(e *errorx.Error) func(int) *errorx.Error { return func(int) *errorx.Error { return e } }

	// Retries exhausted: 1 call + 3 retries, then the decoded error.
	c, calls := flakyServer(t, render.XML{}, always(errorx.New(errorx.CodeServerBusy, "Busy.")))
	res, err := render.CallWithRetry(t.Context(), c, call("flaky"), fast)
	var e *errorx.Error
	if !errors.As(err, &e) || e.Code != errorx.CodeServerBusy || res == nil || calls.Load() != 4 {
		t.Errorf("exhausted: err %v, %d calls; want SERVER_BUSY after 4 calls", err, calls.Load())
	}

	// Never retried unchanged: validation.
	c, calls = flakyServer(t, render.Interbase{}, always(errorx.Required("workspace_id")))
	_, err = render.CallWithRetry(t.Context(), c, call("flaky"), fast)
	if !errors.As(err, &e) || e.EffectiveClass() != errorx.ClassValidation || calls.Load() != 1 {
		t.Errorf("validation: err %v, %d calls; want 1 call", err, calls.Load())
	}

	// A warning is a success.
	c, calls = flakyServer(t, render.XML{}, always(errorx.New(errorx.CodeDeprecated, "Use v2.").WithSeverity(errorx.SeverityWarning)))
	if _, err = render.CallWithRetry(t.Context(), c, call("flaky"), fast); err != nil || calls.Load() != 1 {
		t.Errorf("warning: err %v, %d calls", err, calls.Load())
	}

	// A protocol error (unknown tool) is returned as it is, not retried.
	if _, err = render.CallWithRetry(t.Context(), c, call("nosuch"), fast); err == nil || errors.As(err, &e) {
		t.Errorf("unknown tool: err %v", err)
	}
}

// TestCallWithRetryHonoursRetryAfterAndContext: the server's retry_after
// wins over the backoff, and cancelling the context stops the wait.
func TestCallWithRetryHonoursRetryAfterAndContext(t *testing.T) {
	c, calls := flakyServer(t, render.Envelope{}, func(n int) *errorx.Error {
		if n == 1 {
			return errorx.RateLimited("Slow down.", 50*time.Millisecond)
		}
		return nil
	})
	start := time.Now()
	if _, err := render.CallWithRetry(t.Context(), c, call("flaky"), errorx.RetryPolicy{InitialDelay: time.Hour}); err != nil {
		t.Fatal(err)
	}
	if waited := time.Since(start); waited < 50*time.Millisecond || waited > 30*time.Second || calls.Load() != 2 {
		t.Errorf("waited %v over %d calls; want retry_after's 50ms, not the backoff's hour", waited, calls.Load())
	}

	c, _ = flakyServer(t, render.Contract{}, func(int) *errorx.Error { return errorx.Transient("Down.") })
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Millisecond)
	defer cancel()
	start = time.Now()
	_, err := render.CallWithRetry(ctx, c, call("flaky"), errorx.RetryPolicy{InitialDelay: time.Hour})
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 10*time.Second {
		t.Errorf("cancelled wait: err %v after %v", err, time.Since(start))
	}
}

// callerFunc is a ToolCaller made of a function.
type callerFunc func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error)

func (f callerFunc) CallTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return f(ctx, req)
}

// TestCallWithRetryResultAfterDeadline: a result received after ctx is done
// is returned as it is, never replaced by ctx.Err(): a call that is not
// idempotent may have taken effect.
func TestCallWithRetryResultAfterDeadline(t *testing.T) {
	fast := errorx.RetryPolicy{InitialDelay: time.Millisecond}
	for _, tc := range []struct {
		name    string
		res     *mcp.CallToolResult
		wantErr func(error) bool
	}{
		{"success", mcp.NewToolResultText("charged"), func(err error) bool { return err == nil }},
		{"warning", render.Interbase{}.Render(errorx.New(errorx.CodeDeprecated, "Use v2.").WithSeverity(errorx.SeverityWarning)),
			func(err error) bool { return err == nil }},
		{"final tool error", render.XML{}.Render(errorx.Conflict("Already charged.")), func(err error) bool {
			e, ok := errorx.As(err)
			return ok && e.Code == errorx.CodeConflict
		}},
		// A retryable error: no retry is made once ctx is done; the result
		// stays, and the error says why the retries stopped.
		{"retryable tool error", render.Contract{}.Render(errorx.Transient("Down.")), func(err error) bool {
			return errors.Is(err, context.Canceled)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(t.Context())
			defer cancel()
			var calls int
			c := callerFunc(func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				calls++
				cancel() // the deadline passes while the server works
				return tc.res, nil
			})
			res, err := render.CallWithRetry(ctx, c, call("charge"), fast)
			if res != tc.res || !tc.wantErr(err) || calls != 1 {
				t.Errorf("got %v, %v after %d calls; want the received result", res, err, calls)
			}
		})
	}

	// A deadline that passes during the wait keeps the last result too.
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Millisecond)
	defer cancel()
	down := render.Envelope{}.Render(errorx.Transient("Down."))
	c := callerFunc(func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) { return down, nil })
	res, err := render.CallWithRetry(ctx, c, call("t"), errorx.RetryPolicy{InitialDelay: time.Hour})
	if res != down || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("cancelled wait: %v, %v; want the last result and the deadline", res, err)
	}
}

// TestCallWithRetryDoneContext: a context that is already done makes no
// call.
func TestCallWithRetryDoneContext(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	var calls int
	c := callerFunc(func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		calls++
		return mcp.NewToolResultText("charged"), nil
	})
	res, err := render.CallWithRetry(ctx, c, call("charge"), errorx.DefaultRetryPolicy)
	if res != nil || !errors.Is(err, context.Canceled) || calls != 0 {
		t.Errorf("got %v, %v after %d calls; want no call and context.Canceled", res, err, calls)
	}
}

// TestCallWithRetryNoResult: a caller that returns neither a result nor an
// error gives an INTERNAL *errorx.Error, not (nil, nil), and is not retried.
func TestCallWithRetryNoResult(t *testing.T) {
	var calls int
	c := callerFunc(func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		calls++
		return nil, nil
	})
	res, err := render.CallWithRetry(t.Context(), c, call("t"), errorx.RetryPolicy{InitialDelay: time.Millisecond})
	e, ok := errorx.As(err)
	if res != nil || !ok || e.EffectiveClass() != errorx.ClassInternal || e.Message == "" || calls != 1 {
		t.Errorf("got %v, %v after %d calls; want an INTERNAL *errorx.Error after 1 call", res, err, calls)
	}
}
