package jsonw

import (
	"math"
	"strconv"
	"unicode/utf8"
)

// Style selects the escaping and number rules of one JSON producer.
type Style uint8

const (
	// Go is encoding/json.Marshal: <, > and & escaped, U+2028 and U+2029
	// escaped, invalid UTF-8 as \ufffd.
	Go Style = iota
	// GoNoHTML is a json.Encoder with SetEscapeHTML(false): as Go, but <, >
	// and & are written raw.
	GoNoHTML
	// JS is JavaScript's JSON.stringify: only quotes, backslashes and control
	// characters are escaped, U+2028 and U+2029 are raw, and -0 is written 0.
	// Invalid UTF-8 (which a JavaScript string cannot hold) becomes \ufffd.
	JS
)

const hex = "0123456789abcdef"

// needs[style][b] is true when the ASCII byte b must be escaped in style.
var needs = func() (t [3][utf8.RuneSelf]bool) {
	for s := range t {
		for b := range utf8.RuneSelf {
			t[s][b] = b < 0x20 || b == '"' || b == '\\'
		}
	}
	t[Go]['<'], t[Go]['>'], t[Go]['&'] = true, true, true
	return t
}()

// AppendString appends s as a quoted JSON string in style st.
func AppendString(dst []byte, s string, st Style) []byte {
	dst = append(dst, '"')
	dst = AppendStringContent(dst, s, st)
	return append(dst, '"')
}

// AppendStringContent appends the escaped characters of s without quotes.
func AppendStringContent(dst []byte, s string, st Style) []byte {
	tab := &needs[st]
	start := 0
	for i := 0; i < len(s); {
		b := s[i]
		if b < utf8.RuneSelf {
			if !tab[b] {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '\\', '"':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[b>>4], hex[b&0xF])
			}
			i++
			start = i
			continue
		}
		c, size := utf8.DecodeRuneInString(s[i:])
		if c == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i++
			start = i
			continue
		}
		if (c == '\u2028' || c == '\u2029') && st != JS {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[c&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	return append(dst, s[start:]...)
}

// AppendFloat appends f as encoding/json writes a float of the given bit size
// (the ECMAScript number-to-string rules: 1e+21, 1e-7, 100000000000000000000).
// In style JS, -0 is written 0. f must be finite.
func AppendFloat(dst []byte, f float64, bits int, st Style) []byte {
	if st == JS && f == 0 {
		return append(dst, '0')
	}
	abs := math.Abs(f)
	fmt := byte('f')
	if abs != 0 {
		if bits == 64 && (abs < 1e-6 || abs >= 1e21) || bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21) {
			fmt = 'e'
		}
	}
	dst = strconv.AppendFloat(dst, f, fmt, -1, bits)
	if fmt == 'e' {
		// e-07 becomes e-7, as in encoding/json and JavaScript.
		n := len(dst)
		if n >= 4 && dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
			dst[n-2] = dst[n-1]
			dst = dst[:n-1]
		}
	}
	return dst
}

// NonFinite returns the JavaScript spelling of a NaN or infinite f
// ("NaN", "Infinity", "-Infinity") and true, or "" and false for a finite f.
func NonFinite(f float64) (string, bool) {
	switch {
	case math.IsNaN(f):
		return "NaN", true
	case math.IsInf(f, 1):
		return "Infinity", true
	case math.IsInf(f, -1):
		return "-Infinity", true
	}
	return "", false
}

// CleanText reports whether JSON text (valid JSON, or any text) is valid
// UTF-8 and holds no lone surrogate escape (\ud800 not followed by a low
// surrogate's escape, or a low surrogate's escape alone): text that every
// JSON reader turns into the same string. encoding/json copies raw JSON (a
// json.RawMessage, a MarshalJSON result) without checking either.
func CleanText(b []byte) bool {
	if !utf8.Valid(b) {
		return false
	}
	for i := 0; i < len(b); i++ {
		if b[i] != '\\' || i+1 >= len(b) {
			continue
		}
		i++ // the escaped character
		if b[i] != 'u' || i+4 >= len(b) {
			continue
		}
		r := hex4(b[i+1 : i+5])
		i += 4
		switch {
		case r < 0xd800 || r > 0xdfff:
		case r >= 0xdc00:
			return false // a low surrogate with no high one before it
		case i+6 < len(b) && b[i+1] == '\\' && b[i+2] == 'u':
			if lo := hex4(b[i+3 : i+7]); lo < 0xdc00 || lo > 0xdfff {
				return false
			}
			i += 6
		default:
			return false
		}
	}
	return true
}

// hex4 reads four hexadecimal digits (-1 if one is not).
func hex4[T string | []byte](h T) rune {
	var r rune
	for i := range len(h) {
		c := h[i]
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return -1
		}
		r = r<<4 | rune(c)
	}
	return r
}
