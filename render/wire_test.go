package render_test

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/adapt"
	"github.com/mcperr/mcperr/render"
	"github.com/mcperr/mcperr/render/rendertest"
)

// wireCheck renders e in every dialect, checks that a client can parse the
// result (as clients do, numbers as float64: encoding/json into any) and that the
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
		var v any
		if err := json.Unmarshal(b, &v); err != nil {
			t.Errorf("%s: the result does not parse: %v\n%s", d.Name(), err, b)
		}
		out[d.Name()] = textOf(t, res, 0)
		if d.Name() == "toolerror" {
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
		for _, name := range []string{"interbase", "structured", "contract", "envelope"} {
			if !strings.Contains(out[name], `"`+lit+`"`) {
				t.Errorf("%s: %s not written as a string:\n%s", name, lit, out[name])
			}
		}
		if want := "You sent: " + lit + "."; !strings.Contains(out["xml"], want) {
			t.Errorf("xml: want %q in\n%s", want, out["xml"])
		}
	}
	// Small ones stay numbers.
	out := wireCheck(t, errorx.New(errorx.CodeInvalidInput, "bad").WithDetail("n", json.Number("1e-400")))
	if !strings.Contains(out["interbase"], `"n":1e-400`) {
		t.Errorf("interbase: %s", out["interbase"])
	}
}

