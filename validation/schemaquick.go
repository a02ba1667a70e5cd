package validation

import (
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
)

// The quick verdict: most calls are valid, and a valid call needs no
// field, no path and no decoded value. For the keywords the schemas of
// tools mostly use (type, enum, const, properties, required,
// additionalProperties, string lengths, pattern, format, numeric bounds,
// items, the counts of items and properties), a quickNode checks the
// arguments' text in one pass, allocating nothing for strings without
// escapes, and says "valid" only when Check would return nil: every
// doubt (a keyword it does not know, a number at a bound's rounding
// distance, a key sent twice, nesting past MaxDepth, a number too long
// to compare) sends the call to the full check, which decides and
// explains. TestQuickAgreesWithCheck holds it to that.

// quickNode is one schema as the quick verdict reads it.
type quickNode struct {
	// ok: every keyword of the schema is one the quick verdict decides;
	// reaching a node that is not ok means "ask the full check".
	ok    bool
	types uint8 // quickNull… bits; 0: any type

	// enum or const (isConst), as a set; an object or array sent against
	// it is left to the full check.
	enum                  *enumSet
	isConst               bool
	format                *jsonschema.Format
	pattern               jsonschema.Regexp
	minLen, maxLen        int // -1: none
	minItems, maxItems    int
	minProps, maxProps    int
	bounds                []quickBound
	props                 []quickProp // in the order the schema holds them
	required              []int       // indexes into props
	addl                  quickAddl
	addlNode              *quickNode // addl == addlSchema
	items                 *quickNode // nil: any item
	propIndex             map[string]int
	seenMask, seenAllowed bool
	// For the report (see schemareport.go): the schema's node (nil for
	// true) and its keywords' failures, as the library reports them.
	node  *snode
	fails quickFails
}

// quickProp is a property of an object's schema.
type quickProp struct {
	name string
	node *quickNode
}

// quickAddl is what an object's schema says of keys it does not name.
type quickAddl uint8

const (
	addlAny    quickAddl = iota // additionalProperties absent or true
	addlNone                    // additionalProperties false
	addlSchema                  // additionalProperties is a schema
)

// quickBound is a numeric bound: the value must be above (or at, unless
// exclusive) the bound when lower, else below (or at).
type quickBound struct {
	f                float64
	exact            bool // f is the bound, not its rounding
	lower, exclusive bool
	rat              *big.Rat                    // the bound
	fail             *jsonschema.ValidationError // its failure
}

// The JSON types, as bits of quickNode.types.
const (
	quickNull uint8 = 1 << iota
	quickBool
	quickInteger
	quickNumber // number includes integer
	quickString
	quickArray
	quickObject
)

// maxQuickProps is the most properties an object's schema may have for
// the quick verdict (their presence is a bit mask), and maxQuickKeys the
// most keys an object may hold beyond them (checked for repeats among
// themselves, without a map).
const (
	maxQuickProps = 64
	maxQuickKeys  = 16
)

// quickOf returns the quick verdict's reading of the compiled schema sch,
// or nil when the quick verdict cannot read it at all.
func quickOf(s *Schema) *quickNode {
	b := quickBuilder{s: s, built: map[*jsonschema.Schema]*quickNode{}, open: map[*jsonschema.Schema]bool{}}
	n := b.node(s.root)
	if !n.ok {
		return nil
	}
	return n
}

// quickBuilder builds the quickNodes of a schema, each once; a schema
// that refers to itself through a value is not ok (its depth has no
// bound the quick verdict would follow).
type quickBuilder struct {
	s     *Schema
	built map[*jsonschema.Schema]*quickNode
	open  map[*jsonschema.Schema]bool
}

var notQuick = &quickNode{}

func (b *quickBuilder) node(sch *jsonschema.Schema) *quickNode {
	if sch == nil {
		return notQuick
	}
	if n, ok := b.built[sch]; ok {
		return n
	}
	if b.open[sch] {
		return notQuick
	}
	b.open[sch] = true
	defer delete(b.open, sch)
	n := b.read(sch)
	b.built[sch] = n
	return n
}

