package secret

import (
	"slices"
	"strings"
)

// MaskCredentials returns s with the credentials it spells out replaced by
// RedactedText, and whether there were any. By name (the key IsSecret with
// names):
//   - the value of key=value, key = value and URL-encoded key%3Dvalue
//     ("password=[redacted]" in a libpq or ADO.NET connection string,
//     "?api_key=[redacted]&" in a query);
//   - the value of key: value where the key starts a line, follows one of
//     { , ; ( [ or a quote, or a YAML list's "- " (YAML, HTTP headers, an
//     object literal), and the block of lines indented under such a key
//     whose value is empty, "|" or ">" (a YAML block; a plural name, as in
//     "secrets:", counts for a block as for a list or an object);
//   - the value of a command-line flag, --password x or --password=x.
//
// By shape, whatever the names:
//   - the password of a URL ("postgres://app:[redacted]@db/app"), or its
//     user when that is a random-looking token ("https://[redacted]@host");
//   - the password of a Go MySQL DSN ("app:[redacted]@tcp(db:3306)/app");
//   - a JSON Web Token (three base64url parts, the first "eyJ…");
//   - the random-looking token after "Bearer ".
//
// It reads s once: every look back or ahead ends where another one cannot
// reach, or moves the reading past what it read.
func MaskCredentials(s string, names []string) (string, bool) {
	var masks [][2]int // byte ranges of s to mask
	add := func(from, to int) {
		if from >= to || to-from <= len(RedactedText) && strings.HasPrefix(s[from:], RedactedText) {
			return // nothing, or what an earlier masking wrote (masking twice changes nothing)
		}
		if len(masks) == cap(masks) { // double: append grows large slices by a quarter
			masks = append(make([][2]int, 0, max(8, 2*len(masks))), masks...)
		}
		masks = append(masks, [2]int{from, to})
	}
	floor := 0 // where the last DSN's "@" was: no look back passes it
	// Each case looks at the next byte before calling anything: most of
	// the bytes it stops at ("e", "-", ":") start nothing.
	for i := 0; i < len(s); i++ {
		var next byte
		if i+1 < len(s) {
			next = s[i+1]
		}
		switch s[i] {
		case ':':
			if next == '/' && strings.HasPrefix(s[i:], "://") {
				from, to, end := urlCredential(s, i+3)
				add(from, to)
				i = end - 1
			} else if next == 0 || blank(next) || quoteByte(next) || next == '\n' || next == '\r' || i > 0 && quoteByte(s[i-1]) {
				if from, to, next := secretField(s, i, names); next > i {
					add(from, to)
					i = next - 1
				}
			}
		case '@':
			if dsnAddress(s[i+1:]) {
				if from := dsnPassword(s, floor, i); from >= 0 {
					add(from, i)
				}
				floor = i + 1
			}
		case '=':
			if from, to := secretAssignment(s, i, 1, names); from < to {
				add(from, to)
				i = to - 1
			}
		case '%':
			if next == '3' && (strings.HasPrefix(s[i:], "%3D") || strings.HasPrefix(s[i:], "%3d")) {
				if from, to := secretAssignment(s, i, 3, names); from < to {
					add(from, to)
					i = to - 1
				}
			}
		case '-':
			if next != '-' {
				break
			}
			if from, to, next := secretFlag(s, i, names); next > i {
				add(from, to)
				i = next - 1
			}
		case 'e':
			if next != 'y' {
				break
			}
			if end := jwtEnd(s, i); end > i {
				add(i, end)
				i = end - 1
			}
		case 'B', 'b':
			if next != 'e' && next != 'E' {
				break
			}
			if from, to := bearerToken(s, i); from < to {
				add(from, to)
				i = to - 1
			}
		}
	}
	if len(masks) == 0 {
		return s, false
	}
	slices.SortFunc(masks, func(a, b [2]int) int { return a[0] - b[0] })
	// Merge overlapping masks, then write the result, sized once.
	merged, size := masks[:1], len(s)
	for _, m := range masks[1:] {
		if last := &merged[len(merged)-1]; m[0] < last[1] {
			last[1] = max(last[1], m[1])
		} else {
			merged = append(merged, m)
		}
	}
	for _, m := range merged {
		size += len(RedactedText) - (m[1] - m[0])
	}
	var b strings.Builder
	b.Grow(size)
	done := 0
	for _, m := range merged {
		b.WriteString(s[done:m[0]])
		b.WriteString(RedactedText)
		done = m[1]
	}
	b.WriteString(s[done:])
	return b.String(), true
}

