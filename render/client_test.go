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