// read reads sch's keywords.
func (b *quickBuilder) read(sch *jsonschema.Schema) *quickNode {
	if sch.Bool != nil {
		if *sch.Bool {
			return &quickNode{ok: true, minLen: -1, maxLen: -1, minItems: -1, maxItems: -1, minProps: -1, maxProps: -1}
		}
		return notQuick
	}
	if sch.Ref != nil {
		// A reference alone stands for its target.
		c := *sch
		c.Ref = nil
		if !quickEmpty(&c) {
			return notQuick
		}
		return b.node(sch.Ref)
	}
	if !quickKnows(sch) {
		return notQuick
	}
	n := &quickNode{ok: true, minLen: -1, maxLen: -1, minItems: -1, maxItems: -1, minProps: -1, maxProps: -1}
	if sch.Types != nil {
		for _, t := range sch.Types.ToStrings() {
			switch t {
			case "null":
				n.types |= quickNull
			case "boolean":
				n.types |= quickBool
			case "integer":
				n.types |= quickInteger
			case "number":
				n.types |= quickNumber | quickInteger
			case "string":
				n.types |= quickString
			case "array":
				n.types |= quickArray
			case "object":
				n.types |= quickObject
			}
		}
	}
	if e := enumOf(sch); e != nil {
		n.enum = newEnumSet(e)
	}
	if sch.Const != nil {
		if n.enum != nil {
			return notQuick
		}
		n.enum, n.isConst = newEnumSet(&jsonschema.Enum{Values: []any{*sch.Const}}), true
	}
	n.format = sch.Format
	n.pattern = sch.Pattern
	n.minLen, n.maxLen = intOr(sch.MinLength), intOr(sch.MaxLength)
	n.minItems, n.maxItems = intOr(sch.MinItems), intOr(sch.MaxItems)
	n.minProps, n.maxProps = intOr(sch.MinProperties), intOr(sch.MaxProperties)
	for _, bd := range []struct { // in the order the library checks them
		r                *big.Rat
		lower, exclusive bool
		kind             jsonschema.ErrorKind
	}{
		{sch.Minimum, true, false, &kind.Minimum{Want: sch.Minimum}},
		{sch.Maximum, false, false, &kind.Maximum{Want: sch.Maximum}},
		{sch.ExclusiveMinimum, true, true, &kind.ExclusiveMinimum{Want: sch.ExclusiveMinimum}},
		{sch.ExclusiveMaximum, false, true, &kind.ExclusiveMaximum{Want: sch.ExclusiveMaximum}},
	} {
		if bd.r != nil {
			f, exact := bd.r.Float64()
			if math.IsInf(f, 0) {
				return notQuick
			}
			n.bounds = append(n.bounds, quickBound{f: f, exact: exact, lower: bd.lower, exclusive: bd.exclusive,
				rat: bd.r, fail: keywordFailure(sch, bd.kind)})
		}
	}
	if len(sch.Properties) > maxQuickProps {
		return notQuick
	}
	for _, name := range propertyOrder(sch) {
		n.props = append(n.props, quickProp{name: name, node: b.node(sch.Properties[name])})
	}
	if len(n.props) > 8 {
		n.propIndex = make(map[string]int, len(n.props))
		for i, p := range n.props {
			n.propIndex[p.name] = i
		}
	}
	for _, name := range sch.Required {
		i := n.prop(name)
		if i < 0 {
			return notQuick // required but not a property: left to the full check
		}
		n.required = append(n.required, i)
	}
	switch a := sch.AdditionalProperties.(type) {
	case nil:
	case bool:
		if !a {
			n.addl = addlNone
		}
	case *jsonschema.Schema:
		n.addl, n.addlNode = addlSchema, b.node(a)
	default:
		return notQuick
	}
	switch it := sch.Items.(type) {
	case nil:
	case *jsonschema.Schema:
		if sch.AdditionalItems != nil {
			return notQuick
		}
		n.items = b.node(it)
	default:
		return notQuick // a list of item schemas
	}
	if sch.Items2020 != nil {
		n.items = b.node(sch.Items2020)
	}
	n.node, n.fails = b.s.nodes[sch], failsOf(sch)
	return n
}

// propertyOrder returns sch's property names, sorted: the order does not
// change the verdict, and a fixed one keeps the build deterministic.
func propertyOrder(sch *jsonschema.Schema) []string {
	names := make([]string, 0, len(sch.Properties))
	for k := range sch.Properties {
		names = append(names, k)
	}
	slices.Sort(names)
	return names
}

func intOr(p *int) int {
	if p == nil {
		return -1
	}
	return *p
}

// quickKnows reports whether sch uses only keywords the quick verdict
// decides (annotations aside): the others must all be unset.
func quickKnows(sch *jsonschema.Schema) bool {
	c := *sch
	dropEnum(&c)
	c.Types, c.Const, c.Format, c.Pattern = nil, nil, nil, nil
	c.MinLength, c.MaxLength, c.MinItems, c.MaxItems, c.MinProperties, c.MaxProperties = nil, nil, nil, nil, nil, nil
	c.Minimum, c.Maximum, c.ExclusiveMinimum, c.ExclusiveMaximum = nil, nil, nil, nil
	c.Properties, c.Required, c.AdditionalProperties, c.Items, c.Items2020, c.AdditionalItems = nil, nil, nil, nil, nil, nil
	return quickEmpty(&c)
}

