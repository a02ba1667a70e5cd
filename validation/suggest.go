package validation

import (
	"unicode"
	"unicode/utf8"
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
// earlier candidate. Strings longer than 64 bytes are never near.
func Closest(s string, candidates ...string) (string, bool) {
	var fs, fc [64]rune
	a := fold(fs[:0], s)
	if a == nil {
		return "", false
	}
	best, bestD, bestRaw := -1, 0, 0
	for i, c := range candidates {
		if c == s {
			continue
		}
		b := fold(fc[:0], c)
		if b == nil {
			continue
		}
		d := osa(a, b)
		if d > nearLimit(max(len(a), len(b))) {
			continue
		}
		raw := 0
		if best >= 0 && d == bestD {
			raw = osaStrings(s, c)
			if raw >= bestRaw {
				continue
			}
		} else if best >= 0 && d > bestD {
			continue
		} else {
			raw = osaStrings(s, c)
		}
		best, bestD, bestRaw = i, d, raw
	}
	if best < 0 {
		return "", false
	}
	return candidates[best], true
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

// fold lowercases s and drops separators into dst; nil when s is too long.
func fold(dst []rune, s string) []rune {
	if len(s) > 64 {
		return nil
	}
	for _, r := range s {
		switch r {
		case '_', '-', '.', ' ':
			continue
		}
		dst = append(dst, unicode.ToLower(r))
	}
	if dst == nil {
		dst = []rune{}
	}
	return dst
}

func osaStrings(a, b string) int {
	if utf8.RuneCountInString(a) > 64 || utf8.RuneCountInString(b) > 64 {
		return 1 << 30
	}
	var ra, rb [64]rune
	x, y := ra[:0], rb[:0]
	for _, r := range a {
		x = append(x, r)
	}
	for _, r := range b {
		y = append(y, r)
	}
	return osa(x, y)
}

// osa is the optimal string alignment distance of a and b (at most 64
// runes each), computed with three rows on the stack.
func osa(a, b []rune) int {
	if len(a) > 64 || len(b) > 64 {
		return 1 << 30
	}
	var r0, r1, r2 [65]int
	prev2, prev, cur := r0[:len(b)+1], r1[:len(b)+1], r2[:len(b)+1]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
