package render

import (
	"math"
	"time"

	"github.com/mcperr/mcperr/errorx"
)

// RetryPolicy decides whether a failed call is retried and after how long,
// as the error-contract document's retry policy does: exponential backoff
// from InitialDelay (1s, 2s, 4s), a server's RetryAfter honoured. The zero
// policy is the document's default: three retries from one second, and no
// wait for a RetryAfter longer than five minutes.
type RetryPolicy struct {
	// MaxAttempts is how many retries follow the first call. Zero means the
	// default, 3; a negative value means none: the first call is the only
	// attempt.
	MaxAttempts int
	// InitialDelay is the first retry's delay, doubled for each retry
	// after it; zero or less means one second.
	InitialDelay time.Duration
	// MaxDelay caps every delay, whatever the server asked for: a
	// RetryAfter, and the wait until a ToolFailure block's retryNotBefore
	// (Retry reads it as one). Zero or less means no cap.
	MaxDelay time.Duration
	// MaxRetryAfter is the longest RetryAfter an error may ask for and
	// still be retried: a server that asks for longer is not waited for
	// (the retries end, and the caller gets the error with its RetryAfter
	// to decide). Zero means five minutes; a negative value waits for
	// whatever the server asks. Five minutes is well past the waits of
	// rate limits and overloaded services (seconds to a minute): without
	// it, a server's answer of retry_after 9,223,372,036 would park the
	// caller for 292 years.
	MaxRetryAfter time.Duration
}

// The zero RetryPolicy's values.
const (
	defaultMaxAttempts   = 3
	defaultInitialDelay  = time.Second
	defaultMaxRetryAfter = 5 * time.Minute
)

// next reports whether to make retry number retry (1 for the first retry)
// after the call failed with e, and after how long:
//
//   - nil, VALIDATION, NOT_FOUND and PERMISSION errors are never retried
//     unchanged (fix the input, work around, or escalate instead);
//   - nor is an error that is not retryable (IsRetryable);
//   - nor a retry beyond MaxAttempts (any retry when it is negative);
//   - nor an error whose RetryAfter is longer than MaxRetryAfter (five
//     minutes unless the policy says otherwise);
//   - the delay is e's RetryAfter when it has one, else the backoff's.
func (p RetryPolicy) next(e *errorx.Error, retry int) (time.Duration, bool) {
	if e == nil || retry < 1 {
		return 0, false
	}
	switch e.EffectiveClass() {
	case errorx.ClassValidation, errorx.ClassNotFound, errorx.ClassPermission:
		return 0, false
	}
	if !e.IsRetryable() {
		return 0, false
	}
	limit := p.MaxAttempts
	if limit == 0 {
		limit = defaultMaxAttempts
	}
	if retry > limit {
		return 0, false
	}
	d := e.RetryAfter
	if d > p.retryAfterLimit() {
		return 0, false
	}
	if d <= 0 {
		d = p.delay(retry)
	}
	if p.MaxDelay > 0 && d > p.MaxDelay {
		d = p.MaxDelay
	}
	return d, true
}

// retryAfterLimit is the longest RetryAfter p waits for: MaxRetryAfter,
// five minutes when that is zero, the longest time.Duration when it is
// negative.
func (p RetryPolicy) retryAfterLimit() time.Duration {
	switch {
	case p.MaxRetryAfter < 0:
		return maxDuration
	case p.MaxRetryAfter == 0:
		return defaultMaxRetryAfter
	}
	return p.MaxRetryAfter
}

// maxDuration is the longest time.Duration.
const maxDuration = time.Duration(math.MaxInt64)

// delay returns the backoff's delay before retry number retry (1-based),
// without regard to an error's RetryAfter. It never decreases as retry
// grows: it saturates at MaxDelay, or at the longest time.Duration when
// there is no cap, and never overflows. A retry below 1 has the first
// retry's delay.
func (p RetryPolicy) delay(retry int) time.Duration {
	d := p.InitialDelay
	if d <= 0 {
		d = defaultInitialDelay
	}
	limit := maxDuration
	if p.MaxDelay > 0 {
		limit = p.MaxDelay
	}
	n := time.Duration(max(retry, 1))
	// At most 63 doublings reach limit from d >= 1ns.
	for i := time.Duration(1); i < n; i++ {
		if d > limit/2 {
			return limit
		}
		d *= 2
	}
	return min(d, limit)
}