// quickEmpty reports whether sch, annotations aside, says nothing.
func quickEmpty(sch *jsonschema.Schema) bool {
	return sch.Bool == nil && sch.Ref == nil && acceptsAll(sch)
}

// prop returns the index of the property name, or -1.
func (n *quickNode) prop(name string) int {
	if n.propIndex != nil {
		if i, ok := n.propIndex[name]; ok {
			return i
		}
		return -1
	}
	for i := range n.props {
		if n.props[i].name == name {
			return i
		}
	}
	return -1
}

// quickValid reports whether raw, a call's arguments with space trimmed,
// is certainly valid: Check would return nil. false means "ask the full
// check", not "invalid". The text's syntax is checked on the way (a
// quick verdict never says valid of what is not JSON).
func (n *quickNode) quickValid(raw []byte) bool {
	if len(raw) == 0 || string(raw) == "null" {
		raw = emptyObject
	}
	if raw[0] != '{' {
		return false
	}
	p := scanner{s: view(raw)}
	if !n.valid(&p, 0) {
		return false
	}
	p.ws()
	return p.i == len(p.s)
}

// valid checks the value at the cursor against n and moves past it; it
// stops at the first doubt. depth is the number of objects and arrays
// the value is in.
func (n *quickNode) valid(p *scanner, depth int) bool {
	if !n.ok {
		return false
	}
	p.ws()
	var t uint8
	switch p.peek() {
	case '{':
		t = quickObject
	case '[':
		t = quickArray
	case '"':
		t = quickString
	case 't', 'f':
		t = quickBool
	case 'n':
		t = quickNull
	default:
		t = quickNumber
	}
	if n.types != 0 && n.types&t == 0 && t != quickNumber {
		return false
	}
	switch t {
	case quickObject:
		return n.object(p, depth)
	case quickArray:
		return n.array(p, depth)
	case quickString:
		s, ok := readString(p)
		return ok && n.str(s)
	case quickNumber:
		return n.number(p.literal())
	}
	lit := p.literal()
	if n.format != nil {
		return false // the format of a value that is not a string: left to the full check
	}
	switch lit {
	case "true":
		return n.enum == nil || n.enum.hasTrue
	case "false":
		return n.enum == nil || n.enum.hasFalse
	case "null":
		return n.enum == nil || n.enum.hasNull
	}
	return false // not JSON
}

// readString reads the string at the cursor, unescaped; ok is false
// when it is not a JSON string (a control character, an unknown escape,
// no closing quote).
func readString(p *scanner) (s string, ok bool) {
	start := p.i
	for i := start + 1; i < len(p.s); i++ {
		switch c := p.s[i]; {
		case c == '"':
			p.i = i + 1
			s = p.s[start+1 : i]
			if !utf8.ValidString(s) {
				s = string([]rune(s)) // invalid bytes read as U+FFFD, as the decoder reads them
			}
			return s, true
		case c < 0x20:
			return "", false
		case c == '\\':
			return escapedString(p, start)
		}
	}
	return "", false
}

// escapedString checks the escapes of the string at start, then reads it
// as the decoder does.
func escapedString(p *scanner, start int) (string, bool) {
	for i := start + 1; i < len(p.s); i++ {
		switch c := p.s[i]; {
		case c == '"':
			p.i = start
			return p.str(), true
		case c < 0x20:
			return "", false
		case c == '\\':
			if i+1 >= len(p.s) {
				return "", false
			}
			i++
			switch p.s[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if i+4 >= len(p.s) {
					return "", false
				}
				for _, h := range []byte(p.s[i+1 : i+5]) {
					if !('0' <= h && h <= '9' || 'a' <= h && h <= 'f' || 'A' <= h && h <= 'F') {
						return "", false
					}
				}
				i += 4
			default:
				return "", false
			}
		}
	}
	return "", false
}

