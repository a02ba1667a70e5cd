package forgerytest_test

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/gosdk"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/format"
	"github.com/mcperr/mcperr/internal/sentence"
	"github.com/mcperr/mcperr/internal/toolfailure"
	"github.com/mcperr/mcperr/mcpgo"
	"github.com/mcperr/mcperr/render"
	"github.com/mcperr/mcperr/validation"
)

// A role is what the caller's text is in a case.
type role uint8

const (
	// name: a key, a path, a tool or an action name; the wire may show it
	// (escaped, or quoted in a sentence).
	name role = iota
	// value: a value the caller sent; where it is a secret, the wire
	// must not show it through the Renderer.
	value
	// hidden: text the wire never shows (an error's cause, a panic value,
	// the text of an unclassified error).
	hidden
	// text: the caller's text inside a sentence of the handler's own (a
	// message, a recovery, a field's texts), as handler authors write
	// them: "No user has the id " + id + ".". The sentence is markdown
	// its author writes, so inline markup may show (CompareServerText);
	// no line of it may read as a line of the block's own.
	serverText
)

// A forgeryCase is one sentence builder driven with a caller's text.
type forgeryCase struct {
	name string
	role role
	// skip reports the texts for which the call rightly differs from the
	// benign one (a known name, an action, a near name that earns a
	// did-you-mean): the fuzz target does not try them, nor the empty
	// text, which means "unset" in most roles.
	skip func(text string) bool
	// alt, when set, is a second benign text whose wire a hostile text
	// may match instead of the first: an ordinary name that the sentence
	// must still quote with escapes (a word-edge _), for which a dialect
	// rightly takes another of its own forms (xml writes Required's error
	// as a <validation_error> once its message no longer names the path
	// as it is).
	alt string
	// model builds the error of a call; it is rendered by the dialect
	// alone and by a Renderer.
	model func(text string) error
	// call makes the call on a server in configuration c.
	call func(t testing.TB, c config, text string) any
}

// A config is one dialect with its options, as a server configures it.
type config struct {
	name string
	d    render.Dialect
	// opts are the Renderer's options beside the dialect.
	opts []render.Option
}

// configs returns every dialect of render.Names(), the toolerror dialect
// in each mode and with needsInput:v1, and each of those again with a
// correlation id and the ToolFailure block (under the reserved key).
func configs() []config {
	var cs []config
	for _, n := range render.Names() {
		d, err := render.ByName(n)
		if err != nil {
			panic(err)
		}
		if n != "toolerror" {
			cs = append(cs, config{name: n, d: d})
			continue
		}
		cs = append(cs,
			config{name: n + "/markdown", d: render.ToolError{Mode: render.ModeMarkdown}},
			config{name: n + "/json", d: render.ToolError{Mode: render.ModeJSON}},
			config{name: n + "/both", d: render.ToolError{Mode: render.ModeBoth}},
			config{name: n + "/needsinput", d: render.ToolError{Mode: render.ModeBoth, NeedsInput: true}})
	}
	for _, c := range cs[:len(cs):len(cs)] {
		c.name += "+toolfailure"
		c.opts = []render.Option{render.WithCorrelationID(nil), render.WithToolFailure(toolfailure.Key)}
		cs = append(cs, c)
	}
	return cs
}

var quietLog = slog.New(slog.DiscardHandler)

// renderer is the servers' Renderer in configuration c, logging nowhere. A go-sdk
// server answers an unknown tool with an UNKNOWN_TOOL tool result here
// (render.WithUnknownToolResult), so that its sentences are compared in
// every dialect; the message of the default answer, the JSON-RPC error, is
// the same sentence (gosdk's TestUnknownToolHostileName).
func renderer(c config) *render.Renderer {
	return render.NewRenderer(c.d, append([]render.Option{render.WithLogger(quietLog), render.WithUnknownToolResult()}, c.opts...)...)
}

