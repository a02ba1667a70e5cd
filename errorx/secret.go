package errorx

import (
	"fmt"
	"log/slog"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/mcperr/mcperr/internal/copyonwrite"
	"github.com/mcperr/mcperr/internal/jsonw"
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
// values that are objects (map[string]any, Details, *Details) or lists
// ([]any), the value of every member whose key is secret by the same rules.
// It returns e itself when nothing needs redacting, else a clone; e is
// never changed.
//
// The walk is bounded, and so is what it returns: a container that is its
// own ancestor (a map that holds itself) is replaced, where it recurs, by
// the string "!ERROR:cycle", and a value nested MaxValueDepth deep by
// "!ERROR:value nested too deeply", as the writers of every dialect write
// them; a value whose walk visits more than MaxValueNodes values (shared
// parts multiply its paths) is redacted whole.
func RedactSecrets(e *Error, names []string) *Error {
	if names == nil {
		names = SecretNames
	}
	r := redactor{names: names}
	var c *Error
	for i, f := range e.Fields {
		if !f.WasSent || f.Sent == nil {
			continue
		}
		if v, changed := r.top(f.Path, f.Sent); changed {
			if c == nil {
				c = e.Clone()
			}
			c.Fields[i].Sent = v
		}
	}
	for i, d := range e.Details.Pairs() {
		if v, changed := r.top(d.Key, d.Value); changed {
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

// MaxValueDepth bounds the nesting RedactSecrets walks: a value inside
// MaxValueDepth objects and lists is cut, as every writer cuts it
// (jsonw.MaxDepth).
const MaxValueDepth = jsonw.MaxDepth

// MaxValueNodes bounds the values RedactSecrets visits in one sent or
// detail value; past it the value is redacted whole. A value only a tool's
// own code can build gets there: one whose parts are shared, so that its
// paths far outnumber its parts. Anything a caller can send (a JSON tree)
// this big is far beyond what the renderer echoes (render.DefaultLimits).
const MaxValueNodes = 1 << 20

// Markers the writers (internal/jsonw) write in place of a cycle and of a
// value nested too deeply; RedactSecrets puts them where the writers would.
const (
	cycleText   = jsonw.ErrorPrefix + "cycle"
	tooDeepText = jsonw.ErrorPrefix + "value nested too deeply"
)

// redactor is one RedactSecrets walk.
type redactor struct {
	names []string
	guard copyonwrite.Guard
}

// top redacts one sent or detail value: at, with the walk's bounds reset,
// and the whole value redacted when it exhausted them.
func (r *redactor) top(path string, v any) (any, bool) {
	r.guard.Reset()
	r.guard.MaxDepth, r.guard.MaxNodes = MaxValueDepth, MaxValueNodes
	out, changed := r.at(path, v)
	if r.guard.Exhausted() {
		return Redact(v), true
	}
	return out, changed
}

// at returns v, the value at path, with what is secret in it redacted,
// and whether anything was.
func (r *redactor) at(path string, v any) (any, bool) {
	if _, done := v.(Redacted); done {
		return v, false
	}
	switch r.guard.Enter(nil) {
	case copyonwrite.TooMany:
		return v, false // top redacts the whole value
	case copyonwrite.TooDeep:
		return tooDeepText, v != tooDeepText
	}
	last := path[strings.LastIndexByte(path, '.')+1:]
	if IsSecret(path, r.names) || composite(v) && secretSegment(last, r.names, true) {
		return Redact(v), true
	}
	return r.members(v)
}

// composite reports whether v is an object or a list.
func composite(v any) bool {
	switch v.(type) {
	case map[string]any, []any, Details, *Details:
		return true
	}
	return false
}

// members redacts, inside an object or a list, the members whose key is
// secret, copying what it changes (v itself is never modified). A
// container that is its own ancestor becomes cycleText.
func (r *redactor) members(v any) (any, bool) {
	var id unsafe.Pointer
	switch x := v.(type) {
	case map[string]any, []any:
		id = copyonwrite.ID(x)
	case Details:
		id = copyonwrite.SliceID(x.kv)
	case *Details:
		if x == nil {
			return v, false
		}
		id = copyonwrite.SliceID(x.kv)
	default:
		return v, false
	}
	if id == nil {
		return v, false // empty
	}
	switch r.guard.Enter(id) {
	case copyonwrite.Walk:
	case copyonwrite.Cycle:
		return cycleText, true
	default:
		return v, false
	}
	defer r.guard.Leave()
	switch x := v.(type) {
	case map[string]any:
		return copyonwrite.Map(x, func(k string, m any) (any, bool) {
			if m == nil {
				return m, false
			}
			return r.at(k, m)
		})
	case []any:
		return copyonwrite.Slice(x, func(m any) (any, bool) { return r.at("", m) })
	case Details:
		d, changed := r.details(x)
		return d, changed
	case *Details:
		if d, changed := r.details(*x); changed {
			return &d, true
		}
	}
	return v, false
}

func (r *redactor) details(d Details) (Details, bool) {
	kv, changed := copyonwrite.Slice(d.kv, func(p Detail) (Detail, bool) {
		v, changed := r.at(p.Key, p.Value)
		return Detail{p.Key, v}, changed
	})
	return Details{kv: kv}, changed
}
