package errorx_test

import (
	"encoding/json"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
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
	assert.Equal(t, []time.Duration{time.Second, 2 * time.Second, 4 * time.Second}, got, "default delays")
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
		{"permission never", errorx.New(codes.MCPAuthFailed, "x"), 1, 0, false}, // recoverable by re-auth, not by retrying
		{"internal is not retryable", errorx.New(errorx.CodeInternalError, "x"), 1, 0, false},
		{"conflict stated retryable", errorx.Conflict("x").WithRetryable(true), 2, 2 * time.Second, true},
		{"transient stated not retryable", errorx.Transient("x").WithRetryable(false), 1, 0, false},
		{"timeout", errorx.New(errorx.CodeTimeout, "x"), 2, 2 * time.Second, true},
		{"retry zero", errorx.Transient("x"), 0, 0, false},
	} {
		d, ok := p.Next(c.e, c.retry)
		assert.Equal(t, c.delay, d, c.name)
		assert.Equal(t, c.ok, ok, c.name)
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
			d, ok := c.p.Next(errorx.Transient("x"), i+1)
			assert.True(t, ok, "%+v retry %d", c.p, i+1)
			assert.Equal(t, want, d, "%+v retry %d", c.p, i+1)
		}
		_, ok := c.p.Next(errorx.Transient("x"), len(c.want)+1)
		assert.False(t, ok, "%+v retries past MaxAttempts", c.p)
	}
	assert.Positive(t, (errorx.RetryPolicy{}).Delay(200), "overflowing exponential delay")
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
		assert.Equal(t, p.Delay(1), p.Delay(0), "%+v: Delay(0) is Delay(1)", p)
	}
	// The cases that wrapped around: exponential past 2^63 ns, linear with a
	// large first delay.
	exp := errorx.RetryPolicy{}
	assert.GreaterOrEqual(t, exp.Delay(38), exp.Delay(37), "exponential")
	assert.Equal(t, longest, exp.Delay(38), "exponential Delay(38)")
	lin := errorx.RetryPolicy{Backoff: errorx.Linear, InitialDelay: 1 << 61}
	assert.GreaterOrEqual(t, lin.Delay(100), lin.Delay(3), "linear 2^61ns")
	assert.Equal(t, time.Duration(3<<61), lin.Delay(3), "linear 2^61ns Delay(3)")
	assert.Equal(t, longest, lin.Delay(4), "linear 2^61ns Delay(4)")
	assert.Equal(t, time.Minute, (errorx.RetryPolicy{MaxDelay: time.Minute}).Delay(7), "capped exponential Delay(7)")
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
		if !assert.NoError(t, json.Unmarshal([]byte(c.json), &p), c.json) {
			continue
		}
		assert.Equal(t, c.want, retries(p), "%s: retries", c.json)
		// Go's policy with the same MaxAttempts agrees, and survives JSON.
		assert.Equal(t, c.want, retries(errorx.RetryPolicy{MaxAttempts: p.MaxAttempts}), "Go MaxAttempts %d: retries", p.MaxAttempts)
		b, err := json.Marshal(p)
		require.NoError(t, err)
		var back errorx.RetryPolicy
		assert.NoError(t, json.Unmarshal(b, &back), "%s: marshals as %s", c.json, b)
		assert.Equal(t, p, back, "%s: marshals as %s", c.json, b)
	}
	assert.Zero(t, retries(errorx.RetryPolicy{MaxAttempts: errorx.NoRetries}), "NoRetries: retries")
}

