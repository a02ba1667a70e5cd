package validation

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/format"
	"github.com/mcperr/mcperr/internal/sentence"
)

type nullArgs struct {
	Age     int               `json:"age" validate:"min=0,max=150"`
	Name    string            `json:"name"`
	Ok      bool              `json:"ok"`
	Ratio   float64           `json:"ratio"`
	Tags    []string          `json:"tags"`
	Labels  map[string]string `json:"labels"`
	Inner   psAddress         `json:"inner" validate:"omitempty"`
	At      time.Time         `json:"at"`
	Num     json.Number       `json:"num"`
	Blob    []byte            `json:"blob"`
	Pair    [2]int            `json:"pair"`
	Quoted  int               `json:"quoted,string"`
	Items   []int             `json:"items"`
	Values  map[string]int    `json:"values"`
	Maybe   *int              `json:"maybe" validate:"omitempty,min=1"`
	Opt     *string           `json:"opt"`
	Many    *[]string         `json:"many"`
	Ptrs    []*int            `json:"ptrs"`
	Any     any               `json:"any"`
	Raw     json.RawMessage   `json:"raw"`
	Wanted  *int              `json:"wanted" validate:"required"`
	Nested  nullNested        `json:"nested"`
	Deep    []nullNested      `json:"deep"`
	ByKey   map[string]psItem `json:"by_key"`
	Pointed *nullNested       `json:"pointed"`
}

type nullNested struct {
	N int    `json:"n"`
	S string `json:"s"`
}

// TestBindRejectsNull: null is a value of the wrong type for every value
// that is not a pointer and has a JSON type: a field, an element, a map
// value, a nested struct's field. Binding took it as the zero value, so a
// client that sends null for an entry it cannot fill (Inspector 2.12
// does) ran the tool with 0. A pointer takes null as nil; a value with no
// JSON type (any, json.RawMessage) takes null as a value.
func TestBindRejectsNull(t *testing.T) {
	wrong := func(path, want string) []errorx.Field {
		return []errorx.Field{sentence.WrongTypeField(path, nil, want)}
	}
	for _, c := range []struct {
		args string
		want []errorx.Field
	}{
		{`{"age":null}`, wrong("age", "integer")},
		{`{"name":null}`, wrong("name", "string")},
		{`{"ok":null}`, wrong("ok", "boolean")},
		{`{"ratio":null}`, wrong("ratio", "number")},
		{`{"tags":null}`, wrong("tags", "array")},
		{`{"labels":null}`, wrong("labels", "object")},
		{`{"inner":null}`, wrong("inner", "object")},
		{`{"at":null}`, wrong("at", "string")},
		{`{"num":null}`, wrong("num", "number")},
		{`{"blob":null}`, wrong("blob", "string")},
		{`{"pair":null}`, wrong("pair", "array")},
		{`{"quoted":null}`, wrong("quoted", "a string holding an integer")},
		{`{"items":[1,null,3]}`, wrong("items.1", "integer")},
		{`{"values":{"a":null}}`, wrong("values.a", "integer")},
		{`{"nested":{"n":null}}`, wrong("nested.n", "integer")},
		{`{"deep":[{"s":null}]}`, wrong("deep.0.s", "string")},
		{`{"deep":[null]}`, wrong("deep.0", "object")},
		{`{"by_key":{"k":null}}`, wrong("by_key.k", "object")},
		{`{"pointed":{"n":null}}`, wrong("pointed.n", "integer")},
		{`{"wanted":1,"maybe":null,"opt":null,"many":null,"ptrs":[null],"any":null,"raw":null,"pointed":null}`, nil},
		{`{"wanted":null}`, []errorx.Field{{Path: "wanted", WasSent: true, Message: "Required.", Rule: RuleRequired}}},
	} {
		var dst nullArgs
		args := c.args
		if !strings.Contains(args, `"wanted"`) {
			args = `{"wanted":1,` + args[1:]
		}
		err := std.BindJSON("t", []byte(args), &dst)
		var got []errorx.Field
		if err != nil {
			got = err.(*errorx.Error).Fields
		}
		assert.Equal(t, c.want, got, "%s", args)
	}
}

