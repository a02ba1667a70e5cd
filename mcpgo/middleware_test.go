package mcpgo_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/logtest"
	"github.com/mcperr/mcperr/internal/sentence"
	"github.com/mcperr/mcperr/mcpgo"
	"github.com/mcperr/mcperr/render"
)

// connect returns an initialised in-process client of s, speaking the
// legacy protocol revision so that results carry no modern _meta.
func connect(t testing.TB, s *server.MCPServer) *client.Client {
	t.Helper()
	c, err := client.NewInProcessClient(s)
	require.NoError(t, err)
	t.Cleanup(func() { c.Close() })
	require.NoError(t, c.Start(context.Background()))
	var init mcp.InitializeRequest
	init.Params.ProtocolVersion = mcp.LATEST_LEGACY_PROTOCOL_VERSION
	init.Params.ClientInfo = mcp.Implementation{Name: "render-test", Version: "0"}
	_, err = c.Initialize(context.Background(), init)
	require.NoError(t, err)
	return c
}

// callTool calls tool through c and fails t on a protocol error.
func callTool(t testing.TB, c *client.Client, tool string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	res, err := c.CallTool(context.Background(), callRequest(tool, args))
	require.NoError(t, err, "%s: protocol error, want a tool result", tool)
	return res
}

// handler returns a tool handler that returns res and err.
func handler(res *mcp.CallToolResult, err error) server.ToolHandlerFunc {
	return func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) { return res, err }
}

func TestMiddlewareErrors(t *testing.T) {
	var log logtest.Buffer
	mw := mcpgo.Middleware(render.NewRenderer(render.Interbase{}, render.WithLogger(log.Logger())))
	built := mcp.NewToolResultError("built by the handler")
	ok := mcp.NewToolResultText("ok")
	for _, tc := range []struct {
		name    string
		h       server.ToolHandlerFunc
		code    string // "" means the handler's own result, untouched
		same    *mcp.CallToolResult
		logged  string
		notShow string
	}{
		{"model error", handler(nil, errorx.Conflict("Taken.")), errorx.CodeConflict, nil, "", ""},
		{"wrapped model error", handler(nil, fmt.Errorf("reserve: %w", errorx.Conflict("Taken."))), errorx.CodeConflict, nil, "", ""},
		{"classified Go error", handler(nil, fmt.Errorf("read /etc/shadow: %w", os.ErrPermission)), codes.Forbidden, nil, "", "shadow"},
		{"unclassified Go error", handler(nil, errors.New("dial db: password=hunter2")), errorx.CodeInternalError, nil, "password=[redacted]", "hunter2"},
		{"internal model error around a Go error", handler(nil, errorx.Wrap(errors.New("insert: password=hunter2"), errorx.CodeInternalError, "Could not save.")),
			errorx.CodeInternalError, nil, "password=[redacted]", "hunter2"},
		{"internal model error without a cause", handler(nil, errorx.Internal("Could not save.")), errorx.CodeInternal, nil, "", ""},
		{"transient model error around a Go error", handler(nil, errorx.Wrap(errors.New("dial: timeout"), codes.ServiceUnavailable, "Try later.")),
			codes.ServiceUnavailable, nil, "", "dial"},
		{"no result and no error", handler(nil, nil), errorx.CodeInternalError, nil, "neither a result nor an error", ""},
		{"nil *errorx.Error", handler(nil, (*errorx.Error)(nil)), errorx.CodeInternalError, nil, "nil *errorx.Error", ""},
		{"nil *errorx.Error with a result: no error", handler(ok, (*errorx.Error)(nil)), "", ok, "", ""},
		{"nil *errorx.Error with an error result: no error", handler(built, (*errorx.Error)(nil)), "", built, "", ""},
		{"join with a nil *errorx.Error first", handler(nil, errors.Join((*errorx.Error)(nil), errorx.NotFound("Gone."))), errorx.CodeNotFound, nil, "", ""},
		{"%w of a nil *errorx.Error and a model", handler(nil, fmt.Errorf("%w; %w", (*errorx.Error)(nil), errorx.Conflict("Taken."))), errorx.CodeConflict, nil, "", ""},
		{"join with a nil *errorx.Error and an internal model", handler(nil, errors.Join((*errorx.Error)(nil), errorx.Wrap(errors.New("insert: password=hunter2"), errorx.CodeInternalError, "Could not save."))),
			errorx.CodeInternalError, nil, "password=[redacted]", "hunter2"},
		{"wrapped nil *errorx.Error alone", handler(nil, fmt.Errorf("check: %w", (*errorx.Error)(nil))), errorx.CodeInternalError, nil, "unclassified error", ""},
		{"join of nil *errorx.Errors", handler(nil, errors.Join((*errorx.Error)(nil), (*errorx.Error)(nil))), errorx.CodeInternalError, nil, "unclassified error", ""},
		{"result and error: the error wins", handler(ok, errorx.NotFound("Gone.")), errorx.CodeNotFound, nil, "", ""},
		{"error result passes through", handler(built, nil), "", built, "", ""},
		{"success passes through", handler(ok, nil), "", ok, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := len(log.String())
			res, err := mw(tc.h)(context.Background(), callRequest("t", nil))
			require.NoError(t, err, "want a tool result")
			if tc.same != nil {
				assert.Same(t, tc.same, res, "the handler's result was replaced: %s", resultJSON(t, res))
				return
			}
			e, dialect := mcpgo.Decode(res)
			assert.Equal(t, "interbase", dialect, "Decode")
			require.NotNil(t, e, "Decode")
			assert.Equal(t, tc.code, e.Code, "Decode")
			assert.True(t, res.IsError, "Decode")
			assert.Equal(t, "t", e.Tool, "Decode")
			if tc.notShow != "" {
				assert.NotContains(t, resultJSON(t, res), tc.notShow, "the result shows it")
			}
			logged := log.String()[before:]
			if tc.logged == "" {
				assert.Empty(t, logged, "unexpected log")
			}
			assert.NotContains(t, logged, "panicked", "logged as a panic")
			assert.Contains(t, logged, tc.logged, "the log lacks it")
		})
	}
}

