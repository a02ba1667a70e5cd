package mcpgo

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/mcperr/mcperr/internal/adapt"
	"github.com/mcperr/mcperr/render"
)

// Middleware returns an mcp-go tool handler middleware that applies r, the
// server's error policy, to every tool call:
//
//   - a handler that returns a Go error gets the error rendered as a tool
//     result (classified with errorx.From, isError set, the tool named),
//     not the JSON-RPC -32603 error mcp-go would send;
//   - a nil *errorx.Error returned as the error (Go's typed-nil trap:
//     return res, (*errorx.Error)(nil)) counts as no error: the handler's
//     result passes through;
//   - a handler that returns neither a result nor an error gets an
//     INTERNAL_ERROR tool result;
//   - a handler that panics gets an INTERNAL_ERROR tool result that shows
//     neither the panic value nor a stack trace; both go to r's logger, and
//     the server goes on serving;
//   - a panic while classifying or rendering the error (a Dialect or an
//     error type with a bug) never escapes either: it is logged as a
//     rendering failure, with its stack, and the result is a minimal
//     isError result with one fixed sentence (render.Decode reads it as
//     INTERNAL_ERROR);
//   - arguments that Handler's binding rejects are rendered in r's dialect
//     (Handler's own result is the zero Renderer's rendering, for servers
//     without Middleware);
//   - a result the handler built itself, error or not, passes through
//     untouched (when it returns a result and an error, the error wins, as
//     it does in mcp-go), with one exception: under
//     render.OutputSchemaSafe, an error result (isError) that carries
//     structuredContent, of a tool that declares an outputSchema, is
//     returned as a copy without structuredContent, whose JSON is added as
//     a last text block unless a text block already holds it
//     ((*render.Renderer).HandleResult);
//   - mcp.URLElicitationRequiredError, and the errors
//     render.WithProtocolErrors matches, pass through as Go errors, for
//     mcp-go to answer with its JSON-RPC error.
//
// Everything else is the Renderer's policy ((*render.Renderer).HandleError
// and HandlePanic): logging what the agent does not see, the caller's
// format argument, render.OutputSchemaSafe (the tool is looked up in the
// mcp-go server the handler's context carries, the session's tools first),
// limits, redaction. The errors of mcp-go's argument helpers
// (req.RequireString("id") and the other Require* methods, BindArguments)
// become the field errors binding gives: errorx.Required for an argument
// not sent, sentence.WrongType with the value sent.
//
// Register it first, so that it is outermost and sees the errors and panics
// of every other middleware too:
//
//	s := server.NewMCPServer("app", "1.0.0",
//		server.WithToolHandlerMiddleware(mcpgo.Middleware(r)), // first
//		server.WithLogger(logger),
//	)
//
// (*server.MCPServer).Use appends, so on an existing server it makes the
// middleware innermost: the other middlewares' errors then still become
// JSON-RPC errors.
//
// server.WithRecovery is not needed with it. Registered inside it, it turns
// a panic into a Go error before the middleware sees it: the agent still
// gets an INTERNAL_ERROR tool result, but the stack trace is lost.
// Registered outside it, it never sees a panic.
//
// Arguments that server.WithInputSchemaValidation rejects never reach tool
// middlewares: mcp-go answers them with its own error result.
//
// A call that succeeds costs the deferred recover and nothing more: no
// allocation. A nil r is the zero Renderer.
func Middleware(r *render.Renderer, opts ...MiddlewareOption) server.ToolHandlerMiddleware {
	if r == nil {
		r = &render.Renderer{}
	}
	var cfg middlewareConfig
	for _, o := range opts {
		o(&cfg)
	}
	var schemas *checker
	if !cfg.noSchemaCheck {
		schemas = &checker{}
	}
	return func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
		return func(ctx context.Context, req mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
			defer func() {
				if v := recover(); v != nil {
					c := call(req)
					res, err = FromResult(r.HandlePanic(ctx, &c, v)), nil
				}
			}()
			if schemas != nil {
				if err := schemas.check(ctx, func() *slog.Logger { return adapt.Logger(r) }, req); err != nil {
					return handleError(ctx, r, req, err)
				}
			}
			res, err = next(ctx, req)
			if adapt.Failed(res != nil, err) {
				return handleError(ctx, r, req, err)
			}
			if res.IsError {
				if unbound := takeUnrendered(res); unbound != nil {
					return handleError(ctx, r, req, unbound) // Handler's binding failure
				}
				if hasStructured(res) {
					return handleResult(ctx, r, req, res), nil
				}
			}
			return res, nil
		}
	}
}

