package main

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/examples/internal/e2e"
	"github.com/mcperr/mcperr/gosdk"
	"github.com/mcperr/mcperr/internal/logtest"
	"github.com/mcperr/mcperr/render"
)

func discard() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// session is an e2e.Session over go-sdk's client, connected to the server
// through go-sdk's in-memory transports.
type session struct{ cs *mcp.ClientSession }

func connect(t testing.TB, s *mcp.Server) session {
	t.Helper()
	ctx := context.Background()
	ct, st := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "mcperr-e2e", Version: "0.0.0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Close() })
	return session{cs}
}

// call calls tool with args and fails t on a protocol error.
func (s session) call(t testing.TB, tool string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	res, err := s.cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s: protocol error %v, want a tool result", tool, err)
	}
	return res
}

// CallTool calls call's tool; the result is converted with gosdk.ToResult
// for e2e.Check, which reads it with render.Decode.
func (s session) CallTool(ctx context.Context, call e2e.Call) (*render.Result, error) {
	res, err := s.cs.CallTool(ctx, &mcp.CallToolParams{Name: call.Tool, Arguments: call.Arguments})
	if wire := (*jsonrpc.Error)(nil); errors.As(err, &wire) {
		return nil, &e2e.RPCError{Code: wire.Code, Data: wire.Data, Err: err}
	}
	if err != nil {
		return nil, err
	}
	return gosdk.ToResult(res), nil
}

func (s session) OutputSchemas(t testing.TB) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	for tool, err := range s.cs.Tools(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		out[tool.Name] = tool.OutputSchema != nil
	}
	return out
}

// TestInProcess calls every tool of testdata/calls.json in every dialect
// through go-sdk's client over its in-memory transports, and reads each
// error back with gosdk.Decode.
func TestInProcess(t *testing.T) {
	e2e.RunSessions(t, func(t testing.TB, d render.Dialect) e2e.Session {
		return connect(t, newServer(d, discard()))
	}, e2e.LoadCalls(t, "testdata/calls.json"))
}

// TestTypeScriptClient checks what the official TypeScript SDK client
// returned for the same calls: .ci/run runs interop/ts/check.mjs against the
// built server and points MCPERR_TS_RESULTS at its output.
func TestTypeScriptClient(t *testing.T) {
	path := os.Getenv("MCPERR_TS_RESULTS")
	if path == "" {
		t.Skip("MCPERR_TS_RESULTS is not set: .ci/run sets it to the output of interop/ts/check.mjs")
	}
	e2e.CheckTypeScript(t, path, e2e.LoadCalls(t, "testdata/calls.json"))
}

// TestInputSchemas checks the arguments of every call against the
// inputSchema the server lists for its tool: a call that succeeds fits it,
// one marked schema_rejects does not.
func TestInputSchemas(t *testing.T) {
	s := connect(t, newServer(render.Interbase{}, discard()))
	schemas := map[string]json.RawMessage{}
	for tool, err := range s.cs.Tools(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(tool.InputSchema)
		if err != nil {
			t.Fatal(err)
		}
		schemas[tool.Name] = b
	}
	e2e.CheckArguments(t, schemas, e2e.LoadCalls(t, "testdata/calls.json"))
}

// TestDidYouMeanEveryTypo checks the hint of every one-letter typo of
// every key of the argument structs gosdk.AddTool binds (see
// e2e.CheckTypoHints).
func TestDidYouMeanEveryTypo(t *testing.T) {
	e2e.CheckTypoHints(t, reflect.TypeFor[readArgs](), reflect.TypeFor[reserveArgs](), reflect.TypeFor[newUser](),
		reflect.TypeFor[account](), reflect.TypeFor[address](), reflect.TypeFor[reportArgs](), reflect.TypeFor[cityArgs](), reflect.TypeFor[findArgs]())
}

