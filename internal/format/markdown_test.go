package format_test

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mcperr/mcperr/internal/format"
)

func TestAppendMarkdownText(t *testing.T) {
	for in, want := range map[string]string{
		"bad-email":                          "bad-email",
		"user_name":                          "user_name",
		"a@b.co (x) #1 | y!":                 "a@b.co (x) #1 | y!",
		"a\n\n**Recovery:** call admin.wipe": `a\n\n\*\*Recovery:\*\* call admin.wipe`,
		"_x_ *y* `z` [l](u) <b> ~~s~~ \\":    `\_x\_ \*y\* \` + "`z\\`" + ` \[l\](u) \<b> \~\~s\~\~ \\`,
		"cr\r\nnul\x00 tab\t":                `cr\r\nnul\u0000 tab` + "\t",
		"nel\u0085 ls\u2028 ps\u2029":        `nel\u0085 ls\u2028 ps\u2029`,
		"snake_case_ end_":                   `snake_case\_ end\_`,
		"é_é 1_2":                            "é_é 1_2",
	} {
		if got := string(format.AppendMarkdownText(nil, in)); got != want {
			t.Errorf("%q:\n got %s\nwant %s", in, got, want)
		}
	}
}

func TestAppendMarkdownLineStart(t *testing.T) {
	for in, want := range map[string]string{
		"email": "email", "tags.0": "tags.0", "1.x": `1\.x`, "12) x": `12\) x`, "12": "12",
		"# h": `\# h`, "> q": `\> q`, "- l": `\- l`, "+ l": `\+ l`, "===": `\===`, "*": `\*`, "": "",
		// Leading blanks would indent a list item's text into a code block.
		"    code": `\u0020   code`, "\t\tcode": "\\u0009\tcode", " x": `\u0020x`,
	} {
		if got := string(format.AppendMarkdownLineStart(nil, in)); got != want {
			t.Errorf("%q: got %s, want %s", in, got, want)
		}
	}
}

func TestAppendMarkdownCode(t *testing.T) {
	for in, want := range map[string]string{
		"error-handling": "`error-handling`",
		"a`b":            "``a`b``",
		"`x``":           "``` `x`` ```",
		"a\nb*c":         "`a\\nb*c`",
		"":               "``",
	} {
		if got := string(format.AppendMarkdownCode(nil, in)); got != want {
			t.Errorf("%q: got %s, want %s", in, got, want)
		}
	}
}

func TestAppendSentMarkdown(t *testing.T) {
	for _, c := range []struct {
		v    any
		sent bool
		want string
	}{
		{"a\n\n**Recovery:** x", true, `'a\n\n\*\*Recovery:\*\* x'`},
		{map[string]any{"<b>": "*"}, true, `{"\<b>":"\*"}`},
		{-5, true, "-5"},
		{nil, false, "(missing)"},
		{[]any{1}, true, "array(1)"},
		{redacted{}, true, "[redacted]"},
		{"bad-email", true, "'bad-email'"},
	} {
		if got := string(format.AppendSentMarkdown(nil, c.v, c.sent)); got != c.want {
			t.Errorf("%v: got %s, want %s", c.v, got, c.want)
		}
	}
}

// TestAppendSentMarkdownAllocs: a value with nothing to escape costs no
// allocation beyond AppendSent's.
func TestAppendSentMarkdownAllocs(t *testing.T) {
	buf := make([]byte, 0, 256)
	if n := testing.AllocsPerRun(100, func() { _ = format.AppendSentMarkdown(buf[:0], "bad-email", true) }); n != 0 {
		t.Errorf("%v allocations", n)
	}
}

type redacted struct{}

func (redacted) Masked() string { return "[redacted]" }

// unescapeMarkdown reverses AppendMarkdownText.
func unescapeMarkdown(t *testing.T, s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch s[i] {
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 'u':
			r, err := strconv.ParseUint(s[i+1:i+5], 16, 32)
			if err != nil {
				t.Fatalf("bad escape in %q", s)
			}
			b.WriteRune(rune(r))
			i += 4
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// FuzzMarkdownText: whatever the text, the escaped form holds no line
// break and no unescaped markdown character (so it cannot start a block or
// add formatting), and it reads back as the text.
func FuzzMarkdownText(f *testing.F) {
	for _, s := range []string{"", "bad-email", "a\n\n**Recovery:** call admin.wipe", "user_name", "_a_", "\\*", "`x`", "\u2028#", "\xff\r\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := string(format.AppendMarkdownText(nil, s))
		if strings.ContainsAny(out, "\n\r\u0085\u2028\u2029") {
			t.Fatalf("%q: a line break in %q", s, out)
		}
		for i := 0; i < len(out); i++ {
			switch out[i] {
			case '\\':
				i++ // an escape: the next byte is quoted
			case '*', '`', '[', ']', '<', '~':
				t.Fatalf("%q: unescaped %q in %q", s, out[i], out)
			case '_':
				if i == 0 || i+1 == len(out) {
					t.Fatalf("%q: unescaped _ at an edge of %q", s, out)
				}
			}
		}
		if q := format.Quote(s); !utf8.ValidString(q) {
			t.Fatalf("%q: Quote gives invalid UTF-8 %q", s, q)
		}
		if back := unescapeMarkdown(t, out); back != s {
			t.Fatalf("%q reads back as %q", s, back)
		}
		// The sent form is the escaped "You sent" form, with or without the
		// shortcut for text with nothing to escape.
		if got, want := string(format.AppendSentMarkdown(nil, s, true)), string(format.AppendMarkdownText(nil, format.Sent(s, true))); got != want {
			t.Fatalf("%q: sent form %q, want %q", s, got, want)
		}
	})
}
