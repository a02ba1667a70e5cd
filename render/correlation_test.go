package render_test

import (
	"context"
	"encoding/json"
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/forgerytest"
	"github.com/mcperr/mcperr/internal/logtest"
	"github.com/mcperr/mcperr/render"
)

// generatedID is the form of an id a Renderer makes itself.
var generatedID = regexp.MustCompile(`^[a-z2-7]{12}$`)

// allDialects lists every dialect with its default options, and the
// toolerror dialect in each mode.
func allDialects(t *testing.T) []render.Dialect {
	t.Helper()
	var out []render.Dialect
	for _, name := range render.Names() {
		d, err := render.ByName(name)
		require.NoError(t, err)
		out = append(out, d)
	}
	return append(out, render.ToolError{Mode: render.ModeJSON}, render.ToolError{Mode: render.ModeBoth})
}

// TestCorrelationIDOnTheWire: with WithCorrelationID, the id of the
// request's context reaches the wire in every dialect (the envelope's
// request_id, a detail elsewhere), Decode reads it back under
// CorrelationIDKey, and the rest of the error is what it was.
func TestCorrelationIDOnTheWire(t *testing.T) {
	const id = "req-42.A_b"
	ctx := render.ContextWithCorrelationID(context.Background(), id)
	e := errorx.NotFound("Project p-1 does not exist.").WithDetail("project", "p-1")
	for _, d := range allDialects(t) {
		r := render.NewRenderer(d, render.WithCorrelationID(render.CorrelationIDFrom))
		res := r.RenderCall(ctx, &render.Call{Tool: "get"}, e)
		raw, err := json.Marshal(res)
		require.NoError(t, err)
		assert.Contains(t, string(raw), id, "%s: the id is not on the wire", d.Name())
		got, dialect := render.Decode(res)
		require.NotNil(t, got, d.Name())
		assert.Equal(t, d.Name(), dialect)
		v, _ := got.Details.Get(codes.CorrelationIDKey)
		assert.Equal(t, id, v, "%s: %s", d.Name(), raw)
		assert.Equal(t, errorx.CodeNotFound, got.Code, d.Name())
		p, _ := got.Details.Get("project")
		assert.Equal(t, "p-1", p, d.Name())

		// Off by default: the same bytes as the dialect alone.
		plain := render.NewRenderer(d).RenderCall(ctx, &render.Call{Tool: "get"}, e)
		assert.NotContains(t, plain.Content[0].Text, id, d.Name())
	}
	env := render.NewRenderer(render.Envelope{}, render.WithCorrelationID(render.CorrelationIDFrom)).RenderCall(ctx, nil, e)
	assert.Contains(t, env.Content[0].Text, `"request_id":"`+id+`","version"`)
	assert.NotContains(t, env.Content[0].Text, codes.CorrelationIDKey, "the envelope's id is in its own slot, not in details")
}

// TestCorrelationIDSource: an id from the context is taken only when it is
// safe; anything else gets a fresh random id, as does a request with none;
// a source of the server's own is asked instead of the context.
func TestCorrelationIDSource(t *testing.T) {
	idOf := func(r *render.Renderer, ctx context.Context) string {
		res := r.RenderCall(ctx, nil, errorx.NotFound("Gone."))
		e, _ := render.Decode(res)
		require.NotNil(t, e)
		v, _ := e.Details.Get(codes.CorrelationIDKey)
		s, _ := v.(string)
		return s
	}
	r := render.NewRenderer(render.Contract{}, render.WithCorrelationID(render.CorrelationIDFrom))
	bg := context.Background()
	for _, ok := range []string{"a", "ABC-def_1.2", strings.Repeat("x", render.MaxCorrelationID)} {
		assert.Equal(t, ok, idOf(r, render.ContextWithCorrelationID(bg, ok)))
	}
	for _, bad := range []string{"", "a b", "<x>", `"}`, "id\n", "ü", "a/b", strings.Repeat("x", render.MaxCorrelationID+1),
		"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl"} { // a JSON Web Token: the log masks it
		got := idOf(r, render.ContextWithCorrelationID(bg, bad))
		assert.Regexp(t, generatedID, got, "%q must be replaced", bad)
	}
	a, b := idOf(r, bg), idOf(r, bg)
	assert.Regexp(t, generatedID, a)
	assert.NotEqual(t, a, b, "each error gets its own id")

	own := render.NewRenderer(render.Contract{}, render.WithCorrelationID(func(ctx context.Context) string { return "trace-7" }))
	assert.Equal(t, "trace-7", idOf(own, render.ContextWithCorrelationID(bg, "ignored")))
	assert.Equal(t, "from-ctx", render.CorrelationIDFrom(render.ContextWithCorrelationID(bg, "from-ctx")))
	assert.Empty(t, render.CorrelationIDFrom(bg))
}

