package validation

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// DescriptionTag is the struct tag whose text becomes a property's
// description in the schema of InputSchema:
//
//	Email string `json:"email" validate:"required,email" description:"The user's work address."`
const DescriptionTag = "description"

// InputSchema returns the JSON Schema (draft 2020-12) of the arguments
// Bind[T] accepts: one struct is the tool's whole contract. The adapters
// set it as a tool's inputSchema (mcpgo.WithInputSchema, gosdk.AddTool).
// T is a struct or a pointer to one; opts are Bind's options:
// WithValidator names the validator whose built-in tags are read,
// IgnoreKeys adds the keys binding lets through. The result is computed
// once per type and options and shared: do not modify it. Its errors wrap
// ErrSchema (T not a struct or a pointer to one, for one).
//
// The schema holds:
//
//   - each argument's JSON type as binding reads it: integer for Go
//     integers (with the type's range when narrower than 64 bits), number,
//     string (also time.Time, with format date-time, and []byte, base64),
//     boolean, array (items) and object (nested structs with their
//     properties, maps with additionalProperties); embedded structs
//     promoted, json:"-" fields absent. A value that is not a pointer has
//     its one type, never a type array: binding rejects null there. A
//     pointer binding lets be nil is an anyOf of its value's schema and
//     {"type":"null"};
//   - required: the properties whose absence binding rejects (the zero
//     value fails a rule: required, min=1, gte=18 on a number…), not the
//     fields without omitempty;
//   - additionalProperties false on every object, since binding rejects
//     unknown keys; the IgnoreKeys keys are properties of the top-level
//     object (any value), and the toolerror dialect's format argument when
//     the server turns it on (WithFormatArgument), never otherwise;
//   - from the validate tags: enum (oneof, options parsed as validator
//     parses them), const and not const (eq, ne), minLength and maxLength
//     in characters (len, min, max, gt, gte, lt, lte on strings), minimum,
//     maximum, exclusiveMinimum and exclusiveMaximum (on numbers),
//     minItems, maxItems, minProperties, maxProperties and uniqueItems (on
//     slices, arrays and maps), items and additionalProperties from dive
//     (propertyNames from keys…endkeys), or-groups as anyOf, format for
//     email, url (uri), uri (uri-reference), uuid, datetime (date-time for
//     RFC 3339 layouts, date for 2006-01-02), ipv4, ipv6, hostname, and
//     pattern where validator's check is a regular expression match with
//     the same meaning in every dialect (alpha, alphanum, numeric, number,
//     hexadecimal, hexcolor, e164, uuid, uuid3, uuid4, uuid5, startswith,
//     endswith, contains; excludes as not pattern); a value that omitempty
//     lets through as empty is allowed beside them;
//   - a description per property from the DescriptionTag tag.
//
// Tags without a schema form (eqfield, required_if and the other
// cross-field and conditional rules, struct-level validations, custom
// tags, rules on types binding decodes itself) are left out: the schema
// may be looser than binding, never stricter. Every argument object that
// Bind accepts is valid against the schema. Formats are annotations in
// draft 2020-12: a client that asserts them checks its own definitions,
// which may differ from validator's in corner cases. A recursive type is
// expanded once; below that, its occurrences accept any value.
func InputSchema[T any](opts ...Option) (json.RawMessage, error) {
	c := newConfig(opts)
	e := inputSchema(reflect.TypeFor[T](), c)
	return e.raw, e.err
}

// schemaEntry is one computed schema; exact reports that the schema
// accepts exactly what binding accepts (see schemaGen.exact).
type schemaEntry struct {
	raw   json.RawMessage
	err   error
	exact bool
}

type schemaKey struct {
	t         reflect.Type
	v         *Validator
	ignore    string
	formatArg string
}

var schemaCache sync.Map // schemaKey → *schemaEntry

// schemaBuilds counts schema computations: tests and the benchmark show
// that each type and options is computed once.
var schemaBuilds atomic.Int64

