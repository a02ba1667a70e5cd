package secret

import "strings"

// Names are the names that mark an argument or a detail as secret
// (see IsSecret for the rules): "password", "user.db_password",
// "X-API-Key", "refresh_token", "passwordConfirm", "aws_secret_access_key",
// "private_key_pem", "token2", "db_pass", "pin", "basic_auth",
// "aws_access_key", "webhook_signature" and "aws.credentials.user" are
// secret; "max_tokens", "token_count", "input_tokens", "password_hint",
// "author", "access_key_id", "token_id", "pinned", "spin", "passage",
// "compass" and "bypass" are not.
var Names = []string{
	"password", "passwd", "passphrase", "passcode", "pass", "pwd",
	"secret", "token", "apikey", "authorization", "credential", "credentials",
	"privatekey", "sessionid", "cookie", "pin", "otp", "totp", "cvv", "cvc",
	"auth", "bearer", "accesskey", "signature",
}

// secretQualifiers are word parts that, after a secret name, make a name
// that describes a secret rather than holds one: "token_count",
// "password_hint", "secret_name", "otp_enabled".
var secretQualifiers = []string{
	"count", "counts", "length", "len", "size", "limit", "limits", "max", "min",
	"hint", "hints", "policy", "rule", "rules", "strength", "type", "kind", "format",
	"url", "uri", "endpoint", "expires", "expiry", "expiration", "ttl", "lifetime", "age",
	"name", "arn", "file", "path", "version", "label", "field", "prompt",
	"required", "enabled", "disabled", "changed", "updated", "created", "used", "usage", "remaining", "rate",
	"id", "ids", "method", "methods", "mode", "scheme", "provider", "providers", "scope", "scopes", "status",
	"algorithm", "alg",
}

// countPrefixes are word parts that, before a secret name, make a name
// that counts rather than holds one: "max_token", "num_tokens".
var countPrefixes = []string{"max", "min", "num"}

// longName is the length from which a name also matches at the end of a
// longer word ("dbpassword", "accesstoken"); a shorter one ("pass", "pin")
// matches whole words only, so "compass" and "spin" are not secret.
const longName = 5

// maxNameSegment is the longest path segment IsSecret reads word by word.
// A longer one is secret: no argument's name is that long, a caller chooses
// how long a key it sends is, and redacting the value of such a key costs
// nothing worth keeping. Reading a segment is linear in its length, so no
// segment costs more than reading maxNameSegment bytes.
const maxNameSegment = 1024

// Is reports whether path (dotted segments) names a secret with
// names (Names when nil). Each segment is split into words at "-",
// "_", spaces and other punctuation, at a lower-case letter followed by an
// upper-case one, at the end of an acronym ("APIKey" is API Key) and
// between letters and digits; case is ignored. A segment is secret when
// consecutive words spell a name ("api", "key" spells "apikey"), or a
// word ends with a name of 5 letters or more ("dbpassword"), and
//   - no word after it qualifies it as a description (count, length, hint,
//     policy, type, name, url, expires, enabled and the like:
//     "password_hint", "token_count" and "secret_name" are not secret),
//   - no word before it is max, min or num ("max_token").
//
// A name plus "s" ending a segment before the last is secret too, with or
// without a count prefix: the elements of "api_keys.0" and "max_tokens.0"
// are; RedactSecrets also redacts a value at such a last segment when it is
// a list or an object. Everything under a secret segment is secret, and so
// is a segment longer than maxNameSegment bytes, unless names is empty.
// Is allocates nothing and is linear in the length of path.
func Is(path string, names []string) bool {
	if names == nil {
		names = Names
	}
	for path != "" {
		seg, rest, more := strings.Cut(path, ".")
		if Segment(seg, names, more) {
			return true
		}
		path = rest
	}
	return false
}

// Segment reports whether seg is secret by names, or, when plural,
// also whether it ends with one of names plus "s".
func Segment(seg string, names []string, plural bool) bool {
	if len(names) == 0 {
		return false
	}
	return len(seg) > maxNameSegment || secretWords(seg, names, plural)
}

// secretWords is secretSegment reading seg word by word, whatever its
// length. It reads each word a bounded number of times: at its end, the
// names that end with its last letter (each at most as far back as the
// name is long), and once, for the whole segment, where the last qualifier
// ends.
func secretWords(seg string, names []string, plural bool) bool {
	q := newQualified(seg)
	for _, end := nextWord(seg, 0); end > 0; {
		_, next := nextWord(seg, end)
		pluralEnd := plural && lower(seg[end-1]) == 's' && next < 0
		c, cs := lower(seg[end-1]), lower(seg[max(end-2, 0)])
		for _, n := range names {
			// Most names do not end with the word's last letter: skip them
			// before nameEndsAt, the common lower-case ones first.
			if n == "" {
				continue
			}
			if e := n[len(n)-1]; e != c && !(pluralEnd && e == cs) {
				if 'a' <= e && e <= 'z' || '0' <= e && e <= '9' {
					continue
				}
				if e = lower(e); alnum(e) && e != c && !(pluralEnd && e == cs) {
					continue
				}
			}
			if nameEndsAt(seg, end, n, true, &q) || pluralEnd && nameEndsAt(seg, end-1, n, false, &q) {
				return true
			}
		}
		end = next
	}
	return false
}

