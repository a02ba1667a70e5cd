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
	"github.com/mcperr/mcperr/gosdk"
	"github.com/mcperr/mcperr/internal/parity"
	"github.com/mcperr/mcperr/internal/typeunion"
	"github.com/mcperr/mcperr/render"
	"github.com/mcperr/mcperr/validation"
)

// badSignups are bad arguments for signup.
var badSignups = parity.BadSignups

// validSignup is a valid call of signup, with the format argument.
var validSignup = map[string]any{"login": "ann", "contact": "ann@example.com", "plan": "team", "seats": 3,
	"billing": map[string]any{"country": "FR"}, "api_secret": "correct horse battery", "format": "json"}

// TestAddToolFields: the fields of a bad call, as Decode reads them from
// the interbase dialect.
func TestAddToolFields(t *testing.T) {
	cs := connect(t, newServer(quiet(render.Interbase{})))
	e, _ := gosdk.Decode(call(t, cs, "signup", badSignups["wrong_types"]))
	var got []string
	for _, f := range e.Fields {
		got = append(got, f.Path+"="+f.Message)
	}
	want := []string{"login=Wrong type.", "seats=Wrong type."}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("fields %q, want %q", got, want)
	}
	// Arguments that are not an object reach the handler's binding (go-sdk
	// keeps them raw), which reports them on the empty path.
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "signup", Arguments: []any{1, 2}})
	if err != nil {
		t.Fatal(err)
	}
	if e, _ := gosdk.Decode(res); e == nil || e.Code != "INVALID_INPUT" || len(e.Fields) != 1 || e.Fields[0].Path != "" {
		t.Errorf("array arguments: %+v", e)
	}
}

type out struct {
	Paths []string `json:"paths"`
	Count int      `json:"count"`
}

// sameOutput registers h as name with both mcp.AddTool and AddTool and
// returns both results of a call with args, as a client reads them.
func sameOutput[In, Out any](t *testing.T, h mcp.ToolHandlerFor[In, Out], args map[string]any) (sdk, ours string) {
	t.Helper()
	s := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "0"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "sdk"}, h)
	gosdk.AddTool(s, &mcp.Tool{Name: "ours"}, h)
	cs := connect(t, s)
	a, _ := json.Marshal(call(t, cs, "sdk", args))
	b, _ := json.Marshal(call(t, cs, "ours", args))
	list, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	schemas := map[string]string{}
	for _, tool := range list.Tools {
		o, _ := json.Marshal(tool.OutputSchema)
		schemas[tool.Name] = canonicalJSON(o)
	}
	// go-sdk's, its type arrays written as anyOf.
	split, _ := typeunion.Split([]byte(schemas["sdk"]))
	if canonicalJSON(split) != schemas["ours"] {
		t.Errorf("output schemas differ:\nmcp.AddTool   %s\ngosdk.AddTool %s", schemas["sdk"], schemas["ours"])
	}
	if strings.Contains(schemas["ours"], `"type":[`) {
		t.Errorf("gosdk.AddTool's output schema has a type array: %s", schemas["ours"])
	}
	return string(a), string(b)
}

// canonicalJSON is the JSON text b with its objects' keys in order.
func canonicalJSON(b []byte) string {
	var v any
	if json.Unmarshal(b, &v) != nil {
		return string(b)
	}
	out, _ := json.Marshal(v)
	return string(out)
}

// TestAddToolOutputLikeGoSDK: with valid arguments, AddTool's result is
// what mcp.AddTool gives for the same handler: structuredContent, the text
// block, a pointer's zero value, content the handler wrote, output that is
// not an object; and the output schemas are the same but for go-sdk's type
// arrays (a slice's ["null","array"]), which AddTool writes as anyOf.
func TestAddToolOutputLikeGoSDK(t *testing.T) {
	type in struct {
		Dir string `json:"dir"`
	}
	args := map[string]any{"dir": "src"}
	check := func(sdk, ours string) {
		t.Helper()
		if sdk != ours {
			t.Errorf("results differ:\nmcp.AddTool   %s\ngosdk.AddTool %s", sdk, ours)
		}
	}
	check(sameOutput(t, func(_ context.Context, _ *mcp.CallToolRequest, a in) (*mcp.CallToolResult, out, error) {
		return nil, out{Paths: []string{a.Dir + "/<main>.go"}, Count: 1}, nil
	}, args))
	check(sameOutput(t, func(context.Context, *mcp.CallToolRequest, in) (*mcp.CallToolResult, *out, error) {
		return nil, nil, nil
	}, args))
	check(sameOutput(t, func(context.Context, *mcp.CallToolRequest, in) (*mcp.CallToolResult, out, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "one file"}}}, out{Count: 1}, nil
	}, args))
	check(sameOutput(t, func(context.Context, *mcp.CallToolRequest, in) (*mcp.CallToolResult, []string, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "two"}}}, []string{"a", "b"}, nil
	}, args))
	check(sameOutput(t, func(context.Context, *mcp.CallToolRequest, in) (*mcp.CallToolResult, any, error) {
		return nil, map[string]int{"n": 1}, nil
	}, args))
	check(sameOutput(t, func(context.Context, *mcp.CallToolRequest, *in) (*mcp.CallToolResult, any, error) {
		return nil, nil, nil
	}, args))
}

