package testsize

import (
	"math"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// MaxBytesRatio is the most BytesRatio may measure for 8 times the input:
// linear work allocates about 8 times the bytes, quadratic work 64 times.
// The allowance above 8 covers growth steps of slices and maps (a slice that
// doubles past a size class may allocate up to twice what it keeps).
const MaxBytesRatio = 10

// BytesRatio returns how many times as many bytes large allocates as small,
// on the heap: the memory half of a size series. Each is run once to warm
// pools, then three times interleaved, with collections off; the smallest
// count of each is used, so that another goroutine's allocation during one
// run does not count. The count is the process's, so a test measuring it
// must not run in parallel with others (no t.Parallel).
func BytesRatio(small, large func()) float64 {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	small()
	bs, bl := uint64(math.MaxUint64), uint64(math.MaxUint64)
	for range 3 {
		bs, bl = min(bs, allocated(small)), min(bl, allocated(large))
	}
	return float64(max(bl, 1)) / float64(max(bs, 1))
}

// Allocated returns the bytes run allocates on the heap (the process's
// count, as BytesRatio reads it).
func Allocated(run func()) uint64 {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	return allocated(run)
}

// allocs is the runtime metric of cumulative heap allocation.
const allocs = "/gc/heap/allocs:bytes"

func allocated(run func()) uint64 {
	runtime.GC()
	s := []metrics.Sample{{Name: allocs}}
	metrics.Read(s)
	before := s[0].Value.Uint64()
	run()
	// The metric counts a memory span's allocations when the span is
	// given back: a collection gives back the spans the run was filling,
	// which would otherwise go uncounted (a small run then measures less
	// than it allocates).
	runtime.GC()
	metrics.Read(s)
	return s[0].Value.Uint64() - before
}

// A T is the part of *testing.T that Linear uses.
type T interface {
	Helper()
	Errorf(format string, args ...any)
	Logf(format string, args ...any)
}

// Linear measures a size series, small against 8 times the input (large),
// in time (Ratio, bound MaxRatio) and in bytes allocated (BytesRatio, bound
// MaxBytesRatio), and fails t when either grows faster than linear work
// does. what names the input in the failure.
func Linear(t T, what string, small, large func()) {
	t.Helper()
	tr := Ratio(small, large)
	br := BytesRatio(small, large)
	if tr >= MaxRatio {
		t.Errorf("%s: 8 times the input costs %.1f times the time (bound %d): not linear", what, tr, MaxRatio)
	}
	if br >= MaxBytesRatio {
		t.Errorf("%s: 8 times the input allocates %.1f times the bytes (bound %d): not linear", what, br, MaxBytesRatio)
	}
	t.Logf("%s: 8 times the input: %.1f× the time, %.1f× the bytes", what, tr, br)
}
