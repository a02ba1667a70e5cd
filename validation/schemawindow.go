package validation

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// The window. The JSON Schema library builds an error of its own for every
// failing value (a million failing items: a million errors, 400 bytes
// each, all alive at once), and an error keeps MaxFields fields. So when
// the schema checks every item of a list and every member of a map on its
// own (see plain), a list or map of more than cutMin values is handed to
// the library cut to its first values in the documented order (items by
// index; members by key, unknown keys in the order sent), as many as hold
// MaxFields + 1 fields: the fields past them can be none of the first
// MaxFields. The window starts at cutMin values and grows fourfold until
// it holds that many (or the whole list). What a keyword of the list or
// map itself says is kept: enough values stay for minItems, maxItems,
// minProperties, maxProperties and the items an array's schema lists to
// fail or pass as on the whole, and the members the schema names
// (properties, required, dependentRequired) are never left out. A call
// with at most MaxFields fields is never cut, since a cut list alone
// holds more. What is left out is counted where the count is certain
// (a value of a type its schema does not allow, a string of a length it
// does not allow, an unknown key): the count of the fields past
// MaxFields is then at least the number given.

// cutMin is the fewest values a list or map holds for the window to cut
// it, and the window's first size (a variable for the tests, which
// compare with the check of the whole).
var cutMin = 2 * MaxFields

// window is what the check cut of the arguments.
type window struct {
	keep  map[unsafe.Pointer]int // the values kept of each list or map grown past cutMin
	cuts  []cutAt                // the lists and maps cut in the view checked last
	items int                    // the items and keys decoding made: kept from one view to the next
	keys  int
	types map[*jsonschema.Schema]uint8 // each schema's types, as quickNode reads them
}

// cutAt is a list or map the view cut.
type cutAt struct {
	segs    []seg
	id      unsafe.Pointer
	end     string // the sort key of the first value left out: the fields before it are the window's
	key     string // the sort key of the list or map: the fields below it start with it
	kept, n int
	free    int // the values kept that the window counts (a map's members its schema does not name)
	certain int // the failures certain of the values left out
	unknown int // of those, unknown keys
}

// plain reports whether the library checks each item of a list and each
// member of a map of s on its own, and the list or map by its size: no
// keyword of s decides on a value by whether others match (anyOf, oneOf,
// not, if, contains, unevaluated…, dependentSchemas, propertyNames,
// dynamic references), and no value gets the schemas of its items or
// members from two places (an allOf of two properties keywords).
func (s *Schema) plain() bool {
	const yes, no = 1, 2
	switch atomic.LoadUint32(&s.plainness) {
	case yes:
		return true
	case no:
		return false
	}
	if s.computePlain() {
		atomic.StoreUint32(&s.plainness, yes)
		return true
	}
	atomic.StoreUint32(&s.plainness, no)
	return false
}

func (s *Schema) computePlain() bool {
	if s.width == unbounded {
		return false
	}
	for sch, n := range s.nodes {
		if sch.RecursiveRef != nil || sch.DynamicRef != nil || sch.Not != nil || len(sch.AnyOf)+len(sch.OneOf) > 0 ||
			sch.If != nil || sch.Then != nil || sch.Else != nil || sch.PropertyNames != nil || len(sch.DependentSchemas) > 0 ||
			sch.UnevaluatedProperties != nil || sch.UnevaluatedItems != nil || sch.Contains != nil ||
			len(sch.Extensions) > 0 || sch.ContentSchema != nil {
			return false
		}
		for _, d := range sch.Dependencies {
			if _, ok := d.(*jsonschema.Schema); ok {
				return false
			}
		}
		declaring := 0
		for _, v := range n.views {
			if declaresMembers(v.s) {
				declaring++
			}
		}
		if declaring > 1 {
			return false
		}
	}
	return true
}

// declaresMembers reports whether sch gives schemas to the items or
// members of a value.
func declaresMembers(sch *jsonschema.Schema) bool {
	return len(sch.Properties)+len(sch.PatternProperties)+len(sch.PrefixItems) > 0 || sch.AdditionalProperties != nil ||
		sch.Items != nil || sch.Items2020 != nil || sch.AdditionalItems != nil
}

// view returns the arguments as the library is to check them: r.inst, or
// a copy with its long lists and maps cut (see window), recording the
// cuts. Values are shared, never changed.
func (r *checkRun) view() any {
	w := r.win
	w.cuts = w.cuts[:0]
	v, _ := r.viewOf(r.inst, r.s.top, nil)
	return v
}

