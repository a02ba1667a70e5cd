package gosdk_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/gosdk"
	"github.com/mcperr/mcperr/internal/testsize"
	"github.com/mcperr/mcperr/render"
	"github.com/mcperr/mcperr/validation"
)

// searchArgs is a go-sdk typed tool's arguments: no validate tags, the
// schema go-sdk infers from it.
type searchArgs struct {
	Query string   `json:"query" jsonschema:"what to look for"`
	Mode  string   `json:"mode"`
	Limit float64  `json:"limit,omitempty"`
	Tags  []string `json:"tags,omitempty"`
}

// searchSchema is searchArgs' schema as go-sdk infers it, with what an
// author adds by hand: the modes, the bounds, a query not empty.
func searchSchema(t testing.TB) *jsonschema.Schema {
	s, err := jsonschema.For[searchArgs](nil)
	if err != nil {
		t.Fatal(err)
	}
	lo, hi, one, three := 1.0, 50.0, 1, 3
	s.Properties["mode"].Enum = []any{"web", "news", "images"}
	s.Properties["limit"].Minimum, s.Properties["limit"].Maximum = &lo, &hi
	s.Properties["query"].MinLength = &one
	s.Properties["tags"].MaxItems = &three
	return s
}

// dbQuerySchema is a raw tool's hand-written inputSchema.
const dbQuerySchema = `{"type":"object","properties":{
	"sql":{"type":"string","minLength":1,"description":"One SELECT statement."},
	"limit":{"type":"integer","minimum":1,"maximum":1000},
	"database":{"type":"string","enum":["main","analytics"]}
},"required":["sql","database"],"additionalProperties":false}`

// schemaServer serves a typed tool (mcp.AddTool, search), a raw tool with
// a hand-written schema (db.query) and an AddTool tool (signup) under
// r's middleware; calls counts the handlers' runs by tool.
func schemaServer(t testing.TB, r *render.Renderer, opts ...gosdk.MiddlewareOption) (*mcp.Server, *mcp.ClientSession, map[string]*atomic.Int32) {
	s := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "0"}, nil)
	s.AddReceivingMiddleware(gosdk.Middleware(r, opts...))
	calls := map[string]*atomic.Int32{"search": {}, "db.query": {}, "signup": {}}
	mcp.AddTool(s, &mcp.Tool{Name: "search", InputSchema: searchSchema(t)}, func(_ context.Context, _ *mcp.CallToolRequest, in searchArgs) (*mcp.CallToolResult, any, error) {
		calls["search"].Add(1)
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "found " + in.Query}}}, nil, nil
	})
	s.AddTool(&mcp.Tool{Name: "db.query", InputSchema: json.RawMessage(dbQuerySchema)}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		calls["db.query"].Add(1)
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "3 rows"}}}, nil
	})
	gosdk.AddTool(s, &mcp.Tool{Name: "signup"}, func(_ context.Context, _ *mcp.CallToolRequest, u signup) (*mcp.CallToolResult, any, error) {
		calls["signup"].Add(1)
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "Signed up " + u.Login + "."}}}, nil, nil
	}, perCallFormat)
	return s, connect(t, s), calls
}

// fieldKey is what a test compares of a field in every dialect: its path
// and message (every dialect keeps both).
func fieldKeys(fs []errorx.Field) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.Path + ": " + f.Message
	}
	slices.Sort(out)
	return out
}

