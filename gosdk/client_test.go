package gosdk_test

import (
	"context"
	"encoding/json"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/gosdk"
	"github.com/mcperr/mcperr/render"
)

// flakyServer has a tool "flaky" that fails with a transient error (retry
// after 1ms) fails times, then succeeds; calls counts its calls.
func flakyServer(fails int32, calls *atomic.Int32) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "0"}, nil)
	s.AddReceivingMiddleware(gosdk.Middleware(quiet(render.Contract{})))
	s.AddTool(&mcp.Tool{Name: "flaky", InputSchema: map[string]any{"type": "object"}},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			if calls.Add(1) <= fails {
				return nil, errorx.Transient("The store is busy.").WithRetryAfter(time.Millisecond)
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "done"}}}, nil
		})
	gosdk.AddTool(s, &mcp.Tool{Name: "signup"}, func(context.Context, *mcp.CallToolRequest, signup) (*mcp.CallToolResult, any, error) {
		calls.Add(1)
		return nil, nil, nil
	})
	return s
}

var fast = render.RetryPolicy{MaxAttempts: 2, InitialDelay: time.Millisecond, MaxDelay: 5 * time.Millisecond}

// TestCallWithRetry: a transient error is retried until the call succeeds
// or the policy gives up; a validation error is not retried; the result is
// go-sdk's, as the session returned it.
func TestCallWithRetry(t *testing.T) {
	ctx := context.Background()
	var calls atomic.Int32
	cs := connect(t, flakyServer(2, &calls))
	res, err := gosdk.CallWithRetry(ctx, cs, &mcp.CallToolParams{Name: "flaky"}, fast)
	if err != nil || res == nil || res.IsError || res.Content[0].(*mcp.TextContent).Text != "done" || calls.Load() != 3 {
		t.Fatalf("recovering call: %+v, %v after %d calls; want the success after 3", res, err, calls.Load())
	}

	calls.Store(0)
	cs = connect(t, flakyServer(10, &calls))
	res, err = gosdk.CallWithRetry(ctx, cs, &mcp.CallToolParams{Name: "flaky"}, fast)
	var e *errorx.Error
	if !errors.As(err, &e) || e.Code != errorx.CodeTransient || res == nil || !res.IsError || calls.Load() != 3 {
		t.Fatalf("failing call: %+v, %v after %d calls; want the last result and its TRANSIENT error after 3", res, err, calls.Load())
	}

	calls.Store(0)
	res, err = gosdk.CallWithRetry(ctx, cs, &mcp.CallToolParams{Name: "signup", Arguments: badSignups["many_fields"]}, fast)
	if !errors.As(err, &e) || e.Code != "INVALID_INPUT" || len(e.Fields) == 0 || res == nil || calls.Load() != 0 {
		t.Fatalf("invalid call: %+v, %v after %d handler calls; want INVALID_INPUT with fields, not retried", res, err, calls.Load())
	}
}

// TestCallWithRetryProtocolError: a call go-sdk answers with a JSON-RPC
// error (a server without the Middleware, an unknown tool) returns that
// error and no result, without retrying.
func TestCallWithRetryProtocolError(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "0"}, nil)
	var calls atomic.Int32
	s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method == "tools/call" {
				calls.Add(1)
			}
			return next(ctx, method, req)
		}
	})
	res, err := gosdk.CallWithRetry(context.Background(), connect(t, s), &mcp.CallToolParams{Name: "nope"}, fast)
	if res != nil || err == nil || calls.Load() != 1 {
		t.Errorf("%+v, %v after %d calls", res, err, calls.Load())
	}
}

// TestDecodeWithoutMiddleware: Decode reads what a go-sdk server without
// mcperr sends: a typed tool's error text as a plain INTERNAL_ERROR, a
// success as no error.
func TestDecodeWithoutMiddleware(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "0"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "fail"}, func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, any, error) {
		return nil, nil, errors.New("disk full")
	})
	mcp.AddTool(s, &mcp.Tool{Name: "ok"}, func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, out, error) {
		return nil, out{Count: 1}, nil
	})
	cs := connect(t, s)
	if e, dialect := gosdk.Decode(call(t, cs, "fail", nil)); e == nil || dialect != "plain" || e.Message != "disk full" {
		t.Errorf("fail: %s %v", dialect, e)
	}
	if e, dialect := gosdk.Decode(call(t, cs, "ok", nil)); e != nil || dialect != "" {
		t.Errorf("ok: %s %v", dialect, e)
	}
	if e, dialect := gosdk.Decode(nil); e != nil || dialect != "" {
		t.Errorf("nil: %s %v", dialect, e)
	}
}

// TestDecodeUnencodable: a result built in process whose structuredContent
// cannot be encoded is read from its text.
func TestDecodeUnencodable(t *testing.T) {
	res := gosdk.FromResult(render.NewRenderer(render.XML{}).Render(errorx.NotFound("gone")))
	res.StructuredContent = func() {}
	if e, dialect := gosdk.Decode(res); e == nil || dialect != "xml" || e.Code != "NOT_FOUND" {
		t.Errorf("%s %v", dialect, e)
	}
	res.Content = []mcp.Content{&mcp.TextContent{Text: "x", Meta: mcp.Meta{"f": func() {}}}}
	if e, dialect := gosdk.Decode(res); e == nil || dialect != "plain" {
		t.Errorf("%s %v", dialect, e)
	}
}

func jsonOf(e *errorx.Error) string {
	b, _ := json.Marshal(e)
	return string(b)
}

// TestCallWithRetryCapsRetryAfter: under the zero policy, a server asking
// for a retry after 292 years is not waited for: the last result and its
// error come back at once.
func TestCallWithRetryCapsRetryAfter(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "0"}, nil)
	s.AddReceivingMiddleware(gosdk.Middleware(quiet(render.XML{})))
	var calls atomic.Int32
	s.AddTool(&mcp.Tool{Name: "busy", InputSchema: map[string]any{"type": "object"}},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			calls.Add(1)
			return nil, errorx.RateLimited("Slow down.", time.Duration(9_223_372_036)*time.Second)
		})
	cs := connect(t, s)
	done := make(chan error, 1)
	go func() {
		_, err := gosdk.CallWithRetry(context.Background(), cs, &mcp.CallToolParams{Name: "busy"}, render.RetryPolicy{})
		done <- err
	}()
	select {
	case err := <-done:
		var e *errorx.Error
		if !errors.As(err, &e) || e.Code != errorx.CodeRateLimited || calls.Load() != 1 {
			t.Errorf("%v after %d calls; want RATE_LIMITED after one", err, calls.Load())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("CallWithRetry is still waiting after 10s")
	}
}
