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
	"github.com/mcperr/mcperr/validation"
)

// A toolerror server that lets each call pick its error's text blocks: one
// switch on the Renderer, which the tools' schema and binding follow.
func ExampleWithInputSchema_formatArgument() {
	type search struct {
		Query string `json:"query" validate:"required"`
	}
	r := render.NewRenderer(render.ToolError{}, render.WithFormatArgument("format"))
	perCall := validation.WithFormatArgument("format") // the name r reads
	s := server.NewMCPServer("app", "1.0.0", server.WithToolHandlerMiddleware(mcpgo.Middleware(r)))
	s.AddTool(mcp.NewTool("search", mcpgo.WithInputSchema[search](perCall)),
		mcpgo.Handler(func(context.Context, mcp.CallToolRequest, search) (*mcp.CallToolResult, error) {
			return nil, errorx.Transient("The index is rebuilding.")
		}, perCall))

	var schema struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	_ = json.Unmarshal(s.GetTool("search").Tool.RawInputSchema, &schema)
	fmt.Println(string(schema.Properties["format"]))

	resp := s.HandleMessage(context.Background(), []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call",
		"params":{"name":"search","arguments":{"query":"q","format":"json"}}}`))
	b, _ := json.Marshal(resp)
	var reply struct{ Result *mcp.CallToolResult }
	_ = json.Unmarshal(b, &reply)
	fmt.Println(len(reply.Result.Content), mcp.GetTextFromContent(reply.Result.Content[0])[:1])
	// Output:
	// {"type":"string","enum":["markdown","json","both"],"description":"How to write this call's error, if it fails: markdown, json or both. Leave it out for the server's choice."}
	// 1 {
}