// TestSchemaCheck: a bad call of a go-sdk typed tool and of a raw tool
// with a hand-written schema gets the fields of the schema's check in
// every dialect, and its handler does not run; a good call runs it once.
// On main, the typed tool answered with one fixed sentence and no field,
// and the raw tool's handler ran with whatever was sent.
func TestSchemaCheck(t *testing.T) {
	for _, dialect := range render.Names() {
		t.Run(dialect, func(t *testing.T) {
			_, cs, calls := schemaServer(t, quiet(fixedClock(dialect)))
			for _, c := range []struct {
				tool   string
				args   map[string]any
				fields []string
			}{
				{"search", map[string]any{}, []string{"mode: Required.", "query: Required."}},
				{"search", map[string]any{"query": "go", "mode": "newz", "limit": 99}, []string{"limit: Too large.", "mode: Not one of the valid options."}},
				{"search", map[string]any{"qeury": "go", "mode": "web"}, []string{"qeury: Unknown field.", "query: Required."}},
				{"search", map[string]any{"query": 5, "mode": []any{"web"}, "limit": "ten"}, []string{"limit: Wrong type.", "mode: Wrong type.", "query: Wrong type."}},
				{"search", map[string]any{"query": "", "mode": "web", "tags": []any{"a", "b", "c", "d"}}, []string{"query: Required.", "tags: Too many items."}},
				{"db.query", map[string]any{}, []string{"database: Required.", "sql: Required."}},
				{"db.query", map[string]any{"sql": "SELECT 1", "database": "mian", "limit": 0, "timeout": 5}, []string{"database: Not one of the valid options.", "limit: Too small.", "timeout: Unknown field."}},
				{"db.query", map[string]any{"sql": "SELECT 1", "database": "main", "limit": 2.5}, []string{"limit: Wrong type."}},
			} {
				res := call(t, cs, c.tool, c.args)
				e, got := gosdk.Decode(res)
				if e == nil || got != dialect || e.Code != errorx.CodeInvalidInput || e.Tool != c.tool {
					raw, _ := json.Marshal(res)
					t.Fatalf("%s %v: %s %+v, want a %s INVALID_INPUT:\n%s", c.tool, c.args, got, e, dialect, raw)
				}
				if keys := fieldKeys(e.Fields); !slices.Equal(keys, c.fields) {
					t.Errorf("%s %v: fields %q, want %q", c.tool, c.args, keys, c.fields)
				}
			}
			if n := calls["search"].Load() + calls["db.query"].Load(); n != 0 {
				t.Fatalf("the handlers ran %d times on bad arguments", n)
			}
			for tool, args := range map[string]map[string]any{
				"search":   {"query": "go", "mode": "web", "limit": 10, "tags": []any{"a"}},
				"db.query": {"sql": "SELECT 1", "database": "main", "limit": 5},
			} {
				if res := call(t, cs, tool, args); res.IsError {
					t.Errorf("%s: a good call failed: %+v", tool, res)
				}
				if calls[tool].Load() != 1 {
					t.Errorf("%s: the handler ran %d times on a good call", tool, calls[tool].Load())
				}
			}
		})
	}
}

// TestSchemaCheckSameAsTheLibrary: the fields the middleware gives are
// validation's Check against the tool's schema, field for field: paths,
// rules, sent values, messages, expected forms, options, hints.
func TestSchemaCheckSameAsTheLibrary(t *testing.T) {
	_, cs, _ := schemaServer(t, quiet(render.ToolError{}))
	raw, _ := json.Marshal(searchSchema(t))
	sch, err := validation.CompileSchema(raw)
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range []string{`{}`, `{"query":"go","mode":"newz","limit":99}`, `{"qeury":"go","mode":"wbe"}`, `{"query":5,"mode":["web"],"limit":"ten"}`} {
		var m map[string]any
		_ = json.Unmarshal([]byte(args), &m)
		got, _ := gosdk.Decode(call(t, cs, "search", m))
		want, _ := errorx.As(sch.Check("search", []byte(args)))
		if got == nil || want == nil || !fieldsEqual(got.Fields, want.Fields) {
			t.Errorf("%s:\n got  %+v\n want %+v", args, got, want)
		}
	}
}

// fieldsEqual compares fields as the toolerror dialect carries them back
// (numbers decode as json.Number, float64 in the model).
func fieldsEqual(a, b []errorx.Field) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if x.Path != y.Path || x.Message != y.Message || x.Expected != y.Expected || x.Hint != y.Hint || x.Rule != y.Rule ||
			x.Param != y.Param || x.WasSent != y.WasSent || !slices.Equal(x.Options, y.Options) || fmt.Sprint(x.Sent) != fmt.Sprint(y.Sent) {
			return false
		}
	}
	return true
}

// TestSchemaCheckSkipsAddTool: a tool registered with AddTool is bound by
// package validation with its own options, and not checked again: the
// format argument it takes passes, and its errors are binding's (seats
// above lte=50 is rule lte; a check of its schema would say max).
func TestSchemaCheckSkipsAddTool(t *testing.T) {
	_, cs, calls := schemaServer(t, quiet(render.ToolError{}))
	args := map[string]any{}
	for k, v := range validSignup {
		args[k] = v
	}
	args["format"] = "json"
	if res := call(t, cs, "signup", args); res.IsError || calls["signup"].Load() != 1 {
		t.Fatalf("a good call with the format argument: %+v, handler ran %d times", res, calls["signup"].Load())
	}
	args["seats"] = 51
	raw, _ := json.Marshal(args)
	_, berr := validation.Bind[signup]("signup", raw, perCallFormat)
	want, _ := errorx.As(berr)
	got, _ := gosdk.Decode(call(t, cs, "signup", args))
	if got == nil || want == nil || !fieldsEqual(got.Fields, want.Fields) || got.Fields[0].Rule != "lte" {
		t.Errorf("signup: %+v, want binding's %+v", got, want)
	}
}