func TestNestedDetails(t *testing.T) {
	inner := errorx.DetailsOf(errorx.Detail{Key: "b", Value: 1}, errorx.Detail{Key: "a", Value: 2})
	e := errorx.New(errorx.CodeInvalidInput, "bad").WithDetail("inner", inner).
		WithFields(errorx.Field{Path: "x", Sent: inner, WasSent: true, Message: "no"})
	out := wireCheck(t, e)
	for name, want := range map[string]string{
		"interbase":  `"inner":{"a":2,"b":1}`, // sorted at every level
		"envelope":   `"inner":{"a":2,"b":1}`,
		"structured": `"inner":{"b":1,"a":2}`,
		"contract":   `"inner":{"b":1,"a":2}`,
		"xml":        `{"b":1,"a":2}`,
	} {
		if !strings.Contains(out[name], want) {
			t.Errorf("%s: want %s in\n%s", name, want, out[name])
		}
	}
	if want := `You sent: {"b":1,"a":2}.`; !strings.Contains(out["xml"], want) {
		t.Errorf("xml: want %s in\n%s", want, out["xml"])
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

func TestNegativeZeroNumber(t *testing.T) {
	for _, lit := range []string{"-0", "-0e5", "-0.0e1", "-0.000", "-0E-3"} {
		e := errorx.New(errorx.CodeInvalidInput, "bad").
			WithDetail("z", json.Number(lit)).
			WithFields(errorx.Field{Path: "x", Sent: json.Number(lit), WasSent: true, Message: "no"})
		out := wireCheck(t, e)
		if !strings.Contains(out["structured"], `"z":0,`) || !strings.Contains(out["structured"], `"sent":0,`) {
			t.Errorf("toolerror %s: want 0:\n%s", lit, out["structured"])
		}
		if !strings.Contains(out["xml"], "You sent: 0.") {
			t.Errorf("xml %s: want You sent: 0.:\n%s", lit, out["xml"])
		}
		// The Go-style dialects keep the literal, as encoding/json does.
		if !strings.Contains(out["interbase"], `"z":`+lit) {
			t.Errorf("interbase %s: want the literal:\n%s", lit, out["interbase"])
		}
	}
	e := errorx.New(errorx.CodeNotFound, "gone").WithDetail("z", json.Number("-0")).WithDetail("raw", json.RawMessage(`[-0,-0.0]`))
	d := render.XML{}
	if s := textOf(t, d.Render(e), 0); !strings.Contains(s, `<detail key="z">0</detail>`) || !strings.Contains(s, `<detail key="raw">[0,0]</detail>`) {
		t.Errorf("xml details:\n%s", s)
	}
}

func TestEnvelopeEmptyFieldMessage(t *testing.T) {
	e := errorx.New(errorx.CodeInvalidInput, "bad").
		WithFields(errorx.Field{Path: "a", Sent: 1, WasSent: true}, errorx.Field{Path: "b", Rule: "required"})
	out := wireCheck(t, e)
	want := `"validation_errors":{"a":{"value":1,"message":"","required":false},"b":{"value":null,"message":"","required":true}}`
	if !strings.Contains(out["envelope"], want) {
		t.Errorf("envelope: want %s in\n%s", want, out["envelope"])
	}
}

func TestInterbaseRetryAfterWholeSeconds(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{1500 * time.Millisecond, `"retry_after":2`},
		{time.Nanosecond, `"retry_after":1`},
		{30 * time.Second, `"retry_after":30`},
		{30*time.Second + 1, `"retry_after":31`},
		{math.MaxInt64, `"retry_after":9223372036`},
	} {
		e := errorx.New(errorx.CodeRateLimited, "slow down").WithRetryAfter(c.d)
		out := wireCheck(t, e)
		if !strings.Contains(out["interbase"], c.want) {
			t.Errorf("%v: want %s in\n%s", c.d, c.want, out["interbase"])
		}
		got, _ := render.Decode(render.Interbase{}.Render(e))
		if got.RetryAfter < c.d && c.d < math.MaxInt64/time.Second*time.Second || got.RetryAfter%time.Second != 0 {
			t.Errorf("%v reads back as %v", c.d, got.RetryAfter)
		}
	}
}

func TestStatusOutOfRangeIsUnset(t *testing.T) {
	for _, s := range []int{1000, -1, 99, 1, 123456} {
		e := errorx.New(errorx.CodeNotFound, "gone").WithStatus(s)
		out := wireCheck(t, e)
		for name, text := range out {
			if strings.Contains(text, strconv.Itoa(s)) && strings.Contains(text, "status") {
				t.Errorf("status %d: %s writes it:\n%s", s, name, text)
			}
		}
		for _, d := range dialects() {
			got, _ := render.Decode(d.Render(e))
			if got.Status != 0 || got.Details.Len() != 0 {
				t.Errorf("status %d: %s reads back status %d, details %v", s, d.Name(), got.Status, got.Details)
			}
		}
		if code := adapt.ToolErrorCode(e); code != errorx.CodeNotFound {
			t.Errorf("status %d: toolerror code %s", s, code)
		}
		b, err := json.Marshal(e)
		if err != nil || strings.Contains(string(b), "status") {
			t.Errorf("status %d: model JSON %s %v", s, b, err)
		}
		if got := render.EffectiveStatus(e); got != 404 {
			t.Errorf("status %d: EffectiveStatus %d", s, got)
		}
	}
	for _, in := range []string{`{"status":1000}`, `{"status":-1}`, `{"status":99}`} {
		var e errorx.Error
		if err := json.Unmarshal([]byte(in), &e); err == nil {
			t.Errorf("%s: accepted", in)
		}
	}
	for _, in := range []string{`{"status":100}`, `{"status":999}`, `{"status":0}`} {
		var e errorx.Error
		if err := json.Unmarshal([]byte(in), &e); err != nil {
			t.Errorf("%s: %v", in, err)
		}
	}
}

// TestToolErrorStatusFromFiveHundredUp: toolError:v1's reference answers
// every status from 500 up, 600 included, with SERVER_ERROR and retryable
// true; mcperr follows it, and reads the reference's bytes back as a
// retryable TRANSIENT error.
func TestToolErrorStatusFromFiveHundredUp(t *testing.T) {
	for _, status := range []int{500, 599, 600, 999} {
		res := render.ToolError{}.Render(errorx.New("", "Upstream failed.").WithStatus(status))
		want := `{"kind":"toolError:v1","code":"SERVER_ERROR","message":"Upstream failed.","retryable":true,"details":{"statusCode":` + strconv.Itoa(status) + `}}`
		if got := string(res.StructuredContent); got != want {
			t.Errorf("status %d:\n got %s\nwant %s", status, got, want)
		}
		ref := `{"kind":"toolError:v1","code":"SERVER_ERROR","message":"x","retryable":true,"details":{"statusCode":` + strconv.Itoa(status) + `}}`
		e, _ := render.Decode(&render.Result{StructuredContent: []byte(ref), IsError: true})
		if e.EffectiveClass() != errorx.ClassTransient || !e.IsRetryable() || e.Retryable != nil || e.Status != status {
			t.Errorf("status %d reads back as %s, retryable %v (stated %v)", status, modelJSON(t, e), e.IsRetryable(), e.Retryable)
		}
	}
}
