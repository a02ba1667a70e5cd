package render_test

import (
	"fmt"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/format"
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
	res := render.ToolError{Mode: format.JSON}.Render(errorx.New("NETWORK_ERROR", "Network error: Request timeout"))
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
	// A result from any server, in any dialect.
	res := errorResult(`<tool_error code="RATE_LIMITED" severity="error">
<message>Too many requests.</message>
<retry_after>30 seconds</retry_after>
</tool_error>`)
	e, dialect := render.Decode(res)
	fmt.Println(dialect, e.Code, e.EffectiveClass(), e.RetryAfter, e.IsRetryable())
	// Output: xml RATE_LIMITED TRANSIENT 30s true
}

func ExampleReadFusionField() {
	f := render.ReadFusionField("age", "Number must be greater than or equal to 18 You sent: 10. Must be >= 18.")
	fmt.Printf("%s | %v | %s\n", f.Message, f.Sent, f.Hint)
	f = render.ReadFusionField("tags", "Expected string, received array You sent: array(3). Expected type: string.")
	fmt.Printf("%s | %v (%T) | %s\n", f.Message, f.Sent, f.Sent, f.Hint)
	// Output:
	// Number must be greater than or equal to 18 | 10 | Must be >= 18.
	// Expected string, received array | array(3) (render.SentText) | Expected type: string.
}