// TestSchemaCheckToolSetChanges: tools added, replaced and removed at run
// time are checked against their schema of the moment: a raw tool
// replaced under its name, a schema set anew on the same *mcp.Tool added
// again, a tool removed (the unknown tool's -32602, then).
func TestSchemaCheckToolSetChanges(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "0"}, nil)
	s.AddReceivingMiddleware(gosdk.Middleware(quiet(render.Interbase{})))
	ok := func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil
	}
	needs := func(prop string) json.RawMessage {
		return json.RawMessage(`{"type":"object","properties":{"` + prop + `":{"type":"string"}},"required":["` + prop + `"],"additionalProperties":false}`)
	}
	s.AddTool(&mcp.Tool{Name: "t", InputSchema: needs("a")}, ok)
	cs := connect(t, s)
	paths := func(args map[string]any) []string {
		e, _ := gosdk.Decode(call(t, cs, "t", args))
		if e == nil {
			return nil
		}
		if e.Code != errorx.CodeInvalidInput {
			return []string{e.Code}
		}
		var out []string
		for _, f := range e.Fields {
			out = append(out, f.Path)
		}
		slices.Sort(out)
		return out
	}
	if got := paths(map[string]any{"a": "x"}); got != nil {
		t.Fatalf("first schema: %q, want success", got)
	}
	s.AddTool(&mcp.Tool{Name: "t", InputSchema: needs("b")}, ok) // replaced under its name
	if got := paths(map[string]any{"a": "x"}); !slices.Equal(got, []string{"a", "b"}) {
		t.Errorf("replaced: %q, want a unknown and b required", got)
	}
	tool := &mcp.Tool{Name: "t", InputSchema: needs("c")}
	s.AddTool(tool, ok)
	if got := paths(map[string]any{"c": "x"}); got != nil {
		t.Errorf("third schema: %q, want success", got)
	}
	tool.InputSchema = needs("d") // the same *mcp.Tool, a new schema
	s.AddTool(tool, ok)
	if got := paths(map[string]any{"c": "x"}); !slices.Equal(got, []string{"c", "d"}) {
		t.Errorf("the same tool, a new schema: %q, want c unknown and d required", got)
	}
	s.RemoveTools("t")
	_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "t", Arguments: map[string]any{"d": "x"}})
	if werr := (*jsonrpc.Error)(nil); !errors.As(err, &werr) || werr.Code != jsonrpc.CodeInvalidParams {
		t.Errorf("removed: %v, want the unknown tool's JSON-RPC error %d", err, jsonrpc.CodeInvalidParams)
	}
}

// TestSchemaCheckOff: with WithSchemaCheck(false) a raw tool gets
// whatever was sent, as without the middleware, and a typed tool's
// arguments, which go-sdk checks itself, still get fields when go-sdk
// rejects them.
func TestSchemaCheckOff(t *testing.T) {
	_, cs, calls := schemaServer(t, quiet(render.XML{}), gosdk.WithSchemaCheck(false))
	if res := call(t, cs, "db.query", map[string]any{"timeout": 5}); res.IsError || calls["db.query"].Load() != 1 {
		t.Errorf("db.query: %+v, the handler ran %d times; want it run, unchecked", res, calls["db.query"].Load())
	}
	e, _ := gosdk.Decode(call(t, cs, "search", map[string]any{"qeury": "go"}))
	if e == nil || !slices.Equal(fieldKeys(e.Fields), []string{"mode: Required.", "qeury: Unknown field.", "query: Required."}) {
		t.Errorf("search: %+v, want its fields after go-sdk's rejection", e)
	}
	if calls["search"].Load() != 0 {
		t.Errorf("search ran on bad arguments")
	}
}

// TestSchemaCheckKeepsResultType: an error the check answers before any
// handler runs carries the resultType go-sdk writes on its own results for
// a client of the 2026-07-28 revision.
func TestSchemaCheckKeepsResultType(t *testing.T) {
	_, cs, _ := schemaServer(t, quiet(render.Interbase{}))
	for _, tool := range []string{"search", "db.query"} {
		res := call(t, cs, tool, map[string]any{})
		raw, _ := json.Marshal(res)
		if !res.IsError || !strings.Contains(string(raw), `"resultType":"complete"`) {
			t.Errorf("%s: no resultType:\n%s", tool, raw)
		}
		if _, ok := res.Meta[mcp.MetaKeyServerInfo]; !ok {
			t.Errorf("%s: no serverInfo in _meta:\n%s", tool, raw)
		}
	}
}

