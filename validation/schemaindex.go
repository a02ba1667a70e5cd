package validation

import (
	"net/url"
	"slices"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mcperr/mcperr/internal/format"
	isecret "github.com/mcperr/mcperr/internal/secret"
)

// snode is what a Schema's check needs to know about one compiled
// subschema beyond what the library keeps: the order its properties were
// written in, the names an unknown key is compared with, which values are
// secret, and the enum's options as text. It is built once, when the
// schema is compiled, and only read after.
type snode struct {
	s *jsonschema.Schema
	// props holds the properties of the schema and of the schemas it
	// stands for ($ref, allOf, anyOf, oneOf), the first declaration of a
	// name winning; names lists them in the order they are written.
	props    map[string]sprop
	names    []string
	si       *structInfo // names and their hint, as unknownField reads them
	required map[string]bool
	// views are the node and the schemas it stands for, the node first:
	// where the items of an array and the other members of an object are
	// looked up.
	views []*snode
	// secret: values under this schema are never echoed (writeOnly, or
	// format password, here or in a schema it stands for).
	secret, ownSecret bool
	// options is the enum as text (null left out); folded are the options
	// folded for Closest.
	options []string
	folded  [][]rune
}

// sprop is one property of an object schema: its position among the
// properties and its schema.
type sprop struct {
	ord  int
	node *snode
}

// maxViews bounds the schemas one node stands for.
const maxViews = 64

// index builds the nodes of every subschema reachable from s.root; raw is
// the schema's text, the source of the properties' order.
func (s *Schema) index(raw string) {
	orders := propertyOrders(raw)
	s.nodes = map[*jsonschema.Schema]*snode{}
	s.byLoc = map[string]*snode{}
	var all []*snode
	stack := []*jsonschema.Schema{s.root}
	for len(stack) > 0 {
		sch := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if sch == nil || s.nodes[sch] != nil {
			continue
		}
		unassert(sch)
		takeEnum(sch)
		n := &snode{s: sch}
		s.nodes[sch] = n
		s.byLoc[sch.Location] = n
		all = append(all, n)
		stack = appendChildren(stack, sch)
	}
	for _, n := range all {
		n.ownSecret = n.s.WriteOnly || n.s.Format != nil && n.s.Format.Name == passwordFormat
		if e := enumOf(n.s); e != nil {
			for _, v := range e.Values {
				if v != nil {
					n.options = append(n.options, valueText(v))
				}
			}
			n.folded = foldAll(n.options)
		}
	}
	for _, n := range all {
		n.views = s.views(n)
		n.props = map[string]sprop{}
		for _, v := range n.views {
			n.secret = n.secret || v.ownSecret
			for _, name := range orderOf(v.s, orders[fragment(s.url, v.s.Location)]) {
				if _, dup := n.props[name]; dup {
					continue
				}
				n.props[name] = sprop{ord: len(n.names), node: s.nodes[v.s.Properties[name]]}
				n.names = append(n.names, name)
			}
			for _, r := range v.s.Required {
				if n.required == nil {
					n.required = map[string]bool{}
				}
				n.required[r] = true
			}
		}
		offered := n.names
		if n.s == s.root {
			// The format argument InputSchema lists (WithFormatArgument;
			// earlier versions wrote "format": {}) is not offered for an
			// unknown key, as binding does not offer it.
			offered = slices.DeleteFunc(slices.Clone(offered), func(name string) bool {
				p := n.props[name]
				return p.node != nil && (p.node.s.Description == formatDescription ||
					name == format.Argument && acceptsAll(p.node.s))
			})
		}
		n.si = &structInfo{names: offered, removeHint: removeHint(offered)}
		for _, name := range n.names {
			s.secrets = s.secrets || isecret.Is(name, nil)
		}
		s.secrets = s.secrets || n.secret
		s.schemaSecrets = s.schemaSecrets || n.secret
	}
}

// unassert makes annotations of the keywords of sch whose check would
// work on what the caller sent without a bound: format "regex" compiles
// the caller's string with Go's regexp (16 KiB of x{1000} allocated 559
// MiB: 36,000 bytes per byte sent; \pL 3,300), and by Go's syntax, not
// ECMA-262's, which JSON Schema names; contentSchema checks JSON the
// caller encoded in a string, outside the arguments' bounds (their depth,
// the numbers compared exactly, the evaluations counted: 731 bytes of
// 1e-99999 took 127 ms and 25 MiB). contentEncoding and contentMediaType
// stay asserted: decoding is linear.
func unassert(sch *jsonschema.Schema) {
	if sch.Format != nil && sch.Format.Name == "regex" {
		sch.Format = nil
	}
	sch.ContentSchema = nil
}

