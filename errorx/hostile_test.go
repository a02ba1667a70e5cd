package errorx_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/mcperr/mcperr/errorx"
	isecret "github.com/mcperr/mcperr/internal/secret"
	"github.com/mcperr/mcperr/internal/sentence"
)

// within runs f and fails the test if it has not returned after limit (a
// hang then leaves one goroutine spinning, but the test reports it).
func within(t *testing.T, limit time.Duration, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(limit):
		t.Fatalf("%s has not returned after %v", what, limit)
	}
}

// modelJSON is e's JSON form, produced within a few seconds.
func modelJSON(t *testing.T, e *errorx.Error) string {
	t.Helper()
	var b []byte
	within(t, 5*time.Second, "MarshalJSON", func() {
		var err error
		b, err = json.Marshal(e)
		if err != nil {
			t.Errorf("marshal: %v", err)
		}
	})
	return string(b)
}

// TestRedactSecretsCycles: a cyclic map or list in a detail or a sent value
// does not crash RedactSecrets (it used to overflow the stack, which
// recover cannot catch); the edge back to an ancestor becomes the writers'
// "!ERROR:cycle" string, and secrets are redacted everywhere on the way.
func TestRedactSecretsCycles(t *testing.T) {
	m := map[string]any{"name": "loop", "password": "hunter2"}
	m["self"] = m
	s := []any{"x", map[string]any{"token": "tok_1"}, nil}
	s[2] = s
	e := errorx.New("X", "m").WithDetail("m", m).WithDetail("s", s).
		WithFields(sentence.SentField("arg", m, "m"), sentence.SentField("list", s, "m"))
	var got *errorx.Error
	within(t, 5*time.Second, "RedactSecrets", func() { got = isecret.RedactError(e, nil) })
	out := modelJSON(t, got)
	for _, leak := range []string{"hunter2", "tok_1"} {
		if strings.Contains(out, leak) {
			t.Errorf("%s leaks: %s", leak, out)
		}
	}
	want := `"details":{"m":{"name":"loop","password":"[redacted]","self":"!ERROR:cycle"},"s":["x",{"token":"[redacted]"},"!ERROR:cycle"]}`
	if !strings.Contains(out, want) {
		t.Errorf("details:\n got %s\nwant %s", out, want)
	}
	if m["password"] != "hunter2" || m["self"].(map[string]any)["password"] != "hunter2" {
		t.Error("the original map was changed")
	}
	// Without secrets the cycle is still cut, as the writers would cut it.
	plain := map[string]any{"a": 1}
	plain["b"] = []any{plain}
	e = errorx.New("X", "m").WithDetail("p", plain)
	within(t, 5*time.Second, "RedactSecrets", func() { got = isecret.RedactError(e, nil) })
	if a, b := modelJSON(t, got), modelJSON(t, e); a != b || !strings.Contains(a, `{"a":1,"b":["!ERROR:cycle"]}`) {
		t.Errorf("redacted %s\n  written %s", a, b)
	}
}

// TestDetailsCycles: Details that hold themselves, by pointer or through
// their shared storage, twice, are cut at the cycle by every walk: the JSON
// form and RedactSecrets (rendering used to run forever: 2^200 paths).
func TestDetailsCycles(t *testing.T) {
	p := &errorx.Details{}
	p.Set("a", p)
	p.Set("b", p)
	var v errorx.Details
	v.Set("a", nil)
	v.Set("b", nil)
	v.Set("a", v) // shares v's storage: v holds itself
	v.Set("b", v)
	for name, d := range map[string]any{"pointer": p, "value": v} {
		e := errorx.New("X", "m").WithDetail("d", d).WithDetail("password", "hunter2")
		want := `"details":{"d":{"a":"!ERROR:cycle","b":"!ERROR:cycle"},"password":`
		if out := modelJSON(t, e); !strings.Contains(out, want) {
			t.Errorf("%s: written\n got %s\nwant %s", name, out, want)
		}
		var got *errorx.Error
		within(t, 5*time.Second, "RedactSecrets", func() { got = isecret.RedactError(e, nil) })
		if out := modelJSON(t, got); !strings.Contains(out, want+`"[redacted]"`) {
			t.Errorf("%s: redacted\n got %s\nwant %s", name, out, want)
		}
	}
}

// TestNilDetailsPointer: a nil *Details detail is written as null (it used
// to panic in Details.Len).
func TestNilDetailsPointer(t *testing.T) {
	e := errorx.New("X", "m").WithDetail("d", (*errorx.Details)(nil))
	if out := modelJSON(t, isecret.RedactError(e, nil)); !strings.Contains(out, `"details":{"d":null}`) {
		t.Errorf("got %s", out)
	}
}

// TestRedactSecretsDepth: a value nested deeper than MaxValueDepth is cut
// there with the writers' placeholder, secrets below included, so that the
// redacted model holds nothing deeper, whatever later writes it.
func TestRedactSecretsDepth(t *testing.T) {
	deep := any(map[string]any{"password": "hunter2"})
	for range errorx.MaxValueDepth + 50 {
		deep = []any{map[string]any{"d": deep}}
	}
	e := errorx.New("X", "m").WithDetail("deep", deep)
	got := isecret.RedactError(e, nil)
	v, _ := got.Details.Get("deep")
	for depth := 0; depth < errorx.MaxValueDepth; depth++ {
		switch x := v.(type) {
		case []any:
			v = x[0]
		case map[string]any:
			v = x["d"]
		default:
			t.Fatalf("depth %d: %T %v", depth, v, v)
		}
	}
	if v != "!ERROR:value nested too deeply" {
		t.Errorf("at MaxValueDepth: %T", v)
	}
	if a, b := modelJSON(t, got), modelJSON(t, e); a != b {
		t.Error("the redacted value is not cut where the writer cuts it")
	}
}

// TestRedactSecretsShared: a value that shares its parts (no cycle, but
// 2^60 paths) is not walked path by path: past MaxValueNodes it is redacted
// whole, so neither redaction nor rendering runs forever.
func TestRedactSecretsShared(t *testing.T) {
	v := any("leaf")
	for range 60 {
		v = map[string]any{"a": v, "b": []any{v}}
	}
	e := errorx.New("X", "m").WithDetail("dag", v).WithDetail("ok", 1)
	var got *errorx.Error
	within(t, 10*time.Second, "RedactSecrets", func() { got = isecret.RedactError(e, nil) })
	if d, _ := got.Details.Get("dag"); !isRedacted(d) {
		t.Errorf("dag: %T", d)
	}
	if d, _ := got.Details.Get("ok"); d != 1 {
		t.Errorf("ok: %v", d)
	}
}

func isRedacted(v any) bool {
	_, ok := v.(isecret.Redacted)
	return ok
}

// TestRedactSecretsNestedDetails: members of a Details (or *Details) inside
// a detail or a sent value are redacted by their keys, as a map's are.
func TestRedactSecretsNestedDetails(t *testing.T) {
	inner := errorx.DetailsOf(errorx.Detail{Key: "user", Value: "ada"}, errorx.Detail{Key: "db_password", Value: "hunter2"})
	e := errorx.New("X", "m").WithDetail("conn", inner).WithDetail("ptr", &inner).
		WithFields(sentence.SentField("arg", []any{inner}, "m"))
	out := modelJSON(t, isecret.RedactError(e, nil))
	if strings.Contains(out, "hunter2") || strings.Count(out, `{"user":"ada","db_password":"[redacted]"}`) != 3 {
		t.Errorf("got %s", out)
	}
	if v, _ := inner.Get("db_password"); v != "hunter2" {
		t.Error("the original Details was changed")
	}
}