// TestSchemaCheckLinear: the error path through the middleware is linear
// in the arguments' size, in time and bytes allocated: n bad items of an
// array, n unknown keys, n bad values of a map.
func TestSchemaCheckLinear(t *testing.T) {
	schema := json.RawMessage(`{"type":"object","properties":{
		"ids":{"type":"array","items":{"type":"integer"}},
		"labels":{"type":"object","additionalProperties":{"type":"string","maxLength":3}}
	},"additionalProperties":false}`)
	list := &mcp.ListToolsResult{Tools: []*mcp.Tool{{Name: "t", InputSchema: schema}}}
	next := func(_ context.Context, method string, _ mcp.Request) (mcp.Result, error) {
		if method == "tools/list" {
			return list, nil
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ran"}}}, nil
	}
	wrapped := gosdk.Middleware(quiet(render.ToolError{}))(next)
	shapes := map[string]func(n int) string{
		"bad items": func(n int) string { return `{"ids":[` + strings.Repeat(`"x",`, n) + `1]}` },
		"unknown keys": func(n int) string {
			var b strings.Builder
			b.WriteString(`{`)
			for i := range n {
				fmt.Fprintf(&b, `"k%d":%d,`, i, i)
			}
			b.WriteString(`"ids":[]}`)
			return b.String()
		},
		"bad map values": func(n int) string {
			var b strings.Builder
			b.WriteString(`{"labels":{`)
			for i := range n {
				fmt.Fprintf(&b, `"l%d":"toolong",`, i)
			}
			b.WriteString(`"x":"ok"}}`)
			return b.String()
		},
	}
	n := testsize.N(500, 4000)
	for name, shape := range shapes {
		t.Run(name, func(t *testing.T) {
			run := func(args string) func() {
				req := &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "t", Arguments: json.RawMessage(args)}}
				return func() {
					res, err := wrapped(context.Background(), "tools/call", req)
					if tr, _ := res.(*mcp.CallToolResult); err != nil || tr == nil || !tr.IsError {
						t.Fatalf("want a rendered error, got %+v, %v", res, err)
					}
				}
			}
			testsize.Linear(t, "the middleware's error path", run(shape(n)), run(shape(8*n)))
		})
	}
}

// TestSchemaCheckEveryPage: with go-sdk listing one tool per page, every
// one of 120 raw tools is checked against its inputSchema, and an error of
// a tool that declares an outputSchema carries no structuredContent. The
// middleware read at most 100 pages: tool_100 and tool_119 reached their
// handler with arguments their schema rejects, and their errors kept
// structuredContent.
func TestSchemaCheckEveryPage(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "0"}, &mcp.ServerOptions{PageSize: 1})
	s.AddReceivingMiddleware(gosdk.Middleware(quiet(render.ToolError{})))
	var ran atomic.Int32
	schema := json.RawMessage(`{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}`)
	for i := range 120 {
		s.AddTool(&mcp.Tool{Name: fmt.Sprintf("tool_%03d", i), InputSchema: schema, OutputSchema: map[string]any{"type": "object"}},
			func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				ran.Add(1)
				return nil, errorx.NotFound("Nothing here.")
			})
	}
	cs := connect(t, s)
	for _, name := range []string{"tool_000", "tool_099", "tool_100", "tool_119"} {
		res := call(t, cs, name, map[string]any{"n": "x"})
		e, _ := gosdk.Decode(res)
		if e == nil || e.Code != errorx.CodeInvalidInput || len(e.Fields) != 1 || e.Fields[0].Path != "n" {
			t.Errorf("%s: %+v, want the schema's INVALID_INPUT at n", name, e)
		}
		if res.StructuredContent != nil {
			t.Errorf("%s: the tool declares an outputSchema, but its error carries structuredContent", name)
		}
		res = call(t, cs, name, map[string]any{"n": 1}) // the handler's error
		if e, _ := gosdk.Decode(res); e == nil || e.Code != "NOT_FOUND" || res.StructuredContent != nil {
			t.Errorf("%s: the handler's error %+v, structuredContent %v; want NOT_FOUND without it", name, e, res.StructuredContent)
		}
	}
	if n := ran.Load(); n != 4 {
		t.Errorf("the handlers ran %d times, want 4 (the good calls only)", n)
	}
}

// TestToolListingEnds: a tools/list below the middleware whose pages never
// end (every page gives the same next cursor) is read until the cursor
// comes back, and the call is answered.
func TestToolListingEnds(t *testing.T) {
	var lists atomic.Int32
	next := func(_ context.Context, method string, _ mcp.Request) (mcp.Result, error) {
		if method == "tools/list" {
			lists.Add(1)
			return &mcp.ListToolsResult{Tools: []*mcp.Tool{{Name: "a"}}, NextCursor: "again"}, nil
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ran"}}}, nil
	}
	wrapped := gosdk.Middleware(quiet(render.ToolError{}))(next)
	req := &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "b", Arguments: json.RawMessage(`{}`)}}
	res, err := wrapped(context.Background(), "tools/call", req)
	if tr, _ := res.(*mcp.CallToolResult); err != nil || tr == nil || tr.IsError {
		t.Errorf("got %+v, %v; want the handler's result", res, err)
	}
	if n := lists.Load(); n < 2 || n > 3 {
		t.Errorf("tools/list was asked %d times, want 2 (the first page, then the cursor once)", n)
	}
}
