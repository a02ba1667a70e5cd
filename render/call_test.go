package render_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/adapt"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/logtest"
	"github.com/mcperr/mcperr/render"
)

// toolSet is a render.Tools over a set of tool names that declare an
// outputSchema; it counts its lookups.
type toolSet struct {
	schemas map[string]bool
	lookups int
}

func (s *toolSet) DeclaresOutputSchema(_ context.Context, name string) bool {
	s.lookups++
	return s.schemas[name]
}

func TestFailed(t *testing.T) {
	for _, c := range []struct {
		hasResult bool
		err       error
		want      bool
	}{
		{true, nil, false},
		{true, (*errorx.Error)(nil), false}, // the typed-nil trap: no error
		{true, errors.New("x"), true},       // the error wins
		{false, nil, true},
		{false, (*errorx.Error)(nil), true},
		{false, errorx.NotFound("Gone."), true},
		{true, fmt.Errorf("w: %w", (*errorx.Error)(nil)), true}, // only err itself is the trap
	} {
		assert.Equal(t, c.want, adapt.Failed(c.hasResult, c.err), "Failed(%v, %#v)", c.hasResult, c.err)
	}
}

// TestCallTools: the Tools of a Call decide OutputSchemaSafe, asked at
// most once per call of the Renderer and only while it handles an error.
func TestCallTools(t *testing.T) {
	e := errorx.NotFound("No such city.")
	ctx := context.Background()
	for _, policy := range []render.OutputSchemaPolicy{render.OutputSchemaSafe, render.OutputSchemaIgnore} {
		r := render.NewRenderer(render.ToolError{}, render.WithOutputSchemaPolicy(policy))
		tools := &toolSet{schemas: map[string]bool{"weather.get": true}}
		safe := policy == render.OutputSchemaSafe

		res := r.RenderCall(ctx, &render.Call{Tool: "weather.get", Tools: tools}, e)
		assert.Equal(t, safe, res.StructuredContent == nil, "%v: RenderCall's structuredContent", policy)
		assert.True(t, res.IsError)
		if safe {
			assert.Len(t, res.Content, 2, "markdown became both: the JSON block carries what structuredContent held")
		}
		res, perr := r.HandleError(ctx, &render.Call{Tool: "weather.get", Tools: tools}, e)
		require.NoError(t, perr)
		assert.Equal(t, safe, res.StructuredContent == nil, "%v: HandleError's structuredContent", policy)
		res = r.HandlePanic(ctx, &render.Call{Tool: "weather.get", Tools: tools}, "boom")
		assert.Equal(t, safe, res.StructuredContent == nil, "%v: HandlePanic's structuredContent", policy)
		res = r.RenderCall(ctx, &render.Call{Tool: "other", Tools: tools}, e)
		assert.NotNil(t, res.StructuredContent, "%v: a tool without outputSchema", policy)
		if safe {
			assert.Equal(t, 4, tools.lookups, "one lookup per call of the Renderer")
		} else {
			assert.Zero(t, tools.lookups, "OutputSchemaIgnore asks nothing")
		}
	}
	// A warning of a tool with an outputSchema becomes an error result: a
	// strict client throws on a result without structuredContent and
	// without isError.
	warn := errorx.New(codes.Deprecated, "Use v2.").WithSeverity(errorx.SeverityWarning)
	tools := &toolSet{schemas: map[string]bool{"weather.get": true}}
	res := render.NewRenderer(render.Interbase{}).RenderCall(ctx, &render.Call{Tool: "weather.get", Tools: tools}, warn)
	assert.True(t, res.IsError)
	res = render.NewRenderer(render.Interbase{}).RenderCall(ctx, &render.Call{Tool: "other", Tools: tools}, warn)
	assert.False(t, res.IsError)
}