// TestSchemaOneTypePerValue is the property test of nullability over the
// schema test corpus (propertyStructs, and nullArgs): every value of the
// schema whose Go type is not a pointer and has a JSON type is advertised
// with that one type (never a type array, which strict clients warn on or
// misread), and binding rejects null there with a field of rule type; a
// pointer that binding lets be nil says so with an anyOf whose other
// branch is {"type":"null"}; no schema of the corpus has a type array
// anywhere; no schema has a format property unless the server turned the
// argument on (WithFormatArgument), and then it has its type and values.
func TestSchemaOneTypePerValue(t *testing.T) {
	structs := append(slices.Clone(propertyStructs), struct {
		name  string
		typ   reflect.Type
		exact bool
	}{"nullArgs", reflect.TypeFor[nullArgs](), false})
	checked := 0
	for _, ps := range structs {
		t.Run(ps.name, func(t *testing.T) {
			opts := []Option{WithValidator(propertyValidator)}
			e := inputSchema(ps.typ, newConfig(opts))
			require.NoError(t, e.err)
			var schema map[string]any
			require.NoError(t, json.Unmarshal(e.raw, &schema))
			noTypeArrays(t, schema, "")
			props, _ := schema["properties"].(map[string]any)
			assert.NotContains(t, props, format.Argument, "a format property no one asked for")
			on := inputSchema(ps.typ, newConfig(append(slices.Clone(opts), WithFormatArgument(format.Argument))))
			require.NoError(t, on.err)
			var withFormat map[string]any
			require.NoError(t, json.Unmarshal(on.raw, &withFormat))
			assert.Equal(t, map[string]any{"type": "string", "enum": []any{"markdown", "json", "both"}, "description": formatDescription},
				withFormat["properties"].(map[string]any)[format.Argument])
			w := nullWalk{t: t, opts: opts, root: ps.typ}
			w.object(ps.typ, schema, nil)
			checked += w.checked
		})
	}
	t.Logf("null bound at %d values", checked)
	assert.Greater(t, checked, 100, "values checked")
}

// noTypeArrays fails for every type array in schema.
func noTypeArrays(t *testing.T, schema any, at string) {
	t.Helper()
	switch s := schema.(type) {
	case map[string]any:
		if ty, ok := s["type"].([]any); ok {
			t.Errorf("%s: a type array %v", at, ty)
		}
		for k, v := range s {
			noTypeArrays(t, v, at+"/"+k)
		}
	case []any:
		for i, v := range s {
			noTypeArrays(t, v, at+"/"+itoa(i))
		}
	}
}

// nullWalk walks a Go type and its schema together, checking each value
// and binding null at it.
type nullWalk struct {
	t       *testing.T
	opts    []Option
	root    reflect.Type
	checked int
	depth   int
}

// object checks struct type st against its object schema; at builds the
// arguments that put a value at a member of st.
func (w *nullWalk) object(st reflect.Type, schema map[string]any, at []string) {
	props, _ := schema["properties"].(map[string]any)
	for _, f := range infoOf(st).fields {
		p, ok := props[f.name].(map[string]any)
		if !ok {
			w.t.Errorf("%s: no schema", strings.Join(append(at, f.name), "."))
			continue
		}
		sf, _ := fieldOf(st, f.index)
		w.value(sf.Type, p, append(slices.Clone(at), f.name), f.quoted)
	}
}

