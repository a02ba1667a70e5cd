package jsonw

import (
	"errors"
	"math"
	"strconv"
	"time"
	"unsafe"
)

// Writer appends one JSON text to B. Objects, arrays and values are written
// in document order; the Writer inserts commas, and newlines with indentation
// when Indent is set (the layout of JSON.stringify(v, null, indent)).
//
// The zero Writer writes compact Go-style JSON.
type Writer struct {
	B      []byte
	Style  Style
	Indent string
	// SortKeys writes the members of an Ordered value (errorx.Details) in
	// key order, as encoding/json orders a map, instead of their own.
	SortKeys bool
	// Budget, when positive, makes Value and Raw stop once B holds more
	// than Budget bytes: what is left is not written, B is then not valid
	// JSON, and Exceeded reports true. It bounds the work of measuring a
	// value, whatever its shape (a value that shares a container many times
	// over has JSON far larger than the value).
	Budget int

	exceeded bool
	depth    int
	more     bool // a value was written at this level: the next needs a comma
	afterKey bool // a key was just written: the value follows directly

	path []unsafe.Pointer // containers being written by Value, for cycle checks
}

// Reset empties the writer for reuse, keeping its buffer, style and indent.
func (w *Writer) Reset() {
	w.B = w.B[:0]
	w.depth, w.more, w.afterKey, w.exceeded = 0, false, false, false
	w.path = w.path[:0]
}

// Exceeded reports whether Value or Raw stopped at the Budget.
func (w *Writer) Exceeded() bool { return w.exceeded }

// Depth reports how many objects and arrays are open.
func (w *Writer) Depth() int { return w.depth }

func (w *Writer) newline() {
	w.B = append(w.B, '\n')
	for range w.depth {
		w.B = append(w.B, w.Indent...)
	}
}

// pre writes what goes before a value: nothing after a key, else a comma
// after a sibling and, when indenting inside a container, a line break.
func (w *Writer) pre() {
	if w.afterKey {
		w.afterKey = false
		return
	}
	if w.more {
		w.B = append(w.B, ',')
	}
	if w.Indent != "" && w.depth > 0 {
		w.newline()
	}
}

func (w *Writer) open(c byte) {
	w.pre()
	w.B = append(w.B, c)
	w.depth++
	w.more = false
}

func (w *Writer) close(c byte) {
	w.depth--
	if w.more && w.Indent != "" {
		w.newline()
	}
	w.B = append(w.B, c)
	w.more = true
}

// BeginObject opens an object.
func (w *Writer) BeginObject() { w.open('{') }

// EndObject closes the innermost object.
func (w *Writer) EndObject() { w.close('}') }

// BeginArray opens an array.
func (w *Writer) BeginArray() { w.open('[') }

// EndArray closes the innermost array.
func (w *Writer) EndArray() { w.close(']') }

// Key writes an object member name; the member's value must follow.
func (w *Writer) Key(k string) {
	if w.more {
		w.B = append(w.B, ',')
	}
	if w.Indent != "" {
		w.newline()
	}
	w.B = AppendString(w.B, k, w.Style)
	w.B = append(w.B, ':')
	if w.Indent != "" {
		w.B = append(w.B, ' ')
	}
	w.more = false
	w.afterKey = true
}

// String writes a string value.
func (w *Writer) String(s string) {
	w.pre()
	w.B = AppendString(w.B, s, w.Style)
	w.more = true
}

// Strings writes an array of strings.
func (w *Writer) Strings(ss []string) {
	w.BeginArray()
	for _, s := range ss {
		w.String(s)
	}
	w.EndArray()
}

// Bool writes true or false.
func (w *Writer) Bool(b bool) {
	w.pre()
	w.B = strconv.AppendBool(w.B, b)
	w.more = true
}

// Null writes null.
func (w *Writer) Null() {
	w.pre()
	w.B = append(w.B, "null"...)
	w.more = true
}

// Int writes an integer.
func (w *Writer) Int(i int64) {
	w.pre()
	w.B = strconv.AppendInt(w.B, i, 10)
	w.more = true
}

// Uint writes an unsigned integer.
func (w *Writer) Uint(u uint64) {
	w.pre()
	w.B = strconv.AppendUint(w.B, u, 10)
	w.more = true
}

