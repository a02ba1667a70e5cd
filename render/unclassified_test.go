package render_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/logtest"
	"github.com/mcperr/mcperr/internal/sentence"
	"github.com/mcperr/mcperr/render"
)

// TestUnclassifiedRecovery: an error errorx.From cannot classify reaches
// the agent, in every dialect, with the recovery a panic gets: INTERNAL_ERROR's
// fixed sentence alone would leave the agent without a next step.
func TestUnclassifiedRecovery(t *testing.T) {
	want := sentence.PanicError().Recovery
	require.NotEmpty(t, want)
	for _, name := range render.Names() {
		d, err := render.ByName(name)
		require.NoError(t, err)
		var log logtest.Buffer
		r := render.NewRenderer(d, render.WithLogger(log.Logger()))
		for what, err := range map[string]error{
			"unclassified": errors.New("pq: relation does not exist"),
			"panic":        nil,
		} {
			var res *render.Result
			if err == nil {
				res = r.HandlePanic(context.Background(), &render.Call{Tool: "db.query"}, "boom")
			} else {
				res, _ = r.HandleError(context.Background(), &render.Call{Tool: "db.query"}, err)
			}
			e, got := render.Decode(res)
			require.NotNil(t, e, "%s %s", name, what)
			assert.Equal(t, name, got)
			assert.Equal(t, errorx.CodeInternalError, e.Code, "%s %s", name, what)
			assert.Equal(t, want, e.Recovery, "%s %s: the recovery", name, what)
		}
	}
	assert.Equal(t, want, errorx.From(errors.New("x")).Recovery, "errorx.From")
}