func inputSchema(t reflect.Type, c config) *schemaEntry {
	var ignore []string
	key := schemaKey{t: t, v: c.v, formatArg: c.formatArg}
	if len(c.ignore) > 0 {
		ignore = slices.Clone(c.ignore)
		slices.Sort(ignore)
		ignore = slices.Compact(ignore)
		key.ignore = strings.Join(ignore, "\x00")
	}
	if e, ok := schemaCache.Load(key); ok {
		return e.(*schemaEntry)
	}
	e := buildSchema(t, c.v, ignore, c.formatArg)
	actual, _ := schemaCache.LoadOrStore(key, e)
	return actual.(*schemaEntry)
}

// ErrSchema is wrapped by the errors of InputSchema.
var ErrSchema = errors.New("validation: no input schema")

// maxSchemaNodes bounds the size of a schema: a type whose expansion needs
// more nodes (deeply nested, repeated struct types) is an error.
const maxSchemaNodes = 20000

func buildSchema(t reflect.Type, v *Validator, ignore []string, formatArg string) (e *schemaEntry) {
	schemaBuilds.Add(1)
	st := baseType(t)
	if st.Kind() != reflect.Struct || st == timeType || delegated(st) {
		return &schemaEntry{err: fmt.Errorf("%w: %v is not a struct decoded field by field", ErrSchema, t)}
	}
	g := &schemaGen{v: v, exact: true, active: map[reflect.Type]bool{}, zeroStruct: map[reflect.Type]tri{}}
	defer func() {
		if r := recover(); r != nil {
			e = &schemaEntry{err: fmt.Errorf("%w for %v: %v", ErrSchema, t, r)}
		}
	}()
	s := g.object(st, true)
	props, _ := s.get("properties")
	po := props.(obj)
	if _, taken := po.get(formatArg); formatArg != "" && !taken {
		po = po.set(formatArg, formatSchema())
	}
	for _, k := range ignore {
		if _, taken := po.get(k); !taken {
			po = po.set(k, obj{})
		}
	}
	s = s.set("properties", po)
	if g.nodes > maxSchemaNodes {
		return &schemaEntry{err: fmt.Errorf("%w for %v: more than %d nodes", ErrSchema, t, maxSchemaNodes)}
	}
	raw, err := json.Marshal(s)
	if err != nil {
		return &schemaEntry{err: fmt.Errorf("%w for %v: %w", ErrSchema, t, err)}
	}
	return &schemaEntry{raw: raw, exact: g.exact}
}

// obj is a JSON object with its keys in order.
type obj []kv

type kv struct {
	k string
	v any
}

func (o obj) get(k string) (any, bool) {
	for _, p := range o {
		if p.k == k {
			return p.v, true
		}
	}
	return nil, false
}

func (o obj) set(k string, v any) obj {
	for i := range o {
		if o[i].k == k {
			o[i].v = v
			return o
		}
	}
	return append(o, kv{k, v})
}

// MarshalJSON writes the object with its keys in order.
func (o obj) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, p := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(p.k)
		b.Write(k)
		b.WriteByte(':')
		v, err := json.Marshal(p.v)
		if err != nil {
			return nil, err
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// tri is a three-valued answer.
type tri uint8

const (
	no tri = iota
	yes
	unknown
)

func (a tri) or(b tri) tri {
	switch {
	case a == yes || b == yes:
		return yes
	case a == unknown || b == unknown:
		return unknown
	}
	return no
}

// rule is one comma-separated item of a validate tag.
type rule struct {
	tag, param string
	raw        string // as written, for validator's Var
	alts       []rule // the alternatives of an or-group
}

// parseRules splits a validate tag as validator does: items separated by
// ',', alternatives by '|', the parameter after the first '=', with 0x2C
// and 0x7C standing for ',' and '|' in parameters.
func parseRules(tag string) []rule {
	if tag == "" {
		return nil
	}
	parts := strings.Split(tag, ",")
	out := make([]rule, 0, len(parts))
	for _, p := range parts {
		r := rule{raw: p}
		if alts := strings.Split(p, "|"); len(alts) > 1 {
			r.tag = p
			for _, a := range alts {
				r.alts = append(r.alts, oneRule(a))
			}
		} else {
			one := oneRule(p)
			r.tag, r.param = one.tag, one.param
		}
		out = append(out, r)
	}
	return out
}

func oneRule(s string) rule {
	name, param, _ := strings.Cut(s, "=")
	param = strings.ReplaceAll(strings.ReplaceAll(param, "0x2C", ","), "0x7C", "|")
	return rule{tag: name, param: param, raw: s}
}

func rawTag(rs []rule) string {
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = r.raw
	}
	return strings.Join(parts, ",")
}

