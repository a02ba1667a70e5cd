// Package render turns the error model into the tool results agents read,
// in five wire dialects, and reads any of them back. It imports no MCP SDK:
// the dialects write and read Result, a tool result of the package's own,
// as log/slog's Record serves every Handler, and each SDK's adapter
// (package mcpgo for mark3labs/mcp-go, package gosdk for the official Go
// SDK) converts it to and from that SDK's result.
//
// # Results
//
// A Result holds a tool result's text blocks (with their audience and
// priority annotations), its structuredContent as JSON bytes, isError and
// _meta. Its JSON form is the tools/call result as MCP writes it, byte for
// byte what mcp-go marshals for the same result; any tools/call result's
// JSON unmarshals into one.
//
// # Dialects
//
// A Dialect renders an *errorx.Error as a *Result and decodes its own wire
// form. The five, by their fixed names:
//
//   - interbase (Interbase): {"type","message","recoverable","data"} JSON in a
//     text block, byte-identical to Go's encoding/json.
//   - toolerror (ToolError): toolError:v1 structuredContent with markdown,
//     json or both text blocks.
//   - xml (XML): MCP Fusion's <tool_error> and <validation_error> documents.
//   - contract (Contract): the agent-system error contract
//     {code,message,details,recoverable}.
//   - envelope (Envelope): the success:false envelope with error_code, hint,
//     required_fields and validation_errors.
//
// Whatever a dialect has no slot for travels in its extras object (interbase
// data, the others' details, the xml dialect's attributes) under the model's
// own key names, so Decode(Render(e)) gives e back as far as the wire can
// hold it. docs/dialects.md tables what each dialect keeps.
//
// Every dialect sets isError unless the error's severity is warning, never
// panics, and always writes valid JSON or well-formed XML.
//
// # Servers
//
// A Renderer is a server's error policy, configured once. An SDK's adapter
// applies it to every tool call: it turns the Go errors and panics of every
// tool into tool errors in its dialect (never JSON-RPC errors), names the
// tool, honours toolerror's per-call format argument when the server turns
// it on (WithFormatArgument), and keeps the error
// results of tools that declare an outputSchema readable by strict clients
// (OutputSchemaSafe). On mcp-go:
//
//	r := render.NewRenderer(render.XML{})
//	s := server.NewMCPServer("app", "1.0.0",
//		server.WithToolHandlerMiddleware(mcpgo.Middleware(r)), // first: outermost
//	)
//
// The Renderer also redacts secrets (secret.Is, errorx.Redact) and
// bounds every error with Limits, so whatever a caller sent, the result
// stays small and says what it cut. A call of a tool the server does not
// have gets the MCP specification's answer, the JSON-RPC error -32602,
// with the closest tools in its message and the UNKNOWN_TOOL error as its
// data (HandleUnknownTool, RPCError), or a tool result under
// WithUnknownToolResult.
//
// The zero Renderer is NewRenderer(nil): the Interbase dialect with the
// default policy. A panic while rendering an error (a Dialect with a bug)
// never escapes a Renderer: it is logged, and the result is a minimal
// error with a fixed sentence.
//
// # Adapters
//
// The policy is written once, here, as methods any adapter calls, mcperr's
// two and one for another SDK alike (Example_adapter writes one for a
// made-up SDK): the adapter describes the call in a Call (the tool, its
// arguments, the server's Tools, the SDK's own protocol errors), checks
// whether the handler failed (no result, or an error that is not a nil
// *errorx.Error), and hands the rest to HandleError,
// HandlePanic (in its deferred recover) and HandleResult; RenderCall serves
// a handler that builds its own result. The Renderer reads the arguments
// and asks about the tools only while it handles an error.
//
// # Clients
//
// ByName picks a dialect by name. Decode recognises the dialect of any
// result and returns the model; Retry is the loop of the adapters'
// CallWithRetry, which call a tool and retry it as a RetryPolicy
// says. A server's result
// is untrusted input: decoding it takes time and memory linear in its size
// (a few bytes allocated per byte read), and a server's RetryAfter is
// waited for only up to the policy's MaxRetryAfter, five minutes by
// default.
//
// # Performance
//
// Dialects write with append-based writers on pooled buffers, without
// reflection for the model's own fields; only arbitrary detail values go
// through encoding/json. A full Render to a Result takes two allocations
// (the result with its blocks, and their text), three for toolError:v1 in
// any mode (its structuredContent); a call that succeeds through an
// adapter's middleware takes none more than the handler's own (go-sdk's:
// one context value).
package render
