package render

import (
	"context"
	"time"

	"github.com/mcperr/mcperr/errorx"
)

// SetNow sets the clock of the ToolFailure block, Decode and Retry for a
// test, and returns the function that restores it.
func SetNow(f func() time.Time) (restore func()) {
	old := now
	now = f
	return func() { now = old }
}

// EffectiveStatus is the status the envelope writes for e.
func EffectiveStatus(e *errorx.Error) int { return effectiveStatus(e) }

// Next is the policy's decision for retry number retry after e.
func (p RetryPolicy) Next(e *errorx.Error, retry int) (time.Duration, bool) { return p.next(e, retry) }

// The unexported names render's external tests check.
const CodeInvalidParams = codeInvalidParams

func (d Contract) AppendText(dst []byte, e *errorx.Error) []byte  { return d.appendText(dst, e) }
func (d Envelope) AppendText(dst []byte, e *errorx.Error) []byte  { return d.appendText(dst, e) }
func (d Interbase) AppendText(dst []byte, e *errorx.Error) []byte { return d.appendText(dst, e) }
func (d XML) AppendText(dst []byte, e *errorx.Error) []byte       { return d.appendText(dst, e) }
func (d ToolError) AppendMarkdown(dst []byte, e *errorx.Error) []byte {
	return d.appendMarkdown(dst, e)
}
func (r *Renderer) FormatArgument() string { return r.formatArgument() }

// correlationKey is the tests' context key of a request's correlation id.
type correlationKey struct{}

// ContextWithCorrelationID returns ctx carrying id, as a server's transport
// middleware would; CorrelationIDFrom reads it back, the tests' id source.
func ContextWithCorrelationID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, correlationKey{}, id)
}

// CorrelationIDFrom returns the id ContextWithCorrelationID put in ctx.
func CorrelationIDFrom(ctx context.Context) string {
	id, _ := ctx.Value(correlationKey{}).(string)
	return id
}

// MaxCorrelationID is the longest id a Renderer takes.
const MaxCorrelationID = maxCorrelationID

// Apply is the bound the Renderer applies with l.
func (l Limits) Apply(e *errorx.Error) *errorx.Error { return l.apply(e) }