// Float writes a float64 as encoding/json does. NaN and infinities, which
// JSON cannot hold, are written as the strings "NaN", "Infinity" and
// "-Infinity".
func (w *Writer) Float(f float64) { w.float(f, 64) }

func (w *Writer) float(f float64, bits int) {
	if s, ok := NonFinite(f); ok {
		w.String(s)
		return
	}
	w.pre()
	w.B = AppendFloat(w.B, f, bits, w.Style)
	w.more = true
}

// Number writes a JSON number literal that the caller has already checked.
// A literal too large for a float64 (see Overflows) is written as a string
// of the literal: JSON readers that decode numbers as float64 (encoding/json
// into any, JSON.parse) would fail on it or read Infinity. In the JS style a
// zero with a minus sign (-0, -0.0e5) is written 0, as JSON.stringify writes
// the -0 that JSON.parse makes of it.
func (w *Writer) Number(lit string) {
	if Overflows(lit) {
		w.String(lit)
		return
	}
	if w.Style == JS && NegativeZero(lit) {
		lit = "0"
	}
	w.pre()
	w.B = append(w.B, lit...)
	w.more = true
}

// FieldObject writes one per-field violation in the model's JSON form:
// {"path","sent"?,"sent_text"?,"message"?,"expected"?,"options"?,"hint"?,
// "rule"?,"param"?}, with "sent" present exactly when something was sent
// and "sent_text": true only when printed says that sent is a value's
// printed form (format.SentText), not the value.
func (w *Writer) FieldObject(path string, sent any, wasSent, printed bool, message, expected string, options []string, hint, rule, param string) {
	w.BeginObject()
	w.Key("path")
	w.String(path)
	if wasSent {
		w.Key("sent")
		w.Value(sent)
		if printed {
			w.Key("sent_text")
			w.Bool(true)
		}
	}
	w.optString("message", message)
	w.optString("expected", expected)
	if len(options) > 0 {
		w.Key("options")
		w.Strings(options)
	}
	w.optString("hint", hint)
	w.optString("rule", rule)
	w.optString("param", param)
	w.EndObject()
}

func (w *Writer) optString(key, s string) {
	if s != "" {
		w.Key(key)
		w.String(s)
	}
}

// Time writes t formatted with layout as a string. The layout must not
// produce characters that need escaping (time.RFC3339 does not).
func (w *Writer) Time(t time.Time, layout string) {
	w.pre()
	w.B = append(w.B, '"')
	w.B = t.AppendFormat(w.B, layout)
	w.B = append(w.B, '"')
	w.more = true
}

// Overflows reports whether a valid JSON number literal is too large for a
// float64: its conversion overflows to ±Inf. (A literal too small underflows
// to zero, which every reader accepts.)
func Overflows(lit string) bool {
	if len(lit) <= 309 { // fewer digits than the largest float64 needs
		exp := false
		for i := 0; i < len(lit); i++ {
			if lit[i] == 'e' || lit[i] == 'E' {
				exp = true
				break
			}
		}
		if !exp {
			return false
		}
	}
	f, err := strconv.ParseFloat(lit, 64)
	return err != nil && errors.Is(err, strconv.ErrRange) && math.IsInf(f, 0)
}

// overflowing reports whether valid JSON text holds a number literal that
// Overflows.
func overflowing(data []byte) bool {
	for i := 0; i < len(data); i++ {
		switch c := data[i]; {
		case c == '"':
			for i++; i < len(data) && data[i] != '"'; i++ {
				if data[i] == '\\' {
					i++
				}
			}
		case c == '-' || '0' <= c && c <= '9':
			start := i
			for i < len(data) && (data[i] == '-' || data[i] == '+' || data[i] == '.' || data[i] == 'e' || data[i] == 'E' || '0' <= data[i] && data[i] <= '9') {
				i++
			}
			if Overflows(string(data[start:i])) {
				return true
			}
			i--
		}
	}
	return false
}

// NegativeZero reports whether a valid JSON number literal is zero with a
// minus sign: -0, -0.0, -0e5, -0.00E-3.
func NegativeZero(lit string) bool {
	if len(lit) < 2 || lit[0] != '-' {
		return false
	}
	for i := 1; i < len(lit); i++ {
		switch c := lit[i]; {
		case c == 'e' || c == 'E':
			return true
		case c != '0' && c != '.':
			return false
		}
	}
	return true
}
