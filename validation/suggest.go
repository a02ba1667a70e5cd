package validation

import (
	"strings"
	"unicode"
)

// Closest returns the candidate nearest to s when one is near enough to be
// a likely typo, for "Did you mean …?" hints.
//
// Names are compared after folding case and dropping '_', '-', '.' and
// spaces, so "userName", "user_name" and "USERNAME" match each other
// exactly. The distance is the optimal string alignment distance (edits and
// adjacent transpositions) between the folded forms; a candidate is near
// when it is at most 1 for folded lengths up to 4, 2 up to 8 and 3 beyond.
// Ties go to the smaller distance between the unfolded strings, then to the
// earlier candidate. Strings of more than 32 characters are never near,
// nor are empty ones (or ones of separators only), as s or as candidates.
func Closest(s string, candidates ...string) (string, bool) {
	return closest(s, candidates, nil)
}

// closest is Closest with the candidates' folded forms, when known (nil
// entries are folds that were too long).
func closest(s string, candidates []string, folded [][]rune) (string, bool) {
	var fs, fc [maxNear]rune
	a, ok := fold(fs[:0], s)
	if !ok || len(a) == 0 {
		return "", false
	}
	best, bestD := -1, 0
	for i, c := range candidates {
		if c == s {
			continue
		}
		var b []rune
		if folded != nil {
			b, ok = folded[i], folded[i] != nil
		} else {
			b, ok = fold(fc[:0], c)
		}
		if !ok || len(b) == 0 {
			continue
		}
		limit := nearLimit(max(len(a), len(b)))
		if abs(len(a)-len(b)) > limit {
			continue
		}
		d := osa(a, b, limit)
		switch {
		case d > limit:
			continue
		case best < 0 || d < bestD:
			best, bestD = i, d
		case d == bestD && osaStrings(s, c) < osaStrings(s, candidates[best]):
			best = i
		}
	}
	if best < 0 {
		return "", false
	}
	return candidates[best], true
}

// foldAll folds every candidate once, for repeated closest calls.
func foldAll(candidates []string) [][]rune {
	out := make([][]rune, len(candidates))
	for i, c := range candidates {
		if f, ok := fold(nil, c); ok {
			if f == nil {
				f = []rune{}
			}
			out[i] = f
		}
	}
	return out
}

// maxNear is the longest string (in runes) Closest compares.
const maxNear = 32

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func nearLimit(n int) int {
	switch {
	case n <= 4:
		return 1
	case n <= 8:
		return 2
	}
	return 3
}

// fold lowercases s and drops separators into dst; false when s is too
// long.
func fold(dst []rune, s string) ([]rune, bool) {
	for _, r := range s {
		switch r {
		case '_', '-', '.', ' ':
			continue
		}
		if len(dst) == maxNear {
			return nil, false
		}
		dst = append(dst, unicode.ToLower(r))
	}
	return dst, true
}

func osaStrings(a, b string) int {
	var ra, rb [maxNear]rune
	x, y := ra[:0], rb[:0]
	for _, r := range a {
		if len(x) == maxNear {
			return 1 << 30
		}
		x = append(x, r)
	}
	for _, r := range b {
		if len(y) == maxNear {
			return 1 << 30
		}
		y = append(y, r)
	}
	return osa(x, y, maxNear)
}

