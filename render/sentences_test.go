package render_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/errtext"
	"github.com/mcperr/mcperr/internal/format"
	"github.com/mcperr/mcperr/internal/logtest"
	"github.com/mcperr/mcperr/internal/rendercheck"
	"github.com/mcperr/mcperr/internal/sentence"
	"github.com/mcperr/mcperr/render"
)

// sentenceCase builds, for caller text h, the result a server gives in
// dialect d; message is the one it must read back with.
type sentenceCase struct {
	name    string
	result  func(t *testing.T, d render.Dialect, h string) *render.Result
	message string
}

// middlewareResult runs handler h under a Renderer in d, its log in a
// buffer that must stay bounded.
func middlewareResult(t *testing.T, d render.Dialect, h func(context.Context, *toyCall) (*render.Result, error)) *render.Result {
	t.Helper()
	var log logtest.Buffer
	res, err := serve(render.NewRenderer(d, render.WithLogger(log.Logger())), h, "t", nil)
	require.NoError(t, err)
	assert.Empty(t, log.Oversized(errtext.MaxLogText+64, "stack"))
	return res
}

var sentenceCases = []sentenceCase{
	{
		name: "a panic",
		result: func(t *testing.T, d render.Dialect, h string) *render.Result {
			return middlewareResult(t, d, func(context.Context, *toyCall) (*render.Result, error) { panic(h) })
		},
		message: sentence.PanicError().Message,
	},
	{
		name: "no result",
		result: func(t *testing.T, d render.Dialect, h string) *render.Result {
			return middlewareResult(t, d, func(context.Context, *toyCall) (*render.Result, error) { return nil, nil })
		},
		message: "The tool returned no result.",
	},
	{
		name: "an unclassified error",
		result: func(t *testing.T, d render.Dialect, h string) *render.Result {
			return middlewareResult(t, d, func(context.Context, *toyCall) (*render.Result, error) {
				return nil, errorsNew(h)
			})
		},
		message: "Internal server error.",
	},
	{
		name: "missing input under a map key",
		result: func(t *testing.T, d render.Dialect, h string) *render.Result {
			if te, ok := d.(render.ToolError); ok {
				te.NeedsInput = true
				d = te
			}
			e := errorx.New(errorx.CodeInvalidInput, "Some arguments are missing.").
				WithFields(sentence.RequiredField("regions."+h+".code"), sentence.RequiredField("size"))
			return render.NewRenderer(d).Render(e)
		},
		message: "Some arguments are missing.",
	},
}

// errorsNew is errors.New, kept apart so the table reads as sentences.
func errorsNew(s string) error { return &textError{s} }

type textError struct{ s string }

func (e *textError) Error() string { return e.s }

// TestRenderSentencesHostile: the sentences render writes itself (a
// panic's, a missing result's, an unclassified error's, needsInput:v1's
// reason) are the server's, whatever the caller's text: in every dialect
// the message and recovery read back as the fixed sentences, toolerror's
// markdown has the lines of a benign text's, and needsInput:v1's reason
// names a path only as format.Quote quotes it.
func TestRenderSentencesHostile(t *testing.T) {
	for _, c := range sentenceCases {
		for _, d := range dialects() {
			benign := c.result(t, d, "benign")
			for _, h := range rendercheck.HostileTexts() {
				res := c.result(t, d, h)
				e, _ := render.Decode(res)
				require.NotNil(t, e, "%s, %s", c.name, d.Name())
				if d.Name() != "xml" || len(e.Fields) == 0 { // a <validation_error> has no message
					assert.Equal(t, c.message, e.Message, "%s, %s, %.40q", c.name, d.Name(), h)
				}
				assert.NotContains(t, e.Recovery, h, "%s, %s: the recovery", c.name, d.Name())
				if d.Name() != "toolerror" {
					continue
				}
				md, want := textOf(t, res, 0), textOf(t, benign, 0)
				assert.Equal(t, strings.Count(want, "\n"), strings.Count(md, "\n"), "%s, %.40q: the markdown has lines of its own:\n%s", c.name, h, md)
				if c.name == "missing input under a map key" {
					var got struct {
						NeedsInput struct{ Reason string } `json:"needsInput"`
					}
					require.NoError(t, json.Unmarshal(structuredOf(t, res), &got))
					want := `The arguments ` + format.Quote("regions."+h+".code") + `, "size" are required.`
					assert.Equal(t, want, got.NeedsInput.Reason, "%.40q: the reason", h)
				}
			}
		}
	}
}
