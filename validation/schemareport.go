package validation

import (
	"encoding/json"
	"math/big"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
)

// The report: when the quick verdict reads the whole schema, a call it
// does not find valid is checked by walking the decoded arguments against
// its nodes, without the library. The library builds a failure (a
// ValidationError, its location, its kind) for every value that fails and
// holds them all until it returns: 4 MiB of array items against an enum
// held 798 MB. The report adds the items collect would add from the
// library's failures, in the same order for the same path, and checks the
// keywords the quick verdict reads as the library does (type, const and
// enum, format first, each stopping there; then the others); where the
// quick verdict doubts (a number at a bound's rounding distance) it
// compares exactly. Within one array, once the items before hold
// MaxFields failures, the failures of the items after can never be among
// the first MaxFields of the error: they are counted (see more), not
// kept. TestReportAgreesWithLibrary holds it to the library's path.

// quickFails are the failures of a quick node's keywords, made once, as
// the library reports them (translation reads only their kind).
type quickFails struct {
	typ, cnst, enum, format, pattern *jsonschema.ValidationError
	minLen, maxLen                   *jsonschema.ValidationError
	minItems, maxItems               *jsonschema.ValidationError
	minProps, maxProps               *jsonschema.ValidationError
}

// keywordFailure is the failure of one of sch's keywords.
func keywordFailure(sch *jsonschema.Schema, k jsonschema.ErrorKind) *jsonschema.ValidationError {
	return &jsonschema.ValidationError{SchemaURL: sch.Location, ErrorKind: k}
}

// failsOf returns the failures of sch's keywords.
func failsOf(sch *jsonschema.Schema) quickFails {
	var f quickFails
	if sch.Types != nil {
		f.typ = keywordFailure(sch, &kind.Type{Want: sch.Types.ToStrings()})
	}
	if sch.Const != nil {
		f.cnst = keywordFailure(sch, &kind.Const{Want: *sch.Const})
	}
	if e := enumOf(sch); e != nil {
		f.enum = keywordFailure(sch, &kind.Enum{Want: e.Values})
	}
	if sch.Format != nil {
		f.format = keywordFailure(sch, &kind.Format{Want: sch.Format.Name})
	}
	if sch.Pattern != nil {
		f.pattern = keywordFailure(sch, &kind.Pattern{Want: sch.Pattern.String()})
	}
	for _, c := range []struct {
		dst  **jsonschema.ValidationError
		want *int
		kind func(int) jsonschema.ErrorKind
	}{
		{&f.minLen, sch.MinLength, func(w int) jsonschema.ErrorKind { return &kind.MinLength{Want: w} }},
		{&f.maxLen, sch.MaxLength, func(w int) jsonschema.ErrorKind { return &kind.MaxLength{Want: w} }},
		{&f.minItems, sch.MinItems, func(w int) jsonschema.ErrorKind { return &kind.MinItems{Want: w} }},
		{&f.maxItems, sch.MaxItems, func(w int) jsonschema.ErrorKind { return &kind.MaxItems{Want: w} }},
		{&f.minProps, sch.MinProperties, func(w int) jsonschema.ErrorKind { return &kind.MinProperties{Want: w} }},
		{&f.maxProps, sch.MaxProperties, func(w int) jsonschema.ErrorKind { return &kind.MaxProperties{Want: w} }},
	} {
		if c.want != nil {
			*c.dst = keywordFailure(sch, c.kind(*c.want))
		}
	}
	return f
}

// more counts the failures the report did not keep, by top-level
// argument, for the summary and the count of fields left out.
type more struct {
	top            string
	unknown, named bool
	n              int
}

// reporter is one report.
type reporter struct {
	r        *checkRun
	segs     []seg
	counting int // > 0: the failures are counted, not kept
}

// report checks the arguments, decoded, against the quick nodes, adding
// the failures; false, having added nothing, when the quick verdict does
// not read the schema, or decoding found problems (keys sent twice,
// nesting too deep, numbers out of range or replaced): the library's
// path then decides.
func (r *checkRun) report() bool {
	q := r.s.quick
	if q == nil || len(r.items) > 0 || r.replaced {
		return false
	}
	w := reporter{r: r}
	if w.value(q, r.inst) {
		return true
	}
	r.items, r.keys, r.empties, r.more = r.items[:0], r.keys[:0], nil, nil
	return false
}

// value checks v against n; false when n is not read.
func (w *reporter) value(n *quickNode, v any) bool {
	if !n.ok {
		return false
	}
	if n.node == nil {
		return true // true
	}
	if n.types != 0 && !typeOK(n.types, v) {
		w.add(sitem{how: howKeyword, e: n.fails.typ, node: n.node, below: true})
		return true
	}
	switch {
	case n.enum != nil && !n.enum.has(v):
		e := n.fails.enum
		if n.isConst {
			e = n.fails.cnst
		}
		w.keyword(n, e, v)
		return true
	case n.format != nil && n.format.Validate(v) != nil:
		w.keyword(n, n.fails.format, v)
		return true
	}
	switch x := v.(type) {
	case map[string]any:
		return w.object(n, x)
	case []any:
		return w.array(n, x)
	case string:
		l := utf8.RuneCountInString(x)
		short, long := n.minLen >= 0 && l < n.minLen, n.maxLen >= 0 && l > n.maxLen
		unmatched := n.pattern != nil && !n.pattern.MatchString(x)
		if (short || unmatched) && x == "" && w.empty(n) {
			return true // one required for all
		}
		for _, f := range []struct {
			failed bool
			e      *jsonschema.ValidationError
		}{{short, n.fails.minLen}, {long, n.fails.maxLen}, {unmatched, n.fails.pattern}} {
			if f.failed {
				w.add(sitem{how: howKeyword, e: f.e, node: n.node})
			}
		}
	case json.Number:
		w.number(n, string(x))
	}
	return true
}

