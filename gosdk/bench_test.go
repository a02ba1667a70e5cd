package gosdk_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/gosdk"
	"github.com/mcperr/mcperr/render"
)

// The benchmarks pair the adapter (impl=mcperr) with a baseline in the
// same run (impl=baseline), as render's do: go test -run '^$' -bench .
// -benchmem ./gosdk.

func callRequest() *mcp.CallToolRequest {
	return &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "files.read", Arguments: json.RawMessage(`{"path":"docs/roadmap.md"}`)}}
}

// BenchmarkMiddlewareSuccess: a successful tools/call through the
// middleware, against the same go-sdk method handler called bare.
func BenchmarkMiddlewareSuccess(b *testing.B) {
	ok := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "fine"}}}
	next := func(context.Context, string, mcp.Request) (mcp.Result, error) { return ok, nil }
	ctx, req := context.Background(), callRequest()
	wrapped := gosdk.Middleware(render.NewRenderer(render.XML{}))(next)
	b.Run("impl=baseline", func(b *testing.B) {
		for b.Loop() {
			_, _ = next(ctx, "tools/call", req)
		}
	})
	b.Run("impl=mcperr", func(b *testing.B) {
		for b.Loop() {
			_, _ = wrapped(ctx, "tools/call", req)
		}
	})
}

// BenchmarkMiddlewareError: a handler's error rendered as a go-sdk tool
// result, against the same error rendered by the Renderer alone
// (RenderCall) and converted (FromResult): the cost of the adapter around
// the policy (its call state, telling the Renderer about the call).
func BenchmarkMiddlewareError(b *testing.B) {
	e := errorx.NotFound("File \"docs/roadmap.md\" does not exist.").WithActions("files.list").WithDetail("path", "docs/roadmap.md")
	r := render.NewRenderer(render.XML{})
	ctx, req := context.Background(), callRequest()
	next := func(context.Context, string, mcp.Request) (mcp.Result, error) { return nil, e }
	wrapped := gosdk.Middleware(r)(next)
	c := &render.Call{Tool: "files.read", Arguments: req.Params.Arguments}
	b.Run("impl=baseline", func(b *testing.B) {
		for b.Loop() {
			_ = gosdk.FromResult(r.RenderCall(ctx, c, e))
		}
	})
	b.Run("impl=mcperr", func(b *testing.B) {
		for b.Loop() {
			_, _ = wrapped(ctx, "tools/call", req)
		}
	})
}

