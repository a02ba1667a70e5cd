package validation

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/internal/testsize"
)

// full returns s without its quick verdict: Check as the library and the
// translation decide it.
func full(s *Schema) *Schema {
	c := *s
	c.quick = nil
	return &c
}

// TestQuickCases: what the quick verdict decides, and what it leaves to
// the full check, case by case.
func TestQuickCases(t *testing.T) {
	schema := `{"type":"object","properties":{
		"q":{"type":"string","minLength":1,"maxLength":5},
		"mode":{"type":"string","enum":["web","news"]},
		"n":{"type":"integer","minimum":1,"maximum":50},
		"x":{"type":"number","exclusiveMinimum":0.1,"maximum":0.3},
		"mail":{"type":"string","format":"email"},
		"code":{"type":"string","pattern":"^cus_"},
		"tags":{"type":"array","items":{"type":"string"},"maxItems":2},
		"opt":{"type":["string","null"]},
		"on":{"const":true},
		"e":{"enum":["a",true]},
		"free":{}
	},"required":["q"],"additionalProperties":false}`
	s, err := CompileSchema([]byte(schema))
	require.NoError(t, err)
	require.NotNil(t, s.quick)
	for _, c := range []struct {
		args  string
		quick bool // the quick verdict says valid
	}{
		{`{"q":"go"}`, true},
		{` {"q":"go"} `, true},
		{`{"q":"héllo"}`, true},                 // 5 characters, 6 bytes
		{`{"q":"h\u00e9llo"}`, true},            // the same, escaped
		{`{"q":"go","mode":"web","n":1}`, true}, // at the bound, exactly
		{`{"q":"go","n":50}`, true},
		{`{"q":"go","n":51}`, false},
		{`{"q":"go","n":1.0}`, false}, // an integer the library reads exactly: left to it
		{`{"q":"go","n":1e1}`, false},
		{`{"q":"go","x":0.2}`, true},
		{`{"q":"go","x":0.1}`, false}, // the float of the bound: rounding decides
		{`{"q":"go","x":0.3}`, false},
		{`{"q":"go","x":0.30000000000000001}`, false},
		{`{"q":"go","mail":"ada@example.com"}`, true},
		{`{"q":"go","mail":"ada"}`, false},
		{`{"q":"go","code":"cus_1"}`, true},
		{`{"q":"go","code":"1"}`, false},
		{`{"q":"go","tags":["a","b"]}`, true},
		{`{"q":"go","tags":["a","b","c"]}`, false},
		{`{"q":"go","opt":null}`, true},
		{`{"q":"go","free":{"a":[1,{"b":null}],"c":"d"}}`, true},
		{`{"q":"go","free":{"a":1,"a":2}}`, false}, // sent twice, deep down
		{`{"q":"go","free":1e999}`, false},         // beyond float64
		{`{"q":"go","free":` + strings.Repeat("[", MaxDepth-1) + strings.Repeat("]", MaxDepth-1) + `}`, true},
		{`{"q":"go","free":` + strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth) + `}`, false},
		{`{"q":"go","mode":null}`, false},
		{`{"q":"go","on":true}`, true},
		{`{"q":"go","on":false}`, false},
		{`{"q":"go","e":true}`, true},
		{`{"q":"go","e":null}`, false},
		{`{"q":"go","e":"b"}`, false},
		{`{"q":""}`, false},
		{`{"q":"toolong"}`, false},
		{`{}`, false},
		{``, false},
		{`null`, false},
		{`{"q":"go","q":"go"}`, false},
		{`{"q":"go","extra":1}`, false},
		{`{"q":"go","mode":"images"}`, false},
		{`{"q":"go","mode":1}`, false},
		{`[1]`, false},
		{`{"q":"go"`, false},
		{`{"q":"go"}x`, false},
		{`{"q":"go",}`, false},
		{`{"q":"go" "mode":"web"}`, false},
		{`{"q" "go"}`, false},
		{`{"q":"go","free":[1,]}`, false},
		{`{"q":"go","free":[,1]}`, false},
		{`{"q":"go","free":tru}`, false},
		{`{"q":"go","free":01}`, false},
		{`{"q":"go","free":1.}`, false},
		{`{"q":"go","free":-}`, false},
		{"{\"q\":\"g\x01\"}", false},
		{`{"q":"\q"}`, false},
		{`{"q":"\u00zz"}`, false},
		{`{"q":"a\nb"}`, true},
		{`{"q":"go","free":[]}`, true},
		{`{"q":"go","free":{}}`, true},
		{`{"q":"go","free":-0.5e+3}`, true},
	} {
		got := s.quick.quickValid([]byte(strings.TrimSpace(c.args)))
		assert.Equal(t, c.quick, got, c.args)
		if got {
			assert.NoError(t, full(s).Check("t", []byte(c.args)), c.args)
		}
		assert.Equal(t, full(s).Check("t", []byte(c.args)) == nil, s.Check("t", []byte(c.args)) == nil, c.args)
	}
}

