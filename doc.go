// Package mcperr is the map of the mcperr module: one structured error model
// for Go MCP tool servers, rendered into the wire dialects agents already
// read, and read back from any of them. This package holds no code; the
// work is done by its packages:
//
//   - [github.com/mcperr/mcperr/errorx]: the model. An [errorx.Error] has a
//     code, a class (the agent's decision branch), a severity, a message, a
//     recovery suggestion, the tools to call instead, ordered details, a
//     retry delay and per-field violations that say what the caller sent.
//     It classifies ordinary Go errors and HTTP statuses, has a JSON form,
//     a retry policy and secret redaction.
//   - [github.com/mcperr/mcperr/render]: a tool result in no SDK's types
//     ([render.Result]); the five dialects (interbase, toolerror, xml,
//     contract, envelope), each rendering an error into a Result and
//     decoding it back; the per-server Renderer, the error policy every
//     SDK's adapter applies; Decode for a result in any dialect; Retry for
//     clients.
//   - [github.com/mcperr/mcperr/render/rendertest]: the conformance suite a
//     dialect passes, in the spirit of testing/slogtest.
//   - [github.com/mcperr/mcperr/validation]: strict binding of a call's raw
//     JSON arguments into Go structs with go-playground/validator, every
//     failure turned into a field error with the value the caller sent; the
//     same struct's tags are the tool's inputSchema.
//   - [github.com/mcperr/mcperr/mcpgo]: the adapter for mark3labs/mcp-go:
//     the tool handler middleware, typed tools bound by validation, Decode
//     and CallWithRetry for mcp-go results.
//   - [github.com/mcperr/mcperr/gosdk]: the adapter for the official Go SDK
//     (github.com/modelcontextprotocol/go-sdk): a receiving middleware,
//     typed tools bound by validation, Decode and CallWithRetry for go-sdk
//     results.
//   - [github.com/mcperr/mcperr/cmd/mcperr]: the command line (render, parse,
//     dialects, tour).
//
// The core (errorx, render, validation, the command) imports no MCP
// SDK; each adapter links its SDK alone. A server (on mcp-go here;
// gosdk.Middleware does the same on go-sdk) picks a dialect once:
//
//	r := render.NewRenderer(render.XML{})
//	s := server.NewMCPServer("app", "1.0.0", server.WithToolHandlerMiddleware(mcpgo.Middleware(r)))
//
// and every tool error, returned or panicked, reaches the agent in it. The
// README and the docs folder of the repository describe each dialect, the
// security limits and the benchmarks.
package mcperr
