package gosdk_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/gosdk"
	"github.com/mcperr/mcperr/internal/format"
	"github.com/mcperr/mcperr/internal/parity"
	"github.com/mcperr/mcperr/render"
	"github.com/mcperr/mcperr/validation"
)

// connect serves s over go-sdk's in-memory transports and returns a
// connected client session.
func connect(t testing.TB, s *mcp.Server) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	ct, st := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	c := mcp.NewClient(&mcp.Implementation{Name: "gosdk-test", Version: "0"}, nil)
	cs, err := c.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Close() })
	return cs
}

// call calls tool with args and fails t on a protocol error.
func call(t testing.TB, cs *mcp.ClientSession, tool string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s: protocol error %v, want a tool result", tool, err)
	}
	return res
}

type forecast struct {
	City  string  `json:"city"`
	TempC float64 `json:"temp_c"`
}

type cityArgs struct {
	City string `json:"city" validate:"required"`
}

// signup is a typed tool's arguments (see parity.Signup).
type signup = parity.Signup

// errUpstream is an unclassified error whose text must not reach the
// agent.
var errUpstream = errors.New("query postgres://admin:hunter2@db.internal/app: connection reset")

// newServer returns a go-sdk server whose tools fail in every way the
// middleware handles, with r's middleware registered first. weather.built
// renders its own error result with r, structuredContent included.
func newServer(r *render.Renderer) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "gosdk-test", Version: "0"}, nil)
	s.AddReceivingMiddleware(gosdk.Middleware(r))
	object := map[string]any{"type": "object"}
	raw := func(name string, h mcp.ToolHandler) { s.AddTool(&mcp.Tool{Name: name, InputSchema: object}, h) }

	raw("ok", func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "fine"}}}, nil
	})
	raw("files.read", func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, errorx.NotFound("File \"a.md\" does not exist.").WithActions("files.list").WithDetail("path", "a.md")
	})
	raw("search", func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, errorx.RateLimited("Too many searches.", 30*time.Second)
	})
	raw("reports.build", func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var totals map[string]int
		totals["x"]++
		return nil, nil
	})
	raw("db.query", func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, fmt.Errorf("db: %w", errUpstream)
	})
	raw("nothing", func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) { return nil, nil })
	raw("typed.nil", func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "fine"}}}, (*errorx.Error)(nil)
	})
	raw("elicit", func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, &jsonrpc.Error{Code: mcp.CodeURLElicitationRequired, Message: "open the page first"}
	})
	s.AddTool(&mcp.Tool{Name: "weather.rendered", InputSchema: object, OutputSchema: map[string]any{"type": "object"}},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return gosdk.RenderRequest(ctx, r, req, errorx.NotFound("No such city.")), nil
		})
	raw("invalid.params", func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "bad cursor"}
	})
	raw("own.error", func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var res mcp.CallToolResult
		res.Content = []mcp.Content{&mcp.TextContent{Text: "Try again tomorrow."}}
		res.SetError(errUpstream) // the handler's own words stay; the error is for middleware
		return &res, nil
	})
	s.AddTool(&mcp.Tool{Name: "weather.built", InputSchema: object, OutputSchema: map[string]any{"type": "object"}},
		func(ctx context.Context, _ *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return gosdk.FromResult(r.Render(errorx.NotFound("No such city.").WithTool("weather.built"))), nil
		})

	gosdk.AddTool(s, &mcp.Tool{Name: "weather.get"}, func(ctx context.Context, _ *mcp.CallToolRequest, in cityArgs) (*mcp.CallToolResult, forecast, error) {
		ctx, cancel := context.WithTimeout(ctx, time.Millisecond)
		defer cancel()
		<-ctx.Done()
		return nil, forecast{}, fmt.Errorf("fetch forecast for %q: %w", in.City, ctx.Err())
	}, perCallFormat)
	mcp.AddTool(s, &mcp.Tool{Name: "files.reserve"}, func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, any, error) {
		return nil, nil, errorx.Conflict("src/*.go is reserved by another agent.").WithDetail("held_by", "agent-2")
	})
	mcp.AddTool(s, &mcp.Tool{Name: "typed.panic"}, func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, any, error) {
		panic("typed handler bug")
	})
	mcp.AddTool(s, &mcp.Tool{Name: "sdk.users"}, func(context.Context, *mcp.CallToolRequest, struct{ Name string }) (*mcp.CallToolResult, any, error) {
		return nil, nil, nil
	})
	gosdk.AddTool(s, &mcp.Tool{Name: "signup"}, func(_ context.Context, _ *mcp.CallToolRequest, u signup) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "Signed up " + u.Login + "."}}}, nil, nil
	}, perCallFormat)
	return s
}

// perCallFormat: the typed tools of the tests take the per-call format
// argument, which the Renderer reads.
var perCallFormat = validation.WithFormatArgument(format.Argument)

// quiet is a Renderer in d that logs nowhere visible.
func quiet(d render.Dialect, opts ...render.Option) *render.Renderer {
	return render.NewRenderer(d, append([]render.Option{render.WithLogger(slog.New(slog.NewTextHandler(discard{}, nil)))}, opts...)...)
}

// fixedClock returns the named dialect, the envelope with a fixed clock:
// tests that compare two renderings of one error must not see two
// timestamps.
func fixedClock(name string) render.Dialect {
	if name == "envelope" {
		return render.Envelope{Now: func() time.Time { return time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC) }}
	}
	d, _ := render.ByName(name)
	return d
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
