package render_test

import (
	"testing"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/rendercheck"
	"github.com/mcperr/mcperr/internal/sentence"
	"github.com/mcperr/mcperr/render"
)

// TestNeedsInput: with NeedsInput, an error that only lacks input becomes a
// needsInput:v1 elicitation in the reference's shape; anything else stays
// an error.
func TestNeedsInput(t *testing.T) {
	d := render.ToolError{Mode: render.ModeBoth, NeedsInput: true}
	missing := errorx.New(errorx.CodeInvalidInput, `Pattern "zzz" not found. Please provide a valid pattern ID.`).
		WithFields(sentence.RequiredField("id"), errorx.Field{Path: "category", Message: "Required.", Options: []string{"error-handling", "concurrency"}})
	res := d.Render(missing)
	if res.IsError {
		t.Error("an elicitation has isError")
	}
	files := goldenFiles(t, d, res)
	checkWellFormed(t, files)
	checkGolden(t, "needsinput/missing_with_suggestions", files)
	human := res.Content[0]
	if len(human.Audience) != 1 || human.Audience[0] != "user" || human.Priority == nil || *human.Priority != 1 {
		t.Errorf("the human block is not annotated for the user: %v %v", human.Audience, human.Priority)
	}
	// The reference's key order: kind, type, message, needsInput{fields,
	// reason, suggestions}, options.
	want := `{"kind":"needsInput:v1","type":"elicitation","message":"Pattern \"zzz\" not found. Please provide a valid pattern ID.","needsInput":{"fields":["id","category"],"reason":"The arguments \"id\", \"category\" are required.","suggestions":{"category":["error-handling","concurrency"]}},"options":[{"label":"error-handling","value":"error-handling","field":"category"},{"label":"concurrency","value":"concurrency","field":"category"}]}`
	if got := string(structuredOf(t, res)); got != want {
		t.Errorf("structuredContent:\n got %s\nwant %s", got, want)
	}
	got, name := render.Decode(res)
	if name != "toolerror" || rendercheck.Canonical(got) != rendercheck.Canonical(rendercheck.ProjectNeedsInput(missing)) {
		t.Errorf("decoded %s %s", name, rendercheck.Canonical(got))
	}
	// Something was sent: an error, not a question.
	sent := errorx.New(errorx.CodeInvalidInput, "bad").WithFields(sentence.SentField("id", "", "Must not be empty."))
	if res := d.Render(sent); !res.IsError {
		t.Error("a field the caller sent became an elicitation")
	}
	// Off by default.
	if res := (render.ToolError{}).Render(missing); !res.IsError {
		t.Error("NeedsInput is on by default")
	}
}

// TestNeedsInputSamePathTwice: two fields with one path give one key in
// suggestions (JSON objects with a repeated key are read differently by
// different readers), holding both fields' options in order, each once;
// the path is asked for once, in fields, reason, options and the human
// block, and decodes back as one required field.
func TestNeedsInputSamePathTwice(t *testing.T) {
	d := render.ToolError{Mode: render.ModeBoth, NeedsInput: true}
	e := errorx.New(errorx.CodeInvalidInput, "Which ones?").WithFields(
		errorx.Field{Path: "region", Message: "Required.", Options: []string{"eu", "us"}},
		errorx.Field{Path: "size", Message: "Required."},
		errorx.Field{Path: "region", Message: "Required.", Options: []string{"us", "ap"}},
		errorx.Field{Path: "size", Message: "Required.", Options: []string{"s"}},
	)
	res := d.Render(e)
	want := `{"kind":"needsInput:v1","type":"elicitation","message":"Which ones?","needsInput":{"fields":["region","size"],"reason":"The arguments \"region\", \"size\" are required.","suggestions":{"region":["eu","us","ap"],"size":["s"]}},"options":[{"label":"eu","value":"eu","field":"region"},{"label":"us","value":"us","field":"region"},{"label":"ap","value":"ap","field":"region"},{"label":"s","value":"s","field":"size"}]}`
	if got := string(structuredOf(t, res)); got != want {
		t.Errorf("structuredContent:\n got %s\nwant %s", got, want)
	}
	if got, want := textOf(t, res, 0), "## Input Needed\n\nWhich ones?\n\n**Suggestions for region:**\n- `eu`\n- `us`\n- `ap`\n\n**Suggestions for size:**\n- `s`"; got != want {
		t.Errorf("human block:\n got %q\nwant %q", got, want)
	}
	got, _ := render.Decode(res)
	wantModel := errorx.New(errorx.CodeInvalidInput, "Which ones?").WithFields(
		errorx.Field{Path: "region", Message: "Required.", Rule: "required", Options: []string{"eu", "us", "ap"}},
		errorx.Field{Path: "size", Message: "Required.", Rule: "required", Options: []string{"s"}})
	if rendercheck.Canonical(got) != rendercheck.Canonical(wantModel) || rendercheck.Canonical(got) != rendercheck.Canonical(rendercheck.ProjectNeedsInput(e)) {
		t.Errorf("decoded %s", rendercheck.Canonical(got))
	}
}
