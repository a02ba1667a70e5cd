package validation

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	isecret "github.com/mcperr/mcperr/internal/secret"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"github.com/mcperr/mcperr/errorx"
)

// Schema is a tool's inputSchema compiled once, to check each call's
// arguments against it with Check: the second source of per-field errors
// beside a struct's validate tags, for tools whose arguments are declared
// as JSON Schema (a hand-written schema, the schema an SDK infers from a
// struct, mcp-go's WithString and the like).
//
// A Schema is immutable and safe for concurrent use.
type Schema struct {
	url   string
	root  *jsonschema.Schema
	top   *snode
	nodes map[*jsonschema.Schema]*snode
	byLoc map[string]*snode
	// secrets: a property is secret by its schema or its name, so
	// arguments that are not JSON are not echoed; schemaSecrets: a
	// schema marks values secret (writeOnly, format password).
	secrets, schemaSecrets bool
	// width: the most evaluations of one value (unbounded when the
	// schema refers to itself through a value); past a bound, the
	// evaluations a check takes are counted first (see tooCostly).
	width int64
	// quick decides most valid arguments without the library (see
	// schemaquick.go); nil when the schema's keywords leave it no say.
	quick *quickNode
	// plainness: long lists and maps may be cut (see plain), decided on
	// first use; read and written atomically.
	plainness uint32
}

// schemaURL is the address a compiled schema is known by; nothing is ever
// loaded from it.
const schemaURL = "mcperr://tool/input-schema.json"

// CompileSchema compiles a tool's inputSchema for Check. The schema is
// read as JSON Schema draft 2020-12 (what MCP specifies) unless its
// $schema names another draft (draft-04, -06, -07 and 2019-09 are known);
// mcp-go's schemas, which name none, are read as 2020-12, where the
// keywords they use mean what they meant in draft-07. The schema must be
// self-contained: a $ref to another document is an error, nothing is
// loaded from a file or the network.
//
// Checking asserts formats (email, uri, date-time, uuid, ipv4,
// hostname… as the JSON Schema specification defines them; unknown
// formats are annotations), contentEncoding base64 and contentMediaType
// application/json. Format "regex" and contentSchema are annotations:
// checking them would compile, or decode and check, the caller's text
// without a bound. An invalid schema
// (not JSON, not valid against its draft's meta-schema, a pattern Go's
// regexp package cannot compile, a $ref that leads back to itself without
// reaching into the value) is an error wrapping ErrSchema, and so is one
// nested more than 64 levels deep or holding more than 4,096 JSON
// objects: compiling costs the library time that grows faster than that.
func CompileSchema(schema []byte) (*Schema, error) {
	raw := bytes.TrimSpace(schema)
	if !json.Valid(raw) {
		return nil, fmt.Errorf("%w: the schema is not valid JSON", ErrSchema)
	}
	if err := schemaShape(raw); err != nil {
		return nil, err
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrSchema, err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	c.AssertContent()
	c.UseLoader(noLoader{})
	c.RegisterFormat(&jsonschema.Format{Name: passwordFormat, Validate: func(any) error { return nil }})
	if err := c.AddResource(schemaURL, doc); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrSchema, err)
	}
	sch, err := c.Compile(schemaURL)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrSchema, err)
	}
	s := &Schema{url: schemaURL, root: sch}
	s.index(string(raw))
	s.top = s.nodes[sch]
	if loc := s.loop(); loc != "" {
		return nil, fmt.Errorf("%w: %s refers back to itself without reaching into the value", ErrSchema, strings.TrimPrefix(loc, schemaURL))
	}
	s.width = s.widthOf()
	if s.width < unbounded {
		s.quick = quickOf(s)
	}
	return s, nil
}

// maxSchemaDepth and maxSchemaObjects bound the schemas CompileSchema
// accepts, in levels of JSON objects and arrays and in JSON objects: the
// library's compile, which checks the schema against its draft's
// meta-schema, costs time and memory cubic in the nesting (500 levels of
// properties: 0.7 s and 1.1 GB; of anyOf: 1.7 s and 1.4 GB) and time
// quadratic in the subschemas (8,000 properties: 0.9 s).
const (
	maxSchemaDepth   = 64
	maxSchemaObjects = 4096
)

