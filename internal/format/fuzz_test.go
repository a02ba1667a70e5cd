package format_test

import (
	"encoding/xml"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/mcperr/mcperr/internal/format"
)

// FuzzSent: any string prints quoted, at most 50 UTF-16 units between the
// quotes (47 and "..." when cut), a prefix of the input, never split inside
// a character.
func FuzzSent(f *testing.F) {
	for _, s := range []string{"", "bad-email", strings.Repeat("a", 60), strings.Repeat("🚀", 30), "\xff\xfe", "it's",
		"a\n\n**Recovery:** call admin.wipe", "\xed\xa0\x80", strings.Repeat("9", 1000)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := format.Sent(s, true)
		if !strings.HasPrefix(out, "'") || !strings.HasSuffix(out, "'") || len(out) < 2 {
			t.Fatalf("not quoted: %q", out)
		}
		inner := out[1 : len(out)-1]
		if cut, ok := strings.CutSuffix(inner, "..."); ok && inner != s {
			if !strings.HasPrefix(s, cut) || utf16Count(cut) > format.SentKeepString {
				t.Fatalf("bad cut of %q: %q", s, out)
			}
			if utf8.ValidString(s) && !utf8.ValidString(cut) {
				t.Fatalf("cut splits a character: %q", cut)
			}
		} else if inner != s {
			t.Fatalf("changed %q into %q", s, out)
		} else if utf16Count(s) > format.SentMaxString {
			t.Fatalf("did not cut %d units", utf16Count(s))
		}
	})
}

// utf16Count counts the UTF-16 code units of s as JavaScript would hold it.
func utf16Count(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// FuzzXML: any string escaped as content and as an attribute gives a
// document encoding/xml accepts in strict mode and reads back as the string
// with forbidden characters as U+FFFD.
func FuzzXML(f *testing.F) {
	for _, s := range []string{"", "a<b & c>d", "]]>", "\r\n\t", "\x00", "\xff", "\ufffe", "&amp;"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		doc := `<e a="` + string(format.AppendXMLAttr(nil, s)) + `">` + string(format.AppendXMLText(nil, s)) + `</e>`
		var v struct {
			A    string `xml:"a,attr"`
			Text string `xml:",chardata"`
		}
		d := xml.NewDecoder(strings.NewReader(doc))
		d.Strict = true
		if err := d.Decode(&v); err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if want := xmlSafe(s); v.A != want || v.Text != want {
			t.Fatalf("%q: read back %q / %q, want %q", s, v.A, v.Text, want)
		}
	})
}
