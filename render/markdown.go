package render

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/format"
	"github.com/mcperr/mcperr/internal/jsonw"
)

// markdownPrefix starts the human-readable block of a toolError:v1 result.
const markdownPrefix = "**Error:** "

// decodeMarkdown reads toolError:v1's markdown block alone, as a client
// gets it when the host dropped structuredContent and the other blocks.
// whole reports a block as mcperr writes it (appendMarkdown), read back
// whole: what Decode of the full result gives. Any other block that starts
// with the prefix (the reference's, which holds the message alone) reads
// as UNKNOWN_ERROR with its first paragraph as the message.
func decodeMarkdown(text string) (e *errorx.Error, whole, ok bool) {
	rest, ok := strings.CutPrefix(text, markdownPrefix)
	if !ok {
		return nil, false, false
	}
	if e, ok := readMarkdown(rest); ok {
		return e, true, true
	}
	msg, _, _ := strings.Cut(rest, "\n\n**")
	return errorx.New(codes.UnknownError, msg), false, true
}

// readMarkdown reads the block after its prefix from the end: every
// paragraph after the message is one line (with the continuation lines
// appendText makes), or the fields' label and one line per field, in a
// fixed order (read backwards: details, retry delay, actions, recovery,
// fields, code), and the code line, which always comes, ends the message,
// which is the rest whatever it holds. Each line is looked at once: the
// walk is linear.
func readMarkdown(s string) (*errorx.Error, bool) {
	var (
		e         errorx.Error
		details   string
		class     errorx.Class
		retryable bool
		items     int
	)
	const (
		atDetails = iota
		atRetry
		atActions
		atRecovery
		atFields
		atCode
	)
	next := atDetails // the first kind of line that may still come
	for {
		i := strings.LastIndexByte(s, '\n')
		for i > 0 && strings.HasPrefix(s[i+1:], "  ") {
			i = strings.LastIndexByte(s[:i], '\n') // a continuation line
		}
		if i < 1 {
			return nil, false
		}
		line := s[i+1:]
		if strings.HasPrefix(line, "- ") && next <= atFields && s[i-1] != '\n' {
			items++ // a field's line, after another or the fields label
			s, next = s[:i], atFields
			continue
		}
		if s[i-1] != '\n' || next == atFields && items > 0 && line != fieldsLabel {
			return nil, false // every paragraph starts after a blank line
		}
		body := ""
		switch {
		case next <= atDetails && strings.HasPrefix(line, detailsLabel):
			body, next = line[len(detailsLabel):], atRetry
			var ok bool
			if details, ok = unescapeMarkdown(body); !ok {
				return nil, false
			}
			if _, ok := jsonw.Object(details); !ok {
				return nil, false
			}
		case next <= atRetry && strings.HasPrefix(line, retryLabel):
			body, next = line[len(retryLabel):], atActions
			num, ok := strings.CutSuffix(body, " seconds")
			f, err := strconv.ParseFloat(num, 64)
			if !ok || err != nil || !(f > 0) {
				return nil, false
			}
			if e.RetryAfter, err = format.Seconds(f); err != nil {
				return nil, false
			}
		case next <= atActions && strings.HasPrefix(line, actionsLabel):
			body, next = line[len(actionsLabel):], atRecovery
			actions, ok := readActions(body)
			if !ok {
				return nil, false
			}
			e.Actions = actions
		case next <= atRecovery && strings.HasPrefix(line, recoveryLabel):
			body, next = line[len(recoveryLabel):], atFields
			e.Recovery = readText(body, textIndent)
		case next <= atFields && items > 0 && line == fieldsLabel:
			next = atCode
		case strings.HasPrefix(line, codeLabel):
			code, c, r, ok := readCodeLine(line[len(codeLabel):])
			if !ok {
				return nil, false
			}
			e.Code, class, retryable = code, c, r
			e.Message = readText(s[:i-1], "")
			_, stated := readExtras(&e, details, toolErrorParts, "")
			if stated != errorx.ClassUnset || len(e.Fields) != items {
				return nil, false // the class is the code line's; the fields are listed
			}
			finishClass(&e, class)
			normalizeRetryable(&e, retryable)
			return &e, true
		default:
			return nil, false
		}
		s = s[:i-1]
	}
}

