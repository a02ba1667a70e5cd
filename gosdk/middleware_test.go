package gosdk_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/gosdk"
	"github.com/mcperr/mcperr/internal/logtest"
	"github.com/mcperr/mcperr/render"
)

// A toolCase is one call of newServer's tools and what the agent must read
// from its result.
type toolCase struct {
	name, tool string
	args       map[string]any
	code       string // "" for a success
	class      string
	fields     []string
	actions    []string
	// outputSchema: the tool declares one, so the error result must carry
	// no structuredContent.
	outputSchema bool
	hidden       []string // text the result must not show
}

var toolCases = []toolCase{
	{name: "success", tool: "ok"},
	{name: "raw_error", tool: "files.read", code: "NOT_FOUND", class: "NOT_FOUND", actions: []string{"files.list"}},
	{name: "raw_transient", tool: "search", code: "RATE_LIMITED", class: "TRANSIENT"},
	{name: "raw_panic", tool: "reports.build", code: "INTERNAL_ERROR", class: "INTERNAL", hidden: []string{"nil map", "goroutine", "panic"}},
	{name: "after_panic", tool: "ok"},
	{name: "unclassified", tool: "db.query", code: "INTERNAL_ERROR", class: "INTERNAL", hidden: []string{"hunter2", "postgres://"}},
	{name: "no_result", tool: "nothing", code: "INTERNAL_ERROR", class: "INTERNAL"},
	{name: "typed_nil_error", tool: "typed.nil"},
	{name: "typed_error", tool: "files.reserve", code: "CONFLICT", class: "CONFLICT"},
	{name: "typed_panic", tool: "typed.panic", code: "INTERNAL_ERROR", class: "INTERNAL", hidden: []string{"typed handler bug"}},
	{name: "typed_output_schema", tool: "weather.get", args: map[string]any{"city": "Oslo"}, code: "TIMEOUT", class: "TRANSIENT", outputSchema: true, hidden: []string{"fetch forecast"}},
	{name: "typed_output_schema_format", tool: "weather.get", args: map[string]any{"city": "Oslo", "format": "markdown"}, code: "TIMEOUT", class: "TRANSIENT", outputSchema: true},
	{name: "built_output_schema", tool: "weather.built", code: "NOT_FOUND", class: "NOT_FOUND", outputSchema: true},
	{name: "rendered_output_schema", tool: "weather.rendered", args: map[string]any{"format": "markdown"}, code: "NOT_FOUND", class: "NOT_FOUND", outputSchema: true},
	{name: "sdk_schema", tool: "sdk.users", args: map[string]any{"name": "Ann"}, code: "INVALID_INPUT", class: "VALIDATION"},
	{name: "bound_fields", tool: "signup", args: badSignups["many_fields"], code: "INVALID_INPUT", class: "VALIDATION",
		fields: []string{"login", "contact", "plan", "seats", "labels.1", "billing.country", "billing.vat", "api_secret", "note", "emial"},
		hidden: []string{"hunter2", "apple pie"}},
	{name: "bound_valid", tool: "signup", args: validSignup},
}

// TestMiddleware calls every tool in every dialect through go-sdk's
// in-memory transports, one server per dialect, and reads each result back
// with Decode: no call ends in a protocol error, every error is in the
// server's dialect and names the called tool.
func TestMiddleware(t *testing.T) {
	for _, dialect := range render.Names() {
		t.Run(dialect, func(t *testing.T) {
			d, _ := render.ByName(dialect)
			cs := connect(t, newServer(quiet(d)))
			for _, c := range toolCases {
				t.Run(c.name, func(t *testing.T) {
					checkCase(t, dialect, c, call(t, cs, c.tool, c.args))
				})
			}
		})
	}
}

