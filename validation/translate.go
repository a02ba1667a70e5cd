package validation

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"github.com/go-playground/validator/v10"

	"github.com/mcperr/mcperr/errorx"
)

// translator turns validator's FieldErrors into fields. Paths are built by
// walking the validated Go value along StructNamespace (Go names, which
// cannot contain dots or brackets), so JSON names, promoted embedded
// structs and map keys containing '.' or ']' come out exactly; validator's
// own Namespace is only a fallback for names that are not fields
// (struct-level errors reported under invented names).
type translator struct {
	v      *Validator
	root   reflect.Value // the validated struct, pointers dereferenced; may be invalid
	raw    string        // the arguments' JSON text
	hasRaw bool
	owned  bool // raw is a string of its own, not a view of the caller's bytes

	segs     []seg
	path     []byte
	keys     []byte
	spans    []int         // start and end of each item's key in keys
	loc      locator       // finds the sent values in raw
	located  bool          // loc reads raw
	meta     []meta        // scratch for Fields
	mapKeys  mapIndex      // the keys of the last big map a path went through
	lookup   reflect.Value // a key lookupKey asks a map for
	skipPath bool          // resolve only: no path string

	segHigh  int          // the most segments used: what release clears
	mapSeen  bool         // a path went through a map: validator's order is random there
	rootName string       // the root type's name, validator's namespace prefix
	lastType reflect.Type // the last struct type looked up, and its info
	lastInfo *structInfo
}

// info is infoOf with a one-entry cache: a struct's fields fail together.
func (t *translator) info(typ reflect.Type) *structInfo {
	if typ != t.lastType {
		t.lastType, t.lastInfo = typ, infoOf(typ)
	}
	return t.lastInfo
}

// translators recycles translators' scratch buffers: a failing call then
// allocates little more than the fields it returns.
var translators = sync.Pool{New: func() any {
	return &translator{
		segs:  make([]seg, 0, 8),
		path:  make([]byte, 0, 64),
		keys:  make([]byte, 0, 64),
		spans: make([]int, 0, 16),
		meta:  make([]meta, 0, 8),
	}
}}

func newTranslator(v *Validator, root reflect.Value, raw string, hasRaw, owned bool) *translator {
	t := translators.Get().(*translator)
	t.v, t.root, t.raw, t.hasRaw, t.owned, t.located = v, root, raw, hasRaw, owned, false
	if root.IsValid() {
		t.rootName = root.Type().Name()
	}
	return t
}

// maxScratch bounds the buffers kept for reuse.
const maxScratch = 1 << 10

// release clears what refers to the call (strings of raw, the value) and
// returns t to the pool.
func (t *translator) release() {
	clear(t.segs[:t.segHigh])
	clear(t.meta)
	t.loc.reset("")
	big := len(t.loc.levels) > 8
	for _, lv := range t.loc.levels {
		big = big || cap(lv.members) > maxScratch
	}
	*t = translator{
		segs: t.segs[:0], path: t.path[:0], keys: t.keys[:0], spans: t.spans[:0],
		loc: t.loc, meta: t.meta[:0],
		lastType: t.lastType, lastInfo: t.lastInfo, // type facts, not the call's data
	}
	if big || cap(t.keys) > maxScratch || cap(t.path) > maxScratch || cap(t.meta) > maxScratch ||
		cap(t.spans) > maxScratch || cap(t.segs) > maxScratch {
		return
	}
	translators.Put(t)
}

// sent returns what the caller sent at t.segs, reading the top level of
// the arguments once for all fields. goValue is the failing Go value,
// already boxed by validator: when the caller sent a JSON string without
// escapes equal to it, it is returned as it is and costs no allocation.
// When raw is a view of the caller's bytes (not owned), what is returned is
// copied out of it.
func (t *translator) sent(goValue any) (any, bool) {
	if len(t.raw) == 0 {
		return nil, false
	}
	if !t.located {
		t.loc.reset(t.raw)
		t.located = true
	}
	at, ok := t.loc.locate(t.segs)
	if !ok || at >= len(t.raw) {
		return nil, false
	}
	switch t.raw[at] {
	case '"':
		if gs, isStr := goValue.(string); isStr {
			j := at + 1
			for j < len(t.raw) && t.raw[j] != '"' && t.raw[j] != '\\' {
				j++
			}
			if j < len(t.raw) && t.raw[j] == '"' && t.raw[at+1:j] == gs {
				return goValue, true
			}
		}
	case 't':
		return true, true
	case 'f':
		return false, true
	case 'n':
		return nil, true
	}
	p := scanner{s: t.raw, i: at}
	if t.owned {
		return p.value(), true
	}
	p.skipValue()
	c := scanner{s: strings.Clone(t.raw[at:p.i])}
	return c.value(), true
}

