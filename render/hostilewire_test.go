package render_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/mcperr/mcperr/internal/testsize"
	"github.com/mcperr/mcperr/render"
)

// A hostile server's results: each wire shape repeats a unit n times where
// a reader could do more than linear work (an entity without its ';', an
// escape, a nested value, a field, a line with no end), inside a result
// every decoder looks at.

// textWire returns an error result holding one text block.
func textWire(text string) *render.Result { return errorResult(text) }

// jsonString returns s as a JSON string literal.
func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// A hostileWire is one shape: wire(n) builds a result whose size grows
// linearly with n, and n is the size of the smaller result of its series
// in the default run (some hundred KiB).
type hostileWire struct {
	name string
	n    int
	wire func(n int) *render.Result
}

// hostileWires are the shapes, by dialect.
var hostileWires = []hostileWire{
	{"xml/ampersands without a semicolon", 10000, func(n int) *render.Result {
		return textWire(`<tool_error code="X"><message>` + strings.Repeat("a & b ", n) + `</message></tool_error>`)
	}},
	{"xml/ampersands in an attribute", 15000, func(n int) *render.Result {
		return textWire(`<tool_error code="` + strings.Repeat("a&b ", n) + `"><message>m</message></tool_error>`)
	}},
	{"xml/entities", 5000, func(n int) *render.Result {
		return textWire(`<tool_error code="X"><message>` + strings.Repeat("&amp;&lt;&#x41;&#65;&bogus;", n) + `</message></tool_error>`)
	}},
	{"xml/text runs, CDATA and comments", 4000, func(n int) *render.Result {
		return textWire(`<tool_error code="X"><message>` + strings.Repeat("a<![CDATA[<b>]]>c<!-- d -->&amp;", n) + `</message></tool_error>`)
	}},
	{"xml/many fields", 2000, func(n int) *render.Result {
		return textWire(`<validation_error action="t">` + strings.Repeat(`<field name="a.b">Bad. You sent: 'x &amp; y'. Expected: z.</field>`, n) + `<recovery>r</recovery></validation_error>`)
	}},
	{"xml/many actions and details", 2000, func(n int) *render.Result {
		return textWire(`<tool_error code="X"><message>m</message><available_actions>` + strings.Repeat(`<action>a&amp;b</action>`, n) +
			`</available_actions><details>` + strings.Repeat(`<detail key="k&lt;">v</detail>`, n) + `</details></tool_error>`)
	}},
	{"xml/unclosed nesting", 40000, func(n int) *render.Result {
		return textWire(`<tool_error>` + strings.Repeat("<a>", n))
	}},
	{"interbase/escapes", 4000, func(n int) *render.Result {
		return textWire(`{"type":"X","message":"` + strings.Repeat(`\n\"\u00e9\ud83d\ude00\ud800`, n) + `","recoverable":false}`)
	}},
	{"interbase/invalid UTF-8", 12000, func(n int) *render.Result {
		return textWire(`{"type":"X","message":"` + strings.Repeat("a\xff\xfe\xc3", n) + `","recoverable":false}`)
	}},
	{"interbase/deep data", 0, func(n int) *render.Result {
		depth := min(n, maxDeepWire) // JSON nested deeper is valid for no reader
		return textWire(`{"type":"X","message":"m","recoverable":false,"data":{"d":` + strings.Repeat(`{"a":[`, depth) + `1` + strings.Repeat(`]}`, depth) + `}}`)
	}},
	{"interbase/many data members", 8000, func(n int) *render.Result {
		var b strings.Builder
		for i := range n {
			b.WriteString(`,"k` + strconv.Itoa(i) + `":"v"`)
		}
		return textWire(`{"type":"X","message":"m","recoverable":false,"data":{"a":1` + b.String() + `}}`)
	}},
	{"contract/fields with unusual keys", 2000, func(n int) *render.Result {
		return textWire(`{"code":"X","message":"m","details":{"fields":[{"path":"a"}` + strings.Repeat(`,{"PATH":"a","Sent":[1,"x"],"OPTIONS":["a",null]}`, n) + `]},"recoverable":false}`)
	}},
	{"envelope/validation_errors", 1000, func(n int) *render.Result {
		var b strings.Builder
		for i := range n {
			b.WriteString(`,"f` + strconv.Itoa(i) + `":{"value":"x","message":"m","required":false,"options":["a","b"]}`)
		}
		return textWire(`{"success":false,"error":"e","message":"m","details":{"validation_errors":{"f":{"value":null,"message":"m","required":true}` + b.String() + `}}}`)
	}},
	{"toolerror/structuredContent escapes", 8000, func(n int) *render.Result {
		res := textWire("x")
		res.StructuredContent = json.RawMessage(`{"kind":"toolError:v1","code":"X","message":` + jsonString(strings.Repeat("\n\"é\u2028<", n)) + `,"retryable":false,"details":{}}`)
		return res
	}},
	{"toolerror/markdown alone", 30000, func(n int) *render.Result {
		return textWire("**Error:** " + strings.Repeat("x\n\n*", n))
	}},
	{"needsinput/one path many times", 5000, func(n int) *render.Result {
		res := textWire("x")
		res.IsError = false
		res.StructuredContent = json.RawMessage(`{"kind":"needsInput:v1","type":"elicitation","message":"m","needsInput":{"fields":["a"` +
			strings.Repeat(`,"a"`, n) + `],"reason":"r","suggestions":{"a":["x"` + strings.Repeat(`,"y"`, n) + `]` + strings.Repeat(`,"a":["z"]`, n) + `}}}`)
		return res
	}},
	{"needsinput/many paths", 2000, func(n int) *render.Result {
		res := textWire("x")
		res.IsError = false
		var fields, sugg strings.Builder
		for i := range n {
			p := strconv.Itoa(i)
			fields.WriteString(`,"p` + p + `"`)
			sugg.WriteString(`,"p` + p + `":["s"]`)
		}
		res.StructuredContent = json.RawMessage(`{"kind":"needsInput:v1","type":"elicitation","message":"m","needsInput":{"fields":["a"` +
			fields.String() + `],"reason":"r","suggestions":{"a":["x"]` + sugg.String() + `}}}`)
		return res
	}},
	{"plain/long lines", 5000, func(n int) *render.Result {
		res := textWire(strings.Repeat("not any dialect & <b> {", n))
		res.Content = append(res.Content, render.Text{Text: strings.Repeat("{\"", n)})
		return res
	}},
}

// maxDeepWire bounds the depth of "interbase/deep data": two levels a unit,
// within jsonw.MaxNesting (10,000) at 8 times the size.
const maxDeepWire = 4800

// TestDecodeHostileWireLinear: render.Decode, which tries every dialect's
// decoder on a result, reads each hostile shape in time and bytes linear
// in its size (the xml reader looked for the ';' of every '&' to the end
// of the text: 1 MiB took 7.7 s, 2 MiB 32 s). A shape too small to
// allocate much is decoded four times a run.
func TestDecodeHostileWireLinear(t *testing.T) {
	for _, w := range hostileWires {
		t.Run(w.name, func(t *testing.T) {
			n, reps := testsize.N(w.n, 2*w.n), 1
			if w.name == "interbase/deep data" {
				n, reps = maxDeepWire/8, 4
			}
			small, large := w.wire(n), w.wire(8*n)
			decode := func(res *render.Result) func() {
				return func() {
					for range reps {
						render.Decode(res)
					}
				}
			}
			testsize.Linear(t, "Decode", decode(small), decode(large))
		})
	}
}