// schemaShape checks raw, a valid JSON text, against maxSchemaDepth and
// maxSchemaObjects.
func schemaShape(raw []byte) error {
	depth, objects := 0, 0
	for i := 0; i < len(raw); i++ {
		switch raw[i] {
		case '"':
			for i++; raw[i] != '"'; i++ {
				if raw[i] == '\\' {
					i++
				}
			}
		case '{', '[':
			if raw[i] == '{' {
				objects++
			}
			if depth++; depth > maxSchemaDepth {
				return fmt.Errorf("%w: the schema is nested more than %d levels deep", ErrSchema, maxSchemaDepth)
			}
			if objects > maxSchemaObjects {
				return fmt.Errorf("%w: the schema holds more than %d objects", ErrSchema, maxSchemaObjects)
			}
		case '}', ']':
			depth--
		}
	}
	return nil
}

// noLoader refuses to load anything: a schema is one document.
type noLoader struct{}

func (noLoader) Load(url string) (any, error) {
	return nil, fmt.Errorf("validation: the schema refers to %q: only references inside the schema are followed", url)
}

// Check checks the JSON arguments raw against s and returns nil or an
// *errorx.Error of the same form as Bind's: code INVALID_INPUT, class
// VALIDATION, the recovery line, a summary naming the top-level arguments
// concerned (never a value the caller sent) and one field per failure, all
// of them at once. tool names the tool in the error; WithTool overrides it,
// IgnoreKeys lets top-level keys through that the schema does not have,
// as WithFormatArgument does its argument (its value is checked when the
// schema declares it, as InputSchema's does with that option), WithValidator
// is ignored.
//
// A failure reads as binding's does for the validate tag that says the
// same (see the package documentation, "JSON Schema"): the same message,
// expected form, options, hint, rule and parameter. Arguments that are
// not JSON, not an object, keys sent twice and nesting past MaxDepth are
// reported as Bind reports them; a number beyond float64's range is
// "overflow". The library evaluates a value once for each way the schema
// reaches it (subschemas shared through anyOf, oneOf and allOf: exponential
// in their levels; a schema that refers to itself through a value with
// alternatives on the way: exponential in the nesting); arguments that
// would take more evaluations than a budget linear in their size (10,000
// plus 64 per value) are refused with one field at the top, of rule depth
// for a schema that refers to itself ("Nested too deeply."), of rule
// "cost" for another ("Too costly to check."). At most MaxFields fields
// are kept, the others counted as Bind counts them. But against a schema that checks each item of a list and each member of
// a map on its own (no anyOf, oneOf, not, if, contains, unevaluated…,
// propertyNames, dependentSchemas or dynamic reference anywhere), a list
// or map of more than 200 values is checked cut to its first ones in the
// documented order, as many as hold more than MaxFields fields: the count
// of the fields left out is then at least the number given (the failures
// certain of the values left out). A call with at most MaxFields fields is
// never cut. Sent values are redacted when their schema is writeOnly or
// has format password, when a name on their path is secret
// (secret.Is), and for an unknown key near a secret property.
//
// A schema whose $ref chain loops on one value is a server-side mistake:
// INTERNAL_ERROR.
func (s *Schema) Check(tool string, raw []byte, opts ...Option) error {
	var ignore []string
	formatArg := ""
	if len(opts) > 0 {
		c := newConfig(opts)
		if c.tool != "" {
			tool = c.tool
		}
		ignore, formatArg = c.ignore, c.formatArg
	}
	if e := s.check(tool, raw, ignore, formatArg); e != nil {
		return e
	}
	return nil
}

// checkRun is one call of Check.
type checkRun struct {
	s        *Schema
	text     string // the arguments
	inst     any    // the arguments decoded (map[string]any)
	ignore   []string
	format   string // the format argument's name, "" when off
	probs    list   // keys sent twice, nesting too deep, numbers out of range
	items    []sitem
	keys     []byte // the sort keys of items, end to end
	loc      locator
	located  bool
	replaced bool                        // numbers were replaced in inst: sent values are read from text
	inAlt    int                         // collecting the failures of an anyOf's or oneOf's alternative
	values   int                         // the values of the arguments
	keyAt    map[unsafe.Pointer][]member // by object, where its members are (see indexKeys)
	internal error
	// keyed indexes, per schema with propertyNames, the objects of the
	// arguments it checks by key; keyUses counts the failures of one key
	// found.
	keyed   map[*snode]map[string][][]seg
	keyUses map[keyUse]int
	tooLong map[string]bool // the arrays reported as having too many items
	empties map[string]bool // the required properties reported sent empty
	win     *window         // long lists and maps cut (see window); nil when none could be
	more    []more          // failures counted, not kept (see report)
}

