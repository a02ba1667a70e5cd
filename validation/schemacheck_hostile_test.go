package validation_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/testsize"
	"github.com/mcperr/mcperr/validation"
)

// Hostile arguments against a compiled schema: the rules binding holds to
// (keys sent twice, nesting past MaxDepth, a bounded error, work linear
// in the arguments' size, time and bytes) hold for Check too.

// TestSchemaDuplicateKeys: a key sent twice in one object, at any depth,
// is rule "duplicate" with the repeated value, and the schema's failures
// at or below it are dropped (neither value is taken).
func TestSchemaDuplicateKeys(t *testing.T) {
	schema := `{"properties":{"email":{"type":"string","format":"email"},"inner":{"properties":{"zip":{"type":"integer"}}},
		"list":{"items":{"properties":{"zip":{"type":"integer"}}}},"meta":{}},"additionalProperties":false}`
	for _, c := range []struct{ args, path string }{
		{`{"email":"x","email":"ada@example.com"}`, "email"},
		{`{"inner":{"zip":"1","zip":"ada@example.com"}}`, "inner.zip"},
		{`{"list":[{},{"zip":1,"zip":"ada@example.com"}]}`, "list.1.zip"},
		{`{"meta":{"x":[{"k":1,"k":"ada@example.com"}]}}`, "meta.x.0.k"},
		{`{"format":"json","format":"ada@example.com"}`, "format"},
		{`{"zzz":1,"zzz":"ada@example.com"}`, "zzz"},
	} {
		fs := schemaFields(t, schema, c.args, validation.WithFormatArgument("format"))
		want := errorx.Field{Path: c.path, Sent: "ada@example.com", WasSent: true, Message: "Sent twice.", Hint: "Send each key once.", Rule: validation.RuleDuplicate}
		if c.path == "zzz" { // and unknown, which is not below it
			require.Len(t, fs, 2, "%s: %s", c.args, fieldJSON(fs))
			assert.Equal(t, validation.RuleUnknown, fs[1].Rule)
			fs = fs[:1]
		}
		assert.Equal(t, []errorx.Field{want}, fs, c.args)
	}
}

// TestSchemaDepth: arguments nested past MaxDepth fail with one field of
// rule "depth" at the first object too deep, whatever the schema says
// there (nothing, or a recursive $ref); at MaxDepth they are checked whole.
func TestSchemaDepth(t *testing.T) {
	recursive := `{"$defs":{"node":{"type":"object","properties":{"child":{"$ref":"#/$defs/node"},"leaf":{"type":"string","format":"email"}},
		"additionalProperties":false}},"$ref":"#/$defs/node"}`
	for _, schema := range []string{`{}`, recursive} {
		for _, levels := range []int{validation.MaxDepth + 1, 6000, 10001} { // past encoding/json's 10,000 too
			fs := schemaFields(t, schema, nested(levels))
			want := strings.Repeat("child.", validation.MaxDepth-1) + "child"
			require.Len(t, fs, 1, "%d levels", levels)
			assert.Equal(t, want, fs[0].Path)
			assert.Equal(t, validation.RuleDepth, fs[0].Rule)
			assert.Equal(t, "Nested too deeply.", fs[0].Message)
			s, _ := fs[0].Sent.(string)
			assert.True(t, strings.HasPrefix(s, "…(truncated, "), "sent %#v", fs[0].Sent)
		}
	}
	fs := schemaFields(t, recursive, nested(validation.MaxDepth))
	require.Len(t, fs, 1)
	assert.Equal(t, strings.Repeat("child.", validation.MaxDepth-1)+"leaf", fs[0].Path)
	assert.Equal(t, "email", fs[0].Rule)
}

// TestSchemaFieldBound: an error keeps at most MaxFields fields, the first
// in order, counts the others under codes.TruncatedKey, and its summary
// still names every argument concerned.
func TestSchemaFieldBound(t *testing.T) {
	schema := `{"properties":{"tags":{"items":{"type":"integer","minimum":10}},"name":{"minLength":3}},"additionalProperties":false}`
	args := `{"tags":[` + repeat(150, func(int) string { return "1" }) + `],"name":"x","zz":1}`
	e := checkSchema(t, schema, args)
	require.NotNil(t, e)
	require.Len(t, e.Fields, validation.MaxFields)
	assert.Equal(t, "tags.0", e.Fields[0].Path)
	assert.Equal(t, "tags.99", e.Fields[validation.MaxFields-1].Path)
	v, ok := e.Details.Get(codes.TruncatedKey)
	assert.True(t, ok)
	assert.Equal(t, "(truncated: 52 more fields)", v)
	assert.Equal(t, "2 arguments of tool are invalid: tags, name; and 1 unknown key was sent.", e.Message)
	_, ok = checkSchema(t, schema, `{"tags":[1]}`).Details.Get(codes.TruncatedKey)
	assert.False(t, ok, "no detail when nothing is cut")
}

