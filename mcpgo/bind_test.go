package mcpgo_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/mcpgo"
	"github.com/mcperr/mcperr/render"
	"github.com/mcperr/mcperr/validation"
)

type member struct {
	Email string `json:"email" validate:"required,email"`
	Age   int    `json:"age" validate:"gte=18"`
}

type createUser struct {
	Name  string `json:"name" validate:"required,min=2"`
	Email string `json:"email" validate:"required,email"`
	Age   int    `json:"age" validate:"gte=18"`
	Role  string `json:"role" validate:"oneof=admin user guest"`
}

// sendInvite declares a tool's arguments: json names, validate rules.
type sendInvite struct {
	Email string `json:"email" validate:"required,email"`
	Role  string `json:"role" validate:"oneof=admin member"`
}

// searchArgs is a tool's whole contract: the inputSchema and the binding
// both come from these tags.
type searchArgs struct {
	Query string `json:"query" validate:"required,max=200" description:"What to look for."`
	Limit int    `json:"limit" validate:"omitempty,min=1,max=50"`
}

// callRaw returns a request for tool with raw JSON arguments, as mcp-go
// reads one from the wire: RawArguments kept, Arguments decoded.
func callRaw(tool, raw string) mcp.CallToolRequest {
	var r mcp.CallToolRequest
	r.Params.Name = tool
	r.Params.RawArguments = json.RawMessage(raw)
	_ = json.Unmarshal(r.Params.RawArguments, &r.Params.Arguments)
	return r
}

// TestBind: the request's arguments are bound from the bytes received,
// from a Go caller's map, from none; the request names the tool unless
// WithTool does; arguments that do not encode are a syntax field.
func TestBind(t *testing.T) {
	m, err := mcpgo.Bind[member](callRaw("members/add", `{"email":"a@b.co","age":20}`))
	require.NoError(t, err, "raw arguments")
	require.Equal(t, member{Email: "a@b.co", Age: 20}, m)
	// 2^63 is exact in the raw arguments, out of range for an int.
	_, err = mcpgo.Bind[member](callRaw("members/add", `{"email":"a@b.co","age":9223372036854775808}`))
	e, ok := errorx.As(err)
	require.True(t, ok, "%v", err)
	require.Equal(t, "overflow", e.Fields[0].Rule)

	// Arguments set by a Go caller, not from the wire.
	req := callRequest("members/add", map[string]any{"email": "a@b.co", "age": 20})
	m, err = mcpgo.Bind[member](req)
	require.NoError(t, err, "map arguments")
	require.Equal(t, 20, m.Age, "map arguments")

	_, err = mcpgo.Bind[member](callRequest("members/add", nil))
	e, ok = errorx.As(err)
	require.True(t, ok, "no arguments: %v", err)
	require.Equal(t, "members/add", e.Tool)
	require.Len(t, e.Fields, 2, "no arguments: an empty object")

	_, err = mcpgo.Bind[member](callRaw("members", `{"action":"add","email":"x","age":20}`),
		validation.WithTool("members/add"), validation.IgnoreKeys("action"))
	e, ok = errorx.As(err)
	require.True(t, ok, "grouped: %v", err)
	require.Equal(t, "members/add", e.Tool)

	req = callRequest("members/add", map[string]any{"email": func() {}})
	_, err = mcpgo.Bind[member](req)
	e, ok = errorx.As(err)
	require.True(t, ok, "unencodable: %v", err)
	require.Equal(t, errorx.CodeInvalidInput, e.Code)
	require.Equal(t, validation.RuleSyntax, e.Fields[0].Rule)
	require.Error(t, errors.Unwrap(e), "the encoding error is the cause")
}

func TestHandler(t *testing.T) {
	called := false
	h := mcpgo.Handler(func(ctx context.Context, req mcp.CallToolRequest, args member) (*mcp.CallToolResult, error) {
		called = true
		return mcp.NewToolResultText(args.Email), nil
	})
	res, err := h(context.Background(), callRaw("members/add", `{"email":"a@b.co","age":20}`))
	require.NoError(t, err, "valid call")
	require.True(t, called, "valid call")
	require.Equal(t, "a@b.co", mcp.GetTextFromContent(res.Content[0]), "valid call")
	called = false
	res, err = h(context.Background(), callRaw("members/add", `{"email":"a@b.co","age":"20"}`))
	require.False(t, called, "the handler ran on invalid arguments")
	require.NoError(t, err, "invalid call: a tool error, not a Go error mcp-go would send as -32603")
	require.True(t, res.IsError, "invalid call")
	e, dialect := mcpgo.Decode(res)
	require.Equal(t, "interbase", dialect, "the zero Renderer's rendering")
	require.NotNil(t, e, "invalid call")
	require.Equal(t, errorx.CodeInvalidInput, e.Code, "invalid call")
	require.NotEmpty(t, e.Fields, "invalid call")
	require.Equal(t, validation.RuleType, e.Fields[0].Rule, "invalid call")
}

