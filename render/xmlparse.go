package render

import (
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/mcperr/mcperr/internal/jsonw"
)

// A small, tolerant XML reader for the documents the xml dialect reads. It
// accepts what MCP Fusion really writes, which is not always well-formed
// (raw control characters, "]]>" in text, raw newlines in attributes), and
// refuses anything it cannot read with certainty: unclosed or mismatched
// tags, or nesting deeper than a tool error ever needs.

type xnode struct {
	name  string
	attrs []xattr
	text  string // the decoded text directly inside the element
	kids  []*xnode
}

type xattr struct{ name, value string }

func (n *xnode) lookup(name string) (string, bool) {
	for _, a := range n.attrs {
		if a.name == name {
			return a.value, true
		}
	}
	return "", false
}

func (n *xnode) attr(name string) string {
	v, _ := n.lookup(name)
	return v
}

const xmlMaxDepth = 8

type xparser struct {
	s string
	i int
}

// parseXML reads one element that spans all of s.
func parseXML(s string) (*xnode, bool) {
	p := xparser{s: s}
	n, ok := p.element(0)
	if !ok || strings.TrimSpace(p.s[p.i:]) != "" {
		return nil, false
	}
	return n, true
}

func isNameByte(c byte) bool {
	return c == '_' || c == '-' || c == '.' || c == ':' ||
		'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c >= 0x80
}

func (p *xparser) name() string {
	start := p.i
	for p.i < len(p.s) && isNameByte(p.s[p.i]) {
		p.i++
	}
	return p.s[start:p.i]
}

func (p *xparser) space() {
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

// element reads <name attrs>content</name> or <name attrs/> at p.i.
func (p *xparser) element(depth int) (*xnode, bool) {
	if depth >= xmlMaxDepth || p.i >= len(p.s) || p.s[p.i] != '<' {
		return nil, false
	}
	p.i++
	n := &xnode{name: p.name()}
	if n.name == "" {
		return nil, false
	}
	for {
		p.space()
		if p.i >= len(p.s) {
			return nil, false
		}
		switch p.s[p.i] {
		case '/':
			if !strings.HasPrefix(p.s[p.i:], "/>") {
				return nil, false
			}
			p.i += 2
			return n, true
		case '>':
			p.i++
			return n, p.content(n, depth)
		}
		an := p.name()
		if an == "" {
			return nil, false
		}
		p.space()
		if p.i >= len(p.s) || p.s[p.i] != '=' {
			return nil, false
		}
		p.i++
		p.space()
		if p.i >= len(p.s) || (p.s[p.i] != '"' && p.s[p.i] != '\'') {
			return nil, false
		}
		q := p.s[p.i]
		end := strings.IndexByte(p.s[p.i+1:], q)
		if end < 0 {
			return nil, false
		}
		n.attrs = append(jsonw.Grow(n.attrs), xattr{an, unescapeXML(p.s[p.i+1 : p.i+1+end])})
		p.i += end + 2
	}
}

// content reads children and text up to n's closing tag. Text in one run
// without entities is a substring of the document; text in several runs
// (around children, CDATA sections and comments) is gathered in a buffer
// that at least doubles when it grows.
func (p *xparser) content(n *xnode, depth int) bool {
	var text []byte
	runs := 0
	add := func(s string, escaped bool) {
		if runs == 1 {
			text = append(roomFor(text, len(n.text)), n.text...)
		}
		if text = roomFor(text, len(s)); escaped {
			text = appendUnescapeXML(text, s)
		} else {
			text = append(text, s...)
		}
	}
	for p.i < len(p.s) {
		lt := strings.IndexByte(p.s[p.i:], '<')
		if lt < 0 {
			return false
		}
		if run := p.s[p.i : p.i+lt]; run != "" {
			if runs == 0 && n.text == "" {
				n.text = unescapeXML(run)
			} else {
				add(run, true)
			}
			runs++
		}
		p.i += lt
		rest := p.s[p.i:]
		switch {
		case strings.HasPrefix(rest, "</"):
			p.i += 2
			if p.name() != n.name {
				return false
			}
			p.space()
			if p.i >= len(p.s) || p.s[p.i] != '>' {
				return false
			}
			p.i++
			if runs > 1 {
				n.text = unsafe.String(unsafe.SliceData(text), len(text)) // text is not used again
			}
			return true
		case strings.HasPrefix(rest, "<![CDATA["):
			end := strings.Index(rest, "]]>")
			if end < 0 {
				return false
			}
			add(rest[9:end], false)
			runs += 2 // never a substring again
			p.i += end + 3
		case strings.HasPrefix(rest, "<!--"):
			end := strings.Index(rest, "-->")
			if end < 0 {
				return false
			}
			p.i += end + 3
		default:
			k, ok := p.element(depth + 1)
			if !ok {
				return false
			}
			n.kids = append(jsonw.Grow(n.kids), k)
		}
	}
	return false
}

// roomFor returns b with room for n more bytes: when it has not, a copy
// whose capacity is the next power of two, at least 64. Text gathered from
// many runs allocates less than twice its size, and exactly eight times as
// much for eight times the text.
func roomFor(b []byte, n int) []byte {
	if len(b)+n <= cap(b) {
		return b
	}
	g := make([]byte, len(b), max(64, 1<<bits.Len(uint(len(b)+n-1))))
	copy(g, b)
	return g
}

// maxEntity is the longest reference unescapeXML reads, '&' included:
// "&#x10FFFF" and the like. The ';' of an '&' is looked for no further, so
// that a text of many '&' without one is read in linear time.
const maxEntity = 12

// unescapeXML replaces the five named entities and numeric character
// references; anything else is kept as written.
func unescapeXML(s string) string {
	if strings.IndexByte(s, '&') < 0 {
		return s
	}
	return string(appendUnescapeXML(make([]byte, 0, len(s)), s))
}

// appendUnescapeXML appends s with its references replaced (unescapeXML).
// A reference is never longer than what it replaces.
func appendUnescapeXML(dst []byte, s string) []byte {
	for {
		amp := strings.IndexByte(s, '&')
		if amp < 0 {
			return append(dst, s...)
		}
		dst = append(dst, s[:amp]...)
		s = s[amp:]
		semi := strings.IndexByte(s[:min(len(s), maxEntity+1)], ';')
		if semi < 0 {
			dst = append(dst, '&')
			s = s[1:]
		} else if r, ok := entity(s[1:semi]); ok {
			dst = append(dst, r...)
			s = s[semi+1:]
		} else {
			dst = append(dst, '&')
			s = s[1:]
		}
	}
}

func entity(name string) (string, bool) {
	switch name {
	case "amp":
		return "&", true
	case "lt":
		return "<", true
	case "gt":
		return ">", true
	case "quot":
		return `"`, true
	case "apos":
		return "'", true
	}
	if len(name) < 2 || name[0] != '#' {
		return "", false
	}
	var n uint64
	var err error
	if name[1] == 'x' || name[1] == 'X' {
		n, err = strconv.ParseUint(name[2:], 16, 32)
	} else {
		n, err = strconv.ParseUint(name[1:], 10, 32)
	}
	if err != nil || n > utf8.MaxRune {
		return "", false
	}
	return string(rune(n)), true
}