// schemaSeries runs a size series of Check: the arguments build(n) and
// build(8n) against schema, both failing, in time and bytes.
func schemaSeries(t *testing.T, what, schema string, n int, build func(n int) string) {
	t.Helper()
	s, err := validation.CompileSchema([]byte(schema))
	require.NoError(t, err)
	run := func(raw []byte) func() {
		return func() {
			if s.Check("t", raw) == nil {
				t.Fatalf("%d bytes of arguments passed", len(raw))
			}
		}
	}
	testsize.Linear(t, what, run([]byte(build(n))), run([]byte(build(8*n))))
}

// TestSchemaLinear: Check's work is linear in the arguments' size however
// many failures they hold (each element failing, unknown keys, map
// entries, keys failing propertyNames, or-groups, keys sent twice, numbers
// too large) and for valid ones too, in time and in bytes allocated.
func TestSchemaLinear(t *testing.T) {
	n := testsize.N(250, 2000)
	for _, c := range []struct {
		what, schema string
		build        func(n int) string
	}{
		{"wrong types", `{"properties":{"tags":{"items":{"type":"integer"}}}}`,
			func(n int) string { return `{"tags":[` + repeat(n, func(int) string { return `"x"` }) + `]}` }},
		{"bounds", `{"properties":{"tags":{"items":{"type":"integer","minimum":10,"multipleOf":3}}}}`, listArgs},
		{"structs", `{"properties":{"items":{"items":{"properties":{"email":{"format":"email"}},"required":["id"]}}}}`, structArgs},
		{"unknown keys", `{"properties":{"email":{}},"additionalProperties":false}`, unknownArgs},
		{"map entries", `{"properties":{"labels":{"additionalProperties":{"type":"integer","minimum":10}}}}`, mapArgs},
		{"keys", `{"properties":{"labels":{"propertyNames":{"minLength":5},"additionalProperties":{"minLength":5}}}}`, keysArgs},
		{"keys in many objects", `{"properties":{"items":{"items":{"propertyNames":{"maxLength":3}}}}}`,
			func(n int) string {
				return `{"items":[` + repeat(n, func(i int) string { return `{"key` + strconv.Itoa(i) + `":1}` }) + `]}`
			}},
		{"or-groups", `{"properties":{"zips":{"items":{"type":"string","anyOf":[{"maxLength":0},{"minLength":5,"maxLength":5}]}}}}`,
			func(n int) string { return `{"zips":[` + repeat(n, func(int) string { return `"123"` }) + `]}` }},
		{"duplicates", `{"properties":{"labels":{"additionalProperties":{"type":"integer"}}}}`,
			func(n int) string {
				return `{"labels":{` + repeat(n, func(i int) string { return `"k` + strconv.Itoa(i%2) + `":1` }) + `}}`
			}},
		{"huge numbers", `{"properties":{"ns":{"items":{"type":"number","exclusiveMinimum":0}}}}`,
			func(n int) string {
				return `{"ns":[` + repeat(n, func(int) string { return `1e999999,-1e-999999` }) + `]}`
			}},
		{"long numbers", `{"properties":{"ns":{"items":{"type":"number","maximum":0.1}}}}`,
			func(n int) string {
				return `{"ns":[` + repeat(n, func(int) string { return "0." + strings.Repeat("7", 1000) }) + `]}`
			}},
		{"unique items", `{"properties":{"ids":{"uniqueItems":true}},"required":["x"]}`,
			func(n int) string {
				return `{"ids":[` + repeat(n, func(i int) string { return `{"id":` + strconv.Itoa(i) + `}` }) + `]}`
			}},
		{"deep lists", `{"properties":{"m":{"items":{"items":{"items":{"items":{"type":"integer"}}}}}}}`,
			func(n int) string { return `{"m":[` + repeat(n, func(int) string { return `[[["x"]]]` }) + `]}` }},
		{"branching recursion", branching,
			func(n int) string {
				return `{"trees":[` + repeat(n/4, func(int) string { return chain(5, `"x"`) }) + `]}`
			}},
	} {
		t.Run(c.what, func(t *testing.T) {
			schemaSeries(t, c.what, c.schema, n, c.build)
		})
	}
}

