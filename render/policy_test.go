package render_test

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"testing"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/sentence"
	"github.com/mcperr/mcperr/render"
)

// wire is everything a client receives of res.
func wire(t *testing.T, res *render.Result) string {
	t.Helper()
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestRendererRedactsSecrets: a secret argument's value, a secret detail and
// a Redact-wrapped value never reach the wire, in any dialect.
func TestRendererRedactsSecrets(t *testing.T) {
	e := errorx.New(errorx.CodeInvalidInput, "Login failed.").
		WithDetail("Authorization", "Bearer sk-live-123").
		WithDetail("card", errorx.Redact("4111 1111 1111 1111")).
		WithFields(sentence.SentField("password", "hunter2", "Too short."), sentence.SentField("user", "ann", "Unknown user."))
	for _, d := range dialects() {
		got := wire(t, render.NewRenderer(d).Render(e))
		for _, secret := range []string{"sk-live", "hunter2", "4111"} {
			if strings.Contains(got, secret) {
				t.Errorf("%s shows %q: %s", d.Name(), secret, got)
			}
		}
		if !strings.Contains(got, "[redacted]") || !strings.Contains(got, "ann") {
			t.Errorf("%s: %s", d.Name(), got)
		}
	}
	// Names can be replaced, or turned off; Redact always holds.
	got := wire(t, render.NewRenderer(render.Interbase{}, render.WithSecretNames()).Render(e))
	if !strings.Contains(got, "hunter2") || strings.Contains(got, "4111") {
		t.Errorf("redaction by name off: %s", got)
	}
	got = wire(t, render.NewRenderer(render.Interbase{}, render.WithSecretNames("user")).Render(e))
	if !strings.Contains(got, "hunter2") || strings.Contains(got, "ann") {
		t.Errorf("custom names: %s", got)
	}
}

// TestRendererBoundsOutput: a huge error comes out under MaxOutput, valid,
// and saying what was cut.
func TestRendererBoundsOutput(t *testing.T) {
	e := errorx.New("BIG", strings.Repeat("<&>", 1<<20))
	for i := range 500 {
		e.WithDetail(strings.Repeat("k", i+1), strings.Repeat("v", 3000))
	}
	for _, d := range dialects() {
		for _, max := range []int{4 << 10, 64 << 10} {
			res := render.NewRenderer(d, render.WithLimits(render.Limits{MaxOutput: max})).Render(e)
			n := 0
			for _, c := range res.Content {
				n += len(c.Text)
			}
			if res.StructuredContent != nil {
				n += len(structuredOf(t, res))
			}
			if n > max {
				t.Errorf("%s: %d bytes over MaxOutput %d", d.Name(), n, max)
			}
			if w := wire(t, res); !strings.Contains(w, "truncated") {
				t.Errorf("%s: the cut is not said", d.Name())
			}
		}
	}
	// Within the limits, the Renderer writes exactly what the dialect writes.
	small := typicalXML()
	for _, d := range dialects() {
		if a, b := wire(t, render.NewRenderer(d).Render(small)), wire(t, d.Render(small)); a != b {
			t.Errorf("%s: the Renderer changed a small error:\n%s\n%s", d.Name(), a, b)
		}
	}
}

// TestRendererInternalText: internals stay off the wire unless the author
// opts in.
func TestRendererInternalText(t *testing.T) {
	err := errors.New("pq: password authentication failed for user \"app\" at 10.0.0.7")
	req := call("db.query", nil)
	quiet := render.WithLogger(slog.New(slog.DiscardHandler))
	for _, optIn := range []bool{false, true} {
		opts := []render.Option{quiet}
		if optIn {
			opts = append(opts, render.WithInternalErrorText())
		}
		r := render.NewRenderer(render.Contract{}, opts...)
		got := wire(t, r.RenderCall(context.Background(), req, err))
		if shows := strings.Contains(got, "10.0.0.7"); shows != optIn {
			t.Errorf("opt-in %v: shows the internal text %v: %s", optIn, shows, got)
		}
		panicky := func(context.Context, *toyCall) (*render.Result, error) {
			panic("index out of range [7] with length 3")
		}
		res, perr := serve(r, panicky, "db.query", nil)
		if perr != nil {
			t.Fatal(perr)
		}
		if shows := strings.Contains(wire(t, res), "index out of range"); shows != optIn {
			t.Errorf("opt-in %v: shows the panic value %v", optIn, shows)
		}
	}
}
