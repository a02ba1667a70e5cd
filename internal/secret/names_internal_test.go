package secret

import (
	"strconv"
	"strings"
	"testing"

	"github.com/mcperr/mcperr/internal/testsize"
)

// TestSecretWordsLinear: the word-by-word reading of a segment is linear
// in its words whatever its length, past MaxNameSegment too (IsSecret does
// not read such a segment; this shows the reading itself is linear).
func TestSecretWordsLinear(t *testing.T) {
	n := testsize.N(400, 4000)
	for _, unit := range []string{"pass_", "max_token_", "PassPass", "tokens_"} {
		series := func(n int) func() {
			seg := strings.Repeat(unit, n) + "_count"
			return func() {
				if secretWords(seg, Names, true) {
					t.Fatalf("%.40s… is secret", seg)
				}
			}
		}
		testsize.Linear(t, "secretWords over "+strconv.Quote(unit), series(n), series(8*n))
	}
}
