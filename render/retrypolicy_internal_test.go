package render

import (
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
)

func TestRetryPolicyDefault(t *testing.T) {
	p := RetryPolicy{} // the zero policy is the default
	e := errorx.Transient("upstream is down")
	var got []time.Duration
	for retry := 1; ; retry++ {
		d, ok := p.next(e, retry)
		if !ok {
			break
		}
		got = append(got, d)
	}
	assert.Equal(t, []time.Duration{time.Second, 2 * time.Second, 4 * time.Second}, got, "default delays")
}

func TestRetryPolicyNext(t *testing.T) {
	p := RetryPolicy{}
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
		d, ok := p.next(c.e, c.retry)
		assert.Equal(t, c.delay, d, c.name)
		assert.Equal(t, c.ok, ok, c.name)
	}
}

func TestRetryPolicyBackoffs(t *testing.T) {
	for _, c := range []struct {
		p    RetryPolicy
		want []time.Duration
	}{
		{RetryPolicy{MaxAttempts: 2}, []time.Duration{time.Second, 2 * time.Second}},
		{RetryPolicy{MaxAttempts: 5, InitialDelay: 500 * time.Millisecond, MaxDelay: 3 * time.Second}, []time.Duration{500 * time.Millisecond, time.Second, 2 * time.Second, 3 * time.Second, 3 * time.Second}},
	} {
		for i, want := range c.want {
			d, ok := c.p.next(errorx.Transient("x"), i+1)
			assert.True(t, ok, "%+v retry %d", c.p, i+1)
			assert.Equal(t, want, d, "%+v retry %d", c.p, i+1)
		}
		_, ok := c.p.next(errorx.Transient("x"), len(c.want)+1)
		assert.False(t, ok, "%+v retries past MaxAttempts", c.p)
	}
	assert.Positive(t, (RetryPolicy{}).delay(200), "overflowing exponential delay")
}

// TestRetryPolicyDelayMonotonic: a delay never shrinks as the retry number
// grows and saturates at MaxDelay, or at the longest Duration without a
// cap, instead of wrapping around.
func TestRetryPolicyDelayMonotonic(t *testing.T) {
	const longest = time.Duration(math.MaxInt64)
	huge := []int{1 << 20, math.MaxInt32, 1 << 40, math.MaxInt64 - 1, math.MaxInt64}
	for _, p := range []RetryPolicy{
		{},
		{InitialDelay: 1},
		{InitialDelay: 3 * time.Second, MaxDelay: time.Minute},
		{InitialDelay: longest/2 + 1},
		{InitialDelay: longest},
		{InitialDelay: time.Hour, MaxDelay: time.Minute}, // the cap is below the first delay
	} {
		limit := longest
		if p.MaxDelay > 0 {
			limit = p.MaxDelay
		}
		var prev time.Duration
		for retry := -3; retry <= 200; retry++ {
			d := p.delay(retry)
			if d <= 0 || d < prev || d > limit {
				t.Fatalf("%+v: delay(%d) = %v after %v (cap %v)", p, retry, d, prev, limit)
			}
			prev = d
		}
		for _, retry := range huge {
			d := p.delay(retry)
			if d < prev || d > limit || retry >= 1<<40 && d != limit {
				t.Fatalf("%+v: delay(%d) = %v after %v; want the cap %v", p, retry, d, prev, limit)
			}
			prev = d
		}
		assert.Equal(t, p.delay(1), p.delay(0), "%+v: delay(0) is delay(1)", p)
	}
	// The case that wrapped around: exponential past 2^63 ns.
	exp := RetryPolicy{}
	assert.GreaterOrEqual(t, exp.delay(38), exp.delay(37), "exponential")
	assert.Equal(t, longest, exp.delay(38), "exponential delay(38)")
	assert.Equal(t, time.Minute, (RetryPolicy{MaxDelay: time.Minute}).delay(7), "capped exponential delay(7)")
}

// TestRetryPolicyNoRetries: a negative MaxAttempts is a single attempt, in
// zero is the default of three retries.
func TestRetryPolicyNoRetries(t *testing.T) {
	e := errorx.Transient("x")
	retries := func(p RetryPolicy) int {
		n := 0
		for retry := 1; retry < 10; retry++ {
			if _, ok := p.next(e, retry); ok {
				n++
			}
		}
		return n
	}
	for _, c := range []struct{ maxAttempts, want int }{{-1, 0}, {-7, 0}, {0, 3}, {1, 1}} {
		assert.Equal(t, c.want, retries(RetryPolicy{MaxAttempts: c.maxAttempts}), "MaxAttempts %d: retries", c.maxAttempts)
	}
}

// TestRetryPolicyMaxRetryAfter: a policy does not wait for a RetryAfter
// longer than its MaxRetryAfter (five minutes for the zero policy): a
// server answering retry_after 9,223,372,036 parked the caller for 292
// years. A negative MaxRetryAfter waits for any; MaxDelay
// still caps what is waited.
func TestRetryPolicyMaxRetryAfter(t *testing.T) {
	forever := time.Duration(9_223_372_036) * time.Second
	for _, c := range []struct {
		name  string
		p     RetryPolicy
		after time.Duration
		delay time.Duration
		ok    bool
	}{
		{"zero policy, 292 years", RetryPolicy{}, forever, 0, false},
		{"zero policy, five minutes", RetryPolicy{}, 5 * time.Minute, 5 * time.Minute, true},
		{"zero policy, past five minutes", RetryPolicy{}, 5*time.Minute + 1, 0, false},
		{"an hour allowed", RetryPolicy{MaxRetryAfter: time.Hour}, 30 * time.Minute, 30 * time.Minute, true},
		{"a minute allowed", RetryPolicy{MaxRetryAfter: time.Minute}, 2 * time.Minute, 0, false},
		{"no limit", RetryPolicy{MaxRetryAfter: -1}, forever, forever, true},
		{"no limit, MaxDelay caps", RetryPolicy{MaxRetryAfter: -5, MaxDelay: time.Minute}, forever, time.Minute, true},
		{"MaxDelay does not lift the limit", RetryPolicy{MaxDelay: time.Minute}, forever, 0, false},
	} {
		d, ok := c.p.next(errorx.RateLimited("Slow down.", c.after), 1)
		assert.Equal(t, c.ok, ok, c.name)
		assert.Equal(t, c.delay, d, c.name)
	}
}