// TestAddToolWithoutMiddleware: without the Middleware, a binding failure
// is the zero Renderer's rendering (interbase: the summary and every
// field), a handler's error its text (as go-sdk's typed tools give it),
// and a *jsonrpc.Error stays a protocol error.
func TestAddToolWithoutMiddleware(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "0"}, nil)
	gosdk.AddTool(s, &mcp.Tool{Name: "signup"}, func(context.Context, *mcp.CallToolRequest, signup) (*mcp.CallToolResult, any, error) {
		return nil, nil, errors.New("store is down")
	}, perCallFormat)
	gosdk.AddTool(s, &mcp.Tool{Name: "wire"}, func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, any, error) {
		return nil, nil, &jsonrpc.Error{Code: -32001, Message: "not yet"}
	})
	cs := connect(t, s)
	res := call(t, cs, "signup", badSignups["many_fields"])
	e, dialect := gosdk.Decode(res)
	if !res.IsError || dialect != "interbase" || e == nil || e.Code != errorx.CodeInvalidInput || len(e.Fields) != 10 ||
		!strings.HasPrefix(e.Message, "8 arguments of signup are invalid: ") {
		t.Errorf("binding failure: %s %+v\n%+v", dialect, e, res)
	}
	res = call(t, cs, "signup", validSignup)
	if text := res.Content[0].(*mcp.TextContent).Text; !res.IsError || text != "store is down" {
		t.Errorf("handler error: %+v", res)
	}
	_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "wire", Arguments: map[string]any{}})
	var wire *jsonrpc.Error
	if !errors.As(err, &wire) || wire.Code != -32001 {
		t.Errorf("wire: %v, want the handler's JSON-RPC error", err)
	}
}

// TestAddToolBadOutput: output the declared schema rejects is an
// INTERNAL_ERROR tool result under the Middleware (go-sdk's typed tools
// answer a JSON-RPC error).
func TestAddToolBadOutput(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "0"}, nil)
	s.AddReceivingMiddleware(gosdk.Middleware(quiet(render.XML{})))
	schema := map[string]any{"type": "object", "required": []string{"city"}}
	gosdk.AddTool(s, &mcp.Tool{Name: "weather", OutputSchema: schema}, func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, out, error) {
		return nil, out{}, nil
	})
	res := call(t, connect(t, s), "weather", nil)
	if e, _ := gosdk.Decode(res); e == nil || e.Code != "INTERNAL_ERROR" || res.StructuredContent != nil {
		t.Errorf("%+v: %v", res, e)
	}
}

// TestAddToolInputSchema: a struct's inputSchema is validation.InputSchema
// of it, which the bad calls fail and the valid one fits; another type's
// is go-sdk's inference; a schema the tool sets is kept.
func TestAddToolInputSchema(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "0"}, nil)
	none := func(context.Context, *mcp.CallToolRequest, map[string]int) (*mcp.CallToolResult, any, error) {
		return nil, nil, nil
	}
	gosdk.AddTool(s, &mcp.Tool{Name: "signup"}, func(context.Context, *mcp.CallToolRequest, *signup) (*mcp.CallToolResult, any, error) {
		return nil, nil, nil
	})
	gosdk.AddTool(s, &mcp.Tool{Name: "counts"}, none)
	mcp.AddTool(s, &mcp.Tool{Name: "sdk.counts"}, none)
	own := map[string]any{"type": "object", "properties": map[string]any{"x": map[string]any{"type": "integer"}}}
	gosdk.AddTool(s, &mcp.Tool{Name: "own", InputSchema: own}, none)
	schemas := map[string]string{}
	for tool, err := range connect(t, s).Tools(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		schemas[tool.Name] = canonical(t, tool.InputSchema)
	}
	want, err := validation.InputSchema[signup]()
	if err != nil {
		t.Fatal(err)
	}
	if schemas["signup"] != canonical(t, want) {
		t.Errorf("signup's inputSchema:\n%s\nwant validation.InputSchema's\n%s", schemas["signup"], canonical(t, want))
	}
	if schemas["counts"] != schemas["sdk.counts"] {
		t.Errorf("a map's inputSchema: %s, want go-sdk's %s", schemas["counts"], schemas["sdk.counts"])
	}
	if schemas["own"] != canonical(t, own) {
		t.Errorf("own inputSchema: %s, want %s", schemas["own"], canonical(t, own))
	}
}

// canonical is v's JSON with sorted keys.
func canonical(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var x any
	if err := json.Unmarshal(b, &x); err != nil {
		t.Fatal(err)
	}
	b, _ = json.Marshal(x)
	return string(b)
}

// TestAddToolTypedNil: a handler that returns a nil *errorx.Error as its
// error (Go's typed-nil trap) succeeds with its output, as under render's
// Middleware on mcp-go; go-sdk's mcp.AddTool would report "<nil>" as the
// error.
func TestAddToolTypedNil(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "0"}, nil)
	gosdk.AddTool(s, &mcp.Tool{Name: "count"}, func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, out, error) {
		var e *errorx.Error
		return nil, out{Count: 2}, e
	})
	res := call(t, connect(t, s), "count", nil)
	if b, _ := json.Marshal(res.StructuredContent); res.IsError || string(b) != `{"count":2,"paths":null}` {
		t.Errorf("%+v: structuredContent %s", res, b)
	}
}