// BenchmarkCallInMemory: a whole successful call, client to server and
// back over go-sdk's in-memory transports, with and without the
// middleware.
func BenchmarkCallInMemory(b *testing.B) {
	for _, impl := range []string{"baseline", "mcperr"} {
		b.Run("impl="+impl, func(b *testing.B) {
			s := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "0"}, nil)
			if impl == "mcperr" {
				s.AddReceivingMiddleware(gosdk.Middleware(render.NewRenderer(render.XML{})))
			}
			s.AddTool(&mcp.Tool{Name: "ok", InputSchema: map[string]any{"type": "object"}},
				func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
					return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "fine"}}}, nil
				})
			cs := connect(b, s)
			params := &mcp.CallToolParams{Name: "ok", Arguments: map[string]any{"q": "x"}}
			for b.Loop() {
				if _, err := cs.CallTool(context.Background(), params); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestMiddlewareSuccessAllocs: a successful call through the middleware,
// its arguments checked against the tool's inputSchema, allocates two
// values more than the bare handler (the call's state, which holds the
// server's tools as listed, and the context value RenderRequest reads),
// nothing else: the arguments are checked in place (the quick verdict),
// the schema compiled once.
func TestMiddlewareSuccessAllocs(t *testing.T) {
	ok := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "fine"}}}
	list := &mcp.ListToolsResult{Tools: []*mcp.Tool{{Name: "files.read", InputSchema: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string","minLength":1}},"required":["path"],"additionalProperties":false}`)}}}
	listed := 0
	next := func(_ context.Context, method string, _ mcp.Request) (mcp.Result, error) {
		if method == "tools/list" {
			listed++
			return list, nil
		}
		return ok, nil
	}
	ctx, req := context.Background(), callRequest()
	wrapped := gosdk.Middleware(render.NewRenderer(render.ToolError{}))(next)
	bare := testing.AllocsPerRun(1000, func() { _, _ = next(ctx, "tools/call", req) })
	got := testing.AllocsPerRun(1000, func() { _, _ = wrapped(ctx, "tools/call", req) })
	if got > bare+2 {
		t.Errorf("%v allocations per successful call, the bare handler %v", got, bare)
	}
	if listed == 0 {
		t.Errorf("the tools were not listed: the arguments were not checked")
	}
}

// methodHandler returns go-sdk's own method handler of a server with the
// tools of schemaServer and filler more raw tools, and a session it
// serves: what the Middleware wraps, captured below it.
func methodHandler(b *testing.B, filler int) (mcp.MethodHandler, *mcp.ServerSession) {
	s := mcp.NewServer(&mcp.Implementation{Name: "bench", Version: "0"}, nil)
	var next mcp.MethodHandler
	var session *mcp.ServerSession
	s.AddReceivingMiddleware(func(h mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if call, ok := req.(*mcp.CallToolRequest); ok && session == nil {
				next, session = h, call.Session
			}
			return h(ctx, method, req)
		}
	})
	mcp.AddTool(s, &mcp.Tool{Name: "search", InputSchema: searchSchema(b)}, func(_ context.Context, _ *mcp.CallToolRequest, in searchArgs) (*mcp.CallToolResult, any, error) {
		if in.Query == "missing" {
			return nil, nil, errorx.NotFound("Nothing matches the query.").WithRecovery("Try other words.")
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "found " + in.Query}}}, nil, nil
	})
	s.AddTool(&mcp.Tool{Name: "db.query", InputSchema: json.RawMessage(dbQuerySchema)}, func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "3 rows"}}}, nil
	})
	for i := range filler {
		s.AddTool(&mcp.Tool{Name: fmt.Sprintf("tool%02d", i), InputSchema: map[string]any{"type": "object"}},
			func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) { return nil, nil })
	}
	cs := connect(b, s)
	if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "db.query", Arguments: map[string]any{"sql": "SELECT 1", "database": "main"}}); err != nil {
		b.Fatal(err)
	}
	return next, session
}

// BenchmarkGoSDKMethodHandler: tools/call at go-sdk's method handler, bare
// (impl=baseline: go-sdk's own path, its check of a typed tool's arguments
// included) and under the Middleware with its schema check on
// (impl=mcperr), in one run, on a server of 12 tools: a typed tool's
// valid call, its call with bad arguments (go-sdk's text against the
// Middleware's fields, in the xml dialect), its handler's error; a raw
// tool's valid call (go-sdk checks nothing there: the check's whole cost
// shows).
func BenchmarkGoSDKMethodHandler(b *testing.B) {
	next, session := methodHandler(b, 10)
	wrapped := gosdk.Middleware(quiet(render.XML{}))(next)
	ctx := context.Background()
	for _, c := range []struct{ name, tool, args string }{
		{"typed_valid", "search", `{"query":"golang generics","mode":"web","limit":10,"tags":["go"]}`},
		{"typed_bad_arguments", "search", `{"qeury":"golang","mode":"wbe","limit":99}`},
		{"typed_handler_error", "search", `{"query":"missing","mode":"web"}`},
		{"raw_valid", "db.query", `{"sql":"SELECT 1","database":"main","limit":5}`},
	} {
		req := &mcp.CallToolRequest{Session: session, Params: &mcp.CallToolParamsRaw{Name: c.tool, Arguments: json.RawMessage(c.args)}}
		for _, impl := range []struct {
			name string
			h    mcp.MethodHandler
		}{{"baseline", next}, {"mcperr", wrapped}} {
			b.Run(c.name+"/impl="+impl.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := impl.h(ctx, "tools/call", req); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