// TestSchemaLinearDepth: a recursive schema over arguments nested up to
// MaxDepth, many times over, costs time linear in their size.
func TestSchemaLinearDepth(t *testing.T) {
	schema := `{"$defs":{"node":{"type":"object","properties":{"child":{"$ref":"#/$defs/node"},"leaf":{"type":"string","format":"email"}}}},
		"properties":{"trees":{"items":{"$ref":"#/$defs/node"}}}}`
	n := testsize.N(2, 16)
	schemaSeries(t, "deep trees", schema, n, func(n int) string {
		return `{"trees":[` + repeat(n, func(int) string { return nested(validation.MaxDepth - 2) }) + `]}`
	})
}

// branching is a schema that refers to itself through a value and offers
// two alternatives on the way, each reaching further: the library checks a
// value once per alternative at each level.
const branching = `{"$defs":{"node":{"anyOf":[
	{"type":"object","properties":{"c":{"$ref":"#/$defs/node"}},"required":["y"]},
	{"type":"object","properties":{"c":{"$ref":"#/$defs/node"},"x":{"type":"integer"}}}]}},
	"properties":{"trees":{"items":{"$ref":"#/$defs/node"}}}}`

// chain is levels objects nested under "c", the innermost holding x.
func chain(levels int, x string) string {
	return strings.Repeat(`{"c":`, levels-1) + `{"x":` + x + `}` + strings.Repeat("}", levels-1)
}

// TestSchemaBranchingRecursion: arguments whose nesting would make the
// library's work explode against such a schema (18 levels took 4 s, each
// level doubling it) are refused at once, with one field of rule depth;
// moderately nested ones are checked.
func TestSchemaBranchingRecursion(t *testing.T) {
	start := time.Now()
	e := checkSchema(t, branching, `{"trees":[`+chain(60, `"x"`)+`]}`)
	require.NotNil(t, e)
	assert.Less(t, time.Since(start), 2*time.Second)
	require.Len(t, e.Fields, 1)
	assert.Equal(t, "", e.Fields[0].Path)
	assert.Equal(t, validation.RuleDepth, e.Fields[0].Rule)
	assert.Equal(t, "Nested too deeply.", e.Fields[0].Message)

	fs := schemaFields(t, branching, `{"trees":[`+chain(8, `"x"`)+`]}`)
	require.Len(t, fs, 1)
	assert.Equal(t, "trees.0", fs[0].Path)
	assert.Equal(t, "anyOf", fs[0].Rule)
	assert.Nil(t, checkSchema(t, branching, `{"trees":[`+chain(8, `1`)+`]}`))
}

