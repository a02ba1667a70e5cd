package jsonw

import (
	"encoding/json"
	"iter"
	"maps"
	"reflect"
	"slices"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// MaxDepth bounds the nesting of a value written by Value, counted from the
// value itself (so a value is cut the same wherever it is written). Deeper
// parts are replaced by an error placeholder, and so are cycles.
const MaxDepth = 200

// ErrorPrefix starts the string written in place of a value that cannot be
// encoded (log/slog's JSON handler does the same).
const ErrorPrefix = "!ERROR:"

// Value writes an arbitrary Go value as encoding/json would, in the writer's
// style. The common types of decoded JSON (string, bool, numbers, []any,
// map[string]any, json.Number, json.RawMessage) are written without
// reflection; anything else goes through json.Marshal. A value that cannot be
// encoded (a channel, a function, a failing or panicking MarshalJSON, a cycle)
// is written as a string starting with ErrorPrefix, so the output is always
// valid JSON. NaN and infinities are written as strings (see Float).
func (w *Writer) Value(v any) {
	if len(w.path) >= MaxDepth {
		w.String(ErrorPrefix + "value nested too deeply")
		return
	}
	switch x := v.(type) {
	case nil:
		w.Null()
	case string:
		w.String(x)
	case bool:
		w.Bool(x)
	case int:
		w.Int(int64(x))
	case int8:
		w.Int(int64(x))
	case int16:
		w.Int(int64(x))
	case int32:
		w.Int(int64(x))
	case int64:
		w.Int(x)
	case uint:
		w.Uint(uint64(x))
	case uint8:
		w.Uint(uint64(x))
	case uint16:
		w.Uint(uint64(x))
	case uint32:
		w.Uint(uint64(x))
	case uint64:
		w.Uint(x)
	case float64:
		w.Float(x)
	case float32:
		w.float(float64(x), 32)
	case json.Number:
		switch {
		case x == "":
			w.Number("0") // as encoding/json
		case ValidNumber(string(x)):
			w.Number(string(x))
		default:
			w.String(ErrorPrefix + "invalid json.Number " + strconvQuote(string(x)))
		}
	case []any:
		if x == nil {
			w.Null()
			return
		}
		var p unsafe.Pointer
		if len(x) > 0 {
			p = unsafe.Pointer(&x[0])
		}
		if !w.enter(p) {
			return
		}
		w.BeginArray()
		for _, e := range x {
			w.Value(e)
		}
		w.EndArray()
		w.leave()
	case []string:
		if x == nil {
			w.Null()
			return
		}
		w.Strings(x)
	case map[string]any:
		if x == nil {
			w.Null()
			return
		}
		if !w.enter(reflect.ValueOf(x).UnsafePointer()) {
			return
		}
		w.BeginObject()
		for _, k := range slices.Sorted(maps.Keys(x)) {
			w.Key(k)
			w.Value(x[k])
		}
		w.EndObject()
		w.leave()
	case Ordered: // errorx.Details
		if v := reflect.ValueOf(x); v.Kind() == reflect.Pointer && v.IsNil() {
			w.Null() // as encoding/json writes a nil pointer
			return
		}
		if !w.enter(orderedID(x)) {
			return
		}
		kvs := orderedPairs(x)
		if w.SortKeys {
			slices.SortStableFunc(kvs, func(a, b pair) int { return strings.Compare(a.k, b.k) })
		}
		w.BeginObject()
		for _, p := range kvs {
			w.Key(p.k)
			w.Value(p.v)
		}
		w.EndObject()
		w.leave()
	case interface{ Masked() string }: // errorx.Redacted
		w.String(x.Masked())
	case json.RawMessage:
		if x == nil {
			w.Null()
			return
		}
		if !json.Valid(x) {
			w.String(ErrorPrefix + "invalid json.RawMessage")
			return
		}
		if w.Style == Go && w.Indent == "" {
			w.marshal(x) // encoding/json compacts RawMessage without re-escaping
			return
		}
		w.Raw(x)
	default:
		w.marshal(v)
	}
}

// Ordered is an object whose members keep their order: errorx.Details.
// Value writes it as an object in that order (in key order with SortKeys).
type Ordered interface {
	Len() int
	All() iter.Seq2[string, any]
}

// orderedID identifies the storage of x, an errorx.Details or a pointer to
// one, for enter: the address of its last pair (Details of one array but
// of different lengths differ), or nil when it has none.
func orderedID(x Ordered) unsafe.Pointer {
	v := reflect.ValueOf(x)
	if v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct || v.NumField() == 0 {
		return nil
	}
	kv := v.Field(0)
	if kv.Kind() != reflect.Slice || kv.Len() == 0 {
		return nil
	}
	return kv.Index(kv.Len() - 1).Addr().UnsafePointer()
}

type pair struct {
	k string
	v any
}

// orderedPairs collects the members of x (in a function of its own, so that
// the iterator's closure does not capture, and move to the heap, a Writer).
func orderedPairs(x Ordered) []pair {
	kvs := make([]pair, 0, x.Len())
	for k, v := range x.All() {
		kvs = append(kvs, pair{k, v})
	}
	return kvs
}

// enter records a container on the path being written; it writes a
// placeholder and returns false if the container is its own ancestor.
func (w *Writer) enter(p unsafe.Pointer) bool {
	if p != nil && slices.Contains(w.path, p) {
		w.String(ErrorPrefix + "cycle")
		return false
	}
	w.path = append(w.path, p)
	return true
}

func (w *Writer) leave() { w.path = w.path[:len(w.path)-1] }

// marshal writes v through encoding/json, recovering from panics.
func (w *Writer) marshal(v any) {
	b, ok := safeMarshal(v)
	if !ok {
		w.String(ErrorPrefix + "cannot encode value of type " + typeName(v))
		return
	}
	if w.Style == Go && w.Indent == "" && len(w.path)+nesting(b) < MaxDepth && !overflowing(b) {
		w.pre()
		w.B = append(w.B, b...)
		w.more = true
		return
	}
	w.Raw(b)
}

func safeMarshal(v any) (b []byte, ok bool) {
	defer func() {
		if recover() != nil {
			b, ok = nil, false
		}
	}()
	b, err := json.Marshal(v)
	return b, err == nil
}

func typeName(v any) string {
	if v == nil {
		return "nil"
	}
	return reflect.TypeOf(v).String()
}

// nesting returns the maximum nesting depth of valid JSON data.
func nesting(data []byte) int {
	d, maxd := 0, 0
	inStr := false
	for i := 0; i < len(data); i++ {
		c := data[i]
		if inStr {
			switch c {
			case '\\':
				i++
			case '"':
				inStr = false
			}
			continue
		}
		switch c {
		case '"':
			inStr = true
		case '{', '[':
			d++
			maxd = max(maxd, d)
		case '}', ']':
			d--
		}
	}
	return maxd
}

// Raw writes valid JSON data, re-escaping its strings in the writer's style
// and re-indenting it. Number literals are copied as they are. Parts nested
// deeper than MaxDepth are replaced by an error placeholder.
func (w *Writer) Raw(data []byte) {
	// The scanner only reads; nothing it returns outlives this call.
	s := scanner{data: unsafe.String(unsafe.SliceData(data), len(data)), depth: len(w.path)}
	s.value(w)
}

// scanner reads JSON text already known to be valid. Strings it returns
// without escapes are substrings of data, so data must be immutable.
type scanner struct {
	data  string
	i     int
	depth int // containers open, for Raw's MaxDepth
}

func (s *scanner) ws() {
	for s.i < len(s.data) {
		switch s.data[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

func (s *scanner) value(w *Writer) {
	s.ws()
	if s.i >= len(s.data) {
		return
	}
	c := s.data[s.i]
	if (c == '{' || c == '[') && s.depth >= MaxDepth {
		s.skip()
		w.String(ErrorPrefix + "value nested too deeply")
		return
	}
	if c == '{' || c == '[' {
		s.depth++
		defer func() { s.depth-- }()
	}
	switch c {
	case '{':
		s.i++
		w.BeginObject()
		s.ws()
		if s.data[s.i] == '}' {
			s.i++
			w.EndObject()
			return
		}
		for {
			s.ws()
			w.Key(s.str())
			s.ws()
			s.i++ // ':'
			s.value(w)
			s.ws()
			c := s.data[s.i]
			s.i++
			if c == '}' {
				break
			}
		}
		w.EndObject()
	case '[':
		s.i++
		w.BeginArray()
		s.ws()
		if s.data[s.i] == ']' {
			s.i++
			w.EndArray()
			return
		}
		for {
			s.value(w)
			s.ws()
			c := s.data[s.i]
			s.i++
			if c == ']' {
				break
			}
		}
		w.EndArray()
	case '"':
		w.String(s.str())
	case 't':
		s.i += 4
		w.Bool(true)
	case 'f':
		s.i += 5
		w.Bool(false)
	case 'n':
		s.i += 4
		w.Null()
	default:
		start := s.i
		for s.i < len(s.data) {
			switch s.data[s.i] {
			case '-', '+', '.', 'e', 'E', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
				s.i++
				continue
			}
			break
		}
		w.Number(s.data[start:s.i])
	}
}

// skip moves past one value.
func (s *scanner) skip() {
	depth := 0
	for s.i < len(s.data) {
		switch s.data[s.i] {
		case '"':
			s.skipString()
			if depth == 0 {
				return
			}
			continue
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				s.i++
				return
			}
		}
		s.i++
	}
}

// skipString moves past a quoted string at s.i without decoding it.
func (s *scanner) skipString() {
	s.i++
	for s.i < len(s.data) {
		switch s.data[s.i] {
		case '\\':
			s.i += 2
			continue
		case '"':
			s.i++
			return
		}
		s.i++
	}
}

// str reads a quoted string at s.i and returns it unescaped; lone
// surrogates become U+FFFD, as in encoding/json.
func (s *scanner) str() string {
	s.i++ // opening quote
	start := s.i
	for s.i < len(s.data) && s.data[s.i] != '"' && s.data[s.i] != '\\' {
		s.i++
	}
	if s.i < len(s.data) && s.data[s.i] == '"' {
		out := s.data[start:s.i]
		s.i++
		return out
	}
	buf := append([]byte(nil), s.data[start:s.i]...)
	for s.i < len(s.data) {
		c := s.data[s.i]
		if c == '"' {
			s.i++
			break
		}
		if c != '\\' {
			buf = append(buf, c)
			s.i++
			continue
		}
		s.i++
		e := s.data[s.i]
		s.i++
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
			r := s.hex4()
			if utf16.IsSurrogate(r) {
				r2 := rune(-1)
				if s.i+6 <= len(s.data) && s.data[s.i] == '\\' && s.data[s.i+1] == 'u' {
					save := s.i
					s.i += 2
					r2 = s.hex4()
					if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
						buf = utf8.AppendRune(buf, dec)
						continue
					}
					s.i = save
				}
				r = utf8.RuneError
			}
			buf = utf8.AppendRune(buf, r)
		default: // '"', '\\', '/'
			buf = append(buf, e)
		}
	}
	return string(buf)
}

func (s *scanner) hex4() rune {
	var r rune
	for range 4 {
		c := s.data[s.i]
		s.i++
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

// ValidNumber reports whether s is a JSON number literal.
func ValidNumber(s string) bool {
	if s == "" {
		return false
	}
	if s[0] == '-' {
		s = s[1:]
		if s == "" {
			return false
		}
	}
	switch {
	case s[0] == '0':
		s = s[1:]
	case '1' <= s[0] && s[0] <= '9':
		s = s[1:]
		for len(s) > 0 && '0' <= s[0] && s[0] <= '9' {
			s = s[1:]
		}
	default:
		return false
	}
	if len(s) >= 2 && s[0] == '.' && '0' <= s[1] && s[1] <= '9' {
		s = s[2:]
		for len(s) > 0 && '0' <= s[0] && s[0] <= '9' {
			s = s[1:]
		}
	}
	if len(s) >= 2 && (s[0] == 'e' || s[0] == 'E') {
		s = s[1:]
		if s[0] == '+' || s[0] == '-' {
			s = s[1:]
			if s == "" {
				return false
			}
		}
		for len(s) > 0 && '0' <= s[0] && s[0] <= '9' {
			s = s[1:]
		}
	}
	return s == ""
}

func strconvQuote(s string) string {
	return string(AppendString(nil, s, GoNoHTML))
}
