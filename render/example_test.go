package render_test

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/format"
	"github.com/mcperr/mcperr/render"
)

func ExampleXML() {
	e := errorx.New("ProjectNotFound", "Project 'proj_xyz' does not exist.").
		WithSeverity(errorx.SeverityError).
		WithRecovery("Call projects.list first to get valid IDs, then retry.").
		WithActions("projects.list")
	res := render.XML{}.Render(e)
	fmt.Println(res.IsError)
	fmt.Println(res.Content[0].Text)
	// Output:
	// true
	// <tool_error code="ProjectNotFound" severity="error">
	// <message>Project 'proj_xyz' does not exist.</message>
	// <recovery>Call projects.list first to get valid IDs, then retry.</recovery>
	// <available_actions>
	//   <action>projects.list</action>
	// </available_actions>
	// </tool_error>
}

func ExampleInterbase() {
	res := render.Interbase{}.Render(errorx.Transient("rate limited").WithRetryAfter(30e9))
	fmt.Println(res.Content[0].Text)
	// Output: {"type":"TRANSIENT","message":"rate limited","recoverable":true,"data":{"retry_after":30}}
}

func ExampleToolError() {
	res := render.ToolError{Mode: render.ModeJSON}.Render(errorx.New("NETWORK_ERROR", "Network error: Request timeout"))
	fmt.Println(res.Content[0].Text)
	// Output:
	// {
	//   "kind": "toolError:v1",
	//   "code": "NETWORK_ERROR",
	//   "message": "Network error: Request timeout",
	//   "retryable": true,
	//   "details": {}
	// }
}

func ExampleDecode() {
	// A tool result from any server, in any dialect, as a client received
	// it.
	var res render.Result
	_ = json.Unmarshal([]byte(`{"content":[{"type":"text","text":"<tool_error code=\"RATE_LIMITED\" severity=\"error\">\n`+
		`<message>Too many requests.</message>\n<retry_after>30 seconds</retry_after>\n</tool_error>"}],"isError":true}`), &res)
	e, dialect := render.Decode(&res)
	fmt.Println(dialect, e.Code, e.EffectiveClass(), e.RetryAfter, e.IsRetryable())
	// Output: xml RATE_LIMITED TRANSIENT 30s true
}

func ExampleResult_MarshalJSON() {
	// A Result's JSON is the tools/call result as MCP writes it.
	res := render.Contract{}.Render(errorx.NotFound("No such <file>."))
	b, _ := json.Marshal(res)
	fmt.Println(string(b))
	// Output: {"content":[{"type":"text","text":"{\"code\":\"NOT_FOUND\",\"message\":\"No such \u003cfile\u003e.\",\"recoverable\":false}"}],"isError":true}
}

func ExampleRenderer_RenderCall() {
	// A handler that builds its own result gets the policy of the
	// middleware: here, the tool named in the error.
	r := render.NewRenderer(render.ToolError{Mode: render.ModeJSON})
	call := &render.Call{Tool: "files.reserve", Arguments: json.RawMessage(`{"pattern":"src/*.go"}`)}
	res := r.RenderCall(context.Background(), call, errorx.Conflict("The file is reserved by agent-2."))
	fmt.Println(res.Content[0].Text)
	// Output:
	// {
	//   "kind": "toolError:v1",
	//   "code": "CLIENT_ERROR",
	//   "message": "The file is reserved by agent-2.",
	//   "retryable": false,
	//   "details": {
	//     "code": "CONFLICT",
	//     "tool": "files.reserve"
	//   }
	// }
}

func ExampleRetry() {
	// The retry loop of a client of any SDK: attempt makes one call and
	// returns the SDK's result and the same result as a Result.
	calls := 0
	attempt := func(context.Context) (string, *render.Result, error) {
		calls++
		if calls == 1 {
			return "busy", render.Contract{}.Render(errorx.RateLimited("Slow down.", time.Millisecond)), nil
		}
		return "done", &render.Result{Content: []render.Text{{Text: "done"}}}, nil
	}
	got, err := render.Retry(context.Background(), render.RetryPolicy{}, "reports.build", attempt)
	fmt.Println(got, err, calls)
	// Output: done <nil> 2
}

// searchTools is a server's tools as an adapter shows them to the
// Renderer: search's inputSchema lists the per-call format argument.
type searchTools struct{}

func (searchTools) DeclaresOutputSchema(context.Context, string) bool { return false }

func (searchTools) InputSchema(_ context.Context, name string) json.RawMessage {
	if name != "search" {
		return nil
	}
	return json.RawMessage(`{"type":"object","properties":{"query":{"type":"string"},"format":` + format.ArgumentSchema + `}}`)
}

func ExampleWithFormatArgument() {
	// The server lets each call pick toolError:v1's blocks. Its tools'
	// schemas list the argument (validation.WithFormatArgument("format")
	// writes it), and the Renderer reads it only from calls of tools that do.
	r := render.NewRenderer(render.ToolError{}, render.WithFormatArgument("format"))
	fmt.Println(r.FormatArgument())
	call := &render.Call{Tool: "search", Arguments: json.RawMessage(`{"query":"q","format":"json"}`), Tools: searchTools{}}
	res := r.RenderCall(context.Background(), call, errorx.Transient("The index is rebuilding."))
	fmt.Println(res.Content[0].Text[:1])
	// Output:
	// format
	// {
}