// resolved is where one FieldError points.
type resolved struct {
	path   string
	parent *structInfo // the struct holding the failing field
	leaf   *goField    // the failing field (or the slice or map holding the failing element)
	isKey  bool
	keyStr string // the map key, when isKey or either
	either bool   // key or value: both equal and under the same rule
	hidden bool   // the path goes through a json:"-" field: nothing there was decoded
	cut    bool   // path is cut (see MaxPath)
}

func (t *translator) add(l *list, ve validator.ValidationErrors) {
	base := len(l.fields)
	t.spans = t.spans[:0]
	t.growKeys(ve)
	for i := range ve {
		start := len(t.keys)
		r := t.resolveAt(ve, i)
		t.spans = append(t.spans, start, len(t.keys))
		l.addMeta(t.field(ve[i], r), meta{scope: t.scope()})
	}
	if base == 0 && !t.mapSeen {
		// validator's own order is the documented one (declaration order,
		// elements by index) unless map entries came in random order, and
		// there are no decoding problems to merge with: no keys needed.
		return
	}
	all := t.keysView()
	for i := base; i < len(l.meta); i++ {
		j := (i - base) * 2
		l.meta[i].key = all[t.spans[j]:t.spans[j+1]]
	}
}

// growKeys empties t.keys and makes room in it for the sort keys of ve:
// about as long as their namespaces, which validator has written out
// already. One allocation, where growing by appends would allocate several
// times what is kept when keys are long.
func (t *translator) growKeys(ve validator.ValidationErrors) {
	n := 0
	for _, fe := range ve {
		n += len(fe.StructNamespace()) + 8
	}
	t.keys = slices.Grow(t.keys[:0], n)
}

// keysView reads t.keys in place: the sort keys it holds are used before
// t is released, and t.keys is not written below its length until then.
func (t *translator) keysView() string {
	return unsafe.String(unsafe.SliceData(t.keys), len(t.keys))
}

// resolveAt resolves ve[i], telling a map entry's key from its value when
// they are equal.
func (t *translator) resolveAt(ve validator.ValidationErrors, i int) resolved {
	r := t.resolve(ve[i])
	if r.either {
		// validator checks a map entry's key before its value: the
		// first failure of this rule at this entry is the key's.
		r.isKey = !failedBefore(ve[:i], ve[i])
	}
	return r
}

// field translates fe, resolved as r (t.segs holding its path).
func (t *translator) field(fe validator.FieldError, r resolved) errorx.Field {
	var sent any
	var was bool
	value := fe.Value()
	switch {
	case r.hidden && t.hasRaw:
		// Never decoded: whatever the JSON holds under that name was
		// not sent for this field (it is an unknown key).
	case r.isKey:
		sent, was = r.keyStr, true
	case t.hasRaw:
		sent, was = t.sent(value)
	default:
		sent, was = goSent(fe)
	}
	f := Failure{
		Tag: fe.Tag(), ActualTag: fe.ActualTag(), Param: fe.Param(),
		Kind: fe.Kind(), Type: fe.Type(), Value: value,
		Path: r.path, Key: r.isKey, Sent: sent, WasSent: was, parent: r.parent,
	}
	var txt Text
	var rule string
	if r.leaf != nil && len(t.v.custom) == 0 {
		c := r.leaf.text(t.v, f, classOf(f))
		txt, rule = c.t, f.ActualTag
		if c.p != postNone {
			txt = c.p.apply(txt, sent, was, c.folded)
		}
	} else {
		txt, rule = t.v.textOf(f)
	}
	if !r.isKey && t.v.custom[f.Tag] == nil && t.v.custom[f.ActualTag] == nil {
		txt, rule = requiredOptions(txt, rule, sent, was, t.onField(r))
	}
	if r.isKey {
		txt.Message = "Invalid key. " + txt.Message
	}
	if r.cut && was {
		sent = errorx.Redact(sent)
	}
	return errorx.Field{
		Path: r.path, Sent: sent, WasSent: was,
		Message: txt.Message, Expected: txt.Expected, Options: txt.Options, Hint: txt.Hint, Rule: rule, Param: fieldParam(rule, f),
	}
}