// TestQuickReads: the keywords the quick verdict reads, and those it
// leaves to the full check: a call that reaches a schema it does not read
// is the full check's; the rest of the schema keeps its quick verdict.
func TestQuickReads(t *testing.T) {
	for _, c := range []struct {
		schema string
		args   string
		quick  bool
	}{
		{`{"type":"object"}`, `{"a":1}`, true},
		{`{"type":"object","properties":{"a":{"$ref":"#/$defs/a"}},"$defs":{"a":{"type":"string"}}}`, `{"a":"x"}`, true},
		{`{"type":"object","properties":{"a":{"type":"string","format":"password","writeOnly":true}}}`, `{"a":"x"}`, true},
		{`{"type":"object","properties":{"a":{"anyOf":[{"type":"string"},{"type":"null"}]},"b":{}}}`, `{"b":1}`, true},
		{`{"type":"object","properties":{"a":{"anyOf":[{"type":"string"},{"type":"null"}]},"b":{}}}`, `{"a":"x"}`, false},
		{`{"type":"object","properties":{"a":{"uniqueItems":true}}}`, `{"a":[1]}`, false},
		{`{"type":"object","properties":{"a":{"multipleOf":2}}}`, `{"a":2}`, false},
		{`{"type":"object","properties":{"a":{"enum":[1,2]}}}`, `{"a":1.0}`, true},                           // by value
		{`{"type":"object","properties":{"a":{"type":"string","format":"regex"}}}`, `{"a":"x{1000}"}`, true}, // an annotation
		{`{"type":"object","required":["a"]}`, `{"a":1}`, false},
		{`{"type":"object","properties":{"n":{"$ref":"#"}}}`, `{}`, false},
		{`{"type":"object","propertyNames":{"maxLength":3}}`, `{}`, false},
	} {
		s, err := CompileSchema([]byte(c.schema))
		require.NoError(t, err, c.schema)
		got := s.quick != nil && s.quick.quickValid([]byte(c.args))
		assert.Equal(t, c.quick, got, "%s with %s", c.schema, c.args)
		assert.NoError(t, s.Check("t", []byte(c.args)), "%s with %s", c.schema, c.args)
	}
}