// readCodeLine reads what follows the code label: the code as
// format.AppendMarkdownText escapes it, then "(class CLASS, retryable)",
// the class only when stated and "not retryable" when not.
func readCodeLine(s string) (code string, class errorx.Class, retryable, ok bool) {
	i := strings.LastIndex(s, " (")
	if i < 0 || !strings.HasSuffix(s, ")") {
		return "", 0, false, false
	}
	code, ok = unescapeMarkdown(s[:i])
	rest := s[i+2 : len(s)-1]
	if c, ok := strings.CutPrefix(rest, classWord); ok {
		name, r, found := strings.Cut(c, ", ")
		parsed, known := parseClass(name)
		if !found || !known {
			return "", 0, false, false
		}
		class, rest = parsed, r
	}
	switch rest {
	case "retryable":
		retryable = true
	case "not retryable":
	default:
		return "", 0, false, false
	}
	return code, class, retryable, ok
}

// readActions splits the actions line at each ", " whose comma is not
// escaped, and unescapes each name.
func readActions(s string) ([]string, bool) {
	var out []string
	start := 0
	for i := 0; i <= len(s); i++ {
		switch {
		case i == len(s), s[i] == ',' && i+1 < len(s) && s[i+1] == ' ':
			a, ok := unescapeMarkdown(s[start:i])
			if !ok {
				return nil, false
			}
			out = append(jsonw.Grow(out), a)
			start = i + 2
			i++
		case s[i] == '\\':
			i++ // the escaped character
		}
	}
	return out, true
}

// unescapeMarkdown reverses format.AppendMarkdownText (and appendAction's
// \,): \n, \r and \uXXXX become the characters they stand for, and a
// backslash before any other character stands for that character.
func unescapeMarkdown(s string) (string, bool) {
	if strings.IndexByte(s, '\\') < 0 {
		return s, true
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			b = append(b, c)
			continue
		}
		if i+1 == len(s) {
			return "", false
		}
		i++
		switch s[i] {
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		case 'u':
			if i+4 >= len(s) {
				return "", false
			}
			r, err := strconv.ParseUint(s[i+1:i+5], 16, 16)
			if err != nil {
				return "", false
			}
			b = utf8.AppendRune(b, rune(r))
			i += 4
		default:
			b = append(b, s[i])
		}
	}
	return string(b), true
}

// appendText appends the tool's own text s (a message, a recovery, a
// field's texts) to a markdown block: as written, markdown included, but
// no line of it can read as a line of the block's own or start a block,
// whoever chose its words (a handler writes "No user has the id " + id).
// After each line break (a line feed, a carriage return, the two, or
// U+0085, U+2028 or U+2029, which some readers take for one) comes indent
// when the break ends in a line feed (the two spaces that keep a line in
// its paragraph or item; none for the message), then the line, guarded
// with a backslash (lineGuard) when it is blank (a new paragraph) or
// starts, past spaces and tabs, with one of * - + = _ # > ` ~ | : < [ (a
// bold label, an item, a rule, a heading, a quote, a fence, a table, HTML,
// a link definition) or a number and a . or ) (an ordered item); readText
// takes the backslashes out again. The empty end of a text that ends in a
// lone carriage return is left as it is: whatever the block writes after
// the text continues that line, or makes one line break of it with its
// own line feed. With start, the first line is guarded too, s starting a
// block of its own. Text whose lines start with none of these is written
// as it is.
func appendText(dst []byte, s, indent string, start bool) []byte {
	cr := false // the last line break was a lone carriage return
	for first := true; ; first = false {
		end, next := lineBreak(s)
		line := s[:end]
		if start || !first {
			if at := lineGuard(line, start && first); at >= 0 && !(cr && next < 0 && line == "") {
				dst = append(dst, line[:at]...)
				dst = append(dst, '\\')
				line = line[at:]
			}
		}
		dst = append(dst, line...)
		if next < 0 {
			return dst
		}
		dst = append(dst, s[end:next]...)
		if s[next-1] == '\n' {
			dst = append(dst, indent...)
		}
		cr = s[end:next] == "\r"
		s = s[next:]
	}
}

