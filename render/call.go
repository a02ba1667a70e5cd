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
	"unsafe"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/adapt"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/errtext"
	"github.com/mcperr/mcperr/internal/format"
	"github.com/mcperr/mcperr/internal/jsonw"
	"github.com/mcperr/mcperr/internal/sentence"
)

// A Call is one tool call as the adapter of a server's SDK tells a
// Renderer about it: what the Renderer's policy needs to know of the call,
// in no SDK's types. The Renderer reads it only while handling an error,
// and reads the arguments and the tools lazily: an adapter fills it from
// the request without decoding or listing anything.
type Call struct {
	// Tool is the name the tool was called by ("" when unknown). The
	// Renderer names it in an error that names no tool, and in its logs.
	Tool string
	// Arguments are the call's arguments as the client sent them: a JSON
	// object, or nil when the SDK keeps none. The Renderer reads its
	// format argument from them (WithFormatArgument) when ArgumentMap is
	// nil, and only when Tools shows that the tool's inputSchema lists it.
	Arguments json.RawMessage
	// ArgumentMap holds the arguments as the SDK decoded them, when it did
	// (mcp-go's CallToolRequest.GetArguments); read instead of Arguments
	// when not nil.
	ArgumentMap map[string]any
	// Tools tells the Renderer about the server's tools: whether the
	// called tool declares an outputSchema (OutputSchemaSafe) and, when
	// it also implements InputSchemas, the tool's inputSchema (the
	// per-call format argument). nil means that no tool declares an
	// outputSchema and no call picks its format.
	Tools Tools
	// Protocol reports whether err is one of the errors the SDK answers
	// with its own JSON-RPC error (mcp-go's URLElicitationRequiredError,
	// go-sdk's *jsonrpc.Error): HandleError gives those back unchanged.
	// nil means none. It is asked only of errors errtext.Searchable
	// accepts.
	Protocol func(err error) bool
}

// Tools is what a Renderer asks of a server about its tools, through the
// adapter of the server's SDK (the SDKs keep their tools in their own
// types).
type Tools interface {
	// DeclaresOutputSchema reports whether the tool named name declares an
	// outputSchema. The Renderer asks only while handling an error or an
	// error result, at most once per HandleError, HandlePanic,
	// HandleResult or RenderCall; ctx is the one it was given.
	DeclaresOutputSchema(ctx context.Context, name string) bool
}

// InputSchemas is implemented by the Tools of an adapter that can show the
// Renderer a tool's inputSchema. The Renderer reads the per-call format
// argument (WithFormatArgument) only from the calls of a tool whose
// inputSchema lists it as format.ArgumentSchema, so that a tool's own
// argument of that name never steers rendering; with Tools that do not
// implement InputSchemas, no call picks its format. mcpgo and gosdk
// implement it.
type InputSchemas interface {
	// InputSchema returns the inputSchema of the tool named name, as the
	// server lists it (JSON), or nil when there is no such tool. The
	// Renderer asks only while rendering an error of the toolerror
	// dialect for a call that sends the format argument as a string, at
	// most once per HandleError, HandlePanic or RenderCall.
	InputSchema(ctx context.Context, name string) json.RawMessage
}

// RenderCall renders err as the result of call c: it classifies err with
// errorx.From, redacts and bounds it as Render does, names c's tool in the
// error when the error names none (on a copy: err is never changed),
// applies the caller's format argument when the dialect is toolerror, and
// applies r's OutputSchemaPolicy when c.Tools says the tool declares an
// outputSchema. It neither logs err nor treats protocol errors apart: that
// is HandleError's part. RenderCall(ctx, c, nil) returns nil; a nil c is a
// call of which nothing is known. A dialect that panics gives Render's
// minimal error result.
func (r *Renderer) RenderCall(ctx context.Context, c *Call, err error) *Result {
	if err == nil {
		return nil
	}
	id := r.correlationID(ctx)
	e := r.model(err, id)
	if e == nil {
		return nil
	}
	if c == nil {
		c = &Call{}
	}
	if e.Tool == "" && c.Tool != "" {
		cp := *e
		cp.Tool = c.Tool
		e = &cp
	}
	safe := r.safe(ctx, c)
	d := r.dialectFor(id)
	if m, ok := d.(modal); ok && !nilDialect(d) {
		d = m.withMode(r.callModeFor(ctx, m.mode(), c, safe))
	}
	res := r.bounded(ctx, c.Tool, d, e, id)
	if safe && res != nil {
		res.StructuredContent = nil
		res.IsError = true
	}
	return r.finish(res, e, id)
}

