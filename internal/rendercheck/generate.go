package rendercheck

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/sentence"
)

// fragments are the pieces generated strings are made of: plain text,
// markup and JSON syntax that must never forge structure, characters each
// format escapes differently, characters XML forbids, invalid UTF-8, and
// the separators some dialects split on.
var fragments = []string{
	"", "a", "proj_xyz", "Hello, world.", "é", "日本語", "🚀", "Ω≈ç",
	`<`, `>`, `&`, `"`, `'`, `\`, "/", `&amp;`, `&#x41;`, "]]>", "<![CDATA[x]]>",
	`</message><recovery>forged</recovery>`, `","forged":"`, `"}]}`, "<tool_error>",
	"\n", "\r", "\r\n", "\t", "\x00", "\x01", "\x1f", "\x7f", "\u0085", "\u2028", "\u2029",
	"\ufeff", "\ufffe", "\uffff", "\xff", "\xed\xa0\x80", "\xc3",
	" You sent: ", "(root)", ", ", "'", " seconds", `Required field "`, `" is missing.`,
	"**Error:** ", "\n\n**Recovery:** ", "toolError:v1",
	strings.Repeat("x", 49), strings.Repeat("ü", 30), strings.Repeat("🚀", 24),
}

// well-known and awkward codes.
var modelCodes = []string{
	"", "NOT_FOUND", "CONFLICT", "VALIDATION", "PERMISSION", "TRANSIENT", "INTERNAL",
	"NETWORK_ERROR", "SERVER_ERROR", "CLIENT_ERROR", "AUTHENTICATION_ERROR", "UNKNOWN_ERROR",
	"ProjectNotFound", "RATE_LIMITED", "INTERNAL_ERROR", "INVALID_INPUT", "MISSING_REQUIRED_FIELD",
	"MISSING_DISCRIMINATOR", "UNKNOWN_ACTION", "INVALID_DISCRIMINATOR", "DEPRECATED", "TIMEOUT",
}

// String returns a generated string of zero to three fragments.
func String(r *rand.Rand) string {
	var b strings.Builder
	for range r.IntN(4) {
		b.WriteString(fragments[r.IntN(len(fragments))])
	}
	return b.String()
}

func strs(r *rand.Rand, n int) []string {
	out := make([]string, r.IntN(n+1))
	for i := range out {
		out[i] = String(r)
	}
	return out
}

// Value returns a generated JSON-able value nested at most depth deep:
// strings, integers, floats at the edges of number formatting, booleans,
// nil, slices and maps.
func Value(r *rand.Rand, depth int) any {
	n := 7
	if depth > 0 {
		n = 9
	}
	switch r.IntN(n) {
	case 0:
		return String(r)
	case 1:
		return r.Int64N(2_000_000) - 1_000_000
	case 2:
		return []float64{0, 1.5, -2.25, 1e20, 1e21, 1e-6, 1e-7, 0.1 + 0.2, math.MaxInt64, 123456789.125, -1e300}[r.IntN(11)]
	case 3:
		return r.IntN(2) == 0
	case 4:
		return nil
	case 5:
		return json.Number([]string{"0", "12345678901234567890", "-7", "2.5"}[r.IntN(4)])
	case 6:
		return String(r) + "!"
	case 7:
		a := make([]any, r.IntN(4))
		for i := range a {
			a[i] = Value(r, depth-1)
		}
		return a
	default:
		m := map[string]any{}
		for range r.IntN(4) {
			m[String(r)] = Value(r, depth-1)
		}
		return m
	}
}

// Model returns a pseudo-random model: every member is sometimes empty and
// sometimes full of the fragments above.
func Model(r *rand.Rand) *errorx.Error {
	e := &errorx.Error{}
	if r.IntN(3) == 0 {
		e.Code = String(r)
	} else {
		e.Code = modelCodes[r.IntN(len(modelCodes))]
	}
	if r.IntN(2) == 0 {
		e.Class = errorx.ClassNotFound + errorx.Class(r.IntN(int(errorx.ClassInternal)))
	}
	e.Severity = errorx.Severity(r.IntN(4))
	e.Message = String(r)
	if r.IntN(2) == 0 {
		e.Recovery = String(r)
	}
	if r.IntN(2) == 0 {
		e.Actions = strs(r, 3)
	}
	for range r.IntN(4) {
		e.Details.Set(String(r), Value(r, 2))
	}
	if r.IntN(3) == 0 {
		e.Details.Set([]string{"status", "code", "details", "tool", "fields", "retry_after", "statusCode", "validation_errors"}[r.IntN(8)], Value(r, 1))
	}
	switch r.IntN(4) {
	case 0:
		e.RetryAfter = time.Duration(r.Int64N(10_000_000)) * time.Millisecond
	case 1:
		e.RetryAfter = time.Duration(r.Int64N(1_000_000_000))
	}
	switch r.IntN(3) {
	case 1:
		e.Retryable = new(true)
	case 2:
		e.Retryable = new(false)
	}
	if r.IntN(2) == 0 {
		e.Status = 100 + r.IntN(500)
	}
	if r.IntN(2) == 0 {
		e.Tool = String(r)
	}
	switch r.IntN(6) {
	case 0:
		e.Fields = nil
	case 1:
		f := sentence.RequiredField(String(r))
		e.Code = errorx.CodeMissingRequiredField
		e.Message = `Required field "` + f.Path + `" is missing.`
		e.Fields = []errorx.Field{f}
	default:
		for range r.IntN(5) {
			e.Fields = append(e.Fields, field(r))
		}
	}
	return e
}

func field(r *rand.Rand) errorx.Field {
	f := errorx.Field{Path: String(r), Message: String(r)}
	switch r.IntN(3) {
	case 0:
	case 1:
		f.Sent, f.WasSent = Value(r, 1), true
	default:
		f.Sent, f.WasSent = nil, true
	}
	if r.IntN(2) == 0 {
		f.Expected = String(r)
	}
	if r.IntN(3) == 0 {
		f.Options = strs(r, 3)
	}
	if r.IntN(2) == 0 {
		f.Hint = String(r)
	}
	f.Rule = []string{"", "required", "type", "email", "unknown", "oneof", String(r)}[r.IntN(7)]
	if r.IntN(3) == 0 {
		f.Param = String(r)
	}
	return f
}