// TestQuickAgreesWithCheck is the property test of the quick verdict: for
// generated schemas (the keywords it reads, and the others) and arguments
// (near the schema's values and bounds, with keys sent twice, escapes and
// long numbers mixed in), whenever it says valid, Check without it returns
// nil. It must also decide most valid arguments of the schemas it reads.
// Check with it (and the report of failing calls) and without it return
// the same error.
func TestQuickAgreesWithCheck(t *testing.T) {
	schemas := testsize.N(300, 3000)
	g := &jsGen{r: rand.New(rand.NewPCG(22, 7)), nums: quickNumbers}
	var quick, validReadable int
	for i := range schemas {
		root := g.quickSchema(1)
		root["type"] = "object"
		raw, err := json.Marshal(root)
		require.NoError(t, err)
		s, err := CompileSchema(raw)
		require.NoError(t, err, "schema %d: %s", i, raw)
		f := full(s)
		for range 20 {
			v := g.value(root, nil, 0)
			if v == nil {
				v = map[string]any{}
			}
			args, err := json.Marshal(v)
			require.NoError(t, err)
			args = g.mutate(args)
			if g.r.IntN(6) == 0 {
				args = g.garble(args)
			}
			checked := f.Check("t", args)
			require.Equal(t, checked, s.Check("t", args), "schema %s\nargs %s: the report and the library differ", raw, args)
			want := checked == nil
			got := s.quick != nil && s.quick.quickValid(args)
			if txt := strings.TrimSpace(string(args)); got && (!want || txt != "" && txt != "null" && !json.Valid(args)) {
				t.Fatalf("schema %s\nargs %s\nthe quick verdict says valid, Check: %v", raw, args, f.Check("t", args))
			}
			if got {
				quick++
			}
			if want && s.quick != nil {
				validReadable++
			}
		}
	}
	t.Logf("the quick verdict decided %d of %d valid arguments of schemas it reads", quick, validReadable)
	require.Greater(t, validReadable, schemas, "the generator must reach valid arguments")
	require.Greater(t, quick*10, validReadable*8, "the quick verdict must decide most of them")
}

// quickSchema returns a random schema of the keywords the quick verdict
// reads, with one it does not now and then.
func (g *jsGen) quickSchema(level int) map[string]any {
	s := map[string]any{}
	kinds := []string{"string", "number", "integer", "boolean", "object", "array"}
	if level >= 3 {
		kinds = kinds[:4]
	}
	t := kinds[g.r.IntN(len(kinds))]
	switch g.r.IntN(6) {
	case 0:
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
		if g.r.IntN(3) == 0 {
			s["enum"] = []any{g.pick(genStrings), g.pick(genStrings), "admin"}
		} else {
			g.maybe(s, "const", func() any { return g.pick(genStrings) })
		}
	case "number", "integer":
		for _, k := range []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"} {
			g.maybe(s, k, func() any { return g.num() })
		}
		if g.r.IntN(10) == 0 {
			s["multipleOf"] = json.Number("2")
		}
	case "boolean":
		g.maybe(s, "const", func() any { return g.r.IntN(2) == 0 })
	case "object":
		props := map[string]any{}
		var names []any
		for range 1 + g.r.IntN(4) {
			n := g.pick(genNames)
			if _, dup := props[n]; dup {
				continue
			}
			props[n] = g.quickSchema(level + 1)
			if g.r.IntN(2) == 0 {
				names = append(names, n)
			}
		}
		s["properties"] = props
		if names != nil {
			s["required"] = names
		}
		switch g.r.IntN(3) {
		case 0:
			s["additionalProperties"] = false
		case 1:
			s["additionalProperties"] = map[string]any{"type": "integer"}
		}
		g.maybe(s, "minProperties", func() any { return 1 + g.r.IntN(2) })
		g.maybe(s, "maxProperties", func() any { return 1 + g.r.IntN(3) })
	case "array":
		s["items"] = g.quickSchema(level + 1)
		g.maybe(s, "minItems", func() any { return g.r.IntN(3) })
		g.maybe(s, "maxItems", func() any { return 1 + g.r.IntN(3) })
		if g.r.IntN(10) == 0 {
			s["uniqueItems"] = true
		}
	}
	if level > 1 && g.r.IntN(20) == 0 {
		s["anyOf"] = []any{map[string]any{"type": "string"}, map[string]any{"type": "null"}}
	}
	return s
}

// quickNumbers are bounds and values at and near each other, and at
// float64's rounding distance.
var quickNumbers = []string{"0", "-0", "1", "2", "1e2", "100", "0.1", "0.3", "0.30000000000000001", "0.29999999999999999", "9007199254740992", "9007199254740993"}