// urlCredential returns the range of the credential in the authority of a
// URL that starts at byte p of s (after "://"): the password of
// "user:password@host", the last "@" ending it, as in net/url, or the user
// of "user@host" when it is a random-looking token; and where the
// authority ends.
func urlCredential(s string, p int) (from, to, end int) {
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
		if randomLooking(s[p : p+at]) {
			return p, p + at, end
		}
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

// keyByte reports whether c may be part of a key: a letter, a digit, or
// one of _ - .
func keyByte(c byte) bool { return alnum(c) || c == '_' || c == '-' || c == '.' }

// blank reports whether c is a space or a tab.
func blank(c byte) bool { return c == ' ' || c == '\t' }

// quoteByte reports whether c is a quote character.
func quoteByte(c byte) bool { return c == '"' || c == '\'' }

// secretAssignment returns the value range of a key=value pair whose
// separator ("=", or "%3D" when width is 3) is at byte eq of s and whose
// key IsSecret with names, or an empty range. Spaces may surround "=";
// "==", "!=", "<=" and ">=" are comparisons, not pairs. A value runs to a
// space, ";", "&", "," or a quote ("%26" too after "%3D"), or is quoted.
func secretAssignment(s string, eq, width int, names []string) (from, to int) {
	k := eq
	if width == 1 {
		if eq+1 < len(s) && s[eq+1] == '=' || eq > 0 && strings.IndexByte("=!<>", s[eq-1]) >= 0 {
			return 0, 0
		}
		for k > 0 && blank(s[k-1]) {
			k--
		}
	}
	keyEnd := k
	for k > 0 && keyByte(s[k-1]) {
		k--
	}
	if k == keyEnd || !Is(s[k:keyEnd], names) {
		return 0, 0
	}
	from = eq + width
	if width == 1 {
		for from < len(s) && blank(s[from]) {
			from++
		}
	}
	if from < len(s) && quoteByte(s[from]) {
		return quotedValue(s, from)
	}
	to = from
	for to < len(s) && strings.IndexByte(" \t\r\n;&,\"'", s[to]) < 0 && !(width == 3 && strings.HasPrefix(s[to:], "%26")) {
		to++
	}
	return from, to
}

// quotedValue returns the range inside the quotes that open at byte q of
// s: to the closing quote, or to the end of the line when there is none.
func quotedValue(s string, q int) (from, to int) {
	from = q + 1
	if end := strings.IndexByte(s[from:], s[q]); end >= 0 {
		return from, from + end
	}
	return from, lineEnd(s, from)
}

// lineEnd returns where the line that holds byte i of s ends: at its "\r"
// or "\n", or at the end of s.
func lineEnd(s string, i int) int {
	if end := strings.IndexAny(s[i:], "\r\n"); end >= 0 {
		return i + end
	}
	return len(s)
}

// secretField returns the value range of a "key: value" field whose colon
// is at byte colon of s and whose key IsSecret with names, and where
// reading goes on; next is colon when there is no such field. The colon
// must be followed by a space, a tab, a line break, a quote or the end; the
// key (quoted or not) must start a line (after spaces, or a YAML list's
// "- ") or follow { , ; ( [ or a quote. The value is quoted, or runs to
// the end of the line (to a quote or , } ) ] ; after a quote or a bracket);
// an empty value, "|" or ">" at the start of a line opens a block: the
// lines below indented more than the key, masked as one range.
func secretField(s string, colon int, names []string) (from, to, next int) {
	keyEnd := colon
	var q byte
	if keyEnd > 0 && quoteByte(s[keyEnd-1]) {
		q = s[keyEnd-1]
		keyEnd--
	}
	// After an unquoted key the colon must be followed by a blank, a quote
	// or a line break ("12:30" and "https://" are no fields); after a
	// quoted one, as in compact JSON, by anything.
	if q == 0 && colon+1 < len(s) && !blank(s[colon+1]) && !quoteByte(s[colon+1]) && s[colon+1] != '\n' && s[colon+1] != '\r' {
		return 0, 0, colon
	}
	k := keyEnd
	for k > 0 && keyByte(s[k-1]) {
		k--
	}
	if k == keyEnd {
		return 0, 0, colon
	}
	key := s[k:keyEnd]
	if q != 0 {
		if k == 0 || s[k-1] != q {
			return 0, 0, colon
		}
		k--
	}
	// What the key follows: the start of a line, or a delimiter.
	c := k
	for c > 0 && blank(s[c-1]) {
		c--
	}
	var ctx byte // 0: the start of a line
	if c > 0 && s[c-1] != '\n' && s[c-1] != '\r' {
		ctx = s[c-1]
		if ctx == '-' { // a YAML list item, "- key:" at the start of a line
			d := c - 1
			for d > 0 && blank(s[d-1]) {
				d--
			}
			if d == 0 || s[d-1] == '\n' || s[d-1] == '\r' {
				ctx = 0
			}
		}
	}
	if ctx != 0 && strings.IndexByte("{,;([\"'", ctx) < 0 {
		return 0, 0, colon
	}
	v := colon + 1
	for v < len(s) && blank(s[v]) {
		v++
	}
	if ctx == 0 && (v == len(s) || s[v] == '\n' || s[v] == '\r' || blockIndicator(s, v)) {
		if !Is(key, names) && !Segment(key[strings.LastIndexByte(key, '.')+1:], names, true) {
			return 0, 0, colon
		}
		from, to = block(s, v, k-lineStart(s, k))
		return from, to, max(to, colon+1)
	}
	if !Is(key, names) {
		return 0, 0, colon
	}
	if v < len(s) && quoteByte(s[v]) {
		from, to = quotedValue(s, v)
		return from, to, max(to, colon+1)
	}
	if v < len(s) && (s[v] == '[' || s[v] == '{') && ctx != 0 {
		to = bracketed(s, v)
		return v, to, max(to, colon+1)
	}
	stops := "\r\n" // a value read after a delimiter also ends at its closing one
	switch {
	case quoteByte(ctx):
		stops = "\r\n\"'"
	case ctx != 0:
		stops = "\r\n,})];"
	}
	to = v
	for to < len(s) && strings.IndexByte(stops, s[to]) < 0 {
		to++
	}
	for to > v && blank(s[to-1]) {
		to--
	}
	return v, to, max(to, colon+1)
}

// bracketed returns where the list or object that opens at byte v of s
// ends: after its closing bracket, brackets inside quoted strings aside,
// or at the end of the line when it does not close there (text that is
// not JSON), so that masking it never reads past one line.
func bracketed(s string, v int) int {
	depth := 0
	var q byte
	for i := v; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\n' || c == '\r':
			return i
		case q != 0:
			if c == '\\' {
				i++
			} else if c == q {
				q = 0
			}
		case c == '"':
			q = c
		case c == '[' || c == '{':
			depth++
		case c == ']' || c == '}':
			depth--
			if depth == 0 {
				return i + 1
			}
		}
	}
	return len(s)
}