// inPlace lists the subschemas of sch that apply to the same value:
// references and combinators.
func inPlace(sch *jsonschema.Schema) []*jsonschema.Schema {
	out := []*jsonschema.Schema{sch.Ref, sch.RecursiveRef, sch.Not, sch.If, sch.Then, sch.Else}
	if sch.DynamicRef != nil {
		out = append(out, sch.DynamicRef.Ref)
	}
	out = append(out, sch.AllOf...)
	out = append(out, sch.AnyOf...)
	out = append(out, sch.OneOf...)
	for _, p := range sch.DependentSchemas {
		out = append(out, p)
	}
	for _, d := range sch.Dependencies {
		if p, ok := d.(*jsonschema.Schema); ok {
			out = append(out, p)
		}
	}
	return slices.DeleteFunc(out, func(p *jsonschema.Schema) bool { return p == nil })
}

// loop returns the location of a schema that applies to a value through
// references and combinators alone and comes back to itself (a $ref to
// itself, or to an allOf that refers back): checking any value would loop.
// "" when there is none.
func (s *Schema) loop() string {
	if sch := s.cycle(inPlace); sch != nil {
		return sch.Location
	}
	return ""
}

// cycle returns a schema that reaches itself through edges, nil when none
// does.
func (s *Schema) cycle(edges func(*jsonschema.Schema) []*jsonschema.Schema) *jsonschema.Schema {
	const (
		open = iota + 1
		done
	)
	state := map[*jsonschema.Schema]int{}
	var visit func(sch *jsonschema.Schema) *jsonschema.Schema
	visit = func(sch *jsonschema.Schema) *jsonschema.Schema {
		switch state[sch] {
		case open:
			return sch
		case done:
			return nil
		}
		state[sch] = open
		for _, c := range edges(sch) {
			if c == nil {
				continue
			}
			if found := visit(c); found != nil {
				return found
			}
		}
		state[sch] = done
		return nil
	}
	for sch := range s.nodes {
		if found := visit(sch); found != nil {
			return found
		}
	}
	return nil
}

// passwordFormat is the format that marks a string as a password: never
// echoed.
const passwordFormat = "password"

// appendChildren appends the subschemas of sch.
func appendChildren(stack []*jsonschema.Schema, sch *jsonschema.Schema) []*jsonschema.Schema {
	return appendMembers(append(stack, inPlace(sch)...), sch)
}

// appendMembers appends the subschemas sch applies to the members of a
// value (and to the keys of an object), some of them nil.
func appendMembers(stack []*jsonschema.Schema, sch *jsonschema.Schema) []*jsonschema.Schema {
	stack = append(stack, sch.PropertyNames, sch.UnevaluatedProperties, sch.Contains, sch.Items2020,
		sch.UnevaluatedItems, sch.ContentSchema)
	stack = append(stack, sch.PrefixItems...)
	for _, p := range sch.Properties {
		stack = append(stack, p)
	}
	for _, p := range sch.PatternProperties {
		stack = append(stack, p)
	}
	for _, x := range []any{sch.AdditionalProperties, sch.Items, sch.AdditionalItems} {
		switch x := x.(type) {
		case *jsonschema.Schema:
			stack = append(stack, x)
		case []*jsonschema.Schema:
			stack = append(stack, x...)
		}
	}
	return stack
}

// views lists n and the schemas it stands for: its $ref, and the members
// of its allOf, anyOf and oneOf, transitively, breadth first.
func (s *Schema) views(n *snode) []*snode {
	out := []*snode{n}
	seen := map[*snode]bool{n: true}
	for i := 0; i < len(out) && len(out) < maxViews; i++ {
		sch := out[i].s
		next := append([]*jsonschema.Schema{sch.Ref}, sch.AllOf...)
		next = append(next, sch.AnyOf...)
		next = append(next, sch.OneOf...)
		for _, c := range next {
			if m := s.nodes[c]; m != nil && !seen[m] && len(out) < maxViews {
				seen[m] = true
				out = append(out, m)
			}
		}
	}
	return out
}

