package e2e

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/format"
	"github.com/mcperr/mcperr/internal/rendercheck"
	"github.com/mcperr/mcperr/mcpgo"
	"github.com/mcperr/mcperr/render"
	"github.com/mcperr/mcperr/validation"
)

// A Call is one tool call of an example and what the agent must read from
// its result, in every dialect.
type Call struct {
	Name      string         `json:"name"`
	Tool      string         `json:"tool"`
	Arguments map[string]any `json:"arguments"`
	Want      Want           `json:"want"`
	// Hidden lists text that must appear nowhere in the result: panic
	// values, stack traces, credentials in an error's text.
	Hidden []string `json:"hidden"`
	// Dialects lists the dialects the call is made in (every one when
	// empty): a call that sends the per-call format argument to a tool
	// that binds strictly is one only the toolerror dialect takes.
	Dialects []string `json:"dialects"`
}

// In reports whether call is made in dialect.
func (c Call) In(dialect string) bool {
	return len(c.Dialects) == 0 || slices.Contains(c.Dialects, dialect)
}

// Want is what Decode must read back from a call's result. An error result
// must have isError set (a warning too: every warning of the examples comes
// from a tool that declares an outputSchema, see render.OutputSchemaSafe),
// be recognised as the server's dialect and name the called tool. Empty
// members are not checked, except RetryAfter: zero means no retry delay.
type Want struct {
	Success    bool     `json:"success"`
	Code       string   `json:"code"`
	Class      string   `json:"class"`
	Severity   string   `json:"severity"`
	Actions    []string `json:"actions"`
	Details    []string `json:"details"` // keys that must be present
	Fields     []string `json:"fields"`  // the paths, in any order
	RetryAfter float64  `json:"retry_after"`
	Retryable  *bool    `json:"retryable"`
	// OutputSchema says the tool declares an outputSchema: its error result
	// must carry no structuredContent.
	OutputSchema bool `json:"output_schema"`
	// Tool is the tool the error names, when not the called one: a grouped
	// tool's action ("billing/create").
	Tool string `json:"tool"`
	// SchemaRejects says the tool's advertised inputSchema rejects the
	// call's arguments (a call with Success must fit its schema).
	SchemaRejects bool `json:"schema_rejects"`
	// WrongType maps the path of each argument sent with the wrong JSON type
	// to what its field must say: "Wrong type.", rule "type", the value sent
	// and the type expected.
	WrongType map[string]WrongType `json:"wrong_type"`
	// RPCError says the call must fail as a JSON-RPC error with this code
	// rather than give a result: -32602 for a call of a tool the server
	// does not have, as the MCP specification says. When the error's data
	// holds the model (go-sdk's answer, render.Renderer.HandleUnknownTool),
	// the members above are checked against it.
	RPCError int64 `json:"rpc_error"`
}

// An RPCError is a JSON-RPC error a Session's CallTool returns: its code,
// and its data when the SDK's client keeps it.
type RPCError struct {
	Code int64
	Data json.RawMessage
	Err  error // the SDK's error
}

func (e *RPCError) Error() string { return e.Err.Error() }

func (e *RPCError) Unwrap() error { return e.Err }

// mcpgoCodes are the JSON-RPC codes mcp-go's client turns into these
// errors (mcp.JSONRPCErrorDetails.AsError), dropping the data.
var mcpgoCodes = map[error]int64{mcp.ErrInvalidParams: mcp.INVALID_PARAMS, mcp.ErrMethodNotFound: mcp.METHOD_NOT_FOUND, mcp.ErrInternalError: mcp.INTERNAL_ERROR}

// WrongType is what the field of an argument of the wrong JSON type says.
type WrongType struct {
	Sent     string `json:"sent"`     // the value sent, as format.Sent writes it: 7, null, 'x'
	Expected string `json:"expected"` // the JSON type expected: "string"
}

// LoadCalls reads a calls.json file.
func LoadCalls(t testing.TB, path string) []Call {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var calls []Call
	if err := json.Unmarshal(b, &calls); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return calls
}