// TestSchemaFormatsBounded: every format and content keyword Check
// asserts costs time linear in the strings sent (n against 8n) and at
// most 64 bytes allocated per byte sent at both sizes, whether one long
// string fails or many short ones do. Format "regex" and contentSchema are not
// asserted: Go's regexp compiled the caller's string (16 KiB of x{1000}
// allocated 559 MiB, 36,000 bytes per byte sent), and contentSchema
// checked the JSON inside a string outside every bound of the arguments
// (731 bytes of 1e-99999 in it: 127 ms, 25 MiB).
func TestSchemaFormatsBounded(t *testing.T) {
	n := testsize.N(1024, 16384)
	for _, c := range []struct {
		keyword string // format, or a content keyword with its value
		units   []string
	}{
		{"email", []string{"a.", "a@", "@[1.", "xn--"}},
		{"hostname", []string{"a.", "a-", "xn--a."}},
		{"idn-hostname", []string{"é.", "xn--a."}},
		{"uri", []string{"%41", "a:", "/a", "?a=b&", "[::1]"}},
		{"iri", []string{"é"}},
		{"uri-reference", []string{"/../"}},
		{"iri-reference", []string{"é/"}},
		{"uri-template", []string{"{a}", "{", "{+a,b*}"}},
		{"date-time", []string{"2020-01-01T00:00:00Z", "1"}},
		{"date", []string{"2020-01-01"}},
		{"time", []string{"00:00:00.1"}},
		{"duration", []string{"P1Y", "PT1S"}},
		{"period", []string{"P1Y/", "2020-01-01T00:00:00Z/"}},
		{"ipv4", []string{"1.", "255"}},
		{"ipv6", []string{"::", "1:", "%eth0"}},
		{"json-pointer", []string{"/~0", "/a", "~"}},
		{"relative-json-pointer", []string{"0/a", "1#"}},
		{"uuid", []string{"0-"}},
		{"semver", []string{"1.2.3-a.", "+a.", "1."}},
		{"regex", []string{`x{1000}`, `\\pL`, `x{2,1000}?`, `(?:(?:a{10}){10}){10}`}},
		{`"contentEncoding":"base64","x":"`, []string{"QUJD", "!!"}},
		{`"contentMediaType":"application/json","x":"`, []string{"[", "[1e-99999,"}},
		{`"contentMediaType":"application/json","contentSchema":{"items":{"minimum":1}},"x":"`, []string{"1e-99999,"}},
	} {
		keyword := `"format":"` + c.keyword
		if strings.HasPrefix(c.keyword, `"`) {
			keyword = c.keyword
		}
		schema := `{"properties":{"v":{"type":"array","items":{"type":"string",` + keyword + `"}},"s":{"type":"string",` + keyword + `"}}}`
		s, err := validation.CompileSchema([]byte(schema))
		require.NoError(t, err, schema)
		var open, close string // around the units repeated
		if strings.Contains(c.keyword, "contentSchema") {
			open, close = "[", "1]" // JSON, for contentSchema to check
		}
		for i, u := range c.units {
			one := func(n int) []byte { return []byte(`{"s":"` + open + strings.Repeat(u, n/len(u)) + close + `"}`) }
			many := func(n int) []byte {
				return []byte(`{"v":[` + repeat(n/64, func(int) string { return `"` + open + strings.Repeat(u, 64/len(u)) + close + `"` }) + `]}`)
			}
			for _, args := range []func(int) []byte{one, many} {
				small, large := args(n), args(8*n)
				what := c.keyword + " " + u + " " + string(large[:5])
				if i == 0 || testsize.Long() {
					r := testsize.Ratio(func() { _ = s.Check("t", small) }, func() { _ = s.Check("t", large) })
					assert.Less(t, r, float64(testsize.MaxRatio), "%s: 8 times the input costs %.1f times the time", what, r)
				}
				// Bytes: bounded per byte at n and 8n (the JSON inside a
				// string is decoded by encoding/json, whose 8n-to-n ratio
				// steps past 10 while it stays at 6 to 12 bytes per byte).
				for _, a := range [][]byte{small, large} {
					perByte := float64(testsize.Allocated(func() { _ = s.Check("t", a) })) / float64(len(a))
					assert.LessOrEqual(t, perByte, 64.0, "%s: bytes allocated per byte sent", what)
				}
			}
		}
	}
	assert.Nil(t, checkSchema(t, `{"properties":{"p":{"type":"string","format":"regex"}}}`, `{"p":"(?=a)("}`), "regex is an annotation")
}

// enumSchema is an array of integers each one of values 1…size.
func enumSchema(size int) string {
	return `{"type":"object","properties":{"v":{"type":"array","items":{"type":"integer","enum":[` +
		repeat(size, func(i int) string { return strconv.Itoa(i + 1) }) + `]}}}}`
}

// TestSchemaEnumBySet: checking a value against an enum costs the same
// whatever the enum's size, failing or not: the library compared each
// item with each option (numbers through text and two big.Rat each), so
// 64 KiB of items against 16 numbers took 541 ms and 102 MiB (1,632 bytes
// allocated per byte sent) and 800 items against 10,000 numbers over 20 s.
func TestSchemaEnumBySet(t *testing.T) {
	items := testsize.N(800, 6400)
	for _, item := range []string{"20000", "7"} { // failing, valid
		args := []byte(`{"v":[` + repeat(items, func(int) string { return item }) + `]}`)
		run := func(size int) func() {
			s, err := validation.CompileSchema([]byte(enumSchema(size)))
			require.NoError(t, err)
			return func() { _ = s.Check("t", args) }
		}
		small, large := run(16), run(10000)
		r := testsize.Ratio(small, large)
		t.Logf("item %s: an enum of 10,000 costs %.1f× the time of one of 16", item, r)
		assert.Less(t, r, 4.0, "item %s: the time grows with the enum's size", item)
		perByte := float64(testsize.Allocated(large)) / float64(len(args))
		t.Logf("item %s: %.0f bytes allocated per byte sent", item, perByte)
		assert.Less(t, perByte, 400.0, "item %s", item)
	}
	schemaSeries(t, "numeric enum", enumSchema(16), testsize.N(3000, 24000), func(n int) string {
		return `{"v":[` + repeat(n/3, func(int) string { return "99" }) + `]}`
	})
}

// sharedAlternatives is k $defs, each a combinator (anyOf, oneOf, allOf)
// of two references to the next, the last a string: the library
// evaluates a value 2^k times against it.
func sharedAlternatives(comb string, k int) string {
	var b strings.Builder
	b.WriteString(`{"$defs":{`)
	for i := range k {
		next := `{"$ref":"#/$defs/d` + strconv.Itoa(i+1) + `"}`
		b.WriteString(`"d` + strconv.Itoa(i) + `":{"` + comb + `":[` + next + `,` + next + `]},`)
	}
	b.WriteString(`"d` + strconv.Itoa(k) + `":{"type":"string"}},"properties":{"v":{"$ref":"#/$defs/d0"}}}`)
	return b.String()
}

