package render_test

import (
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/golden"
	"github.com/mcperr/mcperr/internal/rendercheck"
	"github.com/mcperr/mcperr/render"
)

// fixedNow is the envelope clock of every golden file: the timestamp of the
// reference's own example.
func fixedNow() time.Time { return fixedTime }

var fixedTime = time.Date(2026, 1, 19, 19, 8, 56, 0, time.FixedZone("PST", -8*3600))

// dialects returns the five dialects configured for golden output.
func dialects() []render.Dialect {
	return []render.Dialect{
		render.Interbase{},
		render.ToolError{Mode: render.ModeBoth},
		render.XML{},
		render.Contract{},
		render.Envelope{Now: fixedNow},
	}
}

// everyConfiguration returns every dialect, every toolerror mode and the
// envelope's options, with a fixed clock.
func everyConfiguration() []render.Dialect {
	return []render.Dialect{
		render.Interbase{},
		render.ToolError{},
		render.ToolError{Mode: render.ModeJSON},
		render.ToolError{Mode: render.ModeBoth},
		render.ToolError{Mode: render.ModeBoth, NeedsInput: true},
		render.XML{},
		render.XML{FieldRules: true},
		render.Contract{},
		render.Envelope{Now: fixedNow},
		render.Envelope{Now: fixedNow, HTTPCode: true, ToolPrefix: true, Version: "2.0"},
	}
}

// textOf returns the text of content block i of res.
func textOf(t *testing.T, res *render.Result, i int) string {
	t.Helper()
	if i >= len(res.Content) {
		t.Fatalf("result has %d content blocks, want block %d", len(res.Content), i)
	}
	return res.Content[i].Text
}

// goldenFiles returns the files that hold a dialect's bytes for one result:
// name → bytes. Every file holds bytes mcperr writes itself.
func goldenFiles(t *testing.T, d render.Dialect, res *render.Result) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	switch d.Name() {
	case "toolerror":
		out["toolerror.structured.json"] = structuredOf(t, res)
		i := 0
		mode := d.(render.ToolError).Mode
		if mode != render.ModeJSON {
			out["toolerror.md"] = []byte(textOf(t, res, i))
			i++
		}
		if mode != render.ModeMarkdown {
			out["toolerror.pretty.json"] = []byte(textOf(t, res, i))
			i++
		}
		if len(res.Content) != i {
			t.Errorf("toolerror %v: %d content blocks, want %d", mode, len(res.Content), i)
		}
	case "xml":
		out["xml.xml"] = []byte(textOf(t, res, 0))
	default:
		out[d.Name()+".json"] = []byte(textOf(t, res, 0))
	}
	if d.Name() != "toolerror" {
		if len(res.Content) != 1 || res.StructuredContent != nil {
			t.Errorf("%s: want exactly one text block and no structuredContent", d.Name())
		}
	}
	return out
}

// structuredOf returns the bytes of a result's structuredContent.
func structuredOf(t testing.TB, res *render.Result) []byte {
	t.Helper()
	if res.StructuredContent == nil {
		t.Fatalf("the result has no structuredContent")
	}
	return res.StructuredContent
}

// checkWellFormed fails t unless every file is valid JSON or well-formed XML.
func checkWellFormed(t *testing.T, files map[string][]byte) {
	t.Helper()
	for name, b := range files {
		switch filepath.Ext(name) {
		case ".json":
			if !json.Valid(b) {
				t.Errorf("%s is not valid JSON:\n%s", name, b)
			}
		case ".xml":
			if err := rendercheck.WellFormedXML(b); err != nil {
				t.Errorf("%s is not well-formed XML: %v\n%s", name, err, b)
			}
		}
	}
}

// checkGolden compares every file with testdata/<dir>/<name>.
func checkGolden(t *testing.T, dir string, files map[string][]byte) {
	t.Helper()
	for name, b := range files {
		golden.Equal(t, filepath.Join("testdata", dir, name), b)
	}
}

// modelJSON is the model's canonical JSON, the form round trips compare.
func modelJSON(t *testing.T, e *errorx.Error) string {
	t.Helper()
	if e == nil {
		return "null"
	}
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatalf("marshal model: %v", err)
	}
	return string(b)
}

// errorResult is a result holding one text block with isError set, as an
// SDK's helper (mcp-go's NewToolResultError) builds it.
func errorResult(text string) *render.Result {
	return &render.Result{Content: []render.Text{{Text: text}}, IsError: true}
}

// successResult is a result holding one text block, without isError.
func successResult(text string) *render.Result {
	return &render.Result{Content: []render.Text{{Text: text}}}
}

// hasDetail reports whether d has key.
func hasDetail(d errorx.Details, key string) bool {
	_, ok := d.Get(key)
	return ok
}
