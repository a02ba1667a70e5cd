package validation

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/testsize"
)

// jsGen generates JSON Schemas from the keywords Check translates,
// and arguments near them: values the schema names (enum, const, bounds,
// property names), then mutated.
type jsGen struct {
	r     *rand.Rand
	noRef bool     // generating $defs: no $ref to them
	nums  []string // the numbers to pick from; genNumbers when nil
}

var (
	genNames    = []string{"a", "b", "name", "email", "tags", "x1", "zz"}
	genStrings  = []string{"", "a", "ab", "abc", "abcde", "admin", "user@example.com", "2024-01-02", "2024-01-02T03:04:05Z", "x.go", "cus_1", "9c5b94b1-35ad-49bb-b118-8e8fc24abf80", "1.2.3.4", "héllo", "A-1"}
	genNumbers  = []string{"0", "1", "-1", "2", "2.5", "3", "5", "10", "99", "100", "1e2", "-0", "0.5"}
	genPatterns = []string{"^[a-zA-Z]+$", "^[a-zA-Z0-9]+$", "^cus_", `\.go$`, "b", "^[a-z]+-[0-9]+$"}
	genFormats  = []string{"email", "date", "date-time", "uuid", "ipv4", "hostname", "uri", "duration"}
)

func (g *jsGen) pick(s []string) string { return s[g.r.IntN(len(s))] }

func (g *jsGen) num() json.Number {
	if g.nums != nil {
		return json.Number(g.pick(g.nums))
	}
	return json.Number(g.pick(genNumbers))
}

// schema returns a random schema as a map; level bounds the nesting.
func (g *jsGen) schema(level int) map[string]any {
	s := map[string]any{}
	kinds := []string{"string", "number", "integer", "boolean", "object", "array"}
	if level >= 3 {
		kinds = kinds[:4]
	}
	t := kinds[g.r.IntN(len(kinds))]
	switch g.r.IntN(6) {
	case 0: // no type
	case 1:
		s["type"] = []any{t, "null"}
	default:
		s["type"] = t
	}
	switch t {
	case "string":
		g.maybe(s, "minLength", func() any { return g.r.IntN(4) })
		g.maybe(s, "maxLength", func() any { return 2 + g.r.IntN(4) })
		g.maybe(s, "pattern", func() any { return g.pick(genPatterns) })
		g.maybe(s, "format", func() any { return g.pick(genFormats) })
		g.maybe(s, "enum", func() any { return []any{g.pick(genStrings), g.pick(genStrings), "admin"} })
		g.maybe(s, "const", func() any { return g.pick(genStrings) })
		g.maybe(s, "not", func() any { return map[string]any{"const": g.pick(genStrings)} })
	case "number", "integer":
		for _, k := range []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"} {
			g.maybe(s, k, func() any { return g.num() })
		}
		g.maybe(s, "multipleOf", func() any { return json.Number(g.pick([]string{"0.5", "2", "3"})) })
		g.maybe(s, "enum", func() any { return []any{g.num(), g.num()} })
		g.maybe(s, "not", func() any { return map[string]any{"type": "number", "const": g.num()} })
	case "boolean":
		g.maybe(s, "const", func() any { return g.r.IntN(2) == 0 })
	case "object":
		props := map[string]any{}
		var names []any
		for range 1 + g.r.IntN(3) {
			n := g.pick(genNames)
			if _, dup := props[n]; dup {
				continue
			}
			props[n] = g.schema(level + 1)
			if g.r.IntN(2) == 0 {
				names = append(names, n)
			}
		}
		s["properties"] = props
		if names != nil {
			s["required"] = names
		}
		switch g.r.IntN(4) {
		case 0:
			s["additionalProperties"] = false
		case 1:
			s["additionalProperties"] = map[string]any{"type": "integer"}
		case 2:
			s["additionalProperties"] = map[string]any{"not": map[string]any{}}
		}
		g.maybe(s, "minProperties", func() any { return 1 + g.r.IntN(2) })
		g.maybe(s, "maxProperties", func() any { return 1 + g.r.IntN(3) })
		g.maybe(s, "propertyNames", func() any { return map[string]any{"maxLength": 3} })
		g.maybe(s, "dependentRequired", func() any { return map[string]any{g.pick(genNames): []any{g.pick(genNames)}} })
	case "array":
		if g.r.IntN(3) == 0 {
			s["prefixItems"] = []any{g.schema(level + 1), g.schema(level + 1)}
			if g.r.IntN(2) == 0 {
				s["items"] = false
			}
		} else {
			s["items"] = g.schema(level + 1)
		}
		g.maybe(s, "minItems", func() any { return g.r.IntN(3) })
		g.maybe(s, "maxItems", func() any { return 1 + g.r.IntN(3) })
		g.maybe(s, "uniqueItems", func() any { return true })
	}
	if level < 3 && g.r.IntN(8) == 0 {
		s["anyOf"] = []any{g.schema(level + 1), g.schema(level + 1)}
	}
	if level < 3 && g.r.IntN(12) == 0 {
		s["oneOf"] = []any{g.schema(level + 1), g.schema(level + 1)}
	}
	if level < 3 && g.r.IntN(12) == 0 {
		s["allOf"] = []any{g.schema(level + 1)}
	}
	if level > 0 && !g.noRef && g.r.IntN(15) == 0 {
		return map[string]any{"$ref": "#/$defs/shared"}
	}
	return s
}

