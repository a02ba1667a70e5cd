package errorx_test

import (
	"encoding/json"
	"math"
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

// TestRetryPolicyDelayMonotonic: a delay never shrinks as the retry number
// grows and saturates at MaxDelay, or at the longest Duration without a
// cap, instead of wrapping around.
func TestRetryPolicyDelayMonotonic(t *testing.T) {
	const longest = time.Duration(math.MaxInt64)
	huge := []int{1 << 20, math.MaxInt32, 1 << 40, math.MaxInt64 - 1, math.MaxInt64}
	for _, p := range []errorx.RetryPolicy{
		{},
		{InitialDelay: 1},
		{InitialDelay: 3 * time.Second, MaxDelay: time.Minute},
		{InitialDelay: longest/2 + 1},
		{InitialDelay: longest},
		{InitialDelay: time.Hour, MaxDelay: time.Minute}, // the cap is below the first delay
		{Backoff: errorx.Linear},
		{Backoff: errorx.Linear, InitialDelay: 1 << 61},
		{Backoff: errorx.Linear, InitialDelay: longest / 3},
		{Backoff: errorx.Linear, InitialDelay: 1 << 40, MaxDelay: 1 << 43},
		{Backoff: errorx.Linear, InitialDelay: longest},
		{Backoff: errorx.Constant, InitialDelay: longest},
		{Backoff: errorx.Constant, InitialDelay: time.Hour, MaxDelay: time.Minute},
	} {
		limit := longest
		if p.MaxDelay > 0 {
			limit = p.MaxDelay
		}
		var prev time.Duration
		for retry := -3; retry <= 200; retry++ {
			d := p.Delay(retry)
			if d <= 0 || d < prev || d > limit {
				t.Fatalf("%+v: Delay(%d) = %v after %v (cap %v)", p, retry, d, prev, limit)
			}
			prev = d
		}
		for _, retry := range huge {
			d := p.Delay(retry)
			if d < prev || d > limit || p.Backoff != errorx.Constant && retry >= 1<<40 && d != limit {
				t.Fatalf("%+v: Delay(%d) = %v after %v; want the cap %v", p, retry, d, prev, limit)
			}
			prev = d
		}
		if d := p.Delay(0); d != p.Delay(1) {
			t.Errorf("%+v: Delay(0) = %v, Delay(1) = %v", p, d, p.Delay(1))
		}
	}
	// The cases that wrapped around: exponential past 2^63 ns, linear with a
	// large first delay.
	exp := errorx.RetryPolicy{}
	if exp.Delay(38) < exp.Delay(37) || exp.Delay(38) != longest {
		t.Errorf("exponential: Delay(37) = %v, Delay(38) = %v", exp.Delay(37), exp.Delay(38))
	}
	lin := errorx.RetryPolicy{Backoff: errorx.Linear, InitialDelay: 1 << 61}
	if lin.Delay(100) < lin.Delay(3) || lin.Delay(3) != 3<<61 || lin.Delay(4) != longest {
		t.Errorf("linear 2^61ns: Delay(3) = %v, Delay(4) = %v, Delay(100) = %v", lin.Delay(3), lin.Delay(4), lin.Delay(100))
	}
	if d := (errorx.RetryPolicy{MaxDelay: time.Minute}).Delay(7); d != time.Minute {
		t.Errorf("capped exponential Delay(7) = %v, want 1m0s", d)
	}
}

// TestRetryPolicyNoRetries: a negative MaxAttempts is a single attempt, in
// Go and in JSON alike; zero is the default of three retries.
func TestRetryPolicyNoRetries(t *testing.T) {
	e := errorx.Transient("x")
	retries := func(p errorx.RetryPolicy) int {
		n := 0
		for retry := 1; retry < 10; retry++ {
			if _, ok := p.Next(e, retry); ok {
				n++
			}
		}
		return n
	}
	for _, c := range []struct {
		json string
		want int
	}{
		{`{"maxAttempts":-1}`, 0},
		{`{"maxAttempts":-7}`, 0},
		{`{"maxAttempts":0}`, 3},
		{`{}`, 3},
		{`{"maxAttempts":1}`, 1},
	} {
		var p errorx.RetryPolicy
		if err := json.Unmarshal([]byte(c.json), &p); err != nil {
			t.Errorf("%s: %v", c.json, err)
			continue
		}
		if n := retries(p); n != c.want {
			t.Errorf("%s: %d retries, want %d", c.json, n, c.want)
		}
		// Go's policy with the same MaxAttempts agrees, and survives JSON.
		if n := retries(errorx.RetryPolicy{MaxAttempts: p.MaxAttempts}); n != c.want {
			t.Errorf("Go MaxAttempts %d: %d retries, want %d", p.MaxAttempts, n, c.want)
		}
		b, _ := json.Marshal(p)
		var back errorx.RetryPolicy
		if err := json.Unmarshal(b, &back); err != nil || back != p {
			t.Errorf("%s: marshals as %s, reads back as %+v, %v", c.json, b, back, err)
		}
	}
	if n := retries(errorx.RetryPolicy{MaxAttempts: errorx.NoRetries}); n != 0 {
		t.Errorf("NoRetries: %d retries", n)
	}
}

// TestRetryPolicyJSONDelays: delays in milliseconds past the longest
// Duration are errors, not wrapped-around Durations.
func TestRetryPolicyJSONDelays(t *testing.T) {
	for _, bad := range []string{
		`{"initialDelay":-1}`, `{"maxDelay":-0.5}`,
		`{"initialDelay":1e300}`, `{"maxDelay":9223372036854.775807}`, `{"initialDelay":9223372036854.776}`,
	} {
		var p errorx.RetryPolicy
		if err := json.Unmarshal([]byte(bad), &p); err == nil {
			t.Errorf("%s accepted: %+v", bad, p)
		}
	}
	var p errorx.RetryPolicy
	if err := json.Unmarshal([]byte(`{"maxDelay":9223372036854.774}`), &p); err != nil || p.MaxDelay <= 0 || p.MaxDelay > math.MaxInt64 {
		t.Errorf("longest maxDelay: %v, %v", p.MaxDelay, err)
	}
	// What MarshalJSON writes reads back: the longest delays, and negative
	// ones (the defaults) as 0.
	for _, in := range []errorx.RetryPolicy{
		{InitialDelay: math.MaxInt64, MaxDelay: math.MaxInt64 - 100},
		{InitialDelay: -time.Second, MaxDelay: -1},
	} {
		b, err := json.Marshal(in)
		if err != nil {
			t.Fatal(err)
		}
		var back errorx.RetryPolicy
		if err := json.Unmarshal(b, &back); err != nil {
			t.Errorf("%+v marshals as %s, which does not read back: %v", in, b, err)
			continue
		}
		near := func(got, want time.Duration) bool { // within float64's spacing
			want = max(want, 0)
			return got >= 0 && got <= want && want-got <= 2048
		}
		if !near(back.InitialDelay, in.InitialDelay) || !near(back.MaxDelay, in.MaxDelay) {
			t.Errorf("%+v marshals as %s, reads back as %+v", in, b, back)
		}
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
	for _, bad := range []string{`{"backoffType":"random"}`, `{"maxAttempts":1.5}`, `{"initialDelay":"5s"}`, `{"tries":3}`} {
		if err := json.Unmarshal([]byte(bad), &p); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

// TestDelayUnknownBackoff: a Backoff value past the named ones grows as
// String names it, exponentially.
func TestDelayUnknownBackoff(t *testing.T) {
	p := errorx.RetryPolicy{Backoff: errorx.Backoff(7), InitialDelay: time.Second}
	if p.Backoff.String() != "exponential" || p.Delay(3) != 4*time.Second {
		t.Errorf("%s: Delay(3) = %v", p.Backoff, p.Delay(3))
	}
}
