package parity_test

import (
	"context"
	"testing"

	mcpgomcp "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/gosdk"
	"github.com/mcperr/mcperr/internal/parity"
	"github.com/mcperr/mcperr/mcpgo"
)

// TestWithoutMiddleware: without the middleware, both SDKs degrade to the
// same tool result for arguments that fail binding (mcpgo.Handler,
// gosdk.AddTool): the zero Renderer's rendering, interbase, isError, with
// the summary and every field. mcp-go used to send it as the JSON-RPC error
// -32603 `internal error: …`, go-sdk as the error's text.
func TestWithoutMiddleware(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "parity", Version: "0"}, nil)
	gosdk.AddTool(s, &mcp.Tool{Name: "signup"}, func(context.Context, *mcp.CallToolRequest, parity.Signup) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "created"}}}, nil, nil
	})
	m := server.NewMCPServer("parity", "0")
	m.AddTool(mcpgomcp.NewTool("signup"), mcpgo.Handler(func(context.Context, mcpgomcp.CallToolRequest, parity.Signup) (*mcpgomcp.CallToolResult, error) {
		return mcpgomcp.NewToolResultText("created"), nil
	}))
	sdk, mgo := connectGoSDK(t, s), connectMCPGo(t, m)
	for name, args := range parity.BadSignups {
		got, want := callBoth(t, sdk, mgo, "signup", args)
		if g, w := wire(t, got), wire(t, want); g != w {
			t.Errorf("%s:\ngo-sdk %s\nmcp-go %s", name, g, w)
		}
		e, dialect := mcpgo.Decode(want)
		if !want.IsError || dialect != "interbase" || e == nil || e.Code != errorx.CodeInvalidInput || len(e.Fields) == 0 || e.Tool != "signup" {
			t.Errorf("%s: %s %+v, want the zero Renderer's INVALID_INPUT with its fields", name, dialect, e)
		}
	}
}
