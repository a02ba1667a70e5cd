package render_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/toolfailure"
	"github.com/mcperr/mcperr/render"
)

// TestToolFailureMapping: the table of NewToolFailure, from the model's
// classes, codes and statuses onto the draft's three classes and its codes.
func TestToolFailureMapping(t *testing.T) {
	at := time.UnixMilli(1_800_000_000_000)
	for _, c := range []struct {
		e         *errorx.Error
		class     string
		code      string
		retryable bool
	}{
		{errorx.Validation("Bad."), toolfailure.Capability, "invalid_input", false},
		{errorx.New(errorx.CodeInvalidInput, "Bad."), toolfailure.Capability, "invalid_input", false},
		{errorx.NotFound("Gone."), toolfailure.Capability, "resource_not_found", false},
		{errorx.New(codes.ResourceNotFound, "Gone."), toolfailure.Capability, "resource_not_found", false},
		{errorx.New(errorx.CodeUnknownTool, "No such tool."), toolfailure.Capability, "capability_unsupported", false},
		{errorx.New(codes.NotImplemented, "Later."), toolfailure.Capability, "capability_unsupported", false},
		{errorx.New(codes.Deprecated, "Gone for good."), toolfailure.Capability, "capability_unsupported", false},
		{errorx.New(errorx.CodeConflict, "Taken."), toolfailure.Capability, "conflict", false},
		{errorx.New(codes.Unauthorized, "Log in."), toolfailure.Governance, "auth_required", false},
		{errorx.New(codes.APIKeyInvalid, "Bad key."), toolfailure.Governance, "auth_required", false},
		{errorx.New("NO_TOKEN", "Log in.").WithStatus(401), toolfailure.Governance, "auth_required", false},
		{errorx.New(codes.Forbidden, "No."), toolfailure.Governance, "permission_denied", false},
		{errorx.New(errorx.CodePermission, "No."), toolfailure.Governance, "permission_denied", false},
		{errorx.New(codes.LimitReached, "Quota."), toolfailure.Governance, "policy_blocked", false},
		{errorx.Transient("Down."), toolfailure.Reliability, "retryable_transient_error", true},
		{errorx.New(errorx.CodeRateLimited, "Slow down."), toolfailure.Reliability, "retryable_transient_error", true},
		{errorx.New(errorx.CodeTimeout, "Slow."), toolfailure.Reliability, "retryable_transient_error", true},
		{errorx.Transient("Down.").WithRetryable(false), toolfailure.Reliability, "transient_error", false},
		{errorx.New(errorx.CodeInternalError, "Oops."), toolfailure.Reliability, "internal_error", false},
		{errorx.New(errorx.CodeInternalError, "Oops.").WithRetryable(true), toolfailure.Reliability, "internal_error", true},
		{errorx.New(codes.Cancelled, "Stopped."), toolfailure.Reliability, "cancelled", false},
		{errorx.New("ODD", "Odd.").WithStatus(503), toolfailure.Reliability, "retryable_transient_error", true},
	} {
		f := toolfailure.New(c.e, "id-1", at)
		assert.Equal(t, c.class, f.Class, c.e.Code)
		assert.Equal(t, c.code, f.Code, c.e.Code)
		assert.Equal(t, c.retryable, f.Retryable, c.e.Code)
		assert.Equal(t, "id-1", f.CorrelationID)
		assert.Zero(t, f.RetryNotBefore, "no RetryAfter, no retryNotBefore")
	}
	f := toolfailure.New(errorx.New(errorx.CodeRateLimited, "Slow down.").WithRetryAfter(2500*time.Millisecond).WithRecovery("Wait, then call again."), "x", at)
	assert.Equal(t, at.UnixMilli()+2500, f.RetryNotBefore)
	assert.Equal(t, "Wait, then call again.", f.AgentGuidance)
	f = toolfailure.New(errorx.NotFound("Gone.").WithRetryAfter(time.Second), "x", at)
	assert.Zero(t, f.RetryNotBefore, "only a retryable failure has a retryNotBefore")
}