// blockIndicator reports whether a YAML block scalar's indicator ("|" or
// ">", then modifiers such as "-" or "2") ends the line at byte v of s.
func blockIndicator(s string, v int) bool {
	if v >= len(s) || s[v] != '|' && s[v] != '>' {
		return false
	}
	v++
	for v < len(s) && (s[v] == '-' || s[v] == '+' || '0' <= s[v] && s[v] <= '9') {
		v++
	}
	for v < len(s) && blank(s[v]) {
		v++
	}
	return v == len(s) || s[v] == '\n' || s[v] == '\r'
}

// lineStart returns where the line that holds byte i of s starts.
func lineStart(s string, i int) int {
	return strings.LastIndexAny(s[:i], "\r\n") + 1
}

// block returns the range of the block of lines after the line that holds
// byte v of s which are indented more than indent (blank lines inside it
// included): from the first line's first character to the last line's
// last, or an empty range.
func block(s string, v, indent int) (from, to int) {
	i := lineEnd(s, v)
	from, to = -1, -1
	for i < len(s) {
		if s[i] == '\r' && i+1 < len(s) && s[i+1] == '\n' {
			i++
		}
		i++ // the line break
		start := i
		for i < len(s) && blank(s[i]) {
			i++
		}
		end := lineEnd(s, i)
		switch {
		case i == end: // a blank line
		case i-start > indent:
			if from < 0 {
				from = i
			}
			to = end
		default:
			return max(from, 0), max(to, 0)
		}
		i = end
	}
	return max(from, 0), max(to, 0)
}

