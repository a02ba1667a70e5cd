package validation

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
)

// The library decides enum by comparing the value with each option in
// turn, numbers through text formatting and two big.Rat each: an array of
// 64 KiB of numbers against an enum of 16 took 541 ms and 102 MiB, an enum
// of 10,000 numbers and 800 items over 20 s. A compiled schema decides
// enum itself instead, with a set: strings and numbers by key (a number's
// key is its exact value, 1 == 1.0 == 1e0 as JSON Schema reads them),
// objects and arrays, rare, compared with each option of their kind.
// The set stands in the schema as an extension, the library's enum
// removed; enumOf reads the keyword back. The library checks an
// extension after the other keywords, not before them as it checks enum,
// so a value the set rejects may have other failures there: collect
// keeps the enum's alone (see ownFailure), as the library would have
// reported it.

// enumSet is one enum keyword, decided by set.
type enumSet struct {
	enum                       *jsonschema.Enum // the keyword as compiled
	strs, nums                 map[string]struct{}
	few                        []string // the strings, when at most maxFewStrings: a scan is faster
	hasNull, hasTrue, hasFalse bool
	others                     []any // the objects and arrays
}

// maxFewStrings is the most strings an enumSet scans rather than hashes.
const maxFewStrings = 8

// newEnumSet returns the set of values.
func newEnumSet(e *jsonschema.Enum) *enumSet {
	s := &enumSet{enum: e, strs: map[string]struct{}{}, nums: map[string]struct{}{}}
	for _, v := range e.Values {
		switch x := v.(type) {
		case string:
			s.strs[x] = struct{}{}
		case json.Number:
			s.nums[string(numberKey(nil, string(x)))] = struct{}{}
		case bool:
			if x {
				s.hasTrue = true
			} else {
				s.hasFalse = true
			}
		case nil:
			s.hasNull = true
		default:
			s.others = append(s.others, v)
		}
	}
	if len(s.strs) <= maxFewStrings {
		for _, v := range e.Values {
			if x, ok := v.(string); ok {
				s.few = append(s.few, x)
			}
		}
	}
	return s
}

// has reports whether v, a value of the arguments as decoded, is one of
// the set's.
func (s *enumSet) has(v any) bool {
	switch x := v.(type) {
	case string:
		return s.hasString(x)
	case json.Number:
		return s.hasNumber(string(x))
	case bool:
		return x && s.hasTrue || !x && s.hasFalse
	case nil:
		return s.hasNull
	}
	return slices.ContainsFunc(s.others, func(o any) bool { return sameJSON(v, o) })
}

// hasString reports whether str is one of the set's.
func (s *enumSet) hasString(str string) bool {
	if len(s.strs) <= maxFewStrings {
		return slices.Contains(s.few, str)
	}
	_, ok := s.strs[str]
	return ok
}

// hasNumber reports whether the number literal lit is one of the set's.
func (s *enumSet) hasNumber(lit string) bool {
	if len(s.nums) == 0 {
		return false
	}
	var buf [48]byte
	_, ok := s.nums[string(numberKey(buf[:0], lit))]
	return ok
}

// Validate is the extension's check: v not in the set fails as the
// library's enum fails.
func (s *enumSet) Validate(ctx *jsonschema.ValidatorContext, v any) {
	if !s.has(v) {
		ctx.AddError(&kind.Enum{Got: v, Want: s.enum.Values})
	}
}

// numberKey appends the key of the number literal lit: its sign, digits
// and exponent (see decimal), equal for literals of equal value.
func numberKey(dst []byte, lit string) []byte {
	d := parseDecimal(lit)
	if d.zero() {
		return append(dst, '0')
	}
	if d.neg {
		dst = append(dst, '-')
	}
	dst = append(append(dst, d.hi...), d.lo...)
	dst = append(dst, 'e')
	return strconv.AppendInt(dst, int64(d.exp), 10)
}

// sameJSON reports whether a and b are the same JSON value, numbers
// compared by value.
func sameJSON(a, b any) bool {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			if w, ok := y[k]; !ok || !sameJSON(v, w) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		return ok && slices.EqualFunc(x, y, sameJSON)
	case json.Number:
		y, ok := b.(json.Number)
		return ok && parseDecimal(string(x)).cmp(parseDecimal(string(y))) == 0
	}
	return a == b
}

// ownFailure returns the failures of e to collect: its causes, without
// those the failure of an enum among them hides. The causes are the
// failures of one schema on one value (its own keywords' at the value's
// location, the shortest; one for each member, each subschema), possibly
// of a schema further down when it was the only one failing; when that
// schema's enum failed, its other failures (at the value or below it,
// from the schema or below it) are dropped, as the library reported the
// enum's alone when it checked it first and stopped there.
func ownFailure(e *jsonschema.ValidationError) []*jsonschema.ValidationError {
	cs := e.Causes
	if len(cs) < 2 {
		return cs
	}
	shortest := len(cs[0].InstanceLocation)
	for _, c := range cs[1:] {
		shortest = min(shortest, len(c.InstanceLocation))
	}
	var enum *jsonschema.ValidationError
	for _, c := range cs {
		if _, ok := c.ErrorKind.(*kind.Enum); ok && len(c.InstanceLocation) == shortest {
			enum = c
			break
		}
	}
	if enum == nil {
		return cs
	}
	out := make([]*jsonschema.ValidationError, 0, len(cs))
	for _, c := range cs {
		hidden := c != enum && (c.SchemaURL == enum.SchemaURL || strings.HasPrefix(c.SchemaURL, enum.SchemaURL+"/")) &&
			slices.Equal(c.InstanceLocation[:min(len(c.InstanceLocation), shortest)], enum.InstanceLocation)
		if !hidden {
			out = append(out, c)
		}
	}
	return out
}

// enumFirst returns e, a failure at node, or the failure of node's enum
// when e is its format's and the value is not one of the enum's: the
// library checks a format before extensions, where it checked enum
// first.
func enumFirst(e *jsonschema.ValidationError, node *snode) *jsonschema.ValidationError {
	k, ok := e.ErrorKind.(*kind.Format)
	if !ok || node == nil {
		return e
	}
	if s := ownEnum(node.s); s != nil && !s.has(k.Got) {
		return &jsonschema.ValidationError{SchemaURL: e.SchemaURL, InstanceLocation: e.InstanceLocation,
			ErrorKind: &kind.Enum{Got: k.Got, Want: s.enum.Values}}
	}
	return e
}

// takeEnum moves sch's enum keyword into an enumSet extension.
func takeEnum(sch *jsonschema.Schema) {
	if sch.Enum != nil {
		sch.Extensions = append(sch.Extensions, newEnumSet(sch.Enum))
		sch.Enum = nil
	}
}

// ownEnum returns sch's enumSet, nil when it has none.
func ownEnum(sch *jsonschema.Schema) *enumSet {
	for _, x := range sch.Extensions {
		if s, ok := x.(*enumSet); ok {
			return s
		}
	}
	return nil
}

// enumOf returns sch's enum keyword, nil when it has none.
func enumOf(sch *jsonschema.Schema) *jsonschema.Enum {
	if s := ownEnum(sch); s != nil {
		return s.enum
	}
	return sch.Enum
}

// dropEnum clears the enum keyword of c, a copy of a schema.
func dropEnum(c *jsonschema.Schema) {
	c.Enum = nil
	if ownEnum(c) != nil {
		c.Extensions = slices.DeleteFunc(slices.Clone(c.Extensions), func(x jsonschema.SchemaExt) bool {
			_, ok := x.(*enumSet)
			return ok
		})
	}
}
