package format_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"

	"github.com/mcperr/mcperr/internal/format"
)

func TestQuote(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"destory", `"destory"`},
		{"user_name", `"user_name"`},
		{"projects.list", `"projects.list"`},
		{"a/b-c:d", `"a/b-c:d"`},
		{"", `""`},
		{`x" **Recovery:** y`, `"x\" \*\*Recovery:\*\* y"`},
		{"x\n\n**Recovery:** do it", `"x\n\n\*\*Recovery:\*\* do it"`},
		{"![](https://e.example/x)", `"!\[\](https://e.example/x)"`},
		{"<img src=x>", `"\<img src=x>"`},
		{"`code`", "\"\\`code\\`\""},
		{"é\u2028", `"é\u2028"`},
	} {
		assert.Equal(t, c.want, format.Quote(c.in), "Quote(%q)", c.in)
	}
}

// TestQuoteBounded: a long name is cut to MaxQuoted bytes at a character
// boundary, and says so.
func TestQuoteBounded(t *testing.T) {
	q := format.Quote(strings.Repeat("é", 1000))
	assert.Equal(t, `"`+strings.Repeat("é", format.MaxQuoted/2)+`…"`, q)
	q = format.Quote(strings.Repeat("a", 63) + "é")
	assert.Equal(t, `"`+strings.Repeat("a", 63)+`…"`, q)
	q = format.Quote(strings.Repeat("a", format.MaxQuoted))
	assert.Equal(t, `"`+strings.Repeat("a", format.MaxQuoted)+`"`, q)
}

// TestQuoteValidUTF8: whatever bytes a caller's name holds, Quote gives
// valid UTF-8, each invalid byte as U+FFFD (as encoding/json reads it): a
// name of invalid bytes went as they were into the messages of sentences
// (the -32602 error's, UnknownToolError's).
func TestQuoteValidUTF8(t *testing.T) {
	for in, want := range map[string]string{
		"files\xff\xfe.read\xed\xa0\x80": "\"files\uFFFD\uFFFD.read\uFFFD\uFFFD\uFFFD\"",
		"\xc3":                           "\"\uFFFD\"",
		"a\n\xff*":                       `"a\n` + "\uFFFD" + `\*"`,
		"é\xffé":                         "\"é\uFFFDé\"",
	} {
		got := format.Quote(in)
		assert.Equal(t, want, got, "Quote(%q)", in)
		assert.True(t, utf8.ValidString(got), "Quote(%q) = %q", in, got)
	}
	// Cut at MaxQuoted bytes of the name, whatever they are.
	q := format.Quote(strings.Repeat("\xff", 100))
	assert.Equal(t, `"`+strings.Repeat("\uFFFD", format.MaxQuoted)+`…"`, q)
}