// secretFlag returns the value range of a command-line flag "--key value"
// whose dashes are at byte i of s and whose key IsSecret with names, and
// where reading goes on; next is i when there is no flag there. The dashes
// start s or follow a space or a quote; the value is the next word (quoted
// or not) unless it starts with "-". A flag followed by "=" is left to
// secretAssignment.
func secretFlag(s string, i int, names []string) (from, to, next int) {
	if !strings.HasPrefix(s[i:], "--") || i > 0 && !blank(s[i-1]) && !quoteByte(s[i-1]) && s[i-1] != '\n' {
		return 0, 0, i
	}
	end := i + 2
	for end < len(s) && keyByte(s[end]) {
		end++
	}
	if end == i+2 || end < len(s) && s[end] == '=' || !Is(s[i+2:end], names) {
		return 0, 0, end
	}
	v := end
	for v < len(s) && blank(s[v]) {
		v++
	}
	if v == end || v == len(s) || s[v] == '-' {
		return 0, 0, end
	}
	if quoteByte(s[v]) {
		from, to = quotedValue(s, v)
		return from, to, max(to, end)
	}
	to = v
	for to < len(s) && !blank(s[to]) && s[to] != '\n' && s[to] != '\r' {
		to++
	}
	return v, to, to
}

// base64URL reports whether c is a character of base64url.
func base64URL(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_'
}

// jwtEnd returns where a JSON Web Token that starts at byte i of s ends,
// or i when none does: "eyJ" not inside a longer base64url run, then three
// base64url parts joined by dots (the last one may be empty, as with alg
// "none"), the first two at least 8 characters long.
func jwtEnd(s string, i int) int {
	if !strings.HasPrefix(s[i:], "eyJ") || i > 0 && (base64URL(s[i-1]) || s[i-1] == '.') {
		return i
	}
	j := i
	for part := range 3 {
		start := j
		for j < len(s) && base64URL(s[j]) {
			j++
		}
		if part < 2 && (j-start < 8 || j == len(s) || s[j] != '.') {
			return i
		}
		if part < 2 {
			j++
		}
	}
	return j
}

// bearerToken returns the range of the token after "Bearer " (any case)
// that starts at byte i of s, when it is a JSON Web Token or
// random-looking, or an empty range.
func bearerToken(s string, i int) (from, to int) {
	const scheme = "bearer"
	if len(s)-i < len(scheme)+1 || !strings.EqualFold(s[i:i+len(scheme)], scheme) || i > 0 && alnum(s[i-1]) {
		return 0, 0
	}
	from = i + len(scheme)
	if !blank(s[from]) {
		return 0, 0
	}
	for from < len(s) && blank(s[from]) {
		from++
	}
	to = from
	for to < len(s) && (base64URL(s[to]) || strings.IndexByte(".~+/", s[to]) >= 0) {
		to++
	}
	for to < len(s) && s[to] == '=' {
		to++
	}
	if jwtEnd(s, from) == to || randomLooking(s[from:to]) {
		return from, to
	}
	return 0, 0
}

// randomLooking reports whether tok looks like a generated credential
// rather than a word or a name: at least 16 characters, with at least two
// of lower-case letters, upper-case letters after the first character,
// and digits ("ghp_16C7e42F…", a hex or base64 key; not
// "authentication-required", "ada.lovelace" or "x-access-token").
func randomLooking(tok string) bool {
	if len(tok) < 16 {
		return false
	}
	var lowerSeen, upperSeen, digitSeen bool
	for i := 0; i < len(tok); i++ {
		switch c := tok[i]; {
		case 'a' <= c && c <= 'z':
			lowerSeen = true
		case 'A' <= c && c <= 'Z':
			upperSeen = upperSeen || i > 0
		case '0' <= c && c <= '9':
			digitSeen = true
		}
	}
	return lowerSeen && (upperSeen || digitSeen) || upperSeen && digitSeen
}
