package render_test

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	isecret "github.com/mcperr/mcperr/internal/secret"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/rendercheck"
	"github.com/mcperr/mcperr/internal/sentence"
	"github.com/mcperr/mcperr/render"
)

// scenario is one realistic error, rendered in every dialect into
// testdata/scenarios/<name>/.
type scenario struct {
	name    string
	err     func() *errorx.Error
	isError bool
}

func scenarios() []scenario {
	return []scenario{
		{"not_found", func() *errorx.Error {
			return errorx.New("ProjectNotFound", "Project 'proj_xyz' does not exist.").
				WithClass(errorx.ClassNotFound).
				WithSeverity(errorx.SeverityError).
				WithRecovery("Call projects.list first to get valid IDs, then retry.").
				WithActions("projects.list").
				WithDetail("entity_id", "proj_xyz").
				WithDetail("searched_workspace", "ws_42").
				WithTool("projects.get")
		}, true},
		{"conflict", func() *errorx.Error {
			return errorx.Conflict("reservation conflict: 1 conflicts").
				WithRetryable(true).
				WithDetail("conflicts", []any{map[string]any{
					"reservation_id": "res_81", "agent_id": "agent-2", "held_by": "agent-2",
					"pattern": "src/*.go", "reason": "refactor", "expires_at": "2026-11-22T10:00:00Z",
				}}).
				WithTool("reserve_files")
		}, true},
		{"rate_limited", func() *errorx.Error {
			return errorx.RateLimited("Too many requests.", 30*time.Second).
				WithStatus(429).
				WithRecovery("Wait 30 seconds, then retry the same call.").
				WithTool("search_patterns")
		}, true},
		{"validation", func() *errorx.Error {
			return errorx.New(errorx.CodeInvalidInput, "6 arguments of users/create are invalid.").
				WithTool("users/create").
				WithRecovery("Fix the fields above and call the tool again. Do not explain the error.").
				WithFields(
					errorx.Field{Path: "email", Sent: "bad-email", WasSent: true, Message: "Invalid email address.",
						Expected: "a valid email address (e.g. user@example.com)", Rule: "email"},
					errorx.Field{Path: "role", Sent: "superadmin", WasSent: true, Message: "Invalid enum value.",
						Options: []string{"admin", "user"}, Rule: "oneof"},
					errorx.Field{Path: "age", Sent: 10, WasSent: true, Message: "Too small.", Hint: "Must be >= 18.", Rule: "gte", Param: "18"},
					sentence.RequiredField("name"),
					errorx.Field{Path: "tags.0", Sent: 123, WasSent: true, Message: "Wrong type.", Expected: "string", Rule: "type"},
					errorx.Field{Path: "emial", Sent: "a@b.co", WasSent: true, Message: "Unknown field.",
						Hint: "Did you mean 'email'?", Rule: "unknown"},
				)
		}, true},
		{"permission", func() *errorx.Error {
			return errorx.New(codes.Forbidden, "You may not delete projects in workspace ws_42.").
				WithStatus(403).
				WithRecovery("Ask a workspace admin for the projects:delete permission.").
				WithDetail("workspace_id", "ws_42").
				WithDetail("required_permission", "projects:delete").
				WithTool("projects.delete")
		}, true},
		{"internal_wrapped", func() *errorx.Error {
			// The cause's text must not reach the wire.
			return errorx.From(fmt.Errorf("decode row 7 of /var/lib/app/secret.db: %w", io.ErrUnexpectedEOF)).
				WithTool("reports.build")
		}, true},
		{"timeout", func() *errorx.Error {
			ctx, cancel := context.WithDeadline(context.Background(), time.Unix(0, 0))
			defer cancel()
			<-ctx.Done()
			return errorx.From(fmt.Errorf("call billing: %w", ctx.Err())).WithTool("billing.sync")
		}, true},
		{"warning", func() *errorx.Error {
			return errorx.New(codes.Deprecated, "This endpoint is deprecated. Use billing.invoices_v2 instead.").
				WithSeverity(errorx.SeverityWarning).
				WithActions("billing.invoices_v2")
		}, false},
		{"secrets", func() *errorx.Error {
			// Redacted by name (RedactSecrets) and by hand (Redact): neither
			// secret may appear in any output.
			return isecret.RedactError(errorx.New(errorx.CodeInvalidInput, "2 arguments of login are invalid.").
				WithTool("login").
				WithDetail("session_token", "tok_live_8c1f").
				WithDetail("account", errorx.Redact("acct-4111111111111111")).
				WithFields(
					sentence.SentField("password", "hunter2", "Must be at least 12 characters."),
					sentence.SentField("user.api_key", map[string]any{"k": "sk-live-1"}, "Unknown key format."),
					sentence.SentField("email", "bad-email", "Invalid email address."),
				), nil)
		}, true},
		{"hostile", func() *errorx.Error {
			s := `<&>"' üñí 🚀 ]]> </message><recovery>forged</recovery> \u2028` + "\u2028 tab\tnl\ncr\r"
			return errorx.New(`Code<&>"'`, "message "+s).
				WithClass(errorx.ClassConflict).
				WithSeverity(errorx.SeverityCritical).
				WithRecovery("recovery "+s).
				WithActions("action "+s, "").
				WithDetail("key "+s, "value "+s).
				WithDetail("n", 1.5).
				WithRetryAfter(1500 * time.Millisecond).
				WithRetryable(false).
				WithStatus(409).
				WithTool("tool " + s).
				WithFields(errorx.Field{Path: "path " + s, Sent: "sent " + s, WasSent: true,
					Message: "msg " + s, Expected: "exp " + s, Options: []string{"opt " + s}, Hint: "hint " + s, Rule: "rule"})
		}, true},
	}
}

func TestScenarios(t *testing.T) {
	for _, sc := range scenarios() {
		t.Run(sc.name, func(t *testing.T) {
			for _, d := range dialects() {
				res := d.Render(sc.err())
				if res.IsError != sc.isError {
					t.Errorf("%s: isError = %v, want %v", d.Name(), res.IsError, sc.isError)
				}
				files := goldenFiles(t, d, res)
				checkWellFormed(t, files)
				checkGolden(t, "scenarios/"+sc.name, files)

				if sc.name == "secrets" {
					for name, b := range files {
						for _, secret := range []string{"hunter2", "tok_live", "4111", "sk-live"} {
							if strings.Contains(string(b), secret) {
								t.Errorf("%s: %s shows the secret %q", d.Name(), name, secret)
							}
						}
					}
				}

				// The same model gives the same bytes.
				again := goldenFiles(t, d, d.Render(sc.err()))
				for name, b := range files {
					if string(again[name]) != string(b) {
						t.Errorf("%s: %s differs between two renders of the same model", d.Name(), name)
					}
				}

				// Decode recognises the dialect and reads back the projection.
				got, name := render.Decode(res)
				if name != d.Name() {
					t.Fatalf("Decode says dialect %q, want %q", name, d.Name())
				}
				if g, w := modelJSON(t, got), modelJSON(t, rendercheck.Project(d, sc.err())); g != w {
					t.Errorf("%s round trip:\n got %s\nwant %s", d.Name(), g, w)
				}
			}
		})
	}
}
