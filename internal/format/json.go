package format

import "github.com/mcperr/mcperr/internal/jsonw"

// JSONStyle selects whose JSON bytes to reproduce.
type JSONStyle uint8

const (
	// GoJSON is encoding/json.Marshal: <, > and & escaped as \u003c, \u003e
	// and \u0026, U+2028 and U+2029 escaped, invalid UTF-8 as \ufffd.
	GoJSON = JSONStyle(jsonw.Go)
	// GoJSONNoHTML is a json.Encoder with SetEscapeHTML(false).
	GoJSONNoHTML = JSONStyle(jsonw.GoNoHTML)
	// JSJSON is JavaScript's JSON.stringify: U+2028, U+2029, <, > and & raw,
	// -0 written 0. Invalid UTF-8 becomes \ufffd.
	JSJSON = JSONStyle(jsonw.JS)
)

// AppendJSONString appends s as a quoted JSON string.
func AppendJSONString(dst []byte, s string, st JSONStyle) []byte {
	return jsonw.AppendString(dst, s, jsonw.Style(st))
}

// AppendJSONFloat appends f as a JSON number the way encoding/json writes a
// float64 (and JSON.stringify writes a number): 100000000000000000000,
// 1e+21, 0.000001, 1e-7. NaN and infinities, which JSON cannot hold, are
// written as the quoted strings "NaN", "Infinity" and "-Infinity".
func AppendJSONFloat(dst []byte, f float64, st JSONStyle) []byte {
	if s, ok := jsonw.NonFinite(f); ok {
		return jsonw.AppendString(dst, s, jsonw.Style(st))
	}
	return jsonw.AppendFloat(dst, f, 64, jsonw.Style(st))
}

// AppendJSONValue appends any Go value as encoding/json would in style st.
// Values JSON cannot hold (channels, functions, cycles, failing MarshalJSON
// methods) are written as a string starting with "!ERROR:", so the output is
// always valid JSON.
func AppendJSONValue(dst []byte, v any, st JSONStyle) []byte {
	w := jsonw.Writer{B: dst, Style: jsonw.Style(st)}
	w.Value(v)
	return w.B
}

// AppendJSNumber appends f as JavaScript's String(f) writes it: 30, 1.5,
// 100000000000000000000, 1e+21, 0.000001, 1e-7, 0 for -0, NaN, Infinity.
func AppendJSNumber(dst []byte, f float64) []byte {
	if s, ok := jsonw.NonFinite(f); ok {
		return append(dst, s...)
	}
	return jsonw.AppendFloat(dst, f, 64, jsonw.JS)
}
