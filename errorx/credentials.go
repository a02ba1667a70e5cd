package errorx

import (
	"slices"
	"strings"
)

// maskCredentials returns s with the credentials it spells out replaced by
// RedactedText, and whether there were any: the password of a URL
// ("postgres://app:[redacted]@db/app"), of a Go MySQL DSN
// ("app:[redacted]@tcp(db:3306)/app"), and the value of a key=value pair
// whose key IsSecret with names ("password=[redacted]" in a libpq or
// ADO.NET connection string, "?api_key=[redacted]&" in a query). It reads
// s once.
func maskCredentials(s string, names []string) (string, bool) {
	if !strings.ContainsAny(s, "@=") {
		return s, false
	}
	var masks [][2]int // byte ranges of s to mask, in order
	floor := 0         // where the last DSN's "@" was: no look back passes it
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ':':
			if strings.HasPrefix(s[i:], "://") {
				from, to, end := urlPassword(s, i+3)
				if from < to {
					masks = append(masks, [2]int{from, to})
				}
				i = end - 1
			}
		case '@':
			if dsnAddress(s[i+1:]) {
				if from := dsnPassword(s, floor, i); from >= 0 {
					masks = append(masks, [2]int{from, i})
				}
				floor = i + 1
			}
		case '=':
			if from, to := secretAssignment(s, i, names); from < to {
				masks = append(masks, [2]int{from, to})
				i = to - 1
			}
		}
	}
	if len(masks) == 0 {
		return s, false
	}
	slices.SortFunc(masks, func(a, b [2]int) int { return a[0] - b[0] })
	var b strings.Builder
	b.Grow(len(s))
	done := 0
	for _, m := range masks {
		if m[0] < done { // overlaps the previous mask
			done = max(done, m[1])
			continue
		}
		b.WriteString(s[done:m[0]])
		b.WriteString(RedactedText)
		done = m[1]
	}
	b.WriteString(s[done:])
	return b.String(), true
}

// urlPassword returns the range of the password in the authority of a
// URL that starts at byte p of s (after "://"): "user:password@host", the
// last "@" ending it, as in net/url; and where the authority ends.
func urlPassword(s string, p int) (from, to, end int) {
	end = p
	for end < len(s) && strings.IndexByte("/?# \t\r\n\"'<>", s[end]) < 0 {
		end++
	}
	at := strings.LastIndexByte(s[p:end], '@')
	if at < 0 {
		return 0, 0, end
	}
	colon := strings.IndexByte(s[p:p+at], ':')
	if colon < 0 {
		return 0, 0, end
	}
	return p + colon + 1, p + at, end
}

// dsnPassword returns where the password of a Go MySQL DSN starts,
// "user:password@tcp(host)/db", whose "@" is at byte at of s, or -1. It
// looks back to a space, a quote, "=", ";" or ",", and never before floor.
func dsnPassword(s string, floor, at int) int {
	start := at
	for start > floor && strings.IndexByte(" \t\r\n\"'<>=;,", s[start-1]) < 0 {
		start--
	}
	word := s[start:at]
	colon := strings.IndexByte(word, ':')
	if colon < 0 || strings.Contains(word, "://") || strings.ContainsAny(word[:colon], "/?#") {
		return -1
	}
	return start + colon + 1
}

// dsnAddress reports whether rest, what follows the "@" of a word without
// a scheme, is a Go MySQL DSN's address: "tcp(", "unix(", "(" or "/".
func dsnAddress(rest string) bool {
	i := 0
	for i < len(rest) && 'a' <= rest[i] && rest[i] <= 'z' {
		i++
	}
	return i < len(rest) && rest[i] == '(' || i == 0 && rest != "" && rest[0] == '/'
}

// secretAssignment returns the value range of a key=value pair whose "="
// is at byte eq of s and whose key IsSecret with names, or an empty range.
// A value runs to a space, ";", "&" or "," or is quoted.
func secretAssignment(s string, eq int, names []string) (from, to int) {
	k := eq
	for k > 0 && (alnum(s[k-1]) || strings.IndexByte("_-.", s[k-1]) >= 0) {
		k--
	}
	if k == eq || !IsSecret(s[k:eq], names) {
		return 0, 0
	}
	from = eq + 1
	if from < len(s) && (s[from] == '\'' || s[from] == '"') {
		q := s[from]
		from++
		to = from
		for to < len(s) && s[to] != q {
			to++
		}
		return from, to
	}
	to = from
	for to < len(s) && strings.IndexByte(" \t\r\n;&,\"'", s[to]) < 0 {
		to++
	}
	return from, to
}
