package render

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mcperr/mcperr/errorx"
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
	return errorx.New(errorx.CodeUnknownError, msg), false, true
}

// readMarkdown reads the block after its prefix from the end: every
// paragraph after the message is one line (with the continuation lines
// appendLine makes), or the fields' label and one line per field, in a
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
			if e.RetryAfter, err = errorx.Seconds(f); err != nil {
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
			e.Recovery = readLine(body)
		case next <= atFields && items > 0 && line == fieldsLabel:
			next = atCode
		case strings.HasPrefix(line, codeLabel):
			code, c, r, ok := readCodeLine(line[len(codeLabel):])
			if !ok {
				return nil, false
			}
			e.Code, class, retryable = code, c, r
			e.Message = s[:i-1]
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
		parsed, known := errorx.ParseClass(name)
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

// readLine reverses appendLine: the two spaces after each line feed go.
func readLine(s string) string {
	if strings.IndexByte(s, '\n') < 0 {
		return s
	}
	return strings.ReplaceAll(s, "\n  ", "\n")
}
