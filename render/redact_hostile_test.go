package render_test

import (
	"strings"
	"testing"
	"time"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/sentence"
	"github.com/mcperr/mcperr/render"
)

// resultText is every byte a result carries: its text blocks and its
// structured content.
func resultText(res *render.Result) string {
	var b strings.Builder
	for _, c := range res.Content {
		b.WriteString(c.Text)
	}
	b.Write(res.StructuredContent)
	return b.String()
}

// rendererText renders e with a Renderer for d (within renderWithin's
// time) and returns the result's text and structured content.
func rendererText(t *testing.T, d render.Dialect, e *errorx.Error) string {
	t.Helper()
	return resultText(renderWithin(t, d.Name(), func() *render.Result { return render.NewRenderer(d).Render(e) }))
}

// TestRendererCyclicValues: cyclic maps and lists and Details that hold
// themselves (twice), in details and in sent values, render in every
// dialect through the Renderer, which redacts them first (a cyclic map
// overflowed the stack there; a Details holding itself twice rendered
// forever), with the secrets on the way redacted.
func TestRendererCyclicValues(t *testing.T) {
	m := map[string]any{"name": "loop", "password": "hunter2"}
	m["self"] = m
	s := []any{map[string]any{"token": "tok_1"}, nil}
	s[1] = s
	p := &errorx.Details{}
	p.Set("api_key", "key_1")
	p.Set("a", p)
	p.Set("b", p)
	e := errorx.New(errorx.CodeInvalidInput, "Bad arguments.").
		WithDetail("m", m).WithDetail("s", s).WithDetail("p", p).
		WithFields(sentence.SentField("arg", m, "Wrong."), sentence.SentField("list", s, "Wrong."))
	for _, d := range dialects() {
		out := rendererText(t, d, e)
		for _, leak := range []string{"hunter2", "tok_1", "key_1"} {
			if strings.Contains(out, leak) {
				t.Errorf("%s: %s leaks:\n%s", d.Name(), leak, out)
			}
		}
		if !strings.Contains(out, "!ERROR:cycle") {
			t.Errorf("%s: no cycle marker:\n%s", d.Name(), out)
		}
	}
}

// TestRendererRedactsShapes: secrets whose shape name-based redaction
// used to miss are not echoed in any dialect: arguments encoded twice (a
// JSON string holding an object), a JSON string inside an object, names
// whose secret word is not last or is short, and a DSN's password.
func TestRendererRedactsShapes(t *testing.T) {
	e := errorx.New(errorx.CodeInvalidInput, "Bad arguments.").WithFields(
		sentence.SentField("arguments", `{"user":"ada","password":"hunter2"}`, "Want an object."),
		sentence.SentField("headers", map[string]any{"auth": `{"token":"tok_live_123"}`}, "Wrong."),
		sentence.SentField("password_confirmation", "hunter3", "Does not match password."),
		sentence.SentField("aws_secret_access_key", "AKIA_SECRET", "Wrong."),
		sentence.SentField("pin", "4321", "Wrong."),
		sentence.SentField("database_url", "postgres://app:pg_pw_9@db/app", "Unreachable."),
		sentence.SentField("max_tokens", 99999, "Too many."),
	).WithDetail("dsn", "root:my_sql_pw@tcp(db:3306)/app")
	for _, d := range dialects() {
		out := rendererText(t, d, e)
		for _, leak := range []string{"hunter2", "tok_live_123", "hunter3", "AKIA_SECRET", "4321", "pg_pw_9", "my_sql_pw"} {
			if strings.Contains(out, leak) {
				t.Errorf("%s: %s leaks:\n%s", d.Name(), leak, out)
			}
		}
		for _, kept := range []string{"ada", "99999", "db/app", "tcp(db:3306)/app"} {
			if !strings.Contains(out, kept) {
				t.Errorf("%s: %s was redacted too:\n%s", d.Name(), kept, out)
			}
		}
	}
}

// TestDialectsDetailsHoldingThemselves: a dialect's own writer, without a
// Renderer's redaction first, cuts a Details that holds itself twice (2^200
// paths before) and writes a nil *Details as null, in a detail and in a
// sent value.
func TestDialectsDetailsHoldingThemselves(t *testing.T) {
	p := &errorx.Details{}
	p.Set("a", p)
	p.Set("b", p)
	e := errorx.New(errorx.CodeInvalidInput, "Bad arguments.").WithDetail("p", p).
		WithDetail("nil", (*errorx.Details)(nil)).WithFields(sentence.SentField("arg", p, "Wrong."))
	for _, d := range dialects() {
		done := make(chan string, 1)
		go func() { done <- resultText(d.Render(e)) }()
		select {
		case out := <-done:
			if !strings.Contains(out, "!ERROR:cycle") {
				t.Errorf("%s: no cycle marker:\n%s", d.Name(), out)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: Render has not returned after 5s", d.Name())
		}
	}
}