// jsonText returns s as a JSON string.
func jsonText(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// oneOf reports whether s is one of names or near one (a did-you-mean).
func oneOf(names ...string) func(string) bool {
	return func(s string) bool {
		_, near := validation.Closest(s, names...)
		return near || slices.Contains(names, s)
	}
}

// reservedKeys are the keys the JSON dialects reserve in their extras
// object: a detail so named moves all details under "details".
var reservedKeys = []string{"statusCode", "code", "class", "severity", "recovery", "actions", "retry_after",
	"retryable", "status", "tool", "fields", "validation_errors", "details", codes.TruncatedKey}

// order is the arguments of the bound tools: a bound, an enum, a map whose
// values are numbers, a map whose keys fail, a nested object.
type order struct {
	Quantity int               `json:"quantity" validate:"min=1"`
	Colour   string            `json:"colour,omitempty" validate:"omitempty,oneof=crimson teal"`
	Labels   map[string]int    `json:"labels,omitempty"`
	Tags     map[string]string `json:"tags,omitempty" validate:"omitempty,dive,keys,max=0,endkeys"`
	Address  *address          `json:"address,omitempty"`
}

type address struct {
	City string `json:"city"`
}

var orderKeys = []string{"quantity", "colour", "labels", "tags", "address", format.Argument}

var actions = []string{"create", "delete"}

// bind binds raw as the arguments of tool orders.create.
func bind(raw string) error {
	var o order
	return validation.Default().BindJSON("orders.create", []byte(raw), &o)
}

func notFound() *errorx.Error { return errorx.NotFound("Project not found.") }

func modes(s string) bool { return slices.Contains([]string{"", "markdown", "json", "both"}, s) }

// cases are the sentence builders of errorx, validation, render (on
// mcp-go) and gosdk, each with the caller's text in one role.
var cases = []forgeryCase{
	// errorx's constructors, where their parameters may be caller text.
	{name: "errorx.Required", role: name, alt: "_id", model: func(s string) error { return errorx.Required(s) }},
	{name: "sentence.WrongType/field", role: name, model: func(s string) error { return sentence.WrongType(s, "ten", "integer") }},
	{name: "sentence.WrongType/sent", role: value, model: func(s string) error { return sentence.WrongType("count", s, "integer") }},
	{name: "sentence.MissingDiscriminator", role: name, model: func(s string) error { return sentence.MissingDiscriminator(s, actions...) }},
	{name: "sentence.UnknownAction/value", role: value, model: func(s string) error { return sentence.UnknownAction("action", s, actions...) }},
	{name: "sentence.UnknownAction/field", role: name, model: func(s string) error { return sentence.UnknownAction(s, "destory", actions...) }},
	{name: "sentence.InvalidDiscriminator", role: name, model: func(s string) error { return sentence.InvalidDiscriminator(s, "number", actions...) }},
	{name: "errorx.WithActions", role: name, model: func(s string) error { return notFound().WithActions("projects.list", s) }},
	{name: "errorx.WithTool", role: name, model: func(s string) error { return notFound().WithTool(s) }},
	{name: "errorx.WithDetail/key", role: name, skip: oneOf(reservedKeys...),
		model: func(s string) error { return notFound().WithDetail(s, "proj_1") }},
	{name: "errorx.WithDetail/value", role: value, model: func(s string) error { return notFound().WithDetail("entity_id", s) }},
	// toolError:v1's markdown block writes the code on its **Code:** line
	// (and the details, fields and tool as JSON on its **Details:** line):
	// a code a server passes on from elsewhere is escaped there.
	{name: "errorx.New/code", role: name, skip: func(s string) bool { _, known := codes.Lookup(s); return known },
		model: func(s string) error {
			return errorx.New(s, "The upstream service failed.").WithClass(errorx.ClassInternal)
		}},
	{name: "sentence.SentField/path", role: name, model: func(s string) error {
		return errorx.Validation("Invalid arguments.").WithFields(sentence.SentField(s, "v", "Invalid."))
	}},
	{name: "sentence.SentField/sent", role: value, model: func(s string) error {
		return errorx.Validation("Invalid arguments.").WithFields(sentence.SentField("email", s, "Invalid email address."))
	}},
	{name: "sentence.RequiredField", role: name, model: func(s string) error {
		return errorx.Validation("Invalid arguments.").WithFields(sentence.RequiredField(s))
	}},
	{name: "sentence.WrongTypeField/path", role: name, model: func(s string) error {
		return errorx.Validation("Invalid arguments.").WithFields(sentence.WrongTypeField(s, "seven", "integer"))
	}},
	{name: "sentence.WrongTypeField/sent", role: value, model: func(s string) error {
		return errorx.Validation("Invalid arguments.").WithFields(sentence.WrongTypeField("count", s, "integer"))
	}},
	{name: "errorx.Wrap", role: hidden, model: func(s string) error {
		return errorx.Wrap(errors.New(s), "ProjectNotFound", "Project not found.")
	}},
	{name: "errorx.From", role: hidden, model: func(s string) error { return errors.New(s) }},
	{name: "errorx.From/path", role: hidden, model: func(s string) error {
		return &fs.PathError{Op: "open", Path: s, Err: fs.ErrNotExist}
	}},

	// A handler's own sentences with the caller's text in them.
	{name: "handler.message", role: serverText, model: func(s string) error {
		return errorx.NotFound("No user has the id " + s + ".")
	}},
	{name: "handler.message-start", role: serverText, model: func(s string) error {
		return errorx.New(errorx.CodeInvalidInput, s+" is not a user id; which user?").WithFields(sentence.RequiredField("user"))
	}},
	{name: "handler.recovery", role: serverText, model: func(s string) error {
		return errorx.NotFound("No such user.").WithRecovery("Call users.list, then retry with " + s + ".")
	}},
	{name: "handler.field-message", role: serverText, model: func(s string) error {
		return errorx.Validation("Invalid arguments.").WithFields(sentence.SentField("id", "u1", "No user has the id "+s+"."))
	}},
	{name: "handler.field-texts", role: serverText, model: func(s string) error {
		f := sentence.SentField("id", "u1", "Unknown user.")
		f.Expected, f.Hint, f.Options = "an id such as "+s, "Did you mean "+s+"?", []string{"u2", s}
		return errorx.Validation("Invalid arguments.").WithFields(f)
	}},
	{name: "handler.missing-texts", role: serverText, model: func(s string) error {
		f := sentence.RequiredField("user")
		f.Message, f.Hint, f.Options = "Which user, "+s+"?", s, []string{"u2", s}
		return errorx.New(errorx.CodeInvalidInput, "Missing the user.").WithFields(f)
	}},

	// validation: binding, translating, routing.
	{name: "validation.NewError/path", role: name, model: func(s string) error {
		f := sentence.SentField(s, "v", "Invalid.")
		f.Rule = "format"
		return validation.NewError("orders.create", []errorx.Field{f})
	}},
	{name: "validation.Bind/unknown-key", role: name, skip: oneOf(orderKeys...),
		model: func(s string) error { return bind(`{"quantity":1,` + jsonText(s) + `:"v"}`) }},
	{name: "validation.Bind/nested-unknown-key", role: name, skip: oneOf("city"),
		model: func(s string) error { return bind(`{"quantity":1,"address":{` + jsonText(s) + `:"v"}}`) }},
	{name: "validation.Bind/oneof", role: value, skip: oneOf("crimson", "teal"),
		model: func(s string) error { return bind(`{"quantity":1,"colour":` + jsonText(s) + `}`) }},
	{name: "validation.Bind/wrong-type", role: value, model: func(s string) error { return bind(`{"quantity":` + jsonText(s) + `}`) }},
	{name: "validation.Bind/map-key-type", role: name,
		model: func(s string) error { return bind(`{"quantity":1,"labels":{` + jsonText(s) + `:"x"}}`) }},
	{name: "validation.Bind/map-key-rule", role: name,
		model: func(s string) error { return bind(`{"quantity":1,"tags":{` + jsonText(s) + `:"v"}}`) }},
	{name: "validation.Bind/syntax", role: value, skip: func(s string) bool { return json.Valid([]byte(s)) || strings.TrimSpace(s) == "" },
		model: func(s string) error { return bind(s) }},
	{name: "validation.Translate", role: value, skip: oneOf("crimson", "teal"), model: func(s string) error {
		v := validation.Default()
		o := order{Quantity: 1, Colour: s}
		return v.Translate("orders.create", v.Validate().Struct(&o), &o, []byte(`{"quantity":1,"colour":`+jsonText(s)+`}`))
	}},
	{name: "validation.Action", role: value, skip: oneOf(actions...), model: func(s string) error {
		_, e := validation.Action("action", s, actions...)
		return e
	}},
	{name: "validation.ActionOf", role: value, skip: oneOf(actions...), model: func(s string) error {
		_, e := validation.ActionOf("projects", json.RawMessage(`{"action":`+jsonText(s)+`}`), "action", actions...)
		return e
	}},

	// mcpgo: the Renderer on an mcp-go server.
	{name: "mcpgo.Handler/unknown-key", role: name, skip: oneOf(orderKeys...), call: func(t testing.TB, c config, s string) any {
		return mcpgoCall(t, c, "orders.create", `{"quantity":1,`+jsonText(s)+`:"v"}`)
	}},
	{name: "mcpgo.Handler/oneof", role: value, skip: oneOf("crimson", "teal"), call: func(t testing.TB, c config, s string) any {
		return mcpgoCall(t, c, "orders.create", `{"quantity":1,"colour":`+jsonText(s)+`}`)
	}},
	{name: "mcpgo.format", role: value, skip: modes, call: func(t testing.TB, c config, s string) any {
		return mcpgoCall(t, c, "orders.create", `{"quantity":0,"format":`+jsonText(s)+`}`)
	}},
	{name: "mcpgo.BindArguments/map-key", role: name, call: func(t testing.TB, c config, s string) any {
		return mcpgoCall(t, c, "bind.labels", `{"labels":{`+jsonText(s)+`:"x"}}`)
	}},
	{name: "mcpgo.RequireInt/key", role: name, call: func(t testing.TB, c config, s string) any {
		return mcpgoCall(t, c, "require.keys", `{`+jsonText(s)+`:"x"}`)
	}},
	{name: "mcpgo.RequireString/missing", role: name, alt: "_id", skip: func(s string) bool { return s == "field" },
		call: func(t testing.TB, c config, s string) any {
			return mcpgoCall(t, c, "require.named", `{"field":`+jsonText(s)+`}`)
		}},
	{name: "mcpgo.RequestAction", role: value, skip: oneOf(actions...), call: func(t testing.TB, c config, s string) any {
		return mcpgoCall(t, c, "route", `{"action":`+jsonText(s)+`}`)
	}},
	{name: "mcpgo.panic", role: hidden, call: func(t testing.TB, c config, s string) any {
		return mcpgoCall(t, c, "panics", `{"v":`+jsonText(s)+`}`)
	}},
	{name: "mcpgo.unclassified", role: hidden, call: func(t testing.TB, c config, s string) any {
		return mcpgoCall(t, c, "fails", `{"v":`+jsonText(s)+`}`)
	}},
	{name: "mcpgo.handler-message", role: serverText, call: func(t testing.TB, c config, s string) any {
		return mcpgoCall(t, c, "users.get", `{"id":`+jsonText(s)+`}`)
	}},

	// gosdk: the Middleware on a go-sdk server.
	{name: "gosdk.unknown-tool", role: name, skip: oneOf(sdkTools...), call: func(t testing.TB, c config, s string) any {
		return sdkCall(t, c, s, `{}`)
	}},
	{name: "gosdk.schema/enum", role: value, skip: oneOf("crimson", "teal"), call: func(t testing.TB, c config, s string) any {
		return sdkCall(t, c, "sdk.orders", `{"quantity":1,"colour":`+jsonText(s)+`}`)
	}},
	{name: "gosdk.schema/type", role: value, call: func(t testing.TB, c config, s string) any {
		return sdkCall(t, c, "sdk.orders", `{"quantity":`+jsonText(s)+`}`)
	}},
	{name: "gosdk.AddTool/unknown-key", role: name, skip: oneOf(orderKeys...), call: func(t testing.TB, c config, s string) any {
		return sdkCall(t, c, "orders.bind", `{"quantity":1,`+jsonText(s)+`:"v"}`)
	}},
	{name: "gosdk.AddTool/oneof", role: value, skip: oneOf("crimson", "teal"), call: func(t testing.TB, c config, s string) any {
		return sdkCall(t, c, "orders.bind", `{"quantity":1,"colour":`+jsonText(s)+`}`)
	}},
}

// servers holds one mcp-go server and one go-sdk client session per
// configuration, made on first use and kept for the process (the fuzz
// target calls them again and again).
var servers = struct {
	sync.Mutex
	mcpgo map[string]*server.MCPServer
	sdk   map[string]*sdk.ClientSession
}{mcpgo: map[string]*server.MCPServer{}, sdk: map[string]*sdk.ClientSession{}}

// kept returns m[key], made by make on first use, under servers' lock.
func kept[T any](m map[string]T, key string, make func() T) T {
	servers.Lock()
	defer servers.Unlock()
	v, ok := m[key]
	if !ok {
		v = make()
		m[key] = v
	}
	return v
}

func ok() *mcp.CallToolResult { return mcp.NewToolResultText("done") }

// mcpgoServer serves the mcp-go tools under a Renderer in c.
func mcpgoServer(c config) *server.MCPServer {
	return kept(servers.mcpgo, c.name, func() *server.MCPServer { return newMCPGoServer(c) })
}

func newMCPGoServer(c config) *server.MCPServer {
	s := server.NewMCPServer("forgery", "1.0.0", server.WithToolHandlerMiddleware(mcpgo.Middleware(renderer(c))))
	s.AddTool(mcp.NewTool("orders.create"), mcpgo.Handler(
		func(context.Context, mcp.CallToolRequest, order) (*mcp.CallToolResult, error) { return ok(), nil }))
	s.AddTool(mcp.NewTool("bind.labels"), func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var a struct {
			Labels map[string]int `json:"labels"`
		}
		if err := req.BindArguments(&a); err != nil {
			return nil, err
		}
		return ok(), nil
	})
	s.AddTool(mcp.NewTool("require.keys"), func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		keys := make([]string, 0, len(req.GetArguments()))
		for k := range req.GetArguments() {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			if _, err := req.RequireInt(k); err != nil {
				return nil, err
			}
		}
		return ok(), nil
	})
	s.AddTool(mcp.NewTool("require.named"), func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if _, err := req.RequireString(req.GetString("field", "")); err != nil {
			return nil, err
		}
		return ok(), nil
	})
	s.AddTool(mcp.NewTool("route"), func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if _, e := mcpgo.RequestAction(req, "action", actions...); e != nil {
			return nil, e
		}
		return ok(), nil
	})
	s.AddTool(mcp.NewTool("panics"), func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		panic(req.GetString("v", ""))
	})
	s.AddTool(mcp.NewTool("fails"), func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, errors.New(req.GetString("v", ""))
	})
	s.AddTool(mcp.NewTool("users.get"), func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, errorx.NotFound("No user has the id " + req.GetString("id", "") + ".")
	})
	return s
}

