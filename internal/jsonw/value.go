package jsonw

import (
	"encoding/json"
	"iter"
	"maps"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
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
	if w.Budget > 0 && len(w.B) > w.Budget {
		w.exceeded = true
		return
	}
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
		id, isNil := storage(x)
		if isNil {
			w.Null()
			return
		}
		if !w.enter(id) {
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
	case interface{ Masked() string }: // secret.Redacted
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

// storage returns what identifies an Ordered value for the cycle check:
// the address of the last pair of its first slice field (a Details and the
// copies and pointers made of it share that array; a shorter copy ends
// earlier), or nil when it has no members. It reports a nil pointer, which
// has no members to ask for.
func storage(x Ordered) (id unsafe.Pointer, isNil bool) {
	rv := reflect.ValueOf(x)
	if rv.Kind() == reflect.Pointer {
		if rv.IsNil() {
			return nil, true
		}
		rv = rv.Elem()
	}
	if rv.Kind() != reflect.Struct {
		return nil, false
	}
	for i := range rv.NumField() {
		if f := rv.Field(i); f.Kind() == reflect.Slice {
			if f.Len() == 0 {
				return nil, false
			}
			// The address of its last pair, not of its array: a shorter
			// copy sharing the array holds fewer pairs and is no cycle.
			return f.Index(f.Len() - 1).Addr().UnsafePointer(), false
		}
	}
	return nil, false
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

// marshal writes v through encoding/json, recovering from panics. The
// bytes are copied as they are only where encoding/json's would be right:
// Go style, compact, within MaxDepth, no overflowing number, valid UTF-8
// and no lone surrogate escape (which a MarshalJSON method or a
// json.RawMessage can hold); else Raw re-writes them.
func (w *Writer) marshal(v any) {
	if marshalCalls.Add(1) > MaxMarshalNesting && marshalNesting() >= MaxMarshalNesting {
		marshalCalls.Add(-1)
		w.String(ErrorPrefix + "value nested too deeply")
		return
	}
	b, ok := safeMarshal(v)
	marshalCalls.Add(-1)
	if !ok {
		w.String(ErrorPrefix + "cannot encode value of type " + typeName(v))
		return
	}
	if w.Style == Go && w.Indent == "" && len(w.path)+nesting(b) < MaxDepth && !overflowing(b) && CleanText(b) {
		w.pre()
		w.B = append(w.B, b...)
		w.more = true
		return
	}
	w.Raw(b)
}

// MaxMarshalNesting bounds how deeply, within one goroutine, Value's calls
// of json.Marshal may nest. They nest when a value's MarshalJSON writes with
// a Writer of its own (errorx's do) and meets a value that leads back to
// it: an error that holds itself in a detail. Such a cycle runs through
// fresh Writers, which the cycle check cannot see, and would recurse until
// the stack overflows, which ends the process; past this depth the value
// is written as an error placeholder instead.
const MaxMarshalNesting = 8

// marshalCalls counts the calls of safeMarshal under way in all goroutines:
// while it is at most MaxMarshalNesting no goroutine can be nested deeper,
// and the stack need not be read.
var marshalCalls atomic.Int64

// marshalNesting counts the calls of safeMarshal on the current goroutine's
// stack (its innermost frames, enough to see MaxMarshalNesting of them).
func marshalNesting() int {
	pcs := make([]uintptr, 64*MaxMarshalNesting)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(2, pcs)])
	n := 0
	for {
		f, more := frames.Next()
		if f.Function == safeMarshalName {
			n++
		}
		if !more {
			return n
		}
	}
}

var safeMarshalName = runtime.FuncForPC(reflect.ValueOf(safeMarshal).Pointer()).Name()

// safeMarshal calls json.Marshal, recovering from panics. It must not be
// inlined: marshalNesting finds it on the stack by name.
//
//go:noinline
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
	if w.Budget > 0 && len(w.B) > w.Budget {
		w.exceeded = true
		s.i = len(s.data) // nothing more is read
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
			if w.exceeded {
				return
			}
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
			if w.exceeded {
				return
			}
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
	for {
		q := strings.IndexByte(s.data[s.i:], '"')
		if q < 0 {
			s.i = len(s.data)
			return
		}
		s.i += q + 1
		// The quote ends the string unless an odd run of backslashes
		// escapes it.
		n := 0
		for j := s.i - 2; j >= 0 && s.data[j] == '\\'; j-- {
			n++
		}
		if n%2 == 0 {
			return
		}
	}
}

// str reads a quoted string at s.i and returns it unescaped; lone
// surrogates and each byte of invalid UTF-8 become U+FFFD, as in
// encoding/json.
func (s *scanner) str() string {
	s.i++ // opening quote
	start := s.i
	if q := strings.IndexByte(s.data[start:], '"'); q >= 0 {
		if out := s.data[start : start+q]; strings.IndexByte(out, '\\') < 0 && utf8.ValidString(out) {
			s.i += q + 1
			return out
		}
	}
	s.i = start - 1
	s.skipString()
	// Its text is at most as long as its JSON, but for each byte of
	// invalid UTF-8, whose U+FFFD takes three.
	size := s.i - start
	for i := start; i < s.i; {
		if s.data[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s.data[i:s.i])
		if r == utf8.RuneError && n == 1 {
			size += 2
		}
		i += n
	}
	buf := make([]byte, 0, size)
	s.i = start
	for s.i < len(s.data) {
		c := s.data[s.i]
		if c == '"' {
			s.i++
			break
		}
		if c >= utf8.RuneSelf {
			r, n := utf8.DecodeRuneInString(s.data[s.i:])
			if r == utf8.RuneError && n == 1 {
				buf = append(buf, "\uFFFD"...)
			} else {
				buf = append(buf, s.data[s.i:s.i+n]...)
			}
			s.i += n
			continue
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
	return unsafe.String(unsafe.SliceData(buf), len(buf)) // buf is not used again
}

func (s *scanner) hex4() rune {
	r := hex4(s.data[s.i : s.i+4])
	s.i += 4
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