// onField returns the field r failed on when the failure is the field's
// own (not an element's, a map entry's or a key's), else nil.
func (t *translator) onField(r resolved) *goField {
	if r.leaf == nil || len(t.segs) == 0 {
		return nil
	}
	if last := t.segs[len(t.segs)-1]; last.isIdx || last.caller {
		return nil
	}
	return r.leaf
}

// fieldParam is the Param of the field a failure of rule gives: the tag's
// parameter when it is a value the caller can act on (130 for max=130),
// else empty: an alias or an or-group (rule is then not the tag that
// failed, whose parameter would mislead), oneof (its values are the
// field's Options), and rules whose parameter names Go struct fields
// (eqfield, required_if, unique=Email, ...), which the hint names by their
// JSON names instead.
func fieldParam(rule string, f Failure) string {
	switch {
	case f.Param == "" || rule != f.ActualTag || strings.Contains(rule, "|"),
		rule == "oneof" || rule == "oneofci",
		rule == "unique",
		strings.HasPrefix(rule, "required_") || strings.HasPrefix(rule, "excluded_"),
		strings.HasSuffix(rule, "field") || strings.HasPrefix(rule, "field"):
		return ""
	}
	return f.Param
}

// goSent is the sent value when there is no JSON: the Go value, pointers
// dereferenced; nothing for nil pointers and for required-family failures
// (their value is the zero value, which says nothing was given).
func goSent(fe validator.FieldError) (any, bool) {
	if strings.HasPrefix(fe.ActualTag(), "required") {
		return nil, false
	}
	v := fe.Value()
	if v == nil {
		return nil, false
	}
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Interface {
		if rv.IsNil() {
			return nil, false
		}
		rv = rv.Elem()
	}
	if !rv.CanInterface() {
		return v, true
	}
	return rv.Interface(), true
}

// scope is where the failure whose path t.segs holds is, for the summary:
// the first segment of a validated struct's path is the JSON name of one
// of its fields (or a name validator was given for a struct-level
// failure), never a key the caller chose.
func (t *translator) scope() scope {
	switch {
	case len(t.segs) == 0:
		return scope{kind: scopeRoot}
	case t.segs[0].isIdx || t.segs[0].caller:
		return scope{kind: scopeOther}
	}
	return scope{arg: t.segs[0].key, kind: scopeArg}
}

func (t *translator) addSeg(s seg) {
	t.segs = append(t.segs, s)
	t.segHigh = max(t.segHigh, len(t.segs))
}

