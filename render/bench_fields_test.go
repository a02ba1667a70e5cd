package render_test

import (
	"strconv"
	"testing"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/sentence"
	"github.com/mcperr/mcperr/render"
)

// validationError is a typical validation error: 20 fields, each with the
// value sent, what was expected and, for some, options and a hint.
func validationError() *errorx.Error {
	e := errorx.New(errorx.CodeInvalidInput, "20 arguments of users/create are invalid.").
		WithRecovery(codes.ValidationRecovery).WithTool("users/create")
	for i := range 20 {
		f := sentence.SentField("members."+strconv.Itoa(i)+".role", "admn", "Not one of the valid options.")
		f.Expected, f.Rule = "one of the valid options", "oneof"
		if i%2 == 0 {
			f.Options, f.Hint = []string{"admin", "member"}, "Did you mean 'admin'?"
		}
		e.Fields = append(e.Fields, f)
	}
	return e
}

// BenchmarkRenderFields renders a typical validation error in every
// dialect: the path of an error with fields, which the size series keep
// linear.
func BenchmarkRenderFields(b *testing.B) {
	e := validationError()
	for _, d := range seriesDialects() {
		b.Run("dialect="+configName(d), func(b *testing.B) {
			for b.Loop() {
				sink = d.Render(e)
			}
		})
	}
}

// BenchmarkDecodeFields reads a typical validation error back in every
// dialect.
func BenchmarkDecodeFields(b *testing.B) {
	e := validationError()
	for _, d := range seriesDialects() {
		res := d.Render(e)
		b.Run("dialect="+configName(d), func(b *testing.B) {
			for b.Loop() {
				if got, _ := render.Decode(res); got == nil {
					b.Fatal("no error")
				}
			}
		})
	}
}

// seriesDialects are the dialects the field benchmarks run, toolerror in
// mode both.
func seriesDialects() []render.Dialect {
	var out []render.Dialect
	for _, c := range seriesCases() {
		if c.kind == "sent" || c.d.Name() != "envelope" {
			out = append(out, c.d)
		}
	}
	return out
}
