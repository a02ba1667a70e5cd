package render

import (
	"context"
	"log/slog"
	"maps"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/errtext"
	isecret "github.com/mcperr/mcperr/internal/secret"
	"github.com/mcperr/mcperr/internal/toolfailure"
)

// A Renderer is a server's error policy, configured once: the dialect every
// tool error is written in, where panics are logged, what tools that declare
// an outputSchema get, and which per-request choices callers may make.
//
// The adapter of a server's SDK applies the policy to every tool call:
// mcpgo.Middleware on mark3labs/mcp-go, gosdk.Middleware on the official Go
// SDK. Both call the methods an adapter for another SDK would call too
// (HandleError, HandlePanic, HandleResult and RenderCall, told about the
// call by a Call); Render applies the policy to one error with no call at
// all. A Renderer is safe for concurrent use and must not be changed after
// NewRenderer returns.
//
// The zero Renderer is ready to use and behaves like NewRenderer(nil): it
// writes the Interbase dialect, logs to slog.Default(), applies
// OutputSchemaSafe, DefaultLimits and isecret.Names, and keeps internal
// text off the wire.
type Renderer struct {
	dialect       Dialect
	logger        *slog.Logger
	schema        OutputSchemaPolicy
	formatArg     string
	protocol      func(error) bool
	limits        Limits
	secrets       []string
	internalText  bool
	unknownResult bool
	// correlation is WithCorrelationID's id source; nil means off.
	correlation func(context.Context) string
	// toolFailure is the _meta key of the ToolFailure block
	// (WithToolFailure); "" means off.
	toolFailure string
}

// An Option configures a Renderer.
type Option func(*Renderer)

// NewRenderer returns a Renderer that writes errors in dialect d (Interbase
// when d is nil), configured by opts. By default it logs panics to
// slog.Default(), keeps error results of tools that declare an outputSchema
// safe for strict clients (OutputSchemaSafe) and gives callers no per-call
// choice (see WithFormatArgument).
func NewRenderer(d Dialect, opts ...Option) *Renderer {
	if d == nil {
		d = Interbase{}
	}
	r := &Renderer{dialect: d, secrets: isecret.Names}
	for _, o := range opts {
		o(r)
	}
	return r
}

// WithLogger sets the logger that receives panics (with their value and
// stack) and the text of errors the result does not show; every text the
// Renderer logs is bounded and has the credentials it spells out masked
// (errtext.Text's rules). A nil logger, the
// default, means slog.Default() at the time of logging, which writes to
// standard error: safe for a stdio server, whose standard output is the
// protocol stream.
func WithLogger(l *slog.Logger) Option {
	return func(r *Renderer) { r.logger = l }
}

// WithOutputSchemaPolicy sets what the error results of tools that declare
// an outputSchema carry; the default is OutputSchemaSafe.
func WithOutputSchemaPolicy(p OutputSchemaPolicy) Option {
	return func(r *Renderer) { r.schema = p }
}

// WithFormatArgument lets each call of a tool pick toolError:v1's text
// blocks (markdown, json or both) with the argument name, usually
// format.Argument ("format"). It is off by default, and the empty name
// turns it off: every result then has the dialect's own mode. Only the
// toolerror dialect reads it.
//
// The argument is read only from the calls of a tool whose inputSchema
// lists it as format.ArgumentSchema: the schema says exactly what the
// Renderer reads, and a tool's own argument of that name (an export
// format, say) never steers rendering. The adapters show the Renderer each
// tool's schema (InputSchemas); give the tools' schemas and binding the
// same name with validation.WithFormatArgument(r.FormatArgument()).
func WithFormatArgument(name string) Option {
	return func(r *Renderer) { r.formatArg = name }
}

// WithProtocolErrors makes HandleError give back the errors for which match
// reports true, unchanged, for the adapter to return to its SDK, which
// answers them with a JSON-RPC error instead of a tool result. The errors
// an SDK answers with its own protocol error (mcp-go's
// URLElicitationRequiredError, go-sdk's *jsonrpc.Error) are always given
// back: see Call.Protocol.
func WithProtocolErrors(match func(err error) bool) Option {
	return func(r *Renderer) { r.protocol = match }
}