// viewOf returns v (at segs, checked by n) as the view holds it, and
// whether that is not v itself.
func (r *checkRun) viewOf(v any, n *snode, segs []seg) (any, bool) {
	if n == nil {
		return v, false // nothing checks what is below
	}
	switch x := v.(type) {
	case []any:
		return r.viewList(x, n, segs)
	case map[string]any:
		return r.viewMap(x, n, segs)
	}
	return v, false
}

func (r *checkRun) viewList(x []any, n *snode, segs []seg) (any, bool) {
	kept := len(x)
	if len(x) > cutMin && !slices.ContainsFunc(n.views, func(v *snode) bool { return v.s.UniqueItems }) {
		kept = r.listWindow(x, n)
	}
	var out []any
	for i := range kept {
		sg := seg{index: i, isIdx: true}
		e, changed := r.viewOf(x[i], r.s.child(n, sg), append(segs, sg))
		if changed && out == nil {
			out = make([]any, kept)
			copy(out, x[:i])
		}
		if out != nil {
			out[i] = e
		}
	}
	if kept == len(x) {
		if out == nil {
			return x, false
		}
		return out, true
	}
	c := cutAt{segs: slices.Clone(segs), id: unsafe.Pointer(unsafe.SliceData(x)), kept: kept, n: len(x), free: kept}
	c.key = string(r.appendPath(nil, segs))
	c.end = string(appendOrdIndex([]byte(c.key), kept))
	for i := kept; i < len(x); i++ {
		if r.certainFailure(x[i], r.s.child(n, seg{index: i, isIdx: true})) {
			c.certain++
		}
	}
	r.win.cuts = append(r.win.cuts, c)
	if out == nil {
		return x[:kept:kept], true
	}
	return out, true
}

// listWindow is how many items of x (checked by n) the view keeps.
func (r *checkRun) listWindow(x []any, n *snode) int {
	w, ok := r.win.keep[unsafe.Pointer(unsafe.SliceData(x))]
	if !ok {
		w = cutMin
	}
	for _, v := range n.views {
		s := v.s
		if s.MinItems != nil && *s.MinItems <= len(x) {
			w = max(w, *s.MinItems) // enough to pass as the whole does
		}
		if s.MaxItems != nil && len(x) > *s.MaxItems {
			w = max(w, *s.MaxItems+1) // enough to fail as the whole does
		}
		if before := itemsBefore(v); len(x) > before && rejectsMore(s) {
			w = max(w, before+1) // one item too many
		}
	}
	return min(w, len(x))
}

// rejectsMore reports whether an array's schema accepts no item past
// those it lists one by one.
func rejectsMore(s *jsonschema.Schema) bool {
	if b, ok := s.AdditionalItems.(bool); ok && !b {
		return true
	}
	return s.Items2020 != nil && rejectsAll(s.Items2020)
}

func (r *checkRun) viewMap(x map[string]any, n *snode, segs []seg) (any, bool) {
	if len(x) <= cutMin {
		return r.viewMembers(x, n, segs)
	}
	// The members the view may leave out, in the order of their fields:
	// by key, unknown keys after the others in the order they were sent.
	closed := r.closed(n)
	var named []string
	ms := make([]member, 0, len(x))
	for k := range x {
		switch {
		case r.fixedMember(n, segs, k):
			named = append(named, k)
		case closed && r.s.child(n, seg{key: k}) == nil:
			ms = append(ms, member{key: k, at: r.offset(append(segs, seg{key: k}))})
		default:
			ms = append(ms, member{key: k, at: -1})
		}
	}
	keep := len(ms)
	if keep > cutMin {
		keep = r.mapWindow(x, n, len(named))
	}
	if keep == len(ms) {
		return r.viewMembers(x, n, segs)
	}
	slices.SortFunc(ms, func(a, b member) int {
		switch {
		case (a.at < 0) != (b.at < 0):
			if a.at >= 0 { // unknown keys last
				return 1
			}
			return -1
		case a.at >= 0:
			return a.at - b.at
		}
		return compareOrdKeys(a.key, b.key)
	})
	c := cutAt{segs: slices.Clone(segs), id: reflect.ValueOf(x).UnsafePointer(), kept: len(named) + keep, n: len(x), free: keep}
	c.key = string(r.appendPath(nil, segs))
	if first := ms[keep]; first.at >= 0 {
		c.end = string(appendOrdUnknown([]byte(c.key), first.at))
	} else {
		c.end = string(appendOrdKey([]byte(c.key), ordField, first.key))
	}
	for _, m := range ms[keep:] {
		switch {
		case m.at >= 0:
			c.certain++
			c.unknown++
		case r.certainFailure(x[m.key], r.s.child(n, seg{key: m.key})):
			c.certain++
		}
	}
	r.win.cuts = append(r.win.cuts, c)
	out := make(map[string]any, c.kept)
	for _, k := range named {
		sg := seg{key: k}
		out[k], _ = r.viewOf(x[k], r.s.child(n, sg), append(segs, sg))
	}
	for _, m := range ms[:keep] {
		sg := seg{key: m.key}
		out[m.key], _ = r.viewOf(x[m.key], r.s.child(n, sg), append(segs, sg))
	}
	return out, true
}

