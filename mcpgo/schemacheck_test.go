package mcpgo_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/logtest"
	"github.com/mcperr/mcperr/internal/testsize"
	"github.com/mcperr/mcperr/mcpgo"
	"github.com/mcperr/mcperr/render"
	"github.com/mcperr/mcperr/validation"
)

// searchTool is a tool declared with mcp-go's helpers.
func searchTool() mcp.Tool {
	return mcp.NewTool("search",
		mcp.WithString("query", mcp.Required(), mcp.MinLength(1), mcp.Description("What to look for.")),
		mcp.WithString("mode", mcp.Required(), mcp.Enum("web", "news", "images")),
		mcp.WithNumber("limit", mcp.Min(1), mcp.Max(50)),
		mcp.WithArray("tags", mcp.WithStringItems(), mcp.MaxItems(3)),
		mcp.WithSchemaAdditionalProperties(false),
	)
}

// lookupArgs is mcp-go's own typed schema's struct (mcp.WithInputSchema,
// google/jsonschema-go's inference: fields without omitempty required).
type lookupArgs struct {
	ID    string `json:"id" jsonschema:"the record's id"`
	Limit int    `json:"limit,omitempty"`
}

// boundArgs is a struct bound by mcpgo.Handler.
type boundArgs struct {
	Seats int    `json:"seats" validate:"gte=1,lte=50"`
	Name  string `json:"name" validate:"required"`
}

// declaredServer serves tools declared every way mcp-go has: its helpers
// (search), its own WithInputSchema[T] (lookup), a raw schema (db.query)
// and mcpgo.WithInputSchema with mcpgo.Handler (seats); ran counts the
// handlers' runs.
func declaredServer(t testing.TB, r *render.Renderer, opts ...mcpgo.MiddlewareOption) (*server.MCPServer, map[string]*atomic.Int32) {
	s := server.NewMCPServer("t", "0", server.WithToolHandlerMiddleware(mcpgo.Middleware(r, opts...)))
	ran := map[string]*atomic.Int32{"search": {}, "lookup": {}, "db.query": {}, "seats": {}}
	ok := func(name string) server.ToolHandlerFunc {
		return func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			ran[name].Add(1)
			return mcp.NewToolResultText("ok"), nil
		}
	}
	s.AddTool(searchTool(), ok("search"))
	s.AddTool(mcp.NewTool("lookup", mcp.WithInputSchema[lookupArgs]()), ok("lookup"))
	s.AddTool(mcp.NewTool("db.query", mcp.WithRawInputSchema(json.RawMessage(`{"type":"object","properties":{
		"sql":{"type":"string","minLength":1},"database":{"type":"string","enum":["main","analytics"]},
		"limit":{"type":"integer","minimum":1,"maximum":1000}},"required":["sql","database"],"additionalProperties":false}`))), ok("db.query"))
	s.AddTool(mcp.NewTool("seats", mcpgo.WithInputSchema[boundArgs]()), mcpgo.Handler(func(context.Context, mcp.CallToolRequest, boundArgs) (*mcp.CallToolResult, error) {
		ran["seats"].Add(1)
		return mcp.NewToolResultText("ok"), nil
	}))
	return s, ran
}

// fieldKeys is what every dialect keeps of fields: path and message,
// sorted.
func fieldKeys(fs []errorx.Field) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.Path + ": " + f.Message
	}
	slices.Sort(out)
	return out
}