// resolve walks the validated value along fe's StructNamespace, filling
// t.segs and appending the sort key to t.keys.
func (t *translator) resolve(fe validator.FieldError) resolved {
	t.segs = t.segs[:0]
	keyStart := len(t.keys)
	var r resolved
	cur := t.root
	if !cur.IsValid() {
		return t.fallback(fe, keyStart, cur)
	}
	rest := fe.StructNamespace()
	if name := t.rootName; name != "" {
		if !strings.HasPrefix(rest, name) {
			return t.fallback(fe, keyStart, cur)
		}
		rest = rest[len(name):]
		if rest != "" {
			if rest[0] != '.' {
				return t.fallback(fe, keyStart, cur)
			}
			rest = rest[1:]
		}
	}
	var outer *structInfo
	promoted := false
	lastTag := ""
	for rest != "" {
		for cur.Kind() == reflect.Pointer || cur.Kind() == reflect.Interface {
			if cur.IsNil() {
				return t.unresolved(fe, r, rest)
			}
			cur = cur.Elem()
		}
		switch cur.Kind() {
		case reflect.Struct:
			i := segEnd(rest)
			name := rest[:i]
			si := t.info(cur.Type())
			gf := si.goField(name)
			if gf == nil {
				return t.unresolved(fe, r, rest)
			}
			rest = rest[i:]
			if !promoted {
				outer = si
			}
			r.parent, r.leaf = si, gf
			lastTag = gf.validate
			cur = cur.Field(gf.idx)
			if gf.promoted {
				promoted = true
				break
			}
			promoted = false
			key := gf.jsonName
			if gf.skipped {
				key = name
				r.hidden = true
				t.keys = appendOrdKey(t.keys, ordLevel, name)
			} else if outer == si && gf.ord >= 0 {
				t.keys = appendOrdField(t.keys, gf.ord)
			} else if n, ok := outer.byName[key]; ok {
				t.keys = appendOrdField(t.keys, outer.fields[n].ord)
			} else {
				t.keys = appendOrdKey(t.keys, ordLevel, key)
			}
			t.addSeg(seg{key: key})
		case reflect.Slice, reflect.Array:
			j := strings.IndexByte(rest, ']')
			if rest[0] != '[' || j < 0 {
				return t.unresolved(fe, r, rest)
			}
			idx, err := strconv.Atoi(rest[1:j])
			if err != nil || idx < 0 || idx >= cur.Len() {
				return t.unresolved(fe, r, rest)
			}
			rest = rest[j+1:]
			cur = cur.Index(idx)
			promoted = false
			t.keys = appendOrdIndex(t.keys, idx)
			t.addSeg(seg{index: idx, isIdx: true})
		case reflect.Map:
			if rest[0] != '[' {
				return t.unresolved(fe, r, rest)
			}
			k, ks, ok := t.matchKey(cur, rest[1:])
			if !ok {
				return t.unresolved(fe, r, rest)
			}
			rest = rest[1+len(ks)+1:]
			t.mapSeen = true
			jk := jsonKey(k)
			val := cur.MapIndex(k)
			if rest == "" {
				switch isKeyFailure(fe, cur.Type(), k, val, lastTag) {
				case sideKey:
					r.isKey, r.keyStr = true, jk
				case sideEither:
					r.either, r.keyStr = true, jk
				}
			}
			cur = val
			promoted = false
			t.keys = appendOrdKey(t.keys, ordField, jk)
			t.addSeg(seg{key: jk, caller: true})
		default:
			return t.unresolved(fe, r, rest)
		}
		if rest != "" && rest[0] == '.' {
			rest = rest[1:]
		}
	}
	if !t.skipPath {
		r.path, r.cut = t.pathString()
	}
	return r
}

// segEnd returns the length of the name at the start of a namespace: up
// to the first '.' or '['.
func segEnd(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] == '.' || s[i] == '[' {
			return i
		}
	}
	return len(s)
}

// pathString joins t.segs, cut past MaxPath; a single key is returned as
// it is, which for a field is its cached JSON name.
func (t *translator) pathString() (string, bool) {
	if len(t.segs) == 1 && !t.segs[0].isIdx {
		return cutPath(t.segs[0].key)
	}
	t.path = t.path[:0]
	for i, s := range t.segs {
		if i > 0 {
			t.path = append(t.path, '.')
		}
		if s.isIdx {
			t.path = appendIndex(t.path, s.index)
		} else {
			t.path = append(t.path, s.key...)
		}
	}
	return cutPathBytes(t.path)
}

// unresolved finishes a path StructNamespace does not lead through: the
// sort key so far plus the rest, the path from validator's Namespace.
func (t *translator) unresolved(fe validator.FieldError, r resolved, rest string) resolved {
	t.keys = appendOrdKey(t.keys, ordLevel, rest)
	p := r.parent // the leaf is unknown: no cached texts
	r = t.fallbackPath(fe, t.root)
	r.parent = p
	return r
}

func (t *translator) fallback(fe validator.FieldError, keyStart int, root reflect.Value) resolved {
	t.keys = t.keys[:keyStart]
	r := t.fallbackPath(fe, root)
	t.keys = appendOrdKey(t.keys, ordLevel, r.path)
	return r
}