// orderOf returns the properties of sch in the order written (names),
// then any the text did not show, sorted.
func orderOf(sch *jsonschema.Schema, written []string) []string {
	if len(sch.Properties) == 0 {
		return nil
	}
	out := make([]string, 0, len(sch.Properties))
	seen := make(map[string]bool, len(sch.Properties))
	for _, name := range written {
		if _, ok := sch.Properties[name]; ok && !seen[name] {
			seen[name] = true
			out = append(out, name)
		}
	}
	if len(out) == len(sch.Properties) {
		return out
	}
	var rest []string
	for name := range sch.Properties {
		if !seen[name] {
			rest = append(rest, name)
		}
	}
	slices.Sort(rest)
	return append(out, rest...)
}

// fragment returns the JSON pointer of location in the schema at base, as
// the library writes it (escaped and percent-encoded), and "\x00" for a
// location in another resource.
func fragment(base, location string) string {
	frag, ok := strings.CutPrefix(location, base+"#")
	if !ok {
		return "\x00"
	}
	return frag
}

// propertyOrders lists, for every object of the schema's text that has
// properties, the names of its properties in the order written, by the
// object's location as the library writes it (see fragment).
func propertyOrders(raw string) map[string][]string {
	out := map[string][]string{}
	var walk func(at int, ptr string, depth int)
	walk = func(at int, ptr string, depth int) {
		if depth > MaxDepth || at >= len(raw) {
			return
		}
		switch raw[at] {
		case '{':
			for _, m := range members(raw, at, nil) {
				if m.key == "properties" && m.at < len(raw) && raw[m.at] == '{' {
					ms := members(raw, m.at, nil)
					names := make([]string, len(ms))
					for i, p := range ms {
						names[i] = p.key
					}
					out[ptr] = names
				}
				walk(m.at, ptr+"/"+pointerToken(m.key), depth+1)
			}
		case '[':
			for i, el := 0, firstElement(raw, at); el >= 0; i, el = i+1, nextElement(raw, el) {
				walk(el, ptr+"/"+itoa(i), depth+1)
			}
		}
	}
	walk(skipWS(raw, 0), "", 0)
	return out
}

// pointerToken is a key as one token of a location: JSON pointer escaping
// (~0, ~1), then percent-encoding.
func pointerToken(key string) string {
	key = strings.ReplaceAll(key, "~", "~0")
	key = strings.ReplaceAll(key, "/", "~1")
	return url.PathEscape(key)
}

// prop returns the property key of the object schema n: its position and
// schema; ok is false when n does not declare it.
func (n *snode) prop(key string) (sprop, bool) {
	if n == nil {
		return sprop{}, false
	}
	p, ok := n.props[key]
	return p, ok
}

// member returns the schema of the member key of an object under n that
// is not one of its properties: by patternProperties, else
// additionalProperties; nil when unknown.
func (s *Schema) member(n *snode, key string) *snode {
	if n == nil {
		return nil
	}
	for _, v := range n.views {
		for re, p := range v.s.PatternProperties {
			if re.MatchString(key) {
				return s.nodes[p]
			}
		}
		if p, ok := v.s.AdditionalProperties.(*jsonschema.Schema); ok {
			return s.nodes[p]
		}
	}
	return nil
}

// child returns the schema of the value at seg under n (nil when unknown).
func (s *Schema) child(n *snode, sg seg) *snode {
	if n == nil {
		return nil
	}
	if !sg.isIdx {
		if p, ok := n.prop(sg.key); ok {
			return p.node
		}
		return s.member(n, sg.key)
	}
	for _, v := range n.views {
		sch := v.s
		if sg.index < len(sch.PrefixItems) {
			return s.nodes[sch.PrefixItems[sg.index]]
		}
		if sch.Items2020 != nil {
			return s.nodes[sch.Items2020]
		}
		switch items := sch.Items.(type) {
		case *jsonschema.Schema:
			return s.nodes[items]
		case []*jsonschema.Schema:
			if sg.index < len(items) {
				return s.nodes[items[sg.index]]
			}
			if a, ok := sch.AdditionalItems.(*jsonschema.Schema); ok {
				return s.nodes[a]
			}
		}
	}
	return nil
}