func (g *jsGen) maybe(s map[string]any, k string, v func() any) {
	if g.r.IntN(4) == 0 {
		s[k] = v()
	}
}

// value returns a value for schema s (or, now and then, any value).
func (g *jsGen) value(s map[string]any, defs map[string]any, level int) any {
	if ref, ok := s["$ref"]; ok && ref == "#/$defs/shared" {
		s = defs
	}
	if g.r.IntN(10) == 0 || level > 5 {
		return g.any()
	}
	for _, k := range []string{"enum", "const"} {
		if v, ok := s[k]; ok && g.r.IntN(2) == 0 {
			if list, ok := v.([]any); ok {
				return list[g.r.IntN(len(list))]
			}
			return v
		}
	}
	t, _ := s["type"].(string)
	if ts, ok := s["type"].([]any); ok {
		t = ts[0].(string)
	}
	switch t {
	case "string":
		return g.pick(genStrings)
	case "number", "integer":
		return g.num()
	case "boolean":
		return g.r.IntN(2) == 0
	case "object":
		out := map[string]any{}
		props, _ := s["properties"].(map[string]any)
		for n, p := range props {
			if g.r.IntN(4) > 0 {
				out[n] = g.value(p.(map[string]any), defs, level+1)
			}
		}
		if g.r.IntN(4) == 0 {
			out[g.pick(genNames)+g.pick([]string{"", "x", "e"})] = g.any()
		}
		return out
	case "array":
		out := []any{}
		items, _ := s["items"].(map[string]any)
		prefix, _ := s["prefixItems"].([]any)
		for i := range g.r.IntN(5) {
			switch {
			case i < len(prefix):
				out = append(out, g.value(prefix[i].(map[string]any), defs, level+1))
			case items != nil:
				out = append(out, g.value(items, defs, level+1))
			default:
				out = append(out, g.any())
			}
		}
		return out
	}
	return g.any()
}

func (g *jsGen) any() any {
	switch g.r.IntN(7) {
	case 0:
		return g.pick(genStrings)
	case 1:
		return g.num()
	case 2:
		return g.r.IntN(2) == 0
	case 3:
		return nil
	case 4:
		return []any{g.num(), g.pick(genStrings)}
	case 5:
		return map[string]any{g.pick(genNames): g.num()}
	}
	return map[string]any{}
}

