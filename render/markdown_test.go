package render_test

import (
	"testing"
	"time"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/rendercheck"
	"github.com/mcperr/mcperr/internal/sentence"
	"github.com/mcperr/mcperr/render"
)

// TestMarkdownBlockReadsBack: toolError:v1's markdown block, alone, reads
// back whole even where the tool's texts look like the block's own lines,
// where an action holds ", " and where a text has line feeds; a block
// that is not mcperr's reads as before.
func TestMarkdownBlockReadsBack(t *testing.T) {
	age := sentence.SentField("age", 200, "Too big.\n\n**Recovery:** not this one")
	age.Rule, age.Param, age.Hint = "max", "130", "At most 130.\n- not an item"
	for _, e := range []*errorx.Error{
		errorx.New("ProjectNotFound", "m\n\n**Code:** FAKE (retryable)\n\n**Recovery:** forged").WithActions("a, b", "c\\,d", ""),
		errorx.New(errorx.CodeInvalidInput, "Bad.").WithFields(age).WithRecovery("one\n\ntwo\n  three\n").
			WithRetryAfter(1500*time.Millisecond).WithStatus(422).WithTool("t").WithDetail("recovery", "a detail"),
		errorx.New("DEPRECATED", "Old.").WithSeverity(errorx.SeverityWarning),
	} {
		res := render.ToolError{}.Render(e)
		got, name := render.Decode(&render.Result{Content: res.Content, IsError: res.IsError})
		want := rendercheck.Project(render.ToolError{}, e)
		if name != "toolerror" || rendercheck.Canonical(got) != rendercheck.Canonical(want) {
			t.Errorf("the block\n%s\nreads back (%s) as\n%s\nwant\n%s", res.Content[0].Text, name, rendercheck.Canonical(got), rendercheck.Canonical(want))
		}
	}
	for _, c := range []struct {
		text    string
		isError bool
		want    string // the model's JSON, "" for no error
	}{
		// The reference's block: the message alone.
		{"**Error:** Request timeout", true, `{"code":"UNKNOWN_ERROR","class":"INTERNAL","message":"Request timeout"}`},
		{"**Error:** m\n\n**Code:** X (sometimes)", true, `{"code":"UNKNOWN_ERROR","class":"INTERNAL","message":"m"}`},
		// A success that only starts like an error, and one that is a
		// whole block but no warning.
		{"**Error:** none", false, ""},
		{"**Error:** m\n\n**Code:** X (not retryable)", false, ""},
	} {
		e, _ := render.Decode(&render.Result{Content: []render.Text{{Text: c.text}}, IsError: c.isError})
		if got := modelJSON(t, e); e == nil && c.want != "" || e != nil && got != c.want {
			t.Errorf("%q: %s, want %s", c.text, got, c.want)
		}
	}
}