// viewMembers returns x, none of its members left out, as the view holds
// it.
func (r *checkRun) viewMembers(x map[string]any, n *snode, segs []seg) (any, bool) {
	var out map[string]any
	for k, m := range x {
		sg := seg{key: k}
		e, changed := r.viewOf(m, r.s.child(n, sg), append(segs, sg))
		if changed && out == nil {
			out = make(map[string]any, len(x))
			for k2, m2 := range x {
				out[k2] = m2
			}
		}
		if out != nil {
			out[k] = e
		}
	}
	if out == nil {
		return x, false
	}
	return out, true
}

// mapWindow is how many members of x (checked by n) that it does not
// name the view keeps; named members are kept.
func (r *checkRun) mapWindow(x map[string]any, n *snode, named int) int {
	w, ok := r.win.keep[reflect.ValueOf(x).UnsafePointer()]
	if !ok {
		w = cutMin
	}
	for _, v := range n.views {
		s := v.s
		if s.MinProperties != nil && *s.MinProperties <= len(x) {
			w = max(w, *s.MinProperties-named)
		}
		if s.MaxProperties != nil && len(x) > *s.MaxProperties {
			w = max(w, *s.MaxProperties+1-named)
		}
	}
	return min(w, len(x)-named)
}

// fixedMember reports whether the member key of an object at segs
// (checked by n) is one its schema names: a property, a required or
// dependent-required name, or a key the check lets through at the top.
func (r *checkRun) fixedMember(n *snode, segs []seg, key string) bool {
	if _, ok := n.prop(key); ok || n.required[key] {
		return true
	}
	if len(segs) == 0 && (r.format != "" && key == r.format || contains(r.ignore, key)) {
		return true
	}
	for _, v := range n.views {
		for name, deps := range v.s.DependentRequired {
			if name == key || slices.Contains(deps, key) {
				return true
			}
		}
		for name, d := range v.s.Dependencies {
			if deps, _ := d.([]string); name == key || slices.Contains(deps, key) {
				return true
			}
		}
	}
	return false
}

// closed reports whether an object under n accepts no member its schema
// does not name.
func (r *checkRun) closed(n *snode) bool {
	for _, v := range n.views {
		if b, ok := v.s.AdditionalProperties.(bool); ok && !b {
			return true
		}
	}
	return false
}

// certainFailure reports whether the library certainly fails v under n:
// a type its schema does not allow, a string length out of its bounds.
// Only values read as sent count: a number read in place of one out of
// range, and a string standing for a value nested too deeply, have a
// problem of their own (not in r.text).
func (r *checkRun) certainFailure(v any, n *snode) bool {
	if n == nil {
		return false
	}
	var s string
	switch x := v.(type) {
	case json.Number:
		s = string(x)
	case string:
		s = x
	}
	if s != "" && !r.inText(s) {
		return false
	}
	for _, view := range n.views {
		sch := view.s
		if sch.Bool != nil {
			continue // false: an item or key too many, said once (tooMany, unknown)
		}
		if sch.Types != nil && r.typesOf(sch)&typeBit(v) == 0 {
			return true
		}
		if str, ok := v.(string); ok && (sch.MinLength != nil || sch.MaxLength != nil) {
			k := utf8.RuneCountInString(str)
			if sch.MinLength != nil && k < *sch.MinLength || sch.MaxLength != nil && k > *sch.MaxLength {
				return true
			}
		}
	}
	return false
}

