package mcpgo

import (
	"context"
	"encoding/json"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/sentence"
	"github.com/mcperr/mcperr/validation"
)

// Bind decodes the arguments of req strictly into a T and validates it:
// validation.Bind on the request's arguments as the client sent them
// (RawArguments when mcp-go kept them, else Arguments encoded), the tool
// named by the request (validation.WithTool overrides it). See
// validation.Bind for what it reports; arguments that cannot be encoded as
// JSON give a field of rule "syntax".
func Bind[T any](req mcp.CallToolRequest, opts ...validation.Option) (T, error) {
	raw, err := arguments(req)
	if err != nil {
		var zero T
		return zero, sentence.WithCause(validation.NewError(req.Params.Name, []errorx.Field{{
			WasSent: false, Message: "Cannot be read as JSON.", Expected: "a JSON object", Rule: validation.RuleSyntax,
		}}), err)
	}
	return validation.Bind[T](req.Params.Name, raw, opts...)
}

// arguments returns req's arguments as JSON: the bytes received when there
// are some, else the Arguments value encoded.
func arguments(req mcp.CallToolRequest) (json.RawMessage, error) {
	switch a := req.GetRawArguments().(type) {
	case json.RawMessage:
		return a, nil
	case []byte:
		return a, nil
	case nil:
		return nil, nil
	default:
		return json.Marshal(a)
	}
}

// TypedHandler is a tool handler that receives its validated arguments.
type TypedHandler[T any] func(ctx context.Context, req mcp.CallToolRequest, args T) (*mcp.CallToolResult, error)

// Handler adapts fn to mcp-go: each call's arguments are bound with Bind
// (and opts); fn runs only when they are valid.
//
// When they are not, the agent gets a tool error (isError) that lists
// every bad argument. Under Middleware it is rendered in the server's
// dialect. Without it, the result is the error as the zero Renderer
// renders it (render.NewRenderer(nil): the interbase dialect, the summary
// and its fields), never the JSON-RPC error -32603 mcp-go makes of a
// handler's Go error; gosdk.AddTool degrades to the same result. fn's own
// errors are returned as they are, for Middleware.
func Handler[T any](fn TypedHandler[T], opts ...validation.Option) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		args, err := Bind[T](req, opts...)
		if err != nil {
			if res := unboundResult(ctx, req, err); res != nil {
				return res, nil
			}
			return nil, err
		}
		return fn(ctx, req, args)
	}
}

// WithInputSchema sets a tool's inputSchema to the JSON Schema (draft
// 2020-12, as MCP specifies) of T's arguments, read from the same json and
// validate tags that Bind[T] checks (validation.InputSchema): one struct
// is the tool's whole contract. The other fields of the tool (name,
// description, annotations, outputSchema) are kept; give this option
// instead of mcp.WithString and the like, not beside them.
//
// The schema is computed once per type and options. WithInputSchema panics
// when T is not a struct (or a pointer to one), as a server's
// misconfiguration found when the tool is declared.
func WithInputSchema[T any](opts ...validation.Option) mcp.ToolOption {
	return func(t *mcp.Tool) {
		raw, err := validation.InputSchema[T](opts...)
		if err != nil {
			panic(err)
		}
		t.InputSchema = mcp.ToolInputSchema{}
		t.RawInputSchema = raw
		markBound(raw)
	}
}

// RequestAction is validation.Action for the discriminator field of a
// request's arguments (validation.ActionOf): it tells a missing key from a
// null one, and sets the tool name on the error.
func RequestAction(req mcp.CallToolRequest, field string, actions ...string) (string, *errorx.Error) {
	raw, _ := arguments(req)
	return validation.ActionOf(req.Params.Name, raw, field, actions...)
}