// TestSchemaCheck: a bad call of an mcp-go tool declared with a schema
// (its helpers, its own WithInputSchema[T], a raw schema) gets the fields
// of the schema's check in every dialect, through mcp-go's HandleMessage
// (the in-process client), and its handler does not run; a good call runs
// it once. Before the check, mcp-go let every call through.
func TestSchemaCheck(t *testing.T) {
	for _, d := range dialects() {
		t.Run(d.Name(), func(t *testing.T) {
			s, ran := declaredServer(t, quiet(d))
			c := connect(t, s)
			for _, tc := range []struct {
				tool   string
				args   map[string]any
				fields []string
			}{
				{"search", map[string]any{}, []string{"mode: Required.", "query: Required."}},
				{"search", map[string]any{"query": "go", "mode": "newz", "limit": 99}, []string{"limit: Too large.", "mode: Not one of the valid options."}},
				{"search", map[string]any{"qeury": "go", "mode": "web"}, []string{"qeury: Unknown field.", "query: Required."}},
				{"search", map[string]any{"query": 5, "mode": []any{"web"}, "limit": "ten"}, []string{"limit: Wrong type.", "mode: Wrong type.", "query: Wrong type."}},
				{"search", map[string]any{"query": "", "mode": "web", "tags": []any{"a", "b", "c", "d"}}, []string{"query: Required.", "tags: Too many items."}},
				{"lookup", map[string]any{"limit": "x"}, []string{"id: Required.", "limit: Wrong type."}},
				{"db.query", map[string]any{"sql": "SELECT 1", "database": "mian", "limit": 0, "timeout": 5}, []string{"database: Not one of the valid options.", "limit: Too small.", "timeout: Unknown field."}},
			} {
				e, got := mcpgo.Decode(callTool(t, c, tc.tool, tc.args))
				require.NotNil(t, e, "%s %v", tc.tool, tc.args)
				assert.Equal(t, d.Name(), got)
				assert.Equal(t, errorx.CodeInvalidInput, e.Code, "%s %v", tc.tool, tc.args)
				assert.Equal(t, tc.tool, e.Tool)
				assert.Equal(t, tc.fields, fieldKeys(e.Fields), "%s %v", tc.tool, tc.args)
			}
			for _, name := range []string{"search", "lookup", "db.query"} {
				assert.Zero(t, ran[name].Load(), "%s ran on bad arguments", name)
			}
			for tool, args := range map[string]map[string]any{
				"search":   {"query": "go", "mode": "web", "limit": 10, "tags": []any{"a"}},
				"lookup":   {"id": "r1"},
				"db.query": {"sql": "SELECT 1", "database": "main"},
			} {
				res := callTool(t, c, tool, args)
				assert.False(t, res.IsError, "%s: %s", tool, resultJSON(t, res))
				assert.EqualValues(t, 1, ran[tool].Load(), "%s: runs of a good call", tool)
			}
		})
	}
}

// TestSchemaCheckSameAsTheLibrary: the fields are validation's Check
// against the schema the tool lists, field for field.
func TestSchemaCheckSameAsTheLibrary(t *testing.T) {
	s, _ := declaredServer(t, quiet(render.ToolError{}))
	c := connect(t, s)
	tool := searchTool()
	raw, err := json.Marshal(tool.InputSchema)
	require.NoError(t, err)
	sch, err := validation.CompileSchema(raw)
	require.NoError(t, err)
	for _, args := range []string{`{}`, `{"query":"go","mode":"newz","limit":99}`, `{"qeury":"go","mode":"wbe"}`, `{"query":5,"mode":["web"],"limit":"ten"}`} {
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(args), &m))
		got, _ := mcpgo.Decode(callTool(t, c, "search", m))
		want, _ := errorx.As(sch.Check("search", []byte(args)))
		require.NotNil(t, got)
		require.NotNil(t, want)
		assert.Equal(t, len(want.Fields), len(got.Fields), args)
		for i := range min(len(want.Fields), len(got.Fields)) {
			w, g := want.Fields[i], got.Fields[i]
			assert.Equal(t, []any{w.Path, w.Message, w.Expected, w.Hint, w.Rule, w.Param, w.WasSent, w.Options, fmt.Sprint(w.Sent)},
				[]any{g.Path, g.Message, g.Expected, g.Hint, g.Rule, g.Param, g.WasSent, g.Options, fmt.Sprint(g.Sent)}, args)
		}
	}
}

// TestSchemaCheckSkipsBound: a tool declared with mcpgo.WithInputSchema
// is bound by mcpgo.Handler, and not checked again: its errors are
// binding's (seats above lte=50 is rule lte, where a check of its schema
// would say max).
func TestSchemaCheckSkipsBound(t *testing.T) {
	s, ran := declaredServer(t, quiet(render.ToolError{}))
	c := connect(t, s)
	e, _ := mcpgo.Decode(callTool(t, c, "seats", map[string]any{"seats": 51, "name": "x"}))
	require.NotNil(t, e)
	require.Len(t, e.Fields, 1)
	assert.Equal(t, "lte", e.Fields[0].Rule)
	assert.False(t, callTool(t, c, "seats", map[string]any{"seats": 5, "name": "x"}).IsError)
	assert.EqualValues(t, 1, ran["seats"].Load())
}