// osa is the optimal string alignment distance of a and b (at most
// maxNear runes each), computed with three rows of bytes on the stack; it
// stops early, returning more than limit, once every entry of a row exceeds
// limit. A common prefix is skipped first: it never changes the distance.
func osa(a, b []rune, limit int) int {
	if len(a) > maxNear || len(b) > maxNear {
		return 1 << 30
	}
	for len(a) > 0 && len(b) > 0 && a[0] == b[0] {
		a, b = a[1:], b[1:]
	}
	n := len(b)
	if len(a) == 0 || n == 0 {
		return max(len(a), n)
	}
	var r0, r1, r2 [maxNear + 1]uint8
	prev2, prev, cur := r0[:n+1], r1[:n+1], r2[:n+1]
	for j := range prev {
		prev[j] = uint8(j)
	}
	for i, ai := range a {
		cur = cur[:n+1]
		prev = prev[:n+1]
		prev2 = prev2[:n+1]
		cur[0] = uint8(i + 1)
		rowMin := cur[0]
		for j := 1; j <= n; j++ {
			bj := b[j-1]
			cost := uint8(1)
			if ai == bj {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 0 && j > 1 && ai == b[j-2] && a[i-1] == bj {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if int(rowMin) > limit {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return int(prev[n])
}

// suggestions returns the names a "Did you mean …?" hint for the unknown
// key s offers: of the candidates near s (as Closest decides), those the
// call did not send (sent reports it for candidate i; nil: none was) are
// preferred, since the key cannot be a typo of a name that is already
// there; then the smaller distance, folded then unfolded. Candidates that
// still tie are all returned, in their order. None is near: nil.
func suggestions(s string, candidates []string, sent func(int) bool) []string {
	var fs [maxNear]rune
	a, ok := fold(fs[:0], s)
	if !ok || len(a) == 0 {
		return nil
	}
	type rank struct{ sent, d, du int }
	var best rank
	var out []string
	for i, c := range candidates {
		if c == s {
			continue
		}
		d, ok := nearness(a, c)
		if !ok {
			continue
		}
		r := rank{d: d, du: osaStrings(s, c)}
		if sent != nil && sent(i) {
			r.sent = 1
		}
		switch {
		case out == nil || r.sent < best.sent || r.sent == best.sent && (r.d < best.d || r.d == best.d && r.du < best.du):
			best, out = r, append(out[:0], c)
		case r == best:
			out = append(out, c)
		}
	}
	return out
}

// didYouMeanAll is "Did you mean 'a'?", "Did you mean 'a' or 'b'?", "Did
// you mean 'a', 'b' or 'c'?" (at most maxListed names).
func didYouMeanAll(names []string) string {
	if len(names) == 1 {
		return didYouMean(names[0])
	}
	names = names[:min(len(names), maxListed)]
	var b strings.Builder
	b.WriteString("Did you mean ")
	for i, n := range names {
		switch {
		case i == len(names)-1:
			b.WriteString(" or ")
		case i > 0:
			b.WriteString(", ")
		}
		b.WriteByte('\'')
		b.WriteString(n)
		b.WriteByte('\'')
	}
	b.WriteString("?")
	return b.String()
}

// sentKeys records, while an object is decoded, which fields it sent and
// where its unknown keys' fields are, so that their hints can prefer the
// names the call did not send (see suggestions). It allocates only for
// objects with unknown keys.
type sentKeys struct {
	small    uint64 // fields 0-63
	more     map[int]bool
	unknowns []unknownAt
}

type unknownAt struct {
	seq int // the field's record in the decoder (see bounded)
	key string
}

func (s *sentKeys) field(n int) {
	if n < 64 {
		s.small |= 1 << n
		return
	}
	if s.more == nil {
		s.more = map[int]bool{}
	}
	s.more[n] = true
}

func (s *sentKeys) has(n int) bool {
	if n < 64 {
		return s.small&(1<<n) != 0
	}
	return s.more[n]
}

func (s *sentKeys) unknown(seq int, key string) {
	s.unknowns = append(s.unknowns, unknownAt{seq, key})
}

// suggest rewrites the hints of the object's unknown keys once all its
// keys are known (those the decoder kept: see bounded).
func (d *decoder) suggest(s *sentKeys, si *structInfo) {
	for _, u := range s.unknowns {
		i := d.indexOf(u.seq)
		if i < 0 {
			continue
		}
		if names := suggestions(u.key, si.names, s.has); names != nil {
			d.probs.fields[i].Hint = didYouMeanAll(names)
		}
	}
}

// nearAny reports whether pred holds for one of the candidates near s, any
// of which a hint may name (see suggestions).
func nearAny(s string, candidates []string, pred func(int) bool) bool {
	var fs [maxNear]rune
	a, ok := fold(fs[:0], s)
	if !ok || len(a) == 0 {
		return false
	}
	for i, c := range candidates {
		if c == s {
			continue
		}
		if _, ok := nearness(a, c); ok && pred(i) {
			return true
		}
	}
	return false
}

// nearness is the distance between the folded a and candidate c folded,
// and whether c is near (see Closest).
func nearness(a []rune, c string) (int, bool) {
	var fc [maxNear]rune
	b, ok := fold(fc[:0], c)
	if !ok || len(b) == 0 {
		return 0, false
	}
	limit := nearLimit(max(len(a), len(b)))
	if abs(len(a)-len(b)) > limit {
		return 0, false
	}
	d := osa(a, b, limit)
	return d, d <= limit
}
