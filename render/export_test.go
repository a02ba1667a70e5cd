package render

import "time"

// SetNow sets the clock of the ToolFailure block, Decode and Retry for a
// test, and returns the function that restores it.
func SetNow(f func() time.Time) (restore func()) {
	old := now
	now = f
	return func() { now = old }
}