// TestRetryPolicyJSONDelays: delays in milliseconds past the longest
// Duration are errors, not wrapped-around Durations.
func TestRetryPolicyJSONDelays(t *testing.T) {
	for _, bad := range []string{
		`{"initialDelay":-1}`, `{"maxDelay":-0.5}`,
		`{"initialDelay":1e300}`, `{"maxDelay":9223372036854.775807}`, `{"initialDelay":9223372036854.776}`,
	} {
		var p errorx.RetryPolicy
		assert.Error(t, json.Unmarshal([]byte(bad), &p), "%s accepted: %+v", bad, p)
	}
	var p errorx.RetryPolicy
	assert.NoError(t, json.Unmarshal([]byte(`{"maxDelay":9223372036854.774}`), &p), "longest maxDelay")
	assert.Positive(t, p.MaxDelay, "longest maxDelay")
	assert.LessOrEqual(t, p.MaxDelay, time.Duration(math.MaxInt64), "longest maxDelay")
	// What MarshalJSON writes reads back: the longest delays, and negative
	// ones (the defaults) as 0.
	for _, in := range []errorx.RetryPolicy{
		{InitialDelay: math.MaxInt64, MaxDelay: math.MaxInt64 - 100},
		{InitialDelay: -time.Second, MaxDelay: -1},
	} {
		b, err := json.Marshal(in)
		require.NoError(t, err)
		var back errorx.RetryPolicy
		if !assert.NoError(t, json.Unmarshal(b, &back), "%+v marshals as %s, which does not read back", in, b) {
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
	require.NoError(t, json.Unmarshal([]byte(`{"maxAttempts": 5, "backoffType": "exponential", "initialDelay": 500}`), &p))
	assert.Equal(t, errorx.RetryPolicy{MaxAttempts: 5, Backoff: errorx.Exponential, InitialDelay: 500 * time.Millisecond}, p)
	b, err := json.Marshal(p)
	require.NoError(t, err)
	assert.Equal(t, `{"maxAttempts":5,"backoffType":"exponential","initialDelay":500}`, string(b), "marshal")
	for _, bad := range []string{`{"backoffType":"random"}`, `{"maxAttempts":1.5}`, `{"initialDelay":"5s"}`, `{"tries":3}`} {
		assert.Error(t, json.Unmarshal([]byte(bad), &p), "%s accepted", bad)
	}
}

// TestDelayUnknownBackoff: a Backoff value past the named ones grows as
// String names it, exponentially.
func TestDelayUnknownBackoff(t *testing.T) {
	p := errorx.RetryPolicy{Backoff: errorx.Backoff(7), InitialDelay: time.Second}
	assert.Equal(t, "exponential", p.Backoff.String())
	assert.Equal(t, 4*time.Second, p.Delay(3))
}

// TestRetryPolicyMaxRetryAfter: a policy does not wait for a RetryAfter
// longer than its MaxRetryAfter (five minutes for the zero policy and
// DefaultRetryPolicy): a server answering retry_after 9,223,372,036 parked
// the caller for 292 years. NoRetryAfterLimit waits for any; MaxDelay
// still caps what is waited.
func TestRetryPolicyMaxRetryAfter(t *testing.T) {
	forever := time.Duration(9_223_372_036) * time.Second
	for _, c := range []struct {
		name  string
		p     errorx.RetryPolicy
		after time.Duration
		delay time.Duration
		ok    bool
	}{
		{"zero policy, 292 years", errorx.RetryPolicy{}, forever, 0, false},
		{"default policy, 292 years", errorx.DefaultRetryPolicy, forever, 0, false},
		{"zero policy, five minutes", errorx.RetryPolicy{}, 5 * time.Minute, 5 * time.Minute, true},
		{"zero policy, past five minutes", errorx.RetryPolicy{}, 5*time.Minute + 1, 0, false},
		{"an hour allowed", errorx.RetryPolicy{MaxRetryAfter: time.Hour}, 30 * time.Minute, 30 * time.Minute, true},
		{"a minute allowed", errorx.RetryPolicy{MaxRetryAfter: time.Minute}, 2 * time.Minute, 0, false},
		{"no limit", errorx.RetryPolicy{MaxRetryAfter: errorx.NoRetryAfterLimit}, forever, forever, true},
		{"no limit, MaxDelay caps", errorx.RetryPolicy{MaxRetryAfter: -5, MaxDelay: time.Minute}, forever, time.Minute, true},
		{"MaxDelay does not lift the limit", errorx.RetryPolicy{MaxDelay: time.Minute}, forever, 0, false},
	} {
		d, ok := c.p.Next(errorx.RateLimited("Slow down.", c.after), 1)
		assert.Equal(t, c.ok, ok, c.name)
		assert.Equal(t, c.delay, d, c.name)
	}
	assert.Equal(t, errorx.DefaultMaxRetryAfter, errorx.DefaultRetryPolicy.MaxRetryAfter)
}

// TestRetryPolicyJSONMaxRetryAfter: maxRetryAfter is in milliseconds,
// absent or 0 for the default, negative for no limit, and reads back.
func TestRetryPolicyJSONMaxRetryAfter(t *testing.T) {
	for _, c := range []struct {
		json string
		want time.Duration
	}{
		{`{}`, 0},
		{`{"maxRetryAfter":0}`, 0},
		{`{"maxRetryAfter":60000}`, time.Minute},
		{`{"maxRetryAfter":-1}`, errorx.NoRetryAfterLimit},
		{`{"maxRetryAfter":-0.5}`, errorx.NoRetryAfterLimit},
	} {
		var p errorx.RetryPolicy
		require.NoError(t, json.Unmarshal([]byte(c.json), &p), c.json)
		assert.Equal(t, c.want, p.MaxRetryAfter, c.json)
		b, err := json.Marshal(p)
		require.NoError(t, err)
		var back errorx.RetryPolicy
		require.NoError(t, json.Unmarshal(b, &back), "%s marshals as %s", c.json, b)
		assert.Equal(t, p, back, "%s marshals as %s", c.json, b)
	}
	var p errorx.RetryPolicy
	assert.Error(t, json.Unmarshal([]byte(`{"maxRetryAfter":1e300}`), &p))
	b, _ := json.Marshal(errorx.RetryPolicy{MaxRetryAfter: -time.Hour})
	assert.Contains(t, string(b), `"maxRetryAfter":-1`)
}

func ExampleRetryPolicy_maxRetryAfter() {
	// A server that asks to be called again in 292 years is not waited
	// for: the retries end, and the caller decides.
	e := errorx.RateLimited("Try again later.", 9_223_372_036*time.Second)
	_, retry := errorx.RetryPolicy{}.Next(e, 1)
	fmt.Println(retry)

	// Waiting longer is asked for explicitly.
	d, retry := errorx.RetryPolicy{MaxRetryAfter: time.Hour}.Next(errorx.RateLimited("Quota exceeded.", 20*time.Minute), 1)
	fmt.Println(d, retry)
	// Output:
	// false
	// 20m0s true
}
