package render_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/format"
	"github.com/mcperr/mcperr/render"
)

// callRequest returns a tools/call request for tool with args.
func callRequest(tool string, args map[string]any) mcp.CallToolRequest {
	var req mcp.CallToolRequest
	req.Params.Name = tool
	if args != nil {
		req.Params.Arguments = args
	}
	return req
}

// resultJSON is res as mcp-go writes it on the wire.
func resultJSON(t *testing.T, res *mcp.CallToolResult) string {
	t.Helper()
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestRendererRender(t *testing.T) {
	r := render.NewRenderer(nil)
	if _, ok := r.Dialect().(render.Interbase); !ok {
		t.Errorf("NewRenderer(nil).Dialect() = %T, want render.Interbase", r.Dialect())
	}
	if res := r.Render(nil); res != nil {
		t.Errorf("Render(nil) = %+v, want nil", res)
	}
	if res := r.RenderRequest(context.Background(), callRequest("t", nil), nil); res != nil {
		t.Errorf("RenderRequest(nil) = %+v, want nil", res)
	}

	res := render.NewRenderer(render.Contract{}).Render(errors.New("open /srv/secret.key: no space left"))
	e, dialect := render.Decode(res)
	if dialect != render.NameContract || e.Code != errorx.CodeInternalError || !res.IsError {
		t.Errorf("Render(plain error): %s %+v", dialect, e)
	}
	if strings.Contains(resultJSON(t, res), "secret") {
		t.Errorf("Render leaks the error's text: %s", resultJSON(t, res))
	}
}

// TestRenderRequestTool checks that the tool name is filled in on a copy:
// a shared error value is never changed, so handlers may return sentinels.
func TestRenderRequestTool(t *testing.T) {
	sentinel := errorx.NotFound("No such thing.")
	r := render.NewRenderer(render.Interbase{})
	e, _ := render.Decode(r.RenderRequest(context.Background(), callRequest("things.get", nil), sentinel))
	if e.Tool != "things.get" {
		t.Errorf("tool = %q, want things.get", e.Tool)
	}
	if sentinel.Tool != "" {
		t.Errorf("RenderRequest changed the caller's error: Tool = %q", sentinel.Tool)
	}

	own := errorx.NotFound("No such thing.").WithTool("things/get")
	e, _ = render.Decode(r.RenderRequest(context.Background(), callRequest("things.get", nil), own))
	if e.Tool != "things/get" {
		t.Errorf("tool = %q, want the error's own things/get", e.Tool)
	}
}

// blocks describes a toolerror result's text blocks: "md" for markdown,
// "json" for the JSON object.
func blocks(t *testing.T, res *mcp.CallToolResult) string {
	t.Helper()
	var out []string
	for _, c := range res.Content {
		text := mcp.GetTextFromContent(c)
		switch {
		case strings.HasPrefix(text, "**Error:**"):
			out = append(out, "md")
		case json.Valid([]byte(text)):
			out = append(out, "json")
		default:
			out = append(out, "?")
		}
	}
	return strings.Join(out, "+")
}

func TestRenderRequestFormat(t *testing.T) {
	err := errorx.Conflict("Taken.")
	for _, tc := range []struct {
		name   string
		d      render.Dialect
		opts   []render.RendererOption
		format any
		want   string
	}{
		{"default", render.ToolError{}, nil, nil, "md"},
		{"markdown", render.ToolError{}, nil, "markdown", "md"},
		{"json", render.ToolError{}, nil, "json", "json"},
		{"both", render.ToolError{}, nil, "both", "md+json"},
		{"unknown falls back", render.ToolError{Mode: format.JSON}, nil, "yaml", "json"},
		{"empty falls back", render.ToolError{Mode: format.Both}, nil, "", "md+json"},
		{"number falls back", render.ToolError{Mode: format.JSON}, nil, 42, "json"},
		{"object falls back", render.ToolError{}, nil, map[string]any{"mode": "json"}, "md"},
		{"pointer dialect", &render.ToolError{Mode: format.JSON}, nil, "both", "md+json"},
		{"argument off", render.ToolError{}, []render.RendererOption{render.WithFormatArgument("")}, "json", "md"},
		{"argument renamed", render.ToolError{}, []render.RendererOption{render.WithFormatArgument("error_format")}, "json", "md"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := render.NewRenderer(tc.d, tc.opts...)
			args := map[string]any{"id": "x"}
			if tc.format != nil {
				args["format"] = tc.format
			}
			res := r.RenderRequest(context.Background(), callRequest("t", args), err)
			if got := blocks(t, res); got != tc.want {
				t.Errorf("blocks = %s, want %s", got, tc.want)
			}
			if res.StructuredContent == nil {
				t.Error("structuredContent dropped for a tool without outputSchema")
			}
			if e, d := render.Decode(res); d != render.NameToolError || e.Code != errorx.CodeConflict {
				t.Errorf("Decode: %s %+v", d, e)
			}
		})
	}

	t.Run("renamed argument is read", func(t *testing.T) {
		r := render.NewRenderer(render.ToolError{}, render.WithFormatArgument("error_format"))
		res := r.RenderRequest(context.Background(), callRequest("t", map[string]any{"error_format": "both"}), err)
		if got := blocks(t, res); got != "md+json" {
			t.Errorf("blocks = %s, want md+json", got)
		}
	})
	t.Run("arguments not an object", func(t *testing.T) {
		req := callRequest("t", nil)
		req.Params.Arguments = "notanobject"
		res := render.NewRenderer(render.ToolError{}).RenderRequest(context.Background(), req, err)
		if got := blocks(t, res); got != "md" {
			t.Errorf("blocks = %s, want md", got)
		}
	})
	t.Run("other dialects ignore it", func(t *testing.T) {
		r := render.NewRenderer(render.XML{})
		a := r.RenderRequest(context.Background(), callRequest("t", map[string]any{"format": "json"}), err)
		b := r.RenderRequest(context.Background(), callRequest("t", nil), err)
		if resultJSON(t, a) != resultJSON(t, b) {
			t.Errorf("format changed an xml result:\n%s\n%s", resultJSON(t, a), resultJSON(t, b))
		}
	})
}

type forecast struct {
	TempC float64 `json:"temp_c"`
}

// schemaServer returns a server with one tool per kind of outputSchema, each
// failing with the error in its "fail" argument's place: warn makes it a
// warning.
func schemaServer(r *render.Renderer) *server.MCPServer {
	s := server.NewMCPServer("t", "0", server.WithToolHandlerMiddleware(r.Middleware()))
	fail := func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		e := errorx.New("UpstreamDown", "The forecast service is down.").
			WithClass(errorx.ClassTransient).
			WithRetryable(true)
		if req.GetBool("warn", false) {
			e = errorx.New(errorx.CodeDeprecated, "Deprecated.").WithSeverity(errorx.SeverityWarning)
		}
		return nil, e
	}
	s.AddTool(mcp.NewTool("typed", mcp.WithOutputSchema[forecast]()), fail)
	s.AddTool(mcp.NewTool("raw", mcp.WithRawOutputSchema(json.RawMessage(`{"type":"object","required":["temp_c"]}`))), fail)
	s.AddTool(mcp.NewTool("plain"), fail)
	return s
}

func TestOutputSchemaSafe(t *testing.T) {
	for _, name := range render.Names() {
		t.Run(name, func(t *testing.T) {
			d, _ := render.ByName(name)
			c := connect(t, schemaServer(render.NewRenderer(d)))
			for _, tool := range []string{"typed", "raw", "plain"} {
				res := callTool(t, c, tool, nil)
				declared := tool != "plain"
				hasSC := res.StructuredContent != nil || len(res.RawStructuredContent) > 0
				if declared && hasSC {
					t.Errorf("%s: error result carries structuredContent: %s", tool, resultJSON(t, res))
				}
				if !declared && name == render.NameToolError && !hasSC {
					t.Errorf("%s: toolerror dropped structuredContent of a tool without outputSchema", tool)
				}
				if name == render.NameToolError {
					want := "md"
					if declared {
						want = "md+json" // markdown became both
					}
					if got := blocks(t, res); got != want {
						t.Errorf("%s: blocks = %s, want %s", tool, got, want)
					}
				}
				e, dialect := render.Decode(res)
				if dialect != name || e.Code != "UpstreamDown" || e.EffectiveClass() != errorx.ClassTransient || !e.IsRetryable() {
					t.Errorf("%s: Decode: %s %+v", tool, dialect, e)
				}

				// A warning of a tool with an outputSchema is an error result:
				// without structuredContent, isError false makes strict
				// clients throw.
				res = callTool(t, c, tool, map[string]any{"warn": true})
				if res.IsError != declared {
					t.Errorf("%s warning: isError = %v, want %v", tool, res.IsError, declared)
				}
				if e, _ := render.Decode(res); e == nil || e.Severity != errorx.SeverityWarning {
					t.Errorf("%s warning: Decode: %+v", tool, e)
				}
			}
		})
	}
}

func TestOutputSchemaIgnore(t *testing.T) {
	r := render.NewRenderer(render.ToolError{}, render.WithOutputSchemaPolicy(render.OutputSchemaIgnore))
	c := connect(t, schemaServer(r))
	res := callTool(t, c, "typed", nil)
	if res.StructuredContent == nil || blocks(t, res) != "md" {
		t.Errorf("OutputSchemaIgnore changed the result: %s", resultJSON(t, res))
	}
	if res := callTool(t, c, "typed", map[string]any{"warn": true}); res.IsError {
		t.Error("OutputSchemaIgnore set isError on a warning")
	}
	if render.OutputSchemaSafe.String() != "safe" || render.OutputSchemaIgnore.String() != "ignore" {
		t.Error("OutputSchemaPolicy.String")
	}
}

// TestOutputSchemaNeedsInput checks the toolerror dialect's needsInput:v1
// elicitation (no isError) against the outputSchema policy: for a tool that
// declares one, it loses structuredContent, gains isError and keeps its JSON
// in a text block.
func TestOutputSchemaNeedsInput(t *testing.T) {
	r := render.NewRenderer(render.ToolError{NeedsInput: true})
	s := server.NewMCPServer("t", "0", server.WithToolHandlerMiddleware(r.Middleware()))
	ask := handler(nil, errorx.Required("city"))
	s.AddTool(mcp.NewTool("typed", mcp.WithOutputSchema[forecast]()), ask)
	s.AddTool(mcp.NewTool("plain"), ask)
	c := connect(t, s)
	for _, tool := range []string{"typed", "plain"} {
		res := callTool(t, c, tool, nil)
		declared := tool == "typed"
		if got := res.StructuredContent != nil; got == declared {
			t.Errorf("%s: structuredContent present = %v", tool, got)
		}
		if res.IsError != declared {
			t.Errorf("%s: isError = %v, want %v", tool, res.IsError, declared)
		}
		e, dialect := render.Decode(res)
		if dialect != render.NameToolError || e == nil || len(e.Fields) != 1 || e.Fields[0].Path != "city" {
			t.Errorf("%s: Decode: %s %+v\n%s", tool, dialect, e, resultJSON(t, res))
		}
	}
}

// TestByNameUnknownListsNames checks that ByName's error for an unknown
// dialect lists the names as the CLI does ("interbase, toolerror, …"), not
// as a Go slice ("[interbase toolerror …]").
func TestByNameUnknownListsNames(t *testing.T) {
	d, err := render.ByName("yaml")
	if d != nil || err == nil {
		t.Fatalf("ByName(yaml) = %v, %v; want nil and an error", d, err)
	}
	want := `render: unknown dialect "yaml" (want one of ` + strings.Join(render.Names(), ", ") + `)`
	if err.Error() != want {
		t.Errorf("error = %q\nwant    %q", err, want)
	}
}