// selfContained lists the validator tags whose verdict depends on the
// value alone: the zero value of a field is checked against them with
// validator itself to tell whether the field is required.
var selfContained = map[string]bool{
	"required": true, "omitempty": true, "omitnil": true, "omitzero": true, "dive": true, "keys": true, "endkeys": true,
	"len": true, "min": true, "max": true, "eq": true, "ne": true, "gt": true, "gte": true, "lt": true, "lte": true,
	"oneof": true, "oneofci": true, "startswith": true, "endswith": true, "contains": true, "excludes": true,
	"containsany": true, "excludesall": true, "startsnotwith": true, "endsnotwith": true, "unique": true,
	"alpha": true, "alphanum": true, "alphaunicode": true, "alphanumunicode": true, "numeric": true, "number": true,
	"hexadecimal": true, "hexcolor": true, "rgb": true, "rgba": true, "hsl": true, "hsla": true, "e164": true,
	"email": true, "url": true, "uri": true, "http_url": true, "https_url": true, "uuid": true, "uuid3": true, "uuid4": true,
	"uuid5": true, "uuid_rfc4122": true, "ulid": true, "datetime": true, "ip": true, "ipv4": true, "ipv6": true,
	"ip4_addr": true, "ip6_addr": true, "cidr": true, "hostname": true, "hostname_rfc1123": true, "fqdn": true,
	"lowercase": true, "uppercase": true, "ascii": true, "printascii": true, "boolean": true, "json": true,
	"base64": true, "base64url": true, "isdefault": true, "semver": true, "iso3166_1_alpha2": true,
	"country_code": true, "timezone": true, "mac": true, "jwt": true, "latitude": true, "longitude": true,
}

// schemaGen builds one schema. exact stays true while every rule met has
// an exact schema form: then the schema accepts exactly the argument
// objects binding accepts (numbers aside that no double holds exactly).
type schemaGen struct {
	v          *Validator
	exact      bool
	nodes      int
	active     map[reflect.Type]bool // struct types being expanded
	zeroStruct map[reflect.Type]tri  // does validating the zero struct fail?
}

func (g *schemaGen) known(rs []rule) bool {
	for _, r := range rs {
		if r.alts != nil {
			if !g.known(r.alts) {
				return false
			}
			continue
		}
		if !selfContained[r.tag] || g.v.registered[r.tag] {
			return false
		}
	}
	return true
}

// zeroFails tells whether validating the zero value of type t (what a
// missing key or null leaves) against rules fails.
func (g *schemaGen) zeroFails(t reflect.Type, rs []rule, validated bool) tri {
	if !validated || len(rs) == 0 && t.Kind() == reflect.Pointer {
		return no
	}
	if len(rs) > 0 && rs[0].tag == "-" {
		return no
	}
	if t.Kind() == reflect.Struct && t != timeType {
		for _, r := range rs {
			switch r.tag {
			case "omitempty", "omitzero":
				return no
			case "required":
				return yes
			default:
				return unknown
			}
		}
		if delegated(t) {
			return unknown
		}
		return g.structZeroFails(t)
	}
	if len(rs) == 0 {
		if t.Kind() == reflect.Array {
			return g.zeroFails(t.Elem(), nil, validated)
		}
		return no
	}
	if !g.known(rs) {
		return unknown
	}
	var err error
	panicked := false
	func() {
		defer func() {
			if recover() != nil {
				panicked = true
			}
		}()
		err = g.v.v.Var(reflect.Zero(t).Interface(), rawTag(rs))
	}()
	switch {
	case panicked:
		return unknown
	case err != nil:
		return yes
	}
	return no
}

// structZeroFails tells whether validating the zero value of struct type
// t fails: whether one of its fields is required.
func (g *schemaGen) structZeroFails(t reflect.Type) tri {
	if r, ok := g.zeroStruct[t]; ok {
		return r
	}
	g.zeroStruct[t] = unknown // a cycle through non-pointer structs cannot exist; be safe
	res := no
	for i := range t.NumField() {
		sf := t.Field(i)
		if !sf.IsExported() && !sf.Anonymous {
			continue
		}
		res = res.or(g.zeroFails(sf.Type, parseRules(sf.Tag.Get("validate")), true))
	}
	g.zeroStruct[t] = res
	return res
}

