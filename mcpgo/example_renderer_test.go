package mcpgo_test

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/mcpgo"
	"github.com/mcperr/mcperr/render"
)

func ExampleRenderRequest() {
	// A handler that builds its own result gets the same policy as the
	// middleware: here, the tool's name in the error.
	r := render.NewRenderer(render.ToolError{Mode: render.ModeJSON})
	handler := func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcpgo.RenderRequest(ctx, r, req, errorx.Conflict("The file is reserved by agent-2.")), nil
	}

	var req mcp.CallToolRequest
	req.Params.Name = "files.reserve"
	req.Params.Arguments = map[string]any{"pattern": "src/*.go"}
	res, _ := handler(context.Background(), req)
	fmt.Println(mcp.GetTextFromContent(res.Content[0]))
	// Output:
	// {
	//   "kind": "toolError:v1",
	//   "code": "CLIENT_ERROR",
	//   "message": "The file is reserved by agent-2.",
	//   "retryable": false,
	//   "details": {
	//     "code": "CONFLICT",
	//     "tool": "files.reserve"
	//   }
	// }
}

func ExampleMiddleware() {
	r := render.NewRenderer(render.Interbase{})
	s := server.NewMCPServer("projects", "1.0.0",
		server.WithToolHandlerMiddleware(mcpgo.Middleware(r)), // first: outermost
	)
	s.AddTool(mcp.NewTool("projects.get", mcp.WithString("id", mcp.Required())),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			// A plain Go error: the agent gets a tool error, not JSON-RPC -32603.
			return nil, errorx.New("ProjectNotFound", "Project 'proj_xyz' does not exist.").
				WithClass(errorx.ClassNotFound).
				WithActions("projects.list")
		})

	// Call the tool as a client would.
	resp := s.HandleMessage(context.Background(), []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call",
		"params":{"name":"projects.get","arguments":{"id":"proj_xyz"}}}`))
	b, _ := json.Marshal(resp)
	var reply struct{ Result *mcp.CallToolResult }
	if err := json.Unmarshal(b, &reply); err != nil {
		panic(err)
	}
	fmt.Println(reply.Result.IsError)
	fmt.Println(mcp.GetTextFromContent(reply.Result.Content[0]))

	// What an agent reads back, whatever the dialect.
	e, dialect := mcpgo.Decode(reply.Result)
	fmt.Println(dialect, e.Code, e.EffectiveClass(), e.Actions)
	// Output:
	// true
	// {"type":"NOT_FOUND","message":"Project 'proj_xyz' does not exist.","recoverable":false,"data":{"actions":["projects.list"],"code":"ProjectNotFound","tool":"projects.get"}}
	// interbase ProjectNotFound NOT_FOUND [projects.list]
}
