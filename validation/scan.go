package validation

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// scanner reads JSON text that is normally known to be valid (json.Valid
// ran first). It works on a string so that strings without escapes are
// substrings of the input and cost no allocation. Every read is bounds
// checked anyway: no input makes it panic (FuzzFieldsRaw).
type scanner struct {
	s string
	i int
}

func (p *scanner) ws() {
	if p.i > len(p.s) {
		p.i = len(p.s) // a blind step past the end on invalid input
	}
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

// peek returns the byte at the cursor, 0 at the end.
func (p *scanner) peek() byte {
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

// skipValue moves past one value.
func (p *scanner) skipValue() {
	p.ws()
	switch p.peek() {
	case '"':
		p.skipString()
	case '{', '[':
		depth := 0
		for p.i < len(p.s) {
			switch p.s[p.i] {
			case '"':
				p.skipString()
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					p.i++
					return
				}
			}
			p.i++
		}
	default:
		for p.i < len(p.s) {
			switch p.s[p.i] {
			case ',', '}', ']', ' ', '\t', '\n', '\r':
				return
			}
			p.i++
		}
	}
}

func (p *scanner) skipString() {
	p.i++ // opening quote
	for p.i < len(p.s) {
		j := strings.IndexByte(p.s[p.i:], '"')
		if j < 0 {
			p.i = len(p.s)
			return
		}
		q := p.i + j
		n := 0 // backslashes right before the quote
		for q-1-n >= p.i && p.s[q-1-n] == '\\' {
			n++
		}
		p.i = q + 1
		if n%2 == 0 {
			return
		}
	}
}

// str reads a quoted string and returns it unescaped. Invalid UTF-8 and
// lone surrogates become U+FFFD, as in encoding/json.
func (p *scanner) str() string {
	p.i++ // opening quote
	start := p.i
	ascii := true
	for p.i < len(p.s) {
		c := p.s[p.i]
		if c == '"' {
			out := p.s[start:p.i]
			p.i++
			if ascii || utf8.ValidString(out) {
				return out
			}
			return string([]rune(out)) // replaces invalid bytes with U+FFFD
		}
		if c == '\\' {
			break
		}
		if c >= utf8.RuneSelf {
			ascii = false
		}
		p.i++
	}
	buf := make([]byte, 0, p.i-start+16)
	buf = append(buf, p.s[start:p.i]...)
	for p.i < len(p.s) {
		c := p.s[p.i]
		if c == '"' {
			p.i++
			break
		}
		if c != '\\' {
			buf = append(buf, c)
			p.i++
			continue
		}
		p.i++
		if p.i >= len(p.s) {
			break
		}
		e := p.s[p.i]
		p.i++
		switch e {
		case 'b':
			buf = append(buf, '\b')
		case 'f':
			buf = append(buf, '\f')
		case 'n':
			buf = append(buf, '\n')
		case 'r':
			buf = append(buf, '\r')
		case 't':
			buf = append(buf, '\t')
		case 'u':
			r := p.hex4()
			if utf16.IsSurrogate(r) {
				if p.i+6 <= len(p.s) && p.s[p.i] == '\\' && p.s[p.i+1] == 'u' {
					save := p.i
					p.i += 2
					if dec := utf16.DecodeRune(r, p.hex4()); dec != utf8.RuneError {
						buf = utf8.AppendRune(buf, dec)
						continue
					}
					p.i = save
				}
				r = utf8.RuneError
			}
			buf = utf8.AppendRune(buf, r)
		default: // '"', '\\', '/'
			buf = append(buf, e)
		}
	}
	if !utf8.Valid(buf) {
		return string([]rune(string(buf)))
	}
	return string(buf)
}

func (p *scanner) hex4() rune {
	var r rune
	for range 4 {
		if p.i >= len(p.s) {
			return utf8.RuneError
		}
		c := p.s[p.i]
		p.i++
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		}
		r = r<<4 | rune(c)
	}
	return r
}

// literal reads a number, true, false or null and returns its text.
func (p *scanner) literal() string {
	start := min(p.i, len(p.s))
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			return p.s[start:p.i]
		}
		p.i++
	}
	return p.s[start:p.i]
}

