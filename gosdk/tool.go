package gosdk

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/errtext"
	"github.com/mcperr/mcperr/internal/typeunion"
	"github.com/mcperr/mcperr/render"
	"github.com/mcperr/mcperr/validation"
)

// AddTool adds a typed tool to s, as mcp.AddTool does, with one difference:
// the arguments are bound by package validation (validation.Bind, with
// opts) instead of go-sdk's schema check. The agent then gets every problem
// of a call at once, each as a field with its JSON path, the value it sent
// (secrets redacted), what was expected and, for an unknown key, the
// closest valid name; go-sdk's typed tools answer with one schema message
// in Go field names. Binding is strict: unknown keys, wrong JSON types and
// failed validate tags are errors. The toolerror dialect's per-call format
// argument is one only when opts include validation.WithFormatArgument
// (give it the name the server's Renderer reads, render.WithFormatArgument): the
// schema then lists it and binding takes it.
//
// The tool's inputSchema is t.InputSchema when set, else, for a struct In,
// validation.InputSchema[In](opts...): the JSON Schema of exactly the
// arguments binding accepts, from the same json and validate tags (for
// another In, what go-sdk infers). Schema defaults are not applied to the
// arguments: a field not sent keeps its Go zero value.
//
// h runs only with valid arguments. An error it returns becomes a tool
// error (a *jsonrpc.Error stays a protocol error; a nil *errorx.Error is
// no error, as under the Middleware), and its output fills
// structuredContent and, when h wrote no content, a text block, validated
// against the output schema, as go-sdk's typed tools do. The output schema
// is t.OutputSchema when set, else inferred from Out (by go-sdk's
// inference, its type arrays such as a slice's ["null","array"] written as
// anyOf, which strict clients take) unless Out is any.
//
// A binding failure is a tool error (isError) that lists every bad
// argument: with the server's Middleware, in its dialect; without it, as
// the zero Renderer renders it (render.NewRenderer(nil): the interbase
// dialect, the summary and its fields), the result mcpgo.Handler gives on
// mcp-go. An error h returns is, without the Middleware, its text in an
// isError result (errtext.Text: at most errtext.MaxLogText bytes of it), as
// go-sdk's typed tools give it. AddTool panics, as mcp.AddTool does, when
// a schema cannot be inferred or resolved.
func AddTool[In, Out any](s *mcp.Server, t *mcp.Tool, h mcp.ToolHandlerFor[In, Out], opts ...validation.Option) {
	tt, th, err := typedTool(t, h, opts)
	if err != nil {
		panic(fmt.Sprintf("gosdk.AddTool: tool %q: %v", t.Name, err))
	}
	markBound(tt)
	s.AddTool(tt, th)
}

// typedTool returns the tool (a copy of t with its schemas) and the raw
// handler AddTool registers.
func typedTool[In, Out any](t *mcp.Tool, h mcp.ToolHandlerFor[In, Out], opts []validation.Option) (*mcp.Tool, mcp.ToolHandler, error) {
	tt := *t
	if tt.InputSchema == nil {
		s, err := inputSchema[In](opts)
		if err != nil {
			return nil, nil, fmt.Errorf("input schema: %w", err)
		}
		tt.InputSchema = s
	}
	var out output[Out]
	if tt.OutputSchema != nil || reflect.TypeFor[Out]() != reflect.TypeFor[any]() {
		if err := out.resolve(&tt); err != nil {
			return nil, nil, fmt.Errorf("output schema: %w", err)
		}
	}
	handler := func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var name string
		var args json.RawMessage
		if req.Params != nil {
			name, args = req.Params.Name, req.Params.Arguments
		}
		in, err := validation.Bind[In](name, args, opts...)
		if err != nil {
			return unboundResult(ctx, req, err), nil
		}
		res, o, err := h(ctx, req, in)
		if e, ok := err.(*errorx.Error); ok && e == nil {
			err = nil // Go's typed-nil trap: the handler meant no error
		}
		if err != nil {
			if wire, ok := err.(*jsonrpc.Error); ok {
				return nil, wire
			}
			return errorResult(err), nil
		}
		return out.fill(res, o)
	}
	return &tt, handler, nil
}

// errorResult is the result go-sdk's typed tools give for err: isError,
// err's text, err recorded for the Middleware (CallToolResult.GetError).
// The text is errtext.Text's: bounded, and never built for a chain
// errtext.Searchable rejects, whose text may have billions of parts.
func errorResult(err error) *mcp.CallToolResult {
	res := mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: errtext.Text(err, errtext.MaxLogText)}}}
	res.SetError(err)
	return &res
}

// unboundResult is the result for err, arguments that fail binding: the
// error as the zero Renderer renders it, what a server without the
// Middleware sends (the same as mcpgo.Handler's), with err recorded
// (SetError) as an unboundError, which the Middleware renders again in its
// dialect.
func unboundResult(ctx context.Context, req *mcp.CallToolRequest, err error) *mcp.CallToolResult {
	var c render.Call
	if req != nil && req.Params != nil {
		c.Tool, c.Arguments = req.Params.Name, req.Params.Arguments
	}
	rendered, _ := (&render.Renderer{}).HandleError(ctx, &c, err) // a binding error is never a protocol error
	res := FromResult(rendered)
	res.SetError(&unboundError{err})
	return res
}

