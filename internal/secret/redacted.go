package secret

import (
	"fmt"
	"log/slog"
)

// RedactedText is what every dialect writes in place of a redacted value.
const RedactedText = "[redacted]"

// Redacted holds a value that must never reach the wire: a detail marked
// sensitive, or what a caller sent in a secret field. Every dialect writes
// "[redacted]" in its place ("You sent: [redacted]."), and so do fmt, slog
// and encoding/json; only Value gives it back, for the server's own use.
type Redacted struct{ v any }

// Redact wraps v so that it is never rendered.
func Redact(v any) Redacted { return Redacted{v} }

// Value returns the wrapped value.
func (r Redacted) Value() any { return r.v }

// Masked returns "[redacted]"; the "You sent" formatter prints it as it is.
func (Redacted) Masked() string { return RedactedText }

// String returns "[redacted]".
func (Redacted) String() string { return RedactedText }

// GoString returns "[redacted]", so %#v hides the value too.
func (Redacted) GoString() string { return RedactedText }

// Format writes "[redacted]" for every verb.
func (Redacted) Format(f fmt.State, _ rune) { _, _ = f.Write([]byte(RedactedText)) }

// MarshalJSON writes "[redacted]" as a JSON string.
func (Redacted) MarshalJSON() ([]byte, error) { return []byte(`"` + RedactedText + `"`), nil }

// LogValue logs "[redacted]".
func (Redacted) LogValue() slog.Value { return slog.StringValue(RedactedText) }

// redactError is errorx's RedactSecrets, func(*errorx.Error, []string)
// *errorx.Error, which errorx registers in its init (this package cannot
// name errorx's types: errorx imports it).
var redactError any

// SetRedactError registers errorx's redaction of an error.
func SetRedactError(f any) { redactError = f }

// RedactError returns e with its secrets redacted, as errorx does it: the
// sent value of every field whose path is secret by names, every detail
// whose key is, and, inside sent values and detail values, secret members
// and the credentials strings spell out (docs/security.md).
func RedactError[E any](e E, names []string) E {
	return redactError.(func(E, []string) E)(e, names)
}
