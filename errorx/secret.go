package errorx

import (
	"encoding/json"
	"strings"
	"unsafe"

	"github.com/mcperr/mcperr/internal/copyonwrite"
	"github.com/mcperr/mcperr/internal/jsonw"
	isecret "github.com/mcperr/mcperr/internal/secret"
)

// Redact wraps v so that it is never rendered: a detail marked sensitive,
// or what a caller sent in a secret field. Every dialect writes
// "[redacted]" in its place ("You sent: [redacted]."), and so do fmt, slog
// and encoding/json.
func Redact(v any) any { return isecret.Redact(v) }

// init registers redactSecrets, which render and validation run on every
// error through internal/secret.RedactError.
func init() { isecret.SetRedactError(redactSecrets) }

// redactSecrets returns e with secrets replaced by Redact(value): the sent
// value of every field whose path IsSecret (with names), or whose last
// segment is a secret plural and which holds a list or an object; the value
// of every detail whose key IsSecret; and, inside sent values and detail
// values that are objects (map[string]any, Details, *Details) or lists
// ([]any), the value of every member whose key is secret by the same rules,
// and the value of every name/value pair whose name is
// ([["password","[redacted]"]], {"name":"Authorization","value":"[redacted]"}).
// A string that holds a JSON object or list (arguments a model encoded
// twice) is redacted by the same rules as the value it holds, and then
// re-encoded, compact and in its order; any other string has the
// credentials it spells out replaced by "[redacted]": the password of a URL
// ("postgres://app:[redacted]@db/app"), or its user when that is a
// random-looking token, the password of a Go MySQL DSN
// ("app:[redacted]@tcp(db)/app"), the value of a key=value, key: value
// (YAML, HTTP headers, blocks indented under it) or --flag value whose key
// is secret ("password=[redacted]", "?api_key=[redacted]&",
// "Authorization: [redacted]", "--password [redacted]"), a JSON Web Token,
// and a random-looking token after "Bearer ". It returns e itself when
// nothing needs redacting, else a clone; e is never changed.
//
// The walk is bounded, and so is what it returns: a container that is its
// own ancestor (a map that holds itself) is replaced, where it recurs, by
// the string "!ERROR:cycle", and a value nested maxValueDepth deep by
// "!ERROR:value nested too deeply", as the writers of every dialect write
// them; a value whose walk visits more than maxValueNodes values (shared
// parts multiply its paths) is redacted whole.
func redactSecrets(e *Error, names []string) *Error {
	if names == nil {
		names = isecret.Names
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

// maxValueDepth bounds the nesting redactSecrets walks: a value inside
// maxValueDepth objects and lists is cut, as every writer cuts it
// (jsonw.MaxDepth).
const maxValueDepth = jsonw.MaxDepth

// maxValueNodes bounds the values redactSecrets visits in one sent or
// detail value; past it the value is redacted whole. A value only a tool's
// own code can build gets there: one whose parts are shared, so that its
// paths far outnumber its parts. Anything a caller can send (a JSON tree)
// this big is far beyond what the renderer echoes (render.DefaultLimits).
const maxValueNodes = 1 << 20

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
	r.guard.MaxDepth, r.guard.MaxNodes = maxValueDepth, maxValueNodes
	out, changed := r.at(path, v)
	if r.guard.Exhausted() {
		return Redact(v), true
	}
	return out, changed
}

// at returns v, the value at path, with what is secret in it redacted,
// and whether anything was.
func (r *redactor) at(path string, v any) (any, bool) {
	if _, done := v.(isecret.Redacted); done {
		return v, false
	}
	switch r.guard.Enter(nil) {
	case copyonwrite.TooMany:
		return v, false // top redacts the whole value
	case copyonwrite.TooDeep:
		return tooDeepText, v != tooDeepText
	}
	last := path[strings.LastIndexByte(path, '.')+1:]
	if isecret.Is(path, r.names) || composite(v) && isecret.Segment(last, r.names, true) {
		return Redact(v), true
	}
	if s, ok := v.(string); ok {
		if out, changed := r.text(s); changed {
			return out, true
		}
		return v, false // not s: boxing it again would allocate
	}
	return r.members(v)
}

// text redacts a string: one that holds a JSON object or list (arguments
// encoded twice, a common mistake of models) by the rules of the value it
// holds, re-encoded in its order when anything in it is redacted; any other
// by maskCredentials.
func (r *redactor) text(s string) (string, bool) {
	t := strings.TrimLeft(s, " \t\r\n")
	if t == "" || t[0] != '{' && t[0] != '[' || !jsonw.Valid(t) {
		return isecret.MaskCredentials(s, r.names)
	}
	dec := json.NewDecoder(strings.NewReader(t))
	dec.UseNumber()
	var cut bool
	v, ok := r.decode(dec, r.guard.Depth(), &cut)
	if !ok {
		return s, false // the walk is exhausted: top redacts the whole value
	}
	v, changed := r.at("", v)
	if !changed && !cut { // a cut text must not be echoed whole
		return s, false
	}
	// The text written is about as long as t: allocate it once rather than
	// grow it (large slices grow by a quarter at a time).
	w := jsonw.Writer{B: make([]byte, 0, len(t)+len(t)/8), Style: jsonw.GoNoHTML}
	w.Value(v)
	return string(w.B), true
}

// decode reads the next value of dec, valid JSON, as the model holds
// values, except that objects are Details, in their order; what is nested
// maxValueDepth deep (counting from the top of the walk) is tooDeepText,
// and sets *cut. It reports false when the walk is exhausted.
func (r *redactor) decode(dec *json.Decoder, depth int, cut *bool) (any, bool) {
	if r.guard.Enter(nil) == copyonwrite.TooMany {
		return nil, false
	}
	tok, err := dec.Token()
	if err != nil {
		return nil, false
	}
	delim, ok := tok.(json.Delim)
	if !ok {
		return tok, true // string, json.Number, bool or nil
	}
	if depth >= maxValueDepth {
		for open := 1; open > 0; {
			tok, err := dec.Token()
			if err != nil {
				return nil, false
			}
			switch tok {
			case json.Delim('{'), json.Delim('['):
				open++
			case json.Delim('}'), json.Delim(']'):
				open--
			}
		}
		*cut = true
		return tooDeepText, true
	}
	var out any
	if delim == '{' {
		var d Details
		for dec.More() {
			key, err := dec.Token()
			if err != nil {
				return nil, false
			}
			v, ok := r.decode(dec, depth+1, cut)
			if !ok {
				return nil, false
			}
			d.Set(key.(string), v)
		}
		out = d
	} else {
		list := []any{}
		for dec.More() {
			v, ok := r.decode(dec, depth+1, cut)
			if !ok {
				return nil, false
			}
			list = append(list, v)
		}
		out = list
	}
	if _, err := dec.Token(); err != nil { // the closing delimiter
		return nil, false
	}
	return out, true
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
		value, pair := r.pairValue(len(x), func(k string) (any, bool) { m, ok := x[k]; return m, ok })
		return copyonwrite.Map(x, func(k string, m any) (any, bool) {
			if pair && k == value {
				return Redact(m), true
			}
			if m == nil {
				return m, false
			}
			return r.at(k, m)
		})
	case []any:
		pairs := pairList(x)
		return copyonwrite.Slice(x, func(m any) (any, bool) {
			if pairs {
				if p := m.([]any); isecret.Is(p[0].(string), r.names) {
					// The name is read as a value too: it may itself be
					// text that spells out a secret (JSON text, key=value).
					name, _ := r.at("", p[0])
					return []any{name, Redact(p[1])}, true
				}
			}
			return r.at("", m)
		})
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
	value, pair := r.pairValue(d.Len(), d.Get)
	kv, changed := copyonwrite.Slice(d.kv, func(p Detail) (Detail, bool) {
		if pair && p.Key == value {
			return Detail{p.Key, Redact(p.Value)}, true
		}
		v, changed := r.at(p.Key, p.Value)
		return Detail{p.Key, v}, changed
	})
	return Details{kv: kv}, changed
}

// pairValue returns the key of the member to redact in an object that is
// a name/value pair ({"name":"Authorization","value":…}, {"key":…,
// "value":…}, {"Name":…, "Value":…}, with at most maxPairMembers members
// in all) whose name is secret, and whether there is one. get looks one of
// its n members up.
func (r *redactor) pairValue(n int, get func(string) (any, bool)) (string, bool) {
	if n > maxPairMembers {
		return "", false
	}
	for _, name := range [...]string{"name", "key", "Name", "Key"} {
		n, ok := get(name)
		if s, isString := n.(string); !ok || !isString || !isecret.Is(s, r.names) {
			continue
		}
		for _, value := range [...]string{"value", "Value"} {
			if _, ok := get(value); ok {
				return value, true
			}
		}
	}
	return "", false
}

// maxPairMembers is the most members an object that is a name/value pair
// has: a name, a value and a few attributes (a cookie's domain, path,
// expiry and flags).
const maxPairMembers = 16

// pairList reports whether every element of list is a pair, a list of two
// whose first element is a string: name/value pairs such as
// [["password","x"],["user","ada"]] (a dict's items, a form's entries, a
// request's headers), whose values RedactSecrets redacts by their names.
func pairList(list []any) bool {
	for _, m := range list {
		p, ok := m.([]any)
		if !ok || len(p) != 2 {
			return false
		}
		if _, ok := p[0].(string); !ok {
			return false
		}
	}
	return len(list) > 0
}
