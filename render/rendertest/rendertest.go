package rendertest

import (
	"testing"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/rendercheck"
	"github.com/mcperr/mcperr/render"
)

// Check renders e with d and returns the first way the result breaks the
// rules every dialect follows, or nil:
//
//   - Render does not panic, and renders the same model to the same bytes;
//   - isError is set unless the severity is warning;
//   - every text block is valid JSON (that encoding/json unmarshals into
//     any), well-formed XML or (toolerror's human block) valid UTF-8
//     markdown, and structuredContent is a JSON object;
//   - render.Decode recognises the dialect, and what it reads back is
//     project(e): nothing lost beyond the documented projection, nothing
//     forged.
//
// project may be nil for the five built-in dialects (their documented
// projection, the table of docs/dialects.md, is used).
func Check(d render.Dialect, e *errorx.Error, project func(*errorx.Error) *errorx.Error) error {
	return rendercheck.Check(d, e, project)
}

// Run checks d against n generated models (hostile ones: unicode, escapes,
// characters XML forbids, invalid UTF-8, text that imitates each dialect's
// structure, reserved detail keys), reporting every model that breaks a
// rule of Check with the built-in projection. The models are the same for
// the same seed.
func Run(t *testing.T, d render.Dialect, n int, seed uint64) {
	t.Helper()
	rendercheck.Run(t, d, n, seed)
}
