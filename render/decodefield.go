package render

import (
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/format"
)

// sentMark separates a Fusion field line's message from the sent value.
const sentMark = " You sent: "

// sentWindow bounds, in bytes, how far a printed sent value may reach: at
// most 52 UTF-16 units (a quoted string cut to 47 units and "..."), up to 4
// bytes each. It keeps reading a line linear in its length.
const sentWindow = 4 * (format.SentMaxString + 3)

// ReadFusionField reads one <field name="NAME">TEXT</field> line of an MCP
// Fusion validation error: the field's path is NAME ("(root)" is the empty
// path), and TEXT, "MESSAGE You sent: SENT." or "MESSAGE You sent: SENT.
// HINT", is split into the message, the sent value and the hint (whatever
// Fusion wrote after it: "Expected: …", "Valid options: …", a suggestion).
//
// SENT is read back as a value exactly where the printed form is
// unambiguous: (missing) is nothing sent, null, true, false, a number, and
// a quoted string under the 50-character cut. Anything else (array(3), an
// object's cut JSON, a cut string) is kept as its printed form, a SentText.
// Either way, rendering the field again gives TEXT back byte for byte. The
// split is at the first " You sent: " followed by such a value, else at the
// first followed by any printed form; a text without one is all message.
func readFusionField(name, text string) errorx.Field {
	path := name
	if path == "(root)" {
		path = ""
	}
	for _, exactOnly := range []bool{true, false} {
		for at := 0; ; {
			i := strings.Index(text[at:], sentMark)
			if i < 0 {
				break
			}
			i += at
			rest := text[i+len(sentMark):]
			if v, sent, n, exact := readSent(rest); n > 0 && (exact || !exactOnly) {
				f := errorx.Field{Path: path, Message: text[:i], Sent: v, WasSent: sent}
				if n+1 < len(rest) {
					f.Hint = rest[n+2:]
				}
				return f
			}
			at = i + 1
		}
	}
	return errorx.Field{Path: path, Message: text}
}

// sentEnd reports whether a printed value may end at rest[n]: a '.' that
// ends the line, or is followed by a space and a hint.
func sentEnd(rest string, n int) bool {
	if n <= 0 || n >= len(rest) || rest[n] != '.' {
		return false
	}
	return n+1 == len(rest) || rest[n+1] == ' ' && n+2 < len(rest)
}

// readSent reads the printed value at the start of rest, which must be
// followed by a sentEnd. It returns the value, whether anything was sent,
// the printed form's length (0 when there is none) and whether the value
// is exact rather than a SentText.
func readSent(rest string) (v any, sent bool, n int, exact bool) {
	for _, lit := range []struct {
		text string
		v    any
		sent bool
	}{{"(missing)", nil, false}, {"null", nil, true}, {"true", true, true}, {"false", false, true}} {
		if strings.HasPrefix(rest, lit.text) && sentEnd(rest, len(lit.text)) {
			return lit.v, lit.sent, len(lit.text), true
		}
	}
	window := rest[:min(len(rest), sentWindow)]
	if n := numberPrefix(window); sentEnd(rest, n) {
		num := json.Number(rest[:n])
		if format.Sent(num, true) == string(num) {
			return num, true, n, true
		}
		return format.SentText(num), true, n, false
	}
	switch {
	case strings.HasPrefix(window, "'"):
		for q := 1; q < len(window); q++ {
			if window[q] != '\'' || !sentEnd(rest, q+1) {
				continue
			}
			s := rest[1:q]
			if utf8.ValidString(s) && format.Sent(s, true) == rest[:q+1] &&
				!(strings.HasSuffix(s, "...") && utf16Len(s) == format.SentMaxString) {
				return s, true, q + 1, true
			}
			return format.SentText(rest[:q+1]), true, q + 1, false
		}
	case strings.HasPrefix(window, "{"):
		// An object's JSON, cut at 50 units: prefer the end that closes it
		// or makes it exactly 50 units long.
		first, units := 0, 0
		for d := 1; d < len(window); d++ {
			units += utf16Units(window[d-1])
			if !sentEnd(rest, d) {
				continue
			}
			if first == 0 {
				first = d
			}
			if window[d-1] == '}' || units == format.SentMaxObject {
				return format.SentText(rest[:d]), true, d, false
			}
		}
		if first > 0 {
			return format.SentText(rest[:first]), true, first, false
		}
		return nil, false, 0, false
	}
	for d := 1; d < len(window); d++ {
		if sentEnd(rest, d) {
			return format.SentText(rest[:d]), true, d, false
		}
	}
	return nil, false, 0, false
}

// numberPrefix returns the length of the JSON number at the start of s, or
// 0.
func numberPrefix(s string) int {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	digits := func() int {
		start := i
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
		}
		return i - start
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case digits() == 0:
		return 0
	}
	if i+1 < len(s) && s[i] == '.' && '0' <= s[i+1] && s[i+1] <= '9' {
		i++
		digits()
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			i = j
		}
	}
	return i
}

// utf16Len counts the UTF-16 code units of s, as JavaScript measures a
// string.
func utf16Len(s string) int {
	n := 0
	for i := range len(s) {
		n += utf16Units(s[i])
	}
	return n
}

// utf16Units is the number of UTF-16 code units the character that byte b
// of valid UTF-8 starts takes: 0 for a continuation byte, 2 for the lead
// byte of a character beyond the BMP, else 1.
func utf16Units(b byte) int {
	switch {
	case b&0xC0 == 0x80:
		return 0
	case b >= 0xF0:
		return 2
	}
	return 1
}