// sitem is one failure before it becomes a field: where it is, its sort
// key, and what to translate.
type sitem struct {
	how        how
	below      bool // failures at or below segs are said by this one (a problem, a wrong type)
	isKey      bool // a failure of the key at segs (propertyNames)
	e          *jsonschema.ValidationError
	segs       []seg
	start, end int    // the sort key in checkRun.keys
	n          int    // howProblem: the index in checkRun.probs; howTooMany: the most items
	by         string // howDependent: the property that requires the one at segs
	node       *snode // the schema where the keyword failed (or the object's, for unknown keys)
}

// how says what an item translates.
type how uint8

const (
	howKeyword   how = iota // e's keyword at segs
	howProblem              // a decoding problem
	howRequired             // a required property not sent
	howDependent            // a property required by another one
	howUnknown              // a key the object's schema does not allow
	howTooMany              // more items than the array's schema has
	howOneOf                // an anyOf or oneOf matched by no alternative
	howEmpty                // a required property sent as ""
)

var emptyObject = []byte("{}")

func (s *Schema) check(tool string, raw []byte, ignore []string, formatArg string) (e *errorx.Error) {
	defer func() {
		if p := recover(); p != nil {
			e = internalError(tool, fmt.Errorf("validation: panic: %v", p))
		}
	}()
	raw = bytes.TrimSpace(raw)
	if s.quick != nil && len(ignore) == 0 && formatArg == "" && s.quick.quickValid(raw) {
		return nil
	}
	if len(raw) == 0 || string(raw) == "null" {
		raw = emptyObject
	}
	if !validJSON(raw) {
		return NewError(tool, []errorx.Field{{
			Sent: s.invalidText(raw), WasSent: true,
			Message: "Is not valid JSON.", Expected: "a JSON object", Rule: RuleSyntax,
		}})
	}
	r := &checkRun{s: s, text: string(raw), ignore: ignore, format: formatArg}
	if r.text[0] != '{' {
		f := typeField("object")
		p := scanner{s: r.text}
		f.Sent, f.WasSent = p.value(), true
		f.Sent = s.redactSent(nil, false, f.Sent)
		return isecret.RedactError(NewError(tool, []errorx.Field{f}), nil)
	}
	r.inst = r.decode()
	if r.tooCostly() {
		return NewError(tool, []errorx.Field{costlyField(r.text, s.width == unbounded)})
	}
	inst := r.inst
	if r.values > cutMin && s.plain() {
		// A long list or map goes through the window: report keeps
		// every failing member of a map.
		r.win = &window{items: len(r.items), keys: len(r.keys)}
		inst = r.view()
	} else if r.report() {
		if len(r.items) == 0 {
			return nil
		}
		return r.build(tool)
	}
	for {
		if verr := s.root.Validate(inst); verr != nil {
			ve, ok := errors.AsType[*jsonschema.ValidationError](verr)
			if !ok {
				return internalError(tool, verr)
			}
			n := len(r.items) + countFailures(ve)
			r.items = slices.Grow(r.items, n)
			r.keys = slices.Grow(r.keys, 8*n)
			r.collect(ve, nil)
		}
		if r.internal != nil {
			return internalError(tool, r.internal)
		}
		if r.win == nil || len(r.win.cuts) == 0 || !r.grow(r.order()) {
			break
		}
		r.uncut()
		inst = r.view()
	}
	if len(r.items) == 0 {
		return nil // only keys let through failed
	}
	return r.build(tool)
}

// invalidText is what is echoed of arguments that are not valid JSON:
// their first 256 bytes, redacted whole when they name a secret key or the
// schema has secret properties (they cannot be decoded to redact the
// secret alone).
func (s *Schema) invalidText(raw []byte) any {
	t := cutString(string(raw), 256)
	if s.secrets || secretKeyIn(t) {
		return errorx.Redact(t)
	}
	return t
}

// maxNumberLen and maxExponent bound the numbers handed to the JSON Schema
// library as they were sent: it compares numbers exactly, in time that
// grows faster than their length and with the size of their exponent
// (1e-999999 takes milliseconds). Longer numbers and larger exponents are
// compared at float64 precision.
const (
	maxNumberLen = 400
	maxExponent  = 400
)

// overflowExpected is what a number beyond float64's range is told to be,
// as binding tells it for a float64.
var overflowExpected = "a number from " + strconv.FormatFloat(-math.MaxFloat64, 'g', -1, 64) + " to " + strconv.FormatFloat(math.MaxFloat64, 'g', -1, 64)