// fallbackPath converts validator's Namespace (JSON names) into a path:
// the struct's type name dropped, [i] and [key] made segments.
func (t *translator) fallbackPath(fe validator.FieldError, root reflect.Value) resolved {
	ns := fe.Namespace()
	name := t.rootName
	switch {
	case name != "" && strings.HasPrefix(ns, name+"."):
		ns = ns[len(name)+1:]
	case name != "" && ns == name:
		ns = ""
	case !root.IsValid():
		if i := strings.IndexByte(ns, '.'); i >= 0 && !strings.ContainsAny(ns[:i], "[") {
			ns = ns[i+1:]
		}
	}
	t.segs = t.segs[:0]
	for ns != "" {
		switch ns[0] {
		case '.':
			ns = ns[1:]
			continue
		case '[':
			j := strings.IndexByte(ns, ']')
			if j < 0 {
				j = len(ns)
			}
			k := ns[1:j]
			if idx, err := strconv.Atoi(k); err == nil && idx >= 0 {
				t.addSeg(seg{index: idx, isIdx: true})
			} else {
				t.addSeg(seg{key: k, caller: true})
			}
			ns = ns[min(j+1, len(ns)):]
			continue
		}
		i := segEnd(ns)
		t.addSeg(seg{key: ns[:i]})
		ns = ns[i:]
	}
	var r resolved
	r.path, r.cut = t.pathString()
	return r
}

// matchKey finds the key of map m whose printed form (validator prints keys
// with %v) starts rest and is followed by ']'; the longest wins. Small maps
// are searched; a big one is indexed by printed key once (the failures of
// a map come together), so that every entry of a map failing costs time
// linear in its size.
func (t *translator) matchKey(m reflect.Value, rest string) (reflect.Value, string, bool) {
	if m.Len() <= smallObject {
		return matchKey(m, rest)
	}
	if k, ks, ok, done := t.lookupKey(m, rest); done {
		return k, ks, ok
	}
	x := &t.mapKeys
	if x.ptr != m.UnsafePointer() || x.typ != m.Type() || x.n != m.Len() {
		x.build(m)
	}
	for _, n := range x.lens {
		if n < len(rest) && rest[n] == ']' {
			if k, ok := x.byStr[rest[:n]]; ok {
				return k, rest[:n], true
			}
		}
	}
	return reflect.Value{}, "", false
}

// maxLookups bounds the keys lookupKey tries.
const maxLookups = 8

// lookupKey is matchKey for a big map of plain string keys (printed as
// they are), without an index of its keys: the key is a prefix of rest
// followed by ']', and the map is asked for each, longest first. done is
// false when the map's keys are not plain strings, or rest holds more
// than maxLookups ']' (a key may hold ']': the index is then built).
func (t *translator) lookupKey(m reflect.Value, rest string) (k reflect.Value, ks string, ok, done bool) {
	kt := m.Type().Key()
	if kt.Kind() != reflect.String || kt.NumMethod() != 0 {
		return reflect.Value{}, "", false, false
	}
	var ends [maxLookups]int
	n := 0
	for i := 0; i < len(rest); i++ {
		if rest[i] == ']' {
			if n == len(ends) {
				return reflect.Value{}, "", false, false
			}
			ends[n] = i
			n++
		}
	}
	if !t.lookup.IsValid() || t.lookup.Type() != kt {
		t.lookup = reflect.New(kt).Elem()
	}
	for n--; n >= 0; n-- {
		t.lookup.SetString(rest[:ends[n]])
		if m.MapIndex(t.lookup).IsValid() {
			return t.lookup, rest[:ends[n]], true, true
		}
	}
	return reflect.Value{}, "", false, true
}

// mapIndex is the keys of one map by their printed form.
type mapIndex struct {
	ptr   unsafe.Pointer
	typ   reflect.Type
	n     int
	byStr map[string]reflect.Value
	lens  []int // the lengths of the printed keys, longest first
}

func (x *mapIndex) build(m reflect.Value) {
	*x = mapIndex{ptr: m.UnsafePointer(), typ: m.Type(), n: m.Len(), byStr: make(map[string]reflect.Value, m.Len())}
	seen := map[int]bool{}
	it := m.MapRange()
	for it.Next() {
		k := it.Key()
		ks := keyText(k)
		if _, dup := x.byStr[ks]; !dup {
			x.byStr[ks] = k
		}
		if !seen[len(ks)] {
			seen[len(ks)] = true
			x.lens = append(x.lens, len(ks))
		}
	}
	slices.SortFunc(x.lens, func(a, b int) int { return b - a })
}

