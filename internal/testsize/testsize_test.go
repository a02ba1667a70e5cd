package testsize

import "testing"

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
