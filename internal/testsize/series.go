package testsize

import (
	"math"
	"runtime"
	"runtime/debug"
	"time"
)

// Ratio returns how many times as long large takes as small: the size
// series the hostile-input tests use to show that work is linear (run at
// n and 8n, quadratic work costs 64 times). Each is run once to warm caches
// and pools, then five times, the runs interleaved so that both see the
// same load; each run starts from a collected heap with collections off
// while it runs (a run's garbage would otherwise cost the large input
// collections the small one never pays) and is timed in CPU time of its
// thread where the system has that clock, which other work on the machine
// does not inflate. The ratio of the shortest runs is returned; one above
// 12 is measured again, up to twice, and the best one returned: a busy
// moment of the machine is not a quadratic algorithm.
func Ratio(small, large func()) float64 {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	run := func(f func()) time.Duration {
		runtime.GC()
		return max(timeRun(f), time.Microsecond)
	}
	run(small)
	best := math.Inf(1)
	for round := 0; round < 3 && best > 12; round++ {
		ds, dl := time.Duration(math.MaxInt64), time.Duration(math.MaxInt64)
		for range 5 {
			ds, dl = min(ds, run(small)), min(dl, run(large))
		}
		best = min(best, float64(dl)/float64(ds))
	}
	return best
}
