package errorx_test

import (
	"bytes"
	"errors"
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/errtext"
	"github.com/mcperr/mcperr/internal/sentence"
)

// logJSON logs v under the key "err" with slog's JSON handler and returns
// the line without the time and level.
func logJSON(v any) string {
	var b bytes.Buffer
	h := slog.NewJSONHandler(&b, &slog.HandlerOptions{ReplaceAttr: dropTimeAndLevel})
	slog.New(h).Info("tool failed", "err", v)
	return strings.TrimSpace(b.String())
}

func dropTimeAndLevel(groups []string, a slog.Attr) slog.Attr {
	if len(groups) == 0 && (a.Key == slog.TimeKey || a.Key == slog.LevelKey) {
		return slog.Attr{}
	}
	return a
}

func TestLogValue(t *testing.T) {
	cause := errors.New("dial tcp 10.0.0.7:5432: connection refused")
	tests := []struct {
		name string
		err  *errorx.Error
		want string
	}{
		{
			name: "everything set",
			err: errorx.Wrap(cause, "RATE_LIMITED", "Too many requests.").
				WithSeverity(errorx.SeverityError).WithTool("search").WithStatus(429).
				WithRetryAfter(1500 * time.Millisecond),
			want: `{"msg":"tool failed","err":{"code":"RATE_LIMITED","class":"TRANSIENT","severity":"error",` +
				`"message":"Too many requests.","tool":"search","status":429,"retry_after":1500000000,` +
				`"cause":"dial tcp 10.0.0.7:5432: connection refused"}}`,
		},
		{
			name: "only a message: the class is derived",
			err:  &errorx.Error{Message: "boom"},
			want: `{"msg":"tool failed","err":{"class":"INTERNAL","message":"boom"}}`,
		},
		{
			name: "fields log their paths, never what was sent",
			err: errorx.New("VALIDATION_ERROR", "2 invalid fields.").WithFields(
				sentence.SentField("password", "hunter2", "Too short."),
				sentence.RequiredField("email")),
			want: `{"msg":"tool failed","err":{"code":"VALIDATION_ERROR","class":"VALIDATION",` +
				`"message":"2 invalid fields.","fields":["password","email"]}}`,
		},
		{
			name: "details are not logged",
			err:  errorx.New("NOT_FOUND", "No such project.").WithDetail("api_key", "sk-live-123"),
			want: `{"msg":"tool failed","err":{"code":"NOT_FOUND","class":"NOT_FOUND","message":"No such project."}}`,
		},
		{
			name: "nil",
			err:  nil,
			want: `{"msg":"tool failed","err":"<nil>"}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := logJSON(tt.err); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

// An *Error inside an ordinary error chain logs as that chain's text: slog
// resolves LogValuer only on the value it is given.
func TestLogValueWrapped(t *testing.T) {
	err := errors.Join(errorx.New("NOT_FOUND", "No such project."))
	if got, want := logJSON(err), `{"msg":"tool failed","err":"NOT_FOUND: No such project."}`; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func ExampleError_LogValue() {
	h := slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: dropTimeAndLevel})
	e := errorx.New("RATE_LIMITED", "Too many requests.").
		WithTool("search").
		WithRetryAfter(30 * time.Second)
	slog.New(h).Warn("tool failed", "err", e)
	// Output:
	// msg="tool failed" err.code=RATE_LIMITED err.class=TRANSIENT err.message="Too many requests." err.tool=search err.retry_after=30s
}

// TestLogRedactsCredentials: an *Error's record and Text mask the
// credentials a text spells out, as RedactSecrets masks a string, before
// cutting it: a handler's message, code, tool, paths and cause may carry
// what a caller sent, and logs keep them.
func TestLogRedactsCredentials(t *testing.T) {
	e := errorx.Wrap(errors.New("dial postgres://app:s3cret@db/app"), "E token=s3cret", "Login failed for password=s3cret.").
		WithTool("t --api-key s3cret").WithFields(sentence.SentField("x Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.s3cret", 1, "Bad."))
	got := logJSON(e)
	if strings.Contains(got, "s3cret") || !strings.Contains(got, "password=[redacted]") || !strings.Contains(got, "postgres://app:[redacted]@db/app") {
		t.Errorf("LogValue: %s", got)
	}
	long := strings.Repeat("x", errtext.MaxLogText-10) + " password=s3cret" + strings.Repeat("y", 100)
	for _, err := range []error{errors.New("token=s3cret"), errors.New(long)} {
		if got := errtext.Text(err, 0); strings.Contains(got, "s3cret") || len(got) > errtext.MaxLogText+64 {
			t.Errorf("Text: %q", got)
		}
	}
}
