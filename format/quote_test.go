package format_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/mcperr/mcperr/format"
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
