package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/render"
)

const tourCode = `	return nil, errorx.New("ProjectNotFound", "Project 'proj_xyz' does not exist.").
		WithClass(errorx.ClassNotFound).
		WithSeverity(errorx.SeverityError).
		WithRecovery("Call projects.list first to get valid IDs, then retry.").
		WithActions("projects.list").
		WithDetail("entity_id", "proj_xyz").
		WithDetail("searched_workspace", "ws_42")`

// tourError is the error tourCode builds, for the tool projects.get.
func tourError() *errorx.Error {
	return errorx.New("ProjectNotFound", "Project 'proj_xyz' does not exist.").
		WithClass(errorx.ClassNotFound).
		WithSeverity(errorx.SeverityError).
		WithRecovery("Call projects.list first to get valid IDs, then retry.").
		WithActions("projects.list").
		WithDetail("entity_id", "proj_xyz").
		WithDetail("searched_workspace", "ws_42").
		WithTool("projects.get")
}

func tourCmd(args []string, out *bufio.Writer, stderr io.Writer) error {
	if err := parseFlags(flag.NewFlagSet("tour", flag.ContinueOnError), tourUsage, args, stderr); err != nil {
		return err
	}
	e := tourError()
	model, _ := json.Marshal(e)
	fmt.Fprintf(out, `mcperr tour: one tool error, five wire dialects.

The handler of the MCP tool projects.get returns:

%s

The server renders it in the dialect it chose once, on either Go SDK:

  r := render.NewRenderer(render.XML{})
  server.WithToolHandlerMiddleware(mcpgo.Middleware(r)) // mark3labs/mcp-go
  s.AddReceivingMiddleware(gosdk.Middleware(r))          // the official Go SDK

The model's JSON form (what "mcperr render" reads):

%s
`, tourCode, model)
	ds := []render.Dialect{
		render.Interbase{},
		render.ToolError{Mode: render.ModeBoth},
		render.XML{},
		render.Contract{},
		render.Envelope{Now: func() time.Time { return time.Now().Truncate(time.Second) }},
	}
	for _, d := range ds {
		res := d.Render(e)
		title := d.Name()
		if t, ok := d.(render.ToolError); ok {
			title += ", format=" + t.Mode.String()
		}
		fmt.Fprintf(out, "\n== %s (isError: %v) ==\n", title, res.IsError)
		for i, c := range res.Content {
			if len(res.Content) > 1 {
				fmt.Fprintf(out, "-- content[%d] --\n", i)
			}
			fmt.Fprintf(out, "%s\n", c.Text)
		}
		if res.StructuredContent != nil {
			b, _ := json.Marshal(res.StructuredContent)
			fmt.Fprintf(out, "-- structuredContent --\n%s\n", b)
		}
		back, name := render.Decode(res)
		if name != d.Name() || back.Code != e.Code {
			return fmt.Errorf("internal error: the %s result did not decode back", d.Name())
		}
	}
	fmt.Fprintf(out, `
Every dialect decodes back into the same model (render.Decode; mcpgo.Decode
and gosdk.Decode for each SDK's results). Try:

  echo '{"code":"NOT_FOUND","message":"x"}' | go run ./cmd/mcperr render -dialect xml
  echo '{"code":"NOT_FOUND","message":"x"}' | go run ./cmd/mcperr render -dialect toolerror -format both | go run ./cmd/mcperr parse
`)
	return nil
}
