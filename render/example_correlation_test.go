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
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/render"
)

func ExampleWithCorrelationID() {
	// Log lines as JSON, without the time, so that the output is stable.
	dropTime := func(groups []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey {
			return slog.Attr{}
		}
		return a
	}
	logger := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: dropTime}))
	r := render.NewRenderer(render.Contract{}, render.WithLogger(logger), render.WithCorrelationID(nil))

	// The request's id, set by the server's transport middleware, say.
	ctx := render.ContextWithCorrelationID(context.Background(), "req-7f3a")
	res, _ := r.HandleError(ctx, &render.Call{Tool: "db.query"}, errors.New("pq: connection refused by 10.0.0.5"))
	fmt.Println(res.Content[0].Text)
	// Output:
	// {"level":"ERROR","msg":"mcperr: tool failed with an unclassified error","tool":"db.query","error":"pq: connection refused by 10.0.0.5","correlation_id":"req-7f3a"}
	// {"code":"INTERNAL_ERROR","message":"Internal server error (ref req-7f3a).","details":{"correlation_id":"req-7f3a","recovery":"Do not retry the same call. Try another approach, or report the problem.","tool":"db.query"},"recoverable":false}
}

func ExampleWithToolFailure() {
	r := render.NewRenderer(render.XML{}, render.WithToolFailure(render.ToolFailureKey))
	ctx := render.ContextWithCorrelationID(context.Background(), "req-9")
	res := r.RenderCall(ctx, &render.Call{Tool: "search"}, errorx.New(codes.Forbidden, "Only admins may search the audit log.").
		WithRecovery("Ask an administrator to run the search."))
	block, _ := json.MarshalIndent(res.Meta[render.ToolFailureKey], "", "  ")
	fmt.Println(string(block))

	// A client reads it back whatever the dialect.
	f, _ := render.ReadToolFailure(res)
	fmt.Println(f.Class, f.Code)
	// Output:
	// {
	//   "class": "governance",
	//   "code": "permission_denied",
	//   "correlationId": "req-9",
	//   "agentGuidance": "Ask an administrator to run the search."
	// }
	// governance permission_denied
}

func ExampleNewToolFailure() {
	at := time.Date(2026, 7, 28, 12, 0, 0, 0, time.UTC)
	e := errorx.New(errorx.CodeRateLimited, "Too many searches.").WithRetryAfter(2 * time.Second)
	f := render.NewToolFailure(e, "req-1", at)
	fmt.Println(f.Class, f.Code, f.Retryable, f.RetryNotBefore-at.UnixMilli())
	// Output:
	// reliability retryable_transient_error true 2000
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