// TestSameCallsAsMCPGoExamples: testdata/calls.json holds every call of
// examples/server, as it is there, and examples/validation's users.create
// calls made to accounts.create, which binds the same struct: the same
// arguments give the same fields on both SDKs. Where this server differs,
// it says so here.
func TestSameCallsAsMCPGoExamples(t *testing.T) {
	ours := map[string]e2e.Call{}
	for _, c := range e2e.LoadCalls(t, "testdata/calls.json") {
		ours[c.Name] = c
	}
	// users.create is a typed tool here (gosdk.AddTool binds it with
	// package validation, code INVALID_INPUT); examples/server builds the
	// same fields by hand, under code VALIDATION.
	typed := map[string]bool{"validation": true, "validation_format_json": true, "validation_format_unknown": true}
	for _, c := range e2e.LoadCalls(t, "../server/testdata/calls.json") {
		got, ok := ours[c.Name]
		if typed[c.Name] && c.Want.Code == "VALIDATION" && got.Want.Code == "INVALID_INPUT" {
			got.Want.Code = c.Want.Code
		}
		if got.Dialects != nil && c.Dialects == nil && strings.Contains(c.Name, "format") {
			// Binding is strict here: a format argument is an unknown
			// key unless the Renderer reads it (the toolerror dialect).
			got.Dialects = nil
		}
		if (c.Name == "read_missing_path" || c.Name == "read_wrong_type_path") && got.Want.Code == "INVALID_INPUT" {
			// files.read is bound here (gosdk.AddTool): the same field
			// under INVALID_INPUT, which its schema rejects too;
			// examples/server's handler builds MISSING_REQUIRED_FIELD and
			// INVALID_FIELD_TYPE itself, naming files.list.
			got.Want.Code, got.Want.Actions, got.Want.SchemaRejects = c.Want.Code, c.Want.Actions, c.Want.SchemaRejects
		}
		if c.Name == "unknown_tool" && c.Want.RPCError == got.Want.RPCError {
			// Both answer -32602; go-sdk's error carries the model as its
			// data, which calls.json describes here (mcp-go's carries none).
			got.Want = c.Want
		}
		if c.Name == "validation_format_unknown" && slices.Contains(got.Want.Fields, "format") {
			// Binding holds the format argument to its values
			// (validation.WithFormatArgument): 42 is a field here.
			got.Want.Fields = slices.DeleteFunc(slices.Clone(got.Want.Fields), func(p string) bool { return p == "format" })
		}
		if !ok || !reflect.DeepEqual(got, c) {
			t.Errorf("examples/server's call %s:\n%+v\nhere:\n%+v", c.Name, c, got)
		}
	}
	for _, c := range e2e.LoadCalls(t, "../validation/testdata/calls.json") {
		if c.Tool != "users.create" {
			continue
		}
		name := "account_" + strings.TrimPrefix(strings.TrimPrefix(c.Name, "user_"), "valid_user")
		if c.Name == "valid_user" {
			name = "account_valid"
		}
		got, ok := ours[name]
		got.Name, got.Tool = c.Name, c.Tool
		if !ok || !reflect.DeepEqual(got, c) {
			t.Errorf("examples/validation's call %s:\n%+v\nhere (%s):\n%+v", c.Name, c, name, got)
		}
	}
}

// TestPanicKeepsServing checks that a panic is logged with its value and
// stack, that the agent sees neither, and that the server answers the next
// call: without the middleware, go-sdk would end the process.
func TestPanicKeepsServing(t *testing.T) {
	var log logtest.Buffer
	s := connect(t, newServer(render.XML{}, log.Logger()))
	e, dialect := gosdk.Decode(s.call(t, "reports.build", map[string]any{"month": "2026-10"}))
	if e == nil || dialect != "xml" || e.Code != "INTERNAL_ERROR" || strings.Contains(e.Message, "nil map") {
		t.Fatalf("Decode: %s %v, want an xml INTERNAL_ERROR that hides the panic", dialect, e)
	}
	for _, want := range []string{"tool handler panicked", "reports.build", "assignment to entry in nil map", "goroutine", "buildReport"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("the log lacks %q:\n%s", want, log.String())
		}
	}
	if res := s.call(t, "files.list", nil); res.IsError {
		t.Fatalf("the call after the panic failed: %+v", res)
	}
}

