package typeunion_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mcperr/mcperr/internal/typeunion"
)

func compile(t *testing.T, s string) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(s))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource("mem://s.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("mem://s.json")
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return sch
}

// TestSplit: every type array becomes an anyOf, at any depth, and the
// schema accepts exactly the values it accepted (each instance is checked
// against both).
func TestSplit(t *testing.T) {
	for _, c := range []struct {
		in, want  string
		instances []string
	}{
		{
			in:        `{"type":"object","properties":{"paths":{"type":["null","array"],"items":{"type":"string"},"description":"d"}},"required":["paths"]}`,
			want:      `{"properties":{"paths":{"anyOf":[{"type":"null"},{"items":{"type":"string"},"type":"array"}],"description":"d"}},"required":["paths"],"type":"object"}`,
			instances: []string{`{"paths":null}`, `{"paths":[]}`, `{"paths":["a"]}`, `{"paths":[1]}`, `{"paths":"a"}`, `{}`},
		},
		{
			in:        `{"type":["integer","string","null"],"minimum":1,"minLength":2,"enum":[1,"ab",null,0,"a"]}`,
			want:      `{"anyOf":[{"minLength":2,"minimum":1,"type":"integer"},{"minLength":2,"minimum":1,"type":"string"},{"type":"null"}],"enum":[1,"ab",null,0,"a"]}`,
			instances: []string{`1`, `0`, `"ab"`, `"a"`, `null`, `true`},
		},
		{
			in:        `{"$defs":{"n":{"type":["null","object"],"additionalProperties":{"type":["number","null"]}}},"type":"array","items":{"$ref":"#/$defs/n"}}`,
			want:      `{"$defs":{"n":{"anyOf":[{"type":"null"},{"additionalProperties":{"anyOf":[{"type":"number"},{"type":"null"}]},"type":"object"}]}},"items":{"$ref":"#/$defs/n"},"type":"array"}`,
			instances: []string{`[null,{"a":1,"b":null}]`, `[{"a":"x"}]`, `[1]`},
		},
		{
			in:        `{"type":["string","null"],"anyOf":[{"maxLength":3},{"type":"null"}]}`,
			want:      `{"allOf":[{"anyOf":[{"maxLength":3},{"type":"null"}]},{"anyOf":[{"type":"string"},{"type":"null"}]}]}`,
			instances: []string{`"abc"`, `"abcd"`, `null`, `1`},
		},
		{
			in:        `{"type":["string"]}`,
			want:      `{"type":"string"}`,
			instances: []string{`"a"`, `1`},
		},
	} {
		got, changed := typeunion.Split([]byte(c.in))
		if !changed || string(got) != c.want {
			t.Errorf("Split(%s) = %s, %v\nwant %s", c.in, got, changed, c.want)
			continue
		}
		before, after := compile(t, c.in), compile(t, string(got))
		for _, inst := range c.instances {
			v, err := jsonschema.UnmarshalJSON(strings.NewReader(inst))
			if err != nil {
				t.Fatal(err)
			}
			if b, a := before.Validate(v) == nil, after.Validate(v) == nil; a != b {
				t.Errorf("%s: %s valid %v before, %v after", c.in, inst, b, a)
			}
		}
	}
}

// TestSplitUnchanged: a schema without type arrays, not JSON, or nested
// past the bound comes back as it was.
func TestSplitUnchanged(t *testing.T) {
	deep := strings.Repeat(`{"items":`, 300) + `{"type":["null","array"]}` + strings.Repeat(`}`, 300)
	for _, in := range []string{`{"type":"object","properties":{"a":{"type":"string"}}}`, `{"type":`, `true`, deep} {
		if got, changed := typeunion.Split([]byte(in)); changed || string(got) != in {
			t.Errorf("Split(%.60s) = %.60s, %v", in, got, changed)
		}
	}
	var v any
	if err := json.Unmarshal([]byte(deep), &v); err != nil {
		t.Fatal(err)
	}
}