// node returns the schema of a value of type t checked by rules (none when
// validated is false: slice items without dive), and whether its zero
// value fails them (the key is then required and null is not allowed).
func (g *schemaGen) node(t reflect.Type, rs []rule, validated bool) (obj, tri) {
	g.nodes++
	if g.nodes > maxSchemaNodes {
		return obj{}, no
	}
	if !validated || len(rs) > 0 && rs[0].tag == "-" {
		validated, rs = false, nil
	}
	zf := g.zeroFails(t, rs, validated)
	if zf == unknown {
		g.exact = false
	}
	base := baseType(t)
	jt := jsonType(t)
	s := obj{}
	if jt != "" {
		s = s.set("type", jt)
	} else if !(base == rawMessageType || base.Kind() == reflect.Interface) {
		g.exact = false // a type that decodes itself: any JSON value may do
	}
	own, after, dived := splitDive(rs)
	cons := g.constraints(base, t.Kind() == reflect.Pointer, jt, own)
	if jt == "integer" && !delegated(base) {
		if r := intRange(base); r != nil {
			cons = append([]obj{r}, cons...)
		}
	}

	switch {
	case base == timeType:
		s = s.set("format", "date-time")
		g.exact = false // time.Time's RFC 3339 is Go's, a format an annotation
	case delegated(base) || base.Kind() == reflect.Interface:
		if (len(own) > 0 && base.Kind() != reflect.Interface) || dived {
			g.exact = false
		}
	case jt == "string" && base.Kind() == reflect.Slice: // []byte
		s = s.set("contentEncoding", "base64")
	case base.Kind() == reflect.Struct:
		nested := validated
		for _, r := range own {
			if r.tag == "omitempty" || r.tag == "omitzero" {
				if t.Kind() != reflect.Pointer {
					nested = false // a zero struct is not validated at all
					g.exact = false
				}
			}
		}
		if g.active[base] {
			g.exact = false
			s = obj{} // a recursive type: expanded once
			break
		}
		o := g.object(base, nested)
		s = append(s, o[1:]...) // o starts with its type
	case base.Kind() == reflect.Slice || base.Kind() == reflect.Array:
		ers, ok := after.items()
		if dived && !ok {
			g.exact = false
		}
		item, izf := g.node(base.Elem(), ers, dived)
		s = s.set("items", item)
		if izf != yes && base.Elem().Kind() == reflect.Pointer && slices.ContainsFunc(own, func(r rule) bool { return r.tag == "unique" }) {
			g.exact = false // validator compares what pointers point to: null and a zero value may be one value
		}
		if base.Kind() == reflect.Array {
			n := base.Len()
			s = s.set("maxItems", n)
			switch {
			case izf == yes && validated:
				s = s.set("minItems", n) // missing items are zero, and the zero item fails
			case izf == unknown && validated:
				g.exact = false
			}
		}
	case base.Kind() == reflect.Map:
		krs, vrs, ok := after.keysValues()
		if dived && !ok {
			g.exact = false
		}
		if names := g.keyNames(base.Key(), krs, dived); len(names) > 0 {
			s = s.set("propertyNames", names)
		}
		val, _ := g.node(base.Elem(), vrs, dived)
		s = s.set("additionalProperties", val)
	}

	if base.Kind() == reflect.Interface && zf == yes {
		s = s.set("not", obj{{"type", "null"}})
	}
	s = mergeAll(s, cons)
	if jt != "" && t.Kind() == reflect.Pointer && zf != yes {
		// A pointer binding lets be nil: its value's schema, or null. One
		// type per branch, not a type array, which strict clients warn on
		// and some read as no type at all.
		s = nullable(s)
	}
	return s, zf
}

// nullable is the schema of s or null.
func nullable(s obj) obj {
	return obj{{"anyOf", []any{s, obj{{"type", "null"}}}}}
}

// dive is the rules after a dive.
type dive []rule

func splitDive(rs []rule) (own []rule, after dive, dived bool) {
	for i, r := range rs {
		if r.tag == "dive" {
			return rs[:i], rs[i+1:], true
		}
	}
	return rs, nil, false
}