// safe reports whether r applies OutputSchemaSafe to c: the policy is on
// and the tool declares an outputSchema.
func (r *Renderer) safe(ctx context.Context, c *Call) bool {
	return r.schema == OutputSchemaSafe && c.Tools != nil && c.Tools.DeclaresOutputSchema(ctx, c.Tool)
}

// callModeFor returns the mode the call asks for (else mode, the
// dialect's), made to carry the JSON block when structuredContent will be
// dropped.
func (r *Renderer) callModeFor(ctx context.Context, mode Mode, c *Call, safe bool) Mode {
	if m, ok := r.callMode(ctx, c); ok {
		mode = m
	}
	if safe && !mode.machine() {
		mode = ModeBoth
	}
	return mode
}

// callMode reads the caller's mode from the format argument. A missing,
// empty, non-string or unknown value, or a tool whose inputSchema does not
// list the argument (listsFormatArgument), gives ok false: the default
// stands.
func (r *Renderer) callMode(ctx context.Context, c *Call) (m Mode, ok bool) {
	if r.formatArg == "" {
		return 0, false
	}
	var s string
	if c.ArgumentMap != nil {
		s, _ = c.ArgumentMap[r.formatArg].(string)
	} else {
		s = stringArgument(c.Arguments, r.formatArg)
	}
	if s == "" {
		return 0, false
	}
	m, err := parseMode(s)
	if err != nil {
		return 0, false
	}
	schemas, ok := c.Tools.(InputSchemas)
	return m, ok && listsFormatArgument(schemas.InputSchema(ctx, c.Tool), r.formatArg)
}

// listsFormatArgument reports whether the inputSchema schema lists the
// per-call format argument under name: its property is format.ArgumentSchema,
// as JSON values compare (spacing and key order aside).
func listsFormatArgument(schema json.RawMessage, name string) bool {
	var s struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	if json.Unmarshal(schema, &s) != nil {
		return false
	}
	p, ok := s.Properties[name]
	if !ok {
		return false
	}
	var got, want any
	if json.Unmarshal(p, &got) != nil || json.Unmarshal([]byte(format.ArgumentSchema), &want) != nil {
		return false
	}
	return reflect.DeepEqual(got, want)
}

// stringArgument returns the string the JSON object args holds under key
// (the last one, as encoding/json reads a key sent twice), or "" when args
// is not valid JSON, not an object, or holds no string there. args is read
// in place.
func stringArgument(args json.RawMessage, key string) string {
	raw := unsafe.String(unsafe.SliceData(args), len(args))
	if !jsonw.Valid(raw) {
		return ""
	}
	it, ok := jsonw.Iterate(raw)
	if !ok {
		return ""
	}
	var s string
	for k, v, more := it.Next(); more; k, v, more = it.Next() {
		if k == key {
			s, _ = jsonw.String(v)
		}
	}
	return s
}

