package errorx_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/mcperr/mcperr/errorx"
)

func TestRetryPolicyDefault(t *testing.T) {
	p := errorx.RetryPolicy{} // the zero policy is the default
	e := errorx.Transient("upstream is down")
	var got []time.Duration
	for retry := 1; ; retry++ {
		d, ok := p.Next(e, retry)
		if !ok {
			break
		}
		got = append(got, d)
	}
	if len(got) != 3 || got[0] != time.Second || got[1] != 2*time.Second || got[2] != 4*time.Second {
		t.Errorf("default delays %v, want [1s 2s 4s]", got)
	}
}

func TestRetryPolicyNext(t *testing.T) {
	p := errorx.DefaultRetryPolicy
	for _, c := range []struct {
		name  string
		e     *errorx.Error
		retry int
		delay time.Duration
		ok    bool
	}{
		{"nil", nil, 1, 0, false},
		{"transient", errorx.Transient("x"), 1, time.Second, true},
		{"retry_after wins", errorx.RateLimited("x", 30*time.Second), 1, 30 * time.Second, true},
		{"retry_after on the third retry", errorx.RateLimited("x", 30*time.Second), 3, 30 * time.Second, true},
		{"beyond max attempts", errorx.Transient("x"), 4, 0, false},
		{"validation never", errorx.New(errorx.CodeInvalidInput, "x").WithRetryable(true), 1, 0, false},
		{"not found never", errorx.NotFound("x").WithRetryable(true), 1, 0, false},
		{"permission never", errorx.New(errorx.CodeMCPAuthFailed, "x"), 1, 0, false}, // recoverable by re-auth, not by retrying
		{"internal is not retryable", errorx.New(errorx.CodeInternalError, "x"), 1, 0, false},
		{"conflict stated retryable", errorx.Conflict("x").WithRetryable(true), 2, 2 * time.Second, true},
		{"transient stated not retryable", errorx.Transient("x").WithRetryable(false), 1, 0, false},
		{"timeout", errorx.New(errorx.CodeTimeout, "x"), 2, 2 * time.Second, true},
		{"retry zero", errorx.Transient("x"), 0, 0, false},
	} {
		d, ok := p.Next(c.e, c.retry)
		if d != c.delay || ok != c.ok {
			t.Errorf("%s: Next = %v, %v; want %v, %v", c.name, d, ok, c.delay, c.ok)
		}
	}
}

func TestRetryPolicyBackoffs(t *testing.T) {
	for _, c := range []struct {
		p    errorx.RetryPolicy
		want []time.Duration
	}{
		{errorx.RetryPolicy{Backoff: errorx.Linear, MaxAttempts: 2}, []time.Duration{time.Second, 2 * time.Second}},
		{errorx.RetryPolicy{Backoff: errorx.Constant, InitialDelay: 500 * time.Millisecond, MaxAttempts: 3}, []time.Duration{500 * time.Millisecond, 500 * time.Millisecond, 500 * time.Millisecond}},
		{errorx.RetryPolicy{MaxAttempts: 5, InitialDelay: 500 * time.Millisecond, MaxDelay: 3 * time.Second}, []time.Duration{500 * time.Millisecond, time.Second, 2 * time.Second, 3 * time.Second, 3 * time.Second}},
	} {
		for i, want := range c.want {
			if d, ok := c.p.Next(errorx.Transient("x"), i+1); !ok || d != want {
				t.Errorf("%+v retry %d: %v %v, want %v", c.p, i+1, d, ok, want)
			}
		}
		if _, ok := c.p.Next(errorx.Transient("x"), len(c.want)+1); ok {
			t.Errorf("%+v retries past MaxAttempts", c.p)
		}
	}
	if d := (errorx.RetryPolicy{}).Delay(200); d <= 0 {
		t.Errorf("overflowing exponential delay: %v", d)
	}
}

// TestRetryPolicyJSON reads the document's per-task override.
func TestRetryPolicyJSON(t *testing.T) {
	var p errorx.RetryPolicy
	if err := json.Unmarshal([]byte(`{"maxAttempts": 5, "backoffType": "exponential", "initialDelay": 500}`), &p); err != nil {
		t.Fatal(err)
	}
	if p.MaxAttempts != 5 || p.Backoff != errorx.Exponential || p.InitialDelay != 500*time.Millisecond {
		t.Errorf("%+v", p)
	}
	b, _ := json.Marshal(p)
	if string(b) != `{"maxAttempts":5,"backoffType":"exponential","initialDelay":500}` {
		t.Errorf("marshal %s", b)
	}
	for _, bad := range []string{`{"backoffType":"random"}`, `{"maxAttempts":-1}`, `{"initialDelay":"5s"}`, `{"tries":3}`} {
		if err := json.Unmarshal([]byte(bad), &p); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}
