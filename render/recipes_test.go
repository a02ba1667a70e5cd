package render_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/render"
)

// agentDecision is the interbase document's agent-side switch, written
// against the decoded model instead of interbase's JSON: every dialect must
// lead an agent to the same decision.
func agentDecision(e *errorx.Error) string {
	if e == nil {
		return "success"
	}
	switch e.EffectiveClass() {
	case errorx.ClassTransient:
		delay := e.RetryAfter
		if delay == 0 {
			delay, _ = render.RetryPolicy{}.Next(e, 1)
		}
		return fmt.Sprintf("retry after %v (max 3 attempts)", delay)
	case errorx.ClassValidation:
		return "fix input and retry once"
	case errorx.ClassNotFound:
		return "skip this resource, try alternatives"
	case errorx.ClassConflict:
		if hasDetail(e.Details, "conflicts") {
			return "negotiate release with holder"
		}
		return "wait and retry"
	case errorx.ClassPermission:
		return "escalate to user"
	}
	return "log and give up"
}

// TestRecipeInterbaseAgentSwitch runs the interbase document's agent-side
// parsing recipe on every scenario decoded from every dialect.
func TestRecipeInterbaseAgentSwitch(t *testing.T) {
	want := map[string]string{
		"not_found":        "skip this resource, try alternatives",
		"conflict":         "negotiate release with holder",
		"rate_limited":     "retry after 30s (max 3 attempts)",
		"validation":       "fix input and retry once",
		"permission":       "escalate to user",
		"internal_wrapped": "log and give up",
		"timeout":          "retry after 1s (max 3 attempts)",
		"warning":          "skip this resource, try alternatives",
		"hostile":          "wait and retry",
		"secrets":          "fix input and retry once",
	}
	for _, sc := range scenarios() {
		for _, d := range dialects() {
			e, _ := render.Decode(d.Render(sc.err()))
			if got := agentDecision(e); got != want[sc.name] {
				t.Errorf("%s in %s: %q, want %q", sc.name, d.Name(), got, want[sc.name])
			}
		}
	}
	// "ELSE: legacy unstructured error — treat as INTERNAL: LOG and GIVE UP".
	e, dialect := render.Decode(errorResult("check conflicts: intermute 500: internal error"))
	if dialect != "plain" || agentDecision(e) != "log and give up" || e.Message != "check conflicts: intermute 500: internal error" {
		t.Errorf("legacy text: %s %q", dialect, agentDecision(e))
	}
}

// TestRecipeToolErrorClientGuideline follows the toolError:v1 document's
// guideline: parse the JSON content block and check kind (canonical), fall
// back to structuredContent, and in markdown mode expect no JSON block.
func TestRecipeToolErrorClientGuideline(t *testing.T) {
	e := errorx.New("SERVER_ERROR", "Internal server error: Database connection failed").WithStatus(500)
	for _, mode := range []render.Mode{render.ModeJSON, render.ModeBoth} {
		res := render.ToolError{Mode: mode}.Render(e)
		// "Find JSON content block": the last block parses as toolError:v1.
		var block map[string]any
		last := res.Content[len(res.Content)-1].Text
		if json.Unmarshal([]byte(last), &block) != nil || block["kind"] != "toolError:v1" || block["retryable"] != true {
			t.Errorf("%v: no toolError:v1 JSON block: %s", mode, last)
		}
		// The SDK may drop structuredContent: Decode still finds the block.
		res.StructuredContent = nil
		got, dialect := render.Decode(res)
		if dialect != "toolerror" || got.Code != "SERVER_ERROR" || got.Status != 500 || !got.IsRetryable() {
			t.Errorf("%v without structuredContent: %s %+v", mode, dialect, got)
		}
	}
	// Markdown mode: no block parses as toolError:v1; structuredContent is
	// the only structured signal.
	res := render.ToolError{}.Render(e)
	for _, c := range res.Content {
		var block map[string]any
		if json.Unmarshal([]byte(c.Text), &block) == nil {
			t.Errorf("markdown mode has a JSON block")
		}
	}
	if got, _ := render.Decode(res); got.Code != "SERVER_ERROR" {
		t.Errorf("from structuredContent: %+v", got)
	}
	// And when that is dropped too, the markdown still gives the message.
	res.StructuredContent = nil
	if got, dialect := render.Decode(res); dialect != "toolerror" || got.Message != e.Message {
		t.Errorf("markdown only: %s %+v", dialect, got)
	}
}

// TestDecodeSuccessIsNoError: successful results whose text only looks like
// a dialect are not errors; warnings are read even without isError.
func TestDecodeSuccessIsNoError(t *testing.T) {
	for _, text := range []string{
		`{"code":"OK","message":"done","recoverable":false}`,
		`{"type":"report","message":"hi","recoverable":true}`,
		"**Error:** count of errors in the log: 0",
		"plain success",
	} {
		if e, d := render.Decode(successResult(text)); e != nil || d != "" {
			t.Errorf("%q decoded as %s %v", text, d, e)
		}
	}
	for _, d := range dialects() {
		res := d.Render(errorx.New(codes.Deprecated, "Use v2.").WithSeverity(errorx.SeverityWarning))
		if e, name := render.Decode(res); res.IsError || e == nil || name != d.Name() || e.Severity != errorx.SeverityWarning {
			t.Errorf("%s warning: isError %v, decoded %v as %q", d.Name(), res.IsError, e, name)
		}
	}
}
