package validation

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/errorx"
)

// TestEnumSetExact: an enum decided by set accepts what the library's
// comparison accepts, numbers by exact value (1 == 1.0 == 1e0, -0 == 0,
// twenty digits kept), objects and arrays member by member; the quick
// verdict never says valid where Check does not, and says it of the
// numbers it reads.
func TestEnumSetExact(t *testing.T) {
	strs := make([]string, 12)
	for i := range strs {
		strs[i] = strconv.Quote("s" + strconv.Itoa(i))
	}
	enums := []string{
		`[1,2,3]`, `[1.5]`, `[0]`, `[-0.0]`, `[1e2]`, `[12345678901234567890]`, `[0.1]`, `["1"]`,
		`[null,true]`, `[false]`, `[{"a":1},[1,2]]`, `[1,"a",null,{"a":[1.0]}]`, `[` + strings.Join(strs, ",") + `]`,
		`[123456789012345678901234567890e-30]`, `[1e-400]`,
	}
	values := []string{
		`1`, `1.0`, `1e0`, `10e-1`, `0.1e1`, `100`, `1e2`, `100.00`, `1E+2`, `-0`, `0`, `0.0`, `0e9`, `1.5`, `15e-1`,
		`12345678901234567890`, `1.2345678901234567890e19`, `12345678901234567891`, `0.1`, `1e-1`, `0.10`, `0.11`, `"1"`,
		`null`, `true`, `false`, `{"a":1}`, `{"a":1.0}`, `{"a":[1]}`, `{"a":[1.0]}`, `{"a":1,"b":1}`, `[1,2]`, `[1,2.0]`, `[2,1]`,
		`"a"`, `"x"`, `"s0"`, `"s11"`, `"s12"`, `2`, `-1`, `1e-400`, `10e-401`,
	}
	for _, e := range enums {
		schema := `{"type":"object","properties":{"v":{"enum":` + e + `}}}`
		s, err := CompileSchema([]byte(schema))
		require.NoError(t, err, schema)
		lib := libraryCompile(t, []byte(schema))
		for _, v := range values {
			args := []byte(`{"v":` + v + `}`)
			inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(args))
			require.NoError(t, err)
			want := lib.Validate(inst) == nil
			got := full(s).Check("t", args)
			assert.Equal(t, want, got == nil, "enum %s, value %s: %v", e, v, got)
			if got != nil {
				fs := got.(*errorx.Error).Fields
				if assert.Len(t, fs, 1, "enum %s, value %s", e, v) {
					assert.Equal(t, "oneof", fs[0].Rule, "enum %s, value %s", e, v)
					assert.Equal(t, "v", fs[0].Path)
				}
			}
			if s.quick != nil && s.quick.quickValid(args) {
				assert.True(t, want, "the quick verdict says valid: enum %s, value %s", e, v)
			}
		}
	}
	s, err := CompileSchema([]byte(`{"type":"object","properties":{"v":{"type":"array","items":{"enum":[1,2.5,1e2]}}}}`))
	require.NoError(t, err)
	require.NotNil(t, s.quick)
	args := []byte(`{"v":[1,2.5,100,1.0,25e-1]}`)
	assert.True(t, s.quick.quickValid(args), "the quick verdict reads numbers against an enum")
	assert.Zero(t, testing.AllocsPerRun(20, func() { _ = s.Check("t", args) }))
}

// TestEnumStillFirst: the library checked enum before the other keywords
// of its schema and stopped there; decided by set after them, a value
// not in the enum still reads as the enum's failure alone, wherever the
// enum is (a property, the arguments, a key, beside a $ref, a format).
func TestEnumStillFirst(t *testing.T) {
	for _, c := range []struct {
		schema, args string
		path, rule   string
	}{
		{`{"properties":{"v":{"enum":["a@b.cd","x"],"format":"email","minLength":3}}}`, `{"v":"q"}`, "v", "oneof"},
		{`{"properties":{"v":{"enum":["a@b.cd","x"],"format":"email","minLength":3}}}`, `{"v":"x"}`, "v", "email"},
		{`{"properties":{"v":{"enum":["abcd"],"minLength":3,"pattern":"^a"}}}`, `{"v":"q"}`, "v", "oneof"},
		{`{"properties":{"v":{"type":"object","enum":[{"a":1}],"properties":{"a":{"type":"string"}},"required":["b"]}}}`,
			`{"v":{"a":2}}`, "v", "oneof"},
		{`{"$defs":{"s":{"minLength":3}},"properties":{"v":{"$ref":"#/$defs/s","enum":["a"]}}}`, `{"v":"b"}`, "v", "oneof"},
		{`{"$defs":{"s":{"enum":["a"],"minLength":3}},"properties":{"v":{"$ref":"#/$defs/s"}}}`, `{"v":"b"}`, "v", "oneof"},
		{`{"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"s":{"minLength":3}},
			"properties":{"v":{"$ref":"#/definitions/s","enum":["a"]}}}`, `{"v":"b"}`, "v", "min"}, // before 2019-09, $ref's siblings are ignored
		{`{"properties":{"v":{"propertyNames":{"enum":["a","b"],"minLength":2}}}}`, `{"v":{"c":1}}`, "v.c", "oneof"},
		{`{"type":"object","enum":[{"a":1}],"required":["b"]}`, `{"a":2}`, "", "oneof"},
		{`{"properties":{"v":{"allOf":[{"enum":[1]},{"minimum":5}]}}}`, `{"v":0}`, "v", "oneof"},
	} {
		s, err := CompileSchema([]byte(c.schema))
		require.NoError(t, err, c.schema)
		e := s.Check("t", []byte(c.args))
		require.Error(t, e, "%s with %s", c.schema, c.args)
		fs := e.(*errorx.Error).Fields
		if c.rule == "oneof" && strings.Contains(c.schema, "allOf") {
			require.Len(t, fs, 2, "%s with %s: each subschema's failure", c.schema, c.args)
			assert.Equal(t, "min", fs[1].Rule)
			fs = fs[:1]
		}
		require.Len(t, fs, 1, "%s with %s", c.schema, c.args)
		assert.Equal(t, c.path, fs[0].Path, c.schema)
		assert.Equal(t, c.rule, fs[0].Rule, c.schema)
	}
}
