package mcpgo_test

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/adapt"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/rendercheck"
	"github.com/mcperr/mcperr/internal/sentence"
	"github.com/mcperr/mcperr/mcpgo"
	"github.com/mcperr/mcperr/render"
)

// requireHelpers are the argument helpers of mcp.CallToolRequest that
// fail with a text the Renderer turns into a field error: the Require*
// methods and BindArguments of mcp-go v1.2.1, and what each expects.
var requireHelpers = map[string]string{
	"RequireString":      "string",
	"RequireInt":         "integer",
	"RequireFloat":       "number",
	"RequireBool":        "boolean",
	"RequireStringSlice": "string",
	"RequireIntSlice":    "integer",
	"RequireFloatSlice":  "number",
	"RequireBoolSlice":   "boolean",
}

// helperSends are argument values some helper rejects.
var helperSends = []string{`7`, `1.5`, `"x"`, `"12"`, `true`, `null`, `{"a":1}`, `[]`, `[1]`, `["a"]`, `[true]`,
	`[1.5]`, `[{"a":1}]`, `["x","y"]`, `[null]`, `[[1]]`}

// helperServer serves tool "t", whose handler calls the helper named
// method of mcp.CallToolRequest (by reflection) with key "id" and returns
// its error, under a Renderer in dialect d.
func helperServer(d render.Dialect, method string) *server.MCPServer {
	s := server.NewMCPServer("t", "0", server.WithToolHandlerMiddleware(mcpgo.Middleware(render.NewRenderer(d))))
	s.AddTool(mcp.NewTool("t"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var out []reflect.Value
		if method == "BindArguments" {
			var target struct {
				ID string `json:"id"`
				N  []int  `json:"n"`
				In struct {
					B bool `json:"b"`
				} `json:"in"`
			}
			out = reflect.ValueOf(req).MethodByName(method).Call([]reflect.Value{reflect.ValueOf(&target)})
		} else {
			out = reflect.ValueOf(req).MethodByName(method).Call([]reflect.Value{reflect.ValueOf("id")})
		}
		if err, _ := out[len(out)-1].Interface().(error); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("ok"), nil
	})
	return s
}

// TestRequireHelpersGiveFieldErrors calls every Require* helper of the
// pinned mcp-go (found by reflection: a helper added or renamed by an
// upgrade fails the test until argumentError knows its texts) and
// BindArguments with the argument missing and with values of every JSON
// type, in every dialect: each failure must read back (render.Decode) as
// the field error binding gives, the missing argument not sent, the wrong
// one with the value sent and the JSON type expected.
func TestRequireHelpersGiveFieldErrors(t *testing.T) {
	var found []string
	rt := reflect.TypeFor[mcp.CallToolRequest]()
	for i := range rt.NumMethod() {
		if name := rt.Method(i).Name; strings.HasPrefix(name, "Require") {
			found = append(found, name)
		}
	}
	var known []string
	for name := range requireHelpers {
		known = append(known, name)
	}
	slices.Sort(found)
	slices.Sort(known)
	if !slices.Equal(found, known) {
		t.Fatalf("mcp.CallToolRequest's Require* helpers are %v; the Renderer knows %v", found, known)
	}
	for _, name := range render.Names() {
		d, _ := render.ByName(name)
		for _, method := range found {
			c := connect(t, helperServer(d, method))
			expected := requireHelpers[method]
			if f := helperField(t, c, `{}`); !f.IsRequired() || f.Path != "id" {
				t.Errorf("%s %s({}): %+v, want id required", name, method, f)
			}
			rejected := 0
			for _, v := range helperSends {
				f, ok := helperFieldIfFailed(t, c, `{"id":`+v+`}`)
				if !ok {
					continue
				}
				rejected++
				want := any(nil)
				_ = json.Unmarshal([]byte(v), &want)
				path := "id"
				if strings.HasSuffix(method, "Slice") {
					if items, isArray := want.([]any); isArray {
						// the first item the helper rejects
						for i, it := range items {
							if _, ok := it.(string); ok && expected == "string" {
								continue
							}
							path, want = "id."+string(rune('0'+i)), it
							break
						}
					} else {
						expected = "array"
					}
				}
				if name == "xml" {
					// MCP Fusion's XML keeps the path, the message, the value
					// sent and the rest of the line as the hint.
					if f.Path != path || !f.WasSent || f.Message != "Wrong type." || f.Hint != "Expected type: "+expected+"." {
						t.Errorf("%s %s(%s): %+v, want path %s, wrong type, expected %s", name, method, v, f, path, expected)
					}
				} else if f.Path != path || !f.WasSent || f.Rule != "type" || f.Expected != expected || !equalJSON(f.Sent, want) {
					t.Errorf("%s %s(%s): %+v, want path %s, sent %s, expected %s", name, method, v, f, path, v, expected)
				}
				expected = requireHelpers[method]
			}
			if rejected == 0 {
				t.Errorf("%s: no value rejected", method)
			}
		}
		c := connect(t, helperServer(d, "BindArguments"))
		for args, want := range map[string]errorx.Field{
			`{"id":7}`:           sentence.WrongTypeField("id", 7.0, "string"),
			`{"n":[1,"x"]}`:      sentence.WrongTypeField("n.1", "x", "integer"),
			`{"n":{"a":1}}`:      sentence.WrongTypeField("n", map[string]any{"a": 1.0}, "array"),
			`{"in":{"b":"yes"}}`: sentence.WrongTypeField("in.b", "yes", "boolean"),
		} {
			f := helperField(t, c, args)
			if f.Path != want.Path || name != "xml" && (f.Expected != want.Expected || f.Rule != want.Rule || !equalJSON(f.Sent, want.Sent)) {
				t.Errorf("%s BindArguments(%s): %+v, want %+v", name, args, f, want)
			}
		}
	}
}

