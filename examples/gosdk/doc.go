// Command gosdk is examples/server on the official Go SDK
// (github.com/modelcontextprotocol/go-sdk): an MCP server over stdio whose
// tools fail in realistic ways, every failure rendered in the dialect
// chosen by -dialect, through the same render.Renderer as on mcp-go
// (gosdk.Middleware):
//
//	go run ./examples/gosdk -dialect xml
//
// With -http ADDR (such as 127.0.0.1:0 or :8931) it serves streamable HTTP
// at /mcp instead (mcp.NewStreamableHTTPHandler), and names the URL on
// standard error.
//
// Its tools are examples/server's (files.list, files.read, search,
// files.reserve, users.create, reports.build, which panics, weather.get,
// which declares an outputSchema, files.find and db.query), written the
// three ways a go-sdk server writes tools: typed with gosdk.AddTool, whose
// arguments package validation binds (users.create reports every bad
// argument at once, with the value sent), typed with go-sdk's own
// mcp.AddTool (search) and raw (db.query), the last two checked against
// their schemas by the middleware: a bad call gets field errors, as a
// typed tool's does. accounts.create binds
// examples/validation's users.create struct: the same bad arguments give
// the same fields on both SDKs. A misspelt tool name gets a tool error
// naming the closest tools. testdata/calls.json lists the calls and what
// each gives.
package main
