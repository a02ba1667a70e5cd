package gosdk_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/gosdk"
	"github.com/mcperr/mcperr/internal/errtext"
	"github.com/mcperr/mcperr/internal/format"
	"github.com/mcperr/mcperr/internal/logtest"
	"github.com/mcperr/mcperr/internal/rendercheck"
	"github.com/mcperr/mcperr/internal/secret"
	"github.com/mcperr/mcperr/render"
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
	return []render.Dialect{render.Interbase{}, render.ToolError{Mode: render.ModeBoth}, render.XML{}, render.Contract{}, render.Envelope{}}
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
		for _, name := range rendercheck.HostileTexts() {
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
			if d.Name() == "toolerror" {
				if md := markdownOf(t, res); strings.Count(md, "\n") != strings.Count(benign, "\n") {
					t.Errorf("%.40q: the markdown block has other lines than a benign name's:\n%s\nbenign:\n%s", name, md, benign)
				}
			}
		}
	}
}

// TestSchemaRejectionInOwnWords: a bad call of a typed tool (mcp.AddTool)
// gets the fields of its inputSchema's check, in the server's own
// sentences: the value sent to a secret argument is redacted, hostile text
// goes only into the slots each dialect escapes, and go-sdk's text, which
// quotes the values sent, never reaches the wire (before the schema check,
// the agent got a fixed sentence and go-sdk's text went to the log).
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
		benign := markdownOf(t, call(t, cs, "login", map[string]any{"user": "ann", "password": "hunter2", "zz": 1}))
		for _, sent := range append([]string{"hunter2"}, rendercheck.HostileTexts()...) {
			key := sent
			switch sent {
			case "hunter2", "user", "password":
				key = "zz"
			}
			res := call(t, cs, "login", map[string]any{"user": "ann", "password": "hunter2 " + sent, key: 1})
			wire, _ := json.Marshal(res)
			if strings.Contains(string(wire), "hunter2") || strings.Contains(string(wire), "validating") {
				t.Errorf("%s: the result echoes the value sent, or go-sdk's text:\n%.300s", d.Name(), wire)
			}
			e, _ := gosdk.Decode(res)
			if e == nil || e.Code != errorx.CodeInvalidInput || len(e.Fields) == 0 {
				t.Fatalf("%s: %+v, want INVALID_INPUT with fields", d.Name(), e)
			}
			i := slices.IndexFunc(e.Fields, func(f errorx.Field) bool { return f.Path == "password" })
			if i < 0 || e.Fields[i].Message != "Wrong type." || fmt.Sprint(e.Fields[i].Sent) != secret.RedactedText {
				t.Errorf("%s: %+v, want password's wrong type, the value redacted", d.Name(), e.Fields)
			}
			if len(e.Fields) != 2 || e.Fields[1-max(i, 0)].Message != "Unknown field." {
				t.Errorf("%s: %+v, want the unknown key as the other field", d.Name(), e.Fields)
			}
			if d.Name() == "toolerror" {
				if md := markdownOf(t, res); strings.Count(md, "\n") != strings.Count(benign, "\n") {
					t.Errorf("%.40q: the markdown block has other lines than a benign key's:\n%s\nbenign:\n%s", sent, md, benign)
				}
			}
		}
		if strings.Contains(log.String(), "hunter2") {
			t.Errorf("%s: the log holds the password:\n%.500s", d.Name(), log.String())
		}
	}
}

// TestSchemaRejectionFallback: when go-sdk rejects a typed tool's
// arguments that the schema check cannot read (a schema go-sdk accepts and
// the JSON Schema library refuses: minLength -1), the agent gets a fixed
// INVALID_INPUT sentence that sends it to the inputSchema, in every
// dialect; go-sdk's text goes to the log, bounded, and the schema that
// cannot be checked is logged once.
func TestSchemaRejectionFallback(t *testing.T) {
	type login struct {
		User     string `json:"user"`
		Password int    `json:"password"`
	}
	minusOne := -1
	schema := &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
		"user":     {Type: "string"},
		"password": {Type: "integer", MinLength: &minusOne},
	}}
	for _, d := range sentenceDialects() {
		var log logtest.Buffer
		s := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "0"}, nil)
		s.AddReceivingMiddleware(gosdk.Middleware(render.NewRenderer(d, render.WithLogger(log.Logger()))))
		mcp.AddTool(s, &mcp.Tool{Name: "login", InputSchema: schema}, func(context.Context, *mcp.CallToolRequest, login) (*mcp.CallToolResult, any, error) {
			return nil, nil, nil
		})
		cs := connect(t, s)
		for _, sent := range append([]string{"hunter2"}, rendercheck.HostileTexts()...) {
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
		if n := strings.Count(log.String(), "inputSchema cannot be checked"); n != 1 {
			t.Errorf("%s: the schema that cannot be checked is logged %d times, want once:\n%.500s", d.Name(), n, log.String())
		}
		if found := log.Oversized(errtext.MaxLogText+64, "stack"); found != "" {
			t.Errorf("%s: a log record is not bounded: %s", d.Name(), found)
		}
	}
}