// items is the rules of a slice's items; keys…endkeys there is not usable.
func (d dive) items() ([]rule, bool) {
	if len(d) > 0 && d[0].tag == "keys" {
		return nil, false
	}
	return d, true
}

// keysValues splits the rules of a map's dive into the keys' and the
// values'.
func (d dive) keysValues() (keys, values []rule, ok bool) {
	if len(d) == 0 || d[0].tag != "keys" {
		return nil, d, true
	}
	for i, r := range d {
		if r.tag == "endkeys" {
			return d[1:i], d[i+1:], true
		}
	}
	return nil, nil, false
}

// keyNames is the propertyNames schema of a map's keys.
func (g *schemaGen) keyNames(kt reflect.Type, krs []rule, dived bool) obj {
	switch {
	case reflect.PointerTo(kt).Implements(textUnmarshalerType):
		if len(krs) > 0 {
			g.exact = false
		}
		return nil
	case kt.Kind() == reflect.String:
		if len(krs) == 0 || !dived {
			return nil
		}
		ks, _ := g.node(kt, krs, true)
		delete1(&ks, "type")
		return ks
	case kt.Kind() >= reflect.Int && kt.Kind() <= reflect.Int64:
		if len(krs) > 0 {
			g.exact = false
		}
		g.exact = false // the range of the key type is not checked
		return obj{{"pattern", "^[+-]?[0-9]+$"}}
	case kt.Kind() >= reflect.Uint && kt.Kind() <= reflect.Uintptr:
		if len(krs) > 0 {
			g.exact = false
		}
		g.exact = false
		return obj{{"pattern", "^[0-9]+$"}}
	}
	return nil
}

func delete1(o *obj, k string) {
	*o = slices.DeleteFunc(*o, func(p kv) bool { return p.k == k })
}

// object is the schema of struct type t; validated says whether its
// fields' rules apply.
func (g *schemaGen) object(t reflect.Type, validated bool) obj {
	g.active[t] = true
	defer delete(g.active, t)
	si := infoOf(t)
	props := obj{}
	var required []string
	for _, f := range si.fields {
		sf, viaPointer := fieldOf(t, f.index)
		rs := parseRules(sf.Tag.Get("validate"))
		p, zf := g.node(sf.Type, rs, validated)
		if f.quoted {
			p = obj{{"type", "string"}}
			if zf != yes && sf.Type.Kind() == reflect.Pointer {
				p = nullable(p)
			}
			if len(rs) > 0 {
				g.exact = false
			}
		}
		if d := sf.Tag.Get(DescriptionTag); d != "" {
			p = slices.Insert(p, min(1, len(p)), kv{"description", d})
		}
		if viaPointer && validated && len(rs) > 0 {
			g.exact = false // checked only when the embedded pointer is set
		}
		if len(f.index) > 1 && g.embeddedTagged(t, f.index) {
			g.exact = false
		}
		props = props.set(f.name, p)
		if zf == yes && !(viaPointer && validated) {
			required = append(required, f.name)
		}
	}
	s := obj{{"type", "object"}, {"properties", props}}
	if len(required) > 0 {
		s = s.set("required", required)
	}
	return s.set("additionalProperties", false)
}

// fieldOf returns the struct field at index and whether reaching it goes
// through an embedded pointer.
func fieldOf(t reflect.Type, index []int) (reflect.StructField, bool) {
	var sf reflect.StructField
	viaPointer := false
	for i, x := range index {
		if i > 0 {
			if t.Kind() == reflect.Pointer {
				viaPointer = true
			}
			t = baseType(t)
		}
		sf = t.Field(x)
		t = sf.Type
	}
	return sf, viaPointer
}

// embeddedTagged reports whether an embedded struct on the way to a
// promoted field has validate rules of its own.
func (g *schemaGen) embeddedTagged(t reflect.Type, index []int) bool {
	for _, x := range index[:len(index)-1] {
		t = baseType(t)
		sf := t.Field(x)
		if sf.Tag.Get("validate") != "" {
			return true
		}
		t = sf.Type
	}
	return false
}