// TestHandleResult: an error result with structuredContent that a handler
// built loses it for a tool that declares an outputSchema, its JSON kept
// in text; everything else is returned as it is, the same pointer.
func TestHandleResult(t *testing.T) {
	ctx := context.Background()
	tools := &toolSet{schemas: map[string]bool{"typed": true}}
	r := render.NewRenderer(nil)
	md := render.ToolError{}.Render(errorx.NotFound("Gone."))
	both := render.ToolError{Mode: render.ModeBoth}.Render(errorx.NotFound("Gone."))
	pretty := &render.Result{Content: []render.Text{{Text: "{\n  \"reason\": \"quota\"\n}"}}, StructuredContent: json.RawMessage(`{"reason":"quota"}`), IsError: true}
	for name, c := range map[string]struct {
		tool   string
		res    *render.Result
		same   bool
		blocks int
	}{
		"markdown":                        {"typed", md, false, 2},
		"json block already":              {"typed", both, false, 2},
		"same value, other form":          {"typed", pretty, false, 1},
		"no outputSchema":                 {"plain", md, true, 1},
		"success":                         {"typed", &render.Result{Content: []render.Text{{Text: "ok"}}, StructuredContent: json.RawMessage(`{"t":1}`)}, true, 1},
		"error without structuredContent": {"typed", errorResult("no"), true, 1},
	} {
		before := resultJSON(t, c.res)
		got := r.HandleResult(ctx, &render.Call{Tool: c.tool, Tools: tools}, c.res)
		assert.Equal(t, before, resultJSON(t, c.res), "%s: the handler's result was changed", name)
		if c.same {
			assert.Same(t, c.res, got, name)
			continue
		}
		assert.Nil(t, got.StructuredContent, name)
		assert.True(t, got.IsError, name)
		assert.Len(t, got.Content, c.blocks, name)
		e, dialect := render.Decode(got)
		if c.res != pretty {
			assert.Equal(t, "toolerror", dialect, name)
			assert.Equal(t, errorx.CodeNotFound, e.Code, name)
		}
	}
	assert.Nil(t, r.HandleResult(ctx, nil, nil))
	ignore := render.NewRenderer(nil, render.WithOutputSchemaPolicy(render.OutputSchemaIgnore))
	assert.Same(t, md, ignore.HandleResult(ctx, &render.Call{Tool: "typed", Tools: tools}, md))
}

// TestHandleErrorProtocol: the errors the call's SDK answers itself and
// those WithProtocolErrors matches are given back, unchanged, without a
// result; a chain too long or looping to search is never one.
func TestHandleErrorProtocol(t *testing.T) {
	errSDK := errors.New("the SDK's own")
	errKeep := errors.New("keep")
	r := render.NewRenderer(nil, render.WithProtocolErrors(func(err error) bool { return errors.Is(err, errKeep) }))
	c := &render.Call{Tool: "t", Protocol: func(err error) bool { return errors.Is(err, errSDK) }}
	for _, err := range []error{errSDK, fmt.Errorf("w: %w", errSDK), errKeep, fmt.Errorf("w: %w", errKeep)} {
		res, perr := r.HandleError(context.Background(), c, err)
		assert.Nil(t, res, "%v", err)
		assert.Same(t, err, perr, "%v: want the error itself", err)
	}
	res, perr := r.HandleError(context.Background(), c, &loopingError{})
	assert.NoError(t, perr)
	e, _ := render.Decode(res)
	assert.Equal(t, errorx.CodeInternalError, e.Code)
	res, perr = r.HandleError(context.Background(), nil, errSDK)
	assert.NoError(t, perr, "a nil Call knows no protocol error")
	assert.NotNil(t, res)
}

// loopingError's Unwrap returns itself: errors.Is and errors.As never
// return on it.
type loopingError struct{}

func (e *loopingError) Error() string { return "loops" }
func (e *loopingError) Unwrap() error { return e }

