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
// Objects and arrays nested more than MaxDepth levels below it are read as
// the string "…(truncated, N bytes)", N being the size of their JSON text,
// so that no input makes it recurse without bound.
func (p *scanner) value() any { return p.valueDepth(MaxDepth) }

// valueDepth is value reading at most levels levels of objects and arrays.
func (p *scanner) valueDepth(levels int) any {
	p.ws()
	switch p.peek() {
	case '{':
		if levels <= 0 {
			return p.elided()
		}
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
			m[k] = p.valueDepth(levels - 1)
		}
		return m
	case '[':
		if levels <= 0 {
			return p.elided()
		}
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
			at := p.i
			v := p.valueDepth(levels - 1)
			if p.i == at {
				// No value starts here (a '}' in an array, say): the
				// text is not JSON, and reading on would loop
				// forever, appending nil.
				if p.peek() == ']' {
					p.i++
				}
				return a
			}
			a = append(a, v)
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

// elided moves past the value at the cursor and returns what stands for
// it: "…(truncated, N bytes)", the render package's notice.
func (p *scanner) elided() string {
	start := p.i
	p.skipValue()
	return "…(truncated, " + strconv.Itoa(p.i-start) + " bytes)"
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
	key    string
	index  int
	isIdx  bool
	caller bool // key is a map key: the caller chose it
}

// locator finds the values at paths in a JSON text, for reading what the
// caller sent at each failing field. It remembers, per level of the path,
// the last container it looked into: an object's members are listed once
// (and indexed by key when there are many), and an array is walked from
// where the previous lookup stopped when the index grows, as it does when
// failures come by index. Looking up every element of a container thus
// costs time linear in its size, not quadratic.
type locator struct {
	s      string
	levels []level
}

// level is what a locator remembers about the container at one level of
// a path.
type level struct {
	at      int      // offset of the container's opening byte; -1 when unused
	members []member // an object's members, listed on first use
	listed  bool
	byKey   map[string]int // the last member of each key, for big objects
	idx     int            // an array: the index of the element at pos
	pos     int            // its offset; -1 past the end, -2 before the walk
}

// smallObject is the number of members an object may have and still be
// searched linearly rather than through a map.
const smallObject = 16

// reset makes l forget the text it reads (keeping its buffers).
func (l *locator) reset(s string) {
	l.s = s
	for i := range l.levels {
		clear(l.levels[i].members)
		l.levels[i] = level{at: -1, members: l.levels[i].members[:0]}
	}
}

// locate returns the offset of the value at path; found is false when the
// text holds nothing there. For a key sent twice the last occurrence
// counts, as in encoding/json.
func (l *locator) locate(path []seg) (at int, found bool) {
	s := l.s
	pos := skipWS(s, 0)
	for d, sg := range path {
		if pos >= len(s) {
			return 0, false
		}
		if d == len(l.levels) {
			l.levels = append(l.levels, level{at: -1})
		}
		lv := &l.levels[d]
		if lv.at != pos {
			clear(lv.members)
			*lv = level{at: pos, members: lv.members[:0], pos: -2}
		}
		switch s[pos] {
		case '{':
			if sg.isIdx {
				return 0, false
			}
			if !lv.listed {
				lv.members, lv.listed = members(s, pos, lv.members[:0]), true
				if len(lv.members) > smallObject {
					lv.byKey = make(map[string]int, len(lv.members))
					for i, m := range lv.members {
						lv.byKey[m.key] = i
					}
				}
			}
			i := -1
			if lv.byKey != nil {
				if j, ok := lv.byKey[sg.key]; ok {
					i = j
				}
			} else {
				for j := len(lv.members) - 1; j >= 0; j-- {
					if lv.members[j].key == sg.key {
						i = j
						break
					}
				}
			}
			if i < 0 {
				return 0, false
			}
			pos = lv.members[i].at
		case '[':
			if !sg.isIdx {
				return 0, false
			}
			if lv.pos == -2 || sg.index < lv.idx {
				lv.idx, lv.pos = 0, firstElement(s, pos)
			}
			for lv.pos >= 0 && lv.idx < sg.index {
				lv.pos = nextElement(s, lv.pos)
				lv.idx++
			}
			if lv.pos < 0 {
				return 0, false
			}
			pos = lv.pos
		default:
			return 0, false
		}
	}
	return skipWS(s, pos), true
}

// firstElement returns the offset of the first element of the array that
// opens at i, or -1 when it is empty.
func firstElement(s string, i int) int {
	i = skipWS(s, i+1)
	if i >= len(s) || s[i] == ']' {
		return -1
	}
	return i
}

// nextElement returns the offset of the element after the one at i, or -1
// when it is the last.
func nextElement(s string, i int) int {
	p := scanner{s: s, i: i}
	p.skipValue()
	i = skipWS(s, p.i)
	if i >= len(s) || s[i] != ',' {
		return -1
	}
	i = skipWS(s, i+1)
	if i >= len(s) || s[i] == ']' {
		return -1
	}
	return i
}

// member is a key of an object and the offset of its value.
type member struct {
	key string
	at  int
}

// members lists the members of the object at offset i of s (none when
// there is no object there). It is the hot loop of reading sent values, so
// it scans bytes directly.
func members(s string, i int, dst []member) []member {
	i = skipWS(s, i)
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

// validJSON reports whether b is one JSON value, as json.Valid does, but
// at any depth: encoding/json refuses text nested past 10,000 levels,
// which binding reports as nested too deeply (rule RuleDepth) instead.
// json.Valid answers the common case; the rest is read again here.
func validJSON(b []byte) bool {
	return json.Valid(b) || validDeep(b)
}

// validDeep is json.Valid without a limit on nesting, in time linear in
// len(s) and one byte of memory per open object or array.
func validDeep(s []byte) bool {
	var open []byte // '{' or '[' of each container entered
	i := skipWSBytes(s, 0)
	for {
		// A value starts at i.
		if i >= len(s) {
			return false
		}
		switch c := s[i]; {
		case c == '{' || c == '[':
			i = skipWSBytes(s, i+1)
			if i < len(s) && s[i] == c+2 { // '}' or ']': empty
				i++
				break
			}
			open = append(open, c)
			if c == '{' {
				if i = memberValue(s, i); i < 0 {
					return false
				}
			}
			continue
		case c == '"':
			if i = stringEnd(s, i); i < 0 {
				return false
			}
		case c == '-' || '0' <= c && c <= '9':
			if i = numberEnd(s, i); i < 0 {
				return false
			}
		default:
			n := 0
			for _, lit := range []string{"true", "false", "null"} {
				if len(s)-i >= len(lit) && string(s[i:i+len(lit)]) == lit {
					n = len(lit)
				}
			}
			if n == 0 {
				return false
			}
			i += n
		}
		// After a value: close containers, or go on to the next one.
		for {
			i = skipWSBytes(s, i)
			if len(open) == 0 {
				return i == len(s)
			}
			if i >= len(s) {
				return false
			}
			last := open[len(open)-1]
			if s[i] == last+2 {
				open = open[:len(open)-1]
				i++
				continue
			}
			if s[i] != ',' {
				return false
			}
			i = skipWSBytes(s, i+1)
			if last == '{' {
				if i = memberValue(s, i); i < 0 {
					return false
				}
			}
			break
		}
	}
}

// memberValue reads an object member's key and colon at i and returns
// where its value starts, or -1.
func memberValue(s []byte, i int) int {
	if i >= len(s) || s[i] != '"' {
		return -1
	}
	if i = stringEnd(s, i); i < 0 {
		return -1
	}
	i = skipWSBytes(s, i)
	if i >= len(s) || s[i] != ':' {
		return -1
	}
	return skipWSBytes(s, i+1)
}

// stringEnd returns the end of the JSON string opening at i, or -1 when
// it is not one: unterminated, holding a control character or a bad
// escape. (Bytes that are not UTF-8 are accepted, as json.Valid does.)
func stringEnd(s []byte, i int) int {
	for i++; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			return i + 1
		case c < 0x20:
			return -1
		case c == '\\':
			i++
			if i >= len(s) {
				return -1
			}
			switch s[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if len(s)-i <= 4 {
					return -1
				}
				for _, h := range s[i+1 : i+5] {
					if !('0' <= h && h <= '9' || 'a' <= h && h <= 'f' || 'A' <= h && h <= 'F') {
						return -1
					}
				}
				i += 4
			default:
				return -1
			}
		}
	}
	return -1
}

// numberEnd returns the end of the JSON number starting at i, or -1.
func numberEnd(s []byte, i int) int {
	digits := func(i int) int { // past at least one digit, or -1
		j := i
		for j < len(s) && '0' <= s[j] && s[j] <= '9' {
			j++
		}
		if j == i {
			return -1
		}
		return j
	}
	if s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	default:
		if i = digits(i); i < 0 {
			return -1
		}
	}
	if i < len(s) && s[i] == '.' {
		if i = digits(i + 1); i < 0 {
			return -1
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if i = digits(i); i < 0 {
			return -1
		}
	}
	return i
}

func skipWSBytes(s []byte, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\n' || s[i] == '\t' || s[i] == '\r') {
		i++
	}
	return i
}