// TestToolFailureBlock: WithToolFailure puts the block in an error result's
// _meta, under the vendor key unless the reserved one is asked for, keeps
// the dialect's text as it is, carries the correlation id the dialect
// carries, and writes none on a warning.
func TestToolFailureBlock(t *testing.T) {
	defer render.SetNow(func() time.Time { return time.UnixMilli(1_800_000_000_000) })()
	ctx := render.ContextWithCorrelationID(context.Background(), "c-9")
	e := errorx.New(errorx.CodeRateLimited, "Slow down.").WithRetryAfter(3 * time.Second).WithRecovery("Wait three seconds.")
	for _, d := range allDialects(t) {
		ids := render.WithCorrelationID(render.CorrelationIDFrom)
		plain := render.NewRenderer(d, ids).RenderCall(ctx, nil, e)
		r := render.NewRenderer(d, ids, render.WithToolFailure(""))
		res := r.RenderCall(ctx, nil, e)
		assert.Equal(t, plain.Content, res.Content, "%s: the dialect's text changed", d.Name())
		raw, err := json.Marshal(res)
		require.NoError(t, err)
		var w struct {
			Meta map[string]json.RawMessage `json:"_meta"`
		}
		require.NoError(t, json.Unmarshal(raw, &w))
		assert.JSONEq(t, `{"class":"reliability","code":"retryable_transient_error","retryable":true,
			"retryNotBefore":1800000003000,"correlationId":"c-9","agentGuidance":"Wait three seconds."}`,
			string(w.Meta[toolfailure.VendorKey]), d.Name())
		assert.NotContains(t, w.Meta, toolfailure.Key)

		res = render.NewRenderer(d, ids, render.WithToolFailure(toolfailure.Key)).RenderCall(ctx, nil, e)
		assert.Contains(t, res.Meta, toolfailure.Key)
		assert.NotContains(t, res.Meta, toolfailure.VendorKey)

		res = r.RenderCall(ctx, nil, errorx.NotFound("Gone.").WithSeverity(errorx.SeverityWarning))
		assert.Nil(t, res.Meta, "%s: a warning is no failure", d.Name())
	}

	// Both options: one id, in the dialect and in the block.
	r := render.NewRenderer(render.Envelope{}, render.WithToolFailure(""), render.WithCorrelationID(render.CorrelationIDFrom))
	res := r.Render(errorx.NotFound("Gone."))
	f, ok := toolfailure.Read((res).Meta)
	require.True(t, ok)
	require.Regexp(t, generatedID, f.CorrelationID)
	assert.Contains(t, res.Content[0].Text, `"request_id":"`+f.CorrelationID+`"`)
	// The block alone: a fresh id all the same (the Renderer reads no
	// context without WithCorrelationID's source), in the block only.
	res = render.NewRenderer(render.Envelope{}, render.WithToolFailure("")).RenderCall(ctx, nil, errorx.NotFound("Gone."))
	f, ok = toolfailure.Read((res).Meta)
	require.True(t, ok)
	assert.Regexp(t, generatedID, f.CorrelationID)
	assert.NotContains(t, res.Content[0].Text, f.CorrelationID)
}

// TestDecodeToolFailure: Decode fills in from the block, under either key,
// what the dialect did not carry, and reads a plain result's class from it.
func TestDecodeToolFailure(t *testing.T) {
	at := time.UnixMilli(1_800_000_000_000)
	defer render.SetNow(func() time.Time { return at })()
	block := map[string]any{"class": "reliability", "code": "retryable_transient_error", "retryable": true,
		"retryNotBefore": float64(at.UnixMilli() + 4000), "correlationId": "c-1", "agentGuidance": "Try again soon."}
	for _, key := range []string{toolfailure.Key, toolfailure.VendorKey} {
		res := &render.Result{IsError: true, Content: []render.Text{{Text: "upstream failed"}}, Meta: map[string]any{key: block}}
		e, dialect := render.Decode(res)
		require.NotNil(t, e, key)
		assert.Equal(t, "plain", dialect)
		assert.Equal(t, errorx.CodeTransient, e.Code)
		assert.Equal(t, errorx.ClassTransient, e.EffectiveClass())
		assert.True(t, e.IsRetryable())
		assert.Equal(t, 4*time.Second, e.RetryAfter)
		assert.Equal(t, "Try again soon.", e.Recovery)
		assert.Equal(t, "upstream failed", e.Message)
		v, _ := e.Details.Get(codes.CorrelationIDKey)
		assert.Equal(t, "c-1", v)
	}
	// A dialect's own members win; the block fills the rest.
	res := render.Contract{}.Render(errorx.NotFound("Gone.").WithRecovery("Search first."))
	res.Meta = map[string]any{toolfailure.VendorKey: map[string]any{"class": "governance", "code": "permission_denied", "correlationId": "c-2", "agentGuidance": "Ask."}}
	e, _ := render.Decode(res)
	require.NotNil(t, e)
	assert.Equal(t, errorx.CodeNotFound, e.Code)
	assert.Equal(t, "Search first.", e.Recovery)
	v, _ := e.Details.Get(codes.CorrelationIDKey)
	assert.Equal(t, "c-2", v)

	// Not a block: no class of the three, not an object.
	for _, bad := range []any{map[string]any{"class": "other", "code": "x", "correlationId": "c"}, "text", 3.0, nil, []any{1}} {
		_, ok := toolfailure.Read((&render.Result{Meta: map[string]any{toolfailure.Key: bad}}).Meta)
		assert.False(t, ok, "%v", bad)
	}
	// retryable and retryNotBefore belong to reliability only.
	f, ok := toolfailure.Read((&render.Result{Meta: map[string]any{toolfailure.Key: map[string]any{
		"class": "capability", "code": "invalid_input", "retryable": true, "retryNotBefore": 5.0, "correlationId": "c"}}}).Meta)
	require.True(t, ok)
	assert.False(t, f.Retryable)
	assert.Zero(t, f.RetryNotBefore)
}

