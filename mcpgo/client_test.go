package mcpgo_test

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/mcpgo"
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
			return mcpgo.FromResult(d.Render(e)), nil
		}
		return mcp.NewToolResultText("done"), nil
	})
	return inProcess(t, s), &calls
}

// inProcess returns an initialized in-process client of s.
func inProcess(t *testing.T, s *server.MCPServer) *client.Client {
	t.Helper()
	c, err := client.NewInProcessClient(s)
	require.NoError(t, err)
	t.Cleanup(func() { c.Close() })
	require.NoError(t, c.Start(t.Context()))
	init := mcp.InitializeRequest{}
	init.Params.ProtocolVersion = mcp.LATEST_LEGACY_PROTOCOL_VERSION
	init.Params.ClientInfo = mcp.Implementation{Name: "test", Version: "1"}
	_, err = c.Initialize(t.Context(), init)
	require.NoError(t, err)
	return c
}

func call(name string) mcp.CallToolRequest {
	var r mcp.CallToolRequest
	r.Params.Name = name
	return r
}

// TestCallWithRetryTransientTwice: a tool failing twice with TRANSIENT and
// then succeeding is called three times, in every dialect.
func TestCallWithRetryTransientTwice(t *testing.T) {
	fast := render.RetryPolicy{InitialDelay: time.Millisecond}
	for _, d := range dialects() {
		t.Run(d.Name(), func(t *testing.T) {
			c, calls := flakyServer(t, d, func(n int) *errorx.Error {
				if n <= 2 {
					return errorx.Transient("Upstream is warming up.")
				}
				return nil
			})
			res, err := mcpgo.CallWithRetry(t.Context(), c, call("flaky"), fast)
			require.NoError(t, err)
			assert.False(t, res.IsError, "result %+v", res)
			assert.Equal(t, int32(3), calls.Load(), "want success after 3 calls")
		})
	}
}

func TestCallWithRetryGivesUp(t *testing.T) {
	fast := render.RetryPolicy{InitialDelay: time.Millisecond}
	always := func(e *errorx.Error) func(int) *errorx.Error { return func(int) *errorx.Error { return e } }

	// Retries exhausted: 1 call + 3 retries, then the decoded error.
	c, calls := flakyServer(t, render.XML{}, always(errorx.New(codes.ServerBusy, "Busy.")))
	res, err := mcpgo.CallWithRetry(t.Context(), c, call("flaky"), fast)
	var e *errorx.Error
	if assert.ErrorAs(t, err, &e, "exhausted") {
		assert.Equal(t, codes.ServerBusy, e.Code, "exhausted")
	}
	assert.NotNil(t, res, "exhausted")
	assert.Equal(t, int32(4), calls.Load(), "exhausted: want SERVER_BUSY after 4 calls")

	// Never retried unchanged: validation.
	c, calls = flakyServer(t, render.Interbase{}, always(errorx.Required("workspace_id")))
	_, err = mcpgo.CallWithRetry(t.Context(), c, call("flaky"), fast)
	e = nil
	if assert.ErrorAs(t, err, &e, "validation") {
		assert.Equal(t, errorx.ClassValidation, e.EffectiveClass(), "validation")
	}
	assert.Equal(t, int32(1), calls.Load(), "validation: want 1 call")

	// A warning is a success.
	c, calls = flakyServer(t, render.XML{}, always(errorx.New(codes.Deprecated, "Use v2.").WithSeverity(errorx.SeverityWarning)))
	_, err = mcpgo.CallWithRetry(t.Context(), c, call("flaky"), fast)
	assert.NoError(t, err, "warning")
	assert.Equal(t, int32(1), calls.Load(), "warning: calls")

	// A protocol error (unknown tool) is returned as it is, not retried.
	_, err = mcpgo.CallWithRetry(t.Context(), c, call("nosuch"), fast)
	assert.Error(t, err, "unknown tool")
	assert.NotErrorAs(t, err, &e, "unknown tool")
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
	_, err := mcpgo.CallWithRetry(t.Context(), c, call("flaky"), render.RetryPolicy{InitialDelay: time.Hour})
	require.NoError(t, err)
	waited := time.Since(start)
	assert.GreaterOrEqual(t, waited, 50*time.Millisecond, "want retry_after's 50ms")
	assert.LessOrEqual(t, waited, 30*time.Second, "want retry_after's 50ms, not the backoff's hour")
	assert.Equal(t, int32(2), calls.Load())

	c, _ = flakyServer(t, render.Contract{}, func(int) *errorx.Error { return errorx.Transient("Down.") })
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Millisecond)
	defer cancel()
	start = time.Now()
	_, err = mcpgo.CallWithRetry(ctx, c, call("flaky"), render.RetryPolicy{InitialDelay: time.Hour})
	assert.ErrorIs(t, err, context.DeadlineExceeded, "cancelled wait")
	assert.LessOrEqual(t, time.Since(start), 10*time.Second, "cancelled wait")
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
	fast := render.RetryPolicy{InitialDelay: time.Millisecond}
	for _, tc := range []struct {
		name    string
		res     *mcp.CallToolResult
		wantErr func(error) bool
	}{
		{"success", mcp.NewToolResultText("charged"), func(err error) bool { return err == nil }},
		{"warning", mcpgo.FromResult(render.Interbase{}.Render(errorx.New(codes.Deprecated, "Use v2.").WithSeverity(errorx.SeverityWarning))),
			func(err error) bool { return err == nil }},
		{"final tool error", mcpgo.FromResult(render.XML{}.Render(errorx.Conflict("Already charged."))), func(err error) bool {
			e, ok := errorx.As(err)
			return ok && e.Code == errorx.CodeConflict
		}},
		// A retryable error: no retry is made once ctx is done; the result
		// stays, and the error says why the retries stopped.
		{"retryable tool error", mcpgo.FromResult(render.Contract{}.Render(errorx.Transient("Down."))), func(err error) bool {
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
			res, err := mcpgo.CallWithRetry(ctx, c, call("charge"), fast)
			assert.Same(t, tc.res, res, "want the received result")
			assert.True(t, tc.wantErr(err), "err %v", err)
			assert.Equal(t, 1, calls)
		})
	}

	// A deadline that passes during the wait keeps the last result too.
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Millisecond)
	defer cancel()
	down := mcpgo.FromResult(render.Envelope{}.Render(errorx.Transient("Down.")))
	c := callerFunc(func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) { return down, nil })
	res, err := mcpgo.CallWithRetry(ctx, c, call("t"), render.RetryPolicy{InitialDelay: time.Hour})
	assert.Same(t, down, res, "cancelled wait: want the last result")
	assert.ErrorIs(t, err, context.DeadlineExceeded, "cancelled wait")
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
	res, err := mcpgo.CallWithRetry(ctx, c, call("charge"), render.RetryPolicy{})
	assert.Nil(t, res)
	assert.ErrorIs(t, err, context.Canceled)
	assert.Zero(t, calls, "want no call")
}