// unboundError is the error AddTool records on the result of arguments
// that fail binding: the Middleware renders err in its dialect.
type unboundError struct{ err error }

func (e *unboundError) Error() string { return e.err.Error() }

func (e *unboundError) Unwrap() error { return e.err }

// inputSchema returns In's inputSchema: validation.InputSchema (the
// arguments binding accepts, from the same tags) for a struct, else what
// go-sdk infers (an object schema for In of type any).
func inputSchema[In any](opts []validation.Option) (any, error) {
	rt := reflect.TypeFor[In]()
	if rt == reflect.TypeFor[any]() {
		return &jsonschema.Schema{Type: "object"}, nil
	}
	for rt.Kind() == reflect.Pointer {
		rt = rt.Elem()
	}
	if rt.Kind() == reflect.Struct {
		return validation.InputSchema[In](opts...)
	}
	return jsonschema.ForType(rt, &jsonschema.ForOptions{})
}

// output is a typed tool's output handling, as go-sdk's typed tools do it
// (mcp/server.go, toolForErr).
type output[Out any] struct {
	resolved *jsonschema.Resolved
	// elemZero replaces a nil Out of pointer type: the zero value of the
	// type it points to, whose schema was inferred.
	elemZero any
}

// resolve sets t's output schema (inferred from Out when t has none) and
// resolves it for validation.
func (o *output[Out]) resolve(t *mcp.Tool) error {
	rt := reflect.TypeFor[Out]()
	var schema *jsonschema.Schema
	switch s := t.OutputSchema.(type) {
	case nil:
		if rt.Kind() == reflect.Pointer {
			rt = rt.Elem()
			o.elemZero = reflect.Zero(rt).Interface()
		}
		inferred, err := jsonschema.ForType(rt, &jsonschema.ForOptions{})
		if err != nil {
			return err
		}
		if inferred, err = withoutTypeArrays(inferred); err != nil {
			return err
		}
		schema, t.OutputSchema = inferred, inferred
	case *jsonschema.Schema:
		schema = s
	default:
		b, err := json.Marshal(s)
		if err != nil {
			return err
		}
		if err := json.Unmarshal(b, &schema); err != nil {
			return err
		}
	}
	if schema == nil {
		return fmt.Errorf("schema is nil for type %v", rt)
	}
	resolved, err := schema.Resolve(&jsonschema.ResolveOptions{ValidateDefaults: true})
	if err != nil {
		return err
	}
	o.resolved = resolved
	return nil
}

// withoutTypeArrays returns s with its type arrays (go-sdk's inference
// writes ["null","array"] for a slice) written as anyOf (see
// internal/typeunion), which accepts the same outputs: strict clients
// reject type arrays.
func withoutTypeArrays(s *jsonschema.Schema) (*jsonschema.Schema, error) {
	b, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	split, changed := typeunion.Split(b)
	if !changed {
		return s, nil
	}
	var out *jsonschema.Schema
	if err := json.Unmarshal(split, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// fill completes the handler's result with its output: structuredContent,
// validated against the output schema with its defaults applied, and a
// text block holding the same JSON when the handler wrote no content (or,
// for output that is not an object, in addition to its content).
func (o *output[Out]) fill(res *mcp.CallToolResult, out Out) (*mcp.CallToolResult, error) {
	if res == nil {
		res = &mcp.CallToolResult{}
	}
	var value any = out
	if res.InputRequests != nil {
		value = nil // a multi round-trip request carries no content
	} else if o.elemZero != nil {
		var zero Out
		if any(out) == any(zero) { // Out is a pointer type here: comparable
			value = o.elemZero
		}
	}
	if value == nil {
		return res, nil
	}
	b, err := json.Marshal(value)
	if err != nil {
		return nil, fmt.Errorf("marshaling output: %w", err)
	}
	if b, err = o.validate(b); err != nil {
		return nil, fmt.Errorf("validating tool output: %w", err)
	}
	res.StructuredContent = json.RawMessage(b)
	if res.Content == nil {
		res.Content = []mcp.Content{&mcp.TextContent{Text: string(b)}}
	} else if !isObject(b) {
		res.Content = append(res.Content, &mcp.TextContent{Text: string(b)})
	}
	return res, nil
}

// validate checks the output JSON b against the resolved output schema,
// after applying its defaults to an object, and returns the JSON with the
// defaults.
func (o *output[Out]) validate(b []byte) ([]byte, error) {
	if o.resolved == nil {
		return b, nil
	}
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return nil, err
	}
	defaults := false
	if _, ok := v.(map[string]any); ok {
		defaults = true
	} else if v == nil && o.resolved.Schema().Type == "object" {
		v, defaults = map[string]any{}, true
	}
	if defaults {
		if err := o.resolved.ApplyDefaults(&v); err != nil {
			return nil, fmt.Errorf("applying schema defaults: %w", err)
		}
	}
	if err := o.resolved.Validate(&v); err != nil {
		return nil, err
	}
	if !defaults {
		return b, nil
	}
	return json.Marshal(v)
}

// isObject reports whether b is a JSON object.
func isObject(b []byte) bool {
	for _, c := range b {
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		}
		return c == '{'
	}
	return false
}