// TestRetryToolFailure: a result with the block is retried by the draft's
// rules: never a capability or governance failure, a reliability failure
// only when retryable and the call is idempotent, never before
// retryNotBefore, and not at all past the policy's MaxRetryAfter.
func TestRetryToolFailure(t *testing.T) {
	fast := render.RetryPolicy{InitialDelay: time.Millisecond}
	failing := func(e *errorx.Error, key string) *render.Result {
		return render.NewRenderer(render.Contract{}, render.WithToolFailure(key)).Render(e)
	}
	count := func(res *render.Result, opts ...render.RetryOption) int {
		var calls int
		_, err := render.Retry(context.Background(), fast, "t", func(context.Context) (int, *render.Result, error) {
			calls++
			return calls, res, nil
		}, opts...)
		require.Error(t, err)
		return calls
	}
	transient := errorx.Transient("Down.")
	assert.Equal(t, 4, count(render.Contract{}.Render(transient)), "no block: the policy alone")
	assert.Equal(t, 1, count(failing(transient, "")), "not known to be idempotent")
	assert.Equal(t, 1, count(failing(transient, ""), render.Idempotent(false)))
	assert.Equal(t, 4, count(failing(transient, ""), render.Idempotent(true)))
	assert.Equal(t, 4, count(failing(transient, toolfailure.Key), render.Idempotent(true)))
	assert.Equal(t, 1, count(failing(transient.Clone().WithRetryable(false), ""), render.Idempotent(true)))

	// A server may say capability or governance of an error whose text
	// says transient: the block decides.
	for _, class := range []string{toolfailure.Capability, toolfailure.Governance} {
		res := render.Contract{}.Render(transient)
		res.Meta = map[string]any{toolfailure.Key: map[string]any{"class": class, "code": "x", "correlationId": "c"}}
		assert.Equal(t, 1, count(res, render.Idempotent(true)), class)
	}

	// retryNotBefore: waited for (the policy's backoff is 1ms), and a
	// time past MaxRetryAfter ends the retries.
	start := time.Now()
	res := render.Contract{}.Render(transient)
	res.Meta = map[string]any{toolfailure.Key: map[string]any{"class": "reliability", "code": "retryable_transient_error",
		"retryable": true, "retryNotBefore": float64(start.Add(300 * time.Millisecond).UnixMilli()), "correlationId": "c"}}
	var calls int
	var second time.Time
	_, err := render.Retry(context.Background(), fast, "t", func(context.Context) (int, *render.Result, error) {
		calls++
		if calls == 2 {
			second = time.Now()
			return 0, successResult("ok"), nil
		}
		return 0, res, nil
	}, render.Idempotent(true))
	require.NoError(t, err)
	assert.False(t, second.Before(start.Add(250*time.Millisecond)), "retried %v after the first call, before retryNotBefore", second.Sub(start))

	res.Meta = map[string]any{toolfailure.Key: map[string]any{"class": "reliability", "code": "retryable_transient_error",
		"retryable": true, "retryNotBefore": float64(time.Now().Add(time.Hour).UnixMilli()), "correlationId": "c"}}
	assert.Equal(t, 1, count(res, render.Idempotent(true)), "an hour is past the default MaxRetryAfter")
}