// mergeAll adds each constraint's keywords to s (keywords combine by
// conjunction): a bound already there keeps the tighter value, another
// keyword already there goes into allOf.
func mergeAll(s obj, cons []obj) obj {
	var all []any
	for _, c := range cons {
		for _, p := range c {
			old, ok := s.get(p.k)
			switch {
			case !ok:
				s = append(s, p)
			case lowerBound[p.k]:
				if compareNumbers(p.v, old) > 0 {
					s = s.set(p.k, p.v)
				}
			case upperBound[p.k]:
				if compareNumbers(p.v, old) < 0 {
					s = s.set(p.k, p.v)
				}
			default:
				all = append(all, obj{p})
			}
		}
	}
	if len(all) > 0 {
		s = s.set("allOf", all)
	}
	return s
}

var (
	lowerBound = map[string]bool{"minimum": true, "minLength": true, "minItems": true, "minProperties": true}
	upperBound = map[string]bool{"maximum": true, "maxLength": true, "maxItems": true, "maxProperties": true}
)

// compareNumbers compares two numbers of a schema exactly.
func compareNumbers(a, b any) int {
	var x, y big.Rat
	x.SetString(fmt.Sprint(a))
	y.SetString(fmt.Sprint(b))
	return x.Cmp(&y)
}

// constraints turns the rules of one value (up to dive) into schema
// keywords for its non-null values, one obj per rule. ptr says whether the
// Go type is a pointer: omitempty then lets only null through.
func (g *schemaGen) constraints(t reflect.Type, ptr bool, jt string, rs []rule) []obj {
	var cons, guarded []obj
	var guard []rule
	afterOmit := false
	zeroSkips := !ptr && (jt == "string" || jt == "number" || jt == "integer" || jt == "boolean") &&
		t.Kind() != reflect.Slice && !delegated(t)
	for i, r := range rs {
		switch r.tag {
		case "omitempty", "omitzero":
			if zeroSkips {
				afterOmit = true
				guard = rs[i+1:]
			}
			continue
		case "omitnil":
			continue
		}
		c, ok := g.ruleSchema(t, ptr, jt, r)
		if !ok {
			g.exact = false
			continue
		}
		if c == nil {
			continue
		}
		if afterOmit {
			guarded = append(guarded, c)
		} else {
			cons = append(cons, c)
		}
	}
	if len(guarded) > 0 {
		if g.known(guard) && g.zeroFails(t, guard, true) == no {
			cons = append(cons, guarded...)
		} else {
			cons = append(cons, obj{{"anyOf", []any{obj{{"const", zeroJSON(jt)}}, mergeAll(obj{}, guarded)}}})
		}
	}
	return cons
}

func zeroJSON(jt string) any {
	switch jt {
	case "string":
		return ""
	case "boolean":
		return false
	}
	return 0
}

// patterns are the regular expressions of validator's checks that are
// regular-expression matches with the same meaning in Go (RE2) and
// ECMA-262: ASCII classes, anchors, counted repetition.
var patterns = map[string]string{
	"alpha":       "^[a-zA-Z]+$",
	"alphanum":    "^[a-zA-Z0-9]+$",
	"numeric":     `^[-+]?[0-9]+(?:\.[0-9]+)?$`,
	"number":      "^[0-9]+$",
	"hexadecimal": "^(0[xX])?[0-9a-fA-F]+$",
	"hexcolor":    "^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$",
	"e164":        `^\+?[1-9][0-9]{7,14}$`,
	"uuid":        "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
	"uuid3":       "^[0-9a-f]{8}-[0-9a-f]{4}-3[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$",
	"uuid4":       "^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$",
	"uuid5":       "^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$",
}

// formats maps validator tags to JSON Schema formats.
var schemaFormats = map[string]string{
	"email":            "email",
	"url":              "uri",
	"uri":              "uri-reference",
	"uuid":             "uuid",
	"uuid3":            "uuid",
	"uuid4":            "uuid",
	"uuid5":            "uuid",
	"ipv4":             "ipv4",
	"ip4_addr":         "ipv4",
	"ipv6":             "ipv6",
	"ip6_addr":         "ipv6",
	"hostname":         "hostname",
	"hostname_rfc1123": "hostname",
}

