package render_test

import (
	"fmt"
	"log/slog"
	"os"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/render"
)

func ExampleNewRenderer() {
	// The server's error policy, configured once: the dialect, and a logger
	// for panics (standard error: standard output is a stdio server's
	// protocol stream).
	r := render.NewRenderer(render.XML{},
		render.WithLogger(slog.New(slog.NewTextHandler(os.Stderr, nil))),
	)

	res := r.Render(errorx.NotFound("Project 'proj_xyz' does not exist.").
		WithRecovery("Call projects.list first to get valid IDs, then retry.").
		WithActions("projects.list"))
	fmt.Println(res.IsError)
	fmt.Println(res.Content[0].Text)
	// Output:
	// true
	// <tool_error code="NOT_FOUND">
	// <message>Project 'proj_xyz' does not exist.</message>
	// <recovery>Call projects.list first to get valid IDs, then retry.</recovery>
	// <available_actions>
	//   <action>projects.list</action>
	// </available_actions>
	// </tool_error>
}
