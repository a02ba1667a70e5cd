package mcpgo_test

import (
	"context"
	"fmt"
	"log/slog"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/testsize"
	"github.com/mcperr/mcperr/mcpgo"
	"github.com/mcperr/mcperr/render"
)

// TestLoad: an in-process mcp-go server with the middleware answers 10,000
// (1,000 by default, outside the long run of testsize.Long) concurrent tool
// calls mixing successes, errors and panics, every one correctly;
// afterwards no goroutine is left behind, and a second round does not grow
// the heap.
func TestLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("thousands of calls")
	}
	calls := testsize.N(1000, 10_000)
	inFlight := calls // all at once
	if testsize.Race {
		inFlight = 2_000 // the race detector allows 8128 goroutines
	}
	before := runtime.NumGoroutine()

	r := render.NewRenderer(render.ToolError{}, render.WithLogger(slog.New(slog.DiscardHandler)))
	s := server.NewMCPServer("load", "1.0.0", server.WithToolHandlerMiddleware(mcpgo.Middleware(r)))
	s.AddTool(mcp.NewTool("ok"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("ok " + req.GetString("n", "")), nil
	})
	s.AddTool(mcp.NewTool("fail"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, errorx.NotFound("Item " + req.GetString("n", "") + " does not exist.").WithActions("items.list")
	})
	s.AddTool(mcp.NewTool("panic"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		panic("boom " + req.GetString("n", ""))
	})
	c, err := client.NewInProcessClient(s)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	init := mcp.InitializeRequest{}
	init.Params.ProtocolVersion = mcp.LATEST_LEGACY_PROTOCOL_VERSION
	init.Params.ClientInfo = mcp.Implementation{Name: "load", Version: "1"}
	if _, err := c.Initialize(t.Context(), init); err != nil {
		t.Fatal(err)
	}

	round := func() {
		sem := make(chan struct{}, inFlight)
		var wg sync.WaitGroup
		for i := range calls {
			sem <- struct{}{}
			wg.Go(func() {
				defer func() { <-sem }()
				tool := []string{"ok", "fail", "panic"}[i%3]
				n := fmt.Sprint(i)
				req := call(tool)
				req.Params.Arguments = map[string]any{"n": n}
				res, err := c.CallTool(context.Background(), req)
				if err != nil {
					t.Errorf("call %d (%s): %v", i, tool, err)
					return
				}
				e, _ := mcpgo.Decode(res)
				switch tool {
				case "ok":
					if e != nil || mcp.GetTextFromContent(res.Content[0]) != "ok "+n {
						t.Errorf("call %d: %+v", i, res)
					}
				case "fail":
					if e == nil || e.Code != "NOT_FOUND" || e.Message != "Item "+n+" does not exist." || e.Tool != "fail" {
						t.Errorf("call %d: %+v", i, e)
					}
				case "panic":
					if e == nil || e.Code != errorx.CodeInternalError || e.Tool != "panic" {
						t.Errorf("call %d: %+v", i, e)
					}
				}
			})
		}
		wg.Wait()
	}
	// heap is the live heap: two collections empty the sync.Pools (the
	// first moves their contents aside, the second frees them), and
	// HeapAlloc counts live objects, not the spans that hold them.
	heap := func() uint64 {
		runtime.GC()
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	// Caches and the runtime's own structures fill during the first rounds
	// (the live heap rises for three to five, then stays level within a
	// few kilobytes), so the check starts after four: a leak keeps growing.
	for range 4 {
		round()
	}
	first := heap()
	for range 4 {
		round()
	}
	second := heap()
	if second > first+first/4+(1<<20) {
		t.Errorf("heap grew from %d to %d bytes over four rounds of %d calls after four rounds of warm-up", first, second, calls)
	}
	c.Close()

	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		buf := make([]byte, 1<<16)
		t.Errorf("%d goroutines left behind (%d before):\n%s", n-before, before, buf[:runtime.Stack(buf, true)])
	}
}
