package render_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/errtext"
	"github.com/mcperr/mcperr/internal/logtest"
	"github.com/mcperr/mcperr/internal/sentence"
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
// path in a log record: errtext.MaxLogText and the truncation notice.
const maxLogAttr = errtext.MaxLogText + 64

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
				opts := []render.Option{render.WithLogger(log.Logger())}
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

// secretMark is the secret every hostile input of TestLogRedacted carries.
const secretMark = "abc123secret"

// maxLogStack bounds a panic's stack in a log record: render's
// maxLogStack and the truncation notice.
const maxLogStack = 4*errtext.MaxLogText + 64

// TestLogRedacted: every attribute of every line the Renderer logs (a
// panic's value and stack, an unclassified error's text, an internal
// error's message, cause and paths, the code, the tool called, an unknown
// tool's name, the correlation id) has the credentials it spells out
// masked, as errorx.RedactSecrets masks a string, and is bounded: a panic
// "typed handler bug: token=abc123" was logged as it was.
func TestLogRedacted(t *testing.T) {
	long := strings.Repeat("y", 1<<20)
	type input struct {
		tool string
		h    toyHandler
		ctx  context.Context
	}
	panics := func(v any) toyHandler {
		return func(context.Context, *toyCall) (*render.Result, error) { panic(v) }
	}
	jwt := "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0." + secretMark
	bg := context.Background()
	for name, in := range map[string]input{
		"panic string":       {"t", panics("typed handler bug: token=" + secretMark), bg},
		"panic long string":  {"t", panics(long + " token=" + secretMark), bg},
		"panic error":        {"t", panics(errors.New("password=" + secretMark)), bg},
		"panic value":        {"t", panics(struct{ DSN string }{"postgres://app:" + secretMark + "@db/app"}), bg},
		"unclassified error": {"t", handler(nil, errors.New("dial postgres://app:"+secretMark+"@db/app: refused")), bg},
		"internal model": {"t", handler(nil, errorx.Wrap(errors.New("api_key="+secretMark), errorx.CodeInternalError,
			"Could not save with password="+secretMark+".").WithFields(sentence.SentField("token="+secretMark, 1, "Bad."))), bg},
		"code":             {"t", handler(nil, errorx.New("E password="+secretMark, "Failed.").WithClass(errorx.ClassConflict)), bg},
		"tool name":        {"t --password " + secretMark + " " + long, handler(nil, errors.New("x")), bg},
		"correlation id":   {"t", handler(nil, errors.New("x")), render.ContextWithCorrelationID(bg, jwt)},
		"nil result":       {"t token=" + secretMark, handler(nil, nil), bg},
		"panicking render": {"t token=" + secretMark, handler(nil, secretPanicky{}), bg},
	} {
		t.Run(name, func(t *testing.T) {
			var log logtest.Buffer
			r := render.NewRenderer(render.ToolError{}, render.WithLogger(log.Logger()), render.WithCorrelationID(render.CorrelationIDFrom))
			done := make(chan struct{})
			go func() {
				defer close(done)
				_, _ = toyMiddleware(r, nil)(in.h)(in.ctx, &toyCall{Tool: in.tool, Arguments: json.RawMessage(`{}`)})
			}()
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("the call has not returned after 10s")
			}
			checkLogRedacted(t, &log)
		})
	}
	t.Run("unknown tool", func(t *testing.T) {
		var log logtest.Buffer
		r := render.NewRenderer(nil, render.WithLogger(log.Logger()), render.WithCorrelationID(render.CorrelationIDFrom))
		r.HandleUnknownTool(bg, &render.Call{Tool: "files.read token=" + secretMark + long}, []string{"files.read"})
		checkLogRedacted(t, &log)
	})
}

// checkLogRedacted fails t when log is empty, shows secretMark, or holds
// an attribute past its bound.
func checkLogRedacted(t *testing.T, log *logtest.Buffer) {
	t.Helper()
	text := log.String()
	require.NotEmpty(t, text, "nothing was logged")
	assert.NotContains(t, text, secretMark, "a log line shows the secret")
	assert.Empty(t, log.Oversized(maxLogAttr, "stack"), "a log record is not bounded")
	assert.Empty(t, log.Oversized(maxLogStack), "a stack is not bounded")
}

// secretPanicky is an error whose Error method panics, naming a secret in
// its panic value: rendering it fails, and the Renderer logs that.
type secretPanicky struct{}

func (secretPanicky) Error() string { panic("Error() failed with token=" + secretMark) }
