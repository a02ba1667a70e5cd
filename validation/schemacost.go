package validation

import (
	"reflect"
	"strconv"
	"unsafe"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mcperr/mcperr/errorx"
)

// A schema that refers to itself through a value (a tree, a list of
// lists) and offers alternatives on the way (anyOf, oneOf, if, not) is
// checked once per alternative at each level: the library's work grows
// exponentially with the nesting of the arguments (2 alternatives and 18
// levels took seconds). Before checking arguments against such a schema,
// the evaluations the library will make are counted, exactly and in time
// linear in the arguments (each value counted once per schema that applies
// to it); past a budget linear in the arguments' size, the call is
// refused without checking.

// Budget of schema evaluations: evalBase plus evalPerValue for each value
// of the arguments.
const (
	evalBase     = 100000
	evalPerValue = 64
)

// recursive reports whether a schema reaches itself through a value (a
// cycle of the schema graph): only then can the evaluations outgrow the
// arguments.
func (s *Schema) recursive() bool {
	return s.cycle(func(sch *jsonschema.Schema) []*jsonschema.Schema { return appendChildren(nil, sch) }) != nil
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
	c := coster{budget: evalBase + evalPerValue*int64(r.values), memo: map[costKey]int64{}}
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
	n := int64(1)
	add := func(m int64) { n = min(n+m, c.budget+1) }
	for _, p := range inPlace(sch) {
		add(c.cost(p, v))
	}
	switch x := v.(type) {
	case map[string]any:
		for k, m := range x {
			evaluated := false
			if p, ok := sch.Properties[k]; ok {
				add(c.cost(p, m))
				evaluated = true
			}
			for re, p := range sch.PatternProperties {
				if re.MatchString(k) {
					add(c.cost(p, m))
					evaluated = true
				}
			}
			if p, ok := sch.AdditionalProperties.(*jsonschema.Schema); ok && !evaluated {
				add(c.cost(p, m))
			}
			add(c.cost(sch.PropertyNames, k))
			add(c.cost(sch.UnevaluatedProperties, m))
		}
	case []any:
		for i, m := range x {
			switch items := sch.Items.(type) {
			case *jsonschema.Schema:
				add(c.cost(items, m))
			case []*jsonschema.Schema:
				if i < len(items) {
					add(c.cost(items[i], m))
				} else if a, ok := sch.AdditionalItems.(*jsonschema.Schema); ok {
					add(c.cost(a, m))
				}
			}
			if i < len(sch.PrefixItems) {
				add(c.cost(sch.PrefixItems[i], m))
			} else {
				add(c.cost(sch.Items2020, m))
			}
			add(c.cost(sch.Contains, m))
			add(c.cost(sch.UnevaluatedItems, m))
		}
	}
	c.memo[key] = n
	return n
}

// costlyField is the field of arguments too costly to check against a
// recursive schema: their nesting is what costs.
func costlyField(text string) errorx.Field {
	return errorx.Field{
		WasSent: true, Sent: "…(truncated, " + strconv.Itoa(len(text)) + " bytes)",
		Message: "Nested too deeply.",
		Hint:    "This tool's schema checks nested values once for each of its alternatives: send fewer levels of nested objects and arrays.",
		Rule:    RuleDepth,
	}
}
