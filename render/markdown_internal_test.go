package render

import (
	"strings"
	"testing"
)

// FuzzTextGuard: appendText reads back with readText, whatever the text,
// in a paragraph after the message (two spaces in) as in the message, and
// no line it writes after its first is blank or starts, past its blanks,
// with a character that would make it more than text.
func FuzzTextGuard(f *testing.F) {
	for _, s := range []string{"", "a", "a\n", "a\r", "a\r\n", "a\n\nb", "x\n- i\n1. o\n2) p\n# h\n> q\n```\n\\x\n1\\. y\n3\\\\",
		"a\u2028**Recovery:** b\u2029c\u0085d", "a\n   \n\t\n", "\n\n\n", "a\r\r\nb\n\r"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, indent := range []string{"", textIndent} {
			out := string(appendText(nil, s, indent, false))
			if back := readText(out, indent); back != s {
				t.Fatalf("%q with indent %q: wrote %q, read back %q", s, indent, out, back)
			}
			rest := out
			for first := true; ; first = false {
				end, n := lineBreak(rest)
				line := rest[:end]
				if !first && indent != "" && strings.HasPrefix(line, indent) {
					line = line[len(indent):]
				}
				last := n < 0
				if !first && !(last && line == "" && strings.HasSuffix(out, "\r")) {
					t0 := strings.TrimLeft(line, " \t")
					d := leadingDigits(t0)
					if t0 == "" || strings.IndexByte(guardedStarts[:len(guardedStarts)-1], t0[0]) >= 0 ||
						d > 0 && d < len(t0) && (t0[d] == '.' || t0[d] == ')') {
						t.Fatalf("%q with indent %q: line %q of %q reads as more than text", s, indent, line, out)
					}
				}
				if last {
					break
				}
				rest = rest[n:]
			}
		}
	})
}
