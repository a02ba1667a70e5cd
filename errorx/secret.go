package errorx

import (
	"fmt"
	"log/slog"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mcperr/mcperr/internal/copyonwrite"
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

// SecretNames are the names that mark an argument or a detail as secret
// when a segment of its path ends with one, ignoring case, "-" and "_":
// "password", "user.db_password", "X-API-Key", "refresh_token" and
// "aws.credentials.user" are secret; "max_tokens", "token_count" and
// "password_hint" are not. A plural ("api_keys", "tokens") is secret when it
// holds a list or an object (see IsSecret and RedactSecrets), so a count
// named "max_tokens" is not.
var SecretNames = []string{"password", "passwd", "passphrase", "secret", "token", "apikey", "authorization", "credential", "credentials", "privatekey", "sessionid", "cookie"}

// IsSecret reports whether path (dotted segments) names a secret: a
// segment ends with one of names (SecretNames when names is nil), ignoring
// case, "-" and "_", or a segment before the last ends with one plus "s"
// (the elements of "api_keys.0" are secret). Everything under a secret
// segment is secret.
func IsSecret(path string, names []string) bool {
	if names == nil {
		names = SecretNames
	}
	for path != "" {
		seg, rest, more := strings.Cut(path, ".")
		if secretSegment(seg, names, more) {
			return true
		}
		path = rest
	}
	return false
}

// secretSegment reports whether seg ends with one of names, or, when
// plural, with one of names plus "s".
func secretSegment(seg string, names []string, plural bool) bool {
	for _, n := range names {
		if n == "" {
			continue
		}
		if endsWithName(seg, n) {
			return true
		}
		if plural && len(seg) > 1 && (seg[len(seg)-1] == 's' || seg[len(seg)-1] == 'S') && endsWithName(seg[:len(seg)-1], n) {
			return true
		}
	}
	return false
}

// endsWithName reports whether s ends with name, comparing runes from the
// end, ignoring case and skipping "-" and "_" on both sides. It allocates
// nothing.
func endsWithName(s, name string) bool {
	i, matched := len(s), false
	for j := len(name); j > 0; {
		nr, nw := utf8.DecodeLastRuneInString(name[:j])
		j -= nw
		if nr == '-' || nr == '_' {
			continue
		}
		for {
			if i == 0 {
				return false
			}
			sr, sw := utf8.DecodeLastRuneInString(s[:i])
			i -= sw
			if sr == '-' || sr == '_' {
				continue
			}
			if sr != nr && unicode.ToLower(sr) != unicode.ToLower(nr) {
				return false
			}
			break
		}
		matched = true
	}
	return matched
}

// RedactSecrets returns e with secrets replaced by Redact(value): the sent
// value of every field whose path IsSecret (with names), or whose last
// segment is a secret plural and which holds a list or an object; the value
// of every detail whose key IsSecret; and, inside sent values and detail
// values that are objects (map[string]any) or lists ([]any), as JSON
// decoding produces them, the value of every member whose key is secret by
// the same rules. It returns e itself when nothing needs redacting, else a
// clone; e is never changed.
func RedactSecrets(e *Error, names []string) *Error {
	if names == nil {
		names = SecretNames
	}
	var c *Error
	for i, f := range e.Fields {
		if !f.WasSent || f.Sent == nil {
			continue
		}
		if v, changed := redactAt(f.Path, f.Sent, names); changed {
			if c == nil {
				c = e.Clone()
			}
			c.Fields[i].Sent = v
		}
	}
	for i, d := range e.Details.Pairs() {
		if v, changed := redactAt(d.Key, d.Value, names); changed {
			if c == nil {
				c = e.Clone()
			}
			c.Details.kv[i].Value = v
		}
	}
	if c == nil {
		return e
	}
	return c
}

// redactAt returns v, the value at path, with what is secret in it
// redacted, and whether anything was.
func redactAt(path string, v any, names []string) (any, bool) {
	if _, done := v.(Redacted); done {
		return v, false
	}
	last := path[strings.LastIndexByte(path, '.')+1:]
	if IsSecret(path, names) || composite(v) && secretSegment(last, names, true) {
		return Redact(v), true
	}
	return redactMembers(v, names)
}

// composite reports whether v is an object or a list as JSON decoding
// produces them.
func composite(v any) bool {
	switch v.(type) {
	case map[string]any, []any:
		return true
	}
	return false
}

// redactMembers redacts, inside an object or a list, the members whose key
// is secret, copying what it changes (v itself is never modified).
func redactMembers(v any, names []string) (any, bool) {
	switch x := v.(type) {
	case map[string]any:
		return copyonwrite.Map(x, func(k string, m any) (any, bool) {
			if m == nil {
				return m, false
			}
			return redactAt(k, m, names)
		})
	case []any:
		return copyonwrite.Slice(x, func(m any) (any, bool) { return redactMembers(m, names) })
	}
	return v, false
}
