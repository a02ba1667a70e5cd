package format_test

import (
	"encoding/json"
	"encoding/xml"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/internal/format"
)

func TestXMLTextLikeFusion(t *testing.T) {
	for in, want := range map[string]string{
		`a<b & c>d "dq" 'sq'`:    `a&lt;b &amp; c>d "dq" 'sq'`, // the reference's own example
		"&amp;":                  "&amp;amp;",                  // no entity awareness, as Fusion
		"tab\tnl\n":              "tab\tnl\n",
		"]]>":                    "]]&gt;",   // forbidden in content: escaped
		"]>":                     "]>",       // harmless: left raw
		"a]]]>":                  "a]]]&gt;", // the sequence ends here
		"cr\r":                   "cr&#xD;",  // would become \n
		"nul\x00\x01\x1f":        "nul\uFFFD\uFFFD\uFFFD",
		"\ufffe\uffff\U0001F680": "\uFFFD\uFFFD\U0001F680",
		"bad\xff\xc3":            "bad\uFFFD\uFFFD",
		"\u2028 é \u0085":        "\u2028 é \u0085", // allowed in XML 1.0
	} {
		assert.Equal(t, want, string(format.AppendXMLText(nil, in)), "AppendXMLText(%q)", in)
	}
}

func TestXMLAttrLikeFusion(t *testing.T) {
	for in, want := range map[string]string{
		`a<b & c>d "dq" 'sq'`: `a&lt;b &amp; c&gt;d &quot;dq&quot; &apos;sq&apos;`, // the reference's own example
		"LINE1\nLINE2\t\"x\"": "LINE1&#xA;LINE2&#x9;&quot;x&quot;",                 // Fusion leaves \n and \t raw
		"cr\r":                "cr&#xD;",
		"\x00\ufffe\xff":      "\uFFFD\uFFFD\uFFFD",
	} {
		assert.Equal(t, want, string(format.AppendXMLAttr(nil, in)), "AppendXMLAttr(%q)", in)
	}
}

