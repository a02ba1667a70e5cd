package errorx

import (
	"fmt"
	"log/slog"
	"strings"
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

// SecretNames are the names that mark an argument or a detail as secret when
// its key (the last path segment) ends with one, ignoring case, "-" and
// "_": "password", "user.db_password", "X-API-Key" and "refresh_token" are
// secret; "max_tokens" and "token_count" are not.
var SecretNames = []string{"password", "passwd", "passphrase", "secret", "token", "apikey", "authorization", "credential", "credentials", "privatekey", "sessionid", "cookie"}

// IsSecret reports whether the last segment of path ends with one of names
// (SecretNames when names is nil), ignoring case, "-" and "_".
func IsSecret(path string, names []string) bool {
	if names == nil {
		names = SecretNames
	}
	if i := strings.LastIndexByte(path, '.'); i >= 0 {
		path = path[i+1:]
	}
	var b strings.Builder
	for _, r := range strings.ToLower(path) {
		if r != '-' && r != '_' {
			b.WriteRune(r)
		}
	}
	norm := b.String()
	for _, n := range names {
		if n != "" && strings.HasSuffix(norm, n) {
			return true
		}
	}
	return false
}

// RedactSecrets returns e with the sent value of every field whose path
// IsSecret (with names) replaced by Redact(value), and the value of every
// detail whose key IsSecret redacted too. It returns e itself when nothing
// needs redacting, else a clone.
func RedactSecrets(e *Error, names []string) *Error {
	need := false
	for _, f := range e.Fields {
		if _, done := f.Sent.(Redacted); f.WasSent && f.Sent != nil && !done && IsSecret(f.Path, names) {
			need = true
		}
	}
	for _, d := range e.Details.Pairs() {
		if _, done := d.Value.(Redacted); !done && IsSecret(d.Key, names) {
			need = true
		}
	}
	if !need {
		return e
	}
	c := e.Clone()
	for i, f := range c.Fields {
		if _, done := f.Sent.(Redacted); f.WasSent && f.Sent != nil && !done && IsSecret(f.Path, names) {
			c.Fields[i].Sent = Redact(f.Sent)
		}
	}
	for i, d := range c.Details.kv {
		if _, done := d.Value.(Redacted); !done && IsSecret(d.Key, names) {
			c.Details.kv[i].Value = Redact(d.Value)
		}
	}
	return c
}