// Connect returns an initialised in-process client of s. It speaks the
// legacy protocol revision, as the TypeScript SDK v1 does, so results carry
// no modern _meta.
func Connect(t testing.TB, s *server.MCPServer) *client.Client {
	t.Helper()
	c, err := client.NewInProcessClient(s)
	if err != nil {
		t.Fatal(err)
	}
	initialize(t, c)
	return c
}

// CallTool calls call's tool through c.
func CallTool(ctx context.Context, c *client.Client, call Call) (*mcp.CallToolResult, error) {
	var req mcp.CallToolRequest
	req.Params.Name = call.Tool
	req.Params.Arguments = call.Arguments
	return c.CallTool(ctx, req)
}

// MustCall calls tool with args through c and fails t if the call itself
// fails (a tool error is a result, not a failure).
func MustCall(t testing.TB, c *client.Client, tool string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	res, err := CallTool(context.Background(), c, Call{Tool: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	return res
}

// OutputSchemas returns the names of c's tools that declare an outputSchema.
func OutputSchemas(t testing.TB, c *client.Client) map[string]bool {
	t.Helper()
	res, err := c.ListTools(context.Background(), mcp.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, tool := range res.Tools {
		out[tool.Name] = tool.RawOutputSchema != nil || tool.OutputSchema.Type != ""
	}
	return out
}

// CheckInputSchemas lists c's tools and checks every call's arguments
// against the called tool's inputSchema (see CheckArguments).
func CheckInputSchemas(t testing.TB, c *client.Client, calls []Call) {
	t.Helper()
	res, err := c.ListTools(context.Background(), mcp.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	schemas := map[string]json.RawMessage{}
	for _, tool := range res.Tools {
		b, err := json.Marshal(tool)
		if err != nil {
			t.Fatal(err)
		}
		var listed struct {
			InputSchema json.RawMessage `json:"inputSchema"`
		}
		if err := json.Unmarshal(b, &listed); err != nil {
			t.Fatal(err)
		}
		schemas[tool.Name] = listed.InputSchema
	}
	CheckArguments(t, schemas, calls)
}

// CheckArguments validates the arguments of every call against the
// inputSchema of the called tool, from inputSchemas (tool name to schema,
// as the server lists it), as a client would before calling
// (santhosh-tekuri/jsonschema, draft 2020-12): the arguments of a call
// that must succeed fit the schema; those of a call marked SchemaRejects
// do not.
func CheckArguments(t testing.TB, inputSchemas map[string]json.RawMessage, calls []Call) {
	t.Helper()
	schemas := map[string]*jsonschema.Schema{}
	for name, raw := range inputSchemas {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		comp := jsonschema.NewCompiler()
		comp.DefaultDraft(jsonschema.Draft2020)
		url := "mem://" + name + ".json"
		if err := comp.AddResource(url, doc); err != nil {
			t.Fatal(err)
		}
		if schemas[name], err = comp.Compile(url); err != nil {
			t.Fatalf("%s: inputSchema does not compile: %v", name, err)
		}
	}
	for _, call := range calls {
		s := schemas[call.Tool]
		if s == nil || !call.Want.Success && !call.Want.SchemaRejects {
			continue
		}
		b, _ := json.Marshal(call.Arguments)
		if call.Arguments == nil {
			b = []byte("{}")
		}
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		err = s.Validate(inst)
		switch {
		case call.Want.Success && err != nil:
			t.Errorf("%s: %s's inputSchema rejects the arguments of a call that succeeds: %v", call.Name, call.Tool, err)
		case call.Want.SchemaRejects && err == nil:
			t.Errorf("%s: %s's inputSchema accepts %s", call.Name, call.Tool, b)
		}
	}
}

// RunInProcess calls every call through mcp-go's in-process client, once
// per dialect, each dialect with its own server from newServer, and checks
// each result.
func RunInProcess(t *testing.T, newServer func(render.Dialect) *server.MCPServer, calls []Call) {
	RunSessions(t, func(t testing.TB, d render.Dialect) Session {
		return MCPGoSession(Connect(t, newServer(d)))
	}, calls)
}

// A Session is a client connected to one example server, as RunSessions
// drives it: through mcp-go's client, or another SDK's.
type Session interface {
	// CallTool calls call's tool and returns the result as a
	// render.Result (what render.Decode reads); an error is a protocol
	// error.
	CallTool(ctx context.Context, call Call) (*render.Result, error)
	// OutputSchemas returns the names of the server's tools that declare
	// an outputSchema.
	OutputSchemas(t testing.TB) map[string]bool
}

// MCPGoSession returns c, an mcp-go client, as a Session.
func MCPGoSession(c *client.Client) Session { return mcpgoSession{c} }

// mcpgoSession is a Session over mcp-go's client.
type mcpgoSession struct{ c *client.Client }

func (s mcpgoSession) CallTool(ctx context.Context, call Call) (*render.Result, error) {
	res, err := CallTool(ctx, s.c, call)
	if err != nil {
		for sentinel, code := range mcpgoCodes {
			if errors.Is(err, sentinel) {
				return nil, &RPCError{Code: code, Err: err}
			}
		}
		return nil, err
	}
	return mcpgo.ToResult(res), nil
}

func (s mcpgoSession) OutputSchemas(t testing.TB) map[string]bool { return OutputSchemas(t, s.c) }

// RunSessions calls every call through a session from connect, once per
// dialect, each dialect with its own session, and checks each result.
func RunSessions(t *testing.T, connect func(t testing.TB, d render.Dialect) Session, calls []Call) {
	for _, name := range render.Names() {
		t.Run(name, func(t *testing.T) {
			d, err := render.ByName(name)
			if err != nil {
				t.Fatal(err)
			}
			s := connect(t, d)
			schemas := s.OutputSchemas(t)
			for _, call := range calls {
				if !call.In(name) {
					continue
				}
				t.Run(call.Name, func(t *testing.T) {
					if schemas[call.Tool] != call.Want.OutputSchema {
						t.Errorf("%s declares an outputSchema: %v, calls.json says %v", call.Tool, schemas[call.Tool], call.Want.OutputSchema)
					}
					res, err := s.CallTool(context.Background(), call)
					if call.Want.RPCError != 0 {
						CheckRPCError(t, call, res, err)
						return
					}
					if err != nil {
						t.Fatalf("CallTool: %v (want a tool result, not a protocol error)", err)
					}
					Check(t, name, call, res)
					CheckFirstBlock(t, res)
				})
			}
		})
	}
}

// RunConcurrently makes every call from eight goroutines at once through
// s, a session of a server whose dialect is dialect, each goroutine three
// times over, and checks each result (run it with -race).
func RunConcurrently(t *testing.T, s Session, dialect string, calls []Call) {
	calls = slices.DeleteFunc(slices.Clone(calls), func(c Call) bool { return !c.In(dialect) })
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 3 * len(calls) {
				call := calls[(g+i)%len(calls)]
				res, err := s.CallTool(context.Background(), call)
				if call.Want.RPCError != 0 {
					CheckRPCError(t, call, res, err)
					continue
				}
				if err != nil {
					t.Errorf("%s %s: %v", dialect, call.Name, err)
					return
				}
				Check(t, dialect, call, res)
			}
		})
	}
	wg.Wait()
}

// Check checks one call's result as a client received it from a server
// whose dialect is dialect.
func Check(t testing.TB, dialect string, call Call, res *render.Result) {
	t.Helper()
	if res == nil {
		t.Fatal("no result")
	}
	raw, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range call.Hidden {
		if strings.Contains(string(raw), h) {
			t.Errorf("the result shows %q:\n%s", h, raw)
		}
	}
	e, got := render.Decode(res)
	w := call.Want
	if w.Success {
		if res.IsError || e != nil {
			t.Errorf("want success, got isError=%v, decoded %s error %v:\n%s", res.IsError, got, e, raw)
		}
		return
	}
	if !res.IsError {
		t.Errorf("isError is false:\n%s", raw)
	}
	if w.OutputSchema && res.StructuredContent != nil {
		t.Errorf("the tool declares an outputSchema, but its error result carries structuredContent:\n%s", raw)
	}
	if e == nil || got != dialect {
		t.Fatalf("Decode: dialect %q, error %v; want a %s error:\n%s", got, e, dialect, raw)
	}
	checkModel(t, dialect, call, e)
}

// CheckRPCError checks a call that must fail as the JSON-RPC error
// call.Want.RPCError: err is an *RPCError with that code, and the model in
// its data, when it has some, is what calls.json says.
func CheckRPCError(t testing.TB, call Call, res *render.Result, err error) {
	t.Helper()
	var rpc *RPCError
	if !errors.As(err, &rpc) || rpc.Code != call.Want.RPCError {
		t.Fatalf("want the JSON-RPC error %d, got %v and the result %+v", call.Want.RPCError, err, res)
	}
	if len(rpc.Data) == 0 {
		return
	}
	var e errorx.Error
	if err := json.Unmarshal(rpc.Data, &e); err != nil {
		t.Fatalf("data: %v: %s", err, rpc.Data)
	}
	checkModel(t, "", call, &e)
}

// checkModel checks what calls.json says of an error against e, read from
// a result in dialect ("" for a JSON-RPC error's data).
func checkModel(t testing.TB, dialect string, call Call, e *errorx.Error) {
	t.Helper()
	w := call.Want
	wantTool := call.Tool
	if call.Want.Tool != "" {
		wantTool = call.Want.Tool
	}
	if e.Tool != wantTool {
		t.Errorf("tool = %q, want %q", e.Tool, wantTool)
	}
	if w.Code != "" && e.Code != w.Code {
		t.Errorf("code = %q, want %q", e.Code, w.Code)
	}
	if w.Class != "" && e.EffectiveClass().String() != w.Class {
		t.Errorf("class = %v, want %s", e.EffectiveClass(), w.Class)
	}
	if w.Severity != "" && e.Severity.String() != w.Severity {
		t.Errorf("severity = %q, want %q", e.Severity, w.Severity)
	}
	if w.Actions != nil && !slices.Equal(e.Actions, w.Actions) {
		t.Errorf("actions = %q, want %q", e.Actions, w.Actions)
	}
	for _, k := range w.Details {
		if _, ok := e.Details.Get(k); !ok {
			t.Errorf("details lack %q: %v", k, e.Details)
		}
	}
	if w.Fields != nil {
		var paths []string
		for _, f := range e.Fields {
			paths = append(paths, f.Path)
		}
		slices.Sort(paths)
		want := slices.Sorted(slices.Values(w.Fields))
		if !slices.Equal(paths, want) {
			t.Errorf("field paths = %q, want %q", paths, want)
		}
	}
	for path, wt := range w.WrongType {
		checkWrongType(t, dialect, e.Fields, path, wt)
	}
	if want := time.Duration(w.RetryAfter * float64(time.Second)); e.RetryAfter != want {
		t.Errorf("retry after = %v, want %v", e.RetryAfter, want)
	}
	if w.Retryable != nil && e.IsRetryable() != *w.Retryable {
		t.Errorf("retryable = %v, want %v", e.IsRetryable(), *w.Retryable)
	}
}

// checkWrongType checks the field at path against wt. The xml dialect
// writes each field as one sentence, "Wrong type. You sent: 7. Expected
// type: string.": Decode gives back the message, the value sent and the
// rest as the hint.
func checkWrongType(t testing.TB, dialect string, fields []errorx.Field, path string, wt WrongType) {
	t.Helper()
	i := slices.IndexFunc(fields, func(f errorx.Field) bool { return f.Path == path })
	if i < 0 {
		t.Errorf("no field %q among %+v", path, fields)
		return
	}
	f := fields[i]
	if dialect == "xml" {
		if want := "Expected type: " + wt.Expected + "."; f.Message != "Wrong type." || !f.WasSent || format.Sent(f.Sent, true) != wt.Sent || f.Hint != want {
			t.Errorf("field %q = %+v, want message \"Wrong type.\", sent %s, hint %q", path, f, wt.Sent, want)
		}
		return
	}
	if f.Message != "Wrong type." || f.Rule != "type" || f.Expected != wt.Expected || !f.WasSent || format.Sent(f.Sent, true) != wt.Sent {
		t.Errorf("field %q = %+v (sent %s), want message \"Wrong type.\", rule \"type\", expected %q, sent %s",
			path, f, format.Sent(f.Sent, f.WasSent), wt.Expected, wt.Sent)
	}
}

// A Line is what interop/ts/check.mjs writes for one call: what the
// TypeScript SDK client returned, or what it threw.
type Line struct {
	Dialect      string `json:"dialect"`
	Name         string `json:"name"`
	Tool         string `json:"tool"`
	OutputSchema bool   `json:"output_schema"`
	// SchemaValid is the TypeScript SDK's validator's verdict on the
	// call's arguments against the tool's advertised inputSchema; nil
	// when the tool advertises none.
	SchemaValid *bool  `json:"schema_valid"`
	SchemaError string `json:"schema_error"`
	Threw       bool   `json:"threw"`
	Error       *struct {
		Code    any    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
	Result json.RawMessage `json:"result"`
}

// Thrown describes what the client threw.
func (l Line) Thrown() string {
	if l.Error == nil {
		return "(nothing recorded)"
	}
	b, _ := json.Marshal(l.Error)
	return string(b)
}

// CheckTypeScript reads check.mjs's lines from the file at path and checks
// that, in every dialect, every call is there, the arguments of a call
// that must succeed fit the tool's inputSchema as the SDK's validator reads
// it (and those marked SchemaRejects do not), the client returned its
// result (it did not throw) and the result reads back as Check wants.
func CheckTypeScript(t *testing.T, path string, calls []Call) {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	lines := map[[2]string]Line{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var l Line
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("%s: %v: %s", path, err, sc.Bytes())
		}
		lines[[2]string{l.Dialect, l.Name}] = l
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	for _, dialect := range render.Names() {
		t.Run(dialect, func(t *testing.T) {
			for _, call := range calls {
				if !call.In(dialect) {
					continue
				}
				t.Run(call.Name, func(t *testing.T) {
					l, ok := lines[[2]string{dialect, call.Name}]
					if !ok {
						t.Fatalf("no line for this call in %s", path)
					}
					if l.Tool != call.Tool {
						t.Errorf("the line calls %q, want %q", l.Tool, call.Tool)
					}
					if l.OutputSchema != call.Want.OutputSchema {
						t.Errorf("listTools says %s declares an outputSchema: %v, calls.json says %v", call.Tool, l.OutputSchema, call.Want.OutputSchema)
					}
					switch {
					case call.Want.Success && (l.SchemaValid == nil || !*l.SchemaValid):
						t.Errorf("the TypeScript SDK's validator rejects the arguments against %s's inputSchema: %s", call.Tool, l.SchemaError)
					case call.Want.SchemaRejects && (l.SchemaValid == nil || *l.SchemaValid):
						t.Errorf("the TypeScript SDK's validator accepts the arguments against %s's inputSchema", call.Tool)
					}
					if call.Want.RPCError != 0 {
						if !l.Threw || l.Error == nil || fmt.Sprint(l.Error.Code) != fmt.Sprint(call.Want.RPCError) {
							t.Errorf("want the client to throw the JSON-RPC error %d, got: threw %v, %s", call.Want.RPCError, l.Threw, l.Thrown())
						}
						return
					}
					if l.Threw {
						t.Fatalf("the TypeScript client threw instead of returning the result: %s", l.Thrown())
					}
					var res render.Result
					if err := json.Unmarshal(l.Result, &res); err != nil {
						t.Fatalf("result: %v: %s", err, l.Result)
					}
					Check(t, dialect, call, &res)
					CheckFirstBlock(t, &res)
				})
			}
		})
	}
}

// CheckFirstBlock checks that res cut to its first content block, with no
// structuredContent (what hosts that show a model only the first block
// pass on), decodes to what the whole result decodes to. An elicitation
// (needsInput:v1) is left out: it asks for input, and its first block is
// the question. The details are compared in key order: go-sdk reads
// structuredContent into a map, which orders its keys, and the text block
// keeps the server's order.
func CheckFirstBlock(t testing.TB, res *render.Result) {
	t.Helper()
	if len(res.Content) == 0 || strings.Contains(string(res.StructuredContent), `"kind":"needsInput:v1"`) {
		return
	}
	full, fullName := render.Decode(res)
	got, name := render.Decode(&render.Result{Content: res.Content[:1], IsError: res.IsError})
	if name != fullName || sortedCanonical(got) != sortedCanonical(full) {
		t.Errorf("the first block alone decodes (%q) to\n%s\nthe whole result (%q) to\n%s\nfirst block: %s",
			name, rendercheck.Canonical(got), fullName, rendercheck.Canonical(full), res.Content[0].Text)
	}
}

// CheckTypoHints misspells every key of each struct type by one letter (a
// letter dropped, changed or added) and binds the arguments with
// validation's default Validator: beside all the other keys, the unknown
// key's hint names exactly the key meant ("Did you mean 'email'?"); sent
// alone, the key meant is among the names it offers.
func CheckTypoHints(t *testing.T, types ...reflect.Type) {
	t.Helper()
	letters := "abcdefghijklmnopqrstuvwxyz_"
	for _, typ := range types {
		var keys []string
		for i := range typ.NumField() {
			keys = append(keys, strings.Split(typ.Field(i).Tag.Get("json"), ",")[0])
		}
		for _, key := range keys {
			typos := map[string]bool{}
			for i := 0; i <= len(key); i++ {
				if i < len(key) {
					typos[key[:i]+key[i+1:]] = true
				}
				for _, c := range letters {
					if i < len(key) {
						typos[key[:i]+string(c)+key[i+1:]] = true
					}
					typos[key[:i]+string(c)+key[i:]] = true
				}
			}
			for typo := range typos {
				if typo == "" || slices.Contains(keys, typo) {
					continue
				}
				all := map[string]any{typo: nil}
				for _, k := range keys {
					if k != key {
						all[k] = nil
					}
				}
				if hint := typoHint(t, typ, all, typo); hint != "Did you mean '"+key+"'?" {
					t.Errorf("%v: %s beside the other keys: hint %q, want the one for %s", typ, typo, hint, key)
				}
				if hint := typoHint(t, typ, map[string]any{typo: nil}, typo); !strings.Contains(hint, "'"+key+"'") {
					t.Errorf("%v: %s alone: hint %q does not name %s", typ, typo, hint, key)
				}
			}
		}
	}
}

func typoHint(t *testing.T, typ reflect.Type, args map[string]any, typo string) string {
	t.Helper()
	raw, _ := json.Marshal(args)
	err := validation.Default().BindJSON("t", raw, reflect.New(typ).Interface())
	e, _ := errorx.As(err)
	if e == nil {
		t.Fatalf("%s: no error", raw)
	}
	for _, f := range e.Fields {
		if f.Path == typo {
			return f.Hint
		}
	}
	t.Fatalf("%s: no field for %s", raw, typo)
	return ""
}

// sortedCanonical is rendercheck.Canonical of e with its details in key
// order.
func sortedCanonical(e *errorx.Error) string {
	if e == nil {
		return rendercheck.Canonical(e)
	}
	c := e.Clone()
	c.Details = errorx.DetailsOf(slices.SortedFunc(slices.Values(c.Details.Pairs()),
		func(a, b errorx.Detail) int { return strings.Compare(a.Key, b.Key) })...)
	return rendercheck.Canonical(c)
}
