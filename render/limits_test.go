package render_test

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/rendercheck"
	"github.com/mcperr/mcperr/internal/sentence"
	"github.com/mcperr/mcperr/render"
)

func TestLimitsWithinIsUntouched(t *testing.T) {
	for _, sc := range scenarios() {
		e := sc.err()
		if got := (render.Limits{}).Apply(e); got != e {
			t.Errorf("%s: a small error was copied", sc.name)
		}
	}
	e := typical()
	if n := testing.AllocsPerRun(100, func() { _ = render.DefaultLimits.Apply(e) }); n != 0 {
		t.Errorf("Apply on a small error allocates %v times", n)
	}
}

// TestLimitsBound: huge strings, 10,000 details, huge values, many fields
// and actions are cut, say so, and every dialect then renders valid output
// of bounded size.
func TestLimitsBound(t *testing.T) {
	huge := strings.Repeat("é<", 5<<20) // 15 MB of text that every dialect escapes
	e := errorx.New("BIG", huge).WithRecovery(huge).WithTool(huge)
	for i := range 10_000 {
		e.WithDetail("k"+strings.Repeat("x", i%7)+string(rune('a'+i%26))+string(rune('0'+i/26%10))+string(rune('0'+i/260)), i)
	}
	e.WithDetail("blob", map[string]any{"rows": strings.Split(strings.Repeat("row,", 100_000), ",")})
	for range 1000 {
		e.WithActions("tool.action")
		e.WithFields(sentence.SentField("f", huge, huge))
	}
	l := render.Limits{}
	b := l.Apply(e)
	if b == e || e.Message != huge || e.Details.Len() < 1000 {
		t.Fatal("Apply changed the original or returned it")
	}
	kept, _, _ := strings.Cut(b.Message, "…(truncated, ")
	if len(kept) > 4096 || len(kept) < 4090 || !strings.HasSuffix(b.Message, "…(truncated, "+itoa(len(huge)-len(kept))+" bytes)") || !utf8.ValidString(b.Message) {
		t.Errorf("message cut: %q", b.Message[len(b.Message)-40:])
	}
	if len(b.Actions) != 32 || len(b.Fields) != 100 || b.Details.Len() != 65 {
		t.Errorf("counts: %d actions, %d fields, %d details", len(b.Actions), len(b.Fields), b.Details.Len())
	}
	if v, _ := b.Details.Get(codes.TruncatedKey); v != "(truncated: 968 more actions, 900 more fields, 9937 more details)" {
		t.Errorf("the cut is not counted: %v", v)
	}
	for _, d := range dialects() {
		res := d.Render(b)
		if err := rendercheck.Valid(res); err != nil {
			t.Fatalf("%s: %v", d.Name(), err)
		}
		size, _ := json.Marshal(res)
		if len(size) > 8<<20 {
			t.Errorf("%s: %d bytes after Apply", d.Name(), len(size))
		}
	}
}

func TestLimitsValues(t *testing.T) {
	l := render.Limits{MaxValue: 100, MaxString: 50}
	e := errorx.New("X", "m").
		WithDetail("long", strings.Repeat("a", 500)).
		WithDetail("escaped", strings.Repeat("\x01", 500)).
		WithDetail("tree", map[string]any{"a": strings.Repeat("b", 200)}).
		WithDetail("small", map[string]any{"a": 1}).
		WithDetail(strings.Repeat("k", 80), 1).
		WithFields(sentence.SentField("p", strings.Repeat("s", 300), "m"))
	b := l.Apply(e)
	for k, v := range b.Details.All() {
		if n := len(mustMarshal(v)); n > 100+40 {
			t.Errorf("detail %q is %d bytes", k, n)
		}
		if len(k) > 50+30 {
			t.Errorf("key %q not cut", k)
		}
	}
	if v, _ := b.Details.Get("tree"); v != "…(truncated, 208 bytes)" {
		t.Errorf("tree: %v", v)
	}
	if v, _ := b.Details.Get("small"); mustMarshal(v) != `{"a":1}` {
		t.Errorf("a small value was cut: %v", v)
	}
	if s := b.Fields[0].Sent.(string); !strings.HasPrefix(s, strings.Repeat("s", 100)) || !strings.HasSuffix(s, "…(truncated, 200 bytes)") {
		t.Errorf("sent: %q", s)
	}
	// The same input is cut the same way.
	if rendercheck.Canonical(l.Apply(e)) != rendercheck.Canonical(b) {
		t.Error("Apply is not deterministic")
	}
}

func mustMarshal(v any) string { b, _ := json.Marshal(v); return string(b) }

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }
