package render_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/format"
	"github.com/mcperr/mcperr/render"
)

// resultJSON is res as it is written on the wire.
func resultJSON(t *testing.T, res *render.Result) string {
	t.Helper()
	b, err := json.Marshal(res)
	require.NoError(t, err)
	return string(b)
}

func TestRendererRender(t *testing.T) {
	r := render.NewRenderer(nil)
	assert.IsType(t, render.Interbase{}, r.Dialect(), "NewRenderer(nil).Dialect()")
	assert.Nil(t, r.Render(nil), "Render(nil)")
	assert.Nil(t, r.RenderCall(context.Background(), call("t", nil), nil), "RenderCall(nil)")

	res := render.NewRenderer(render.Contract{}).Render(errors.New("open /srv/secret.key: no space left"))
	e, dialect := render.Decode(res)
	assert.Equal(t, "contract", dialect, "Render(plain error)")
	require.NotNil(t, e, "Render(plain error)")
	assert.Equal(t, errorx.CodeInternalError, e.Code, "Render(plain error)")
	assert.True(t, res.IsError, "Render(plain error)")
	assert.NotContains(t, resultJSON(t, res), "secret", "Render leaks the error's text")
}

// TestRenderCallTool checks that the tool name is filled in on a copy:
// a shared error value is never changed, so handlers may return sentinels.
func TestRenderCallTool(t *testing.T) {
	sentinel := errorx.NotFound("No such thing.")
	r := render.NewRenderer(render.Interbase{})
	e, _ := render.Decode(r.RenderCall(context.Background(), call("things.get", nil), sentinel))
	assert.Equal(t, "things.get", e.Tool)
	assert.Empty(t, sentinel.Tool, "RenderCall changed the caller's error")

	own := errorx.NotFound("No such thing.").WithTool("things/get")
	e, _ = render.Decode(r.RenderCall(context.Background(), call("things.get", nil), own))
	assert.Equal(t, "things/get", e.Tool, "want the error's own tool")
}

// blocks describes a toolerror result's text blocks: "md" for markdown,
// "json" for the JSON object.
func blocks(t *testing.T, res *render.Result) string {
	t.Helper()
	var out []string
	for _, c := range res.Content {
		text := c.Text
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

// listedCall is a call of formatTools' tool "listed", whose inputSchema
// lists the per-call format argument, with args.
func listedCall(args map[string]any) *render.Call {
	return &render.Call{Tool: "listed", ArgumentMap: args, Tools: formatTools}
}

// TestRenderCallFormat: with the format argument on, a call of a tool that
// lists it picks toolError:v1's blocks; anything but one of the three modes
// keeps the dialect's own.
func TestRenderCallFormat(t *testing.T) {
	err := errorx.Conflict("Taken.")
	on := render.WithFormatArgument(format.Argument)
	for _, tc := range []struct {
		name   string
		d      render.Dialect
		opts   []render.Option
		format any
		want   string
	}{
		{"default", render.ToolError{}, nil, nil, "md"},
		{"markdown", render.ToolError{}, nil, "markdown", "md"},
		{"json", render.ToolError{}, nil, "json", "json"},
		{"both", render.ToolError{}, nil, "both", "md+json"},
		{"unknown falls back", render.ToolError{Mode: render.ModeJSON}, nil, "yaml", "json"},
		{"empty falls back", render.ToolError{Mode: render.ModeBoth}, nil, "", "md+json"},
		{"number falls back", render.ToolError{Mode: render.ModeJSON}, nil, 42, "json"},
		{"object falls back", render.ToolError{}, nil, map[string]any{"mode": "json"}, "md"},
		{"pointer dialect", &render.ToolError{Mode: render.ModeJSON}, nil, "both", "md+json"},
		{"argument off", render.ToolError{}, []render.Option{render.WithFormatArgument("")}, "json", "md"},
		{"argument renamed", render.ToolError{}, []render.Option{render.WithFormatArgument("error_format")}, "json", "md"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := render.NewRenderer(tc.d, append([]render.Option{on}, tc.opts...)...)
			args := map[string]any{"id": "x"}
			if tc.format != nil {
				args["format"] = tc.format
			}
			res := r.RenderCall(context.Background(), listedCall(args), err)
			assert.Equal(t, tc.want, blocks(t, res), "blocks")
			assert.NotNil(t, res.StructuredContent, "structuredContent dropped for a tool without outputSchema")
			e, d := render.Decode(res)
			assert.Equal(t, "toolerror", d, "Decode")
			require.NotNil(t, e, "Decode")
			assert.Equal(t, errorx.CodeConflict, e.Code, "Decode")
		})
	}

	t.Run("renamed argument is read", func(t *testing.T) {
		r := render.NewRenderer(render.ToolError{}, render.WithFormatArgument("error_format"))
		c := &render.Call{Tool: "renamed", ArgumentMap: map[string]any{"error_format": "both"}, Tools: formatTools}
		res := r.RenderCall(context.Background(), c, err)
		assert.Equal(t, "md+json", blocks(t, res), "blocks")
	})
	t.Run("raw arguments", func(t *testing.T) {
		r := render.NewRenderer(render.ToolError{}, on)
		for args, want := range map[string]string{
			`{"format":"json"}`:                          "json",
			` {"id":{"format":"json"},"format":"both"} `: "md+json",
			`{"format":"json","format":"both"}`:          "md+json", // the last, as encoding/json reads it
			`{"format":"json"`:                           "md",      // not JSON
			`"notanobject"`:                              "md",
			`["format","json"]`:                          "md",
			`{"format":7}`:                               "md",
			``:                                           "md",
		} {
			res := r.RenderCall(context.Background(), &render.Call{Tool: "listed", Arguments: json.RawMessage(args), Tools: formatTools}, err)
			assert.Equal(t, want, blocks(t, res), "blocks for %s", args)
		}
		// The decoded arguments win over the raw ones.
		c := &render.Call{Tool: "listed", Arguments: json.RawMessage(`{"format":"json"}`), ArgumentMap: map[string]any{}, Tools: formatTools}
		assert.Equal(t, "md", blocks(t, r.RenderCall(context.Background(), c, err)))
	})
	t.Run("no call", func(t *testing.T) {
		res := render.NewRenderer(render.ToolError{}, on).RenderCall(context.Background(), nil, err)
		assert.Equal(t, "md", blocks(t, res), "blocks")
		e, _ := render.Decode(res)
		assert.Empty(t, e.Tool)
	})
	t.Run("other dialects ignore it", func(t *testing.T) {
		r := render.NewRenderer(render.XML{}, on)
		a := r.RenderCall(context.Background(), listedCall(map[string]any{"format": "json"}), err)
		b := r.RenderCall(context.Background(), listedCall(nil), err)
		assert.Equal(t, resultJSON(t, b), resultJSON(t, a), "format changed an xml result")
	})
}

// TestByNameUnknownListsNames checks that ByName's error for an unknown
// dialect lists the names as the CLI does ("interbase, toolerror, …"), not
// as a Go slice ("[interbase toolerror …]").
func TestByNameUnknownListsNames(t *testing.T) {
	d, err := render.ByName("yaml")
	require.Error(t, err, "ByName(yaml)")
	require.Equal(t, nil, d, "ByName(yaml): want no Dialect") // not Nil: a typed nil would be a Dialect
	assert.EqualError(t, err, `render: unknown dialect "yaml" (want one of `+strings.Join(render.Names(), ", ")+`)`)
}
