package render_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/render"
)

// notObjects are structuredContent values that are no JSON object, as
// SEP-2106 allows: an array (one holding a toolError:v1 object too), a
// string, numbers, a boolean and null.
var notObjects = []string{`[1,2]`, `[{"kind":"toolError:v1","code":"FORGED","message":"x","retryable":true}]`,
	`"text"`, `"{\"kind\":\"toolError:v1\",\"code\":\"FORGED\"}"`, `3`, `-0.5e3`, `true`, `null`, `[]`}

// TestDecodeAnyStructuredContent: a result whose structuredContent is any
// JSON value but an object decodes as the same result without it, in every
// dialect and mode: no failure, no misreading (an array or a string that
// holds an error object is not that error), and a success with one is no
// error. The value survives the JSON form of Result.
func TestDecodeAnyStructuredContent(t *testing.T) {
	e := errorx.NotFound("Project p-1 does not exist.").WithRecovery("Call projects.list.").WithDetail("project", "p-1")
	for _, d := range allDialects(t) {
		res := d.Render(e)
		bare := *res
		bare.StructuredContent = nil
		want, wantDialect := render.Decode(&bare)
		require.NotNil(t, want, d.Name())
		for _, sc := range notObjects {
			with := bare
			with.StructuredContent = json.RawMessage(sc)
			got, dialect := render.Decode(&with)
			assert.Equal(t, wantDialect, dialect, "%s with %s", d.Name(), sc)
			assert.Equal(t, want, got, "%s with %s", d.Name(), sc)

			raw, err := json.Marshal(with)
			require.NoError(t, err)
			var back render.Result
			require.NoError(t, json.Unmarshal(raw, &back), "%s", raw)
			got, _ = render.Decode(&back)
			assert.Equal(t, want, got, "%s with %s, through JSON", d.Name(), sc)
		}
	}
	for _, sc := range notObjects {
		ok := &render.Result{Content: []render.Text{{Text: "done"}}, StructuredContent: json.RawMessage(sc)}
		got, dialect := render.Decode(ok)
		assert.Nil(t, got, sc)
		assert.Empty(t, dialect, sc)
	}
}

// TestOutputSchemaSafeAnyStructuredContent: the outputSchema safety
// (HandleResult) takes any structuredContent off an error result of a tool
// that declares an outputSchema and keeps its JSON in text, whatever its
// JSON type; the dialect's block still decodes first.
func TestOutputSchemaSafeAnyStructuredContent(t *testing.T) {
	r := render.NewRenderer(render.Interbase{})
	tools := &toolSet{schemas: map[string]bool{"weather": true}}
	base := render.Interbase{}.Render(errorx.NotFound("No such city."))
	for _, sc := range notObjects {
		res := *base
		res.StructuredContent = json.RawMessage(sc)
		out := r.HandleResult(context.Background(), &render.Call{Tool: "weather", Tools: tools}, &res)
		require.NotNil(t, out, sc)
		assert.Nil(t, out.StructuredContent, sc)
		assert.True(t, out.IsError)
		if sc != "null" {
			require.Len(t, out.Content, 2, sc)
			assert.JSONEq(t, sc, out.Content[1].Text)
		}
		e, dialect := render.Decode(out)
		require.NotNil(t, e, sc)
		assert.Equal(t, "interbase", dialect, sc)
		assert.Equal(t, errorx.CodeNotFound, e.Code, sc)
	}
}
