package mcpgo_test

import (
	"errors"
	"log/slog"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/mcpgo"
	"github.com/mcperr/mcperr/render"
)

// loopingError's Unwrap returns itself: errors.Is and errors.As never
// return on it.
type loopingError struct{}

func (e *loopingError) Error() string { return "loops" }
func (e *loopingError) Unwrap() error { return e }

// TestMiddlewareEndsOnCyclicErrorChains: a handler returning an error whose
// chain loops back on itself (a bug, but the handler's) gets an
// INTERNAL_ERROR result, even with a protocol-error matcher configured,
// instead of a server goroutine that never returns; the next call works.
func TestMiddlewareEndsOnCyclicErrorChains(t *testing.T) {
	r := render.NewRenderer(render.Interbase{},
		render.WithLogger(slog.New(slog.DiscardHandler)),
		render.WithProtocolErrors(func(err error) bool { return errors.Is(err, errors.ErrUnsupported) }))
	s := server.NewMCPServer("t", "1.0.0", server.WithToolHandlerMiddleware(mcpgo.Middleware(r)))
	s.AddTool(mcp.NewTool("loop"), handler(nil, &loopingError{}))
	s.AddTool(mcp.NewTool("joined"), handler(nil, errors.Join(errors.New("a"), &loopingError{})))
	s.AddTool(mcp.NewTool("ok"), handler(mcp.NewToolResultText("fine"), nil))
	c := connect(t, s)
	for _, tool := range []string{"loop", "joined"} {
		done := make(chan *mcp.CallToolResult, 1)
		go func() { done <- callTool(t, c, tool, nil) }()
		select {
		case res := <-done:
			e, _ := mcpgo.Decode(res)
			require.NotNil(t, e, tool)
			assert.Equal(t, errorx.CodeInternalError, e.Code, tool)
			assert.NotContains(t, e.Message, "loops", "%s: an unclassified error's text stays off the wire", tool)
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: no result after 5s", tool)
		}
	}
	assert.False(t, callTool(t, c, "ok", nil).IsError)
}
