package render_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/render"
	"github.com/mcperr/mcperr/render/rendertest"
)

// wireCheck renders e in every dialect, checks that a client can parse the
// result (mcp.ParseCallToolResult decodes numbers as float64) and that the
// round trip gives the projection; it returns each dialect's first text block
// and, for toolerror, its structuredContent.
func wireCheck(t *testing.T, e *errorx.Error) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, d := range dialects() {
		if err := rendertest.Check(d, e, nil); err != nil {
			t.Errorf("%s: %v", d.Name(), err)
		}
		res := d.Render(e)
		b, err := json.Marshal(res)
		if err != nil {
			t.Fatalf("%s: marshal result: %v", d.Name(), err)
		}
		var raw json.RawMessage = b
		if _, err := mcp.ParseCallToolResult(&raw); err != nil {
			t.Errorf("%s: ParseCallToolResult: %v\n%s", d.Name(), err, b)
		}
		out[d.Name()] = textOf(t, res, 0)
		if d.Name() == render.NameToolError {
			out["structured"] = string(structuredOf(t, res))
		}
	}
	return out
}

func TestHugeNumberIsAString(t *testing.T) {
	for _, lit := range []string{"1e400", "-1E+400", "2e308"} {
		e := errorx.New(errorx.CodeInvalidInput, "bad").
			WithDetail("n", json.Number(lit)).
			WithDetail("raw", json.RawMessage(`{"x":`+lit+`}`)).
			WithFields(errorx.Field{Path: "x", Sent: json.Number(lit), WasSent: true, Message: "too big"})
		out := wireCheck(t, e)
		for _, name := range []string{render.NameInterbase, "structured", render.NameContract, render.NameEnvelope} {
			if !strings.Contains(out[name], `"`+lit+`"`) {
				t.Errorf("%s: %s not written as a string:\n%s", name, lit, out[name])
			}
		}
		if want := "You sent: " + lit + "."; !strings.Contains(out[render.NameXML], want) {
			t.Errorf("xml: want %q in\n%s", want, out[render.NameXML])
		}
	}
	// Small ones stay numbers.
	out := wireCheck(t, errorx.New(errorx.CodeInvalidInput, "bad").WithDetail("n", json.Number("1e-400")))
	if !strings.Contains(out[render.NameInterbase], `"n":1e-400`) {
		t.Errorf("interbase: %s", out[render.NameInterbase])
	}
}

func TestNestedDetails(t *testing.T) {
	inner := errorx.DetailsOf(errorx.Detail{Key: "b", Value: 1}, errorx.Detail{Key: "a", Value: 2})
	e := errorx.New(errorx.CodeInvalidInput, "bad").WithDetail("inner", inner).
		WithFields(errorx.Field{Path: "x", Sent: inner, WasSent: true, Message: "no"})
	out := wireCheck(t, e)
	for name, want := range map[string]string{
		render.NameInterbase: `"inner":{"a":2,"b":1}`, // sorted at every level
		render.NameEnvelope:  `"inner":{"a":2,"b":1}`,
		"structured":         `"inner":{"b":1,"a":2}`,
		render.NameContract:  `"inner":{"b":1,"a":2}`,
		render.NameXML:       `{"b":1,"a":2}`,
	} {
		if !strings.Contains(out[name], want) {
			t.Errorf("%s: want %s in\n%s", name, want, out[name])
		}
	}
	if want := `You sent: {"b":1,"a":2}.`; !strings.Contains(out[render.NameXML], want) {
		t.Errorf("xml: want %s in\n%s", want, out[render.NameXML])
	}
	b, err := json.Marshal(e)
	if err != nil || !strings.Contains(string(b), `"details":{"inner":{"b":1,"a":2}}`) {
		t.Errorf("model JSON: %s %v", b, err)
	}
	var d errorx.Details
	if err := json.Unmarshal([]byte(`{"z":1,"a":{"y":2,"b":3}}`), &d); err != nil {
		t.Fatal(err)
	}
	if b, _ := json.Marshal(d); string(b) != `{"z":1,"a":{"b":3,"y":2}}` {
		t.Errorf("Details round trip: %s", b)
	}
	if b, _ := json.Marshal(inner); string(b) != `{"b":1,"a":2}` {
		t.Errorf("Details.MarshalJSON: %s", b)
	}
}