// WithLimits sets the bounds of every rendered error (see Limits); the
// default is DefaultLimits. The Renderer also keeps the whole text under
// MaxOutput, rendering again with halved limits until it fits.
func WithLimits(l Limits) Option {
	return func(r *Renderer) { r.limits = l }
}

// WithSecretNames sets the names that mark an argument or a detail as
// secret: their values are rendered as [redacted]. A name is secret when
// consecutive words of it (split at _ - . and case changes) spell one of
// names, unless a qualifier follows ("token_count", "password_hint") or a
// count prefix precedes ("max_tokens"); docs/security.md has the rules.
// The default is "password", "passwd", "passphrase", "passcode", "pass",
// "pwd", "secret", "token", "apikey", "authorization", "credential",
// "credentials", "privatekey", "sessionid", "cookie", "pin", "otp", "totp",
// "cvv", "cvc", "auth", "bearer", "accesskey", "signature".
// No names turns redaction by name off (values wrapped in errorx.Redact
// are still redacted).
func WithSecretNames(names ...string) Option {
	return func(r *Renderer) { r.secrets = append([]string{}, names...) }
}

// WithInternalErrorText shows the text of the errors errorx.From cannot
// classify, and the value of a panic, in the result's message. By default
// neither reaches the wire (only the log): turn it on for development, where
// the caller may see internals.
func WithInternalErrorText() Option {
	return func(r *Renderer) { r.internalText = true }
}

// OutputSchemaPolicy says what the error results of a tool that declares an
// outputSchema carry. The Renderer learns whether a tool declares one from
// the adapter, through Call.Tools.
//
// The official TypeScript SDK's v1 client (1.32.2, npm's latest 1.x)
// validates a result's structuredContent against the tool's outputSchema
// even when isError is set, and throws -32602 when it does not conform: the
// agent then never sees the error. It also throws -32600 for a result of
// such a tool that has neither structuredContent nor isError. No error
// object conforms to a tool's own output schema (the schemas mcp-go's
// WithOutputSchema writes and go-sdk infers have required properties and
// additionalProperties:false), so the safe error result is one without
// structuredContent, with isError set.
type OutputSchemaPolicy uint8

const (
	// OutputSchemaSafe, the default, renders an error of a tool that declares
	// an outputSchema without structuredContent and with isError set, even
	// for a warning or a needsInput:v1 elicitation. Everything the
	// structuredContent held still reaches the client in text: the toolerror
	// dialect's markdown mode becomes both, so the toolError:v1 (or
	// needsInput:v1) object travels in its JSON text block, where Decode
	// finds it; the other dialects write text only anyway.
	//
	// The adapters' middlewares also apply it to an error result that a
	// handler built itself (HandleResult): an isError result with
	// structuredContent loses it, and its JSON is kept in a text block. A
	// handler's own result without isError (a warning or a needsInput:v1
	// elicitation it rendered itself, through Render rather than the
	// adapter's RenderRequest) passes through as it is: a middleware cannot
	// tell it from a success without reading every successful result. Use
	// RenderRequest, or return the error, for those.
	OutputSchemaSafe OutputSchemaPolicy = iota
	// OutputSchemaIgnore renders such a tool's errors like any other tool's.
	// Use it only when no client validates error results against the
	// outputSchema (the TypeScript SDK v2, mcp-go and go-sdk clients do not).
	OutputSchemaIgnore
)

// formatArgument returns the name of the per-call format argument r reads
// (WithFormatArgument), or "" when r reads none: the argument is off, or
// r's dialect is not toolerror. It is what a server gives its tools'
// schemas and binding, so that they advertise the argument exactly when
// r reads it: validation.WithFormatArgument(r.FormatArgument()).
func (r *Renderer) formatArgument() string {
	if d := r.Dialect(); !nilDialect(d) {
		if _, ok := d.(modal); ok {
			return r.formatArg
		}
	}
	return ""
}

// Dialect returns the dialect r writes: Interbase for the zero Renderer.
func (r *Renderer) Dialect() Dialect {
	if r.dialect == nil {
		return Interbase{}
	}
	return r.dialect
}