func TestRequestAction(t *testing.T) {
	req := func(raw string) mcp.CallToolRequest {
		var r mcp.CallToolRequest
		r.Params.Name = "users"
		r.Params.RawArguments = json.RawMessage(raw)
		return r
	}
	if a, e := mcpgo.RequestAction(req(`{"action":"create","name":"x"}`), "action", "list", "create"); e != nil || a != "create" {
		t.Fatalf("got %q %v", a, e)
	}
	_, e := mcpgo.RequestAction(req(`{"name":"x"}`), "action", "list", "create")
	if e == nil || e.Code != codes.MissingDiscriminator || e.Tool != "users" {
		t.Fatalf("absent: %+v", e)
	}
	_, e = mcpgo.RequestAction(req(`{"action":null}`), "action", "list", "create")
	if e == nil || e.Code != codes.InvalidDiscriminator || e.Message != `Discriminator field "action" must be a string, got object.` {
		t.Fatalf("null: %+v", e)
	}
	var r mcp.CallToolRequest
	r.Params.Name = "users"
	r.Params.Arguments = map[string]any{"action": "lis"}
	_, e = mcpgo.RequestAction(r, "action", "list", "create")
	if e == nil || e.Code != codes.UnknownAction || e.Recovery != `Choose a valid action from available_actions and call the tool again. Did you mean "list"?` {
		t.Fatalf("map arguments: %+v", e)
	}
}

func TestWithInputSchemaKeepsTheTool(t *testing.T) {
	tool := mcp.NewTool("search",
		mcp.WithDescription("Search the workspace."),
		mcpgo.WithInputSchema[searchArgs](),
		mcp.WithReadOnlyHintAnnotation(true),
	)
	b, err := json.Marshal(tool)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Description string         `json:"description"`
		InputSchema map[string]any `json:"inputSchema"`
		Annotations map[string]any `json:"annotations"`
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if got.Description != "Search the workspace." || got.Annotations["readOnlyHint"] != true {
		t.Errorf("the tool lost its fields: %s", b)
	}
	if got.InputSchema["type"] != "object" || got.InputSchema["additionalProperties"] != false {
		t.Errorf("inputSchema = %v", got.InputSchema)
	}
}

func TestWithInputSchemaNotAStruct(t *testing.T) {
	defer func() {
		if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "not a struct") {
			t.Errorf("WithInputSchema[int] recovered %v, want a panic naming the mistake", r)
		}
	}()
	mcp.NewTool("x", mcpgo.WithInputSchema[int]())
}

// The inputSchema of a tool, from the struct its handler binds.
func ExampleWithInputSchema() {
	tool := mcp.NewTool("search",
		mcp.WithDescription("Search the workspace."),
		mcpgo.WithInputSchema[searchArgs](),
	)
	var schema struct {
		Required   []string       `json:"required"`
		Properties map[string]any `json:"properties"`
	}
	_ = json.Unmarshal(tool.RawInputSchema, &schema)
	fmt.Println(schema.Required, schema.Properties["query"])
	// Output: [query] map[description:What to look for. maxLength:200 minLength:1 type:string]
}

// Handler gives a typed handler its validated arguments; invalid ones get
// a tool error (here without Middleware: the zero Renderer's interbase).
func ExampleHandler() {
	h := mcpgo.Handler(func(ctx context.Context, req mcp.CallToolRequest, args sendInvite) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("invited " + args.Email), nil
	})
	var req mcp.CallToolRequest
	req.Params.Name = "invites/send"
	req.Params.RawArguments = json.RawMessage(`{"email":"ada@example.com","role":"admin"}`)
	res, _ := h(context.Background(), req)
	fmt.Println(res.Content[0].(mcp.TextContent).Text)

	req.Params.RawArguments = json.RawMessage(`{"email":42,"role":"admin"}`)
	res, _ = h(context.Background(), req)
	e, _ := mcpgo.Decode(res)
	fmt.Println(res.IsError, e.Message, e.Fields[0].Path)
	// Output:
	// invited ada@example.com
	// true 1 argument of invites/send is invalid: email. email
}