// number returns n as the library is to see it (segs is its path). Beyond float64's range, n
// is a problem (rule overflow, as binding reports it for a float64) and 0
// stands for it; longer than maxNumberLen or with an exponent beyond
// maxExponent, its float64 value stands for it (a nonzero value too small
// for a float64 keeps its sign: ±1e-400).
func (r *checkRun) number(n json.Number, segs []seg) any {
	s := string(n)
	if len(s) <= 17 && !strings.ContainsAny(s, "eE") {
		return n // at most 17 digits: well inside float64's range
	}
	f, err := strconv.ParseFloat(s, 64)
	switch {
	case math.IsInf(f, 0):
		r.replaced = true
		segs = slices.Clone(segs)
		f := overflowField(overflowExpected)
		f.Path, f.Sent, f.WasSent = pathOf(segs), n, true
		r.probs.add(f, "", true)
		r.add(sitem{how: howProblem, n: len(r.probs.fields) - 1, segs: segs, below: true})
		return json.Number("0")
	case len(s) <= maxNumberLen && !bigExponent(s):
		return n
	}
	r.replaced = true
	switch {
	case err == nil && f == 0 && !isZero(s):
		if s[0] == '-' {
			return "-1e-" + json.Number(strconv.Itoa(maxExponent))
		}
		return "1e-" + json.Number(strconv.Itoa(maxExponent))
	}
	return json.Number(strconv.FormatFloat(f, 'g', -1, 64))
}

// bigExponent reports whether number literal s has an exponent beyond
// maxExponent.
func bigExponent(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != 'e' && s[i] != 'E' {
			continue
		}
		e := s[i+1:]
		if e != "" && (e[0] == '+' || e[0] == '-') {
			e = e[1:]
		}
		for len(e) > 1 && e[0] == '0' {
			e = e[1:]
		}
		n, err := strconv.Atoi(e)
		return err != nil || n > maxExponent
	}
	return false
}

// isZero reports whether number literal s is zero.
func isZero(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == 'e' || c == 'E':
			return true
		case c >= '1' && c <= '9':
			return false
		}
	}
	return true
}

// pathOf joins segs as a field's path: dots, numeric segments.
func pathOf(segs []seg) string {
	if len(segs) == 1 && !segs[0].isIdx {
		return segs[0].key
	}
	var b []byte
	for i, s := range segs {
		if i > 0 {
			b = append(b, '.')
		}
		if s.isIdx {
			b = appendIndex(b, s.index)
		} else {
			b = append(b, s.key...)
		}
	}
	return string(b)
}

// valueAt returns the decoded value at segs, nil when there is none.
func (r *checkRun) valueAt(segs []seg) any {
	v, _ := r.lookup(segs)
	return v
}

// lookup returns the decoded value at segs and whether there is one.
func (r *checkRun) lookup(segs []seg) (any, bool) {
	v := r.inst
	for _, sg := range segs {
		switch x := v.(type) {
		case map[string]any:
			m, ok := x[sg.key]
			if !ok || sg.isIdx {
				return nil, false
			}
			v = m
		case []any:
			if !sg.isIdx || sg.index >= len(x) {
				return nil, false
			}
			v = x[sg.index]
		default:
			return nil, false
		}
	}
	return v, true
}

// segsOf turns an instance location into path segments, telling indexes
// from keys by the decoded value; name, when not empty, is appended.
func (r *checkRun) segsOf(loc []string, name string) []seg {
	segs := make([]seg, 0, len(loc)+1)
	v := r.inst
	for _, tok := range loc {
		switch x := v.(type) {
		case []any:
			i, err := strconv.Atoi(tok)
			if err == nil && i >= 0 {
				segs = append(segs, seg{index: i, isIdx: true})
				if i < len(x) {
					v = x[i]
					continue
				}
			} else {
				segs = append(segs, seg{key: tok})
			}
			v = nil
		case map[string]any:
			segs = append(segs, seg{key: tok})
			v = x[tok]
		default:
			segs = append(segs, seg{key: tok})
			v = nil
		}
	}
	if name != "" {
		segs = append(segs, seg{key: name})
	}
	return segs
}

// memberSegs is segsOf for the member name (which may be "") of the
// object at loc.
func (r *checkRun) memberSegs(loc []string, name string) []seg {
	return append(r.segsOf(loc, ""), seg{key: name})
}