// TestHelperTextsElsewhereUntouched: an error that only looks like a
// helper's, or whose request disagrees, stays what it was.
func TestHelperTextsElsewhereUntouched(t *testing.T) {
	r := render.NewRenderer(render.Interbase{})
	for _, tc := range []struct{ args, err string }{
		{`{"id":"x"}`, `required argument "id" not found`}, // it was sent
		{`{}`, `argument "id" is not a string`},            // it was not
		{`{}`, `required argument id not found`},           // not quoted
		{`{}`, `fetch: required argument "id" not found`},  // not the helper's text
	} {
		var req mcp.CallToolRequest
		req.Params.Name = "t"
		_ = json.Unmarshal([]byte(tc.args), &req.Params.Arguments)
		mw := mcpgo.Middleware(r)(func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, errorString(tc.err)
		})
		res, _ := mw(context.Background(), req)
		if e, _ := mcpgo.Decode(res); e == nil || e.Code != errorx.CodeInternalError {
			t.Errorf("%s with %s: %v, want INTERNAL_ERROR", tc.err, tc.args, e)
		}
	}
}

type errorString string

func (e errorString) Error() string { return string(e) }

func helperField(t *testing.T, c interface {
	CallTool(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error)
}, args string) errorx.Field {
	t.Helper()
	f, ok := helperFieldIfFailed(t, c, args)
	if !ok {
		t.Fatalf("%s: the call succeeded", args)
	}
	return f
}

func helperFieldIfFailed(t *testing.T, c interface {
	CallTool(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error)
}, args string) (errorx.Field, bool) {
	t.Helper()
	var req mcp.CallToolRequest
	req.Params.Name = "t"
	var m map[string]any
	if err := json.Unmarshal([]byte(args), &m); err != nil {
		t.Fatal(err)
	}
	req.Params.Arguments = m
	res, err := c.CallTool(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if !res.IsError {
		return errorx.Field{}, false
	}
	e, _ := mcpgo.Decode(res)
	if e == nil || len(e.Fields) != 1 {
		t.Fatalf("%s: %v, want one field", args, e)
	}
	return e.Fields[0], true
}

func equalJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// TestBindArgumentsMapKeyInPathOnly: a BindArguments type error in an entry
// of a map argument names the map in its sentences, never the entry's key,
// which the caller chose: the key reaches the model only as the field's
// path, in every dialect, and toolerror's markdown has the lines of an
// ordinary key's.
func TestBindArgumentsMapKeyInPathOnly(t *testing.T) {
	for _, d := range dialects() {
		s := server.NewMCPServer("t", "0", server.WithToolHandlerMiddleware(mcpgo.Middleware(render.NewRenderer(d))))
		s.AddTool(mcp.NewTool("t"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var args struct {
				Counts map[string]int `json:"counts"`
			}
			if err := req.BindArguments(&args); err != nil {
				return nil, err
			}
			return mcp.NewToolResultText("ok"), nil
		})
		c := connect(t, s)
		send := func(key string) (*mcp.CallToolResult, *errorx.Error) {
			res := callTool(t, c, "t", map[string]any{"counts": map[string]any{key: "many"}})
			e, _ := mcpgo.Decode(res)
			require.NotNil(t, e, "%s %q", d.Name(), key)
			return res, e
		}
		benign, _ := send("apples")
		for _, key := range append(rendercheck.HostileTexts(), "password=hunter2") {
			res, e := send(key)
			assert.Equal(t, codes.InvalidFieldType, e.Code, d.Name())
			if d.Name() != "xml" { // a <validation_error> shows the fields, not the message
				assert.Equal(t, `An entry of "counts" has the wrong type.`, e.Message, d.Name())
			}
			assert.Equal(t, codes.ValidationRecovery, e.Recovery, d.Name())
			require.Len(t, e.Fields, 1, d.Name())
			// The path as the dialect keeps it, within the Renderer's limits.
			path := adapt.Bound(errorx.New("X", "m").WithFields(sentence.WrongTypeField("counts."+key, 1, "integer")))
			assert.Equal(t, rendercheck.Project(d, path).Fields[0].Path, e.Fields[0].Path, "%s: the key is the field's path", d.Name())
			// A secret key, or one too long to be read for secret words
			// (1,024 bytes), hides what was sent under it.
			if strings.HasPrefix(key, "password") || len(key) > 1024 {
				assert.Equal(t, "[redacted]", fmt.Sprint(e.Fields[0].Sent), "%s: sent under a secret key", d.Name())
			} else {
				assert.Equal(t, "many", e.Fields[0].Sent, d.Name())
			}
			if d.Name() == "toolerror" {
				md, want := textOf(t, res, 0), textOf(t, benign, 0)
				assert.Equal(t, strings.Count(want, "\n"), strings.Count(md, "\n"), "the markdown has lines of its own:\n%s", md)
				assert.NotContains(t, md, "**Recovery:** Delete")
				assert.NotContains(t, md, "![](")
			}
		}
	}
}