// TestSchemaCheckAgreesWithLibrary is the property test of Check: for
// generated schemas and arguments, Check and the JSON Schema library
// (compiled as Check compiles it) agree on valid and invalid; every
// failure the library reports has a field at its path or above it (a
// wrong type or an anyOf said once), unless the error is cut at
// MaxFields; and every field stands for a failure at its path or below
// it. 300 schemas with 20 arguments each by default, 3000 in the long run.
func TestSchemaCheckAgreesWithLibrary(t *testing.T) {
	schemas := testsize.N(300, 3000)
	g := &jsGen{r: rand.New(rand.NewPCG(22, 1))}
	var valid, invalid int
	for i := range schemas {
		root := g.schema(1)
		root["type"] = "object"
		if _, ok := root["properties"]; !ok {
			root["properties"] = map[string]any{"a": g.schema(2)}
		}
		g.noRef = true
		defs := g.schema(2)
		g.noRef = false
		root["$defs"] = map[string]any{"shared": defs}
		raw, err := json.Marshal(root)
		require.NoError(t, err)
		s, err := CompileSchema(raw)
		require.NoError(t, err, "schema %d: %s", i, raw)
		lib := libraryCompile(t, raw)
		for range 20 {
			v := g.value(root, defs, 0)
			if v == nil {
				v = map[string]any{} // Check reads null arguments as {}, as Bind does
			}
			args, err := json.Marshal(v)
			require.NoError(t, err)
			inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(args))
			require.NoError(t, err)
			lerr := lib.Validate(inst)
			cerr := s.Check("t", args)
			if (lerr == nil) != (cerr == nil) {
				t.Fatalf("schema %s\nargs %s\nlibrary: %v\nCheck: %v", raw, args, lerr, cerr)
			}
			if lerr == nil {
				valid++
				continue
			}
			invalid++
			e := cerr.(*errorx.Error)
			var failures []failure
			flatten(lerr.(*jsonschema.ValidationError), &failures)
			_, cut := e.Details.Get(codes.TruncatedKey)
			for _, fl := range failures {
				if fl.loc == nil || cut {
					continue // a key failing propertyNames: the library does not say which object holds it
				}
				p := fl.path()
				if !slices.ContainsFunc(e.Fields, func(f errorx.Field) bool { return under(p, f.Path) || fl.above && under(f.Path, p) }) {
					t.Fatalf("schema %s\nargs %s\nthe failure at %q has no field\nlibrary: %v\nfields: %s", raw, args, p, lerr, fieldsText(e.Fields))
				}
			}
			for _, f := range e.Fields {
				if strings.HasPrefix(f.Message, "Invalid key. ") {
					continue
				}
				if !slices.ContainsFunc(failures, func(fl failure) bool {
					return fl.loc != nil && (under(fl.path(), f.Path) || fl.above && under(f.Path, fl.path()))
				}) {
					t.Fatalf("schema %s\nargs %s\nthe field %s stands for no failure\nlibrary: %v", raw, args, fieldText(f), lerr)
				}
			}
		}
	}
	t.Logf("%d valid, %d invalid arguments", valid, invalid)
	require.Greater(t, valid, schemas, "the generator must reach valid arguments")
	require.Greater(t, invalid, schemas, "and invalid ones")
}

// libraryCompile compiles raw as Check does.
func libraryCompile(t *testing.T, raw []byte) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	require.NoError(t, err)
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	c.AssertContent()
	require.NoError(t, c.AddResource("mem://s.json", doc))
	s, err := c.Compile("mem://s.json")
	require.NoError(t, err)
	return s
}

// failure is where the library reports a failure, as Check reads it.
type failure struct {
	loc   []string // nil for a key failing propertyNames
	above bool     // an anyOf or oneOf: its one alternative's failures may stand for it
}

func (f failure) path() string { return strings.Join(f.loc, ".") }

// flatten lists e's failures: through groups, references and allOf; an
// anyOf or oneOf as one failure; one per missing or unknown property.
func flatten(e *jsonschema.ValidationError, out *[]failure) {
	loc := slices.Clone(e.InstanceLocation)
	if loc == nil {
		loc = []string{}
	}
	switch k := e.ErrorKind.(type) {
	case *kind.Schema, *kind.Group, *kind.Reference, *kind.AllOf:
		for _, c := range e.Causes {
			flatten(c, out)
		}
	case *kind.AnyOf, *kind.OneOf:
		*out = append(*out, failure{loc: loc, above: true})
	case *kind.PropertyNames:
		*out = append(*out, failure{})
	case *kind.Required:
		for _, n := range k.Missing {
			*out = append(*out, failure{loc: append(slices.Clone(loc), n)})
		}
	case *kind.DependentRequired:
		for _, n := range k.Missing {
			*out = append(*out, failure{loc: append(slices.Clone(loc), n)})
		}
	case *kind.AdditionalProperties:
		for _, n := range k.Properties {
			*out = append(*out, failure{loc: append(slices.Clone(loc), n)})
		}
	default:
		*out = append(*out, failure{loc: loc})
	}
}

// under reports whether path p is q or below it ("" is above all).
func under(p, q string) bool { return p == q || q == "" || strings.HasPrefix(p, q+".") }
