package gosdk_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/format"
	"github.com/mcperr/mcperr/gosdk"
	"github.com/mcperr/mcperr/internal/logtest"
	"github.com/mcperr/mcperr/render"
	"github.com/mcperr/mcperr/render/rendertest"
)

// markdownOf returns the markdown block of a toolerror result in mode both.
func markdownOf(t *testing.T, res *mcp.CallToolResult) string {
	t.Helper()
	if len(res.Content) == 0 {
		t.Fatalf("no content: %+v", res)
	}
	tc, ok := res.Content[0].(*mcp.TextContent)
	if !ok {
		t.Fatalf("content[0] is %T", res.Content[0])
	}
	return tc.Text
}

// sentenceDialects are the five dialects, toolerror with both its blocks.
func sentenceDialects() []render.Dialect {
	return []render.Dialect{render.Interbase{}, render.ToolError{Mode: format.Both}, render.XML{}, render.Contract{}, render.Envelope{}}
}

// TestUnknownToolHostileName: an unknown tool's name is named in the
// message only as format.Quote quotes it: in the JSON-RPC error's message,
// and, as a tool result (render.WithUnknownToolResult), in every dialect the message
// reads back exactly so, and in toolerror's markdown it adds no line, link,
// image, HTML, code span or emphasis of its own. The did-you-mean names
// the server's tools.
func TestUnknownToolHostileName(t *testing.T) {
	next := func(_ context.Context, method string, _ mcp.Request) (mcp.Result, error) {
		if method == "tools/list" {
			return &mcp.ListToolsResult{Tools: []*mcp.Tool{{Name: "files.read"}}}, nil
		}
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "unknown tool"}
	}
	unknown := func(d render.Dialect, name string) *mcp.CallToolResult {
		call := &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: name}}
		// The JSON-RPC error's message is the same sentence.
		_, err := gosdk.Middleware(quiet(d))(next)(context.Background(), "tools/call", call)
		var wire *jsonrpc.Error
		if want := "The server has no tool named " + format.Quote(name) + ". "; !errors.As(err, &wire) || !strings.HasPrefix(wire.Message, want) {
			t.Errorf("%q: %v, want a message starting %q", name, err, want)
		}
		res, err := gosdk.Middleware(quiet(d, render.WithUnknownToolResult()))(next)(context.Background(), "tools/call", call)
		if err != nil {
			t.Fatalf("%q: %v", name, err)
		}
		return res.(*mcp.CallToolResult)
	}
	for _, d := range sentenceDialects() {
		benign := markdownOf(t, unknown(d, "zzz")) // no tool is close: no did-you-mean, as for the hostile names
		for _, name := range rendertest.HostileTexts() {
			res := unknown(d, name)
			e, _ := gosdk.Decode(res)
			want := "The server has no tool named " + format.Quote(name) + "."
			if e == nil || e.Code != errorx.CodeUnknownTool || e.Message != want {
				t.Errorf("%s, %.40q: %+v, want the message %q", d.Name(), name, e, want)
				continue
			}
			if strings.Contains(e.Recovery, name) {
				t.Errorf("%s, %.40q: the recovery names it: %q", d.Name(), name, e.Recovery)
			}
			if d.Name() == render.NameToolError {
				if md := markdownOf(t, res); strings.Count(md, "\n") != strings.Count(benign, "\n") {
					t.Errorf("%.40q: the markdown block has other lines than a benign name's:\n%s\nbenign:\n%s", name, md, benign)
				}
			}
		}
	}
}

// TestSchemaRejectionInOwnWords: go-sdk's rejection of a typed tool's
// arguments quotes the values sent (a password among them); the agent gets
// a fixed INVALID_INPUT sentence that sends it to the inputSchema, in every
// dialect, and go-sdk's text goes to the log, bounded.
func TestSchemaRejectionInOwnWords(t *testing.T) {
	type login struct {
		User     string `json:"user"`
		Password int    `json:"password"`
	}
	for _, d := range sentenceDialects() {
		var log logtest.Buffer
		s := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "0"}, nil)
		s.AddReceivingMiddleware(gosdk.Middleware(render.NewRenderer(d, render.WithLogger(log.Logger()))))
		mcp.AddTool(s, &mcp.Tool{Name: "login"}, func(context.Context, *mcp.CallToolRequest, login) (*mcp.CallToolResult, any, error) {
			return nil, nil, nil
		})
		cs := connect(t, s)
		for _, sent := range append([]string{"hunter2"}, rendertest.HostileTexts()...) {
			res := call(t, cs, "login", map[string]any{"user": "ann", "password": "hunter2 " + sent})
			wire, _ := json.Marshal(res)
			if strings.Contains(string(wire), "hunter2") {
				t.Errorf("%s: the result echoes the value sent:\n%.300s", d.Name(), wire)
			}
			e, _ := gosdk.Decode(res)
			if e == nil || e.Code != errorx.CodeInvalidInput || e.Message != "The arguments do not match the tool's inputSchema." ||
				!strings.Contains(e.Recovery, "tools/list") || !strings.Contains(e.Recovery, "inputSchema") {
				t.Errorf("%s: %+v, want INVALID_INPUT in the server's words, sending the agent to the inputSchema", d.Name(), e)
			}
		}
		if !strings.Contains(log.String(), "hunter2") || !strings.Contains(log.String(), `validating \"arguments\"`) {
			t.Errorf("%s: go-sdk's text is not in the log:\n%.500s", d.Name(), log.String())
		}
		if found := log.Oversized(errorx.MaxLogText+64, "stack"); found != "" {
			t.Errorf("%s: a log record is not bounded: %s", d.Name(), found)
		}
	}
}
