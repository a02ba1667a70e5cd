package validation_test

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/golden"
	"github.com/mcperr/mcperr/render"
	"github.com/mcperr/mcperr/validation"
)

// CreateUser is the arguments struct of the golden failure.
type CreateUser struct {
	Name    string   `json:"name" validate:"required,min=2"`
	Email   string   `json:"email" validate:"required,email"`
	Age     int      `json:"age" validate:"gte=18"`
	Role    string   `json:"role" validate:"oneof=admin user guest"`
	Tags    []string `json:"tags" validate:"max=3,dive,lowercase"`
	Address *Address `json:"address"`
}

// goldenArgs fail in every way at once: a missing required field, a bad
// format, a wrong type, an enum typo, a dive path, a nested path, an
// unknown key with a near match and a value needing escapes.
const goldenArgs = `{"emial":"ada@example.com","email":"ada@","age":"42","role":"admn",` +
	`"tags":["ok","Go<&>"],"address":{"street":"1 Main St","zip":"12"}}`

func goldenError(t *testing.T) *errorx.Error {
	t.Helper()
	_, err := validation.Bind[CreateUser]("users/create", args(goldenArgs))
	e, ok := errors.AsType[*errorx.Error](err)
	if !ok {
		t.Fatalf("Bind: %v", err)
	}
	return e
}

func fixedNow() time.Time {
	return time.Date(2026, 1, 19, 19, 8, 56, 0, time.FixedZone("PST", -8*3600))
}

func text(t *testing.T, res *render.Result, i int) []byte {
	t.Helper()
	if i >= len(res.Content) {
		t.Fatalf("%d content blocks, want block %d", len(res.Content), i)
	}
	return []byte(res.Content[i].Text)
}

func TestGoldenDialects(t *testing.T) {
	e := goldenError(t)
	paths := make([]string, len(e.Fields))
	for i, f := range e.Fields {
		paths[i] = f.Path
	}
	wantPaths := []string{"name", "email", "age", "role", "tags.1", "address.zip", "emial"}
	if !slices.Equal(paths, wantPaths) {
		t.Fatalf("paths %q, want %q", paths, wantPaths)
	}

	dialects := []render.Dialect{
		render.Interbase{},
		render.ToolError{Mode: render.ModeBoth},
		render.XML{},
		render.Contract{},
		render.Envelope{Now: fixedNow},
	}
	for _, d := range dialects {
		res := d.Render(e)
		if !res.IsError {
			t.Errorf("%s: isError false", d.Name())
		}
		files := map[string][]byte{}
		switch d.Name() {
		case "toolerror":
			sc := res.StructuredContent
			files["toolerror.structured.json"] = sc
			files["toolerror.md"] = text(t, res, 0)
			files["toolerror.pretty.json"] = text(t, res, 1)
			checkExtrasFields(t, d.Name(), sc, "details", paths)
		case "xml":
			files["xml.xml"] = text(t, res, 0)
			checkXML(t, files["xml.xml"], paths)
		case "envelope":
			files["envelope.json"] = text(t, res, 0)
			checkEnvelope(t, files["envelope.json"], e)
		case "interbase":
			files["interbase.json"] = text(t, res, 0)
			checkExtrasFields(t, d.Name(), files["interbase.json"], "data", paths)
		case "contract":
			files["contract.json"] = text(t, res, 0)
			checkExtrasFields(t, d.Name(), files["contract.json"], "details", paths)
		}
		for name, b := range files {
			if strings.HasSuffix(name, ".json") && !json.Valid(b) {
				t.Errorf("%s is not valid JSON", name)
			}
			golden.Equal(t, filepath.Join("testdata", "users_create."+name+".golden"), b)
		}
		// Decoding the result gives back the fields' paths.
		got, name := render.Decode(res)
		if name != d.Name() || got == nil {
			t.Fatalf("Decode: %q", name)
		}
		var gotPaths []string
		for _, f := range got.Fields {
			gotPaths = append(gotPaths, f.Path)
		}
		if d.Name() == "envelope" {
			slices.Sort(gotPaths)
			sorted := slices.Sorted(slices.Values(paths))
			if !slices.Equal(gotPaths, sorted) {
				t.Errorf("%s decoded paths %q", d.Name(), gotPaths)
			}
		} else if !slices.Equal(gotPaths, paths) {
			t.Errorf("%s decoded paths %q, want %q", d.Name(), gotPaths, paths)
		}
	}
}

// checkExtrasFields checks that the dialect carries every field, in order,
// under obj[key].fields.
func checkExtrasFields(t *testing.T, dialect string, b []byte, key string, paths []string) {
	t.Helper()
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatalf("%s: %v", dialect, err)
	}
	var extras struct {
		Fields []struct {
			Path string `json:"path"`
		} `json:"fields"`
	}
	if err := json.Unmarshal(doc[key], &extras); err != nil {
		t.Fatalf("%s: %s: %v", dialect, key, err)
	}
	var got []string
	for _, f := range extras.Fields {
		got = append(got, f.Path)
	}
	if !slices.Equal(got, paths) {
		t.Errorf("%s: %s.fields paths %q, want %q", dialect, key, got, paths)
	}
}

// checkXML checks the document is one <validation_error action="…"> with
// one <field name="path"> per field, in order, and a recovery.
func checkXML(t *testing.T, b []byte, paths []string) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(b))
	d.Strict = true
	depth := 0
	var names []string
	recovery := false
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("xml: %v\n%s", err, b)
		}
		switch el := tok.(type) {
		case xml.StartElement:
			depth++
			switch {
			case depth == 1:
				if el.Name.Local != "validation_error" || attr(el, "action") != "users/create" {
					t.Errorf("root <%s action=%q>", el.Name.Local, attr(el, "action"))
				}
			case depth == 2 && el.Name.Local == "field":
				names = append(names, attr(el, "name"))
			case depth == 2 && el.Name.Local == "recovery":
				recovery = true
			}
		case xml.EndElement:
			depth--
		}
	}
	if !slices.Equal(names, paths) {
		t.Errorf("xml field names %q, want %q", names, paths)
	}
	if !recovery {
		t.Error("xml has no <recovery>")
	}
}

func attr(el xml.StartElement, name string) string {
	for _, a := range el.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// checkEnvelope checks validation_errors holds every path and
// required_fields the sorted paths of the fields sent nothing or failing a
// required rule.
func checkEnvelope(t *testing.T, b []byte, e *errorx.Error) {
	t.Helper()
	var env struct {
		Success        *bool    `json:"success"`
		RequiredFields []string `json:"required_fields"`
		Details        struct {
			Tool             string                     `json:"tool"`
			ValidationErrors map[string]json.RawMessage `json:"validation_errors"`
		} `json:"details"`
	}
	if err := json.Unmarshal(b, &env); err != nil {
		t.Fatal(err)
	}
	if env.Success == nil || *env.Success || env.Details.Tool != "users/create" {
		t.Errorf("envelope head: %s", b)
	}
	var required []string
	for _, f := range e.Fields {
		if _, ok := env.Details.ValidationErrors[f.Path]; !ok {
			t.Errorf("validation_errors lacks %q", f.Path)
		}
		if !f.WasSent || strings.HasPrefix(f.Rule, "required") {
			required = append(required, f.Path)
		}
	}
	slices.Sort(required)
	if len(required) == 0 || !slices.Equal(env.RequiredFields, required) || !slices.IsSorted(env.RequiredFields) {
		t.Errorf("required_fields %q, want %q", env.RequiredFields, required)
	}
}