// value reads any value as the caller's "sent" value: objects as
// map[string]any, arrays as []any, strings, json.Number, bool or nil.
func (p *scanner) value() any {
	p.ws()
	switch p.peek() {
	case '{':
		p.i++
		m := map[string]any{}
		for p.i < len(p.s) {
			p.ws()
			switch p.peek() {
			case '}':
				p.i++
				return m
			case ',':
				p.i++
				p.ws()
			}
			if p.peek() != '"' {
				return m
			}
			k := p.str()
			p.ws()
			p.i++ // ':'
			m[k] = p.value()
		}
		return m
	case '[':
		p.i++
		a := []any{}
		for p.i < len(p.s) {
			p.ws()
			switch p.peek() {
			case ']':
				p.i++
				return a
			case ',':
				p.i++
			}
			a = append(a, p.value())
		}
		return a
	case '"':
		return p.str()
	}
	switch lit := p.literal(); lit {
	case "true":
		return true
	case "false":
		return false
	case "null", "":
		return nil
	default:
		return json.Number(lit)
	}
}

// kind names the JSON type of the value at the cursor: object, array,
// string, number, boolean or null.
func (p *scanner) kind() string {
	p.ws()
	switch p.peek() {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	}
	return "number"
}

// seg is one step of a path: an object key or an array index.
type seg struct {
	key   string
	index int
	isIdx bool
}

// locate returns the offset of the value at path, starting from the value
// at offset start; found is false when the caller sent nothing there. For a
// key sent twice the last occurrence counts, as in encoding/json.
func locate(s string, start int, path []seg) (at int, found bool) {
	p := scanner{s: s, i: min(start, len(s))}
	for _, sg := range path {
		p.ws()
		switch p.peek() {
		case '{':
			if sg.isIdx {
				return 0, false
			}
			p.i++
			at := -1
			for p.i < len(p.s) {
				p.ws()
				c := p.peek()
				if c == '}' || c == 0 {
					break
				}
				if c == ',' {
					p.i++
					p.ws()
				}
				if p.peek() != '"' {
					break
				}
				k := p.str()
				p.ws()
				p.i++ // ':'
				p.ws()
				if k == sg.key {
					at = p.i
				}
				p.skipValue()
			}
			if at < 0 {
				return 0, false
			}
			p.i = at
		case '[':
			if !sg.isIdx {
				return 0, false
			}
			p.i++
			n := 0
			for {
				p.ws()
				c := p.peek()
				if c == ']' || c == 0 {
					return 0, false
				}
				if c == ',' {
					p.i++
					p.ws()
				}
				if n == sg.index {
					break
				}
				p.skipValue()
				n++
			}
		default:
			return 0, false
		}
	}
	p.ws()
	return p.i, true
}

// member is a key of an object and the offset of its value.
type member struct {
	key string
	at  int
}

// members lists the members of the object at the start of s (none when s
// is not an object). It is the hot loop of reading sent values, so it scans
// bytes directly.
func members(s string, dst []member) []member {
	i := skipWS(s, 0)
	if i >= len(s) || s[i] != '{' {
		return dst
	}
	i++
	for {
		i = skipWS(s, i)
		if i < len(s) && s[i] == ',' {
			i = skipWS(s, i+1)
		}
		if i >= len(s) || s[i] != '"' {
			return dst
		}
		j := i + 1
		for j < len(s) && s[j] != '"' && s[j] != '\\' {
			j++
		}
		var k string
		if j < len(s) && s[j] == '"' {
			k, i = s[i+1:j], j+1
		} else {
			p := scanner{s: s, i: i}
			k = p.str()
			i = p.i
		}
		i = skipWS(s, i)
		if i < len(s) && s[i] == ':' {
			i++
		}
		i = skipWS(s, i)
		dst = append(dst, member{k, i})
		p := scanner{s: s, i: i}
		p.skipValue()
		i = p.i
	}
}

func skipWS(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\n' || s[i] == '\t' || s[i] == '\r') {
		i++
	}
	return i
}

// appendIndex appends a decimal index.
func appendIndex(dst []byte, i int) []byte { return strconv.AppendInt(dst, int64(i), 10) }
