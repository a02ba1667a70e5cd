package validation

import (
	"math/rand/v2"
	"testing"

	"github.com/mcperr/mcperr/internal/testsize"
)

// osaReference is the textbook optimal string alignment distance.
func osaReference(a, b []rune) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

func TestOSAMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	word := func() []rune {
		w := make([]rune, r.IntN(9))
		for i := range w {
			w[i] = rune('a' + r.IntN(3))
		}
		return w
	}
	for range testsize.N(20_000, 200_000) { // random pairs; 200,000 in the long run
		a, b := word(), word()
		want := osaReference(a, b)
		for limit := range 10 {
			got := osa(a, b, limit)
			if (want <= limit && got != want) || (want > limit && got <= limit) {
				t.Fatalf("osa(%q, %q, %d) = %d, reference %d", string(a), string(b), limit, got, want)
			}
		}
	}
}