func checkCase(t *testing.T, dialect string, c toolCase, res *mcp.CallToolResult) {
	t.Helper()
	raw, _ := json.Marshal(res)
	for _, h := range c.hidden {
		if strings.Contains(string(raw), h) {
			t.Errorf("the result shows %q:\n%s", h, raw)
		}
	}
	e, got := gosdk.Decode(res)
	if c.code == "" {
		if res.IsError || e != nil {
			t.Errorf("want success, got isError %v, %s error %v:\n%s", res.IsError, got, e, raw)
		}
		return
	}
	if !res.IsError {
		t.Errorf("isError is false:\n%s", raw)
	}
	if c.outputSchema && res.StructuredContent != nil {
		t.Errorf("the tool declares an outputSchema, but its error result carries structuredContent:\n%s", raw)
	}
	if e == nil || got != dialect {
		t.Fatalf("Decode: %s %v, want a %s error:\n%s", got, e, dialect, raw)
	}
	if e.Code != c.code || e.EffectiveClass().String() != c.class || e.Tool != c.tool {
		t.Errorf("code %s, class %v, tool %q; want %s, %s, %q:\n%s", e.Code, e.EffectiveClass(), e.Tool, c.code, c.class, c.tool, raw)
	}
	if c.actions != nil && !slices.Equal(e.Actions, c.actions) {
		t.Errorf("actions %q, want %q", e.Actions, c.actions)
	}
	if c.fields != nil {
		var paths []string
		for _, f := range e.Fields {
			paths = append(paths, f.Path)
		}
		if !slices.Equal(slices.Sorted(slices.Values(paths)), slices.Sorted(slices.Values(c.fields))) {
			t.Errorf("fields %q, want %q", paths, c.fields)
		}
	}
}

// TestPanicKeepsServing: a panicking handler (raw or typed) is logged with
// its value, tool and stack; the agent sees neither, and the same server
// answers the next call.
func TestPanicKeepsServing(t *testing.T) {
	for _, tool := range []string{"reports.build", "typed.panic"} {
		t.Run(tool, func(t *testing.T) {
			var log logtest.Buffer
			cs := connect(t, newServer(render.NewRenderer(render.XML{}, render.WithLogger(log.Logger()))))
			res := call(t, cs, tool, nil)
			if e, _ := gosdk.Decode(res); e == nil || e.Code != errorx.CodeInternalError {
				t.Fatalf("Decode: %v, want INTERNAL_ERROR", e)
			}
			for _, want := range []string{"tool handler panicked", tool, "goroutine", "gosdk_test.newServer"} {
				if !strings.Contains(log.String(), want) {
					t.Errorf("the log lacks %q:\n%s", want, log.String())
				}
			}
			if res := call(t, cs, "ok", nil); res.IsError {
				t.Errorf("the call after the panic failed: %+v", res)
			}
		})
	}
}

// unknownTool calls tool, which the server does not have, and returns
// the UNKNOWN_TOOL error the answer holds: by default the data of the
// JSON-RPC error -32602, whose message is the error's message and
// recovery; under render.WithUnknownToolResult, the tool result in
// dialect.
func unknownTool(t *testing.T, cs *mcp.ClientSession, tool, dialect string, asResult bool) *errorx.Error {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool})
	if asResult {
		if err != nil {
			t.Fatalf("%s: protocol error %v, want a tool result", tool, err)
		}
		e, got := gosdk.Decode(res)
		if e == nil || got != dialect || !res.IsError {
			t.Fatalf("%s: %s %v, want a %s tool error", tool, got, e, dialect)
		}
		return e
	}
	var wire *jsonrpc.Error
	if !errors.As(err, &wire) || wire.Code != jsonrpc.CodeInvalidParams {
		t.Fatalf("%s: %v %+v, want the JSON-RPC error -32602", tool, err, res)
	}
	var e errorx.Error
	if err := json.Unmarshal(wire.Data, &e); err != nil {
		t.Fatalf("%s: data %s: %v", tool, wire.Data, err)
	}
	if want := e.Message + " " + e.Recovery; wire.Message != want {
		t.Errorf("%s: message %q, want %q", tool, wire.Message, want)
	}
	return &e
}