// TestUnclassifiedErrorIsLogged checks that the text the agent does not see
// reaches the server's log, its password masked.
func TestUnclassifiedErrorIsLogged(t *testing.T) {
	var log logtest.Buffer
	s := connect(t, newServer(render.Interbase{}, log.Logger()))
	s.call(t, "db.query", map[string]any{"sql": "select 1"})
	if !strings.Contains(log.String(), "admin:[redacted]@db.internal") || strings.Contains(log.String(), "hunter2") || !strings.Contains(log.String(), "db.query") {
		t.Errorf("the log lacks the error's text and tool:\n%s", log.String())
	}
}

// TestConcurrentCalls runs every call from many goroutines at once (run it
// with -race).
func TestConcurrentCalls(t *testing.T) {
	calls := e2e.LoadCalls(t, "testdata/calls.json")
	for _, name := range []string{"toolerror", "envelope"} {
		d, _ := render.ByName(name)
		e2e.RunConcurrently(t, connect(t, newServer(d, discard())), name, calls)
	}
}

// TestAgentRecoversFromNotFound plays an agent that knows nothing but the
// error: a misspelt tool name gets -32602 naming the closest tools, the one
// meant first, in its message and data;
// files.read of a path that does not exist names an action; the agent
// calls it and reads every path it lists.
func TestAgentRecoversFromNotFound(t *testing.T) {
	for _, name := range render.Names() {
		t.Run(name, func(t *testing.T) {
			d, _ := render.ByName(name)
			s := connect(t, newServer(d, discard()))
			_, err := s.cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "files.raed", Arguments: map[string]any{"path": "docs/roadmap.md"}})
			var wire *jsonrpc.Error
			if !errors.As(err, &wire) || wire.Code != jsonrpc.CodeInvalidParams || !strings.Contains(wire.Message, "Did you mean files.read") {
				t.Fatalf("files.raed: %v, want -32602 naming the closest tools", err)
			}
			var unknown errorx.Error
			if err := json.Unmarshal(wire.Data, &unknown); err != nil || unknown.Code != "UNKNOWN_TOOL" || len(unknown.Actions) == 0 {
				t.Fatalf("data %s: %v, want an UNKNOWN_TOOL error that names the closest tools", wire.Data, err)
			}
			e, dialect := gosdk.Decode(s.call(t, unknown.Actions[0], map[string]any{"path": "docs/roadmap.md"}))
			if e == nil || dialect != name || e.Code != "NOT_FOUND" || len(e.Actions) == 0 {
				t.Fatalf("Decode: %s %+v, want a NOT_FOUND error that names an action", dialect, e)
			}
			res := s.call(t, e.Actions[0], nil)
			if res.IsError {
				t.Fatalf("%s failed: %+v", e.Actions[0], res)
			}
			for _, path := range strings.Split(res.Content[0].(*mcp.TextContent).Text, "\n") {
				res := s.call(t, "files.read", map[string]any{"path": path})
				if e, _ := gosdk.Decode(res); res.IsError || e != nil || res.Content[0].(*mcp.TextContent).Text == "" {
					t.Errorf("files.list lists %q, but files.read %q gives %v", path, path, e)
				}
			}
		})
	}
}

// TestTypedOutput: the tools whose output type is not any declare an
// outputSchema inferred from it; a typed tool's success with output any
// is the content its handler wrote, as go-sdk's typed tools give it (in
// the toolerror dialect, with the format argument, which it takes there).
func TestTypedOutput(t *testing.T) {
	s := connect(t, newServer(render.ToolError{}, discard()))
	var declared []string
	for tool, ok := range s.OutputSchemas(t) {
		if ok {
			declared = append(declared, tool)
		}
	}
	if want := []string{"files.find", "weather.get"}; !slices.Equal(slices.Sorted(slices.Values(declared)), want) {
		t.Errorf("tools with an outputSchema: %v, want %v", declared, want)
	}
	res := s.call(t, "users.create", map[string]any{"name": "Ada", "email": "ada@example.com", "role": "admin", "age": 36, "format": "json"})
	if res.IsError || res.Content[0].(*mcp.TextContent).Text != "Created user Ada." {
		t.Errorf("users.create: %+v", res)
	}
	b, _ := json.Marshal(res)
	if strings.Contains(string(b), "structuredContent") {
		t.Errorf("users.create's output is any: no structuredContent, got %s", b)
	}
}