// inText reports whether s is a part of the arguments' text.
func (r *checkRun) inText(s string) bool {
	p, base := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(unsafe.StringData(r.text)))
	return p >= base && p+uintptr(len(s)) <= base+uintptr(len(r.text))
}

// typesOf returns the types sch allows, as bits (quickNull…); a number
// counts as every numeric type.
func (r *checkRun) typesOf(sch *jsonschema.Schema) uint8 {
	if t, ok := r.win.types[sch]; ok {
		return t
	}
	var t uint8
	for _, name := range sch.Types.ToStrings() {
		switch name {
		case "null":
			t |= quickNull
		case "boolean":
			t |= quickBool
		case "integer", "number":
			t |= quickNumber
		case "string":
			t |= quickString
		case "array":
			t |= quickArray
		case "object":
			t |= quickObject
		}
	}
	if r.win.types == nil {
		r.win.types = map[*jsonschema.Schema]uint8{}
	}
	r.win.types[sch] = t
	return t
}

// typeBit is v's type as a bit of typesOf.
func typeBit(v any) uint8 {
	switch v.(type) {
	case nil:
		return quickNull
	case bool:
		return quickBool
	case json.Number:
		return quickNumber
	case string:
		return quickString
	case []any:
		return quickArray
	case map[string]any:
		return quickObject
	}
	return 0xff
}

// compareOrdKeys compares two keys of a map as their sort keys do
// (appendOrdKey: 0x00 and 0x01 escaped, 0x00 after), without writing them.
func compareOrdKeys(a, b string) int {
	at := func(s string, i int) (byte, byte) { // the i-th byte and the one its escape adds
		if i == len(s) {
			return 0x00, 0
		}
		if c := s[i]; c <= 0x01 {
			return 0x01, c + 1
		}
		return s[i], 0
	}
	for i := 0; ; i++ {
		if i > len(a) || i > len(b) {
			return len(a) - len(b)
		}
		a0, a1 := at(a, i)
		b0, b1 := at(b, i)
		if a0 != b0 {
			return int(a0) - int(b0)
		}
		if a1 != b1 {
			return int(a1) - int(b1)
		}
		if i == len(a) || i == len(b) {
			return len(a) - len(b)
		}
	}
}

// grow widens the window of each cut list or map whose values kept hold
// fewer than MaxFields + 1 fields (idx is the fields to report, in
// order) fourfold, or to the whole when they hold none, and reports
// whether one was.
func (r *checkRun) grow(idx []int) bool {
	grew := false
	for _, c := range r.win.cuts {
		lo, _ := slices.BinarySearchFunc(idx, c.key, func(i int, k string) int {
			return strings.Compare(r.itemKey(i), k)
		})
		hi, _ := slices.BinarySearchFunc(idx, c.end, func(i int, k string) int {
			return strings.Compare(r.itemKey(i), k)
		})
		if hi-lo > MaxFields {
			continue
		}
		if r.win.keep == nil {
			r.win.keep = map[unsafe.Pointer]int{}
		}
		r.win.keep[c.id] = 4 * c.free
		if hi == lo {
			// Nothing failed in the window: most likely nothing will
			// (valid arguments the quick verdict left to the library),
			// and the whole costs one check, not one per growth.
			r.win.keep[c.id] = c.n
		}
		grew = true
	}
	return grew
}

// itemKey is the sort key of the i-th item.
func (r *checkRun) itemKey(i int) string {
	it := &r.items[i]
	return unsafe.String(unsafe.SliceData(r.keys[it.start:]), it.end-it.start)
}

// uncut forgets what the library said of the last view.
func (r *checkRun) uncut() {
	clear(r.items[r.win.items:])
	r.items, r.keys = r.items[:r.win.items], r.keys[:r.win.keys]
	r.tooLong, r.empties, r.keyed, r.keyUses, r.internal = nil, nil, nil, nil, nil
}

// tallyCut counts in c the failures certain of what cut left out: below
// a top-level argument the server names, that argument (named already by
// the fields kept); unknown top-level keys; values below keys the caller
// chose.
func (r *checkRun) tallyCut(c *tally, cut cutAt) {
	if len(cut.segs) == 0 {
		c.unknown += cut.unknown
		c.other += cut.certain - cut.unknown
		return
	}
	top := cut.segs[0].key
	if _, named := r.s.top.prop(top); named || r.s.top.required[top] {
		c.add(top, true, false, true)
		return
	}
	c.other += cut.certain
}