// TestCallWithRetryNoResult: a caller that returns neither a result nor an
// error gives an INTERNAL *errorx.Error, not (nil, nil), and is not retried.
func TestCallWithRetryNoResult(t *testing.T) {
	var calls int
	c := callerFunc(func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		calls++
		return nil, nil
	})
	res, err := mcpgo.CallWithRetry(t.Context(), c, call("t"), render.RetryPolicy{InitialDelay: time.Millisecond})
	assert.Nil(t, res)
	e, ok := errorx.As(err)
	require.True(t, ok, "want an *errorx.Error, got %v", err)
	assert.Equal(t, errorx.ClassInternal, e.EffectiveClass())
	assert.NotEmpty(t, e.Message)
	assert.Equal(t, 1, calls)
}

// TestCallWithRetryCapsRetryAfter: under the zero policy, a server asking
// for a retry after 9,223,372,036 seconds is not waited for (it parked the
// caller for 292 years unless its context had a deadline): CallWithRetry
// returns the result and its error, RetryAfter intact, at once.
func TestCallWithRetryCapsRetryAfter(t *testing.T) {
	forever := time.Duration(9_223_372_036) * time.Second
	for _, d := range dialects() {
		c, calls := flakyServer(t, d, func(int) *errorx.Error { return errorx.RateLimited("Slow down.", forever) })
		done := make(chan error, 1)
		go func() {
			_, err := mcpgo.CallWithRetry(context.Background(), c, call("flaky"), render.RetryPolicy{})
			done <- err
		}()
		select {
		case err := <-done:
			e, ok := errorx.As(err)
			require.True(t, ok, "%s: %v", d.Name(), err)
			assert.Equal(t, errorx.CodeRateLimited, e.Code, d.Name())
			assert.Greater(t, e.RetryAfter, 5*time.Minute, "%s: the error keeps its RetryAfter", d.Name())
			assert.Equal(t, int32(1), calls.Load(), "%s: calls", d.Name())
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: CallWithRetry is still waiting after 10s", d.Name())
		}
	}
}

// Decode reads any dialect back from an mcp-go client's result.
func ExampleDecode() {
	res := mcp.NewToolResultError(`{"code":"RATE_LIMITED","message":"Slow down.","details":{"retry_after":30},"recoverable":true}`)
	e, dialect := mcpgo.Decode(res)
	fmt.Println(dialect, e.Code, e.EffectiveClass(), e.RetryAfter)
	// Output: contract RATE_LIMITED TRANSIENT 30s
}

// FromResult converts what a Renderer renders into mcp-go's result.
func ExampleFromResult() {
	r := render.NewRenderer(render.Interbase{})
	res := mcpgo.FromResult(r.Render(errorx.NotFound("No such project.")))
	fmt.Println(res.IsError, res.Content[0].(mcp.TextContent).Text)
	// Output: true {"type":"NOT_FOUND","message":"No such project.","recoverable":false}
}

// ToolIdempotent reads a tool's annotations for CallWithRetry.
func Example_toolIdempotent() {
	put := mcp.NewTool("kv.put", mcp.WithIdempotentHintAnnotation(true))
	send := mcp.NewTool("mail.send")
	fmt.Println(mcpgo.ToolIdempotent(put), mcpgo.ToolIdempotent(send))
	// A reliability failure of kv.put may be retried; of mail.send, never:
	//	mcpgo.CallWithRetry(ctx, c, req, policy, render.Idempotent(mcpgo.ToolIdempotent(put)))
	// Output: true false
}
