package errorx

import (
	"encoding/json"
	"fmt"
	"math"
	"time"
)

// Backoff is how the delay between retries grows.
type Backoff uint8

// The backoff types of the error-contract document.
const (
	Exponential Backoff = iota // InitialDelay, then doubling: 1s, 2s, 4s
	Linear                     // InitialDelay times the retry number: 1s, 2s, 3s
	Constant                   // InitialDelay every time
)

// String returns "exponential", "linear" or "constant".
func (b Backoff) String() string {
	switch b {
	case Linear:
		return "linear"
	case Constant:
		return "constant"
	}
	return "exponential"
}

// RetryPolicy decides whether a failed call is retried and after how long,
// as the error-contract document's retry policy does. The zero policy is
// DefaultRetryPolicy.
type RetryPolicy struct {
	// MaxAttempts is how many retries follow the first call. Zero means the
	// default, 3; a negative value (NoRetries) means none: the first call is
	// the only attempt. JSON's maxAttempts reads the same way.
	MaxAttempts int
	// Backoff is how the delay grows; the zero value is Exponential.
	Backoff Backoff
	// InitialDelay is the first retry's delay; zero or less means one
	// second.
	InitialDelay time.Duration
	// MaxDelay caps every delay, whatever the server asked for: a
	// RetryAfter, and the wait until a ToolFailure block's retryNotBefore
	// (render.Retry reads it as one). Zero or less means no cap.
	MaxDelay time.Duration
	// MaxRetryAfter is the longest RetryAfter an error may ask for and
	// still be retried: a server that asks for longer is not waited for
	// (the retries end, and the caller gets the error with its RetryAfter
	// to decide). Zero means DefaultMaxRetryAfter, five minutes; a
	// negative value (NoRetryAfterLimit) waits for whatever the server
	// asks. JSON's maxRetryAfter, in milliseconds, reads the same way.
	MaxRetryAfter time.Duration
}

// DefaultMaxRetryAfter is the longest RetryAfter a policy waits for unless
// it says otherwise: a server's answer of retry_after 9,223,372,036 would
// otherwise park the caller for 292 years. Five minutes is well past the
// waits of rate limits and overloaded services (seconds to a minute), and
// already longer than an agent's turn usually waits for one tool.
const DefaultMaxRetryAfter = 5 * time.Minute

// NoRetryAfterLimit is the MaxRetryAfter of a policy that waits for any
// RetryAfter, however long: every negative MaxRetryAfter means the same.
const NoRetryAfterLimit time.Duration = -1

// NoRetries is the MaxAttempts of a policy that never retries: every
// negative MaxAttempts means the same (zero means the default of three).
const NoRetries = -1

// DefaultRetryPolicy is the document's default: three retries, exponential
// backoff from one second (1s, 2s, 4s), and no wait for a RetryAfter
// longer than DefaultMaxRetryAfter.
var DefaultRetryPolicy = RetryPolicy{MaxAttempts: 3, Backoff: Exponential, InitialDelay: time.Second, MaxRetryAfter: DefaultMaxRetryAfter}

// Next reports whether to make retry number retry (1 for the first retry)
// after the call failed with e, and after how long:
//
//   - nil, VALIDATION, NOT_FOUND and PERMISSION errors are never retried
//     unchanged (fix the input, work around, or escalate instead);
//   - nor is an error that is not retryable (IsRetryable);
//   - nor a retry beyond MaxAttempts (any retry when it is negative);
//   - nor an error whose RetryAfter is longer than MaxRetryAfter (five
//     minutes unless the policy says otherwise);
//   - the delay is e's RetryAfter when it has one, else the backoff's.
func (p RetryPolicy) Next(e *Error, retry int) (time.Duration, bool) {
	if e == nil || retry < 1 {
		return 0, false
	}
	switch e.EffectiveClass() {
	case ClassValidation, ClassNotFound, ClassPermission:
		return 0, false
	}
	if !e.IsRetryable() {
		return 0, false
	}
	limit := p.MaxAttempts
	if limit == 0 {
		limit = DefaultRetryPolicy.MaxAttempts
	}
	if retry > limit {
		return 0, false
	}
	d := e.RetryAfter
	if d > p.retryAfterLimit() {
		return 0, false
	}
	if d <= 0 {
		d = p.Delay(retry)
	}
	if p.MaxDelay > 0 && d > p.MaxDelay {
		d = p.MaxDelay
	}
	return d, true
}

// retryAfterLimit is the longest RetryAfter p waits for: MaxRetryAfter,
// DefaultMaxRetryAfter when that is zero, the longest time.Duration when
// it is negative (NoRetryAfterLimit).
func (p RetryPolicy) retryAfterLimit() time.Duration {
	switch {
	case p.MaxRetryAfter < 0:
		return maxDuration
	case p.MaxRetryAfter == 0:
		return DefaultMaxRetryAfter
	}
	return p.MaxRetryAfter
}

