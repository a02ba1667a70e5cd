package render_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/render"
)

// A made-up MCP SDK, "toy", to show that an adapter for an SDK needs
// nothing but render's exported API: mcperr's own adapters (mcpgo, gosdk)
// are built the same way. A toy tool call carries the tool's name and its
// raw JSON arguments; a toy result is a render.Result, so the adapter
// converts nothing (a real SDK's adapter converts its result to and from
// render.Result there).
type toyCall struct {
	Tool      string
	Arguments json.RawMessage
}

type toyHandler func(ctx context.Context, call *toyCall) (*render.Result, error)

// errToyProtocol is the toy SDK's own protocol error, which it answers
// with a JSON-RPC error.
var errToyProtocol = errors.New("toy: protocol error")

// toyMiddleware applies r to every call of a toy server. tools tells r
// which tools declare an outputSchema (nil: none does).
func toyMiddleware(r *render.Renderer, tools render.Tools) func(toyHandler) toyHandler {
	return func(next toyHandler) toyHandler {
		return func(ctx context.Context, call *toyCall) (res *render.Result, err error) {
			c := render.Call{Tool: call.Tool, Arguments: call.Arguments, Tools: tools,
				Protocol: func(err error) bool { return errors.Is(err, errToyProtocol) }}
			defer func() {
				if v := recover(); v != nil {
					res, err = r.HandlePanic(ctx, &c, v), nil
				}
			}()
			res, err = next(ctx, call)
			if e, ok := err.(*errorx.Error); ok && e == nil {
				err = nil // a typed-nil *errorx.Error is no error
			}
			if res == nil || err != nil {
				return r.HandleError(ctx, &c, err)
			}
			return r.HandleResult(ctx, &c, res), nil
		}
	}
}

// Example_adapter wires a Renderer into a made-up SDK's tool calls (see
// toyMiddleware): the handler's error becomes a tool result in the
// Renderer's dialect, its panic too.
func Example_adapter() {
	r := render.NewRenderer(render.XML{})
	mw := toyMiddleware(r, nil)
	get := mw(func(ctx context.Context, call *toyCall) (*render.Result, error) {
		return nil, errorx.NotFound("No such project.").WithActions("projects.list")
	})
	res, _ := get(context.Background(), &toyCall{Tool: "projects.get", Arguments: json.RawMessage(`{"id":"p1"}`)})
	fmt.Println(res.IsError)
	fmt.Println(res.Content[0].Text)
	// Output:
	// true
	// <tool_error code="NOT_FOUND" tool="projects.get">
	// <message>No such project.</message>
	// <available_actions>
	//   <action>projects.list</action>
	// </available_actions>
	// </tool_error>
}

// handler returns a toy handler that returns res and err.
func handler(res *render.Result, err error) toyHandler {
	return func(context.Context, *toyCall) (*render.Result, error) { return res, err }
}

// serve calls h under r's toy middleware, as the tool named tool with
// args.
func serve(r *render.Renderer, h toyHandler, tool string, args map[string]any) (*render.Result, error) {
	raw, err := json.Marshal(args)
	if err != nil {
		panic(err)
	}
	return toyMiddleware(r, nil)(h)(context.Background(), &toyCall{Tool: tool, Arguments: raw})
}

// call returns the Call of the tool named tool with args, decoded.
func call(tool string, args map[string]any) *render.Call {
	return &render.Call{Tool: tool, ArgumentMap: args}
}