// TestRetryWaitOneRule: whatever delay a server asks for, by a dialect's
// retry_after or by a ToolFailure block's retryNotBefore, goes through the
// same rule of the policy: capped at MaxDelay, and past MaxRetryAfter not
// waited for. A client with MaxDelay 30 ms waited until retryNotBefore (up
// to MaxRetryAfter, 5 minutes, per retry) while retry_after was capped.
func TestRetryWaitOneRule(t *testing.T) {
	at := time.Now()
	defer render.SetNow(func() time.Time { return at })()
	p := render.RetryPolicy{InitialDelay: time.Millisecond, MaxDelay: 30 * time.Millisecond}
	asking := func(wait time.Duration, block bool) *render.Result {
		e := errorx.Transient("Busy.")
		if !block {
			return render.Contract{}.Render(e.WithRetryAfter(wait))
		}
		res := render.Contract{}.Render(e)
		res.Meta = map[string]any{toolfailure.Key: map[string]any{"class": "reliability", "code": "retryable_transient_error",
			"retryable": true, "retryNotBefore": float64(at.Add(wait).UnixMilli()), "correlationId": "c"}}
		return res
	}
	for _, block := range []bool{false, true} {
		name := map[bool]string{false: "retry_after", true: "retryNotBefore"}[block]
		t.Run(name, func(t *testing.T) {
			// Two minutes asked, within MaxRetryAfter: waited for 30 ms, so
			// the second call comes long before the context's deadline.
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			var calls int
			_, err := render.Retry(ctx, p, "t", func(context.Context) (int, *render.Result, error) {
				calls++
				if calls == 2 {
					return 0, successResult("ok"), nil
				}
				return 0, asking(2*time.Minute, block), nil
			}, render.Idempotent(true))
			require.NoError(t, err, "the wait asked for was not capped at MaxDelay")
			assert.Equal(t, 2, calls)

			// An hour asked: past MaxRetryAfter, the retries end.
			calls = 0
			_, err = render.Retry(context.Background(), p, "t", func(context.Context) (int, *render.Result, error) {
				calls++
				return 0, asking(time.Hour, block), nil
			}, render.Idempotent(true))
			require.Error(t, err)
			assert.Equal(t, 1, calls)
		})
	}
}

// FuzzDecodeToolFailure reads results whose _meta holds arbitrary JSON
// under the ToolFailure keys: ReadToolFailure gives a block only of the
// three classes, retryable and retryNotBefore only where the draft allows
// them; Decode fills the model from it without failing, and the model
// still marshals.
func FuzzDecodeToolFailure(f *testing.F) {
	f.Add(`{"type":"NOT_FOUND","message":"m","recoverable":false}`, `{"class":"capability","code":"resource_not_found","correlationId":"c"}`, true)
	f.Add("upstream failed", `{"class":"reliability","code":"retryable_transient_error","retryable":true,"retryNotBefore":1e300,"correlationId":"c","agentGuidance":"g"}`, true)
	f.Add("x", `{"class":"reliability","retryable":true,"retryNotBefore":-5}`, true)
	f.Add("x", `{"class":"governance","code":"BAD CODE","correlationId":7}`, true)
	f.Add("x", `[{"class":"capability"}]`, true)
	f.Add("done", `{"class":"capability","code":"invalid_input","correlationId":"c"}`, false)
	f.Fuzz(func(t *testing.T, text, block string, isError bool) {
		raw, _ := json.Marshal(map[string]any{
			"content": []any{map[string]any{"type": "text", "text": text}},
			"isError": isError,
		})
		var res render.Result
		if err := json.Unmarshal(raw, &res); err != nil {
			t.Skip()
		}
		var v any
		if json.Unmarshal([]byte(block), &v) != nil {
			t.Skip()
		}
		res.Meta = map[string]any{toolfailure.Key: v}
		tf, ok := toolfailure.Read((&res).Meta)
		if ok {
			switch tf.Class {
			case toolfailure.Capability, toolfailure.Reliability, toolfailure.Governance:
			default:
				t.Fatalf("class %q", tf.Class)
			}
			if tf.Retryable && tf.Class != toolfailure.Reliability || tf.RetryNotBefore != 0 && !tf.Retryable || tf.RetryNotBefore < 0 {
				t.Fatalf("block %+v breaks the draft's rules", tf)
			}
		}
		e, name := render.Decode(&res)
		if (e == nil) != (name == "") || e == nil && isError {
			t.Fatalf("Decode returned %v with dialect %q", e, name)
		}
		if e != nil {
			if e.RetryAfter < 0 {
				t.Fatalf("negative RetryAfter %v", e.RetryAfter)
			}
			if _, err := json.Marshal(e); err != nil {
				t.Fatalf("decoded model does not marshal: %v", err)
			}
			if ok && isError && tf.CorrelationID != "" && !hasDetail(e.Details, codes.CorrelationIDKey) {
				t.Fatalf("the block's id %q is not in the model", tf.CorrelationID)
			}
		}
	})
}