// HandleError applies r's policy to a tool call whose handler produced no
// usable result (see Failed): it returned err, or neither a result nor an
// error (err nil, or a nil *errorx.Error). It returns the tool result that
// reports the failure, or a nil result and err itself when err is a
// protocol error (one that c.Protocol or WithProtocolErrors matches), for
// the adapter to return to its SDK:
//
//   - a call that returned nothing is logged and gets an INTERNAL_ERROR
//     result ("The tool returned no result.");
//   - an error errorx.From cannot classify (it becomes INTERNAL_ERROR with
//     a fixed message) is logged with its text, bounded by
//     errtext.MaxLogText, and an *errorx.Error of class INTERNAL that wraps
//     a cause is logged with it, so that the server's log keeps what the
//     agent does not see;
//   - err is then rendered by RenderCall: the tool named, the caller's
//     format, OutputSchemaSafe, limits, redaction.
//
// HandleError never panics: a panic while classifying or rendering err (a
// Dialect or an error type with a bug) is logged as a rendering failure,
// with its stack, and the result is a minimal isError result with one fixed
// sentence (Decode reads it as INTERNAL_ERROR).
func (r *Renderer) HandleError(ctx context.Context, c *Call, err error) (res *Result, protocol error) {
	if c == nil {
		c = &Call{}
	}
	defer func() {
		if v := recover(); v != nil {
			res, protocol = r.renderPanicked(ctx, c.Tool, v), nil
		}
	}()
	if err != nil && !adapt.IsNilModel(err) && r.isProtocolError(c, err) {
		return nil, err
	}
	ctx, id := r.withCorrelationID(ctx)
	switch {
	case err == nil:
		r.log().ErrorContext(ctx, "mcperr: tool handler returned neither a result nor an error",
			toolAttr(c.Tool), idAttr(id))
		err = noResult()
	case adapt.IsNilModel(err):
		r.log().ErrorContext(ctx, "mcperr: tool handler returned neither a result nor an error (its error is a nil *errorx.Error)",
			toolAttr(c.Tool), idAttr(id))
		err = noResult()
	case hidden(err):
		r.log().ErrorContext(ctx, "mcperr: tool failed with an unclassified error",
			toolAttr(c.Tool), slog.String("error", errtext.Text(err, errtext.MaxLogText)), idAttr(id))
	default:
		// An internal error the handler built around a Go error: the
		// cause is what the server's operator needs, and it never
		// reaches the wire.
		if m, ok := errorx.As(err); ok && m.Unwrap() != nil && m.EffectiveClass() == errorx.ClassInternal {
			r.log().ErrorContext(ctx, "mcperr: tool failed with an internal error",
				toolAttr(c.Tool), slog.Any("error", m), idAttr(id))
		} else if id != "" {
			// With ids on, every error has a line to find.
			r.log().InfoContext(ctx, "mcperr: tool failed",
				toolAttr(c.Tool), slog.String("code", logString(errorx.From(err).Code, errtext.MaxLogText)), idAttr(id))
		}
	}
	return r.RenderCall(ctx, c, err), nil
}

// idAttr is the log attribute of a correlation id: correlation_id, or an
// empty attribute (which slog leaves out) for none.
func idAttr(id string) slog.Attr {
	if id == "" {
		return slog.Attr{}
	}
	return slog.String(codes.CorrelationIDKey, id)
}

// noResult is the error for a handler that returned neither a result nor
// an error.
func noResult() *errorx.Error {
	return errorx.New(errorx.CodeInternalError, "The tool returned no result.")
}

// HandlePanic applies r's policy to a tool handler that panicked with value
// v (what recover returned, in the adapter's deferred call): it logs the
// panic with its value and stack, and returns the INTERNAL_ERROR result
// of PanicError, which shows neither (unless WithInternalErrorText). It
// runs in a deferred call, so it never panics itself: a panic while
// logging or rendering gives the fallback result.
func (r *Renderer) HandlePanic(ctx context.Context, c *Call, v any) (res *Result) {
	if c == nil {
		c = &Call{}
	}
	defer func() {
		if p := recover(); p != nil {
			res = r.renderPanicked(ctx, c.Tool, p)
		}
	}()
	ctx, id := r.withCorrelationID(ctx)
	r.log().ErrorContext(ctx, "mcperr: tool handler panicked",
		toolAttr(c.Tool),
		slog.String("panic", panicText(v, errtext.MaxLogText)),
		stackAttr(), idAttr(id))
	e := sentence.PanicError()
	if r.internalText {
		const prefix = "The tool panicked: "
		e.Message = prefix + panicText(v, max(r.textBudget()-len(prefix), 1))
	}
	return r.RenderCall(ctx, c, e)
}

// HandleResult applies r's policy to res, a result the handler of c built
// itself (given by the adapter as its text blocks, in order: blocks of
// other types may be left out), and returns the result to send: res
// itself, unless r applies OutputSchemaSafe, res is an error (isError)
// carrying structuredContent and c's tool declares an outputSchema. Then,
// as for the results r renders, the structuredContent goes, on a copy (res
// may be shared), and its JSON stays in text: as a new last text block,
// unless a text block already holds the same JSON value (toolError:v1's
// json and both modes, or a handler that follows MCP's advice to duplicate
// structured content in text). The adapter applies the difference to the
// SDK's result: no structuredContent, and the blocks past len(res.Content)
// appended.
func (r *Renderer) HandleResult(ctx context.Context, c *Call, res *Result) *Result {
	if res == nil || !res.IsError || res.StructuredContent == nil || r.schema != OutputSchemaSafe {
		return res
	}
	if c == nil {
		c = &Call{}
	}
	if !r.safe(ctx, c) {
		return res
	}
	out := *res
	out.StructuredContent = nil
	if b := res.StructuredContent; !holdsJSON(res.Content, b) {
		out.Content = append(slices.Clip(res.Content), Text{Text: string(b)})
	}
	return &out
}

