package render_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/adapt"
	"github.com/mcperr/mcperr/internal/format"
	"github.com/mcperr/mcperr/internal/testsize"
	"github.com/mcperr/mcperr/render"
)

// fieldLineOf renders f as the one field of a <validation_error> and
// returns the text of its <field> line, unescaped.
func fieldLineOf(t *testing.T, f errorx.Field) string {
	t.Helper()
	text := textOf(t, render.XML{}.Render(errorx.New("", "").WithFields(f)), 0)
	_, line, _ := strings.Cut(text, "\n<field name=")
	_, line, _ = strings.Cut(line, ">")
	line, _, _ = strings.Cut(line, "</field>")
	return strings.NewReplacer("&lt;", "<", "&gt;", ">", "&#xD;", "\r", "&amp;", "&").Replace(line)
}

// TestReadFusionField splits the field lines MCP Fusion really writes into
// message, sent value and hint, keeping the printed form where it does not
// give the value back; each reads back to the same line (issue 14, rule 4).
func TestReadFusionField(t *testing.T) {
	cut := strings.Repeat("a", 47) + "..."
	for _, c := range []struct {
		name, text string
		want       errorx.Field
	}{
		{"age", "Number must be greater than or equal to 18 You sent: 10. Must be >= 18.",
			errorx.Field{Path: "age", Message: "Number must be greater than or equal to 18", Sent: json.Number("10"), WasSent: true, Hint: "Must be >= 18."}},
		{"count", "Number must be less than or equal to 100 You sent: 200. Must be <= 100.",
			errorx.Field{Path: "count", Message: "Number must be less than or equal to 100", Sent: json.Number("200"), WasSent: true, Hint: "Must be <= 100."}},
		{"ratio", "Too big You sent: 0.30000000000000004.",
			errorx.Field{Path: "ratio", Message: "Too big", Sent: json.Number("0.30000000000000004"), WasSent: true}},
		{"big", "Too big You sent: 1e+21.",
			errorx.Field{Path: "big", Message: "Too big", Sent: json.Number("1e+21"), WasSent: true}},
		{"role", "Invalid enum value. Expected 'admin' | 'user' | 'guest', received 'superadmin' You sent: 'superadmin'. Valid options: 'admin', 'user', 'guest'.",
			errorx.Field{Path: "role", Message: "Invalid enum value. Expected 'admin' | 'user' | 'guest', received 'superadmin'", Sent: "superadmin", WasSent: true, Hint: "Valid options: 'admin', 'user', 'guest'."}},
		{"email", "Invalid email You sent: 'admin@local'. Expected: a valid email address (e.g. user@example.com).",
			errorx.Field{Path: "email", Message: "Invalid email", Sent: "admin@local", WasSent: true, Hint: "Expected: a valid email address (e.g. user@example.com)."}},
		{"quote", "Bad You sent: 'it's. fine'.",
			errorx.Field{Path: "quote", Message: "Bad", Sent: "it's. fine", WasSent: true}},
		{"name", "Required You sent: (missing). Expected type: string.",
			errorx.Field{Path: "name", Message: "Required", Hint: "Expected type: string."}},
		{"nick", "Expected string, received null You sent: null. Expected type: string.",
			errorx.Field{Path: "nick", Message: "Expected string, received null", WasSent: true, Hint: "Expected type: string."}},
		{"ok", "Expected string, received boolean You sent: false. Expected type: string.",
			errorx.Field{Path: "ok", Message: "Expected string, received boolean", Sent: false, WasSent: true, Hint: "Expected type: string."}},
		{"tags", "Expected string, received array You sent: array(3). Expected type: string.",
			errorx.Field{Path: "tags", Message: "Expected string, received array", Sent: format.SentText("array(3)"), WasSent: true, Hint: "Expected type: string."}},
		{"bio", "String must contain at most 10 character(s) You sent: '" + cut + "'. Maximum length: 10 characters.",
			errorx.Field{Path: "bio", Message: "String must contain at most 10 character(s)", Sent: format.SentText("'" + cut + "'"), WasSent: true, Hint: "Maximum length: 10 characters."}},
		{"who", `Expected string, received object You sent: {"first":"Alexander","last":"Hamilton-Washington",. Expected type: string.`,
			errorx.Field{Path: "who", Message: "Expected string, received object", Sent: format.SentText(`{"first":"Alexander","last":"Hamilton-Washington",`), WasSent: true, Hint: "Expected type: string."}},
		{"pt", `Bad You sent: {"x":1. 2}.`,
			errorx.Field{Path: "pt", Message: "Bad", Sent: format.SentText(`{"x":1. 2}`), WasSent: true}},
		{"(root)", "Unrecognized key(s) in object: 'hallucinated_param' You sent: (missing). Remove or correct unrecognized fields: 'hallucinated_param'. Check for typos.",
			errorx.Field{Message: "Unrecognized key(s) in object: 'hallucinated_param'", Hint: "Remove or correct unrecognized fields: 'hallucinated_param'. Check for typos."}},
		{"x", "a You sent: b You sent: 1.",
			errorx.Field{Path: "x", Message: "a You sent: b", Sent: json.Number("1"), WasSent: true}},
		{"x", "a You sent: b.",
			errorx.Field{Path: "x", Message: "a", Sent: format.SentText("b"), WasSent: true}},
		{"x", "Invalid input",
			errorx.Field{Path: "x", Message: "Invalid input"}},
	} {
		got := adapt.ReadFusionField(c.name, c.text)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %q\n got %#v\nwant %#v", c.name, c.text, got, c.want)
			continue
		}
		if c.want.Message == c.text {
			continue // no "You sent": not a line Fusion's formatter wrote
		}
		if again := fieldLineOf(t, got); again != c.text {
			t.Errorf("%s: renders again as\n%q\nwant\n%q", c.name, again, c.text)
		}
	}
}

// TestReadFusionFieldAmbiguousString: a quoted string of exactly 50
// characters that ends with "..." may be one cut from a longer string; it
// stays its printed form.
func TestReadFusionFieldAmbiguousString(t *testing.T) {
	whole := strings.Repeat("b", 50)
	if f := adapt.ReadFusionField("s", "m You sent: '"+whole+"'."); f.Sent != whole {
		t.Errorf("50 characters: %#v", f.Sent)
	}
	cut := strings.Repeat("b", 47) + "..."
	if f := adapt.ReadFusionField("s", "m You sent: '"+cut+"'."); f.Sent != format.SentText("'"+cut+"'") {
		t.Errorf("50 characters ending with ...: %#v", f.Sent)
	}
}

// TestReadFusionFieldLinear: reading a hostile line is linear in its
// length, however many " You sent: " it holds.
func TestReadFusionFieldLinear(t *testing.T) {
	for _, unit := range []string{" You sent: {a. b", " You sent: 'a. b", " You sent: 1x. ", " You sent: " + strings.Repeat("x", 300)} {
		read := func(n int) func() {
			line := strings.Repeat(unit, n)
			return func() { adapt.ReadFusionField("f", line) }
		}
		ratio := testsize.Ratio(read(400), read(3200))
		t.Logf("%q: n=3200 takes %.1f times as long as n=400", unit, ratio)
		if ratio > testsize.MaxRatio {
			t.Errorf("%q: 8x the input took %.1fx the time", unit, ratio)
		}
	}
}
