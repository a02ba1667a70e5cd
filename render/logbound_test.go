package render_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/logtest"
	"github.com/mcperr/mcperr/render"
)

// joinTree joins the same two errors in every node, depth times: 2^depth
// paths through depth+1 values. Its Error method builds 2^depth copies of
// the leaf's text (depth 30: minutes, and some 200 GiB allocated).
func joinTree(depth int) error {
	err := errors.New("leaf")
	for range depth {
		err = errors.Join(err, err)
	}
	return err
}

// maxLogAttr bounds the text of an error, a panic value, a message or a
// path in a log record: errorx.MaxLogText and the truncation notice.
const maxLogAttr = errorx.MaxLogText + 64

// callWithin calls the handler h under r's Middleware and fails t unless
// the call returns within 5 s.
func callWithin(t *testing.T, r *render.Renderer, h toyHandler) *render.Result {
	t.Helper()
	done := make(chan *render.Result, 1)
	go func() {
		res, _ := serve(r, h, "t", nil)
		done <- res
	}()
	select {
	case res := <-done:
		return res
	case <-time.After(5 * time.Second):
		t.Fatal("the call has not returned after 5s")
		return nil
	}
}

// TestMiddlewareLogBounded: whatever a handler returns or panics with, the
// call ends at once and each log record stays bounded: an error tree the
// middleware refused to search (errors.Join(e, e) nested 30 deep) is never
// asked for its text, and long texts are cut, with and without
// WithInternalErrorText.
func TestMiddlewareLogBounded(t *testing.T) {
	long := strings.Repeat("x", 1<<20)
	panics := func(v any) toyHandler {
		return func(context.Context, *toyCall) (*render.Result, error) { panic(v) }
	}
	for name, h := range map[string]toyHandler{
		"join tree":                    handler(nil, joinTree(30)),
		"long unclassified text":       handler(nil, errors.New(long)),
		"internal model, long cause":   handler(nil, errorx.Wrap(errors.New(long), errorx.CodeInternalError, "Could not save.")),
		"internal model, long message": handler(nil, errorx.Wrap(errors.New("cause"), errorx.CodeInternalError, long)),
		"panic with a join tree":       panics(joinTree(30)),
		"panic with a long text":       panics(long),
		"panic with a long error":      panics(errors.New(long)),
	} {
		for _, internalText := range []bool{false, true} {
			if internalText {
				name += ", internal text shown"
			}
			t.Run(name, func(t *testing.T) {
				var log logtest.Buffer
				opts := []render.RendererOption{render.WithLogger(log.Logger())}
				if internalText {
					opts = append(opts, render.WithInternalErrorText())
				}
				res := callWithin(t, render.NewRenderer(render.Interbase{}, opts...), h)
				e, _ := render.Decode(res)
				require.NotNil(t, e)
				assert.Equal(t, errorx.ClassInternal, e.EffectiveClass())
				assert.LessOrEqual(t, len(e.Message), render.DefaultLimits.MaxString+64)
				assert.NotEmpty(t, log.String(), "nothing was logged")
				assert.Empty(t, log.Oversized(maxLogAttr, "stack"), "a log record is not bounded")
			})
		}
	}
}