// fallbackText is the message of the result that replaces an error the
// Renderer could not classify or render.
const fallbackText = "The tool failed, and the server could not describe the error. The server has logged the failure."

// renderPanicked logs a panic raised while classifying or rendering a tool
// error (a bug in a Dialect, or in an error type's methods), not in a tool
// handler, and returns the fallback result: isError, one text block with a
// fixed sentence, built without the dialect. It never panics, even when the
// logger does.
func (r *Renderer) renderPanicked(ctx context.Context, tool string, v any) *Result {
	func() {
		defer func() { _ = recover() }() // a panicking logger loses the record, not the server
		id, _ := ctx.Value(chosenKey{}).(string)
		r.log().ErrorContext(ctx, "mcperr: rendering the tool error panicked",
			toolAttr(tool),
			slog.String("panic", panicText(v, errtext.MaxLogText)),
			stackAttr(), idAttr(id))
	}()
	return textResult(fallbackText, true)
}

// panicText is the text of a panic's value v, as a log record holds a
// text (logString): an error's as errtext.Text gives it (never asking a
// chain errtext.Searchable rejects), a string as it is, anything else as
// fmt prints it, with the credentials it spells out masked and at most
// max bytes of it and the truncation notice.
func panicText(v any, max int) string {
	switch x := v.(type) {
	case error:
		return errtext.Text(x, max)
	case string:
		return logString(x, max)
	}
	return logString(fmt.Sprint(v), max)
}

// logString returns s as every record the Renderer logs holds a text:
// errtext.Text's rules, the credentials it spells out masked (as
// errorx.RedactSecrets masks a string, by secret.Names and by
// shape), then at most max bytes of it and the truncation notice.
func logString(s string, max int) string { return errtext.Text(logged(s), max) }

// logged is a text to log, as errtext.Text reads it.
type logged string

func (s logged) Error() string { return string(s) }

// toolAttr is the log attribute of the tool called: a name the caller may
// have chosen (any name reaches an adapter), as logString writes it.
func toolAttr(tool string) slog.Attr {
	return slog.String("tool", logString(tool, errtext.MaxLogText))
}

// maxLogStack bounds the stack a panic's log record holds: the frames
// nearest the panic, where its cause is, fit many times over.
const maxLogStack = 4 * errtext.MaxLogText

// stackAttr is the log attribute of the calling goroutine's stack, as
// logString writes it, at most maxLogStack bytes.
func stackAttr() slog.Attr {
	return slog.String("stack", logString(string(debug.Stack()), maxLogStack))
}

// holdsJSON reports whether one of the text blocks is a JSON document equal
// in value to b (as encoding/json reads both; formatting aside).
func holdsJSON(content []Text, b []byte) bool {
	var want any
	if json.Unmarshal(b, &want) != nil {
		return false
	}
	for _, c := range content {
		if c.Text == string(b) {
			return true
		}
		var got any
		if json.Unmarshal([]byte(c.Text), &got) == nil && reflect.DeepEqual(got, want) {
			return true
		}
	}
	return false
}

// isProtocolError reports whether err must reach the SDK as a Go error.
func (r *Renderer) isProtocolError(c *Call, err error) bool {
	if !errtext.Searchable(err) {
		return false
	}
	return c.Protocol != nil && c.Protocol(err) || r.protocol != nil && r.protocol(err)
}

// hidden reports whether errorx.From could not classify err: err holds no
// model of its own and is none of the errors From knows, so the result says
// only INTERNAL_ERROR's fixed sentence.
func hidden(err error) bool {
	if !errtext.Searchable(err) {
		return true
	}
	if _, ok := errorx.As(err); ok {
		return false
	}
	var te interface{ ToolError() *errorx.Error } // the method set errorx.From reads
	if errors.As(err, &te) && te.ToolError() != nil {
		return false
	}
	return errorx.From(err).Code == errorx.CodeInternalError
}
