package errorx_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/mcperr/mcperr/errorx"
	isecret "github.com/mcperr/mcperr/internal/secret"
	"github.com/mcperr/mcperr/internal/sentence"
	"github.com/mcperr/mcperr/internal/testsize"
)

// hostileKeyUnits are the words of keys that make a word-by-word reader of
// names do the most work: names that match and are then taken back by a
// qualifier at the end of the key or a count prefix before each, in every
// way of cutting words.
var hostileKeyUnits = []string{"pass_", "password-", "Pass", "PASS_", "max_token_", "pin1", "token__  __", "api.key_"}

// hostileKey is a key of n units of unit, ending with a qualifier, so that
// no name in it is a secret.
func hostileKey(unit string, n int) string {
	return strings.Repeat(unit, n) + "_count"
}

// TestIsSecretLinear: IsSecret is linear in the words of a key (it used to
// look at every later word for each name it found: 20 KB of
// "pass_pass_…_count" took 1.28 s, one 100 KB key 29.7 s), up to
// MaxNameSegment bytes a segment, past which it reads no words.
func TestIsSecretLinear(t *testing.T) {
	const reps = 50
	for _, unit := range hostileKeyUnits {
		n := (maxNameSegment - len("_count")) / len(unit) / 8
		series := func(n int) func() {
			key := hostileKey(unit, n)
			return func() {
				for range reps {
					if isecret.Is(key, nil) && !strings.Contains(unit, ".") {
						t.Fatalf("%.40s… is secret", key)
					}
				}
			}
		}
		testsize.Linear(t, "IsSecret over "+strconv.Quote(unit)+" keys", series(n), series(8*n))
	}
}

// TestIsSecretLongSegment: a segment longer than MaxNameSegment is secret
// without being read word by word (no argument's name is that long); one
// as long is read. With no names nothing is secret.
func TestIsSecretLongSegment(t *testing.T) {
	long := strings.Repeat("a", maxNameSegment+1)
	assert := func(want bool, path string, names []string) {
		t.Helper()
		if got := isecret.Is(path, names); got != want {
			t.Errorf("IsSecret(%.20q… %d bytes, %q) = %v", path, len(path), names, got)
		}
	}
	assert(true, long, nil)
	assert(true, "user."+long+".name", nil)
	assert(true, long, []string{"ssn"})
	assert(false, long, []string{})
	assert(false, long[1:], nil)
	assert(false, strings.Repeat("token_count.", 1000), nil) // a long path of short segments
	n := testing.AllocsPerRun(100, func() { _ = isecret.Is(long, nil) })
	if n != 0 {
		t.Errorf("%v allocations", n)
	}
}

// TestRedactSecretsManyKeysLinear: redacting an echoed object of many
// hostile keys, and a JSON text holding one, is linear in time and bytes.
func TestRedactSecretsManyKeysLinear(t *testing.T) {
	n := testsize.N(500, 4000)
	build := func(text bool) func(n int) func() {
		return func(n int) func() {
			m := make(map[string]any, n)
			var b strings.Builder
			b.WriteString("{")
			for i := range n {
				k := hostileKey("pass_", 20) + strconv.Itoa(i)
				m[k] = "v"
				if i > 0 {
					b.WriteString(",")
				}
				b.WriteString(strconv.Quote(k) + `:"v"`)
			}
			b.WriteString(`,"password":"hunter2"}`)
			m["password"] = "hunter2"
			var sent any = m
			if text {
				sent = b.String()
			}
			e := errorx.New("X", "m").WithFields(sentence.SentField("args", sent, "m"))
			return func() {
				if isecret.RedactError(e, nil) == e {
					t.Fatal("nothing redacted")
				}
			}
		}
	}
	testsize.Linear(t, "an object of hostile keys", build(false)(n), build(false)(8*n))
	testsize.Linear(t, "a JSON text of hostile keys", build(true)(n), build(true)(8*n))
}

// maxNameSegment is the longest path segment secret names are read in
// word by word (internal/secret's bound, docs/security.md).
const maxNameSegment = 1024