// mutate changes the arguments' text now and then: a value replaced by a
// number near the bounds, a key sent twice, a string escaped, a number
// beyond float64, whitespace.
func (g *jsGen) mutate(args []byte) []byte {
	s := string(args)
	switch g.r.IntN(8) {
	case 0:
		for _, n := range genNumbers {
			if strings.Contains(s, ":"+n) {
				return []byte(strings.Replace(s, ":"+n, ":"+g.pick(quickNumbers), 1))
			}
		}
	case 1:
		if i := strings.IndexByte(s[1:], '"'); i >= 0 && len(s) > 2 {
			end := strings.IndexAny(s[1:], ",}")
			if end > 0 {
				member := s[1 : 1+end]
				if strings.Contains(member, ":") && !strings.ContainsAny(member, "{[") {
					return []byte("{" + member + "," + s[1:])
				}
			}
		}
	case 2:
		return []byte(strings.ReplaceAll(s, `"a"`, `"\u0061"`))
	case 3:
		return []byte(strings.Replace(s, ":1", ":1e999", 1))
	case 4:
		return []byte(" " + strings.ReplaceAll(s, ",", " ,\n") + " ")
	case 5:
		return []byte(strings.Replace(s, `"abc"`, `"ab\u00e9"`, 1))
	}
	return args
}

// quickBenchUser is the validation benchmarks' user (benchUser), for the
// schema InputSchema writes of it.
type quickBenchUser struct {
	Name  string `json:"name" validate:"required,min=2,max=50"`
	Email string `json:"email" validate:"required,email"`
	Age   int    `json:"age" validate:"gte=18,lte=130"`
	Role  string `json:"role" validate:"oneof=admin user guest"`
	Home  string `json:"home" validate:"omitempty,url"`
	ID    string `json:"id" validate:"uuid"`
}

// BenchmarkSchemaCheckQuick: Check on valid arguments with the quick
// verdict (impl=quick) and without it (impl=full), in one run: a search
// tool's schema as go-sdk infers it (four plain properties) and the
// benchmarks' user, whose schema InputSchema writes (formats, an enum, a
// pattern, bounds, anyOf for omitempty: the quick verdict reads most of
// it).
func BenchmarkSchemaCheckQuick(b *testing.B) {
	user, err := InputSchema[quickBenchUser]()
	require.NoError(b, err)
	for _, c := range []struct {
		name         string
		schema, args []byte
	}{
		{"schema=search", []byte(`{"type":"object","properties":{"query":{"type":"string","description":"what to look for"},"mode":{"type":"string","enum":["web","news","images"]},"limit":{"type":"number","minimum":1,"maximum":50},"tags":{"type":"array","items":{"type":"string"}}},"required":["query","mode"],"additionalProperties":false}`),
			[]byte(`{"query":"golang generics","mode":"web","limit":10,"tags":["go","lang"]}`)},
		{"schema=user", user, []byte(`{"name":"Ada","email":"ada@example.com","age":36,"role":"admin","id":"123e4567-e89b-12d3-a456-426614174000"}`)},
	} {
		s, err := CompileSchema(c.schema)
		require.NoError(b, err)
		require.NoError(b, s.Check("t", c.args))
		for _, impl := range []struct {
			name string
			s    *Schema
		}{{"full", full(s)}, {"quick", s}} {
			b.Run(c.name+"/impl="+impl.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					_ = impl.s.Check("t", c.args)
				}
			})
		}
	}
}

// garble changes one byte of the arguments' text, or drops or repeats
// one: text that is often not JSON.
func (g *jsGen) garble(args []byte) []byte {
	out := slices.Clone(args)
	i := g.r.IntN(len(out))
	switch g.r.IntN(3) {
	case 0:
		const bytes = ",:[]{}\"\\ tfn0.e-"
		out[i] = bytes[g.r.IntN(len(bytes))]
	case 1:
		out = slices.Delete(out, i, i+1)
	default:
		out = slices.Insert(out, i, out[i])
	}
	return out
}

