package validation

import (
	"slices"
	"strings"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/format"
)

// NewError returns the validation error for fields: code INVALID_INPUT,
// class VALIDATION, tool, codes.ValidationRecovery, and a summary message
// that names the top-level arguments concerned (never a value the caller
// sent). The error keeps fields as they are (no copy).
//
// The summary reads each field's top-level argument from its Path (the
// text before the first dot) and counts a field of rule RuleUnknown whose
// path has no dot as an unknown key. A name, like the tool's, is written
// as it is when it is a plain name (format.Quote would change nothing
// inside its quotes), and through errorx.Quote otherwise, so that no path
// makes the message hold markdown structure. Bind does not read its
// paths back: it knows where each field is.
func NewError(tool string, fields []errorx.Field) *errorx.Error {
	e := new(errorx.Error)
	fill(e, tool, fields, nil)
	return e
}

// scope is where a field is, as the summary counts it.
type scope struct {
	// arg is the top-level argument the field is at or below, when the
	// server names it: a field of the arguments' struct (its JSON name, or
	// a key IgnoreKeys lets through), never a key the caller chose.
	arg  string
	kind scopeKind
}

type scopeKind uint8

const (
	scopeRoot    scopeKind = iota // the arguments as a whole
	scopeArg                      // at or below arg
	scopeUnknown                  // an unknown top-level key
	scopeOther                    // below a key the caller chose (the arguments bound into a map)
)

// fill sets e to the validation error of fields; scopes, beside fields,
// say where each one is (nil: read from the paths, see NewError).
func fill(e *errorx.Error, tool string, fields []errorx.Field, scopes []meta) {
	*e = errorx.Error{
		Code:     errorx.CodeInvalidInput,
		Class:    errorx.ClassValidation,
		Message:  summary(tool, fields, scopes),
		Recovery: codes.ValidationRecovery,
		Tool:     tool,
		Fields:   fields,
	}
}

// summary writes "2 arguments of users/create are invalid: email, role;
// and 1 unknown key was sent.": the distinct top-level arguments concerned
// (ten named, the others counted), then the unknown top-level keys (see
// tally.text). Keys the caller chose (unknown keys, map keys) are counted,
// never named.
func summary(tool string, fields []errorx.Field, ms []meta) string {
	if len(fields) == 1 {
		root := fields[0].Path == ""
		if ms != nil {
			root = ms[0].scope.kind == scopeRoot
		}
		if root {
			switch fields[0].Rule {
			case RuleType:
				return interned(appendTool(append(make([]byte, 0, 64), "The arguments"...), tool, " must be a JSON object."))
			case RuleSyntax:
				return interned(appendTool(append(make([]byte, 0, 64), "The arguments"...), tool, " are not valid JSON."))
			}
		}
	}
	var c tally
	for i := range fields {
		if ms != nil {
			c.addScope(ms[i].scope)
		} else {
			c.addPath(fields[i].Path, fields[i].Rule)
		}
	}
	return c.text(tool)
}

// tally counts the arguments a summary names.
type tally struct {
	names   [10]string // the first len of them
	len     int
	more    map[string]bool // the names past the first ten, counted once each
	unknown int             // unknown top-level keys
	other   int             // fields below keys the caller chose
}

// addPath counts the field at path failing rule, reading where it is
// from the path (see NewError).
func (c *tally) addPath(path, rule string) {
	top, nested := path, false
	if j := strings.IndexByte(top, '.'); j >= 0 {
		top, nested = top[:j], true
	}
	c.add(top, nested, rule == RuleUnknown, true)
}

// add counts a field under the top-level argument top (nested: below it);
// unknown says it is an unknown key, named that top is a name the server
// chose (never a key the caller chose).
func (c *tally) add(top string, nested, unknown, named bool) {
	switch {
	case unknown && !nested:
		c.addScope(scope{kind: scopeUnknown})
	case named && top != "":
		c.addScope(scope{arg: top, kind: scopeArg})
	default:
		c.addScope(scope{kind: scopeOther})
	}
}

// addScope counts a field in scope s.
func (c *tally) addScope(s scope) {
	switch {
	case s.kind == scopeUnknown:
		c.unknown++
	case s.kind == scopeArg:
		switch {
		case slices.Contains(c.names[:c.len], s.arg):
		case c.len < len(c.names):
			c.names[c.len] = s.arg
			c.len++
		default:
			// Names past ten are the server's (struct fields, declared
			// properties): as many as the arguments have, at most.
			if c.more == nil {
				c.more = map[string]bool{}
			}
			c.more[s.arg] = true
		}
	default:
		c.other++
	}
}

// scopeCount counts fields by scope in any order, for a tally that names
// the arguments as a tally of the fields in the documented order does:
// each at its first field, the one of least sort key (all fields of one
// top-level argument share the first segment of their key, which no other
// argument's starts with).
type scopeCount struct {
	named   []namedAt
	unknown int
	other   int
}

