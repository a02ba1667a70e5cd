package errorx_test

import (
	"strconv"
	"strings"
	"testing"

	isecret "github.com/mcperr/mcperr/internal/secret"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/sentence"
	"github.com/mcperr/mcperr/internal/testsize"
)

// redactedSent is RedactSecrets' value for a field at path that sent v.
func redactedSent(path string, v any) any {
	e := errorx.New("X", "m").WithFields(sentence.SentField(path, v, "m"))
	return isecret.RedactError(e, nil).Fields[0].Sent
}

// TestRedactSecretsJSONText: a string that holds a JSON object or list (a
// model that encodes its arguments twice) is redacted by the rules of what
// it holds, and re-encoded in its order; one without secrets is left as it
// is, spaces and all.
func TestRedactSecretsJSONText(t *testing.T) {
	for sent, want := range map[string]string{
		`{"user":"ada","password":"hunter2"}`:          `{"user":"ada","password":"[redacted]"}`,
		` {"z":1, "token":"tok_live_123", "a":[1.50]}`: `{"z":1,"token":"[redacted]","a":[1.50]}`,
		`[{"api_key":"k1"},"x",null]`:                  `[{"api_key":"[redacted]"},"x",null]`,
		`{"conf":"{\"token\":\"tok_live_123\"}"}`:      `{"conf":"{\"token\":\"[redacted]\"}"}`,
		`{"dsn":"postgres://u:pw@h/db","n":"<&>"}`:     `{"dsn":"postgres://u:[redacted]@h/db","n":"<&>"}`,
		`{"password":"a","password":"b","user":"u"}`:   `{"password":"[redacted]","user":"u"}`,
		`{"user":"ada", "max_tokens": 5}`:              `{"user":"ada", "max_tokens": 5}`,
		`{"user":"ada","password":"hunter2"} trailing`: `{"user":"ada","password":"[redacted]"} trailing`, // not JSON: masked as text
		`[1, 2`: `[1, 2`,
		`{"conf":{"token":"t"}, "deep":[[[[[[[[[[{}]]]]]]]]]]}`: `{"conf":{"token":"[redacted]"},"deep":[[[[[[[[[[{}]]]]]]]]]]}`,
	} {
		if got := redactedSent("args", sent); got != want {
			t.Errorf("%s:\n got %v\nwant %s", sent, got, want)
		}
	}
	// In a detail, and inside an object.
	e := errorx.New("X", "m").WithDetail("auth", `{"token":"tok_live_123"}`).
		WithDetail("request", map[string]any{"body": `{"secret":"s1"}`})
	out := modelJSON(t, isecret.RedactError(e, nil))
	if strings.Contains(out, "tok_live_123") || strings.Contains(out, "s1") {
		t.Errorf("leaks: %s", out)
	}
}

// TestRedactSecretsCredentials: credentials spelled out in a string (a
// URL's or a DSN's password, a secret key=value pair) are masked; the rest
// of the string is kept.
func TestRedactSecretsCredentials(t *testing.T) {
	for sent, want := range map[string]string{
		"postgres://u:pw@h/db":                                "postgres://u:[redacted]@h/db",
		"mysql://root:p@ss@db:3306/app?tls=true":              "mysql://root:[redacted]@db:3306/app?tls=true",
		"clone https://x-access-token:ghp_abc@github.com/o/r": "clone https://x-access-token:[redacted]@github.com/o/r",
		"root:hunter2@tcp(127.0.0.1:3306)/app":                "root:[redacted]@tcp(127.0.0.1:3306)/app",
		"root:hunter2@/app":                                   "root:[redacted]@/app",
		"host=db user=app password=hunter2 dbname=x":          "host=db user=app password=[redacted] dbname=x",
		"host=db password='hunter 2' dbname=x":                "host=db password='[redacted]' dbname=x",
		"Server=db;User Id=sa;Password=hunter2;":              "Server=db;User Id=sa;Password=[redacted];",
		"https://api.example.com/v1?api_key=abc&limit=5":      "https://api.example.com/v1?api_key=[redacted]&limit=5",
		"spring.datasource.password=pw":                       "spring.datasource.password=[redacted]",
		// Left as they are.
		"https://api.example.com/v1?max_tokens=5&q=a:b@c": "https://api.example.com/v1?max_tokens=5&q=a:b@c",
		"ssh://git@github.com/o/r":                        "ssh://git@github.com/o/r",
		"ada@example.com":                                 "ada@example.com",
		"mailto:ada@example.com":                          "mailto:ada@example.com",
		"a == b, x=1":                                     "a == b, x=1",
		"https://u:@h/":                                   "https://u:@h/",
	} {
		if got := redactedSent("text", sent); got != want {
			t.Errorf("%s:\n got %v\nwant %s", sent, got, want)
		}
	}
}

