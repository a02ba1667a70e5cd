package format

import (
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// AppendMarkdownText appends s, text a caller chose (a value it sent, a key
// it named), for use inside one line of markdown: it cannot end the line,
// start a block or add formatting.
//
//   - Line breaks and the other control characters are written as visible
//     escapes: \n, \r and \uXXXX (tab stays as it is), and so are U+0085,
//     U+2028 and U+2029, which some readers take for line breaks. Nothing
//     after them can start a new paragraph, heading or list item.
//   - The characters of inline markdown are escaped with a backslash, as
//     CommonMark reads it: \ ` * [ ] < ~, and _ except between two letters
//     or digits (user_name stays as it is: CommonMark reads no emphasis
//     there). No bold label (**Recovery:**), link, code span or HTML tag
//     can be forged.
//
// Text without these characters is appended unchanged. Invalid UTF-8 is
// copied as it is (the caller replaces it for the whole block).
func AppendMarkdownText(dst []byte, s string) []byte {
	return appendMarkdown(dst, s, false, false)
}

// appendMarkdown writes s with line breaks and control characters escaped
// and, unless code (the text of a code span, where a backslash is a
// backslash), the characters of inline markdown too; with valid, each
// byte of invalid UTF-8 becomes U+FFFD, else it is copied.
func appendMarkdown(dst []byte, s string, code, valid bool) []byte {
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			esc := markdownEscape(s, i, code)
			if esc != "" {
				dst = append(dst, s[start:i]...)
				dst = append(dst, esc...)
				start = i + 1
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '\u0085' || r == '\u2028' || r == '\u2029':
			dst = append(dst, s[start:i]...)
			dst = appendUnicodeEscape(dst, r)
			start = i + size
		case valid && r == utf8.RuneError && size == 1:
			dst = append(dst, s[start:i]...)
			dst = append(dst, "\uFFFD"...)
			start = i + size
		}
		i += size
	}
	return append(dst, s[start:]...)
}

// markdownEscape returns what the ASCII byte s[i] is written as, or "" when
// it is written as it is; in a code span only control characters are
// escaped.
func markdownEscape(s string, i int, code bool) string {
	switch c := s[i]; {
	case c == '\n':
		return `\n`
	case c == '\r':
		return `\r`
	case c == '\t':
		return ""
	case c < 0x20:
		return controlEscapes[c]
	case code:
		return ""
	case c == '\\' || c == '`' || c == '*' || c == '[' || c == ']' || c == '<' || c == '~':
		return markdownPunct[c]
	case c == '_':
		if i > 0 && i+1 < len(s) && wordByteBefore(s, i) && wordByteAfter(s, i+1) {
			return ""
		}
		return `\_`
	}
	return ""
}

// markdownPunct maps each escaped punctuation character to its escape.
var markdownPunct = func() (t [utf8.RuneSelf]string) {
	for _, c := range []byte("\\`*[]<~") {
		t[c] = `\` + string(c)
	}
	return t
}()

// controlEscapes holds the \u00XX escape of each C0 control character.
var controlEscapes = func() (t [0x20]string) {
	for c := range t {
		t[c] = string(appendUnicodeEscape(nil, rune(c)))
	}
	return t
}()

func appendUnicodeEscape(dst []byte, r rune) []byte {
	return append(dst, '\\', 'u', hexDigit(r>>12), hexDigit(r>>8), hexDigit(r>>4), hexDigit(r))
}

func hexDigit(r rune) byte { return "0123456789abcdef"[r&0xF] }

// wordByteBefore and wordByteAfter report whether the character that ends
// before i, or starts at i, is a letter or a digit.
func wordByteBefore(s string, i int) bool {
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

func wordByteAfter(s string, i int) bool {
	r, _ := utf8.DecodeRuneInString(s[i:])
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// AppendMarkdownLineStart is AppendMarkdownText for text that starts a
// line (a list item's first words): a character that would make the line
// a heading, a quote, a list item or a rule there (# > - + =, or the . or )
// after leading digits) is escaped too, and so is a leading space or tab,
// written \u0020 or \u0009, which would otherwise indent the line into a
// code block.
func AppendMarkdownLineStart(dst []byte, s string) []byte {
	digits := 0
	for digits < len(s) && '0' <= s[digits] && s[digits] <= '9' {
		digits++
	}
	switch {
	case s == "":
	case s[0] == ' ' || s[0] == '\t':
		dst = appendUnicodeEscape(dst, rune(s[0]))
		s = s[1:]
	case strings.ContainsRune("#>-+=", rune(s[0])):
		dst = append(dst, '\\', s[0])
		s = s[1:]
	case digits > 0 && digits < len(s) && (s[digits] == '.' || s[digits] == ')'):
		dst = append(dst, s[:digits]...)
		dst = append(dst, '\\', s[digits])
		s = s[digits+1:]
	}
	return AppendMarkdownText(dst, s)
}

// AppendSentMarkdown is AppendSent for a markdown line: the caller's text
// in the value (a string's characters, an object's keys and strings) is
// escaped as AppendMarkdownText escapes it; a mask, the numbers, null,
// (missing) and array(N) are written as AppendSent writes them.
func AppendSentMarkdown(dst []byte, v any, sent bool) []byte {
	if _, masked := v.(Masked); masked || !sent {
		return AppendSent(dst, v, sent)
	}
	start := len(dst)
	dst = AppendSent(dst, v, sent)
	if plainMarkdown(dst[start:]) {
		return dst // no allocation: the common case
	}
	text := string(dst[start:])
	return AppendMarkdownText(dst[:start], text)
}

// plainMarkdown reports whether AppendMarkdownText would copy b unchanged.
func plainMarkdown(b []byte) bool {
	s := unsafe.String(unsafe.SliceData(b), len(b)) // only read here
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < utf8.RuneSelf && markdownEscape(s, i, false) != "" ||
			c == 0xc2 && strings.HasPrefix(s[i:], "\u0085") || c == 0xe2 && (strings.HasPrefix(s[i:], "\u2028") || strings.HasPrefix(s[i:], "\u2029")) {
			return false
		}
	}
	return true
}

// AppendMarkdownCode appends s as a markdown code span: between backticks,
// more of them than s holds in a row, with a space inside each when s
// starts or ends with a backtick (CommonMark's rule); line breaks and the
// other control characters are written \n, \r and \uXXXX, so that the span
// cannot end the line.
func AppendMarkdownCode(dst []byte, s string) []byte {
	run, longest := 0, 0
	for i := range len(s) {
		if s[i] == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	pad := s != "" && (s[0] == '`' || s[len(s)-1] == '`')
	dst = append(dst, fence...)
	if pad {
		dst = append(dst, ' ')
	}
	dst = appendMarkdown(dst, s, true, false)
	if pad {
		dst = append(dst, ' ')
	}
	return append(dst, fence...)
}
