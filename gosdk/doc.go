// Package gosdk is mcperr's adapter for the official Go SDK
// (github.com/modelcontextprotocol/go-sdk): it gives go-sdk servers and
// clients the error policy package mcpgo gives mcp-go's, the same
// render.Renderer run by the same code, and links no package of mcp-go.
//
// # Servers
//
// Middleware is a receiving middleware for tools/call. Registered first, it
// turns every tool's errors and panics into tool errors in the Renderer's
// dialect (go-sdk sends a raw handler's error as a JSON-RPC error, and has
// no recover: a panicking handler ends the process), answers a call of an
// unknown tool with the specification's JSON-RPC error, -32602, naming the
// closest tools (render.Renderer.HandleUnknownTool), and applies everything else the Renderer does (format argument,
// OutputSchemaSafe, limits, redaction, logging):
//
//	r := render.NewRenderer(render.XML{}, render.WithLogger(logger))
//	s := mcp.NewServer(&mcp.Implementation{Name: "app", Version: "1.0.0"}, nil)
//	s.AddReceivingMiddleware(gosdk.Middleware(r)) // first: outermost
//
// AddTool registers a typed tool, like mcp.AddTool, whose arguments are
// bound by package validation: every problem at once, as fields with the
// JSON path, the value sent and a did-you-mean, instead of go-sdk's one
// schema message in Go field names. RenderRequest renders an error for a
// handler that builds its own result.
//
// The Renderer's policy is written once, in package render, over results
// of no SDK's types (render.Result); the Middleware tells it about each
// call (render.Call: the tool, its raw arguments, the server's tools) and
// converts what it renders with FromResult. A rendered error keeps what
// go-sdk wrote on the handler's result (its resultType, _meta entries).
//
// # Clients
//
// Decode reads any dialect back from a go-sdk *mcp.CallToolResult, and
// CallWithRetry calls a tool through an *mcp.ClientSession and retries it
// as a render.RetryPolicy says: render.Decode and render.Retry on the
// result as ToResult converts it.
package gosdk