// TestUnknownTool: a call of a tool the server does not have gets, in
// every dialect, the JSON-RPC error -32602 (the specification's answer,
// as go-sdk gives it) with a did-you-mean naming the closest tools and the
// advice to list the tools again, and the UNKNOWN_TOOL error as data;
// under render.WithUnknownToolResult, that error as a tool result.
func TestUnknownTool(t *testing.T) {
	for _, dialect := range render.Names() {
		for _, asResult := range []bool{false, true} {
			d, _ := render.ByName(dialect)
			var opts []render.Option
			if asResult {
				opts = append(opts, render.WithUnknownToolResult())
			}
			cs := connect(t, newServer(quiet(d, opts...)))
			for _, c := range []struct {
				tool    string
				actions []string
			}{
				{"files.reed", []string{"files.read"}},
				{"FILES_READ", []string{"files.read"}},
				{"zzz", nil},
				{"weather.gt", []string{"weather.get"}},
				{"report.build", []string{"reports.build"}},
			} {
				e := unknownTool(t, cs, c.tool, dialect, asResult)
				if e.Code != errorx.CodeUnknownTool || e.EffectiveClass() != errorx.ClassNotFound || e.IsRetryable() || e.Tool != c.tool {
					t.Errorf("%s %s: %+v, want UNKNOWN_TOOL, NOT_FOUND, not retryable, naming the tool", dialect, c.tool, e)
				}
				if !slices.Equal(e.Actions, c.actions) {
					t.Errorf("%s %s: actions %q, want %q", dialect, c.tool, e.Actions, c.actions)
				}
				if !strings.Contains(e.Recovery, "tools/list") || !strings.Contains(e.Message, c.tool) {
					t.Errorf("%s %s: message %q, recovery %q: want the name and the advice to list the tools", dialect, c.tool, e.Message, e.Recovery)
				}
				if len(c.actions) > 0 && !strings.Contains(e.Recovery, "Did you mean "+c.actions[0]+"?") {
					t.Errorf("%s %s: recovery %q lacks the did-you-mean", dialect, c.tool, e.Recovery)
				}
			}
		}
	}
}

// TestUnknownToolSeveral: up to three of the closest tools are named,
// the nearest first.
func TestUnknownToolSeveral(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "0"}, nil)
	s.AddReceivingMiddleware(gosdk.Middleware(quiet(render.XML{})))
	for _, name := range []string{"user.get", "users.get", "users.set", "users.list", "orders.get"} {
		s.AddTool(&mcp.Tool{Name: name, InputSchema: map[string]any{"type": "object"}},
			func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return &mcp.CallToolResult{}, nil
			})
	}
	e := unknownTool(t, connect(t, s), "users.gett", "xml", false)
	if want := []string{"users.get", "user.get", "users.set"}; !slices.Equal(e.Actions, want) {
		t.Fatalf("actions %v, want %q", e, want)
	}
	if want := "Did you mean users.get, user.get or users.set?"; !strings.Contains(e.Recovery, want) {
		t.Errorf("recovery %q, want %q", e.Recovery, want)
	}
}

// TestProtocolErrors: a *jsonrpc.Error a handler returns, and an error
// render.WithProtocolErrors matches, stay JSON-RPC errors.
func TestProtocolErrors(t *testing.T) {
	r := quiet(render.Interbase{}, render.WithProtocolErrors(func(err error) bool { return errors.Is(err, errUpstream) }))
	cs := connect(t, newServer(r))
	_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "elicit"})
	var wire *jsonrpc.Error
	if !errors.As(err, &wire) || wire.Code != mcp.CodeURLElicitationRequired {
		t.Errorf("elicit: %v, want the handler's JSON-RPC error", err)
	}
	// A handler's own invalid-params error is not taken for go-sdk's
	// unknown-tool error: the tool exists.
	if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "invalid.params"}); !errors.As(err, &wire) || wire.Code != jsonrpc.CodeInvalidParams || wire.Message != "bad cursor" {
		t.Errorf("invalid.params: %v, want the handler's JSON-RPC error", err)
	}
	if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "db.query"}); err == nil || !strings.Contains(err.Error(), "hunter2") {
		t.Errorf("db.query: %v, want the protocol error the Renderer was told to keep", err)
	}
	if res := call(t, cs, "files.read", nil); !res.IsError {
		t.Errorf("files.read: %+v, want a tool error", res)
	}
}

