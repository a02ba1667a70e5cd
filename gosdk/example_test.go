package gosdk_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/gosdk"
	"github.com/mcperr/mcperr/render"
)

// session connects a client to s in process, as a real host would over
// stdio.
func session(s *mcp.Server) *mcp.ClientSession {
	ct, st := mcp.NewInMemoryTransports()
	if _, err := s.Connect(context.Background(), st, nil); err != nil {
		panic(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "agent", Version: "0"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		panic(err)
	}
	return cs
}

func text(res *mcp.CallToolResult) string { return res.Content[0].(*mcp.TextContent).Text }

func ExampleMiddleware() {
	r := render.NewRenderer(render.XML{},
		render.WithLogger(slog.New(slog.NewTextHandler(os.Stderr, nil))), // panics go here
	)
	s := mcp.NewServer(&mcp.Implementation{Name: "app", Version: "1.0.0"}, nil)
	s.AddReceivingMiddleware(gosdk.Middleware(r)) // first: outermost

	// A raw handler's error: go-sdk alone would send a JSON-RPC error.
	s.AddTool(&mcp.Tool{Name: "projects.get", InputSchema: map[string]any{"type": "object"}},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, errorx.NotFound("Project 'proj_xyz' does not exist.").
				WithRecovery("Call projects.list first to get valid IDs, then retry.").
				WithActions("projects.list")
		})

	cs := session(s)
	res, _ := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "projects.get"})
	fmt.Println(res.IsError)
	fmt.Println(text(res))

	// A tool the server does not have: the specification's JSON-RPC
	// error, with a did-you-mean.
	_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "project.get"})
	var wire *jsonrpc.Error
	if errors.As(err, &wire) {
		fmt.Println(wire.Code, wire.Message)
	}
	// Output:
	// true
	// <tool_error code="NOT_FOUND" tool="projects.get">
	// <message>Project 'proj_xyz' does not exist.</message>
	// <recovery>Call projects.list first to get valid IDs, then retry.</recovery>
	// <available_actions>
	//   <action>projects.list</action>
	// </available_actions>
	// </tool_error>
	// -32602 The server has no tool named "project.get". Did you mean projects.get? List the tools again (tools/list) and call one of them by its exact name.
}

func ExampleAddTool() {
	type invite struct {
		Email string `json:"email" validate:"required,email"`
		Role  string `json:"role" validate:"required,oneof=admin member"`
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "app", Version: "1.0.0"}, nil)
	s.AddReceivingMiddleware(gosdk.Middleware(render.NewRenderer(render.Interbase{})))
	gosdk.AddTool(s, &mcp.Tool{Name: "members.invite"},
		func(_ context.Context, _ *mcp.CallToolRequest, in invite) (*mcp.CallToolResult, any, error) {
			return nil, map[string]string{"invited": in.Email}, nil
		})

	res, _ := session(s).CallTool(context.Background(), &mcp.CallToolParams{
		Name:      "members.invite",
		Arguments: map[string]any{"email": "ann-at-example.com", "rol": "admin"},
	})
	e, _ := gosdk.Decode(res)
	for _, f := range e.Fields {
		fmt.Println(f.Path+":", strings.TrimSpace(f.Message+" "+f.Hint))
	}
	// Output:
	// email: Invalid email address.
	// role: Required.
	// rol: Unknown field. Did you mean 'role'?
}

func ExampleCallWithRetry() {
	calls := 0
	s := mcp.NewServer(&mcp.Implementation{Name: "app", Version: "1.0.0"}, nil)
	s.AddReceivingMiddleware(gosdk.Middleware(render.NewRenderer(render.ToolError{})))
	s.AddTool(&mcp.Tool{Name: "search", InputSchema: map[string]any{"type": "object"}},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			if calls++; calls == 1 {
				return nil, errorx.RateLimited("Too many searches.", 10*time.Millisecond)
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "3 results"}}}, nil
		})

	res, err := gosdk.CallWithRetry(context.Background(), session(s),
		&mcp.CallToolParams{Name: "search", Arguments: map[string]any{"query": "mcp"}},
		render.RetryPolicy{})
	fmt.Println(text(res), err, calls)
	// Output:
	// 3 results <nil> 2
}

func ExampleDecode() {
	s := mcp.NewServer(&mcp.Implementation{Name: "app", Version: "1.0.0"}, nil)
	s.AddReceivingMiddleware(gosdk.Middleware(render.NewRenderer(render.Envelope{})))
	mcp.AddTool(s, &mcp.Tool{Name: "files.reserve"},
		func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, any, error) {
			return nil, nil, errorx.Conflict("src/*.go is reserved by another agent.").WithDetail("held_by", "agent-2")
		})

	res, _ := session(s).CallTool(context.Background(), &mcp.CallToolParams{Name: "files.reserve"})
	e, dialect := gosdk.Decode(res)
	held, _ := e.Details.Get("held_by")
	fmt.Println(dialect, e.Code, e.EffectiveClass(), held)
	// Output:
	// envelope CONFLICT CONFLICT agent-2
}

func ExampleRenderRequest() {
	r := render.NewRenderer(render.ToolError{})
	s := mcp.NewServer(&mcp.Implementation{Name: "app", Version: "1.0.0"}, nil)
	s.AddReceivingMiddleware(gosdk.Middleware(r))
	s.AddTool(&mcp.Tool{Name: "files.read", InputSchema: map[string]any{"type": "object"}},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			// A handler that builds its own result gets the same policy.
			return gosdk.RenderRequest(ctx, r, req, errorx.NotFound("No such file.")), nil
		})

	res, _ := session(s).CallTool(context.Background(), &mcp.CallToolParams{Name: "files.read"})
	fmt.Println(text(res))
	// Output:
	// **Error:** No such file.
	//
	// **Code:** NOT_FOUND (not retryable)
	//
	// **Details:** {"tool":"files.read"}
}

func ExampleFromResult() {
	rendered := render.NewRenderer(render.ToolError{}).Render(errorx.Permission("Read-only workspace."))
	res := gosdk.FromResult(rendered)
	// structuredContent keeps the dialect's bytes, in its key order.
	fmt.Println(res.IsError, string(res.StructuredContent.(json.RawMessage)))
	e, _ := gosdk.Decode(res)
	fmt.Println(errors.Is(e, errorx.Permission("")))
	// Output:
	// true {"kind":"toolError:v1","code":"AUTHENTICATION_ERROR","message":"Read-only workspace.","retryable":false,"details":{"code":"PERMISSION"}}
	// true
}

func Example_toolIdempotent() {
	calls := 0
	s := mcp.NewServer(&mcp.Implementation{Name: "app", Version: "1.0.0"}, nil)
	s.AddReceivingMiddleware(gosdk.Middleware(render.NewRenderer(render.Contract{}, render.WithToolFailure(""))))
	lookup := &mcp.Tool{Name: "lookup", InputSchema: map[string]any{"type": "object"},
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}
	s.AddTool(lookup, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if calls++; calls == 1 {
			return nil, errorx.Transient("The index is rebuilding.")
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "found"}}}, nil
	})

	// The result carries a ToolFailure block: a reliability failure is
	// retried only when the tool is safe to call again, as its
	// annotations say (read-only here).
	res, err := gosdk.CallWithRetry(context.Background(), session(s), &mcp.CallToolParams{Name: "lookup"},
		render.RetryPolicy{InitialDelay: time.Millisecond}, render.Idempotent(gosdk.ToolIdempotent(lookup)))
	fmt.Println(text(res), err, calls)
	// Output:
	// found <nil> 2
}