// FuzzQuickVerdict: whatever the text, the quick verdict says valid only
// of JSON that Check without it accepts.
func FuzzQuickVerdict(f *testing.F) {
	s, err := CompileSchema([]byte(`{"type":"object","properties":{
		"q":{"type":"string","minLength":1,"maxLength":5},"mode":{"enum":["web","news",null,true]},
		"n":{"type":"integer","minimum":1,"maximum":50},"x":{"type":"number","exclusiveMinimum":0.1},
		"tags":{"type":"array","items":{"type":"string","pattern":"^[a-z]+$"},"maxItems":3},
		"free":{},"obj":{"type":"object","additionalProperties":{"type":"integer"},"maxProperties":2}
	},"required":["q"],"additionalProperties":false}`))
	require.NoError(f, err)
	for _, seed := range []string{`{"q":"go"}`, `{"q":"a\u00e9","mode":null,"n":50,"x":0.2}`, `{"q":"go","tags":["a","b"],"obj":{"a":1}}`,
		`{"q":"go","free":[1,{"a":[null,true,"x\n"]},-1.5e3]}`, `{"q":"go","q":"go"}`, `{"q":"go",}`} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, args []byte) {
		raw := []byte(strings.TrimSpace(string(args)))
		if !s.quick.quickValid(raw) {
			return
		}
		if !json.Valid(raw) && len(raw) > 0 && string(raw) != "null" {
			t.Fatalf("the quick verdict says valid of text that is not JSON: %q", args)
		}
		if err := full(s).Check("t", args); err != nil {
			t.Fatalf("the quick verdict says valid of %q; Check: %v", args, err)
		}
	})
}

// TestReportAgreesWithLibrary: on arrays whose failures pass MaxFields
// (counted, not kept), nested or not, Check's report gives the error the
// library's path gives, field for field and count for count.
// TestQuickAgreesWithCheck compares them on generated schemas and
// arguments.
func TestReportAgreesWithLibrary(t *testing.T) {
	repeat := func(n int, item func(int) string) string {
		parts := make([]string, n)
		for i := range parts {
			parts[i] = item(i)
		}
		return strings.Join(parts, ",")
	}

	for _, c := range []struct{ schema, args string }{
		{`{"type":"object","properties":{"v":{"type":"array","items":{"type":"integer","enum":[1,2,3]}}}}`,
			`{"v":[` + repeat(250, func(i int) string { return []string{"9", "1", `"x"`, "2.5", "3.0"}[i%5] }) + `]}`},
		{`{"type":"object","properties":{"v":{"type":"array","items":{"type":"object","properties":{"a":{"type":"string","minLength":1,"pattern":"^a"},
			"b":{"type":"integer","minimum":0.5,"exclusiveMaximum":10}},"required":["a","b"],"additionalProperties":false}},"w":{}},"required":["v","w"]}`,
			`{"v":[` + repeat(120, func(i int) string {
				return []string{`{"a":"","b":0.5}`, `{"a":"x","c":1}`, `{"b":10}`, `{"a":"ab","b":1e1}`, `{}`}[i%5]
			}) + `],"zz":1}`},
		{`{"type":"object","properties":{"m":{"type":"array","items":{"type":"array","items":{"type":"string","maxLength":1}}}},"additionalProperties":{"type":"array","items":{"const":1}}}`,
			`{"m":[` + repeat(60, func(int) string { return `["aa","b","cc"]` }) + `],"other":[` + repeat(150, func(int) string { return `2` }) + `]}`},
	} {
		s, err := CompileSchema([]byte(c.schema))
		require.NoError(t, err)
		r := &checkRun{s: s, text: c.args}
		r.inst = r.decode()
		require.True(t, r.report(), "reported without the library: %s", c.schema)
		require.NotEmpty(t, r.more, "failures counted: %s", c.schema)
		want, got := full(s).Check("t", []byte(c.args)), s.Check("t", []byte(c.args))
		require.Equal(t, want, got, "schema %s", c.schema)
		require.Error(t, got)
	}
}
