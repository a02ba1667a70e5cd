package parity_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	mcpgomcp "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/gosdk"
	"github.com/mcperr/mcperr/internal/format"
	"github.com/mcperr/mcperr/mcpgo"
	"github.com/mcperr/mcperr/render"
	"github.com/mcperr/mcperr/validation"
)

// query is a tool's arguments that do not include a format.
type query struct {
	Query string `json:"query" validate:"required"`
}

// export is a tool's arguments whose own format argument is an export
// format, "json" among them.
type export struct {
	Format string `json:"format" validate:"required,oneof=pdf csv json"`
}

var (
	errSearch = errorx.Transient("The index is rebuilding.")
	errExport = errorx.Conflict("An export is already running.")
)

// formatServers serves search (query) and export (export) on both SDKs
// under r, their schemas and binding given validation.WithFormatArgument(
// arg), arg the name r reads ("" when it reads none), as a server does.
func formatServers(t *testing.T, r *render.Renderer, arg string) (*mcp.ClientSession, *client.Client) {
	perCall := validation.WithFormatArgument(arg)

	s := mcp.NewServer(&mcp.Implementation{Name: "parity", Version: "0"}, nil)
	s.AddReceivingMiddleware(gosdk.Middleware(r))
	gosdk.AddTool(s, &mcp.Tool{Name: "search"}, func(context.Context, *mcp.CallToolRequest, query) (*mcp.CallToolResult, any, error) {
		return nil, nil, errSearch
	}, perCall)
	gosdk.AddTool(s, &mcp.Tool{Name: "export"}, func(context.Context, *mcp.CallToolRequest, export) (*mcp.CallToolResult, any, error) {
		return nil, nil, errExport
	}, perCall)

	m := server.NewMCPServer("parity", "0", server.WithToolHandlerMiddleware(mcpgo.Middleware(r)))
	m.AddTool(mcpgomcp.NewTool("search", mcpgo.WithInputSchema[query](perCall)),
		mcpgo.Handler(func(context.Context, mcpgomcp.CallToolRequest, query) (*mcpgomcp.CallToolResult, error) {
			return nil, errSearch
		}, perCall))
	m.AddTool(mcpgomcp.NewTool("export", mcpgo.WithInputSchema[export](perCall)),
		mcpgo.Handler(func(context.Context, mcpgomcp.CallToolRequest, export) (*mcpgomcp.CallToolResult, error) {
			return nil, errExport
		}, perCall))
	return connectGoSDK(t, s), connectMCPGo(t, m)
}

// formatProperties returns each tool's inputSchema's format property, as
// a go-sdk client lists it ("" when there is none).
func formatProperties(t *testing.T, cs *mcp.ClientSession) map[string]string {
	t.Helper()
	list, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, tool := range list.Tools {
		b, _ := json.Marshal(tool.InputSchema)
		var s struct {
			Properties map[string]json.RawMessage `json:"properties"`
		}
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatal(err)
		}
		out[tool.Name] = canonical(string(s.Properties[format.Argument]))
	}
	return out
}