func TestMiddlewarePanic(t *testing.T) {
	var log logtest.Buffer
	r := render.NewRenderer(render.ToolError{}, render.WithLogger(log.Logger()))
	h := func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var m map[string]int
		//lint:ignore SA5000 the panic is what this test needs
		m["secret-key"]++
		return nil, nil
	}
	res, err := mcpgo.Middleware(r)(h)(context.Background(), callRequest("boom", nil))
	require.NoError(t, err)
	e, dialect := mcpgo.Decode(res)
	assert.Equal(t, "toolerror", dialect)
	require.NotNil(t, e)
	assert.Equal(t, errorx.CodeInternalError, e.Code)
	assert.Equal(t, errorx.ClassInternal, e.EffectiveClass())
	assert.True(t, res.IsError)
	assert.Equal(t, sentence.PanicError().Message, e.Message)
	for _, s := range []string{"nil map", "secret-key", "goroutine", ".go:"} {
		assert.NotContains(t, resultJSON(t, res), s, "the result shows it")
	}
	for _, s := range []string{"tool handler panicked", `"tool":"boom"`, "assignment to entry in nil map", "goroutine", "middleware_test.go"} {
		assert.Contains(t, log.String(), s, "the log lacks it")
	}

	// Any panic value, including an error and nil.
	for _, v := range []any{errors.New("boom"), 42, nil} {
		res, err := mcpgo.Middleware(r)(func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			panic(v)
		})(context.Background(), callRequest("boom", nil))
		assert.NoError(t, err, "panic(%v)", v)
		if e, _ := mcpgo.Decode(res); assert.NotNil(t, e, "panic(%v)", v) {
			assert.Equal(t, errorx.CodeInternalError, e.Code, "panic(%v)", v)
		}
	}
}