// TestCorrelationIDMarkdownInert: the id an unclassified error's message
// names ("Internal server error (ref ID).") may come from the caller, and
// the message is a sentence toolError:v1's markdown block writes as
// markdown: a context's id is taken only when nothing in it reads as
// markdown there (no emphasis, no link), else a fresh one names the error.
// __INJECTED__ rendered "(ref __INJECTED__)" in bold.
func TestCorrelationIDMarkdownInert(t *testing.T) {
	r := render.NewRenderer(render.ToolError{}, render.WithCorrelationID(render.CorrelationIDFrom))
	block := func(id string) (string, string) {
		res := r.RenderCall(render.ContextWithCorrelationID(context.Background(), id), nil, errors.New("db down"))
		e, _ := render.Decode(res)
		require.NotNil(t, e)
		got, _ := e.Details.Get(codes.CorrelationIDKey)
		return res.Content[0].Text, got.(string)
	}
	benign, _ := block("a")
	for _, id := range []string{"__INJECTED__", "_a", "a_", "a__b", "**a**", "-a", "a-", ".a", "a.", "a..b", "a-_b",
		"www.evil.example", "WWW.evil.example"} {
		text, got := block(id)
		assert.Regexp(t, generatedID, got, "%q must be replaced", id)
		assert.NotContains(t, text, id)
		assert.Equal(t, forgerytest.Markdown(benign).String(), forgerytest.Markdown(text).String(), "%q: %s", id, text)
	}
	for _, id := range []string{"a_b", "req-42.A_b", "trace.7f3a-01", "0af7651916cd43dd8448eb211c80319c"} {
		text, got := block(id)
		assert.Equal(t, id, got)
		assert.Contains(t, text, "(ref "+id+").")
		assert.Equal(t, forgerytest.Markdown(benign).String(), forgerytest.Markdown(text).String(), "%q: %s", id, text)
	}
}

// TestCorrelationIDLogged: the line HandleError logs carries the id the
// result carries, for an unclassified error (whose masked message names
// it, with the usual recovery), a panic and an error the handler
// described (logged at Info only when ids are on).
func TestCorrelationIDLogged(t *testing.T) {
	var log logtest.Buffer
	r := render.NewRenderer(render.Interbase{}, render.WithLogger(log.Logger()), render.WithCorrelationID(render.CorrelationIDFrom))
	ctx := context.Background()

	res, _ := r.HandleError(ctx, &render.Call{Tool: "q"}, errors.New("pq: relation does not exist"))
	e, _ := render.Decode(res)
	require.NotNil(t, e)
	id, _ := e.Details.Get(codes.CorrelationIDKey)
	require.Regexp(t, generatedID, id)
	assert.Equal(t, "Internal server error (ref "+id.(string)+").", e.Message)
	assert.Equal(t, codes.InternalRecovery, e.Recovery)
	assert.Contains(t, log.String(), `"correlation_id":"`+id.(string)+`"`)
	assert.Contains(t, log.String(), "pq: relation does not exist")

	log = logtest.Buffer{}
	r = render.NewRenderer(render.Interbase{}, render.WithLogger(log.Logger()), render.WithCorrelationID(render.CorrelationIDFrom))
	res, _ = r.HandleError(render.ContextWithCorrelationID(ctx, "c-1"), &render.Call{Tool: "q"}, errorx.NotFound("Gone."))
	e, _ = render.Decode(res)
	require.NotNil(t, e)
	assert.Equal(t, "Gone.", e.Message)
	assert.Contains(t, log.String(), `"level":"INFO"`)
	assert.Contains(t, log.String(), `"correlation_id":"c-1"`)
	assert.Contains(t, log.String(), `"code":"NOT_FOUND"`)

	res = r.HandlePanic(render.ContextWithCorrelationID(ctx, "p-1"), &render.Call{Tool: "q"}, "boom")
	e, _ = render.Decode(res)
	require.NotNil(t, e)
	v, _ := e.Details.Get(codes.CorrelationIDKey)
	assert.Equal(t, "p-1", v)
	assert.Contains(t, log.String(), `"msg":"mcperr: tool handler panicked"`)
	assert.Regexp(t, `"panic":"boom"[^\n]*"correlation_id":"p-1"`, log.String())

	// Off: no id anywhere, the reference's fixed sentence, no Info line.
	log = logtest.Buffer{}
	r = render.NewRenderer(render.Interbase{}, render.WithLogger(log.Logger()))
	res, _ = r.HandleError(ctx, nil, errors.New("secret"))
	e, _ = render.Decode(res)
	assert.Equal(t, "Internal server error.", e.Message)
	assert.NotContains(t, log.String(), "correlation_id")
	_, _ = r.HandleError(ctx, nil, errorx.NotFound("Gone."))
	assert.NotContains(t, log.String(), "INFO")
}

// TestCorrelationIDSurvivesLimits: the id is added after the limits, so an
// error with more details than MaxDetails keeps it.
func TestCorrelationIDSurvivesLimits(t *testing.T) {
	e := errorx.NotFound("Gone.")
	for i := range 10 {
		e.WithDetail("k"+strings.Repeat("x", i), i)
	}
	r := render.NewRenderer(render.XML{}, render.WithCorrelationID(render.CorrelationIDFrom), render.WithLimits(render.Limits{MaxDetails: 2}))
	res := r.RenderCall(render.ContextWithCorrelationID(context.Background(), "keep-me"), nil, e)
	got, _ := render.Decode(res)
	require.NotNil(t, got)
	v, _ := got.Details.Get(codes.CorrelationIDKey)
	assert.Equal(t, "keep-me", v)
}
