package validation_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/mcperr/mcperr/mcpgo"
	"github.com/mcperr/mcperr/render"
	"github.com/mcperr/mcperr/validation"
)

// A tool wrapped with Handler under the render middleware, called through
// mcp-go's JSON-RPC entry point: the wire's raw arguments are bound, and the
// agent gets a rendered validation error, not a JSON-RPC error.
func TestHandlerUnderRenderMiddleware(t *testing.T) {
	r := render.NewRenderer(render.XML{})
	s := server.NewMCPServer("users", "1.0.0", server.WithToolHandlerMiddleware(mcpgo.Middleware(r)))
	s.AddTool(mcp.NewTool("users/create"), validation.Handler(
		func(ctx context.Context, req mcp.CallToolRequest, args CreateUser) (*mcp.CallToolResult, error) {
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
	if e, dialect := mcpgo.Decode(bad); dialect != render.NameXML || e.Tool != "users/create" || len(e.Fields) != 3 ||
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
		{"bad tag", `{"v":"x"}`, "no_such_tag", validation.Handler(func(ctx context.Context, req mcp.CallToolRequest, args badTag) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultText("unreachable"), nil
		})},
		{"embedded pointer to unexported struct", `{"x":1}`, "unexported struct", validation.Handler(func(ctx context.Context, req mcp.CallToolRequest, args embedsUnexported) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultText("unreachable"), nil
		})},
	} {
		var log strings.Builder
		r := render.NewRenderer(render.Interbase{}, render.WithLogger(slog.New(slog.NewTextHandler(&log, nil))))
		res, err := mcpgo.Middleware(r)(c.h)(context.Background(), request("t", c.args))
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
