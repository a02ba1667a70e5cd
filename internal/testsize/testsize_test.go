package testsize

import (
	"fmt"
	"testing"
)

func TestN(t *testing.T) {
	t.Setenv(Env, "")
	if Long() || N(1, 2) != 1 {
		t.Errorf("unset: Long %v, N(1, 2) = %d; want false, 1", Long(), N(1, 2))
	}
	t.Setenv(Env, "0")
	if Long() || N(1, 2) != 1 {
		t.Errorf("0: Long %v, N(1, 2) = %d; want false, 1", Long(), N(1, 2))
	}
	t.Setenv(Env, "1")
	if !Long() || N(1, 2) != 2 {
		t.Errorf("1: Long %v, N(1, 2) = %d; want true, 2", Long(), N(1, 2))
	}
}

// TestRatio: a quadratic function measures far above a linear one, which
// is what the size-series tests tell apart.
func TestRatio(t *testing.T) {
	work := func(n int) func() {
		return func() {
			s := 0
			for i := range n {
				s += i
			}
			sink = s
		}
	}
	quadratic := func(n int) func() { return work(n * n) }
	if r := Ratio(work(1<<16), work(8<<16)); r >= 24 {
		t.Errorf("linear work: 8 times the input took %.1f times as long", r)
	}
	if r := Ratio(quadratic(1<<8), quadratic(8<<8)); r < 24 {
		t.Errorf("quadratic work: 8 times the input took only %.1f times as long", r)
	}
}

var sink int

// TestBytesRatio: work that allocates in proportion to its input measures
// near 8, work that allocates the square of it far above MaxBytesRatio.
func TestBytesRatio(t *testing.T) {
	alloc := func(n int) func() {
		return func() {
			for range n {
				byteSink = make([]byte, 64)
			}
		}
	}
	quadratic := func(n int) func() { return alloc(n * n) }
	if r := BytesRatio(alloc(1<<12), alloc(8<<12)); r >= MaxBytesRatio || r < 6 {
		t.Errorf("linear allocation: 8 times the input allocated %.1f times the bytes, want about 8", r)
	}
	if r := BytesRatio(quadratic(1<<6), quadratic(8<<6)); r < MaxBytesRatio {
		t.Errorf("quadratic allocation: 8 times the input allocated only %.1f times the bytes", r)
	}
}

// TestLinear: Linear fails a quadratic series, in time or in bytes, and
// passes a linear one.
func TestLinear(t *testing.T) {
	alloc := func(n int) func() {
		return func() {
			for range n {
				byteSink = make([]byte, 64)
			}
		}
	}
	var rec recorder
	Linear(&rec, "linear", alloc(1<<12), alloc(8<<12))
	if rec.failed {
		t.Errorf("Linear failed linear work: %s", rec.msg)
	}
	rec = recorder{}
	Linear(&rec, "quadratic", alloc(1<<6*1<<6), alloc(8<<6*8<<6))
	if !rec.failed {
		t.Error("Linear passed quadratic work")
	}
}

var byteSink []byte

type recorder struct {
	failed bool
	msg    string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.failed = true
	r.msg = fmt.Sprintf(format, args...)
}
func (r *recorder) Logf(string, ...any) {}

// TestAllocatedSmall: Allocated counts the bytes of a small run exactly
// (within the size classes' rounding), not only those of the memory spans
// the run filled up.
func TestAllocatedSmall(t *testing.T) {
	for _, n := range []int{10, 100, 1000} {
		got := Allocated(func() {
			for range n {
				byteSink = make([]byte, 64)
			}
		})
		if want := uint64(64 * n); got < want || got > want+want/10 {
			t.Errorf("%d allocations of 64 bytes: Allocated = %d, want %d", n, got, want)
		}
	}
}