// call returns what the Renderer is told of req.
func call(req mcp.CallToolRequest) render.Call {
	c := render.Call{Tool: req.Params.Name, ArgumentMap: req.GetArguments(), Tools: serverTools{}, Protocol: isProtocolError}
	if c.ArgumentMap == nil {
		c.Arguments, _ = arguments(req)
	}
	return c
}

// handleError renders what a handler returned without a usable result,
// the errors of mcp-go's argument helpers first made the field errors
// binding gives.
func handleError(ctx context.Context, r *render.Renderer, req mcp.CallToolRequest, err error) (*mcp.CallToolResult, error) {
	if conv := argumentError(req, err); conv != nil {
		err = conv
	}
	c := call(req)
	res, perr := r.HandleError(ctx, &c, err)
	if perr != nil {
		return nil, perr
	}
	return FromResult(res), nil
}

// handleResult applies the Renderer's policy to an error result with
// structuredContent that the handler built itself.
func handleResult(ctx context.Context, r *render.Renderer, req mcp.CallToolRequest, res *mcp.CallToolResult) *mcp.CallToolResult {
	sc, err := structured(res)
	if err != nil {
		return res // it cannot reach a client either; mcp-go reports that
	}
	in := &render.Result{Content: texts(res.Content), StructuredContent: sc, IsError: true}
	c := call(req)
	out := r.HandleResult(ctx, &c, in)
	if out == in {
		return res
	}
	cp := *res
	cp.StructuredContent, cp.RawStructuredContent = nil, nil
	cp.Content = res.Content[:len(res.Content):len(res.Content)]
	for _, t := range out.Content[len(in.Content):] {
		cp.Content = append(cp.Content, textContent(t))
	}
	return &cp
}

// isProtocolError reports whether err is one mcp-go answers with its own
// JSON-RPC error: mcp.URLElicitationRequiredError.
func isProtocolError(err error) bool {
	if _, ok := errors.AsType[mcp.URLElicitationRequiredError](err); ok {
		return true
	}
	p, ok := errors.AsType[*mcp.URLElicitationRequiredError](err)
	return ok && p != nil
}

// serverTools is the mcp-go server's tools, as the handler's context
// carries the server (server.ServerFromContext) and the client's session:
// render.Tools and render.InputSchemas.
type serverTools struct{}

// DeclaresOutputSchema reports whether the tool named name, as the server
// in ctx would call it (the session's own tools first, then the server's),
// declares an outputSchema.
func (serverTools) DeclaresOutputSchema(ctx context.Context, name string) bool {
	t := findTool(ctx, name)
	return t != nil && hasOutputSchema(t)
}

// InputSchema returns the inputSchema of the tool named name, as the
// server in ctx would call it (the session's own tools first), as JSON
// (render.InputSchemas).
func (serverTools) InputSchema(ctx context.Context, name string) json.RawMessage {
	t := findTool(ctx, name)
	if t == nil {
		return nil
	}
	raw, _ := schemaJSON(t)
	return raw
}

// hasOutputSchema reports whether t lists an outputSchema, by the test
// mcp.Tool's MarshalJSON makes.
func hasOutputSchema(t *mcp.Tool) bool {
	return t.RawOutputSchema != nil || t.OutputSchema.Type != ""
}

// RenderRequest renders err as the result of the tool call req, for a
// handler that builds its own result ((*render.Renderer).RenderCall): it
// classifies err with errorx.From, redacts and bounds it, names req's tool
// in the error when the error names none (on a copy: err is never
// changed), applies the caller's format argument when the dialect is
// toolerror, and applies r's OutputSchemaPolicy when the tool declares an
// outputSchema. It finds the tool through ctx, as mcp-go sets it for a
// handler (server.ServerFromContext and the session's own tools); without
// them the tool is taken to declare no outputSchema.
// RenderRequest(ctx, r, req, nil) returns nil; a nil r is the zero
// Renderer. A dialect that panics gives a minimal error result.
func RenderRequest(ctx context.Context, r *render.Renderer, req mcp.CallToolRequest, err error) *mcp.CallToolResult {
	if err == nil {
		return nil
	}
	if r == nil {
		r = &render.Renderer{}
	}
	c := call(req)
	return FromResult(r.RenderCall(ctx, &c, err))
}