// TestSchemaCheckToolChanges: a tool added again under its name is
// checked against its new schema, a session's own tool against its own.
func TestSchemaCheckToolChanges(t *testing.T) {
	s := server.NewMCPServer("t", "0", server.WithToolHandlerMiddleware(mcpgo.Middleware(quiet(render.Interbase{}))))
	ok := func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("ok"), nil
	}
	needs := func(prop string) mcp.Tool {
		return mcp.NewTool("t", mcp.WithString(prop, mcp.Required()), mcp.WithSchemaAdditionalProperties(false))
	}
	s.AddTool(needs("a"), ok)
	c := connect(t, s)
	paths := func(args map[string]any) []string {
		e, _ := mcpgo.Decode(callTool(t, c, "t", args))
		if e == nil {
			return nil
		}
		var out []string
		for _, f := range e.Fields {
			out = append(out, f.Path)
		}
		slices.Sort(out)
		return out
	}
	assert.Nil(t, paths(map[string]any{"a": "x"}))
	s.AddTool(needs("b"), ok)
	assert.Equal(t, []string{"a", "b"}, paths(map[string]any{"a": "x"}))
	tool := needs("c")
	s.AddTool(tool, ok)
	assert.Nil(t, paths(map[string]any{"c": "x"}))
	tool.InputSchema.Required = []string{"c", "d"} // the same maps, a new list
	tool.InputSchema.Properties["d"] = map[string]any{"type": "string"}
	s.AddTool(tool, ok)
	assert.Equal(t, []string{"d"}, paths(map[string]any{"c": "x"}))
}

// TestSchemaCheckOff: with WithSchemaCheck(false) a tool gets whatever
// was sent, as without the middleware.
func TestSchemaCheckOff(t *testing.T) {
	s, ran := declaredServer(t, quiet(render.XML{}), mcpgo.WithSchemaCheck(false))
	c := connect(t, s)
	assert.False(t, callTool(t, c, "search", map[string]any{"qeury": 1}).IsError)
	assert.EqualValues(t, 1, ran["search"].Load())
}

// TestSchemaCheckBadSchema: a schema the JSON Schema library refuses
// (minLength -1: mcp-go takes it) is not checked, and logged once.
func TestSchemaCheckBadSchema(t *testing.T) {
	var log logtest.Buffer
	r := render.NewRenderer(render.XML{}, render.WithLogger(log.Logger()))
	s := server.NewMCPServer("t", "0", server.WithToolHandlerMiddleware(mcpgo.Middleware(r)))
	s.AddTool(mcp.NewTool("odd", mcp.WithString("q", mcp.MinLength(-1))), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("ok"), nil
	})
	c := connect(t, s)
	for range 3 {
		assert.False(t, callTool(t, c, "odd", map[string]any{"q": 1}).IsError)
	}
	assert.Equal(t, 1, strings.Count(log.String(), "inputSchema cannot be checked"), log.String())
}

// TestSchemaCheckLinear: the error path through the middleware is linear
// in the arguments' size, in time and bytes allocated: n bad items, n
// unknown keys.
func TestSchemaCheckLinear(t *testing.T) {
	var ctx context.Context // a handler's, carrying the server
	capture := func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
		return func(c context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			ctx = c
			return next(c, req)
		}
	}
	ran := func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("ran"), nil
	}
	s := server.NewMCPServer("t", "0", server.WithToolHandlerMiddleware(capture))
	s.AddTool(mcp.NewTool("t", mcp.WithArray("ids", mcp.Items(map[string]any{"type": "integer"})), mcp.WithSchemaAdditionalProperties(false)), ran)
	callTool(t, connect(t, s), "t", nil)
	require.NotNil(t, ctx)
	mw := mcpgo.Middleware(quiet(render.ToolError{}))(ran)
	shapes := map[string]func(n int) string{
		"bad items":    func(n int) string { return `{"ids":[` + strings.Repeat(`"x",`, n) + `1]}` },
		"unknown keys": func(n int) string { return `{` + keys(n) + `"ids":[]}` },
	}
	n := testsize.N(500, 4000)
	for name, shape := range shapes {
		t.Run(name, func(t *testing.T) {
			run := func(args string) func() {
				var req mcp.CallToolRequest
				req.Params.Name = "t"
				req.Params.RawArguments = json.RawMessage(args)
				return func() {
					res, err := mw(ctx, req)
					if err != nil || res == nil || !res.IsError {
						t.Fatalf("want a rendered error, got %+v, %v", res, err)
					}
				}
			}
			testsize.Linear(t, "the middleware's error path", run(shape(n)), run(shape(8*n)))
		})
	}
}

func keys(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, `"k%d":%d,`, i, i)
	}
	return b.String()
}

// quiet is a Renderer in d that logs nowhere.
func quiet(d render.Dialect) *render.Renderer {
	return render.NewRenderer(d, render.WithLogger(slog.New(slog.DiscardHandler)))
}