// Render classifies err with errorx.From and renders it in r's dialect,
// redacted and bounded, with no per-call choice: the tool name, the
// format argument and the outputSchema policy need the call (see
// RenderCall, and the adapters' RenderRequest). Render(nil) returns nil.
//
// A dialect that panics (a bug: dialects never panic) does not take the
// caller down: the panic is logged with its stack, as a rendering failure,
// and Render returns a minimal error result (isError, one text block with a
// fixed sentence, which Decode reads as INTERNAL_ERROR).
func (r *Renderer) Render(err error) *Result {
	if err == nil {
		return nil
	}
	id := r.correlationID(context.Background())
	e := r.model(err, id)
	if e == nil {
		return nil
	}
	return r.finish(r.bounded(context.Background(), e.Tool, r.dialectFor(id), e, id), e, id)
}

// model classifies err and applies r's policy on what may show: the
// internal text when r opts in, else the id (when not "") in the fixed
// message of an unclassified error, and redaction.
func (r *Renderer) model(err error, id string) *errorx.Error {
	e := errorx.From(err)
	if e == nil {
		return nil
	}
	switch {
	case !r.internalText && (id == "" || r.correlation == nil):
	case !hidden(err): // asked only when it matters: it classifies err again
	case r.internalText:
		e = e.Clone()
		e.Message = errtext.Text(err, r.textBudget())
	default:
		e = e.Clone()
		e.Message = maskedMessage(id)
	}
	return isecret.RedactError(e, r.secrets)
}

// dialectFor returns r's dialect, made to write the correlation id in its
// own slot when it has one (the envelope's request_id) and r writes id.
func (r *Renderer) dialectFor(id string) Dialect {
	d := r.Dialect()
	if id == "" || r.correlation == nil {
		return d
	}
	if s, ok := d.(requestIDSlot); ok && !nilDialect(d) {
		return s.withRequestID()
	}
	return d
}

// finish adds to res, the result of e, the ToolFailure block when r writes
// one and res is an error.
func (r *Renderer) finish(res *Result, e *errorx.Error, id string) *Result {
	if r.toolFailure == "" || res == nil || !res.IsError {
		return res
	}
	meta := make(map[string]any, len(res.Meta)+1)
	maps.Copy(meta, res.Meta)
	f := toolfailure.New(e, id, now())
	f.AgentGuidance = cutString(f.AgentGuidance, DefaultLimits.MaxString)
	meta[r.toolFailure] = f
	res.Meta = meta
	return res
}

// textBudget is how many bytes of an error's text (or a panic's value)
// WithInternalErrorText puts in a message: what MaxString keeps of it with
// the truncation notice, so that it is cut once.
func (r *Renderer) textBudget() int {
	return max(r.limits.withDefaults().MaxString-maxNotice, 1)
}

// bounded renders e with d within r's limits, halving them until the text
// fits in MaxOutput (or cannot shrink further). A panic in d is logged
// (naming tool) and gives the fallback result.
//
// With WithCorrelationID, id (when not "") is added to e as the detail
// codes.CorrelationIDKey after the limits, so that they never cut it.
func (r *Renderer) bounded(ctx context.Context, tool string, d Dialect, e *errorx.Error, id string) (res *Result) {
	defer func() {
		if v := recover(); v != nil {
			res = r.renderPanicked(ctx, tool, v)
		}
	}()
	l := r.limits.withDefaults()
	apply := func(l Limits) *errorx.Error {
		b := l.apply(e)
		if id != "" && r.correlation != nil {
			b = withCorrelationDetail(b, id)
		}
		return b
	}
	res = d.Render(apply(l))
	for size := resultSize(res); size > l.MaxOutput; size = resultSize(res) {
		var smaller bool
		if l, smaller = l.halve(); !smaller {
			break
		}
		res = d.Render(apply(l))
	}
	return res
}

// resultSize is the number of bytes of text and structured content res
// carries.
func resultSize(res *Result) int {
	if res == nil {
		return 0
	}
	n := len(res.StructuredContent)
	for _, t := range res.Content {
		n += len(t.Text)
	}
	return n
}

// log returns the logger r writes to: the one WithLogger set, else
// slog.Default() at the time of the call. An adapter logs through it what
// it keeps off the wire (adapt.Logger).
func (r *Renderer) log() *slog.Logger {
	if r.logger != nil {
		return r.logger
	}
	return slog.Default()
}