func TestMiddlewareProtocolErrors(t *testing.T) {
	errKeep := errors.New("keep me a protocol error")
	mw := mcpgo.Middleware(render.NewRenderer(render.XML{}, render.WithProtocolErrors(func(err error) bool {
		return errors.Is(err, errKeep)
	})))
	elicit := mcp.URLElicitationRequiredError{Elicitations: []mcp.ElicitationParams{{Mode: "url"}}}
	for _, err := range []error{
		elicit,
		&elicit,
		fmt.Errorf("authorize: %w", elicit),
		fmt.Errorf("wrapped: %w", errKeep),
	} {
		res, got := mw(handler(nil, err))(context.Background(), callRequest("t", nil))
		// (URLElicitationRequiredError values are not comparable.)
		assert.EqualError(t, got, err.Error(), "want the error itself")
		assert.Nil(t, res, "%v: want the error itself", err)
	}

	// Through mcp-go, the URL elicitation stays mcp-go's protocol error.
	s := server.NewMCPServer("t", "0", server.WithToolHandlerMiddleware(mw))
	s.AddTool(mcp.NewTool("login"), handler(nil, elicit))
	_, err := connect(t, s).CallTool(context.Background(), callRequest("login", nil))
	assert.ErrorAs(t, err, new(mcp.URLElicitationRequiredError))
}

// TestMiddlewareInProcess checks through mcp-go that Go errors, panics and
// (nil, nil) never become JSON-RPC errors and that the server keeps serving.
func TestMiddlewareInProcess(t *testing.T) {
	r := render.NewRenderer(render.Envelope{}, render.WithLogger(slog.New(slog.NewTextHandler(io.Discard, nil))))
	s := server.NewMCPServer("t", "0", server.WithToolHandlerMiddleware(mcpgo.Middleware(r)))
	s.AddTool(mcp.NewTool("err"), handler(nil, errors.New("x")))
	s.AddTool(mcp.NewTool("nil"), handler(nil, nil))
	s.AddTool(mcp.NewTool("panic"), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) { panic("x") })
	s.AddTool(mcp.NewTool("ok"), handler(mcp.NewToolResultText("ok"), nil))
	c := connect(t, s)
	for range 3 {
		for _, tool := range []string{"err", "nil", "panic"} {
			e, dialect := mcpgo.Decode(callTool(t, c, tool, nil))
			assert.Equal(t, "envelope", dialect, tool)
			require.NotNil(t, e, tool)
			assert.Equal(t, errorx.CodeInternalError, e.Code, tool)
			assert.Equal(t, tool, e.Tool)
			res := callTool(t, c, "ok", nil)
			require.False(t, res.IsError, "ok after %s: %s", tool, resultJSON(t, res))
			assert.Equal(t, "ok", mcp.GetTextFromContent(res.Content[0]), "ok after %s", tool)
		}
	}
}

// TestMiddlewareOrder checks the interplay with other middlewares: outermost,
// it renders their errors too; with server.WithRecovery on either side a
// panic still gives an INTERNAL_ERROR tool result.
func TestMiddlewareOrder(t *testing.T) {
	var log logtest.Buffer
	mw := mcpgo.Middleware(render.NewRenderer(render.Contract{}, render.WithLogger(log.Logger())))
	deny := func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
		return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			if req.GetString("token", "") == "" {
				return nil, errorx.New(codes.Unauthorized, "A token is required.")
			}
			return next(ctx, req)
		}
	}
	boom := func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) { panic("boom") }

	for _, tc := range []struct {
		name      string
		opts      []server.ServerOption
		code      string
		stackLogs bool
	}{
		{"outermost renders another middleware's error", []server.ServerOption{
			server.WithToolHandlerMiddleware(mw), server.WithToolHandlerMiddleware(deny)}, codes.Unauthorized, false},
		{"outside WithRecovery", []server.ServerOption{
			server.WithToolHandlerMiddleware(mw), server.WithRecovery()}, errorx.CodeInternalError, false},
		{"inside WithRecovery", []server.ServerOption{
			server.WithRecovery(), server.WithToolHandlerMiddleware(mw)}, errorx.CodeInternalError, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := len(log.String())
			s := server.NewMCPServer("t", "0", tc.opts...)
			s.AddTool(mcp.NewTool("boom"), boom)
			e, dialect := mcpgo.Decode(callTool(t, connect(t, s), "boom", nil))
			assert.Equal(t, "contract", dialect)
			require.NotNil(t, e)
			assert.Equal(t, tc.code, e.Code)
			assert.Equal(t, tc.stackLogs, strings.Contains(log.String()[before:], "goroutine"), "stack logged")
		})
	}
}

