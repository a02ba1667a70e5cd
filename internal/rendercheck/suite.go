package rendercheck

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/adapt"
	"github.com/mcperr/mcperr/render"
)

// Canonical returns the model's JSON form, the form round trips compare.
func Canonical(e *errorx.Error) string {
	if e == nil {
		return "null"
	}
	b, _ := json.Marshal(e)
	return string(b)
}

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
// project may be nil for the five built-in dialects (Project is used).
func Check(d render.Dialect, e *errorx.Error, project func(*errorx.Error) *errorx.Error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	if project == nil {
		project = func(e *errorx.Error) *errorx.Error { return Project(d, e) }
	}
	want := Canonical(project(e.Clone()))
	res := d.Render(e)
	if res == nil {
		return errors.New("render returned nil")
	}
	if te, ok := d.(render.ToolError); ok && te.NeedsInput && adapt.AsksForInput(e) {
		if res.IsError {
			return errors.New("a needs-input result has isError")
		}
	} else if res.IsError != (e.Severity != errorx.SeverityWarning) {
		return fmt.Errorf("isError = %v with severity %q", res.IsError, e.Severity)
	}
	if err := Valid(res); err != nil {
		return err
	}
	again, _ := json.Marshal(d.Render(e))
	first, _ := json.Marshal(res)
	if !bytes.Equal(first, again) {
		return errors.New("two renders of the same model differ")
	}
	// Decode what a client receives: the result after a JSON round trip.
	var wire render.Result
	if err := json.Unmarshal(first, &wire); err != nil {
		return fmt.Errorf("the result does not unmarshal: %v", err)
	}
	for _, r := range []*render.Result{res, &wire} {
		got, name := render.Decode(r)
		if name != d.Name() {
			return fmt.Errorf("decode says dialect %q, want %q\n%s", name, d.Name(), first)
		}
		if g := Canonical(got); g != want {
			return fmt.Errorf("round trip:\n got %s\nwant %s\nwire %s", g, want, first)
		}
	}
	return nil
}

// Valid reports whether every block of res is well-formed.
func Valid(res *render.Result) error {
	for i, c := range res.Content {
		t := c.Text
		switch {
		case strings.HasPrefix(t, "<"):
			if err := WellFormedXML([]byte(t)); err != nil {
				return fmt.Errorf("content[%d] is not well-formed XML: %v\n%s", i, err, t)
			}
		case strings.HasPrefix(t, "{"):
			if !json.Valid([]byte(t)) {
				return fmt.Errorf("content[%d] is not valid JSON:\n%s", i, t)
			}
			// Readers decode numbers as float64: one too large for it
			// fails them.
			var v any
			if err := json.Unmarshal([]byte(t), &v); err != nil {
				return fmt.Errorf("content[%d] does not unmarshal into any: %v\n%s", i, err, t)
			}
		default:
			if !utf8.ValidString(t) {
				return fmt.Errorf("content[%d] is not valid UTF-8", i)
			}
		}
	}
	if b := res.StructuredContent; b != nil {
		if !json.Valid(b) || !bytes.HasPrefix(bytes.TrimSpace(b), []byte("{")) {
			return fmt.Errorf("structuredContent is not a JSON object: %s", b)
		}
	}
	return nil
}

// WellFormedXML parses b with encoding/xml in strict mode and requires
// exactly one root element and no text outside it.
func WellFormedXML(b []byte) error {
	d := xml.NewDecoder(bytes.NewReader(b))
	d.Strict = true
	depth, roots := 0, 0
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				roots++
			}
			depth++
		case xml.EndElement:
			depth--
		case xml.CharData:
			if depth == 0 && len(bytes.TrimSpace(t)) > 0 {
				return errors.New("text outside the root element")
			}
		}
	}
	if roots != 1 {
		return fmt.Errorf("%d root elements, want 1", roots)
	}
	return nil
}

// Run checks d against n generated models (and a fixed set of hostile
// ones), reporting every model that breaks a rule of Check. The models are
// the same for the same seed.
func Run(t *testing.T, d render.Dialect, n int, seed uint64) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	fails := 0
	for i := range n {
		e := Model(r)
		if err := Check(d, e, nil); err != nil {
			fails++
			t.Errorf("%s, model %d %s:\n%v", d.Name(), i, Canonical(e), err)
			if fails >= 5 {
				t.Fatalf("%s: stopping after %d failures", d.Name(), fails)
			}
		}
	}
}
