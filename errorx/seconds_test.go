package errorx_test

import (
	"encoding/json"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/format"
)

// exactNanos returns the nanoseconds of s rounded to the nearest integer
// (halves away from zero), computed exactly, and whether they fit in an
// int64.
func exactNanos(s float64) (int64, bool) {
	r := new(big.Rat).SetFloat64(s)
	r.Mul(r, big.NewRat(1e9, 1))
	r.Add(r, big.NewRat(1, 2))
	n := new(big.Int).Quo(r.Num(), r.Denom()) // floor, as r > 0
	return n.Int64(), n.IsInt64()
}

// TestSecondsBoundary: every value whose nanoseconds fit in a Duration is
// accepted and converted exactly; every value past that is an error, never a
// wrapped-around negative Duration.
func TestSecondsBoundary(t *testing.T) {
	d, err := format.Seconds(format.MaxSeconds)
	if err != nil || d != math.MaxInt64-1332 {
		t.Fatalf("Seconds(MaxSeconds) = %d, %v; want %d", d, err, int64(math.MaxInt64-1332))
	}
	if _, ok := exactNanos(math.Nextafter(format.MaxSeconds, math.Inf(1))); ok {
		t.Fatal("MaxSeconds is not the largest value that fits")
	}
	// Around the boundary, against exact arithmetic.
	s := format.MaxSeconds
	for range 64 {
		s = math.Nextafter(s, 0)
	}
	for range 128 {
		want, fits := exactNanos(s)
		d, err := format.Seconds(s)
		switch {
		case fits && (err != nil || int64(d) != want):
			t.Errorf("Seconds(%v) = %d, %v; want %d", s, d, err, want)
		case !fits && err == nil:
			t.Errorf("Seconds(%v) = %v, nil; want an error (too large)", s, d)
		}
		s = math.Nextafter(s, math.Inf(1))
	}
	for _, bad := range []float64{
		9223372036.854775807, // math.MaxInt64 nanoseconds, which rounds up past it
		9223372037, 1e19, 1e300, math.MaxFloat64, math.Inf(1),
		-1, -1e-300, math.Inf(-1), math.NaN(),
	} {
		if d, err := format.Seconds(bad); err == nil {
			t.Errorf("Seconds(%v) = %v (%d ns), nil; want an error", bad, d, d)
		}
	}
	for _, ok := range []struct {
		s float64
		d time.Duration
	}{{0, 0}, {math.Copysign(0, -1), 0}, {0.001, time.Millisecond}, {1.5, 1500 * time.Millisecond}, {30, 30 * time.Second}, {5e-10, 1}, {4e-10, 0}} {
		if d, err := format.Seconds(ok.s); err != nil || d != ok.d {
			t.Errorf("Seconds(%v) = %v, %v; want %v", ok.s, d, err, ok.d)
		}
	}
	// Anywhere in range: exact but for a halfway tie the product rounds onto.
	r := rand.New(rand.NewPCG(1, 2))
	for range 10000 {
		s := r.Float64() * math.Pow(10, float64(r.IntN(20)-10))
		want, fits := exactNanos(s)
		d, err := format.Seconds(s)
		if fits != (err == nil) || fits && (d < 0 || int64(d)-want > 1 || want-int64(d) > 1) {
			t.Errorf("Seconds(%v) = %d, %v; want %d (fits %v)", s, d, err, want, fits)
		}
	}
}

// TestRetryAfterJSONBounds: the model's JSON form rejects a retry_after past
// the largest Duration and writes the largest Duration so that it reads back.
func TestRetryAfterJSONBounds(t *testing.T) {
	var e errorx.Error
	for _, bad := range []string{"9223372036.854775807", "9223372036.854776", "1e300"} {
		err := json.Unmarshal([]byte(`{"retry_after":`+bad+`}`), &e)
		if err == nil || !strings.Contains(err.Error(), `"retry_after"`) {
			t.Errorf("retry_after %s: err %v, RetryAfter %v; want an error naming retry_after", bad, err, e.RetryAfter)
		}
	}
	if err := json.Unmarshal([]byte(`{"retry_after":9223372036.854774}`), &e); err != nil || e.RetryAfter != math.MaxInt64-1332 {
		t.Errorf("retry_after MaxSeconds: %v, %v", e.RetryAfter, err)
	}
	for _, d := range []time.Duration{math.MaxInt64, math.MaxInt64 - 378, math.MaxInt64 - 1332} {
		b, err := json.Marshal(errorx.New("X", "m").WithRetryAfter(d))
		if err != nil {
			t.Fatal(err)
		}
		var back errorx.Error
		if err := json.Unmarshal(b, &back); err != nil || back.RetryAfter != math.MaxInt64-1332 {
			t.Errorf("RetryAfter %d: %s reads back as %d, %v", d, b, back.RetryAfter, err)
		}
	}
}