// typeOK reports whether v is of one of the types, an integer read
// exactly (1.0 and 1e2 are integers).
func typeOK(types uint8, v any) bool {
	switch x := v.(type) {
	case nil:
		return types&quickNull != 0
	case bool:
		return types&quickBool != 0
	case string:
		return types&quickString != 0
	case []any:
		return types&quickArray != 0
	case map[string]any:
		return types&quickObject != 0
	case json.Number:
		if types&quickNumber != 0 {
			return true
		}
		d := parseDecimal(string(x))
		return types&quickInteger != 0 && (d.zero() || d.exp >= len(d.hi)+len(d.lo))
	}
	return false
}

// keyword adds the failure e of n's keyword (enum, const, format) on v;
// "" on a property required reads as binding's required (see empty).
func (w *reporter) keyword(n *quickNode, e *jsonschema.ValidationError, v any) {
	if v != "" || !w.empty(n) {
		w.add(sitem{how: howKeyword, e: e, node: n.node})
	}
}

// empty adds the item of "" sent for a property required whose schema
// has minLength 1, as collect does (emptyRequired), and reports whether
// it did: it stands for every failure of the value.
func (w *reporter) empty(n *quickNode) bool {
	if n.node.s.MinLength == nil || *n.node.s.MinLength != 1 || !w.r.requiredAt(w.segs) {
		return false
	}
	if w.counting > 0 {
		w.add(sitem{how: howEmpty})
		return true
	}
	return w.r.emptyAt(slices.Clone(w.segs))
}

// number checks the bounds of the number lit, in the library's order;
// a number at a bound's float64 is compared exactly.
func (w *reporter) number(n *quickNode, lit string) {
	f, _ := strconv.ParseFloat(lit, 64)
	for _, b := range n.bounds {
		c := -1
		switch {
		case f > b.f:
			c = 1
		case f == b.f:
			x, _ := new(big.Rat).SetString(lit)
			c = x.Cmp(b.rat)
		}
		if b.lower && (c < 0 || c == 0 && b.exclusive) || !b.lower && (c > 0 || c == 0 && b.exclusive) {
			w.add(sitem{how: howKeyword, e: b.fail, node: n.node})
		}
	}
}

// object checks an object: the counts of its keys, its required
// properties, its members.
func (w *reporter) object(n *quickNode, x map[string]any) bool {
	if n.minProps >= 0 && len(x) < n.minProps {
		w.add(sitem{how: howKeyword, e: n.fails.minProps, node: n.node})
	}
	if n.maxProps >= 0 && len(x) > n.maxProps {
		w.add(sitem{how: howKeyword, e: n.fails.maxProps, node: n.node})
	}
	for _, i := range n.required {
		if name := n.props[i].name; !hasKey(x, name) {
			w.push(seg{key: name})
			w.add(sitem{how: howRequired})
			w.pop()
		}
	}
	for k, m := range x {
		w.push(seg{key: k})
		ok := true
		switch i := n.prop(k); {
		case i >= 0:
			ok = w.value(n.props[i].node, m)
		case n.addl == addlNone:
			w.unknown(n)
		case n.addl == addlSchema:
			ok = w.value(n.addlNode, m)
		}
		w.pop()
		if !ok {
			return false
		}
	}
	return true
}

// hasKey reports whether x holds key.
func hasKey(x map[string]any, key string) bool {
	_, ok := x[key]
	return ok
}

// push and pop add a segment to the path and take it off.
func (w *reporter) push(sg seg) { w.segs = append(w.segs, sg) }
func (w *reporter) pop()        { w.segs = w.segs[:len(w.segs)-1] }

// array checks an array: its count of items, its items; once the items
// checked hold MaxFields failures, those of the rest are counted.
func (w *reporter) array(n *quickNode, x []any) bool {
	if n.minItems >= 0 && len(x) < n.minItems {
		w.add(sitem{how: howKeyword, e: n.fails.minItems, node: n.node})
	}
	if n.maxItems >= 0 && len(x) > n.maxItems {
		w.add(sitem{how: howKeyword, e: n.fails.maxItems, node: n.node})
	}
	if n.items == nil {
		return true
	}
	start, counting := len(w.r.items), false
	defer func() {
		if counting {
			w.counting--
		}
	}()
	for i, m := range x {
		if !counting && len(w.r.items)-start >= MaxFields {
			counting = true
			w.counting++
		}
		w.push(seg{index: i, isIdx: true})
		ok := w.value(n.items, m)
		w.pop()
		if !ok {
			return false
		}
	}
	return true
}

// unknown adds the member at the end of the path as a key the object's
// schema (n) does not allow.
func (w *reporter) unknown(n *quickNode) {
	if w.counting == 0 {
		w.r.unknown(slices.Clone(w.segs), n.node)
		return
	}
	w.add(sitem{how: howUnknown})
}

// add adds the item at the path, or counts it.
func (w *reporter) add(it sitem) {
	if w.counting == 0 {
		it.segs = slices.Clone(w.segs)
		w.r.add(it)
		return
	}
	r := w.r
	top := w.segs[0].key // an array's items: below a member of the arguments
	_, named := r.s.top.prop(top)
	named = named || r.s.top.required[top]
	unknown := it.how == howUnknown
	if l := len(r.more); l > 0 && r.more[l-1].top == top && r.more[l-1].unknown == unknown {
		r.more[l-1].n++
		return
	}
	r.more = append(r.more, more{top: top, unknown: unknown, named: named, n: 1})
}
