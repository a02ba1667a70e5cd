package render_test

import (
	"encoding/json"
	"testing"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/format"
	"github.com/mcperr/mcperr/render"
)

// wireDefault is one model and the exact bytes a dialect writes for it: the
// text of its first block, and for toolerror its structuredContent.
type wireDefault struct {
	name       string
	d          render.Dialect
	model      string // the model's JSON form
	e          *errorx.Error
	text       string
	structured string
}

func (c wireDefault) check(t *testing.T) {
	t.Helper()
	e := c.e
	if e == nil {
		e = new(errorx.Error)
		if err := json.Unmarshal([]byte(c.model), e); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
	}
	res := c.d.Render(e)
	if got := textOf(t, res, 0); got != c.text {
		t.Errorf("%s: %s text\n got %s\nwant %s", c.name, c.d.Name(), got, c.text)
	}
	if c.structured != "" {
		if got := string(structuredOf(t, res)); got != c.structured {
			t.Errorf("%s: structuredContent\n got %s\nwant %s", c.name, got, c.structured)
		}
	}
	// What Decode reads back renders to the same bytes.
	back, _ := render.Decode(res)
	a, _ := json.Marshal(res)
	b, _ := json.Marshal(c.d.Render(back))
	if string(a) != string(b) {
		t.Errorf("%s: re-rendering the decoded model differs\n got %s\nwant %s", c.name, b, a)
	}
}

// TestEmptyCodeIsUnset: an empty code is never written, as a key or an
// attribute, and the class only where the wire's own code would not give it
// back (issue 14, rule 1).
func TestEmptyCodeIsUnset(t *testing.T) {
	for _, c := range []wireDefault{
		{name: "class only", d: render.Interbase{}, model: `{"class":"NOT_FOUND","message":"x"}`,
			text: `{"type":"NOT_FOUND","message":"x","recoverable":false}`},
		{name: "class only", d: render.ToolError{}, model: `{"class":"NOT_FOUND","message":"x"}`,
			text:       "**Error:** x",
			structured: `{"kind":"toolError:v1","code":"NOT_FOUND","message":"x","retryable":false,"details":{}}`},
		{name: "class and status", d: render.ToolError{}, model: `{"class":"NOT_FOUND","message":"x","status":404}`,
			text:       "**Error:** x",
			structured: `{"kind":"toolError:v1","code":"NOT_FOUND","message":"x","retryable":false,"details":{"statusCode":404}}`},
		{name: "transient", d: render.ToolError{}, model: `{"class":"TRANSIENT","message":"x"}`,
			text:       "**Error:** x",
			structured: `{"kind":"toolError:v1","code":"NETWORK_ERROR","message":"x","retryable":true,"details":{}}`},
		{name: "go class only", d: render.Interbase{}, e: errorx.New("", "x").WithClass(errorx.ClassNotFound),
			text: `{"type":"NOT_FOUND","message":"x","recoverable":false}`},
		{name: "severity", d: render.XML{}, e: errorx.New("", "x").WithClass(errorx.ClassNotFound).WithSeverity(errorx.SeverityError),
			text: "<tool_error severity=\"error\" class=\"NOT_FOUND\">\n<message>x</message>\n</tool_error>"},
		{name: "class only", d: render.Contract{}, model: `{"class":"CONFLICT","message":"x"}`,
			text: `{"code":"CONFLICT","message":"x","recoverable":false}`},
		{name: "class only", d: render.Envelope{Now: fixedNow}, model: `{"class":"CONFLICT","message":"x"}`,
			text: `{"success":false,"error":"x","message":"x","timestamp":"2026-01-19T19:08:56-08:00","version":"1.0.0","details":{"class":"CONFLICT"}}`},
		{name: "class from status", d: render.Envelope{Now: fixedNow}, model: `{"class":"CONFLICT","message":"x","status":409}`,
			text: `{"success":false,"error":"x","message":"x","timestamp":"2026-01-19T19:08:56-08:00","version":"1.0.0","details":{"status":409}}`},
		{name: "class from http code", d: render.Envelope{Now: fixedNow, HTTPCode: true}, model: `{"class":"CONFLICT","message":"x"}`,
			text: `{"success":false,"error":"x","message":"x","code":409,"timestamp":"2026-01-19T19:08:56-08:00","version":"1.0.0"}`},
	} {
		c.check(t)
	}
}

// TestStatusClassifiesOnTheWire: a model with a status and no code or class
// takes its class from the status in every dialect (issue 14, rule 2).
func TestStatusClassifiesOnTheWire(t *testing.T) {
	for _, c := range []wireDefault{
		{name: "404", d: render.Interbase{}, model: `{"status":404,"message":"m"}`,
			text: `{"type":"NOT_FOUND","message":"m","recoverable":false,"data":{"status":404}}`},
		{name: "503", d: render.Interbase{}, model: `{"status":503,"message":"m"}`,
			text: `{"type":"TRANSIENT","message":"m","recoverable":true,"data":{"status":503}}`},
		{name: "422", d: render.Interbase{}, model: `{"status":422,"message":"m"}`,
			text: `{"type":"VALIDATION","message":"m","recoverable":false,"data":{"status":422}}`},
		{name: "500", d: render.ToolError{Mode: format.JSON}, model: `{"status":500,"message":"m"}`,
			text:       "{\n  \"kind\": \"toolError:v1\",\n  \"code\": \"SERVER_ERROR\",\n  \"message\": \"m\",\n  \"retryable\": true,\n  \"details\": {\n    \"statusCode\": 500\n  }\n}",
			structured: `{"kind":"toolError:v1","code":"SERVER_ERROR","message":"m","retryable":true,"details":{"statusCode":500}}`},
		{name: "403 go", d: render.ToolError{}, e: errorx.New("QuotaDenied", "m").WithStatus(403),
			text:       "**Error:** m",
			structured: `{"kind":"toolError:v1","code":"AUTHENTICATION_ERROR","message":"m","retryable":false,"details":{"statusCode":403,"code":"QuotaDenied"}}`},
		{name: "404 custom code", d: render.XML{}, e: errorx.New("ProjectNotFound", "m").WithStatus(404),
			text: "<tool_error code=\"ProjectNotFound\" status=\"404\">\n<message>m</message>\n</tool_error>"},
		{name: "429", d: render.Contract{}, model: `{"status":429,"message":"m"}`,
			text: `{"code":"TRANSIENT","message":"m","details":{"status":429},"recoverable":true}`},
	} {
		c.check(t)
	}
}
