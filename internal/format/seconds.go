package format

import (
	"fmt"
	"math"
	"strconv"
	"time"
)

// MaxSeconds is the largest delay in seconds that Seconds accepts: the
// largest float64 whose nanoseconds, rounded, fit in a time.Duration. It is
// math.MaxInt64 nanoseconds (about 292 years) less 1332; the next float64
// up is already past math.MaxInt64. Writers of the model's retry_after (errorx's JSON form and every
// dialect) clamp
// to it so that every delay they write reads back.
const MaxSeconds = 9223372036.854774

// maxWholeSeconds is the whole seconds of the largest Duration.
const maxWholeSeconds = math.MaxInt64 / int64(time.Second)

// Seconds converts a retry delay in seconds to a Duration, rounding to the
// nearest nanosecond. Negative and NaN values are errors, and so are values
// whose nanoseconds do not fit in a Duration: +Inf and anything past
// MaxSeconds.
func Seconds(s float64) (time.Duration, error) {
	if !(s >= 0) { // negative or NaN
		return 0, fmt.Errorf("%v is not a delay in seconds", s)
	}
	// The whole seconds and the fraction are each exact, so the result is
	// the nanosecond nearest to s itself, not to the rounded product s*1e9
	// (which near the top is a multiple of 1024 and can round past the
	// largest Duration).
	whole, frac := math.Modf(s)
	if whole <= float64(maxWholeSeconds) {
		d := time.Duration(whole) * time.Second
		ns := time.Duration(math.Round(frac * 1e9)) // 0 to 1e9
		if d <= math.MaxInt64-ns {
			return d + ns, nil
		}
	}
	return 0, fmt.Errorf("%s seconds is too long a delay (at most %s, about 292 years)", secondsText(s), secondsText(MaxSeconds))
}

// secondsText formats s as JavaScript does: positional up to 1e21.
func secondsText(s float64) string {
	if s < 1e21 {
		return strconv.FormatFloat(s, 'f', -1, 64)
	}
	return strconv.FormatFloat(s, 'g', -1, 64)
}
