package render_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/sentence"
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
	fields := []errorx.Field{sentence.SentField("email", "x", "Invalid email.")}
	for _, c := range []wireDefault{
		{name: "validation", d: render.XML{}, e: errorx.New("", "x").WithClass(errorx.ClassValidation).WithTool("t").WithFields(fields...),
			text: "<validation_error action=\"t\">\n<field name=\"email\">Invalid email. You sent: 'x'.</field>\n<recovery>Fix the fields above and call the tool again. Do not explain the error.</recovery>\n</validation_error>"},
		{name: "class only", d: render.Interbase{}, model: `{"class":"NOT_FOUND","message":"x"}`,
			text: `{"type":"NOT_FOUND","message":"x","recoverable":false}`},
		{name: "class only", d: render.ToolError{}, model: `{"class":"NOT_FOUND","message":"x"}`,
			text:       "**Error:** x\n\n**Code:** NOT_FOUND (not retryable)",
			structured: `{"kind":"toolError:v1","code":"NOT_FOUND","message":"x","retryable":false,"details":{}}`},
		{name: "class and status", d: render.ToolError{}, model: `{"class":"NOT_FOUND","message":"x","status":404}`,
			text:       "**Error:** x\n\n**Code:** NOT_FOUND (not retryable)\n\n**Details:** {\"statusCode\":404}",
			structured: `{"kind":"toolError:v1","code":"NOT_FOUND","message":"x","retryable":false,"details":{"statusCode":404}}`},
		{name: "transient", d: render.ToolError{}, model: `{"class":"TRANSIENT","message":"x"}`,
			text:       "**Error:** x\n\n**Code:** NETWORK_ERROR (retryable)",
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
		{name: "500", d: render.ToolError{Mode: render.ModeJSON}, model: `{"status":500,"message":"m"}`,
			text:       "{\n  \"kind\": \"toolError:v1\",\n  \"code\": \"SERVER_ERROR\",\n  \"message\": \"m\",\n  \"retryable\": true,\n  \"details\": {\n    \"statusCode\": 500\n  }\n}",
			structured: `{"kind":"toolError:v1","code":"SERVER_ERROR","message":"m","retryable":true,"details":{"statusCode":500}}`},
		{name: "403 go", d: render.ToolError{}, e: errorx.New("QuotaDenied", "m").WithStatus(403),
			text:       "**Error:** m\n\n**Code:** QuotaDenied (not retryable)\n\n**Details:** {\"statusCode\":403}",
			structured: `{"kind":"toolError:v1","code":"AUTHENTICATION_ERROR","message":"m","retryable":false,"details":{"statusCode":403,"code":"QuotaDenied"}}`},
		{name: "404 custom code", d: render.XML{}, e: errorx.New("ProjectNotFound", "m").WithStatus(404),
			text: "<tool_error code=\"ProjectNotFound\" status=\"404\">\n<message>m</message>\n</tool_error>"},
		{name: "429", d: render.Contract{}, model: `{"status":429,"message":"m"}`,
			text: `{"code":"TRANSIENT","message":"m","details":{"status":429},"recoverable":true}`},
	} {
		c.check(t)
	}
}

// TestValidationRecoveryDefault: a <validation_error> always ends with
// Fusion's recovery line; an explicit recovery still wins (issue 14,
// rule 3).
func TestValidationRecoveryDefault(t *testing.T) {
	f := sentence.SentField("age", 10, "Number must be greater than or equal to 18")
	f.Hint = "Must be >= 18."
	for _, c := range []wireDefault{
		{name: "default", d: render.XML{}, e: errorx.Validation("m").WithTool("users/create").WithFields(f),
			text: "<validation_error action=\"users/create\" code=\"VALIDATION\">\n<field name=\"age\">Number must be greater than or equal to 18 You sent: 10. Must be >= 18.</field>\n<recovery>Fix the fields above and call the tool again. Do not explain the error.</recovery>\n</validation_error>"},
		{name: "explicit", d: render.XML{}, e: errorx.New("", "m").WithClass(errorx.ClassValidation).WithTool("users/create").WithRecovery("Ask the user for their age.").WithFields(f),
			text: "<validation_error action=\"users/create\">\n<field name=\"age\">Number must be greater than or equal to 18 You sent: 10. Must be >= 18.</field>\n<recovery>Ask the user for their age.</recovery>\n</validation_error>"},
	} {
		c.check(t)
	}
}

