package gosdk_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/gosdk"
	"github.com/mcperr/mcperr/internal/errtext"
	"github.com/mcperr/mcperr/internal/logtest"
	"github.com/mcperr/mcperr/render"
)

// joinTree joins the same two errors in every node, depth times: its Error
// method builds 2^depth copies of the leaf's text.
func joinTree(depth int) error {
	err := errors.New("leaf")
	for range depth {
		err = errors.Join(err, err)
	}
	return err
}

// TestLogBounded: a raw or typed (AddTool) handler that returns, or panics
// with, an error tree too branched to search, or a long text, gets an
// INTERNAL_ERROR result at once, and no log record holds more than
// errtext.MaxLogText bytes of text in one attribute (the stack aside).
func TestLogBounded(t *testing.T) {
	long := errors.New(strings.Repeat("x", 1<<20))
	var log logtest.Buffer
	r := render.NewRenderer(render.ToolError{}, render.WithLogger(log.Logger()))
	s := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "0"}, nil)
	s.AddReceivingMiddleware(gosdk.Middleware(r))
	object := map[string]any{"type": "object"}
	for name, err := range map[string]error{"tree": joinTree(30), "long": long} {
		s.AddTool(&mcp.Tool{Name: "raw." + name, InputSchema: object}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, err
		})
		s.AddTool(&mcp.Tool{Name: "panic." + name, InputSchema: object}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			panic(err)
		})
		gosdk.AddTool(s, &mcp.Tool{Name: "typed." + name}, func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, any, error) {
			return nil, nil, err
		})
	}
	cs := connect(t, s)
	for _, tool := range []string{"raw.tree", "panic.tree", "typed.tree", "raw.long", "panic.long", "typed.long"} {
		t.Run(tool, func(t *testing.T) {
			done := make(chan *mcp.CallToolResult, 1)
			go func() { done <- call(t, cs, tool, nil) }()
			var res *mcp.CallToolResult
			select {
			case res = <-done:
			case <-time.After(5 * time.Second):
				t.Fatal("the call has not returned after 5s")
			}
			if e, _ := gosdk.Decode(res); e == nil || e.Code != errorx.CodeInternalError {
				t.Errorf("Decode: %v, want INTERNAL_ERROR", e)
			}
		})
	}
	if found := log.Oversized(errtext.MaxLogText+64, "stack"); found != "" {
		t.Errorf("a log record is not bounded: %s", found)
	}
}
