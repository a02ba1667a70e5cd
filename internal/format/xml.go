package format

import (
	"slices"
	"unicode/utf8"
)

// AppendXMLText appends s escaped for XML element content as MCP Fusion's
// escapeXml does: & becomes &amp; and < becomes &lt;, and nothing else is
// touched, with three exceptions that keep the output well-formed and
// lossless where Fusion's is not:
//
//   - a > that ends "]]>" becomes &gt; (the sequence is forbidden in content);
//   - a carriage return becomes &#xD; (parsers would turn it into a newline);
//   - a character XML 1.0 forbids (controls other than tab, newline and
//     carriage return, U+FFFE, U+FFFF) and each byte of invalid UTF-8 becomes
//     U+FFFD.
func AppendXMLText(dst []byte, s string) []byte {
	dst = slices.Grow(dst, len(s))
	start := 0
	for i := 0; i < len(s); {
		b := s[i]
		if b < utf8.RuneSelf {
			var esc string
			switch {
			case b == '&':
				esc = "&amp;"
			case b == '<':
				esc = "&lt;"
			case b == '>' && i >= 2 && s[i-1] == ']' && s[i-2] == ']':
				esc = "&gt;"
			case b == '\r':
				esc = "&#xD;"
			case b < 0x20 && b != '\t' && b != '\n':
				esc = "\uFFFD"
			default:
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			dst = append(dst, esc...)
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && size == 1) || r == 0xFFFE || r == 0xFFFF {
			dst = append(dst, s[start:i]...)
			dst = append(dst, "\uFFFD"...)
			i += size
			start = i
			continue
		}
		i += size
	}
	return append(dst, s[start:]...)
}

// AppendXMLAttr appends s escaped for a double-quoted XML attribute value as
// MCP Fusion's escapeXmlAttr does: &, <, >, " and ' become &amp;, &lt;,
// &gt;, &quot; and &apos;. Unlike Fusion, tab, newline and carriage return
// become &#x9;, &#xA; and &#xD; (parsers would turn them into spaces), and
// characters XML 1.0 forbids and invalid UTF-8 become U+FFFD.
func AppendXMLAttr(dst []byte, s string) []byte {
	dst = slices.Grow(dst, len(s))
	start := 0
	for i := 0; i < len(s); {
		b := s[i]
		if b < utf8.RuneSelf {
			var esc string
			switch b {
			case '&':
				esc = "&amp;"
			case '<':
				esc = "&lt;"
			case '>':
				esc = "&gt;"
			case '"':
				esc = "&quot;"
			case '\'':
				esc = "&apos;"
			case '\t':
				esc = "&#x9;"
			case '\n':
				esc = "&#xA;"
			case '\r':
				esc = "&#xD;"
			default:
				if b >= 0x20 {
					i++
					continue
				}
				esc = "\uFFFD"
			}
			dst = append(dst, s[start:i]...)
			dst = append(dst, esc...)
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && size == 1) || r == 0xFFFE || r == 0xFFFF {
			dst = append(dst, s[start:i]...)
			dst = append(dst, "\uFFFD"...)
			i += size
			start = i
			continue
		}
		i += size
	}
	return append(dst, s[start:]...)
}