// TestSchemaSharedAlternatives: a schema that reaches a value many times
// over through shared subschemas (not referring to itself) gets the
// budget of evaluations a recursive one gets: past it, the call is
// refused with one field of rule "cost" at the top, without evaluating
// (a 10-byte call took, at k=16, 279 ms and 93 MiB; at k=20 4.2 s and 1.5
// GB; past 20 s at k=24). Below the budget, it is checked.
func TestSchemaSharedAlternatives(t *testing.T) {
	for _, comb := range []string{"anyOf", "oneOf", "allOf"} {
		for _, k := range []int{16, 20, 24, 40} {
			s, err := validation.CompileSchema([]byte(sharedAlternatives(comb, k)))
			require.NoError(t, err)
			var e error
			bytes := testsize.Allocated(func() { e = s.Check("t", []byte(`{"v":1}`)) })
			assert.Less(t, bytes, uint64(256<<10), "%s, k=%d: bytes allocated", comb, k)
			fs := e.(*errorx.Error).Fields
			require.Len(t, fs, 1, "%s, k=%d", comb, k)
			assert.Equal(t, "", fs[0].Path)
			assert.Equal(t, "cost", fs[0].Rule)
			assert.Equal(t, "Too costly to check.", fs[0].Message)
		}
		fs := schemaFields(t, sharedAlternatives(comb, 4), `{"v":1}`)
		require.NotEmpty(t, fs, "%s, k=4: checked", comb)
		assert.Equal(t, "v", fs[0].Path, comb)
		if comb != "oneOf" { // two equal alternatives: a value matches both or neither
			assert.Nil(t, checkSchema(t, sharedAlternatives(comb, 4), `{"v":"x"}`), comb)
		}
	}
	schemaSeries(t, "shared alternatives", sharedAlternatives("anyOf", 6), testsize.N(250, 2000), func(n int) string {
		return `{"v":[` + repeat(n, func(int) string { return "1" }) + `]}`
	})
}

// TestCompileSchemaBounds: a schema nested more than 64 levels deep (in
// JSON objects and arrays) or holding more than 4,096 objects is not
// compiled (ErrSchema): the library's compile costs time and memory cubic
// in the nesting (500 levels of properties: 0.7 s and 1.1 GB) and time
// quadratic in the subschemas (8,000 properties: 0.9 s). At the bounds it
// compiles in bounded work.
func TestCompileSchemaBounds(t *testing.T) {
	props := func(levels int) string {
		return strings.Repeat(`{"properties":{"a":`, levels) + `{}` + strings.Repeat(`}}`, levels)
	}
	wide := func(n int) string {
		return `{"properties":{` + repeat(n, func(i int) string { return `"p` + strconv.Itoa(i) + `":{}` }) + `}}`
	}
	for _, c := range []struct {
		schema, err string
	}{
		{props(32), "nested more than 64 levels deep"},
		{props(500), "nested more than 64 levels deep"},
		{strings.Repeat(`{"anyOf":[`, 33) + `{}` + strings.Repeat(`]}`, 33), "nested more than 64 levels deep"},
		{wide(4096), "holds more than 4096 objects"},
		{`{"enum":[` + repeat(5000, func(int) string { return `{}` }) + `]}`, "holds more than 4096 objects"},
	} {
		var err error
		bytes := testsize.Allocated(func() { _, err = validation.CompileSchema([]byte(c.schema)) })
		require.ErrorIs(t, err, validation.ErrSchema)
		assert.Contains(t, err.Error(), c.err)
		assert.Less(t, bytes, uint64(1<<20), "refusing costs little")
	}
	chains := `{"properties":{` + repeat(64, func(i int) string { return `"p` + strconv.Itoa(i) + `":` + props(30) }) + `}}`
	for _, schema := range []string{props(31), wide(4094), chains, `{"properties":{"s":{"type":"string","pattern":"\\{\\[\\{"}}}`} {
		var err error
		bytes := testsize.Allocated(func() { _, err = validation.CompileSchema([]byte(schema)) })
		require.NoError(t, err)
		assert.Less(t, bytes, uint64(128<<20), "compiling at the bounds")
		t.Logf("%d bytes of schema: %d bytes allocated to compile", len(schema), bytes)
	}
}
