package parity_test

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"

	mcpgomcp "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcperr/mcperr/render"
)

// TestUnknownToolOnBothSDKs: a call of a tool the server does not have
// gets one answer by default on both SDKs, in every dialect: the MCP
// specification's JSON-RPC error -32602. On go-sdk its message is the
// Renderer's, with the did-you-mean; mcp-go answers it itself, before any
// middleware, in its own words. render.WithUnknownToolResult changes
// go-sdk's answer to a tool result, and nothing on mcp-go.
func TestUnknownToolOnBothSDKs(t *testing.T) {
	for _, name := range render.Names() {
		for _, asResult := range []bool{false, true} {
			opts := []render.Option{render.WithLogger(slog.New(slog.DiscardHandler))}
			if asResult {
				opts = append(opts, render.WithUnknownToolResult())
			}
			r := render.NewRenderer(fixedClock(name), opts...)
			sdk, mgo := goSDKServer(t, r), mcpGoServer(t, r)

			res, err := sdk.CallTool(context.Background(), &mcp.CallToolParams{Name: "files.raed"})
			var wire *jsonrpc.Error
			switch {
			case asResult && (err != nil || res == nil || !res.IsError):
				t.Errorf("%s: go-sdk: %v %+v, want an UNKNOWN_TOOL tool result", name, err, res)
			case !asResult && (!errors.As(err, &wire) || wire.Code != jsonrpc.CodeInvalidParams || !strings.Contains(wire.Message, "Did you mean files.read?")):
				t.Errorf("%s: go-sdk: %v, want -32602 with the did-you-mean", name, err)
			}

			var req mcpgomcp.CallToolRequest
			req.Params.Name = "files.raed"
			if _, err := mgo.CallTool(context.Background(), req); !errors.Is(err, mcpgomcp.ErrInvalidParams) {
				t.Errorf("%s: mcp-go: %v, want -32602", name, err)
			}
		}
	}
}
