package render

import (
	"time"

	"github.com/mcperr/mcperr/errorx"
)

// SetNow sets the clock of the ToolFailure block, Decode and Retry for a
// test, and returns the function that restores it.
func SetNow(f func() time.Time) (restore func()) {
	old := now
	now = f
	return func() { now = old }
}

// EffectiveStatus is the status the envelope writes for e.
func EffectiveStatus(e *errorx.Error) int { return effectiveStatus(e) }

// Next is the policy's decision for retry number retry after e.
func (p RetryPolicy) Next(e *errorx.Error, retry int) (time.Duration, bool) { return p.next(e, retry) }