// maxDuration is the longest time.Duration.
const maxDuration = time.Duration(math.MaxInt64)

// Delay returns the backoff's delay before retry number retry (1-based),
// without regard to an error's RetryAfter. It never decreases as retry
// grows: it saturates at MaxDelay, or at the longest time.Duration when
// there is no cap, and never overflows. A retry below 1 has the first
// retry's delay.
func (p RetryPolicy) Delay(retry int) time.Duration {
	d := p.InitialDelay
	if d <= 0 {
		d = DefaultRetryPolicy.InitialDelay
	}
	limit := maxDuration
	if p.MaxDelay > 0 {
		limit = p.MaxDelay
	}
	n := time.Duration(max(retry, 1))
	switch p.Backoff {
	case Linear:
		if d > limit/n {
			return limit // d*n > limit, or would overflow
		}
		d *= n
	case Constant:
	default: // Exponential, and any value String also calls exponential
		// At most 63 doublings reach limit from d >= 1ns.
		for i := time.Duration(1); i < n; i++ {
			if d > limit/2 {
				return limit
			}
			d *= 2
		}
	}
	return min(d, limit)
}

// retryPolicyJSON is the document's per-task override:
// {"maxAttempts":5,"backoffType":"exponential","initialDelay":500}, the
// initial delay in milliseconds. maxAttempts reads as MaxAttempts does
// (negative: no retries); a delay is 0 (the default) up to the longest
// Duration, but maxRetryAfter, which is negative for no limit.
type retryPolicyJSON struct {
	MaxAttempts   int     `json:"maxAttempts,omitempty"`
	BackoffType   string  `json:"backoffType,omitempty"`
	InitialDelay  float64 `json:"initialDelay,omitempty"`
	MaxDelay      float64 `json:"maxDelay,omitempty"`
	MaxRetryAfter float64 `json:"maxRetryAfter,omitempty"`
}

// MarshalJSON writes the document's retryPolicy object (delays in
// milliseconds; a negative delay, which means the default, as 0; a
// negative maxRetryAfter, no limit, as -1), which UnmarshalJSON reads
// back.
func (p RetryPolicy) MarshalJSON() ([]byte, error) {
	maxRetryAfter := toMillis(p.MaxRetryAfter)
	if p.MaxRetryAfter < 0 {
		maxRetryAfter = -1
	}
	return json.Marshal(retryPolicyJSON{p.MaxAttempts, p.Backoff.String(), toMillis(p.InitialDelay), toMillis(p.MaxDelay), maxRetryAfter})
}

// toMillis returns d in milliseconds, 0 for a negative d, and for the
// longest Durations the largest float64 that millis reads back.
func toMillis(d time.Duration) float64 {
	ms := float64(max(d, 0)) / float64(time.Millisecond)
	for ms*float64(time.Millisecond) >= 1<<63 {
		ms = math.Nextafter(ms, 0)
	}
	return ms
}

// UnmarshalJSON reads the document's retryPolicy object.
func (p *RetryPolicy) UnmarshalJSON(b []byte) error {
	var j retryPolicyJSON
	if err := strictDecode(b, &j); err != nil {
		return fmt.Errorf("retryPolicy: %w", err)
	}
	var out RetryPolicy
	switch j.BackoffType {
	case "", "exponential":
		out.Backoff = Exponential
	case "linear":
		out.Backoff = Linear
	case "constant", "fixed":
		out.Backoff = Constant
	default:
		return fmt.Errorf(`retryPolicy: "backoffType": unknown backoff %q (want exponential, linear or constant)`, j.BackoffType)
	}
	var err error
	if out.InitialDelay, err = millis("initialDelay", j.InitialDelay); err != nil {
		return err
	}
	if out.MaxDelay, err = millis("maxDelay", j.MaxDelay); err != nil {
		return err
	}
	if j.MaxRetryAfter < 0 {
		out.MaxRetryAfter = NoRetryAfterLimit
	} else if out.MaxRetryAfter, err = millis("maxRetryAfter", j.MaxRetryAfter); err != nil {
		return err
	}
	out.MaxAttempts = j.MaxAttempts // negative: no retries, as in Go
	*p = out
	return nil
}

// millis converts the document's delay in milliseconds to a Duration
// (truncating to the nanosecond): negative delays and delays past the
// longest Duration are errors.
func millis(key string, ms float64) (time.Duration, error) {
	ns := ms * float64(time.Millisecond)
	if ns < 0 || ns >= 1<<63 {
		return 0, fmt.Errorf("retryPolicy: %q: %v is not a delay in milliseconds (0 to about 292 years)", key, ms)
	}
	return time.Duration(ns), nil
}