// TestHandlerResultsPass: a result a handler built itself passes through:
// its own error content recorded with SetError, a success returned with a
// nil *errorx.Error; an error result with structuredContent of a tool that
// declares an outputSchema loses the structuredContent, its JSON kept in a
// text block.
func TestHandlerResultsPass(t *testing.T) {
	cs := connect(t, newServer(quiet(render.ToolError{})))
	res := call(t, cs, "own.error", nil)
	if len(res.Content) != 1 || res.Content[0].(*mcp.TextContent).Text != "Try again tomorrow." || !res.IsError {
		t.Errorf("own.error: %+v, want the handler's own result", res)
	}
	if res := call(t, cs, "typed.nil", nil); res.IsError || res.Content[0].(*mcp.TextContent).Text != "fine" {
		t.Errorf("typed.nil: %+v, want the handler's result", res)
	}
	res = call(t, cs, "weather.built", nil)
	if res.StructuredContent != nil || !res.IsError {
		t.Fatalf("weather.built: %+v, want no structuredContent", res)
	}
	if e, dialect := gosdk.Decode(res); e == nil || dialect != "toolerror" || e.Code != "NOT_FOUND" {
		t.Errorf("weather.built: Decode gives %s %v, want the handler's toolerror NOT_FOUND", dialect, e)
	}
}

// TestInternalTextAndLog: the text of an unclassified error reaches the
// log, and the wire only with WithInternalErrorText.
func TestInternalTextAndLog(t *testing.T) {
	var log logtest.Buffer
	cs := connect(t, newServer(render.NewRenderer(render.Envelope{}, render.WithLogger(log.Logger()))))
	e, _ := gosdk.Decode(call(t, cs, "db.query", nil))
	if strings.Contains(e.Message, "hunter2") || !strings.Contains(log.String(), "[redacted]@db.internal") || !strings.Contains(log.String(), "db.query") {
		t.Errorf("message %q; log:\n%s", e.Message, log.String())
	}
	cs = connect(t, newServer(quiet(render.Envelope{}, render.WithInternalErrorText())))
	if e, _ := gosdk.Decode(call(t, cs, "db.query", nil)); !strings.Contains(e.Message, "[redacted]@db.internal") {
		t.Errorf("with WithInternalErrorText the message is %q", e.Message)
	}
	if e, _ := gosdk.Decode(call(t, cs, "reports.build", nil)); !strings.Contains(e.Message, "nil map") {
		t.Errorf("with WithInternalErrorText the panic's message is %q", e.Message)
	}
}

// TestLimits: the Renderer's limits bound what a caller sends back to it:
// an unknown tool's name of 1 MB gives a small answer, as a JSON-RPC error
// or as a tool result.
func TestLimits(t *testing.T) {
	name := strings.Repeat("<x>", 1<<18)
	cs := connect(t, newServer(quiet(render.XML{}, render.WithLimits(render.Limits{MaxString: 1024}))))
	_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name})
	var wire *jsonrpc.Error
	if !errors.As(err, &wire) || len(wire.Message)+len(wire.Data) > 4096 {
		t.Errorf("the JSON-RPC error: %.200v (%d bytes)", err, len(wire.Message)+len(wire.Data))
	}
	cs = connect(t, newServer(quiet(render.XML{}, render.WithUnknownToolResult(), render.WithLimits(render.Limits{MaxOutput: 4096}))))
	res := call(t, cs, name, nil)
	raw, _ := json.Marshal(res)
	if len(raw) > 8192 {
		t.Errorf("the result has %d bytes", len(raw))
	}
	if e, _ := gosdk.Decode(res); e == nil || e.Code != errorx.CodeUnknownTool {
		t.Errorf("Decode: %v, want UNKNOWN_TOOL", e)
	}
}