// ruleSchema is the schema of one rule on a non-null value of type t (a
// base type): nil when the rule adds nothing, false when it has no exact
// schema form.
func (g *schemaGen) ruleSchema(t reflect.Type, ptr bool, jt string, r rule) (obj, bool) {
	if r.alts != nil {
		var any []any
		for _, a := range r.alts {
			c, ok := g.ruleSchema(t, ptr, jt, a)
			if !ok {
				return nil, false
			}
			if c == nil {
				return nil, true // one alternative always holds
			}
			any = append(any, c)
		}
		return obj{{"anyOf", any}}, true
	}
	if g.v.registered[r.tag] {
		return nil, false
	}
	if t == timeType || delegated(t) {
		return nil, r.tag == "required" && ptr
	}
	if t.Kind() == reflect.Interface {
		return nil, r.tag == "required" // null is the only value it rejects
	}
	switch jt {
	case "string":
		if t.Kind() == reflect.Slice { // []byte: sizes count bytes, not characters
			return nil, r.tag == "required"
		}
		return g.stringRule(ptr, r)
	case "integer", "number":
		return numberRule(t, ptr, r)
	case "boolean":
		switch r.tag {
		case "required":
			if ptr {
				return nil, true
			}
			return obj{{"const", true}}, true
		case "eq":
			b, err := strconv.ParseBool(r.param)
			return obj{{"const", b}}, err == nil
		}
		return nil, false
	case "array", "object":
		if t.Kind() == reflect.Struct {
			// required on a struct value rejects the zero struct, which
			// has many JSON forms.
			return nil, r.tag == "required" && ptr
		}
		return countRule(t, r)
	}
	return nil, false
}

func (g *schemaGen) stringRule(ptr bool, r rule) (obj, bool) {
	if p, ok := patterns[r.tag]; ok {
		c := obj{{"pattern", p}}
		if f, ok := schemaFormats[r.tag]; ok {
			c = slices.Insert(c, 0, kv{"format", f})
		}
		return c, true
	}
	if f, ok := schemaFormats[r.tag]; ok {
		g.exact = false
		return obj{{"format", f}}, true
	}
	n, err := strconv.ParseInt(r.param, 0, 64)
	count := err == nil && n >= 0
	switch r.tag {
	case "required":
		if ptr {
			return nil, true
		}
		return obj{{"minLength", 1}}, true
	case "eq":
		return obj{{"const", r.param}}, true
	case "len":
		return obj{{"minLength", n}, {"maxLength", n}}, count
	case "ne":
		return obj{{"not", obj{{"type", "string"}, {"const", r.param}}}}, true
	case "min", "gte":
		return obj{{"minLength", n}}, count
	case "max", "lte":
		return obj{{"maxLength", n}}, count
	case "gt":
		return obj{{"minLength", n + 1}}, count
	case "lt":
		return obj{{"maxLength", n - 1}}, count && n > 0
	case "oneof":
		opts := ParseOneOf(r.param)
		enum := make([]any, len(opts))
		for i, o := range opts {
			enum[i] = o
		}
		return obj{{"enum", enum}}, true
	case "startswith":
		return obj{{"pattern", "^" + quoteMeta(r.param)}}, true
	case "endswith":
		return obj{{"pattern", quoteMeta(r.param) + "$"}}, true
	case "contains":
		return obj{{"pattern", quoteMeta(r.param)}}, true
	case "excludes":
		return obj{{"not", obj{{"type", "string"}, {"pattern", quoteMeta(r.param)}}}}, true
	case "datetime":
		switch r.param {
		case time.RFC3339, time.RFC3339Nano:
			g.exact = false
			return obj{{"format", "date-time"}}, true
		case time.DateOnly:
			g.exact = false
			return obj{{"format", "date"}}, true
		}
	}
	return nil, false
}

