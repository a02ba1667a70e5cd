package render

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"reflect"
	"runtime/debug"
	"slices"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/mcperr/mcperr/errorx"
)

// Middleware returns an mcp-go tool handler middleware that applies r to
// every tool call:
//
//   - a handler that returns a Go error gets the error rendered as a tool
//     result (RenderRequest: classified with errorx.From, isError set), not
//     the JSON-RPC -32603 error mcp-go would send;
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
//     isError result with one fixed sentence (Decode reads it as
//     INTERNAL_ERROR);
//   - a result the handler built itself, error or not, passes through
//     untouched (when it returns a result and an error, the error wins, as
//     it does in mcp-go), with one exception: under OutputSchemaSafe, an
//     error result (isError) that carries structuredContent, of a tool that
//     declares an outputSchema (such as return r.Render(err), nil), is
//     returned as a copy without structuredContent, whose JSON is added as
//     a last text block unless a text block already holds it;
//   - mcp.URLElicitationRequiredError, and the errors WithProtocolErrors
//     matches, pass through as Go errors, for mcp-go to answer with its
//     JSON-RPC error.
//
// An error errorx.From cannot classify (it becomes INTERNAL_ERROR with a
// fixed message) is logged with its text, and an *errorx.Error of class
// INTERNAL that wraps a cause is logged with the cause's text, so that the
// server's log keeps what the agent does not see.
//
// Register it first, so that it is outermost and sees the errors and panics
// of every other middleware too:
//
//	s := server.NewMCPServer("app", "1.0.0",
//		server.WithToolHandlerMiddleware(r.Middleware()), // first
//		server.WithLogger(logger),
//	)
//
// (*server.MCPServer).Use appends, so on an existing server it makes the
// middleware innermost: the other middlewares' errors then still become
// JSON-RPC errors.
//
// server.WithRecovery is not needed with it. Registered inside it, it turns
// a panic into a Go error before the middleware sees it: the agent still
// gets an INTERNAL_ERROR tool result, but the stack trace is lost. Registered
// outside it, it never sees a panic.
//
// The errors of mcp-go's argument helpers (req.RequireString("id") and the
// other Require* methods, BindArguments) become the field errors binding
// gives: errorx.Required for an argument not sent, errorx.WrongType with
// the value sent.
//
// Arguments that server.WithInputSchemaValidation rejects never reach tool
// middlewares: mcp-go answers them with its own error result.
//
// A call that succeeds costs the deferred recover and nothing more: no
// allocation.
func (r *Renderer) Middleware() server.ToolHandlerMiddleware {
	return func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
		return func(ctx context.Context, req mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
			returned := false // next returned: a later panic is the middleware's own
			defer func() {
				if v := recover(); v != nil {
					if returned {
						res, err = r.renderPanicked(ctx, req.Params.Name, v), nil
					} else {
						res, err = r.recovered(ctx, req, v), nil
					}
				}
			}()
			res, err = next(ctx, req)
			returned = true
			if err != nil || res == nil {
				return r.failed(ctx, req, res, err)
			}
			if res.IsError && hasStructured(res) {
				return r.passed(ctx, req.Params.Name, res), nil
			}
			return res, nil
		}
	}
}

// failed turns what a handler returned without a usable result into a tool
// error result, unless err is a protocol error.
func (r *Renderer) failed(ctx context.Context, req mcp.CallToolRequest, res *mcp.CallToolResult, err error) (*mcp.CallToolResult, error) {
	name := req.Params.Name
	switch {
	case isNilModel(err) && res != nil:
		// The typed-nil trap: the handler meant no error.
		return r.passed(ctx, name, res), nil
	case err == nil:
		r.log().ErrorContext(ctx, "mcperr: tool handler returned neither a result nor an error",
			slog.String("tool", name))
		err = errorx.New(errorx.CodeInternalError, "The tool returned no result.")
	case isNilModel(err):
		r.log().ErrorContext(ctx, "mcperr: tool handler returned neither a result nor an error (its error is a nil *errorx.Error)",
			slog.String("tool", name))
		err = errorx.New(errorx.CodeInternalError, "The tool returned no result.")
	case r.isProtocolError(err):
		return res, err
	case fromHelper(req, &err):
		// An error of mcp-go's argument helpers (RequireString…), now
		// the field error binding gives (see argumentError).
	case hidden(err):
		r.log().ErrorContext(ctx, "mcperr: tool failed with an unclassified error",
			slog.String("tool", name), slog.String("error", errorx.Text(err, errorx.MaxLogText)))
	default:
		// An internal error the handler built around a Go error: the
		// cause is what the server's operator needs, and it never
		// reaches the wire.
		if m, ok := errorx.As(err); ok && m.Unwrap() != nil && m.EffectiveClass() == errorx.ClassInternal {
			r.log().ErrorContext(ctx, "mcperr: tool failed with an internal error",
				slog.String("tool", name), slog.Any("error", m))
		}
	}
	return r.RenderRequest(ctx, req, err), nil
}

