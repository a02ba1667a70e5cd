package render_test

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/render"
)

// withRetryAfter renders a rate-limited error in d with a retry_after of 30
// seconds, then puts secs in its place on the wire.
func withRetryAfter(t *testing.T, d render.Dialect, secs string) *render.Result {
	t.Helper()
	b, err := json.Marshal(d.Render(errorx.New(errorx.CodeRateLimited, "Too many requests.").WithRetryAfter(30 * time.Second)))
	if err != nil {
		t.Fatal(err)
	}
	wire := strings.NewReplacer(
		`\"retry_after\":30`, `\"retry_after\":`+secs, // in a text block
		`"retry_after":30`, `"retry_after":`+secs, // in structuredContent
		`\u003cretry_after\u003e30 seconds`, `\u003cretry_after\u003e`+secs+` seconds`, // xml, HTML-safe
	).Replace(string(b))
	if wire == string(b) {
		t.Fatalf("%s: no retry_after on the wire: %s", d.Name(), b)
	}
	var res render.Result
	if err := json.Unmarshal([]byte(wire), &res); err != nil {
		t.Fatal(err)
	}
	return &res
}

// TestDecodeRetryAfterBounds: a retry_after past the largest Duration never
// decodes to a negative (wrapped-around) delay. A JSON dialect keeps the
// member as one of the user's details, as it does any member of the wrong
// type; xml drops the element. The largest delay that fits decodes exactly.
func TestDecodeRetryAfterBounds(t *testing.T) {
	for _, d := range dialects() {
		for _, secs := range []string{"9223372036.854775807", "9223372036.854776", "1e300", "-5"} {
			e, name := render.Decode(withRetryAfter(t, d, secs))
			if name != d.Name() || e == nil {
				t.Fatalf("%s: retry_after %s decodes as dialect %q", d.Name(), secs, name)
			}
			if e.RetryAfter != 0 {
				t.Errorf("%s: retry_after %s decodes to RetryAfter %v (%d ns); want none", d.Name(), secs, e.RetryAfter, e.RetryAfter)
			}
			_, kept := e.Details.Get("retry_after")
			if kept != (d.Name() != "xml") {
				t.Errorf("%s: retry_after %s kept as a detail: %v", d.Name(), secs, kept)
			}
		}
		e, _ := render.Decode(withRetryAfter(t, d, "9223372036.854774")) // format.MaxSeconds
		if _, kept := e.Details.Get("retry_after"); e.RetryAfter != math.MaxInt64-1332 || kept {
			t.Errorf("%s: retry_after MaxSeconds decodes to %d (detail %v)", d.Name(), e.RetryAfter, kept)
		}
	}
}

// TestRenderLongestRetryAfter: the longest delay is written as a number of
// seconds that reads back, not one rounded past the largest Duration
// (interbase: the whole seconds of the largest Duration).
func TestRenderLongestRetryAfter(t *testing.T) {
	for _, d := range dialects() {
		for _, after := range []time.Duration{math.MaxInt64, math.MaxInt64 - 378} {
			e, _ := render.Decode(d.Render(errorx.New(errorx.CodeRateLimited, "Too many requests.").WithRetryAfter(after)))
			want := time.Duration(math.MaxInt64 - 1332)
			if d.Name() == "interbase" {
				want = math.MaxInt64 / time.Second * time.Second // whole seconds
			}
			if _, kept := e.Details.Get("retry_after"); e.RetryAfter != want || kept {
				t.Errorf("%s: RetryAfter %d decodes to %d (detail %v)", d.Name(), after, e.RetryAfter, kept)
			}
		}
	}
}
