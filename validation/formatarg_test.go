package validation_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/format"
	"github.com/mcperr/mcperr/validation"
)

type formatArgs struct {
	Name string `json:"name" validate:"required"`
}

// properties returns the top-level properties of a schema.
func properties(t *testing.T, raw json.RawMessage) map[string]json.RawMessage {
	t.Helper()
	var s struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	require.NoError(t, json.Unmarshal(raw, &s))
	return s.Properties
}

// TestFormatArgumentOff: by default the schema has no format property (it
// had "format": {} on every tool, a schema with no type that Inspector
// --strict warns on) and binding and Check reject the key as unknown, as
// the schema does.
func TestFormatArgumentOff(t *testing.T) {
	raw, err := validation.InputSchema[formatArgs]()
	require.NoError(t, err)
	assert.NotContains(t, properties(t, raw), format.Argument, "%s", raw)

	args := `{"name":"a","format":"json"}`
	unknown := []errorx.Field{S("format", "json").R(validation.RuleUnknown, "Unknown field.").H("Remove it. Valid fields: 'name'.").F()}
	assert.Equal(t, unknown, fieldsOf(t, validation.New(), new(formatArgs), args))
	sch, err := validation.CompileSchema(raw)
	require.NoError(t, err)
	e, ok := errorx.As(sch.Check("tool", []byte(args)))
	require.True(t, ok, "Check accepts %s", args)
	assert.Equal(t, unknown, e.Fields)
}

// TestFormatArgumentOn: WithFormatArgument advertises the argument with
// its type, its three values and a description, and binding and Check
// accept exactly those values at the top, with the same fields for the
// others; a struct's own field of that name stays the struct's.
func TestFormatArgumentOn(t *testing.T) {
	on := validation.WithFormatArgument(format.Argument)
	raw, err := validation.InputSchema[formatArgs](on)
	require.NoError(t, err)
	var prop map[string]any
	require.NoError(t, json.Unmarshal(properties(t, raw)[format.Argument], &prop))
	assert.Equal(t, "string", prop["type"])
	assert.Equal(t, []any{"markdown", "json", "both"}, prop["enum"])
	assert.NotEmpty(t, prop["description"])
	// Byte for byte the schema by which render's Renderer recognises it.
	assert.Equal(t, format.ArgumentSchema, string(properties(t, raw)[format.Argument]))

	sch, err := validation.CompileSchema(raw)
	require.NoError(t, err)
	v := validation.New()
	for _, c := range []struct {
		args string
		want []errorx.Field
	}{
		{`{"name":"a","format":"json"}`, nil},
		{`{"name":"a","format":"both"}`, nil},
		{`{"name":"a","format":"markdown"}`, nil},
		{`{"name":"a","format":"jsn"}`, []errorx.Field{S("format", "jsn").R("oneof", "Not one of the valid options.").
			O("markdown", "json", "both").H("Did you mean 'json'?").F()}},
		{`{"name":"a","format":""}`, []errorx.Field{S("format", "").R("oneof", "Not one of the valid options.").
			O("markdown", "json", "both").F()}},
		{`{"name":"a","format":42}`, []errorx.Field{S("format", N("42")).R("type", "Wrong type.").E("string").F()}},
		{`{"name":"a","format":null}`, []errorx.Field{S("format", nil).R("type", "Wrong type.").E("string").F()}},
		{`{"name":"a","format":"json","format":"both"}`, []errorx.Field{S("format", "both").R(validation.RuleDuplicate, "Sent twice.").H("Send each key once.").F()}},
	} {
		assert.Equal(t, c.want, fieldsOf(t, v, new(formatArgs), c.args, on), "Bind %s", c.args)
		var got []errorx.Field
		if e, ok := errorx.As(sch.Check("tool", []byte(c.args), on)); ok {
			got = e.Fields
		}
		assert.Equal(t, c.want, got, "Check %s", c.args)
	}

	// Below the top it is a key like any other.
	type outer struct {
		In formatArgs `json:"in"`
	}
	fs := fieldsOf(t, v, new(outer), `{"in":{"name":"a","format":"json"}}`, on)
	require.Len(t, fs, 1)
	assert.Equal(t, "in.format", fs[0].Path)
	assert.Equal(t, validation.RuleUnknown, fs[0].Rule)

	// A struct's own format field is the struct's: its schema, its rules.
	type own struct {
		Format string `json:"format" validate:"oneof=pdf csv"`
	}
	raw, err = validation.InputSchema[own](on)
	require.NoError(t, err)
	assert.JSONEq(t, `{"type":"string","enum":["pdf","csv"]}`, string(properties(t, raw)[format.Argument]))
	assert.Nil(t, fieldsOf(t, v, new(own), `{"format":"pdf"}`, on))
	fs = fieldsOf(t, v, new(own), `{"format":"json"}`, on)
	require.Len(t, fs, 1)
	assert.Equal(t, []string{"pdf", "csv"}, fs[0].Options)
}

// A server whose toolerror Renderer lets each call pick its format
// advertises the argument and lets binding accept it.
func ExampleWithFormatArgument() {
	type Search struct {
		Query string `json:"query" validate:"required"`
	}
	on := validation.WithFormatArgument(format.Argument)
	raw, _ := validation.InputSchema[Search](on)
	var s struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	_ = json.Unmarshal(raw, &s)
	fmt.Println(string(s.Properties["format"]))

	var args Search
	fmt.Println(validation.Default().BindJSON("search", []byte(`{"query":"q","format":"json"}`), &args, on))
	err := validation.Default().BindJSON("search", []byte(`{"query":"q","format":"xml"}`), &args, on)
	e, _ := errorx.As(err)
	fmt.Println(e.Fields[0].Path, e.Fields[0].Message, e.Fields[0].Options)
	// Output:
	// {"type":"string","enum":["markdown","json","both"],"description":"How to write this call's error, if it fails: markdown, json or both. Leave it out for the server's choice."}
	// <nil>
	// format Not one of the valid options. [markdown json both]
}
