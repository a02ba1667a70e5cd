package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcperr/mcperr/render"
)

// corpusResult is one result of the golden corpus (render/testdata): the
// files of one directory for one dialect, and the flags that render it.
type corpusResult struct {
	name  string
	res   render.Result
	flags []string
}

// corpus reads every result under render/testdata/seeds and scenarios
// (except an envelope written with HTTPCode, an option the command does not
// have): xml, interbase, contract and envelope files hold one text block each; the
// toolerror files hold the markdown block, the pretty JSON block and
// structuredContent, and which of the blocks are there gives the mode.
func corpus(t *testing.T) []corpusResult {
	t.Helper()
	var out []corpusResult
	// MCP Fusion's own field lines: values it prints as array(3), a cut
	// string and a cut object.
	fusion := "<validation_error action=\"users/create\">\n" +
		"<field name=\"tags\">Expected string, received array You sent: array(3). Expected type: string.</field>\n" +
		"<field name=\"bio\">String must contain at most 10 character(s) You sent: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...'. Maximum length: 10 characters.</field>\n" +
		"<field name=\"who\">Expected string, received object You sent: {\"first\":\"Alexander\",\"last\":\"Hamilton-Washington\",. Expected type: string.</field>\n" +
		"<recovery>Fix the fields above and call the tool again. Do not explain the error.</recovery>\n</validation_error>"
	out = append(out, corpusResult{name: "fusion", res: render.Result{Content: []render.Text{{Text: fusion}}}, flags: []string{"-dialect", "xml"}})
	for _, root := range []string{"seeds", "scenarios"} {
		dirs, _ := filepath.Glob(filepath.Join("..", "..", "render", "testdata", root, "*"))
		dirs2, _ := filepath.Glob(filepath.Join("..", "..", "render", "testdata", root, "*", "*"))
		for _, dir := range slices.Concat(dirs, dirs2) {
			read := func(name string) (string, bool) {
				b, err := os.ReadFile(filepath.Join(dir, name))
				return string(b), err == nil
			}
			for _, name := range []string{"xml", "interbase", "contract", "envelope"} {
				ext := ".json"
				if name == "xml" {
					ext = ".xml"
				}
				text, ok := read(name + ext)
				if !ok {
					continue
				}
				c := corpusResult{name: dir + "/" + name, flags: []string{"-dialect", name}}
				c.res.Content = []render.Text{{Text: text}}
				if name == "envelope" && strings.Contains(text, `,"code":`) {
					continue // rendered with HTTPCode, which the command does not set
				}
				if name == "envelope" {
					var env struct{ Timestamp, Version string }
					if err := json.Unmarshal([]byte(text), &env); err != nil {
						t.Fatalf("%s: %v", c.name, err)
					}
					c.flags = append(c.flags, "-now", env.Timestamp, "-version", env.Version)
				}
				out = append(out, c)
			}
			structured, ok := read("toolerror.structured.json")
			if !ok {
				continue
			}
			c := corpusResult{name: dir + "/toolerror", flags: []string{"-dialect", "toolerror"}}
			c.res.StructuredContent = json.RawMessage(structured)
			md, human := read("toolerror.md")
			pretty, machine := read("toolerror.pretty.json")
			if human {
				c.res.Content = append(c.res.Content, render.Text{Text: md})
			}
			if machine {
				c.res.Content = append(c.res.Content, render.Text{Text: pretty})
			}
			switch {
			case human && machine:
				c.flags = append(c.flags, "-format", "both")
			case machine:
				c.flags = append(c.flags, "-format", "json")
			}
			out = append(out, c)
		}
	}
	return out
}

// TestParseRenderCorpus: every result of the golden corpus, parsed and
// rendered again in its dialect, is the same result byte for byte: its text
// blocks and its structuredContent. A value the xml dialect knows only by
// its printed form (array(3), a mask) stays printed ("sent_text" in the
// model's JSON form) instead of becoming a quoted string.
func TestParseRenderCorpus(t *testing.T) {
	results := corpus(t)
	if len(results) < 60 {
		t.Fatalf("read %d results of the corpus, want at least 60", len(results))
	}
	for _, c := range results {
		if strings.HasSuffix(c.name, "secrets/toolerror") {
			// A redacted value is its mask, a plain string, on the wire (so
			// that redaction does not change the shape a caller gets): the
			// markdown block quotes it once it is read back.
			continue
		}
		c.res.IsError = true
		in, _ := json.Marshal(&c.res)
		code, parsed, stderr := mcperr(string(in), "parse")
		if code != 0 {
			t.Fatalf("%s: parse: exit %d %s", c.name, code, stderr)
		}
		var line struct {
			Dialect string          `json:"dialect"`
			Error   json.RawMessage `json:"error"`
		}
		if err := json.Unmarshal([]byte(parsed), &line); err != nil || line.Dialect != c.flags[1] {
			t.Fatalf("%s: parsed as %q (%v): %s", c.name, line.Dialect, err, parsed)
		}
		code, rendered, stderr := mcperr(string(line.Error), append([]string{"render"}, c.flags...)...)
		if code != 0 {
			t.Fatalf("%s: render: exit %d %s", c.name, code, stderr)
		}
		var again render.Result
		if err := json.Unmarshal([]byte(rendered), &again); err != nil {
			t.Fatal(err)
		}
		again.IsError = true // a warning's is false; the blocks are what is compared
		if out, _ := json.Marshal(&again); string(out) != string(in) {
			t.Errorf("%s: parse then render differs\n got %s\nwant %s\nmodel %s", c.name, strings.TrimSpace(rendered), in, line.Error)
		}
	}
	t.Logf("%d results", len(results))
}