// xmlSafe is s as XML can hold it: forbidden characters and invalid UTF-8
// as U+FFFD.
func xmlSafe(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && n == 1) || (r < 0x20 && r != '\t' && r != '\n' && r != '\r') || r == 0xFFFE || r == 0xFFFF {
			b.WriteString("\uFFFD")
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// TestXMLRoundTripsThroughEncodingXML: for 20,000 random strings, a
// document with the string escaped as content and as an attribute is
// well-formed to encoding/xml in strict mode and reads back as the string
// (with forbidden characters as U+FFFD) — no lost carriage returns, no
// normalised attribute whitespace.
func TestXMLRoundTripsThroughEncodingXML(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	pieces := []string{"<", ">", "&", `"`, "'", "]]>", "]", "\r", "\n", "\t", "\r\n", "\x00", "\x1f", "\xff", "é", "🚀", "\ufffe", "&amp;", "a", " "}
	for range 20_000 {
		var sb strings.Builder
		for range r.IntN(8) {
			sb.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := sb.String()
		doc := "<e a=\"" + string(format.AppendXMLAttr(nil, s)) + "\">" + string(format.AppendXMLText(nil, s)) + "</e>"
		var v struct {
			A    string `xml:"a,attr"`
			Text string `xml:",chardata"`
		}
		d := xml.NewDecoder(strings.NewReader(doc))
		d.Strict = true
		require.NoError(t, d.Decode(&v), "%q: not well-formed\n%s", s, doc)
		want := xmlSafe(s)
		require.Equal(t, want, v.A, "%q: attribute", s)
		require.Equal(t, want, v.Text, "%q: text", s)
	}
}

var point1, point2 = 0.1, 0.2

func TestSent(t *testing.T) {
	long := strings.Repeat("a", 100)
	for _, c := range []struct {
		v    any
		sent bool
		want string
	}{
		{nil, false, "(missing)"},
		{"x", false, "(missing)"},
		{nil, true, "null"},
		{"bad-email", true, "'bad-email'"},
		{"it's\n\"raw\"", true, "'it's\n\"raw\"'"},                           // no inner escaping
		{strings.Repeat("b", 50), true, "'" + strings.Repeat("b", 50) + "'"}, // exactly 50: not cut
		{long, true, "'" + strings.Repeat("a", 47) + "...'"},
		{strings.Repeat("a", 46) + "🚀🚀🚀", true, "'" + strings.Repeat("a", 46) + "...'"}, // never split the emoji at unit 47
		{strings.Repeat("🚀", 25), true, "'" + strings.Repeat("🚀", 25) + "'"},            // 50 units
		{strings.Repeat("🚀", 26), true, "'" + strings.Repeat("🚀", 23) + "...'"},         // 46 units kept
		{10, true, "10"},
		{int64(-7), true, "-7"},
		{uint8(200), true, "200"},
		{1.5, true, "1.5"},
		{1e21, true, "1e+21"},
		{1e20, true, "100000000000000000000"},
		{1e-7, true, "1e-7"},
		{point1 + point2, true, "0.30000000000000004"},
		{math.Copysign(0, -1), true, "0"},
		{math.NaN(), true, "NaN"},
		{json.Number("12345678901234567890"), true, "12345678901234567890"},
		{json.Number("2.50"), true, "2.5"},
		{json.Number("1e-400"), true, "1e-400"}, // not 0: a float64 cannot hold it, the literal says it
		{json.Number("-2.5E-999"), true, "-2.5E-999"},
		{json.Number("0.000e-400"), true, "0"},
		{true, true, "true"},
		{[]any{1, 2, 3}, true, "array(3)"},
		{[]string{}, true, "array(0)"},
		{[2]int{}, true, "array(2)"},
		{map[string]any{"first": "Alexander", "last": "Hamilton-Washington", "x": 1}, true, `{"first":"Alexander","last":"Hamilton-Washington",`},
		{struct{ A string }{"<&>"}, true, `{"A":"<&>"}`},
		{json.RawMessage(`[1,2]`), true, "array(2)"},
		{(*int)(nil), true, "null"},
	} {
		assert.Equal(t, c.want, format.Sent(c.v, c.sent), "Sent(%#v, %v)", c.v, c.sent)
	}
}

func TestJSNumber(t *testing.T) {
	for f, want := range map[float64]string{
		30: "30", 1.5: "1.5", 86400: "86400", 1e20: "100000000000000000000", 1e21: "1e+21",
		1e-6: "0.000001", 1e-7: "1e-7", 5e-7: "5e-7", 1.5e21: "1.5e+21", math.Inf(1): "Infinity", math.Inf(-1): "-Infinity",
	} {
		assert.Equal(t, want, string(format.AppendJSNumber(nil, f)), "AppendJSNumber(%v)", f)
	}
}

func TestJSONAppenders(t *testing.T) {
	s := "<a>\u2028"
	want, err := json.Marshal(s)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(format.AppendJSONString(nil, s, format.GoJSON)), "GoJSON")
	assert.Equal(t, `"<a>\u2028"`, string(format.AppendJSONString(nil, s, format.GoJSONNoHTML)), "GoJSONNoHTML")
	assert.Equal(t, "\"<a>\u2028\"", string(format.AppendJSONString(nil, s, format.JSJSON)), "JSJSON")
	assert.Equal(t, `"NaN"`, string(format.AppendJSONFloat(nil, math.NaN(), format.GoJSON)), "NaN")
	got := string(format.AppendJSONValue(nil, map[string]any{"b": 1, "a": make(chan int)}, format.GoJSON))
	assert.True(t, json.Valid([]byte(got)), "AppendJSONValue: %s", got)
	assert.True(t, strings.HasPrefix(got, `{"a":"!ERROR:`), "AppendJSONValue: %s", got)
}
