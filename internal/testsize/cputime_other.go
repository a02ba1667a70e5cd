//go:build !linux

package testsize

import "time"

// timeRun returns how long run takes (wall time: only Linux has the
// thread CPU clock the size-series tests prefer).
func timeRun(run func()) time.Duration {
	start := time.Now()
	run()
	return time.Since(start)
}