// quoteMeta escapes the characters that are syntax in both RE2 and
// ECMA-262 (escaping anything else is an error in ECMA-262's unicode mode).
func quoteMeta(s string) string {
	var b strings.Builder
	for _, c := range s {
		if strings.ContainsRune(`\^$.|?*+()[]{}/`, c) {
			b.WriteByte('\\')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// numberRule is the schema of one rule on a number.
func numberRule(t reflect.Type, ptr bool, r rule) (obj, bool) {
	var n json.Number
	ok := true
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		var v int64
		var err error
		if t == reflect.TypeFor[time.Duration]() {
			d, derr := time.ParseDuration(r.param)
			v, err = int64(d), derr
			if derr != nil {
				v, err = strconv.ParseInt(r.param, 0, 64)
			}
		} else {
			v, err = strconv.ParseInt(r.param, 0, 64)
		}
		n, ok = json.Number(strconv.FormatInt(v, 10)), err == nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		v, err := strconv.ParseUint(r.param, 0, 64)
		n, ok = json.Number(strconv.FormatUint(v, 10)), err == nil
	case reflect.Float64:
		v, err := strconv.ParseFloat(r.param, 64)
		n, ok = json.Number(strconv.FormatFloat(v, 'g', -1, 64)), err == nil && !math.IsInf(v, 0) && !math.IsNaN(v)
	default: // float32: the value is rounded to float32 first
		return nil, r.tag == "required" && ptr
	}
	switch r.tag {
	case "required":
		if ptr {
			return nil, true
		}
		return obj{{"not", obj{{"type", "number"}, {"const", 0}}}}, true
	case "min", "gte":
		return obj{{"minimum", n}}, ok
	case "max", "lte":
		return obj{{"maximum", n}}, ok
	case "gt":
		return obj{{"exclusiveMinimum", n}}, ok
	case "lt":
		return obj{{"exclusiveMaximum", n}}, ok
	case "eq", "len":
		return obj{{"const", n}}, ok
	case "ne":
		return obj{{"not", obj{{"type", "number"}, {"const", n}}}}, ok
	case "oneof":
		if t.Kind() == reflect.Float64 {
			return nil, false // validator's oneof panics on floats
		}
		var enum []any
		for _, o := range ParseOneOf(r.param) {
			// validator compares the value's decimal form with each option:
			// only options in that form can match.
			if i, err := strconv.ParseInt(o, 10, 64); err == nil && strconv.FormatInt(i, 10) == o {
				enum = append(enum, json.Number(o))
			} else if u, err := strconv.ParseUint(o, 10, 64); err == nil && strconv.FormatUint(u, 10) == o {
				enum = append(enum, json.Number(o))
			}
		}
		if enum == nil {
			enum = []any{}
		}
		return obj{{"enum", enum}}, true
	case "numeric", "number":
		return nil, true
	}
	return nil, false
}

// countRule is the schema of a size rule on a slice, array or map.
func countRule(t reflect.Type, r rule) (obj, bool) {
	lo, hi := "minItems", "maxItems"
	if t.Kind() == reflect.Map {
		lo, hi = "minProperties", "maxProperties"
	}
	n, err := strconv.ParseInt(r.param, 0, 64)
	ok := err == nil && n >= 0
	switch r.tag {
	case "required", "omitempty", "omitnil":
		return nil, true
	case "len", "eq":
		return obj{{lo, n}, {hi, n}}, ok
	case "min", "gte":
		return obj{{lo, n}}, ok
	case "max", "lte":
		return obj{{hi, n}}, ok
	case "gt":
		return obj{{lo, n + 1}}, ok
	case "lt":
		return obj{{hi, n - 1}}, ok && n > 0
	case "unique":
		if t.Kind() == reflect.Map || r.param != "" {
			return nil, false
		}
		// Equal JSON items decode to equal Go values; equal Go values
		// may come from different JSON only through pointers (see node),
		// which only makes the schema looser.
		scalar := jsonType(t.Elem()) != "object" && jsonType(t.Elem()) != "array"
		return obj{{"uniqueItems", true}}, scalar
	}
	return nil, false
}

// intRange is the range of an integer type narrower than 64 bits (minimum
// 0 for the unsigned ones): binding rejects numbers outside it.
func intRange(t reflect.Type) obj {
	bits := t.Bits()
	switch t.Kind() {
	case reflect.Int8, reflect.Int16, reflect.Int32:
		return obj{{"minimum", -(int64(1) << (bits - 1))}, {"maximum", int64(1)<<(bits-1) - 1}}
	case reflect.Uint8, reflect.Uint16, reflect.Uint32:
		return obj{{"minimum", 0}, {"maximum", uint64(1)<<bits - 1}}
	case reflect.Uint, reflect.Uint64, reflect.Uintptr:
		return obj{{"minimum", 0}}
	}
	return nil
}
