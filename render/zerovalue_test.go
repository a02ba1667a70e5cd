package render_test

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/logtest"
	"github.com/mcperr/mcperr/render"
)

// useDefaultLogger makes log the destination of slog.Default() for the rest
// of t.
func useDefaultLogger(t *testing.T, log *logtest.Buffer) {
	t.Helper()
	old := slog.Default()
	slog.SetDefault(log.Logger())
	t.Cleanup(func() { slog.SetDefault(old) })
}

// TestZeroRenderer checks that the zero Renderer is NewRenderer(nil): the
// interbase dialect, the default logger and the default policy.
func TestZeroRenderer(t *testing.T) {
	var log logtest.Buffer
	useDefaultLogger(t, &log)
	var r render.Renderer
	if _, ok := r.Dialect().(render.Interbase); !ok {
		t.Errorf("Dialect() = %#v, want Interbase{}", r.Dialect())
	}
	if r.Render(nil) != nil {
		t.Error("Render(nil) != nil")
	}
	want := render.NewRenderer(nil)
	for _, err := range []error{
		errors.New("x"),
		errorx.NotFound("Gone.").WithDetail("api_token", "hunter2"), // redacted by default
	} {
		got := r.Render(err)
		if g, w := resultJSON(t, got), resultJSON(t, want.Render(err)); g != w {
			t.Errorf("Render(%v) = %s, want NewRenderer(nil)'s %s", err, g, w)
		}
		if strings.Contains(resultJSON(t, got), "hunter2") {
			t.Errorf("Render(%v) shows a secret: %s", err, resultJSON(t, got))
		}
	}

	// Through an adapter: the call is rendered and logged to slog.Default.
	tools := map[string]toyHandler{
		"err":   handler(nil, errors.New("dial db: password=hunter2")),
		"panic": func(context.Context, *toyCall) (*render.Result, error) { panic("boom") },
		"ok":    handler(successResult("ok"), nil),
	}
	for _, tool := range []string{"err", "panic"} {
		res, err := serve(&r, tools[tool], tool, nil)
		if err != nil {
			t.Fatal(err)
		}
		e, dialect := render.Decode(res)
		if dialect != "interbase" || e.Code != errorx.CodeInternalError || e.Tool != tool || !res.IsError {
			t.Errorf("%s: %s %+v", tool, dialect, e)
		}
		if strings.Contains(resultJSON(t, res), "hunter2") {
			t.Errorf("%s: the result shows the error's text: %s", tool, resultJSON(t, res))
		}
	}
	if res, _ := serve(&r, tools["ok"], "ok", nil); res.IsError {
		t.Errorf("ok: %s", resultJSON(t, res))
	}
	for _, s := range []string{"unclassified error", "dial db: password=[redacted]", "tool handler panicked"} {
		if !strings.Contains(log.String(), s) {
			t.Errorf("the default log lacks %q: %s", s, log.String())
		}
	}
	if strings.Contains(log.String(), "hunter2") {
		t.Errorf("the default log shows the password: %s", log.String())
	}
	if strings.Contains(log.String(), "rendering") {
		t.Errorf("a rendering failure was logged: %s", log.String())
	}
}

// panicky is a Dialect whose Render panics.
type panicky struct{ render.Interbase }

func (panicky) Render(*errorx.Error) *render.Result { panic("dialect bug") }

// checkFallback fails t unless res is the minimal generic error result.
func checkFallback(t *testing.T, res *render.Result) {
	t.Helper()
	if res == nil || !res.IsError || len(res.Content) != 1 || res.StructuredContent != nil {
		t.Fatalf("result %s, want one text block with isError", resultJSON(t, res))
	}
	text := res.Content[0].Text
	if text == "" || strings.Contains(text, "dialect bug") || strings.Contains(text, "boom") {
		t.Errorf("fallback text %q", text)
	}
	if e, _ := render.Decode(res); e == nil || e.EffectiveClass() != errorx.ClassInternal {
		t.Errorf("Decode(fallback) = %+v, want an internal error", e)
	}
}

// TestRenderPanicFallback checks that a panic while rendering never escapes:
// the result is a minimal generic error, and the log blames the rendering.
func TestRenderPanicFallback(t *testing.T) {
	var log logtest.Buffer
	r := render.NewRenderer(panicky{}, render.WithLogger(log.Logger()))

	checkFallback(t, r.Render(errors.New("x")))
	checkFallback(t, r.RenderCall(context.Background(), call("t", nil), errorx.NotFound("Gone.")))
	if r.Render(nil) != nil {
		t.Error("Render(nil) != nil")
	}

	for _, tc := range []struct {
		name    string
		h       toyHandler
		handler bool // the handler panicked too
	}{
		{"Go error", handler(nil, errors.New("x")), false},
		{"model error", handler(nil, errorx.NotFound("Gone.")), false},
		{"no result", handler(nil, nil), false},
		{"handler panic", func(context.Context, *toyCall) (*render.Result, error) { panic("boom") }, true},
		{"handler renders", func(context.Context, *toyCall) (*render.Result, error) {
			return r.Render(errors.New("x")), nil
		}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := len(log.String())
			res, err := serve(r, tc.h, "t", nil)
			if err != nil {
				t.Fatalf("err = %v", err)
			}
			checkFallback(t, res)
			logged := log.String()[before:]
			want := []string{"rendering the tool error panicked", "dialect bug", "goroutine"}
			if tc.name != "handler renders" { // Render knows no request
				want = append(want, `"tool":"t"`)
			}
			for _, s := range want {
				if !strings.Contains(logged, s) {
					t.Errorf("the log lacks %q: %s", s, logged)
				}
			}
			if got := strings.Contains(logged, "tool handler panicked"); got != tc.handler {
				t.Errorf("logged as a handler panic: %v, want %v: %s", got, tc.handler, logged)
			}
		})
	}
}

// errorPanics is an error whose classification panics (its StatusCode
// method), as a buggy error type of a handler's may.
type errorPanics struct{}

func (errorPanics) Error() string   { return "bad error" }
func (errorPanics) StatusCode() int { panic("status bug") }

// TestMiddlewareClassifyPanic checks that a panic while classifying the
// handler's error is recovered as a rendering failure, not blamed on the
// handler, and that the result is the generic one.
func TestHandleErrorClassifyPanic(t *testing.T) {
	var log logtest.Buffer
	res, err := serve(render.NewRenderer(render.XML{}, render.WithLogger(log.Logger())), handler(nil, errorPanics{}), "t", nil)
	if err != nil {
		t.Fatal(err)
	}
	checkFallback(t, res)
	if s := log.String(); !strings.Contains(s, "rendering the tool error panicked") || !strings.Contains(s, "status bug") || strings.Contains(s, "tool handler panicked") {
		t.Errorf("log: %s", s)
	}
}
