package render_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/sentence"
	"github.com/mcperr/mcperr/internal/testsize"
	"github.com/mcperr/mcperr/render"
)

// The size series of this file show that every dialect's Render and Decode
// are linear, in time and in bytes allocated, in what a tool or a server
// puts in an error (testsize.Linear: n against 8n). They must not run in
// parallel with other tests.

// fieldsError is a tool-built error with n invalid fields, each with its
// own path, a sent value, options and a hint: what validation gives for
// arguments where everything fails, without the MaxFields bound a
// Renderer applies (a Dialect used alone does not cut).
func fieldsError(n int) *errorx.Error {
	e := errorx.New(errorx.CodeInvalidInput, "Many arguments are invalid.").WithRecovery(codes.ValidationRecovery)
	for i := range n {
		f := sentence.SentField("items."+strconv.Itoa(i)+".name", "value "+strconv.Itoa(i), "Not one of the valid options.")
		f.Options, f.Hint, f.Rule = []string{"a", "b"}, "Did you mean 'a'?", "oneof"
		e.Fields = append(e.Fields, f)
	}
	return e
}

// missingError is a tool-built error with n fields the caller did not send:
// with NeedsInput, the toolerror dialect writes it as needsInput:v1.
func missingError(n int) *errorx.Error {
	e := errorx.New(errorx.CodeInvalidInput, "Some arguments are missing.")
	for i := range n {
		f := sentence.RequiredField("arg" + strconv.Itoa(i))
		f.Options = []string{"x" + strconv.Itoa(i), "y"}
		e.Fields = append(e.Fields, f)
	}
	return e
}

// fieldCount is the size of the field series (8 times it for the larger
// input): 16,000 fields took up to 1.4 s in the envelope and
// needsInput:v1, which were quadratic.
func fieldCount() int { return testsize.N(1000, 3000) }

// A seriesCase is one dialect configuration and one kind of error a size
// series runs.
type seriesCase struct {
	d     render.Dialect
	kind  string // "sent" (fieldsError) or "missing" (missingError)
	build func(n int) *errorx.Error
}

// seriesCases are the configurations and errors the field series run: each
// dialect with sent fields, and with missing ones the dialects that treat
// them apart (needsInput:v1, the envelope's required_fields); the long run
// adds the rest.
func seriesCases() []seriesCase {
	var out []seriesCase
	for _, d := range []render.Dialect{
		render.Interbase{},
		render.ToolError{Mode: render.ModeBoth},
		render.ToolError{Mode: render.ModeBoth, NeedsInput: true},
		render.XML{},
		render.Contract{},
		render.Envelope{Now: fixedNow},
	} {
		needsInput := d.Name() == "toolerror" && d.(render.ToolError).NeedsInput
		for _, kind := range []string{"sent", "missing"} {
			build := fieldsError
			if kind == "missing" {
				build = missingError
			}
			if testsize.Long() || (kind == "missing") == needsInput || d.Name() == "envelope" {
				out = append(out, seriesCase{d, kind, build})
			}
		}
	}
	return out
}

// TestRenderFieldsLinear: rendering an error with many fields is linear in
// every dialect (the envelope's validation_errors and needsInput:v1's merge
// of shared paths compared every field with every other: 16,000 fields
// took up to 1.4 s).
func TestRenderFieldsLinear(t *testing.T) {
	n := fieldCount()
	for _, c := range seriesCases() {
		t.Run(configName(c.d)+"/"+c.kind, func(t *testing.T) {
			small, large := c.build(n), c.build(8*n)
			testsize.Linear(t, "Render", func() { c.d.Render(small) }, func() { c.d.Render(large) })
		})
	}
}

// TestDecodeFieldsLinear: each dialect reads back an error with many fields
// in time and bytes linear in them.
func TestDecodeFieldsLinear(t *testing.T) {
	n := fieldCount()
	for _, c := range seriesCases() {
		t.Run(configName(c.d)+"/"+c.kind, func(t *testing.T) {
			decode := func(res *render.Result) func() {
				return func() {
					if e, err := c.d.Decode(res); err != nil || len(e.Fields) == 0 {
						t.Fatalf("Decode gave %v, %v", e, err)
					}
				}
			}
			testsize.Linear(t, "Decode", decode(c.d.Render(c.build(n))), decode(c.d.Render(c.build(8*n))))
		})
	}
}