// add appends an item, computing its sort key: properties in the order
// their schema writes them, elements by index, other members by key (a
// key's own failures after its value's), unknown keys last in the order
// they were sent.
func (r *checkRun) add(it sitem) {
	it.start = len(r.keys)
	last := len(it.segs) - 1
	switch {
	case last >= 0 && !it.segs[last].isIdx && it.how == howUnknown:
		r.keys, _ = r.appendPathOf(r.keys, it.segs[:last])
		r.keys = appendOrdUnknown(r.keys, r.offset(it.segs))
	case last >= 0 && !it.segs[last].isIdx && it.isKey:
		// A key's failure comes after its value's, and a problem of the
		// value does not say it: the key ends with 0x01, not 0x00.
		r.keys, _ = r.appendPathOf(r.keys, it.segs[:last])
		r.keys = appendOrdKey(r.keys, ordField, it.segs[last].key)
		r.keys[len(r.keys)-1] = 0x01
	default:
		r.keys, _ = r.appendPathOf(r.keys, it.segs)
	}
	it.end = len(r.keys)
	r.items = append(r.items, it)
}

// appendPath appends the sort key of the value at segs: the fields at or
// below it have keys that start with it (see add).
func (r *checkRun) appendPath(dst []byte, segs []seg) []byte {
	dst, _ = r.appendPathOf(dst, segs)
	return dst
}

// appendPathOf is appendPath, returning the schema of the value too.
func (r *checkRun) appendPathOf(dst []byte, segs []seg) ([]byte, *snode) {
	n := r.s.top
	for _, sg := range segs {
		switch {
		case sg.isIdx:
			dst = appendOrdIndex(dst, sg.index)
		default:
			if p, ok := n.prop(sg.key); ok {
				dst = appendOrdField(dst, p.ord)
				n = p.node
				continue
			}
			dst = appendOrdKey(dst, ordField, sg.key)
		}
		n = r.s.child(n, sg)
	}
	return dst, n
}

// offset returns where the value of the last key of segs starts in the
// arguments (its first occurrence): the order unknown keys are reported
// in.
func (r *checkRun) offset(segs []seg) int {
	obj, _ := r.valueAt(segs[:len(segs)-1]).(map[string]any)
	if obj == nil {
		return 0
	}
	if r.keyAt == nil {
		r.keyAt = map[unsafe.Pointer][]member{}
		p := scanner{s: r.text}
		r.indexKeys(&p, r.inst)
	}
	ms := r.keyAt[reflect.ValueOf(obj).UnsafePointer()]
	key := segs[len(segs)-1].key
	i, _ := slices.BinarySearchFunc(ms, key, func(m member, k string) int { return strings.Compare(m.key, k) })
	if i < len(ms) && ms[i].key == key {
		return ms[i].at
	}
	return 0
}

// indexKeys walks the arguments' text at p beside v, their decoded value,
// recording for each object the offsets of its members' values, sorted by
// key (the first of a key sent twice first). It runs once, for the first
// unknown key: a pass over the text instead of an index kept for every
// call.
func (r *checkRun) indexKeys(p *scanner, v any) {
	p.ws()
	switch x := v.(type) {
	case map[string]any:
		if p.peek() != '{' {
			p.skipValue()
			return
		}
		ms := make([]member, 0, len(x))
		var seen map[string]bool // past smallObject members
		p.i++
		for p.i < len(p.s) {
			p.ws()
			switch p.peek() {
			case '}':
				p.i++
				slices.SortStableFunc(ms, func(a, b member) int { return strings.Compare(a.key, b.key) })
				r.keyAt[reflect.ValueOf(x).UnsafePointer()] = ms
				return
			case ',':
				p.i++
				p.ws()
			}
			k := p.str()
			p.ws()
			p.i++ // ':'
			p.ws()
			var first bool
			switch {
			case seen != nil:
				first = !seen[k]
				seen[k] = true
			case len(ms) == smallObject:
				seen = make(map[string]bool, len(x))
				for _, m := range ms {
					seen[m.key] = true
				}
				first = !seen[k]
				seen[k] = true
			default:
				first = !slices.ContainsFunc(ms, func(m member) bool { return m.key == k })
			}
			ms = append(ms, member{k, p.i})
			if first {
				r.indexKeys(p, x[k])
			} else {
				p.skipValue() // not the value decoded
			}
		}
	case []any:
		if p.peek() != '[' {
			p.skipValue()
			return
		}
		p.i++
		for i := 0; p.i < len(p.s); i++ {
			p.ws()
			switch p.peek() {
			case ']':
				p.i++
				return
			case ',':
				p.i++
			}
			var el any
			if i < len(x) {
				el = x[i]
			}
			r.indexKeys(p, el)
		}
	default:
		p.skipValue()
	}
}

