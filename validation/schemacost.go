package validation

import (
	"reflect"
	"strconv"
	"unsafe"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mcperr/mcperr/errorx"
)

// The library evaluates a value once for every way the schema reaches
// it: a subschema shared through anyOf, oneOf or allOf is evaluated once
// for each path to it, so $defs d0…dk, each an anyOf of two references
// to the next, evaluate a 10-byte call 2^k times (k=16: 279 ms and 93
// MiB; k=20: 4.2 s and 1.5 GB), and a schema that refers to itself
// through a value with alternatives on the way does so at each level of
// the arguments (2 alternatives and 18 levels took seconds). Before
// checking, the evaluations the library will make are counted, exactly
// and in time linear in the arguments (each value counted once per
// schema that applies to it); past a budget linear in the arguments'
// size, the call is refused without checking. The count is skipped when
// the schema cannot exceed the budget: when it evaluates no value more
// than width times and 2 × width × values (keys counted with the values)
// is within it.

// Budget of schema evaluations: evalBase plus evalPerValue for each value
// of the arguments.
const (
	evalBase     = 10000
	evalPerValue = 64
)

// unbounded is the width of a schema that refers to itself through a
// value, and the most a count keeps.
const unbounded = 1 << 50

// recursive reports whether a schema reaches itself through a value (a
// cycle of the schema graph): then the evaluations can grow with the
// nesting of the arguments.
func (s *Schema) recursive() bool {
	return s.cycle(func(sch *jsonschema.Schema) []*jsonschema.Schema { return appendChildren(nil, sch) }) != nil
}

// widthOf returns the most evaluations of one value at any depth of the
// arguments: the number of paths from the root to the schemas that apply
// at that depth (a member of a value one level down), summed; unbounded
// for a recursive schema. A schema graph of n subschemas is walked once,
// a count per depth each.
func (s *Schema) widthOf() int64 {
	if s.recursive() {
		return unbounded
	}
	// Paths to each schema, by depth, in an order where every schema
	// comes after those that reach it.
	var order []*jsonschema.Schema
	done := map[*jsonschema.Schema]bool{}
	var visit func(sch *jsonschema.Schema)
	visit = func(sch *jsonschema.Schema) {
		if sch == nil || done[sch] {
			return
		}
		done[sch] = true
		for _, c := range appendChildren(nil, sch) {
			visit(c)
		}
		order = append(order, sch)
	}
	visit(s.root)
	paths := map[*jsonschema.Schema][]int64{s.root: {1}}
	var width []int64
	add := func(to *jsonschema.Schema, depth int, n int64) {
		p := paths[to]
		for len(p) <= depth {
			p = append(p, 0)
		}
		p[depth] = min(p[depth]+n, unbounded)
		paths[to] = p
	}
	for i := len(order) - 1; i >= 0; i-- {
		sch := order[i]
		for d, n := range paths[sch] {
			for len(width) <= d {
				width = append(width, 0)
			}
			width[d] = min(width[d]+n, unbounded)
			for _, c := range inPlace(sch) {
				add(c, d, n)
			}
			for _, c := range appendMembers(nil, sch) {
				if c != nil {
					add(c, d+1, n)
				}
			}
		}
	}
	var most int64
	for _, w := range width {
		most = max(most, w)
	}
	return most
}

// coster counts the evaluations the library makes of the arguments.
type coster struct {
	budget int64
	memo   map[costKey]int64
}

// costKey is one schema applied to one value: a container by identity, a
// scalar by kind (its evaluations depend on nothing else).
type costKey struct {
	sch *jsonschema.Schema
	v   unsafe.Pointer
	k   reflect.Kind
}

// tooCostly reports whether checking the arguments would take more
// evaluations than the budget.
func (r *checkRun) tooCostly() bool {
	budget := evalBase + evalPerValue*int64(r.values)
	if w := r.s.width; w < unbounded && 2*w*int64(r.values) <= budget {
		return false
	}
	c := coster{budget: budget, memo: map[costKey]int64{}}
	return c.cost(r.s.root, r.inst) > c.budget
}

// cost counts the evaluations of v by sch, at most budget+1.
func (c *coster) cost(sch *jsonschema.Schema, v any) int64 {
	if sch == nil {
		return 0
	}
	key := costKey{sch: sch}
	switch x := v.(type) {
	case map[string]any:
		key.v = reflect.ValueOf(x).UnsafePointer()
	case []any:
		key.v = unsafe.Pointer(unsafe.SliceData(x))
		key.k = reflect.Slice
	default:
		key.k = kindOf(v)
	}
	if n, ok := c.memo[key]; ok {
		return n
	}
	c.memo[key] = c.budget + 1 // a value that reaches itself (it cannot) costs everything
	n := c.walk(sch, v)
	c.memo[key] = n
	return n
}

// walk counts the evaluations of v by sch, this one and those of the
// schemas sch applies to v and to its members, at most budget+1: it
// stops walking once past the budget.
func (c *coster) walk(sch *jsonschema.Schema, v any) int64 {
	n := int64(1)
	over := func(m int64) bool {
		n = min(n+m, c.budget+1)
		return n > c.budget
	}
	for _, p := range inPlace(sch) {
		if over(c.cost(p, v)) {
			return n
		}
	}
	switch x := v.(type) {
	case map[string]any:
		for k, m := range x {
			evaluated := false
			if p, ok := sch.Properties[k]; ok {
				evaluated = true
				if over(c.cost(p, m)) {
					return n
				}
			}
			for re, p := range sch.PatternProperties {
				if re.MatchString(k) {
					evaluated = true
					if over(c.cost(p, m)) {
						return n
					}
				}
			}
			if p, ok := sch.AdditionalProperties.(*jsonschema.Schema); ok && !evaluated && over(c.cost(p, m)) {
				return n
			}
			if over(c.cost(sch.PropertyNames, k)) || over(c.cost(sch.UnevaluatedProperties, m)) {
				return n
			}
		}
	case []any:
		for i, m := range x {
			var item *jsonschema.Schema
			switch items := sch.Items.(type) {
			case *jsonschema.Schema:
				item = items
			case []*jsonschema.Schema:
				if i < len(items) {
					item = items[i]
				} else if a, ok := sch.AdditionalItems.(*jsonschema.Schema); ok {
					item = a
				}
			}
			item2020 := sch.Items2020
			if i < len(sch.PrefixItems) {
				item2020 = sch.PrefixItems[i]
			}
			if over(c.cost(item, m)) || over(c.cost(item2020, m)) || over(c.cost(sch.Contains, m)) ||
				over(c.cost(sch.UnevaluatedItems, m)) {
				return n
			}
		}
	}
	return n
}

// costlyField is the field of arguments too costly to check: for a
// recursive schema their nesting is what costs, else their number of
// values against a schema that reaches each of them many times.
func costlyField(text string, recursive bool) errorx.Field {
	f := errorx.Field{
		WasSent: true, Sent: "…(truncated, " + strconv.Itoa(len(text)) + " bytes)",
		Message: "Nested too deeply.",
		Hint:    "This tool's schema checks nested values once for each of its alternatives: send fewer levels of nested objects and arrays.",
		Rule:    RuleDepth,
	}
	if !recursive {
		f.Message = "Too costly to check."
		f.Hint = "This tool's schema checks each value once for each way its alternatives reach it (anyOf, oneOf, allOf): send fewer values."
		f.Rule = ruleCost
	}
	return f
}

// ruleCost is the rule of arguments a schema that is not recursive would
// take more evaluations to check than the budget allows.
const ruleCost = "cost"