// configName names a dialect configuration in a subtest's name.
func configName(d render.Dialect) string {
	switch x := d.(type) {
	case render.ToolError:
		name := "toolerror-" + x.Mode.String()
		if x.NeedsInput {
			name += "-needsinput"
		}
		return name
	case render.Envelope:
		if x.HTTPCode || x.ToolPrefix {
			return "envelope-options"
		}
	}
	return d.Name()
}

// maxDecodeBytes is the most a Decode may allocate per byte of a
// field-heavy result (text blocks and structuredContent): it was 48 to 82
// when the JSON dialects read fields through encoding/json.
const maxDecodeBytes = 16

// wireBytes is how many bytes of text and structuredContent res carries.
func wireBytes(t *testing.T, res *render.Result) int {
	n := 0
	for i := range res.Content {
		n += len(textOf(t, res, i))
	}
	if res.StructuredContent != nil {
		n += len(structuredOf(t, res))
	}
	return n
}

// TestDecodeBytesPerWireByte: reading a field-heavy result back allocates
// at most maxDecodeBytes per byte of it, in every dialect, through
// render.Decode (which tries the dialects in turn) as through the
// dialect's own Decode.
func TestDecodeBytesPerWireByte(t *testing.T) {
	for _, c := range seriesCases() {
		t.Run(configName(c.d)+"/"+c.kind, func(t *testing.T) {
			res := c.d.Render(c.build(fieldCount()))
			wire := wireBytes(t, res)
			for name, decode := range map[string]func(){
				"render.Decode":  func() { render.Decode(res) },
				"Dialect.Decode": func() { c.d.Decode(res) },
			} {
				decode()
				per := float64(testsize.Allocated(decode)) / float64(wire)
				if per > maxDecodeBytes {
					t.Errorf("%s allocates %.1f bytes per byte of the result (bound %d)", name, per, maxDecodeBytes)
				}
				t.Logf("%s: %.1f bytes per byte of the result", name, per)
			}
		})
	}
}

// TestDecodeFirstBlockLinear: toolError:v1's markdown block, read alone (a
// result cut to its first block), is read in time and bytes linear in its
// fields, and in the lines of a block only made to look like one.
func TestDecodeFirstBlockLinear(t *testing.T) {
	n := fieldCount()
	cut := func(res *render.Result) *render.Result {
		return &render.Result{Content: res.Content[:1], IsError: true}
	}
	decode := func(res *render.Result, fields int) func() {
		return func() {
			if e, name := render.Decode(res); name != "toolerror" || len(e.Fields) != fields {
				t.Fatalf("Decode gave %s with %d fields, want %d", name, len(e.Fields), fields)
			}
		}
	}
	d := render.ToolError{}
	testsize.Linear(t, "Decode", decode(cut(d.Render(fieldsError(n))), n), decode(cut(d.Render(fieldsError(8*n))), 8*n))
	// Many continuation lines, many items and a message of many lines.
	forged := func(n int) *render.Result {
		tail := strings.Repeat("\n  x", n)
		text := "**Error:** " + strings.Repeat("m\n\n**Code:** A (retryable)\n- b\n", n) +
			"\n\n**Code:** X (retryable)\n\n**Invalid fields:**" + strings.Repeat("\n- f", n) + "\n\n**Recovery:** r" + tail
		return errorResult(text)
	}
	testsize.Linear(t, "Decode", decode(forged(n), 0), decode(forged(8*n), 0))
}

// onePathError is a tool-built error with n fields the caller did not send,
// all of one path, each with an option of its own: needsInput:v1 asks for
// the path once, with the n options merged.
func onePathError(n int) *errorx.Error {
	e := errorx.New(errorx.CodeInvalidInput, "Pick a region.")
	for i := range n {
		f := sentence.RequiredField("region")
		f.Options = []string{"r" + strconv.Itoa(i)}
		e.Fields = append(e.Fields, f)
	}
	return e
}

// TestNeedsInputOnePathLinear: merging the options of many fields of one
// path into needsInput:v1's one ask is linear (each merge copied the
// options gathered so far: 2,000 fields took 11.4 ms, 16,000 took 434 ms,
// 38 times).
func TestNeedsInputOnePathLinear(t *testing.T) {
	n := fieldCount()
	d := render.ToolError{Mode: render.ModeBoth, NeedsInput: true}
	small, large := onePathError(n), onePathError(8*n)
	testsize.Linear(t, "Render", func() { d.Render(small) }, func() { d.Render(large) })
}