// collect adds the failures of e. keyOf, when not nil, is the path of a
// key being validated as a string (propertyNames): e's failures are the
// key's.
func (r *checkRun) collect(e *jsonschema.ValidationError, keyOf []seg) {
	at := func(name string) []seg {
		if keyOf != nil {
			return keyOf
		}
		return r.segsOf(e.InstanceLocation, name)
	}
	node := r.s.byLoc[e.SchemaURL]
	e = enumFirst(e, node)
	switch e.ErrorKind.(type) {
	case *kind.Enum, *kind.Const, *kind.Format, *kind.Pattern, *kind.MinLength:
		if keyOf == nil && r.emptyRequired(e, node) {
			return
		}
	}
	switch k := e.ErrorKind.(type) {
	case *kind.Schema, *kind.Group, *kind.Reference, *kind.AllOf:
		for _, c := range ownFailure(e) {
			r.collect(c, keyOf)
		}
	case *kind.AnyOf:
		r.alternatives(e, node, keyOf, node.s.AnyOf)
	case *kind.OneOf:
		if len(k.Subschemas) > 0 {
			r.add(sitem{how: howKeyword, e: e, segs: at(""), node: node, isKey: keyOf != nil})
			return
		}
		r.alternatives(e, node, keyOf, node.s.OneOf)
	case *kind.PropertyNames:
		segs := r.keyPath(node, k.Property)
		for _, c := range ownFailure(e) {
			r.collect(c, segs)
		}
	case *kind.Required:
		for _, name := range k.Missing {
			r.add(sitem{how: howRequired, segs: r.memberSegs(e.InstanceLocation, name)})
		}
	case *kind.DependentRequired:
		for _, name := range k.Missing {
			r.add(sitem{how: howDependent, segs: r.memberSegs(e.InstanceLocation, name), by: k.Prop})
		}
	case *kind.Dependency:
		for _, name := range k.Missing {
			r.add(sitem{how: howDependent, segs: r.memberSegs(e.InstanceLocation, name), by: k.Prop})
		}
	case *kind.AdditionalProperties:
		for _, name := range k.Properties {
			r.unknown(r.memberSegs(e.InstanceLocation, name), node)
		}
	case *kind.AdditionalItems:
		r.tooMany(at(""), itemsBefore(node))
	case *kind.FalseSchema, *kind.Not:
		if r.rejectsMember(e, node, keyOf) {
			return
		}
		r.add(sitem{how: howKeyword, e: e, segs: at(""), node: node, isKey: keyOf != nil})
	case *kind.RefCycle, *kind.InvalidJsonValue:
		if r.internal == nil {
			r.internal = fmt.Errorf("validation: the schema cannot check the arguments: %v", e)
		}
	case *kind.Type:
		// A wrong type says what the other failures at or below the value
		// would, unless it is an alternative's (an anyOf reported by its
		// one alternative): the value's own schema still holds.
		r.add(sitem{how: howKeyword, e: e, segs: at(""), node: node, below: keyOf == nil && r.inAlt == 0, isKey: keyOf != nil})
	default:
		r.add(sitem{how: howKeyword, e: e, segs: at(""), node: node, isKey: keyOf != nil})
	}
}

// keyUse is a key failing the propertyNames of a schema.
type keyUse struct {
	owner *snode
	key   string
}

// keyPath returns the path of the key failing propertyNames (the schema
// at node). The library does not say which object the key is in: it is
// found among the objects of the arguments that the schema holding
// propertyNames checks, the n-th failure of a key in the n-th object
// holding it (the same key fails the same way in each).
func (r *checkRun) keyPath(node *snode, key string) []seg {
	var owner *snode
	if node != nil {
		_, owner = r.parentOf(node)
	}
	if owner == nil {
		return []seg{{key: key}}
	}
	if r.keyed == nil {
		r.keyed, r.keyUses = map[*snode]map[string][][]seg{}, map[keyUse]int{}
	}
	byKey, ok := r.keyed[owner]
	if !ok {
		byKey = map[string][][]seg{}
		r.objectsOf(owner, r.s.top, r.inst, nil, byKey)
		r.keyed[owner] = byKey
	}
	u := keyUse{owner, key}
	n := r.keyUses[u]
	r.keyUses[u]++
	if objs := byKey[key]; n < len(objs) {
		return append(objs[n][:len(objs[n]):len(objs[n])], seg{key: key})
	}
	return []seg{{key: key}}
}

// objectsOf records, by key, the paths of the objects under v (at segs,
// checked by n) that owner checks.
func (r *checkRun) objectsOf(owner, n *snode, v any, segs []seg, byKey map[string][][]seg) {
	if n == nil {
		return
	}
	switch x := v.(type) {
	case map[string]any:
		if slices.Contains(n.views, owner) {
			at := slices.Clone(segs)
			for k := range x {
				byKey[k] = append(byKey[k], at)
			}
		}
		for k, m := range x {
			sg := seg{key: k}
			r.objectsOf(owner, r.s.child(n, sg), m, append(segs, sg), byKey)
		}
	case []any:
		for i, m := range x {
			sg := seg{index: i, isIdx: true}
			r.objectsOf(owner, r.s.child(n, sg), m, append(segs, sg), byKey)
		}
	}
}