// TestFieldsAboveIsTrue: where a dialect shows the sentence "Fix the fields
// above", the fields are above it in what the agent reads; where they cannot
// be (the envelope's hint comes first), it says "listed" and reads back as
// the model's sentence.
func TestFieldsAboveIsTrue(t *testing.T) {
	e := errorx.New(errorx.CodeInvalidInput, "2 arguments are invalid.").
		WithRecovery(codes.ValidationRecovery).WithActions("users.list").
		WithFields(sentence.SentField("email", "x", "Invalid email."), sentence.RequiredField("name"))
	for _, d := range []render.Dialect{render.Interbase{}, render.ToolError{Mode: render.ModeBoth}, render.XML{}, render.Contract{}, render.Envelope{Now: fixedNow}} {
		res := d.Render(e)
		var blocks []string
		if res.StructuredContent != nil {
			blocks = append(blocks, string(structuredOf(t, res)))
		}
		for i := range res.Content {
			blocks = append(blocks, textOf(t, res, i))
		}
		said := false
		for _, b := range blocks {
			at := strings.Index(b, "fields above")
			if at < 0 {
				continue
			}
			said = true
			first := -1
			for _, marker := range []string{`"fields"`, "**Invalid fields:**", "<field ", `"validation_errors"`} {
				if i := strings.Index(b, marker); i >= 0 && (first < 0 || i < first) {
					first = i
				}
			}
			if first < 0 || first > at {
				t.Errorf("%s: the recovery says the fields are above, but they come after it:\n%s", d.Name(), b)
			}
		}
		if d.Name() == "envelope" {
			if said || !strings.Contains(textOf(t, res, 0), `"hint":"Fix the fields listed in details.validation_errors and call the tool again. Do not explain the error."`) {
				t.Errorf("envelope: the hint comes before the fields and must say listed:\n%s", textOf(t, res, 0))
			}
		} else if !said {
			t.Errorf("%s: the recovery is not shown", d.Name())
		}
		if got, _ := render.Decode(res); got.Recovery != codes.ValidationRecovery {
			t.Errorf("%s: recovery reads back as %q", d.Name(), got.Recovery)
		}
	}
}

// TestFusionDocumentsRerender: what a client reads from a real MCP Fusion
// server renders back to the same bytes: the reference's own documents.
func TestFusionDocumentsRerender(t *testing.T) {
	for _, doc := range []string{
		"<validation_error action=\"billing/create\">\n<field name=\"(root)\">Unrecognized key(s) in object: 'hallucinated_param' You sent: (missing). Remove or correct unrecognized fields: 'hallucinated_param'. Check for typos.</field>\n<recovery>Fix the fields above and call the tool again. Do not explain the error.</recovery>\n</validation_error>",
		"<validation_error action=\"users/create\">\n" +
			"<field name=\"age\">Number must be greater than or equal to 18 You sent: 10. Must be >= 18.</field>\n" +
			"<field name=\"count\">Number must be less than or equal to 100 You sent: 200. Must be &lt;= 100.</field>\n" +
			"<field name=\"role\">Invalid enum value. Expected 'admin' | 'user' | 'guest', received 'superadmin' You sent: 'superadmin'. Valid options: 'admin', 'user', 'guest'.</field>\n" +
			"<field name=\"name\">Required You sent: (missing). Expected type: string.</field>\n" +
			"<field name=\"tags\">Expected string, received array You sent: array(3). Expected type: string.</field>\n" +
			"<field name=\"bio\">String must contain at most 10 character(s) You sent: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...'. Maximum length: 10 characters.</field>\n" +
			"<field name=\"who\">Expected string, received object You sent: {\"first\":\"Alexander\",\"last\":\"Hamilton-Washington\",. Expected type: string.</field>\n" +
			"<recovery>Fix the fields above and call the tool again. Do not explain the error.</recovery>\n</validation_error>",
		"<tool_error code=\"CONFLICT\" severity=\"error\">\n<message>Invoice already paid.</message>\n<recovery>Check the invoice status first.</recovery>\n<available_actions>\n  <action>billing.get</action>\n  <action>billing.list</action>\n</available_actions>\n<details>\n  <detail key=\"invoice_id\">inv_456</detail>\n  <detail key=\"status\">paid</detail>\n</details>\n<retry_after>5 seconds</retry_after>\n</tool_error>",
		"<tool_error code=\"UNKNOWN_ACTION\">\n<message>The action \"destory\" does not exist.</message>\n<available_actions>list, create, delete</available_actions>\n<recovery>Choose a valid action from available_actions and call the tool again.</recovery>\n</tool_error>",
		"<tool_error>\n<message>Something went wrong</message>\n</tool_error>",
	} {
		e, name := render.Decode(&render.Result{Content: []render.Text{{Text: doc}}, IsError: true})
		if name != "xml" {
			t.Fatalf("decoded as %q: %s", name, doc)
		}
		if got := textOf(t, render.XML{}.Render(e), 0); got != doc {
			t.Errorf("re-rendered\n%s\nwant\n%s", got, doc)
		}
	}
}