// jsonNumber reports whether lit is a JSON number:
// -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func jsonNumber(lit string) bool {
	i := 0
	if i < len(lit) && lit[i] == '-' {
		i++
	}
	digits := func() int {
		j := i
		for i < len(lit) && '0' <= lit[i] && lit[i] <= '9' {
			i++
		}
		return i - j
	}
	switch {
	case i < len(lit) && lit[i] == '0':
		i++
	case digits() == 0:
		return false
	}
	if i < len(lit) && lit[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(lit) && (lit[i] == 'e' || lit[i] == 'E') {
		i++
		if i < len(lit) && (lit[i] == '+' || lit[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(lit)
}

// str checks a string.
func (n *quickNode) str(s string) bool {
	if n.enum != nil && !n.enum.hasString(s) {
		return false
	}
	if n.minLen >= 0 || n.maxLen >= 0 {
		l := utf8.RuneCountInString(s)
		if n.minLen >= 0 && l < n.minLen || n.maxLen >= 0 && l > n.maxLen {
			return false
		}
	}
	if n.pattern != nil && !n.pattern.MatchString(s) {
		return false
	}
	return n.format == nil || n.format.Validate(s) == nil
}

// number checks a number: a literal the full check would read as it was
// sent (see checkRun.number), of the type the schema asks, within its
// bounds by a comparison that rounding cannot reverse, one of its enum's.
func (n *quickNode) number(lit string) bool {
	if n.format != nil || len(lit) > maxNumberLen || !jsonNumber(lit) {
		return false
	}
	integer := !strings.ContainsAny(lit, ".eE")
	if n.types != 0 && n.types&quickNumber == 0 && (n.types&quickInteger == 0 || !integer) {
		return false
	}
	if strings.ContainsAny(lit, "eE") && bigExponent(lit) {
		return false
	}
	f, err := strconv.ParseFloat(lit, 64)
	if err != nil || math.IsInf(f, 0) {
		return false
	}
	// f is lit rounded, b.f the bound rounded: rounding keeps order, so
	// f above b.f means lit above the bound. When they are equal, the
	// order is known only when both are exact.
	exactLit := integer && len(strings.TrimPrefix(lit, "-")) <= 15
	for _, b := range n.bounds {
		switch {
		case f == b.f:
			if !exactLit || !b.exact || b.exclusive {
				return false
			}
		case b.lower && f < b.f, !b.lower && f > b.f:
			return false
		}
	}
	return n.enum == nil || n.enum.hasNumber(lit)
}

// object checks an object: its properties, the keys it does not name,
// the required ones, the number of keys; a key sent twice is a doubt.
func (n *quickNode) object(p *scanner, depth int) bool {
	if depth >= MaxDepth || n.enum != nil || n.format != nil {
		return false
	}
	p.i++ // '{'
	var seen uint64
	var extra [maxQuickKeys]string
	nextra, count := 0, 0
	p.ws()
	if p.peek() == '}' {
		p.i++
		return n.objectEnd(seen, count)
	}
	for {
		p.ws()
		if p.peek() != '"' {
			return false
		}
		k, ok := readString(p)
		if !ok {
			return false
		}
		p.ws()
		if p.peek() != ':' {
			return false
		}
		p.i++
		count++
		if i := n.prop(k); i >= 0 {
			if seen&(1<<i) != 0 || !n.props[i].node.valid(p, depth+1) {
				return false
			}
			seen |= 1 << i
		} else {
			if n.addl == addlNone || nextra == len(extra) {
				return false
			}
			for _, e := range extra[:nextra] {
				if e == k {
					return false
				}
			}
			extra[nextra] = k
			nextra++
			if n.addl == addlSchema {
				if !n.addlNode.valid(p, depth+1) {
					return false
				}
			} else if !anyValue(p, depth+1) {
				return false
			}
		}
		p.ws()
		switch p.peek() {
		case ',':
			p.i++
		case '}':
			p.i++
			return n.objectEnd(seen, count)
		default:
			return false
		}
	}
}

// objectEnd checks what an object's keys say once they are all read: the
// required ones, their number.
func (n *quickNode) objectEnd(seen uint64, count int) bool {
	for _, r := range n.required {
		if seen&(1<<r) == 0 {
			return false
		}
	}
	return (n.minProps < 0 || count >= n.minProps) && (n.maxProps < 0 || count <= n.maxProps)
}

// array checks an array: each item, and their number.
func (n *quickNode) array(p *scanner, depth int) bool {
	if depth >= MaxDepth || n.enum != nil || n.format != nil {
		return false
	}
	p.i++ // '['
	count := 0
	p.ws()
	if p.peek() != ']' {
		for {
			count++
			if n.items != nil {
				if !n.items.valid(p, depth+1) {
					return false
				}
			} else if !anyValue(p, depth+1) {
				return false
			}
			p.ws()
			if p.peek() == ',' {
				p.i++
				continue
			}
			if p.peek() != ']' {
				return false
			}
			break
		}
	}
	p.i++ // ']'
	return (n.minItems < 0 || count >= n.minItems) && (n.maxItems < 0 || count <= n.maxItems)
}

// anyValue moves past a value the schema says nothing of, checking what
// the full check reports whatever the schema: keys sent twice, nesting
// past MaxDepth, numbers it cannot read as sent; and the syntax.
func anyValue(p *scanner, depth int) bool {
	return anyObject.valid(p, depth)
}

// anyObject is the schema that says nothing: what anyValue checks values
// with.
var anyObject = &quickNode{ok: true, minLen: -1, maxLen: -1, minItems: -1, maxItems: -1, minProps: -1, maxProps: -1}