// TestConcurrentCalls runs every call from many goroutines at once on one
// server (run it with -race).
func TestConcurrentCalls(t *testing.T) {
	cs := connect(t, newServer(quiet(render.ToolError{})))
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 2 * len(toolCases) {
				c := toolCases[(g+i)%len(toolCases)]
				res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: c.tool, Arguments: c.args})
				if err != nil {
					t.Errorf("%s: %v", c.tool, err)
					return
				}
				if e, _ := gosdk.Decode(res); (e == nil) != (c.code == "") || e != nil && e.Code != c.code {
					t.Errorf("%s: %v, want %q", c.tool, e, c.code)
				}
			}
		})
	}
	wg.Wait()
}

// TestUnknownToolAnyText: go-sdk's unknown-tool error is recognised by its
// code and the tool's absence from tools/list, not by its text, which a
// later go-sdk may word differently.
func TestUnknownToolAnyText(t *testing.T) {
	next := func(_ context.Context, method string, _ mcp.Request) (mcp.Result, error) {
		if method == "tools/list" {
			return &mcp.ListToolsResult{Tools: []*mcp.Tool{{Name: "files.read"}}}, nil
		}
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "tool not found: files.raed"}
	}
	call := &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "files.raed"}}
	_, err := gosdk.Middleware(quiet(render.Interbase{}))(next)(context.Background(), "tools/call", call)
	var wire *jsonrpc.Error
	if !errors.As(err, &wire) || wire.Code != jsonrpc.CodeInvalidParams || !strings.Contains(wire.Message, "Did you mean files.read?") {
		t.Errorf("%v, want -32602 naming files.read", err)
	}
}

// TestRenderedKeepsGoSDKFields: an error rendered in place of a result
// go-sdk or the handler built keeps what they wrote on it: the resultType
// go-sdk records for clients of the 2026-07-28 revision, and the _meta
// entries (the rendered result's own are merged in, never over them).
func TestRenderedKeepsGoSDKFields(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "0"}, nil)
	s.AddReceivingMiddleware(gosdk.Middleware(quiet(render.XML{})))
	mcp.AddTool(s, &mcp.Tool{Name: "typed"}, func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, any, error) {
		return nil, nil, errorx.NotFound("Gone.")
	})
	s.AddTool(&mcp.Tool{Name: "traced", InputSchema: map[string]any{"type": "object"}},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			res := &mcp.CallToolResult{Meta: mcp.Meta{"io.example/trace": "t-1"}}
			res.SetError(errorx.NotFound("Gone."))
			return res, nil
		})
	cs := connect(t, s)
	for _, tool := range []string{"typed", "traced"} {
		res := call(t, cs, tool, nil)
		raw, _ := json.Marshal(res)
		if e, dialect := gosdk.Decode(res); e == nil || dialect != "xml" || e.Code != "NOT_FOUND" {
			t.Errorf("%s: Decode %s %v, want the rendered NOT_FOUND:\n%s", tool, dialect, e, raw)
		}
		if !strings.Contains(string(raw), `"resultType":"complete"`) {
			t.Errorf("%s: the rendered result lost go-sdk's resultType:\n%s", tool, raw)
		}
		if _, ok := res.Meta[mcp.MetaKeyServerInfo]; !ok {
			t.Errorf("%s: no serverInfo in _meta:\n%s", tool, raw)
		}
	}
	if res := call(t, cs, "traced", nil); res.Meta["io.example/trace"] != "t-1" {
		t.Errorf("traced: the handler's _meta was lost: %v", res.Meta)
	}
}