// value checks the schema of a value of Go type t at path at.
func (w *nullWalk) value(t reflect.Type, p map[string]any, at []string, quoted bool) {
	if w.depth > 3 {
		return
	}
	w.depth++
	defer func() { w.depth-- }()
	if len(p) == 0 || len(p) == 1 && p["anyOf"] != nil && len(p["anyOf"].([]any)[0].(map[string]any)) == 0 {
		return // a recursive type below its first expansion: any value
	}
	path := strings.Join(at, ".")
	jt := jsonType(t)
	if quoted {
		jt = "string"
	}
	switch {
	case t.Kind() == reflect.Pointer:
		if alts, ok := p["anyOf"].([]any); ok && len(alts) == 2 && reflect.DeepEqual(alts[1], map[string]any{"type": "null"}) {
			p = alts[0].(map[string]any) // nullable: the value's own schema is the first branch
		}
		if jt != "" && p["type"] != jt {
			w.t.Errorf("%s: type %v, want %q", path, p["type"], jt)
		}
	case jt != "":
		if p["type"] != jt {
			w.t.Errorf("%s: type %v, want %q", path, p["type"], jt)
		}
		w.rejectsNull(at, jt, quoted)
	}
	base := baseType(t)
	if quoted || delegated(base) || base == timeType {
		return
	}
	switch base.Kind() {
	case reflect.Struct:
		w.object(base, p, at)
	case reflect.Slice, reflect.Array:
		if items, ok := p["items"].(map[string]any); ok && jt == "array" {
			w.value(base.Elem(), items, append(slices.Clone(at), "0"), false)
		}
	case reflect.Map:
		if vals, ok := p["additionalProperties"].(map[string]any); ok && base.Key().Kind() == reflect.String {
			w.value(base.Elem(), vals, append(slices.Clone(at), "k"), false)
		}
	}
}

// rejectsNull binds arguments holding null at path at and wants a field
// of rule type there.
func (w *nullWalk) rejectsNull(at []string, jt string, quoted bool) {
	w.checked++
	var v any
	for i := len(at) - 1; i >= 0; i-- {
		switch {
		case at[i] == "0" && i > 0:
			v = []any{v}
		default:
			v = map[string]any{at[i]: v}
		}
	}
	raw, _ := json.Marshal(v)
	err := propertyValidator.BindJSON("t", raw, reflect.New(w.root).Interface(), w.opts...)
	path := strings.Join(at, ".")
	if err == nil {
		w.t.Errorf("%s: Bind accepts null", raw)
		return
	}
	want := jt
	if quoted {
		want = "a string holding " + article(jsonType(baseType(fieldType(w.root, at))))
	}
	e := err.(*errorx.Error)
	wantField := sentence.WrongTypeField(path, nil, want)
	if !slices.ContainsFunc(e.Fields, func(f errorx.Field) bool { return reflect.DeepEqual(f, wantField) }) {
		w.t.Errorf("%s: no field of rule type at %s, want Expected %q:\n%s", raw, path, want, fieldsText(e.Fields))
	}
}

// fieldType is the Go type of the top-level field at[0] of root.
func fieldType(root reflect.Type, at []string) reflect.Type {
	f, _ := fieldByName(root, at[0])
	sf, _ := fieldOf(root, f.index)
	return sf.Type
}

// TestNullSameInBindAndCheck: null sent for a value whose schema has one
// type reads the same from Bind and from Check against the struct's
// schema: a wrong type, the type expected, also for a property the object
// requires (Check said "Required." there, which binding said when it took
// null as the zero value).
func TestNullSameInBindAndCheck(t *testing.T) {
	type args struct {
		Age   int       `json:"age" validate:"min=0,max=150"`
		Name  string    `json:"name" validate:"required"`
		Role  string    `json:"role" validate:"oneof=admin member"`
		Tags  []string  `json:"tags" validate:"required,dive,alpha"`
		Inner psAddress `json:"inner"`
		Opt   *int      `json:"opt" validate:"omitempty,min=1"`
	}
	raw, err := InputSchema[args]()
	require.NoError(t, err)
	sch, err := CompileSchema(raw)
	require.NoError(t, err)
	for _, sent := range []string{
		`{"age":null,"name":null,"role":null,"tags":null,"inner":null}`,
		`{"name":"a","role":"admin","tags":[null,"a"],"inner":{"city":null,"zip":"12345"},"opt":null}`,
	} {
		be := std.BindJSON("t", []byte(sent), new(args))
		ce := sch.Check("t", []byte(sent))
		require.Error(t, be, sent)
		require.Error(t, ce, sent)
		assert.Equal(t, fieldsText(be.(*errorx.Error).Fields), fieldsText(ce.(*errorx.Error).Fields), sent)
		for _, f := range be.(*errorx.Error).Fields {
			assert.Equal(t, RuleType, f.Rule, "%s: %s", sent, fieldText(f))
		}
	}
}
