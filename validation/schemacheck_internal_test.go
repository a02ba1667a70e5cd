package validation

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	isecret "github.com/mcperr/mcperr/internal/secret"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/testsize"
)

// The same answer from both sources: for the structs of the schema
// property test (propertyStructs), a call Bind rejects and the same call
// checked against InputSchema's schema give the same fields where the
// schema can say what the tag says.
//
// How each of Bind's fields compares (schemaAgreement):
//
//   - same: a field of Check at the path equal in every attribute;
//   - renamed: equal but for the rule, gte and lte being written minimum
//     and maximum (min, max for Check), which say the same in the same
//     words;
//   - restated: the schema says it in other words, and Check has a field
//     at the path (or, for a member of a struct or array not sent or sent
//     null, or an item missing from a fixed-size array, at the struct's or
//     array's path) with the same value sent: a tag the zero
//     value fails on a property not sent, or on a pointer sent null
//     (binding decodes null as nil; the schema requires a value, or
//     rejects null: "Required." or "Wrong type." for binding's "Must be
//     'yes'."),
//     gt and lt on strings (minLength
//     and maxLength one off: "Minimum length: 2 characters." for "Must be
//     longer than 1 character."), the range of integers narrower than 64
//     bits and the sign of unsigned ones (overflow for binding, minimum or
//     maximum for the schema), dive,required on strings (minLength 1 on
//     the items: "Too short."), a fixed-size array given too many items
//     (binding's "Too many items." has no Param; the schema pins the
//     length: "Wrong number of items.", "len");
//   - weaker: what the schema leaves out (see InputSchema): the structs
//     whose schema is not exact may reject less; their fields Check does
//     not have are counted, not failed;
//   - artifact: binding's failure of a tag on a list or object whose member
//     had the wrong type, which validator saw as the zero value ([[1],2,0]
//     for []int with unique: binding checks [0,2,0]).
//
// Check may report more than one failure at a path where binding reports
// one: validator stops at a field's first failing tag, the JSON Schema
// library checks every keyword ("ab" for alphanum,len=5 is "Wrong length."
// for binding, that and "Must contain only letters and digits." for
// Check), and below a list whose own tag failed, where validator does not
// dive. Its paths are binding's (or below one), in binding's order.
type agreement struct{ same, renamed, restated, weaker, artifact, extra int }

// TestSchemaCheckAgreesWithBind runs the generator of the property test
// over every struct: 40 objects each by default, 120 in the long run, each
// mutated as there.
func TestSchemaCheckAgreesWithBind(t *testing.T) {
	objects := testsize.N(40, 120)
	var total agreement
	for i, ps := range propertyStructs {
		t.Run(ps.name, func(t *testing.T) {
			opts := []Option{WithValidator(propertyValidator)}
			e := inputSchema(ps.typ, newConfig(opts))
			require.NoError(t, e.err)
			sch, err := CompileSchema(e.raw)
			require.NoError(t, err, "%s", e.raw)
			g := &argGen{r: rand.New(rand.NewPCG(uint64(i), 22)), strs: slices.Clone(baseStrings), nums: slices.Clone(baseNumbers),
				unknown: []string{"extra", "Name", "nam", "tittle", "sku"}}
			tagParams(ps.typ, map[reflect.Type]bool{}, &g.strs, &g.nums)
			var a agreement
			check := func(args map[string]any) {
				raw, err := json.Marshal(args)
				require.NoError(t, err)
				var be *errorx.Error
				if err := propertyValidator.BindJSON("t", raw, reflect.New(ps.typ).Interface(), opts...); err != nil {
					be = isecret.RedactError(err.(*errorx.Error), nil)
				}
				var ce *errorx.Error
				if err := sch.Check("t", raw); err != nil {
					ce = err.(*errorx.Error)
				}
				switch {
				case be == nil && ce != nil:
					t.Fatalf("Bind accepts %s, Check rejects it: %s\nschema %s", raw, fieldsText(ce.Fields), e.raw)
				case ce == nil && be != nil && ps.exact:
					t.Fatalf("Bind rejects %s (%s), Check accepts it\nschema %s", raw, fieldsText(be.Fields), e.raw)
				case be == nil || ce == nil:
					return
				}
				compareFields(t, ps.exact, raw, be, ce, &a)
			}
			for range objects {
				args := g.object(ps.typ, 0)
				check(args)
				for k := range args {
					m := maps(args)
					delete(m, k)
					check(m)
				}
				m := maps(args)
				m[g.pick(g.unknown)] = "x"
				check(m)
			}
			t.Logf("Bind's fields: %d same, %d renamed, %d restated, %d weaker, %d artifacts; %d more of Check at their paths",
				a.same, a.renamed, a.restated, a.weaker, a.artifact, a.extra)
			total.same += a.same
			total.renamed += a.renamed
			total.restated += a.restated
			total.weaker += a.weaker
			total.artifact += a.artifact
			total.extra += a.extra
		})
	}
	n := total.same + total.renamed + total.restated + total.weaker + total.artifact
	t.Logf("all: %d of Bind's fields: %d same, %d renamed, %d restated, %d weaker, %d artifacts; %d more of Check", n,
		total.same, total.renamed, total.restated, total.weaker, total.artifact, total.extra)
	assert.Greater(t, total.same, 2*n/3, "at least two thirds of the fields must be the same, word for word")
}

