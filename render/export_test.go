package render

import (
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