// A tool wrapped with Handler under Middleware, called through
// mcp-go's JSON-RPC entry point: the wire's raw arguments are bound, and the
// agent gets a rendered validation error, not a JSON-RPC error.
func TestHandlerUnderRenderMiddleware(t *testing.T) {
	r := render.NewRenderer(render.XML{})
	s := server.NewMCPServer("users", "1.0.0", server.WithToolHandlerMiddleware(mcpgo.Middleware(r)))
	s.AddTool(mcp.NewTool("users/create"), mcpgo.Handler(
		func(ctx context.Context, req mcp.CallToolRequest, args createUser) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultText("created " + args.Email), nil
		}))

	call := func(args string) *mcp.CallToolResult {
		t.Helper()
		resp := s.HandleMessage(context.Background(), []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call",`+
			`"params":{"name":"users/create","arguments":`+args+`}}`))
		b, _ := json.Marshal(resp)
		var reply struct {
			Result *mcp.CallToolResult
			Error  any
		}
		if err := json.Unmarshal(b, &reply); err != nil || reply.Result == nil {
			t.Fatalf("reply %s", b)
		}
		return reply.Result
	}

	ok := call(`{"name":"Ada","email":"ada@example.com","age":36,"role":"admin"}`)
	if ok.IsError || mcp.GetTextFromContent(ok.Content[0]) != "created ada@example.com" {
		t.Fatalf("valid call: %+v", ok)
	}

	// 2^63 is exact on the wire: the raw arguments, not a float64, are bound.
	bad := call(`{"name":"Ada","email":"ada@","age":9223372036854775808,"role":"admin","nmae":"x"}`)
	text := mcp.GetTextFromContent(bad.Content[0])
	want := `<validation_error action="users/create">
<field name="email">Invalid email address. You sent: 'ada@'. Expected: a valid email address (e.g. user@example.com).</field>
<field name="age">Out of range. You sent: 9223372036854775808. Expected: an integer from 18 to 9223372036854775807.</field>
<field name="nmae">Unknown field. You sent: 'x'. Did you mean 'name'?</field>
<recovery>Fix the fields above and call the tool again. Do not explain the error.</recovery>
</validation_error>`
	if !bad.IsError || text != want {
		t.Errorf("isError %v, text:\n%s", bad.IsError, text)
	}
	if e, dialect := mcpgo.Decode(bad); dialect != "xml" || e.Tool != "users/create" || len(e.Fields) != 3 ||
		!strings.HasPrefix(e.Fields[1].Message, "Out of range.") {
		t.Errorf("decoded %s %+v", dialect, e)
	}
}

// A server-side mistake (a validate tag validator does not know, a field
// that cannot be set) reaches the agent as a plain internal error and the
// server's log with its reason.
func TestServerMistakeIsLogged(t *testing.T) {
	type badTag struct {
		V string `json:"v" validate:"no_such_tag"`
	}
	type inner struct {
		X int `json:"x"`
	}
	type embedsUnexported struct {
		*inner
	}
	for _, c := range []struct {
		name, args, reason string
		h                  server.ToolHandlerFunc
	}{
		{"bad tag", `{"v":"x"}`, "no_such_tag", mcpgo.Handler(func(ctx context.Context, req mcp.CallToolRequest, args badTag) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultText("unreachable"), nil
		})},
		{"embedded pointer to unexported struct", `{"x":1}`, "unexported struct", mcpgo.Handler(func(ctx context.Context, req mcp.CallToolRequest, args embedsUnexported) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultText("unreachable"), nil
		})},
	} {
		var log strings.Builder
		r := render.NewRenderer(render.Interbase{}, render.WithLogger(slog.New(slog.NewTextHandler(&log, nil))))
		res, err := mcpgo.Middleware(r)(c.h)(context.Background(), callRaw("t", c.args))
		if err != nil || !res.IsError {
			t.Fatalf("%s: res %+v, err %v", c.name, res, err)
		}
		text := mcp.GetTextFromContent(res.Content[0])
		if strings.Contains(text, c.reason) || strings.Contains(text, "inner") {
			t.Errorf("%s: the result shows the server's mistake: %s", c.name, text)
		}
		if !strings.Contains(log.String(), c.reason) || !strings.Contains(log.String(), "tool=t") {
			t.Errorf("%s: the log lacks the reason and the tool: %q", c.name, log.String())
		}
	}
}