// qualified finds where the last word of a segment that qualifies a name
// (secretQualifiers) ends, reading the segment's words from its end, only
// as far back as a question needs and never twice.
type qualified struct {
	seg  string
	last int // the end of the last qualifier word, or -1 when none is known
	from int // the words that end after from have been read: from is where the last one read starts
}

func newQualified(seg string) qualified { return qualified{seg: seg, last: -1, from: len(seg)} }

// after reports whether a qualifier word ends after byte end of the segment.
func (q *qualified) after(end int) bool {
	for q.last < 0 && q.from > end {
		w := lastWordEnd(q.seg, q.from)
		if w <= end {
			q.from = max(w, 0)
			break
		}
		start := w - 1
		for start > 0 && !wordStart(q.seg, start) {
			start--
		}
		if oneOf(q.seg[start:w], secretQualifiers) {
			q.last = w
		}
		q.from = start
	}
	return q.last > end
}

// nameEndsAt reports whether name (letters and digits; anything else in it
// is ignored) ends at byte end of seg by the rules of IsSecret; counted
// says whether a count prefix ("max") makes it no secret.
func nameEndsAt(seg string, end int, name string, counted bool, q *qualified) bool {
	start := matchBefore(seg, end, name)
	if start < 0 || !wordStart(seg, start) && alnumLen(name) < longName {
		return false
	}
	if q.after(end) {
		return false
	}
	if counted && start > 0 && wordStart(seg, start) {
		if i := lastWordEnd(seg, start); i > 0 && wordIsOneOf(seg, i, countPrefixes) {
			return false
		}
	}
	return true
}

// matchBefore compares name with the letters and digits of seg[:end] from
// the end, ignoring case and anything else, and returns where the match
// starts in seg, or -1.
func matchBefore(seg string, end int, name string) int {
	i, start := end, -1
	for j := len(name) - 1; j >= 0; j-- {
		c := lower(name[j])
		if !alnum(c) {
			continue
		}
		for i > 0 && !alnum(seg[i-1]) {
			i--
		}
		if i == 0 || lower(seg[i-1]) != c {
			return -1
		}
		i--
		start = i
	}
	return start
}

// nextWord returns the start and the end of the first word of seg at or
// after byte i (0 or the end of a word), or -1, -1 when there is none.
func nextWord(seg string, i int) (start, end int) {
	for i < len(seg) && !alnum(seg[i]) {
		i++
	}
	if i == len(seg) {
		return -1, -1
	}
	start = i
	for i++; i < len(seg) && alnum(seg[i]) && !wordStart(seg, i); i++ {
	}
	return start, i
}

// lastWordEnd returns the end of the last word that ends at or before
// byte i of seg, or -1.
func lastWordEnd(seg string, i int) int {
	for i > 0 && !alnum(seg[i-1]) {
		i--
	}
	if i == 0 {
		return -1
	}
	return i
}

// wordIsOneOf reports whether the word of seg that ends at byte end is one
// of words, ignoring case; it reads no more of seg than the longest of them.
func wordIsOneOf(seg string, end int, words []string) bool {
	for _, w := range words {
		start := end - len(w)
		if start < 0 || !wordStart(seg, start) || !strings.EqualFold(seg[start:end], w) {
			continue
		}
		whole := true
		for i := start + 1; i < end && whole; i++ {
			whole = !wordStart(seg, i)
		}
		if whole {
			return true
		}
	}
	return false
}

// wordStart reports whether a word of seg starts at byte i, which holds a
// letter or a digit: after anything else, at an upper-case letter after a
// lower-case one or a digit, at the last upper-case letter of an acronym
// followed by a lower-case one ("APIKey"), between letters and digits.
func wordStart(seg string, i int) bool {
	if i == 0 || !alnum(seg[i-1]) {
		return true
	}
	p, c := seg[i-1], seg[i]
	switch {
	case digit(p) != digit(c):
		return true
	case upper(c) && !upper(p):
		return true
	case upper(c) && upper(p) && i+1 < len(seg) && isLower(seg[i+1]):
		return true
	}
	return false
}

// oneOf reports whether word is one of words (ASCII), ignoring case.
func oneOf(word string, words []string) bool {
	if word == "" {
		return false
	}
	c := lower(word[0])
	for _, w := range words {
		if len(w) == len(word) && lower(w[0]) == c && strings.EqualFold(word, w) {
			return true
		}
	}
	return false
}

func alnumLen(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if alnum(s[i]) {
			n++
		}
	}
	return n
}

// alnum reports whether c is part of a word: an ASCII letter or digit, or
// a byte of a non-ASCII character (which counts as a lower-case letter).
func alnum(c byte) bool   { return c >= 0x80 || digit(c) || upper(c) || isLower(c) }
func digit(c byte) bool   { return '0' <= c && c <= '9' }
func upper(c byte) bool   { return 'A' <= c && c <= 'Z' }
func isLower(c byte) bool { return 'a' <= c && c <= 'z' || c >= 0x80 }

func lower(c byte) byte {
	if upper(c) {
		return c + 'a' - 'A'
	}
	return c
}
