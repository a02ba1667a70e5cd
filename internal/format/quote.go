package format

import (
	"strings"
	"unicode/utf8"
)

// MaxQuoted is the most bytes of caller text Quote keeps; a longer text is
// cut at a character boundary and ends in "…".
const MaxQuoted = 64

// Quote returns s, a name the caller chose (a key, an action, a tool),
// as one of the server's sentences may name it: between double quotes, on
// one line, unable to add markdown structure or end the quotes, and at most
// MaxQuoted bytes of s. Line breaks and control characters become visible
// escapes and the characters of inline markdown get a backslash, as in
// AppendMarkdownText; a double quote becomes \"; each byte of invalid
// UTF-8 becomes U+FFFD, as encoding/json reads it, so that a sentence
// naming any bytes is valid text. An ordinary name (letters,
// digits, and . - / : between them, _ inside a word) is quoted unchanged:
// Quote("destory") is "\"destory\"".
//
// Quote only escapes: server sentences call errorx.Quote, which masks the
// credentials a text spells out first. A value the caller sent belongs in a
// field's Sent or in a detail, where every dialect escapes it and secrets
// are redacted, never in a sentence.
func Quote(s string) string { return string(AppendQuote(nil, s)) }

// AppendQuote appends Quote(s).
func AppendQuote(dst []byte, s string) []byte {
	cut := len(s) > MaxQuoted
	if cut {
		n := MaxQuoted
		for n > 0 && !utf8.RuneStart(s[n]) {
			n--
		}
		s = s[:n]
	}
	dst = append(dst, '"')
	for {
		i := strings.IndexByte(s, '"')
		if i < 0 {
			break
		}
		dst = appendMarkdown(dst, s[:i], false, true)
		dst = append(dst, '\\', '"')
		s = s[i+1:]
	}
	dst = appendMarkdown(dst, s, false, true)
	if cut {
		dst = append(dst, "…"...)
	}
	return append(dst, '"')
}