// TestFieldParamEveryDialect: a field's rule parameter travels in every
// dialect's extras and Decode reads it back, so a program can repair the
// call without reading the hint's prose (issue 15, item 6).
func TestFieldParamEveryDialect(t *testing.T) {
	age := sentence.SentField("age", 200, "Too big.")
	age.Hint, age.Rule, age.Param = "Must be <= 130.", "max", "130"
	e := errorx.New(errorx.CodeInvalidInput, "1 argument is invalid.").WithFields(age, sentence.RequiredField("name"))
	for _, d := range everyConfiguration() {
		if te, ok := d.(render.ToolError); ok && te.NeedsInput {
			continue // an elicitation asks for input; it has no rules
		}
		if x, ok := d.(render.XML); ok && !x.FieldRules {
			continue // Fusion's <field> has only its name (TestXMLFieldRulesOption)
		}
		got, _ := render.Decode(d.Render(e))
		if len(got.Fields) != 2 {
			t.Fatalf("%s: fields %+v", d.Name(), got.Fields)
		}
		for _, f := range got.Fields {
			if f.Path == "age" && (f.Rule != "max" || f.Param != "130") {
				t.Errorf("%s: age reads back with rule %q, param %q", d.Name(), f.Rule, f.Param)
			}
			if f.Path == "name" && f.Param != "" {
				t.Errorf("%s: name reads back with param %q", d.Name(), f.Param)
			}
		}
	}
}

// TestXMLFieldRulesOption: by default a <field> is MCP Fusion's, its name
// alone; with FieldRules it also carries the rule and its parameter. Decode
// reads both forms, and the dialect named "xml" is the default.
func TestXMLFieldRulesOption(t *testing.T) {
	age := sentence.SentField("age", 200, "Too big.")
	age.Rule, age.Param = "max", "130"
	e := errorx.New(errorx.CodeInvalidInput, "").WithFields(age)
	byName, err := render.ByName("xml")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		d    render.Dialect
		want string
	}{
		{render.XML{}, `<field name="age">Too big. You sent: 200.</field>`},
		{byName, `<field name="age">Too big. You sent: 200.</field>`},
		{render.XML{FieldRules: true}, `<field name="age" rule="max" param="130">Too big. You sent: 200.</field>`},
	} {
		text := textOf(t, c.d.Render(e), 0)
		if !strings.Contains(text, "\n"+c.want+"\n") {
			t.Errorf("%#v: want %s in\n%s", c.d, c.want, text)
		}
		got, _ := render.Decode(errorResult(text))
		rules := strings.Contains(c.want, "rule=")
		if f := got.Fields[0]; (f.Rule == "max" && f.Param == "130") != rules || !rules && (f.Rule != "" || f.Param != "") {
			t.Errorf("%#v: reads back rule %q, param %q", c.d, f.Rule, f.Param)
		}
	}
}
