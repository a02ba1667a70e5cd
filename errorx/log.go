package errorx

import (
	"log/slog"
	"time"

	"github.com/mcperr/mcperr/internal/errtext"
)

// LogValue makes an *Error a group in log/slog output: code, class,
// severity, message, tool, status, retry_after, the paths of the invalid
// fields and the cause's text, each only when it is set. It never logs
// the values a caller sent or the details, which may carry them; the cause
// is included because logs, unlike tool results, stay on the server.
// Each text (the cause's is Text's) has the credentials it spells out
// masked, as Text masks them, and is cut to MaxLogText bytes, and at most
// maxLogFields paths are listed, so that the record stays bounded and
// holds no secret a caller or a handler put in a sentence.
//
// A nil *Error logs as "<nil>".
func (e *Error) LogValue() slog.Value {
	if e == nil {
		return slog.StringValue("<nil>")
	}
	attrs := make([]slog.Attr, 0, 9)
	if e.Code != "" {
		attrs = append(attrs, slog.String("code", errtext.LogText(e.Code)))
	}
	attrs = append(attrs, slog.String("class", e.EffectiveClass().String()))
	if e.Severity != SeverityUnset {
		attrs = append(attrs, slog.String("severity", e.Severity.String()))
	}
	if e.Message != "" {
		attrs = append(attrs, slog.String("message", errtext.LogText(e.Message)))
	}
	if e.Tool != "" {
		attrs = append(attrs, slog.String("tool", errtext.LogText(e.Tool)))
	}
	if s := e.HTTPStatus(); s != 0 {
		attrs = append(attrs, slog.Int("status", s))
	}
	if e.RetryAfter > 0 {
		attrs = append(attrs, slog.Duration("retry_after", e.RetryAfter.Round(time.Millisecond)))
	}
	if len(e.Fields) > 0 {
		attrs = append(attrs, slog.Any("fields", logPaths(e.Fields)))
	}
	if e.cause != nil {
		attrs = append(attrs, slog.String("cause", errtext.Text(e.cause, errtext.MaxLogText)))
	}
	return slog.GroupValue(attrs...)
}