// matchKey is translator.matchKey by search.
func matchKey(m reflect.Value, rest string) (reflect.Value, string, bool) {
	var best reflect.Value
	bestS := ""
	found := false
	it := m.MapRange()
	for it.Next() {
		k := it.Key()
		ks := keyText(k)
		if len(ks) < len(rest) && rest[len(ks)] == ']' && strings.HasPrefix(rest, ks) && (!found || len(ks) > len(bestS)) {
			best, bestS, found = k, ks, true
		}
	}
	return best, bestS, found
}

// jsonKey is the JSON object key a map key is written as.
func jsonKey(k reflect.Value) string {
	if k.Kind() == reflect.String {
		return k.String()
	}
	if k.CanInterface() {
		if tm, ok := k.Interface().(interface{ MarshalText() ([]byte, error) }); ok {
			if b, err := tm.MarshalText(); err == nil {
				return string(b)
			}
		}
	}
	switch k.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(k.Int(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return strconv.FormatUint(k.Uint(), 10)
	}
	return fmt.Sprintf("%v", k)
}

// side says whether a failure at a map entry is about its key or its
// value.
type side uint8

const (
	sideValue  side = iota
	sideKey         // the key
	sideEither      // key and value are equal and the rule is on both
)

// isKeyFailure tells whether fe is about map key k rather than its value:
// by type when key and value types differ, else by comparing the failing
// value with both, else by where the rule sits in the field's validate tag
// (between keys and endkeys, after them, or both: then either).
func isKeyFailure(fe validator.FieldError, mt reflect.Type, k, val reflect.Value, tag string) side {
	kt, et := mt.Key(), baseType(mt.Elem())
	ft := fe.Type()
	if ft == nil {
		return sideValue
	}
	if ft == kt && ft != et {
		return sideKey
	}
	if ft != kt {
		return sideValue
	}
	fv := fe.Value()
	isK := equalIface(fv, k)
	isV := val.IsValid() && equalIface(fv, val)
	switch {
	case isK && !isV:
		return sideKey
	case !isK:
		return sideValue
	}
	asKey, asValue := ruleSides(tag, fe.Tag(), fe.Param())
	switch {
	case asKey && asValue:
		return sideEither
	case asKey:
		return sideKey
	}
	return sideValue
}

// failedBefore reports whether a failure in before has fe's struct
// namespace, tag and parameter. validator reports a map entry's failures
// together, its key's first: only the failures right before fe, at its
// namespace, are looked at (so a map whose every entry fails costs linear
// time).
func failedBefore(before validator.ValidationErrors, fe validator.FieldError) bool {
	ns, tag, param := fe.StructNamespace(), fe.Tag(), fe.Param()
	for i := len(before) - 1; i >= 0; i-- {
		p := before[i]
		if p.StructNamespace() != ns {
			return false
		}
		if p.Tag() == tag && p.Param() == param {
			return true
		}
	}
	return false
}

func equalIface(x any, v reflect.Value) bool {
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return x == nil
		}
		v = v.Elem()
	}
	if !v.CanInterface() || !v.Type().Comparable() || x == nil || !reflect.TypeOf(x).Comparable() {
		return false
	}
	return v.Interface() == x
}

// ruleSides reports whether rule tag with parameter param appears in the
// validate tag between keys and endkeys (asKey) and outside them
// (asValue). A part without a parameter (an alias, whose failure reports
// the parameter of the tag it stands for) matches by name alone.
func ruleSides(validate, tag, param string) (asKey, asValue bool) {
	inKeys := false
	for _, part := range strings.Split(validate, ",") {
		name, p, hasParam := strings.Cut(part, "=")
		switch name {
		case "keys":
			inKeys = true
			continue
		case "endkeys":
			inKeys = false
			continue
		}
		if part != tag && (name != tag || (hasParam && p != param)) {
			continue
		}
		if inKeys {
			asKey = true
		} else {
			asValue = true
		}
	}
	return asKey, asValue
}