// namedAt is an argument named in a summary and the least sort key of its
// fields.
type namedAt struct{ arg, key string }

// add counts a field in scope s whose sort key is key (read, not kept:
// it is copied when it is the argument's least so far).
func (c *scopeCount) add(s scope, key string) {
	switch s.kind {
	case scopeUnknown:
		c.unknown++
		return
	case scopeArg:
	default:
		c.other++
		return
	}
	for i := range c.named {
		if n := &c.named[i]; n.arg == s.arg {
			if key < n.key {
				n.key = strings.Clone(key)
			}
			return
		}
	}
	c.named = append(c.named, namedAt{s.arg, strings.Clone(key)})
}

// tally returns the tally of the fields c counted.
func (c *scopeCount) tally() tally {
	slices.SortFunc(c.named, func(a, b namedAt) int { return strings.Compare(a.key, b.key) })
	var t tally
	for _, n := range c.named {
		t.addScope(scope{arg: n.arg, kind: scopeArg})
	}
	t.unknown, t.other = c.unknown, c.other
	return t
}

// text writes the summary of what c counted: "3 arguments of users/create
// are invalid: email, role, age; and 1 unknown key was sent.", "2 unknown
// keys were sent to users/create.", names past ten as "and 4 more".
func (c *tally) text(tool string) string {
	invalid := c.len + len(c.more) + c.other
	var text [192]byte // most summaries fit: interned, they allocate nothing
	b := text[:0]
	if invalid > 0 || c.unknown == 0 {
		b = appendIndex(b, invalid)
		if invalid == 1 {
			b = appendTool(append(b, " argument"...), tool, " is invalid")
		} else {
			b = appendTool(append(b, " arguments"...), tool, " are invalid")
		}
		for i, name := range c.names[:c.len] {
			if i == 0 {
				b = append(b, ": "...)
			} else {
				b = append(b, ", "...)
			}
			b = appendName(b, name)
		}
		if n := len(c.more); n > 0 {
			b = append(b, " and "...)
			b = appendIndex(b, n)
			b = append(b, " more"...)
		}
		if c.unknown == 0 {
			return interned(append(b, '.'))
		}
		b = append(b, "; and "...)
	}
	b = appendIndex(b, c.unknown)
	if c.unknown == 1 {
		b = append(b, " unknown key was sent"...)
	} else {
		b = append(b, " unknown keys were sent"...)
	}
	if invalid == 0 && tool != "" {
		b = append(b, " to "...)
		b = appendName(b, tool)
	}
	return interned(append(b, '.'))
}

// appendTool appends " of tool" (nothing for no tool), then rest.
func appendTool(b []byte, tool, rest string) []byte {
	if tool != "" {
		b = append(b, " of "...)
		b = appendName(b, tool)
	}
	return append(b, rest...)
}

// appendName appends name as a sentence of the server names it: as it is
// when it is a plain name, one format.Quote leaves unchanged between its
// quotes (letters, digits and the punctuation of identifiers, at most
// format.MaxQuoted bytes), else through errorx.Quote (quoted, escaped, credentials masked).
func appendName(b []byte, name string) []byte {
	if identifier(name) {
		return append(b, name...)
	}
	n := len(b)
	b = append(b, errorx.Quote(name)...)
	if len(b)-n == len(name)+2 && string(b[n+1:len(b)-1]) == name {
		b = append(b[:n], name...)
	}
	return b
}

// identifier reports whether s is a name format.Quote leaves unchanged for
// a simple reason: ASCII letters and digits, with - . / : and _ between
// them, at most format.MaxQuoted bytes. It is appendName's fast path.
func identifier(s string) bool {
	if len(s) == 0 || len(s) > format.MaxQuoted {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case c == '-' || c == '.' || c == '/' || c == ':' || c == '_':
			if i == 0 || i == len(s)-1 || !alnum(s[i-1]) || !alnum(s[i+1]) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

func alnum(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' }

// summaries interns summary messages: a server repeats a few of them (one
// per tool and set of failing arguments), and a repeated one then costs a
// map lookup instead of an allocation. Only messages of at most
// maxInterned bytes are kept, so the memo holds at most maxMemo of them
// (about 1 MiB of text), whatever the calls.
var summaries memo[string, string]

// maxInterned is the longest summary interned.
const maxInterned = 256

func interned(b []byte) string {
	if len(b) > maxInterned {
		return string(b)
	}
	if m := summaries.m.Load(); m != nil {
		if s, ok := (*m)[string(b)]; ok { // no allocation: the compiler looks up b in place
			return s
		}
	}
	return summaries.get(string(b), func(s string) string { return s })
}