// recovered logs a handler's panic and returns the result that reports it.
// It runs in a deferred call, so it must not panic itself: a panic while
// logging or rendering gives the fallback result.
func (r *Renderer) recovered(ctx context.Context, req mcp.CallToolRequest, v any) (res *mcp.CallToolResult) {
	defer func() {
		if p := recover(); p != nil {
			res = r.renderPanicked(ctx, req.Params.Name, p)
		}
	}()
	r.log().ErrorContext(ctx, "mcperr: tool handler panicked",
		slog.String("tool", req.Params.Name),
		slog.String("panic", panicText(v, errorx.MaxLogText)),
		slog.String("stack", string(debug.Stack())))
	e := PanicError()
	if r.internalText {
		const prefix = "The tool panicked: "
		e.Message = prefix + panicText(v, max(r.textBudget()-len(prefix), 1))
	}
	return r.RenderRequest(ctx, req, e)
}

// fallbackText is the message of the result that replaces an error the
// Renderer could not classify or render.
const fallbackText = "The tool failed, and the server could not describe the error. The server has logged the failure."

// renderPanicked logs a panic raised while classifying or rendering a tool
// error (a bug in a Dialect, or in an error type's methods), not in a tool
// handler, and returns the fallback result: isError, one text block with a
// fixed sentence, built without the dialect. It never panics, even when the
// logger does.
func (r *Renderer) renderPanicked(ctx context.Context, tool string, v any) *mcp.CallToolResult {
	func() {
		defer func() { _ = recover() }() // a panicking logger loses the record, not the server
		r.log().ErrorContext(ctx, "mcperr: rendering the tool error panicked",
			slog.String("tool", tool),
			slog.String("panic", panicText(v, errorx.MaxLogText)),
			slog.String("stack", string(debug.Stack())))
	}()
	return mcp.NewToolResultError(fallbackText)
}

// panicText is the text of a panic's value v, at most max bytes of it and
// the truncation notice (as cutString cuts): an error's as errorx.Text
// gives it (never asking a chain errorx.Searchable rejects), a string as
// it is, anything else as fmt prints it.
func panicText(v any, max int) string {
	switch x := v.(type) {
	case error:
		return errorx.Text(x, max)
	case string:
		return cutString(x, max)
	}
	return cutString(fmt.Sprint(v), max)
}

// PanicError returns the error the Middleware renders for a handler that
// panicked: INTERNAL_ERROR, with a message and a recovery that say nothing
// of the panic.
func PanicError() *errorx.Error {
	return errorx.New(errorx.CodeInternalError, "The tool failed unexpectedly. The server has logged the failure.").
		WithRecovery("Do not retry the same call. Try another approach, or report the problem.")
}

// hasStructured reports whether res carries structuredContent.
func hasStructured(res *mcp.CallToolResult) bool {
	return res.StructuredContent != nil || len(res.RawStructuredContent) > 0
}

// passed returns a result the handler built itself: res as it is, unless r
// applies OutputSchemaSafe, res is an error carrying structuredContent and
// the tool declares an outputSchema. Then, as for the results r renders,
// the structuredContent goes (on a copy: res may be shared) and its JSON
// stays in text: as a new last text block, unless a text block already
// holds the same JSON value (toolError:v1's json and both modes, or a
// handler that follows MCP's advice to duplicate structured content in
// text).
func (r *Renderer) passed(ctx context.Context, name string, res *mcp.CallToolResult) *mcp.CallToolResult {
	if !res.IsError || !hasStructured(res) || r.schema != OutputSchemaSafe || !declaresOutputSchema(ctx, name) {
		return res
	}
	c := *res
	c.StructuredContent, c.RawStructuredContent = nil, nil
	if b := structuredBytes(res); len(b) > 0 && !holdsJSON(res.Content, b) {
		c.Content = append(slices.Clip(res.Content), mcp.NewTextContent(string(b)))
	}
	return &c
}

// holdsJSON reports whether one of the text blocks is a JSON document equal
// in value to b (as encoding/json reads both; formatting aside).
func holdsJSON(content []mcp.Content, b []byte) bool {
	var want any
	if json.Unmarshal(b, &want) != nil {
		return false
	}
	for _, c := range content {
		t, ok := textOf(c)
		if !ok {
			continue
		}
		if t == string(b) {
			return true
		}
		var got any
		if json.Unmarshal([]byte(t), &got) == nil && reflect.DeepEqual(got, want) {
			return true
		}
	}
	return false
}

// isNilModel reports whether err itself is a nil *errorx.Error: a non-nil
// error interface holding a nil pointer, which a handler returns when it
// means no error. A nil *errorx.Error deeper in err's chain (errors.Join,
// %w) is not: errorx.As and errorx.From skip it.
func isNilModel(err error) bool {
	e, ok := err.(*errorx.Error)
	return ok && e == nil
}

// isProtocolError reports whether err must reach mcp-go as a Go error.
func (r *Renderer) isProtocolError(err error) bool {
	if !errorx.Searchable(err) {
		return false
	}
	if _, ok := errors.AsType[mcp.URLElicitationRequiredError](err); ok {
		return true
	}
	if p, ok := errors.AsType[*mcp.URLElicitationRequiredError](err); ok && p != nil {
		return true
	}
	return r.protocol != nil && r.protocol(err)
}

// hidden reports whether errorx.From could not classify err: err holds no
// model of its own and is none of the errors From knows, so the result says
// only INTERNAL_ERROR's fixed sentence.
func hidden(err error) bool {
	if !errorx.Searchable(err) {
		return true
	}
	if _, ok := errorx.As(err); ok {
		return false
	}
	var te errorx.ToolErrorer
	if errors.As(err, &te) && te.ToolError() != nil {
		return false
	}
	return errorx.From(err).Code == errorx.CodeInternalError
}
