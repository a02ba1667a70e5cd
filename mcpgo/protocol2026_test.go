package mcpgo_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/toolfailure"
	"github.com/mcperr/mcperr/mcpgo"
	"github.com/mcperr/mcperr/render"
)

// modernCall is a tools/call request of the 2026-07-28 revision, which
// carries its protocol version and the client's capabilities in _meta (no
// initialize).
func modernCall(tool string) []byte {
	return []byte(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"` + tool + `","arguments":{},` +
		`"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",` +
		`"io.modelcontextprotocol/clientInfo":{"name":"c","version":"1"},` +
		`"io.modelcontextprotocol/clientCapabilities":{}}}}`)
}

// TestRendered2026Result: through mcp-go's own HandleMessage, a client of
// the 2026-07-28 revision gets a rendered error with the resultType and
// the serverInfo mcp-go writes on its results, the handler's own _meta and
// the ToolFailure block side by side: merged, none replacing another. A
// client of an older revision gets no resultType, as from mcp-go itself.
func TestRendered2026Result(t *testing.T) {
	r := render.NewRenderer(render.XML{}, render.WithLogger(slog.New(slog.NewTextHandler(io.Discard, nil))),
		render.WithToolFailure(""))
	s := server.NewMCPServer("srv", "1.2.3", server.WithToolHandlerMiddleware(mcpgo.Middleware(r)))
	s.AddTool(mcp.NewTool("gone"), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, errorx.NotFound("Gone.")
	})
	s.AddTool(mcp.NewTool("traced"), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res := mcpgo.FromResult(r.Render(errorx.NotFound("Gone.")))
		res.Meta.AdditionalFields["io.example/trace"] = "t-1"
		return res, nil
	})
	reply := func(msg []byte) map[string]json.RawMessage {
		t.Helper()
		b, err := json.Marshal(s.HandleMessage(context.Background(), msg))
		require.NoError(t, err)
		var w struct {
			Result map[string]json.RawMessage `json:"result"`
		}
		require.NoError(t, json.Unmarshal(b, &w), "%s", b)
		require.NotNil(t, w.Result, "%s", b)
		return w.Result
	}
	for _, tool := range []string{"gone", "traced"} {
		res := reply(modernCall(tool))
		assert.JSONEq(t, `"complete"`, string(res["resultType"]), tool)
		var meta map[string]json.RawMessage
		require.NoError(t, json.Unmarshal(res["_meta"], &meta), tool)
		assert.JSONEq(t, `{"name":"srv","version":"1.2.3"}`, string(meta[mcp.MetaKeyServerInfo]), tool)
		assert.Contains(t, string(meta[toolfailure.VendorKey]), `"class":"capability"`, tool)
		var back render.Result
		require.NoError(t, json.Unmarshal(mustJSON(t, res), &back))
		e, dialect := render.Decode(&back)
		require.NotNil(t, e, tool)
		assert.Equal(t, "xml", dialect)
		assert.Equal(t, errorx.CodeNotFound, e.Code)
	}
	res := reply(modernCall("traced"))
	assert.Contains(t, string(res["_meta"]), `"io.example/trace":"t-1"`)

	legacy := reply([]byte(`{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"gone","arguments":{}}}`))
	assert.NotContains(t, legacy, "resultType")
	assert.Contains(t, string(legacy["_meta"]), toolfailure.VendorKey)
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return b
}

// TestCallWithRetryToolFailure: a tool whose results carry the block is
// retried only when its annotations say a repeated call is safe
// (ToolIdempotent: idempotentHint or readOnlyHint).
func TestCallWithRetryToolFailure(t *testing.T) {
	r := render.NewRenderer(render.Contract{}, render.WithLogger(slog.New(slog.NewTextHandler(io.Discard, nil))),
		render.WithToolFailure(""))
	s := server.NewMCPServer("srv", "1", server.WithToolHandlerMiddleware(mcpgo.Middleware(r)))
	var calls atomic.Int32
	tools := map[string]mcp.Tool{
		"write": mcp.NewTool("write"),
		"put":   mcp.NewTool("put", mcp.WithIdempotentHintAnnotation(true)),
		"read":  mcp.NewTool("read", mcp.WithReadOnlyHintAnnotation(true)),
	}
	for _, tool := range tools {
		s.AddTool(tool, func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			calls.Add(1)
			return nil, errorx.Transient("Busy.").WithRetryAfter(time.Millisecond)
		})
	}
	c := inProcess(t, s)

	fast := render.RetryPolicy{MaxAttempts: 2, InitialDelay: time.Millisecond}
	for name, want := range map[string]int32{"write": 1, "put": 3, "read": 3} {
		calls.Store(0)
		_, err := mcpgo.CallWithRetry(t.Context(), c, call(name), fast, render.Idempotent(mcpgo.ToolIdempotent(tools[name])))
		assert.Error(t, err, name)
		assert.Equal(t, want, calls.Load(), name)
	}
	assert.False(t, mcpgo.ToolIdempotent(mcp.Tool{}))
	assert.False(t, mcpgo.ToolIdempotent(mcp.NewTool("x", mcp.WithIdempotentHintAnnotation(false))))
}
