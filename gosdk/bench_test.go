package gosdk_test

import (
	"context"
	"encoding/json"
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
