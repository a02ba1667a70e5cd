package errorx

import (
	"encoding/json"
	"fmt"
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
	// MaxAttempts is how many retries follow the first call; zero means 3.
	MaxAttempts int
	// Backoff is how the delay grows; the zero value is Exponential.
	Backoff Backoff
	// InitialDelay is the first retry's delay; zero means one second.
	InitialDelay time.Duration
	// MaxDelay caps every delay, RetryAfter included; zero means no cap.
	MaxDelay time.Duration
}

// DefaultRetryPolicy is the document's default: three retries, exponential
// backoff from one second (1s, 2s, 4s).
var DefaultRetryPolicy = RetryPolicy{MaxAttempts: 3, Backoff: Exponential, InitialDelay: time.Second}

// Next reports whether to make retry number retry (1 for the first retry)
// after the call failed with e, and after how long:
//
//   - nil, VALIDATION, NOT_FOUND and PERMISSION errors are never retried
//     unchanged (fix the input, work around, or escalate instead);
//   - nor is an error that is not retryable (IsRetryable);
//   - nor a retry beyond MaxAttempts;
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
	if d <= 0 {
		d = p.Delay(retry)
	}
	if p.MaxDelay > 0 && d > p.MaxDelay {
		d = p.MaxDelay
	}
	return d, true
}

// Delay returns the backoff's delay before retry number retry (1-based),
// without regard to an error's RetryAfter.
func (p RetryPolicy) Delay(retry int) time.Duration {
	d := p.InitialDelay
	if d <= 0 {
		d = DefaultRetryPolicy.InitialDelay
	}
	switch p.Backoff {
	case Linear:
		d *= time.Duration(retry)
	case Exponential:
		for range min(retry-1, 40) {
			d *= 2
		}
	}
	if d < 0 { // overflow
		d = time.Duration(1<<63 - 1)
	}
	if p.MaxDelay > 0 && d > p.MaxDelay {
		d = p.MaxDelay
	}
	return d
}

// retryPolicyJSON is the document's per-task override:
// {"maxAttempts":5,"backoffType":"exponential","initialDelay":500}, the
// initial delay in milliseconds.
type retryPolicyJSON struct {
	MaxAttempts  int     `json:"maxAttempts,omitempty"`
	BackoffType  string  `json:"backoffType,omitempty"`
	InitialDelay float64 `json:"initialDelay,omitempty"`
	MaxDelay     float64 `json:"maxDelay,omitempty"`
}

// MarshalJSON writes the document's retryPolicy object (delays in
// milliseconds).
func (p RetryPolicy) MarshalJSON() ([]byte, error) {
	return json.Marshal(retryPolicyJSON{p.MaxAttempts, p.Backoff.String(),
		float64(p.InitialDelay) / float64(time.Millisecond), float64(p.MaxDelay) / float64(time.Millisecond)})
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
	if j.MaxAttempts < 0 || j.InitialDelay < 0 || j.MaxDelay < 0 {
		return fmt.Errorf("retryPolicy: negative value")
	}
	out.MaxAttempts = j.MaxAttempts
	out.InitialDelay = time.Duration(j.InitialDelay * float64(time.Millisecond))
	out.MaxDelay = time.Duration(j.MaxDelay * float64(time.Millisecond))
	*p = out
	return nil
}
