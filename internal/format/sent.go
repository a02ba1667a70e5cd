package format

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"

	"github.com/mcperr/mcperr/internal/jsonw"
)

// Limits of the "You sent" formatter, in UTF-16 code units as JavaScript
// counts string length.
const (
	// SentMaxString is the longest string shown whole.
	SentMaxString = 50
	// SentKeepString is how much of a longer string is kept before "...".
	SentKeepString = 47
	// SentMaxObject is how much of an object's JSON is shown (no ellipsis).
	SentMaxObject = 50
)

// Sent returns the "You sent" form of a value, as MCP Fusion's validation
// errors print it; sent reports whether the caller sent anything at all.
// See AppendSent.
func Sent(v any, sent bool) string { return string(AppendSent(nil, v, sent)) }

// AppendSent appends the "You sent" form of a value:
//
//   - nothing sent: (missing)
//   - null: null
//   - a string: 'text', unescaped; longer than 50 UTF-16 units, the first 47
//     and "..." ('aaaa...'), never splitting a character
//   - a number or boolean: as JavaScript's String() writes it (10, 1.5,
//     1e+21, true); integers are exact, and a json.Number too large or too
//     small for a float64 is its literal (1e400, 1e-400, not 0)
//   - an array or slice: array(N)
//   - anything else (an object): its compact JSON, cut to 50 UTF-16 units
//     without an ellipsis
//   - a Masked value (secret.Redacted): its mask, [redacted], unquoted
func AppendSent(dst []byte, v any, sent bool) []byte {
	if !sent {
		return append(dst, "(missing)"...)
	}
	switch x := v.(type) {
	case Masked:
		return append(dst, x.Masked()...)
	case nil:
		return append(dst, "null"...)
	case string:
		return appendQuotedCut(dst, x)
	case bool:
		return strconv.AppendBool(dst, x)
	case int:
		return strconv.AppendInt(dst, int64(x), 10)
	case int64:
		return strconv.AppendInt(dst, x, 10)
	case float64:
		return AppendJSNumber(dst, x)
	case json.Number:
		if jsonw.NegativeZero(string(x)) {
			return append(dst, '0') // as String(-0)
		}
		if jsonw.ValidNumber(string(x)) && !strings.ContainsAny(string(x), ".eE") {
			return append(dst, x...) // an integer: exact, however long
		}
		if f, err := x.Float64(); err == nil && (f != 0 || zeroDigits(string(x))) {
			return AppendJSNumber(dst, f)
		}
		if jsonw.ValidNumber(string(x)) {
			return append(dst, x...) // too large or too small for a float64: the literal
		}
		return appendQuotedCut(dst, string(x))
	case json.RawMessage:
		var d any
		dec := json.NewDecoder(bytes.NewReader(x))
		dec.UseNumber()
		if dec.Decode(&d) != nil {
			return appendQuotedCut(dst, string(x))
		}
		return AppendSent(dst, d, true)
	case []any:
		return appendArray(dst, len(x))
	}
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Interface {
		if rv.IsNil() {
			return append(dst, "null"...)
		}
		rv = rv.Elem()
	}
	switch rv.Kind() {
	case reflect.String:
		return appendQuotedCut(dst, rv.String())
	case reflect.Bool:
		return strconv.AppendBool(dst, rv.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.AppendInt(dst, rv.Int(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return strconv.AppendUint(dst, rv.Uint(), 10)
	case reflect.Float32, reflect.Float64:
		return AppendJSNumber(dst, rv.Float())
	case reflect.Slice, reflect.Array:
		return appendArray(dst, rv.Len())
	}
	w := jsonw.Writer{Style: jsonw.JS}
	w.Value(rv.Interface())
	return append(dst, cutUTF16(string(w.B), SentMaxObject)...)
}

// zeroDigits reports whether the digits of a number literal, before any
// exponent, are all zeros.
func zeroDigits(lit string) bool {
	for i := 0; i < len(lit); i++ {
		switch c := lit[i]; {
		case c == 'e' || c == 'E':
			return true
		case c >= '1' && c <= '9':
			return false
		}
	}
	return true
}

// Masked is a value that stands for one that must not be shown, such as
// secret.Redacted: Sent prints its mask instead.
type Masked interface {
	Masked() string
}

func appendArray(dst []byte, n int) []byte {
	dst = append(dst, "array("...)
	dst = strconv.AppendInt(dst, int64(n), 10)
	return append(dst, ')')
}

func appendQuotedCut(dst []byte, s string) []byte {
	dst = append(dst, '\'')
	if utf16Len(s, SentMaxString+1) > SentMaxString {
		dst = append(dst, cutUTF16(s, SentKeepString)...)
		dst = append(dst, "..."...)
	} else {
		dst = append(dst, s...)
	}
	return append(dst, '\'')
}

// utf16Len counts the UTF-16 code units of s, stopping at limit.
func utf16Len(s string, limit int) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
		if n >= limit {
			return n
		}
	}
	return n
}

// cutUTF16 returns the longest prefix of s of at most n UTF-16 code units
// that does not split a character.
func cutUTF16(s string, n int) string {
	units := 0
	for i, r := range s {
		w := 1
		if r >= 0x10000 {
			w = 2
		}
		if units+w > n {
			return s[:i]
		}
		units += w
	}
	return s
}

// SentText is a sent value known only by how a "You sent" line printed it
// (array(3), an object's JSON cut at 50 characters, a string cut to 47 and
// "..."), as the xml dialect reads it from MCP Fusion's field lines where
// the printed form does not give the value back. The "You sent" formatter
// prints it again as it is (Masked), so the line re-renders byte for byte.
// It is errorx's: in the model's JSON form a field whose Sent is a SentText holds the
// printed form as a string in "sent" and has "sent_text": true, so that it
// reads back as a SentText, not as a string the caller sent. (A Redacted
// value is written as its mask, a plain string: whether a value is redacted
// must not change the shape of what a caller gets.)
type SentText string

// Masked returns the printed form: the "You sent" formatter writes it as
// it is, unquoted.
func (s SentText) Masked() string { return string(s) }
