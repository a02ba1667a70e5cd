package gosdk_test

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/gosdk"
	"github.com/mcperr/mcperr/internal/rendercheck"
	"github.com/mcperr/mcperr/internal/sentence"
	"github.com/mcperr/mcperr/render"
)

// TestConvert: every dialect's result, converted to go-sdk's type, holds
// the same JSON (content blocks with their annotations, structuredContent's
// bytes as they were, isError); converted back it is the same Result; and
// Decode reads the same error from it as render.Decode from the Result.
func TestConvert(t *testing.T) {
	models := []*errorx.Error{
		errorx.New("ProjectNotFound", "Project 'proj_xyz' does not exist <here> & \"there\".").
			WithRecovery("Call projects.list first.").WithActions("projects.list").
			WithDetail("zeta", 1).WithDetail("alpha", []any{"a", nil}).
			WithFields(sentence.RequiredField("name"), sentence.SentField("email", "x@", "Invalid email.")),
		errorx.New(errorx.CodeInvalidInput, "Which project?").WithFields(sentence.RequiredField("project"),
			errorx.Field{Path: "kind", Message: "Required.", Options: []string{"a", "b"}}),
	}
	r := rand.New(rand.NewPCG(24, 1))
	for range 100 {
		models = append(models, rendercheck.Model(r))
	}
	ds := []render.Dialect{render.Interbase{}, render.ToolError{}, render.ToolError{Mode: render.ModeBoth},
		render.ToolError{Mode: render.ModeBoth, NeedsInput: true}, render.XML{}, render.Contract{}, render.Envelope{}}
	for _, d := range ds {
		for _, e := range models {
			res := d.Render(e)
			sdk := gosdk.FromResult(res)
			if a, b := canonical(t, res), canonical(t, sdk); a != b {
				t.Fatalf("%s:\nResult %s\ngo-sdk %s", d.Name(), a, b)
			}
			if res.StructuredContent != nil {
				if got, ok := sdk.StructuredContent.(json.RawMessage); !ok || string(got) != string(res.StructuredContent) {
					t.Errorf("%s: structuredContent %s, want the bytes %s", d.Name(), sdk.StructuredContent, res.StructuredContent)
				}
			}
			back := gosdk.ToResult(sdk)
			if a, b := canonical(t, res), canonical(t, back); a != b {
				t.Errorf("%s: ToResult(FromResult(res)):\n%s\n%s", d.Name(), a, b)
			}
			e1, n1 := render.Decode(res)
			e2, n2 := gosdk.Decode(sdk)
			if n1 != n2 || jsonOf(e1) != jsonOf(e2) {
				t.Errorf("%s: Decode %s %v, after conversion %s %v", d.Name(), n1, e1, n2, e2)
			}
		}
	}
	if r := gosdk.FromResult(nil); r != nil {
		t.Errorf("FromResult(nil) = %v", r)
	}
	if r := gosdk.ToResult(nil); r != nil {
		t.Errorf("ToResult(nil) = %v", r)
	}
}

// TestToResult: what go-sdk's results hold beyond the dialects' blocks:
// blocks of other types are left out, annotations read (a priority of 0
// as none), _meta kept, structuredContent of any JSON type encoded, and an
// unencodable one left out.
func TestToResult(t *testing.T) {
	res := &mcp.CallToolResult{
		Meta: mcp.Meta{"k": "v"},
		Content: []mcp.Content{
			&mcp.ImageContent{Data: []byte{1}, MIMEType: "image/png"},
			&mcp.TextContent{Text: "a", Annotations: &mcp.Annotations{Audience: []mcp.Role{"user"}, Priority: 0.5}},
			&mcp.TextContent{Text: "b", Annotations: &mcp.Annotations{LastModified: "2026-01-01T00:00:00Z"}},
		},
		StructuredContent: []any{1, "x"},
		IsError:           true,
	}
	got := gosdk.ToResult(res)
	half := 0.5
	want := &render.Result{
		Content:           []render.Text{{Text: "a", Audience: []string{"user"}, Priority: &half}, {Text: "b"}},
		StructuredContent: json.RawMessage(`[1,"x"]`),
		IsError:           true,
		Meta:              map[string]any{"k": "v"},
	}
	if a, b := canonical(t, got), canonical(t, want); a != b {
		t.Errorf("ToResult:\n got %s\nwant %s", a, b)
	}
	res.StructuredContent = make(chan int)
	if got := gosdk.ToResult(res); got.StructuredContent != nil || len(got.Content) != 2 {
		t.Errorf("ToResult of an unencodable structuredContent: %+v", got)
	}
}