// TestHandleErrorLogs: what the agent does not see is logged, naming the
// tool, with the credentials it spells out masked; what it sees is not.
func TestHandleErrorLogs(t *testing.T) {
	for _, c := range []struct {
		name   string
		err    error
		code   string
		logged string
	}{
		{"model", errorx.Conflict("Taken."), errorx.CodeConflict, ""},
		{"unclassified", errors.New("dial db: password=hunter2"), errorx.CodeInternalError, "dial db: password=[redacted]"},
		{"internal around a cause", errorx.Wrap(errors.New("insert: password=hunter2"), errorx.CodeInternalError, "Could not save."), errorx.CodeInternalError, "insert: password=[redacted]"},
		{"nothing", nil, errorx.CodeInternalError, "neither a result nor an error"},
		{"nil model", (*errorx.Error)(nil), errorx.CodeInternalError, "nil *errorx.Error"},
	} {
		var log logtest.Buffer
		r := render.NewRenderer(nil, render.WithLogger(log.Logger()))
		res, perr := r.HandleError(context.Background(), &render.Call{Tool: "t"}, c.err)
		require.NoError(t, perr, c.name)
		e, _ := render.Decode(res)
		assert.Equal(t, c.code, e.Code, c.name)
		assert.Equal(t, "t", e.Tool, c.name)
		assert.NotContains(t, resultJSON(t, res), "hunter2", c.name)
		assert.NotContains(t, log.String(), "hunter2", c.name)
		if c.logged == "" {
			assert.Empty(t, log.String(), c.name)
		} else {
			assert.Contains(t, log.String(), c.logged, c.name)
			assert.Contains(t, log.String(), `"tool":"t"`, c.name)
		}
	}
}

// TestAdapterSuccessAllocs: a successful call through an adapter built on
// the exported API (toyMiddleware) allocates nothing more than the bare
// handler.
func TestAdapterSuccessAllocs(t *testing.T) {
	ok := successResult("ok")
	bare := handler(ok, nil)
	wrapped := toyMiddleware(render.NewRenderer(nil), nil)(bare)
	ctx, call := context.Background(), &toyCall{Tool: "t", Arguments: json.RawMessage(`{"format":"json"}`)}
	b := testing.AllocsPerRun(1000, func() { _, _ = bare(ctx, call) })
	w := testing.AllocsPerRun(1000, func() { _, _ = wrapped(ctx, call) })
	assert.Equal(t, b, w)
}

// TestRetry: the core loop over any client's result type: a transient
// error is retried, a client that returns nothing gives an INTERNAL error
// at once, a done context makes no call.
func TestRetry(t *testing.T) {
	fast := render.RetryPolicy{InitialDelay: time.Millisecond}
	down := render.Contract{}.Render(errorx.Transient("Down."))
	fine := successResult("fine")
	var calls int
	got, err := render.Retry(context.Background(), fast, "t", func(context.Context) (string, *render.Result, error) {
		calls++
		if calls < 3 {
			return "down", down, nil
		}
		return "fine", fine, nil
	})
	assert.NoError(t, err)
	assert.Equal(t, "fine", got)
	assert.Equal(t, 3, calls)

	calls = 0
	got, err = render.Retry(context.Background(), fast, "t", func(context.Context) (string, *render.Result, error) {
		calls++
		return "nothing", nil, nil
	})
	assert.Empty(t, got, "want the zero R")
	e, ok := errorx.As(err)
	require.True(t, ok, "%v", err)
	assert.Equal(t, errorx.ClassInternal, e.EffectiveClass())
	assert.Equal(t, "t", e.Tool)
	assert.Equal(t, 1, calls)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	calls = 0
	_, err = render.Retry(ctx, fast, "t", func(context.Context) (int, *render.Result, error) {
		calls++
		return 1, fine, nil
	})
	assert.ErrorIs(t, err, context.Canceled)
	assert.Zero(t, calls)

	// A client error is classified, and retried when transient.
	calls = 0
	_, err = render.Retry(context.Background(), fast, "t", func(context.Context) (int, *render.Result, error) {
		calls++
		if calls == 1 {
			return 0, nil, context.DeadlineExceeded
		}
		return 1, errorResult(strings.Repeat("x", 3)), nil
	})
	assert.Error(t, err)
	assert.Equal(t, 2, calls)
}