// compareFields compares the error of Bind (be) with Check's (ce) for the
// arguments raw.
func compareFields(t *testing.T, exact bool, raw []byte, be, ce *errorx.Error, a *agreement) {
	t.Helper()
	fail := func(msg string, f errorx.Field) {
		t.Fatalf("%s: %s\n%s\nBind:  %s\nCheck: %s", raw, msg, fieldText(f), fieldsText(be.Fields), fieldsText(ce.Fields))
	}
	at := map[string][]errorx.Field{}
	var order []string
	for _, f := range ce.Fields {
		if at[f.Path] == nil {
			order = append(order, f.Path)
		}
		at[f.Path] = append(at[f.Path], f)
	}
	var bindOrder, own []string // the paths Bind's fields map to; those that are their own
	for _, f := range be.Fields {
		p := f.Path
		if at[p] == nil && f.Sent == nil {
			// A struct or array not sent or sent null, or a fixed-size
			// array sent short, whose members binding reports: the schema
			// wants the whole.
			for q := p; q != "" && at[p] == nil; {
				q = q[:max(strings.LastIndexByte(q, '.'), 0)]
				if slices.ContainsFunc(at[q], func(c errorx.Field) bool {
					_, list := c.Sent.([]any)
					return c.Sent == nil && (c.Rule == RuleRequired || c.Rule == RuleType) ||
						!f.WasSent && list && (c.Rule == "len" || c.Rule == "min")
				}) {
					p = q
				}
			}
		}
		bindOrder = append(bindOrder, p)
		got := at[p]
		switch {
		case slices.ContainsFunc(got, func(c errorx.Field) bool { return reflect.DeepEqual(c, f) }):
			a.same++
		case slices.ContainsFunc(got, func(c errorx.Field) bool { return renamed(f, c) }):
			a.renamed++
		case p != f.Path || len(got) > 0 && restated(f, got[0]):
			a.restated++
		case !exact:
			a.weaker++
			continue
		case slices.ContainsFunc(be.Fields, func(b errorx.Field) bool {
			return strings.HasPrefix(b.Path, f.Path+".") && (b.Rule == RuleType || b.Rule == RuleOverflow)
		}):
			a.artifact++ // validator saw the zero value a wrong type below left
			continue
		default:
			fail("no field of Check says it", f)
		}
		a.extra += len(got) - 1
		if p == f.Path {
			own = append(own, p)
		}
	}
	if !exact {
		return
	}
	// Check's paths are Bind's, or below one: validator does not dive
	// into a list whose own tag failed (grid.0 too long: binding does not
	// check grid.0.3), the library does.
	var shared []string
	for _, p := range order {
		if !slices.Contains(bindOrder, p) && !slices.ContainsFunc(bindOrder, func(b string) bool { return strings.HasPrefix(p, b+".") }) {
			fail("Check reports a path Bind does not", at[p][0])
		}
		if slices.Contains(own, p) {
			shared = append(shared, p)
		}
	}
	assert.Equal(t, slices.Compact(own), shared, "%s: the paths in Bind's order", raw)
	assert.Equal(t, be.Message, ce.Message, "%s: the summary", raw)
}

// renamed reports whether Check's field c says Bind's f in the same words
// under the rule the schema keeps (min for gte, max for lte).
func renamed(f, c errorx.Field) bool {
	rule, ok := map[string]string{"gte": "min", "lte": "max"}[f.Rule]
	if !ok || c.Rule != rule {
		return false
	}
	c.Rule = f.Rule
	return reflect.DeepEqual(c, f)
}

// restated reports whether Check's field c restates Bind's f (see
// agreement): the same value sent, the rule a restatement of binding's.
func restated(f, c errorx.Field) bool {
	if !reflect.DeepEqual(f.Sent, c.Sent) || f.WasSent != c.WasSent {
		return false
	}
	if f.Sent == nil && (c.Rule == RuleRequired || c.Rule == RuleType) {
		return true // a tag the zero value fails, on nothing or null: the schema wants a value
	}
	switch f.Rule {
	case "gt", "lt":
		return c.Rule == "min" || c.Rule == "max"
	case RuleOverflow:
		return c.Rule == "min" || c.Rule == "max" || c.Rule == RuleOverflow
	case RuleRequired:
		return c.Rule == "min" && f.Hint == "An empty string does not count." // dive,required
	case "max":
		return f.Param == "" && (c.Rule == "max" || c.Rule == "len") // a fixed-size array
	}
	return false
}

func fieldText(f errorx.Field) string {
	b, _ := json.Marshal(f)
	return string(b)
}

func fieldsText(fs []errorx.Field) string {
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = fieldText(f)
	}
	return strings.Join(parts, "\n       ")
}