// canonical is the JSON text s with its objects' keys in order ("" for "").
func canonical(s string) string {
	if s == "" {
		return ""
	}
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		return "invalid JSON: " + s
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// mcpGoFormatProperties is formatProperties for an mcp-go client.
func mcpGoFormatProperties(t *testing.T, c *client.Client) map[string]string {
	t.Helper()
	list, err := c.ListTools(context.Background(), mcpgomcp.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, tool := range list.Tools {
		b, _ := json.Marshal(tool)
		var s struct {
			InputSchema struct {
				Properties map[string]json.RawMessage `json:"properties"`
			} `json:"inputSchema"`
		}
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatal(err)
		}
		out[tool.Name] = canonical(string(s.InputSchema.Properties[format.Argument]))
	}
	return out
}

// textBlocks describes a result's text blocks: "md" for toolError:v1's
// markdown, "json" for a JSON document, "text" for anything else.
func textBlocks(res *render.Result) string {
	var out []string
	for _, c := range res.Content {
		switch {
		case strings.HasPrefix(c.Text, "**Error:**"):
			out = append(out, "md")
		case json.Valid([]byte(c.Text)):
			out = append(out, "json")
		default:
			out = append(out, "text")
		}
	}
	return strings.Join(out, "+")
}

// TestFormatArgument: the per-call format argument is off by default and
// toolerror's alone. When the server turns it on (render.WithFormatArgument,
// given to the tools as validation.WithFormatArgument("format")),
// on both SDKs and in every dialect: the typed tools' inputSchema lists it
// exactly when the Renderer reads it, as format.ArgumentSchema; a call that
// sends it picks toolError:v1's blocks; binding rejects it as an unknown key
// when it is not listed; and a tool's own format argument keeps its schema
// and never steers rendering.
func TestFormatArgument(t *testing.T) {
	for _, name := range render.Names() {
		for _, on := range []bool{false, true} {
			d := fixedClock(name)
			if name == "toolerror" {
				d = render.ToolError{Mode: render.ModeBoth} // the server's own mode: both blocks
			}
			opts := []render.Option{render.WithLogger(slog.New(slog.DiscardHandler))}
			if on {
				opts = append(opts, render.WithFormatArgument(format.Argument))
			}
			r := render.NewRenderer(d, opts...)
			reads := on && name == "toolerror"
			arg := ""
			if reads {
				arg = format.Argument
			}
			sdk, mgo := formatServers(t, r, arg)

			props := formatProperties(t, sdk)
			if g, w := props, mcpGoFormatProperties(t, mgo); g["search"] != w["search"] || g["export"] != w["export"] {
				t.Errorf("%s on=%v: the SDKs list different format properties:\ngo-sdk %v\nmcp-go %v", name, on, g, w)
			}
			if want := map[bool]string{true: canonical(format.ArgumentSchema)}[reads]; props["search"] != want {
				t.Errorf("%s on=%v: search lists format %s, want %q", name, on, props["search"], want)
			}
			if own := canonical(`{"type":"string","enum":["pdf","csv","json"],"minLength":1}`); props["export"] != own {
				t.Errorf("%s on=%v: export's own format is listed as %s, want %s", name, on, props["export"], own)
			}

			for _, c := range []struct {
				tool string
				args map[string]any
				// what the agent reads: the code, and toolerror's blocks
				code, blocks string
			}{
				{"search", map[string]any{"query": "q", "format": "json"},
					map[bool]string{true: errorx.CodeTransient, false: errorx.CodeInvalidInput}[reads],
					map[bool]string{true: "json", false: "md+json"}[reads]},
				{"search", map[string]any{"query": "q"}, errorx.CodeTransient, "md+json"},
				{"export", map[string]any{"format": "json"}, errExport.Code, "md+json"},
			} {
				got, want := callBoth(t, sdk, mgo, c.tool, c.args)
				if g, w := wire(t, got), wire(t, want); g != w {
					t.Errorf("%s on=%v %s %v:\ngo-sdk %s\nmcp-go %s", name, on, c.tool, c.args, g, w)
				}
				res := gosdk.ToResult(got)
				e, _ := render.Decode(res)
				if e == nil || e.Code != c.code {
					t.Errorf("%s on=%v %s %v: decoded %v, want code %s", name, on, c.tool, c.args, e, c.code)
					continue
				}
				if c.code == errorx.CodeInvalidInput && (len(e.Fields) != 1 || e.Fields[0].Path != format.Argument || e.Fields[0].Message != "Unknown field.") {
					t.Errorf("%s on=%v %s %v: fields %+v, want format as an unknown key", name, on, c.tool, c.args, e.Fields)
				}
				if name == "toolerror" && textBlocks(res) != c.blocks {
					t.Errorf("%s on=%v %s %v: blocks %s, want %s", name, on, c.tool, c.args, textBlocks(res), c.blocks)
				}
			}
		}
	}
}