// TestMiddlewareConcurrent calls failing, panicking and succeeding tools
// from many goroutines (run with -race).
func TestMiddlewareConcurrent(t *testing.T) {
	shared := errorx.NotFound("No such thing.") // returned by every call
	r := render.NewRenderer(render.ToolError{}, render.WithLogger(slog.New(slog.NewTextHandler(io.Discard, nil))))
	s := server.NewMCPServer("t", "0", server.WithToolHandlerMiddleware(mcpgo.Middleware(r)))
	s.AddTool(mcp.NewTool("shared"), handler(nil, shared))
	s.AddTool(mcp.NewTool("schema", mcp.WithOutputSchema[forecast]()), handler(nil, shared))
	s.AddTool(mcp.NewTool("panic"), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) { panic("x") })
	s.AddTool(mcp.NewTool("ok"), handler(mcp.NewToolResultText("ok"), nil))
	c := connect(t, s)
	tools := []string{"shared", "schema", "panic", "ok"}
	var wg sync.WaitGroup
	for g := range 16 {
		wg.Go(func() {
			for i := range 50 {
				tool := tools[(g+i)%len(tools)]
				res, err := c.CallTool(context.Background(), callRequest(tool, map[string]any{"format": []string{"json", "both", "markdown", "x"}[i%4]}))
				if !assert.NoError(t, err, tool) {
					return
				}
				e, _ := mcpgo.Decode(res)
				if tool == "ok" {
					assert.Nil(t, e, tool)
				} else if assert.NotNil(t, e, tool) {
					assert.Equal(t, tool, e.Tool)
				}
			}
		})
	}
	wg.Wait()
	assert.Empty(t, shared.Tool, "the shared error was changed")
}

// TestMiddlewareSuccessAllocs checks that a successful call through the
// middleware allocates no more than the bare handler.
func TestMiddlewareSuccessAllocs(t *testing.T) {
	ok := mcp.NewToolResultText("ok")
	bare := handler(ok, nil)
	wrapped := mcpgo.Middleware(render.NewRenderer(render.Interbase{}))(bare)
	ctx, req := context.Background(), callRequest("t", map[string]any{"format": "json"})
	b := testing.AllocsPerRun(1000, func() { _, _ = bare(ctx, req) })
	w := testing.AllocsPerRun(1000, func() { _, _ = wrapped(ctx, req) })
	assert.Equal(t, b, w, "allocations per successful call: through the middleware, as bare")
}

func BenchmarkMiddleware(b *testing.B) {
	ok := mcp.NewToolResultText("ok")
	bare := handler(ok, nil)
	ctx, req := context.Background(), callRequest("t", nil)
	b.Run("impl=baseline", func(b *testing.B) { // the bare handler
		b.ReportAllocs()
		for b.Loop() {
			_, _ = bare(ctx, req)
		}
	})
	b.Run("impl=mcperr", func(b *testing.B) { // the same handler, wrapped
		wrapped := mcpgo.Middleware(render.NewRenderer(render.Interbase{}))(bare)
		b.ReportAllocs()
		for b.Loop() {
			_, _ = wrapped(ctx, req)
		}
	})
	b.Run("error/impl=mcperr", func(b *testing.B) {
		wrapped := mcpgo.Middleware(render.NewRenderer(render.Interbase{}))(handler(nil, errorx.NotFound("Gone.")))
		b.ReportAllocs()
		for b.Loop() {
			_, _ = wrapped(ctx, req)
		}
	})
}