// mcpgoCall calls tool with the JSON arguments args through mcp-go's
// JSON-RPC entry point.
func mcpgoCall(t testing.TB, c config, tool, args string) *mcp.CallToolResult {
	t.Helper()
	msg := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":` + jsonText(tool) + `,"arguments":` + args + `}}`
	resp := mcpgoServer(c).HandleMessage(context.Background(), []byte(msg))
	r, isResult := resp.(mcp.JSONRPCResponse)
	if !isResult {
		b, _ := json.Marshal(resp)
		t.Fatalf("%s: want a tool result, got %s", tool, b)
	}
	res, isCall := r.Result.(*mcp.CallToolResult)
	if !isCall {
		t.Fatalf("%s: want a tool result, got %T", tool, r.Result)
	}
	return res
}

// sdkTools are the go-sdk server's tools.
var sdkTools = []string{"sdk.orders", "orders.bind"}

// sdkSession connects a client to a go-sdk server whose tools fail under
// gosdk.Middleware in c.
func sdkSession(t testing.TB, c config) *sdk.ClientSession {
	return kept(servers.sdk, c.name, func() *sdk.ClientSession { return newSDKSession(t, c) })
}

func newSDKSession(t testing.TB, c config) *sdk.ClientSession {
	s := sdk.NewServer(&sdk.Implementation{Name: "forgery", Version: "1.0.0"}, nil)
	s.AddReceivingMiddleware(gosdk.Middleware(renderer(c)))
	schema := map[string]any{
		"type": "object",
		"properties": map[string]any{
			"quantity": map[string]any{"type": "integer", "minimum": 1},
			"colour":   map[string]any{"type": "string", "enum": []string{"crimson", "teal"}},
		},
	}
	sdk.AddTool(s, &sdk.Tool{Name: "sdk.orders", InputSchema: schema},
		func(context.Context, *sdk.CallToolRequest, map[string]any) (*sdk.CallToolResult, any, error) {
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "done"}}}, nil, nil
		})
	gosdk.AddTool(s, &sdk.Tool{Name: "orders.bind"},
		func(context.Context, *sdk.CallToolRequest, order) (*sdk.CallToolResult, any, error) {
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "done"}}}, nil, nil
		})
	ctx := context.Background()
	ct, st := sdk.NewInMemoryTransports()
	if _, err := s.Connect(ctx, st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "forgery-client", Version: "1.0.0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// sdkCall calls tool with the JSON arguments args through a go-sdk client
// and returns the result it received.
func sdkCall(t testing.TB, c config, tool, args string) *sdk.CallToolResult {
	t.Helper()
	res, err := sdkSession(t, c).CallTool(context.Background(), &sdk.CallToolParams{Name: tool, Arguments: json.RawMessage(args)})
	if err != nil {
		t.Fatalf("%s: protocol error %v, want a tool result", tool, err)
	}
	return res
}
