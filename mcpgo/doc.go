// Package mcpgo is mcperr's adapter for mark3labs/mcp-go: it applies a
// render.Renderer, the server's error policy, to every tool of an mcp-go
// server, and reads any dialect back from mcp-go's results. It holds
// everything mcp-go needs and nothing of another SDK; the policy itself is
// the Renderer's (package render imports no MCP SDK), shared with the
// official Go SDK's adapter, package gosdk.
//
// # Servers
//
// Middleware is the tool handler middleware. Registered first, it turns
// the Go errors and panics of every tool into tool errors in the
// Renderer's dialect (never JSON-RPC -32603), names the tool, honours
// toolerror's per-call format argument and keeps the error results of
// tools that declare an outputSchema readable by strict clients
// (render.OutputSchemaSafe):
//
//	r := render.NewRenderer(render.XML{})
//	s := server.NewMCPServer("app", "1.0.0",
//		server.WithToolHandlerMiddleware(mcpgo.Middleware(r)), // first: outermost
//	)
//
// The errors of mcp-go's argument helpers (req.RequireString and the
// other Require* methods, BindArguments) become the field errors binding
// gives. RenderRequest renders an error for a handler that builds its own
// result.
//
// # Typed tools
//
// A tool's arguments are a Go struct with json and validate tags, bound by
// package validation: Bind[T](req) decodes and checks them strictly,
// Handler wraps a TypedHandler that runs only with valid arguments, and
// WithInputSchema[T] declares the same struct as the tool's inputSchema.
// RequestAction checks a grouped tool's discriminator:
//
//	s.AddTool(mcp.NewTool("invites/send", mcpgo.WithInputSchema[SendInvite]()),
//		mcpgo.Handler(func(ctx context.Context, req mcp.CallToolRequest, args SendInvite) (*mcp.CallToolResult, error) {
//			return mcp.NewToolResultText("invited " + args.Email), nil
//		}))
//
// Arguments that fail binding get a tool error listing every bad one: in
// the server's dialect under Middleware, else as the zero Renderer renders
// it (interbase), the same result gosdk.AddTool gives on go-sdk.
//
// # Conversion
//
// FromResult and ToResult convert between render.Result, the result every
// dialect writes, and mcp-go's *mcp.CallToolResult; both marshal to the
// same JSON.
//
// # Clients
//
// Decode reads any dialect back from an mcp-go result; CallWithRetry calls
// a tool through an mcp-go client and retries it as a render.RetryPolicy
// says (render.Retry).
package mcpgo
