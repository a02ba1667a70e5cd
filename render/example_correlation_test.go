package render_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/render"
)

// requestIDKey is a server's context key of its request ids.
type requestIDKey struct{}

func ExampleWithCorrelationID() {
	// Log lines as JSON, without the time, so that the output is stable.
	dropTime := func(groups []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey {
			return slog.Attr{}
		}
		return a
	}
	logger := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: dropTime}))
	// The request's id, set by the server's transport middleware, say,
	// under its own context key; the Renderer reads it with requestID.
	requestID := func(ctx context.Context) string { id, _ := ctx.Value(requestIDKey{}).(string); return id }
	r := render.NewRenderer(render.Contract{}, render.WithLogger(logger), render.WithCorrelationID(requestID))
	ctx := context.WithValue(context.Background(), requestIDKey{}, "req-7f3a")
	res, _ := r.HandleError(ctx, &render.Call{Tool: "db.query"}, errors.New("pq: connection refused by 10.0.0.5"))
	fmt.Println(res.Content[0].Text)
	// Output:
	// {"level":"ERROR","msg":"mcperr: tool failed with an unclassified error","tool":"db.query","error":"pq: connection refused by 10.0.0.5","correlation_id":"req-7f3a"}
	// {"code":"INTERNAL_ERROR","message":"Internal server error (ref req-7f3a).","details":{"correlation_id":"req-7f3a","recovery":"Do not retry the same call. Try another approach, or report the problem.","tool":"db.query"},"recoverable":false}
}

func ExampleWithToolFailure() {
	requestID := func(context.Context) string { return "req-9" } // the server's own source
	r := render.NewRenderer(render.XML{}, render.WithToolFailure("io.modelcontextprotocol/toolFailure"),
		render.WithCorrelationID(requestID))
	res := r.RenderCall(context.Background(), &render.Call{Tool: "search"}, errorx.New("FORBIDDEN", "Only admins may search the audit log.").
		WithRecovery("Ask an administrator to run the search."))
	block, _ := json.MarshalIndent(res.Meta["io.modelcontextprotocol/toolFailure"], "", "  ")
	fmt.Println(string(block))
	// Output:
	// {
	//   "class": "governance",
	//   "code": "permission_denied",
	//   "correlationId": "req-9",
	//   "agentGuidance": "Ask an administrator to run the search."
	// }
}

func ExampleIdempotent() {
	// A tool that fails twice with a reliability failure, then succeeds.
	r := render.NewRenderer(render.Interbase{}, render.WithToolFailure(""))
	calls := 0
	attempt := func(context.Context) (string, *render.Result, error) {
		calls++
		if calls < 3 {
			return "", r.Render(errorx.Transient("The index is rebuilding.")), nil
		}
		return "found 3", &render.Result{Content: []render.Text{{Text: "found 3"}}}, nil
	}
	p := render.RetryPolicy{InitialDelay: time.Millisecond}

	// Not known to be safe to repeat: the draft's rules make one call.
	_, err := render.Retry(context.Background(), p, "search", attempt)
	fmt.Println(calls, err)

	// The tool's annotations say it is idempotent: retried.
	calls = 0
	got, err := render.Retry(context.Background(), p, "search", attempt, render.Idempotent(true))
	fmt.Println(calls, got, err)
	// Output:
	// 1 TRANSIENT: The index is rebuilding.
	// 3 found 3 <nil>
}