// emptyRequired handles a failure of "" sent for a property its object
// requires and whose schema has minLength 1: InputSchema's required on a
// string. It reads as binding's required, once for the value, whichever
// keywords "" fails (the library stops at enum, const and format, before
// minLength). It reports whether it did.
func (r *checkRun) emptyRequired(e *jsonschema.ValidationError, node *snode) bool {
	if node == nil || node.s.MinLength == nil || *node.s.MinLength != 1 {
		return false
	}
	segs := r.segsOf(e.InstanceLocation, "")
	if v, _ := r.lookup(segs); v != "" || !r.requiredAt(segs) {
		return false
	}
	return r.emptyAt(segs)
}

// emptyAt adds, once, the item of "" sent at segs for a required
// property; it reports true.
func (r *checkRun) emptyAt(segs []seg) bool {
	if r.empties == nil {
		r.empties = map[string]bool{}
	}
	if key := string(appendOrdPath(nil, segs)); !r.empties[key] {
		r.empties[key] = true
		r.add(sitem{how: howEmpty, segs: segs})
	}
	return true
}

// countFailures counts the items e's failures make at most.
func countFailures(e *jsonschema.ValidationError) int {
	switch k := e.ErrorKind.(type) {
	case *kind.Required:
		return len(k.Missing)
	case *kind.DependentRequired:
		return len(k.Missing)
	case *kind.Dependency:
		return len(k.Missing)
	case *kind.AdditionalProperties:
		return len(k.Properties)
	}
	if len(e.Causes) == 0 {
		return 1
	}
	n := 0
	for _, c := range e.Causes {
		n += countFailures(c)
	}
	return n
}

// rejectsMember handles a schema that rejects every value (false, or
// "not": {}) reached through additionalProperties or unevaluatedProperties
// (an unknown key), or through items, additionalItems or unevaluatedItems
// (an item too many). It reports whether it did.
func (r *checkRun) rejectsMember(e *jsonschema.ValidationError, node *snode, keyOf []seg) bool {
	if keyOf != nil || node == nil || len(e.InstanceLocation) == 0 || !rejectsAll(node.s) {
		return false
	}
	via, parent := r.parentOf(node)
	switch via {
	case "additionalProperties", "unevaluatedProperties":
		r.unknown(r.segsOf(e.InstanceLocation, ""), parent)
	case "items", "additionalItems", "unevaluatedItems":
		loc := e.InstanceLocation
		r.tooMany(r.segsOf(loc[:len(loc)-1], ""), itemsBefore(parent))
	default:
		return false
	}
	return true
}

// parentOf returns the keyword that holds node's schema and the schema
// holding it, by location.
func (r *checkRun) parentOf(node *snode) (string, *snode) {
	loc := node.s.Location
	for i := len(loc) - 1; i >= 0; i-- {
		if loc[i] == '/' {
			return loc[i+1:], r.s.byLoc[loc[:i]]
		}
		if loc[i] == '#' {
			break
		}
	}
	return "", nil
}

// rejectsAll reports whether sch accepts no value: false, or "not" of a
// schema that accepts every value.
func rejectsAll(sch *jsonschema.Schema) bool {
	if sch.Bool != nil {
		return !*sch.Bool
	}
	return sch.Not != nil && acceptsAll(sch.Not)
}

// acceptsAll reports whether sch is true or {} (annotations aside).
func acceptsAll(sch *jsonschema.Schema) bool {
	if sch.Bool != nil {
		return *sch.Bool
	}
	return sch.Ref == nil && sch.Types == nil && sch.Enum == nil && sch.Const == nil && sch.Not == nil &&
		len(sch.AllOf)+len(sch.AnyOf)+len(sch.OneOf) == 0 && sch.If == nil && sch.Format == nil &&
		sch.MaxProperties == nil && sch.MinProperties == nil && len(sch.Required) == 0 && sch.PropertyNames == nil &&
		len(sch.Properties) == 0 && len(sch.PatternProperties) == 0 && sch.AdditionalProperties == nil &&
		len(sch.Dependencies)+len(sch.DependentRequired)+len(sch.DependentSchemas) == 0 &&
		sch.UnevaluatedProperties == nil && sch.MinItems == nil && sch.MaxItems == nil && !sch.UniqueItems &&
		sch.Contains == nil && sch.Items == nil && sch.AdditionalItems == nil && len(sch.PrefixItems) == 0 &&
		sch.Items2020 == nil && sch.UnevaluatedItems == nil && sch.MinLength == nil && sch.MaxLength == nil &&
		sch.Pattern == nil && sch.ContentEncoding == nil && sch.ContentMediaType == nil && sch.Maximum == nil &&
		sch.Minimum == nil && sch.ExclusiveMaximum == nil && sch.ExclusiveMinimum == nil && sch.MultipleOf == nil &&
		sch.RecursiveRef == nil && sch.DynamicRef == nil && len(sch.Extensions) == 0
}