// TestMaskCredentialsLinear: strings made of the characters the masking
// looks back or forward from, and of long keys before "=", cost O(n) in
// time and in bytes.
func TestMaskCredentialsLinear(t *testing.T) {
	n := testsize.N(2000, 20_000)
	for _, unit := range []string{
		"a@", "a:b@", "a:b@tcp(", "@/", "password=", "x=", "https://a:b@", "://", "password='", "a==",
		strings.Repeat("pass_", 50) + "count=x ", strings.Repeat("pass.", 50) + "=x;",
		// The shapes of key: value, YAML blocks, flags, URL-encoded pairs,
		// tokens and JWTs, found and not found.
		"password: x, ", "{password: x, ", "password: x\n", "note: x\n", "\"password: x ", "password:\n  x\n",
		"secrets:\n\n", "x: |\n", "- a:\n", ": ", "--password x ", "--password ", "--x ", "password%3Dx%26", "%3D",
		"Bearer ghp_16C7e42F292c6912E7710c838347Ae178B4a ", "bearer abcdefghijklmnopqrstuvwxyz ",
		"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln ", "eyJabcdefgh.", "https://ghp_16C7e42F292c6912E7710c838347Ae178B4a@h/ ",
	} {
		series := func(n int) func() {
			s := strings.Repeat(unit, n)
			return func() { _ = redactedSent("text", s) }
		}
		testsize.Linear(t, "masking "+strconv.Quote(unit[:min(len(unit), 20)]), series(n/max(1, len(unit)/8)), series(8*n/max(1, len(unit)/8)))
	}
}

// TestRedactJSONTextLinear: a JSON text inside a string inside a string …
// (each level a string that holds JSON, as a model that encodes its
// arguments over and over sends them) costs O(n) in time and bytes for a
// payload of n values at the bottom: every level is decoded and written
// once.
func TestRedactJSONTextLinear(t *testing.T) {
	n := testsize.N(500, 5000)
	series := func(n int) func() {
		inner := `{"password":"hunter2","list":[` + strings.TrimSuffix(strings.Repeat("1.5,", n), ",") + `]}`
		for range 8 {
			inner = `{"args":` + strconv.Quote(inner) + `}`
		}
		return func() {
			if got := redactedSent("args", inner).(string); strings.Contains(got, "hunter2") {
				t.Fatal("not redacted")
			}
		}
	}
	testsize.Linear(t, "JSON text in strings", series(n), series(8*n))
}

// TestRedactSecretsDeepJSONText: a JSON text nested deeper than
// MaxValueDepth is cut there, so that what lies below (a secret) is not
// echoed in the text as it came.
func TestRedactSecretsDeepJSONText(t *testing.T) {
	deep := strings.Repeat(`{"a":`, errorx.MaxValueDepth+50) + `{"password":"hunter2"}` + strings.Repeat("}", errorx.MaxValueDepth+50)
	got, _ := redactedSent("args", deep).(string)
	if strings.Contains(got, "hunter2") || !strings.Contains(got, `"!ERROR:value nested too deeply"`) {
		t.Errorf("got %.100s…%s", got, got[max(len(got)-100, 0):])
	}
}
