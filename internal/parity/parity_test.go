package parity_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	mcpgomcp "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/gosdk"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/parity"
	"github.com/mcperr/mcperr/mcpgo"
	"github.com/mcperr/mcperr/render"
)

var errUpstream = errors.New("query postgres://admin:hunter2@db.internal/app: connection reset")

// failures are the tools that fail, by name: what each handler returns
// (nil: it panics).
var failures = map[string]error{
	"files.read":    errorx.NotFound("File \"a.md\" does not exist.").WithActions("files.list").WithDetail("path", "a.md"),
	"files.reserve": errorx.Conflict("src/*.go is reserved by another agent.").WithDetail("held_by", "agent-2"),
	"db.query":      fmt.Errorf("db: %w", errUpstream),
	"reports.build": nil,
}

// calls are the calls both servers answer.
var calls = []struct {
	tool string
	args map[string]any
}{
	{"files.read", nil},
	{"files.read", map[string]any{"format": "json"}},
	{"files.read", map[string]any{"format": "both"}},
	{"files.reserve", nil},
	{"db.query", nil},
	{"reports.build", nil},
}

func init() {
	for _, args := range parity.BadSignups {
		calls = append(calls, struct {
			tool string
			args map[string]any
		}{"signup", args})
	}
}

func fail(tool string) error {
	if err := failures[tool]; err != nil {
		return err
	}
	panic("report bug")
}

// goSDKServer serves the tools on go-sdk under r: raw tools, and signup
// through gosdk.AddTool.
func goSDKServer(t *testing.T, r *render.Renderer) *mcp.ClientSession {
	s := mcp.NewServer(&mcp.Implementation{Name: "parity", Version: "0"}, nil)
	s.AddReceivingMiddleware(gosdk.Middleware(r))
	for name := range failures {
		s.AddTool(&mcp.Tool{Name: name, InputSchema: map[string]any{"type": "object"}},
			func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) { return nil, fail(name) })
	}
	gosdk.AddTool(s, &mcp.Tool{Name: "signup"}, func(context.Context, *mcp.CallToolRequest, parity.Signup) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "created"}}}, nil, nil
	})
	return connectGoSDK(t, s)
}

// connectGoSDK serves s over go-sdk's in-memory transports and returns a
// connected client session.
func connectGoSDK(t *testing.T, s *mcp.Server) *mcp.ClientSession {
	t.Helper()
	ct, st := mcp.NewInMemoryTransports()
	ss, err := s.Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "parity", Version: "0"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Close() })
	return cs
}

// mcpGoServer serves the same tools on mcp-go under r: plain handlers, and
// signup bound by validation.
func mcpGoServer(t *testing.T, r *render.Renderer) *client.Client {
	s := server.NewMCPServer("parity", "0", server.WithToolHandlerMiddleware(mcpgo.Middleware(r)))
	for name := range failures {
		s.AddTool(mcpgomcp.NewTool(name), func(context.Context, mcpgomcp.CallToolRequest) (*mcpgomcp.CallToolResult, error) {
			return nil, fail(name)
		})
	}
	s.AddTool(mcpgomcp.NewTool("signup", mcpgo.WithInputSchema[parity.Signup]()), mcpgo.Handler(func(context.Context, mcpgomcp.CallToolRequest, parity.Signup) (*mcpgomcp.CallToolResult, error) {
		return mcpgomcp.NewToolResultText("created"), nil
	}))
	return connectMCPGo(t, s)
}

// connectMCPGo returns an initialised in-process mcp-go client of s.
func connectMCPGo(t *testing.T, s *server.MCPServer) *client.Client {
	t.Helper()
	c, err := client.NewInProcessClient(s)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	if err := c.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	var init mcpgomcp.InitializeRequest
	init.Params.ProtocolVersion = mcpgomcp.LATEST_LEGACY_PROTOCOL_VERSION
	init.Params.ClientInfo = mcpgomcp.Implementation{Name: "parity", Version: "0"}
	if _, err := c.Initialize(context.Background(), init); err != nil {
		t.Fatal(err)
	}
	return c
}

// TestSameResultOnBothSDKs: every call gives the same result on both
// SDKs, in every dialect: what a go-sdk client receives from
// gosdk.Middleware is, as JSON, what an mcp-go client receives from
// mcpgo.Middleware (content, structuredContent, isError),
// and both decode to the same model.
func TestSameResultOnBothSDKs(t *testing.T) {
	for _, name := range render.Names() {
		r := render.NewRenderer(fixedClock(name), render.WithLogger(slog.New(slog.DiscardHandler)))
		sdk, mgo := goSDKServer(t, r), mcpGoServer(t, r)
		for _, c := range calls {
			got, want := callBoth(t, sdk, mgo, c.tool, c.args)
			if g, w := wire(t, got), wire(t, want); g != w {
				t.Errorf("%s %s %v:\ngo-sdk %s\nmcp-go %s", name, c.tool, c.args, g, w)
			}
			ge, gd := gosdk.Decode(got)
			we, wd := mcpgo.Decode(want)
			if c.tool == "db.query" && (ge == nil || ge.Recovery != codes.InternalRecovery) {
				t.Errorf("%s %s: %+v, want the unclassified error with codes.InternalRecovery", name, c.tool, ge)
			}
			if g, w := modelJSON(ge), modelJSON(we); gd != wd || gd != name || g != w {
				t.Errorf("%s %s: decoded\ngo-sdk %s %s\nmcp-go %s %s", name, c.tool, gd, g, wd, w)
			}
		}
	}
}

// fixedClock returns the named dialect, the envelope with a fixed clock:
// two renderings of one error must not show two timestamps.
func fixedClock(name string) render.Dialect {
	if name == "envelope" {
		return render.Envelope{Now: func() time.Time { return time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC) }}
	}
	d, _ := render.ByName(name)
	return d
}

// callBoth calls tool with args on both servers and fails t on a protocol
// error.
func callBoth(t *testing.T, sdk *mcp.ClientSession, mgo *client.Client, tool string, args map[string]any) (*mcp.CallToolResult, *mcpgomcp.CallToolResult) {
	t.Helper()
	got, err := sdk.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s: go-sdk: %v", tool, err)
	}
	var req mcpgomcp.CallToolRequest
	req.Params.Name, req.Params.Arguments = tool, args
	want, err := mgo.CallTool(context.Background(), req)
	if err != nil {
		t.Fatalf("%s: mcp-go: %v", tool, err)
	}
	return got, want
}

// wire is res's JSON with the members of every object in key order (a
// go-sdk client decodes structuredContent into maps), without what go-sdk adds for clients of the newest
// protocol revision (_meta naming its server, resultType).
func wire(t *testing.T, res any) string {
	t.Helper()
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	delete(m, "_meta")
	delete(m, "resultType")
	b, _ = json.Marshal(m)
	return string(b)
}

func modelJSON(e *errorx.Error) string {
	b, _ := json.Marshal(e)
	return string(b)
}