// itemsBefore is the number of items an array schema describes one by one
// (prefixItems, or items as a list), after which it accepts none.
func itemsBefore(n *snode) int {
	if n == nil {
		return 0
	}
	if list, ok := n.s.Items.([]*jsonschema.Schema); ok {
		return len(list)
	}
	return len(n.s.PrefixItems)
}

// unknown adds the unknown key at segs, of an object whose schema is
// parent; the format argument and the IgnoreKeys keys are let through at
// the top.
func (r *checkRun) unknown(segs []seg, parent *snode) {
	if len(segs) == 1 && (r.format != "" && segs[0].key == r.format || contains(r.ignore, segs[0].key)) {
		return
	}
	r.add(sitem{how: howUnknown, segs: segs, node: parent})
}

// tooMany adds the array at segs having more than max items, once (the
// library reports each item too many).
func (r *checkRun) tooMany(segs []seg, max int) {
	if r.tooLong == nil {
		r.tooLong = map[string]bool{}
	}
	key := string(appendOrdPath(nil, segs))
	if r.tooLong[key] {
		return
	}
	r.tooLong[key] = true
	r.add(sitem{how: howTooMany, segs: segs, n: max})
}

// appendOrdPath appends segs, each as a sort key writes a member or an
// index: an unambiguous form of a path.
func appendOrdPath(dst []byte, segs []seg) []byte {
	for _, sg := range segs {
		if sg.isIdx {
			dst = appendOrdIndex(dst, sg.index)
		} else {
			dst = appendOrdKey(dst, ordField, sg.key)
		}
	}
	return dst
}

// alternatives handles an anyOf or oneOf (e, at node) that no alternative
// matched. Alternatives that only let an empty value through (null, "", 0,
// false: how InputSchema writes omitempty and pointers) are left aside;
// when one alternative is left, its failures are reported as they are;
// otherwise the whole is one field.
func (r *checkRun) alternatives(e *jsonschema.ValidationError, node *snode, keyOf []seg, alts []*jsonschema.Schema) {
	real, n := -1, 0
	for i, a := range alts {
		if !emptyOnly(a) {
			real = i
			n++
		}
	}
	if n == 1 {
		// No alternative matched: each failed, and its failure is the
		// cause of its position (a single failure of an alternative is
		// located where it happened, not at the alternative).
		for i, c := range e.Causes {
			if len(e.Causes) == len(alts) && i == real || c.SchemaURL == alts[real].Location {
				r.inAlt++
				r.collect(c, keyOf)
				r.inAlt--
				return
			}
		}
	}
	segs := keyOf
	if segs == nil {
		segs = r.segsOf(e.InstanceLocation, "")
	}
	r.add(sitem{how: howOneOf, e: e, segs: segs, node: node, isKey: keyOf != nil})
}

// emptyOnly reports whether sch accepts only null or only the empty value
// of a type ("", 0, false), and says nothing else.
func emptyOnly(sch *jsonschema.Schema) bool {
	c := *sch
	c.Location, c.DraftVersion, c.Title, c.Description, c.Comment = "", 0, "", "", ""
	switch e := enumOf(sch); {
	case c.Types != nil && c.Types.ToStrings()[0] == "null" && len(c.Types.ToStrings()) == 1:
		c.Types = nil
	case c.Const != nil && isEmptyValue(*c.Const):
		c.Const = nil
	case e != nil && len(e.Values) == 1 && isEmptyValue(e.Values[0]):
		dropEnum(&c)
	default:
		return false
	}
	c.Types = nil // a type beside the const says nothing more
	return acceptsAll(&c)
}

// isEmptyValue reports whether v is null, "", 0 or false.
func isEmptyValue(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return x == ""
	case bool:
		return !x
	case json.Number:
		return isZero(string(x))
	case float64:
		return x == 0
	}
	return false
}