// readText reverses appendText for text that did not start a line: the
// indent after each line feed and the backslash that guards a line go.
func readText(s, indent string) string {
	if strings.IndexByte(s, '\\') < 0 && (indent == "" || strings.IndexByte(s, '\n') < 0) {
		return s
	}
	b := make([]byte, 0, len(s))
	for first := true; ; first = false {
		end, next := lineBreak(s)
		line := s[:end]
		if at := guardOf(line); !first && at >= 0 {
			b = append(b, line[:at]...)
			line = line[at+1:]
		}
		b = append(b, line...)
		if next < 0 {
			return string(b)
		}
		b = append(b, s[end:next]...)
		feed := s[next-1] == '\n'
		s = s[next:]
		if feed {
			s = strings.TrimPrefix(s, indent)
		}
	}
}

// lineGuard returns where appendText puts the backslash that guards line,
// or -1 when line needs none: before its first character past blanks when
// the line is blank or that character is one of guardedStarts (a
// backslash among them, so that readText tells the guard's from the
// text's own); after the number that starts it when a . or ) follows
// (1\. reads as text), or a backslash; at 0 when first (the text's first
// line, starting a block) starts with a blank, which would indent the
// block into code.
func lineGuard(line string, first bool) int {
	b := leadingBlanks(line)
	if first && b > 0 {
		return 0
	}
	t := line[b:]
	if t == "" || strings.IndexByte(guardedStarts, t[0]) >= 0 {
		return b
	}
	if d := leadingDigits(t); d > 0 && d < len(t) && (t[d] == '.' || t[d] == ')' || t[d] == '\\') {
		return b + d
	}
	return -1
}

// guardOf returns where the backslash appendText put to guard line is, or
// -1 when it put none (lineGuard, read back).
func guardOf(line string) int {
	b := leadingBlanks(line)
	t := line[b:]
	if t != "" && t[0] == '\\' {
		return b
	}
	if d := leadingDigits(t); d > 0 && d+1 < len(t) && t[d] == '\\' && (t[d+1] == '.' || t[d+1] == ')' || t[d+1] == '\\') {
		return b + d
	}
	return -1
}

// leadingDigits returns how many ASCII digits s starts with.
func leadingDigits(s string) int {
	n := 0
	for n < len(s) && '0' <= s[n] && s[n] <= '9' {
		n++
	}
	return n
}

// lineBreak returns where the first line of s ends and where the next one
// starts (-1 when s is one line): at a line feed, a carriage return (with
// the line feed after it), U+0085, U+2028 or U+2029.
func lineBreak(s string) (end, next int) {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\n':
			return i, i + 1
		case '\r':
			if i+1 < len(s) && s[i+1] == '\n' {
				return i, i + 2
			}
			return i, i + 1
		case 0xc2:
			if strings.HasPrefix(s[i:], "\u0085") {
				return i, i + 2
			}
		case 0xe2:
			if strings.HasPrefix(s[i:], "\u2028") || strings.HasPrefix(s[i:], "\u2029") {
				return i, i + 3
			}
		}
	}
	return len(s), -1
}

// leadingBlanks returns how many spaces and tabs line starts with.
func leadingBlanks(line string) int {
	n := 0
	for n < len(line) && (line[n] == ' ' || line[n] == '\t') {
		n++
	}
	return n
}

// guardedStarts are the characters that make a line of the tool's text
// read as more than text where they start it (see appendText).
const guardedStarts = "*-+=_#>`~|:<[\\"
