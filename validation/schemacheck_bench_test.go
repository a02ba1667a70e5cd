package validation_test

import (
	"bytes"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mcperr/mcperr/validation"
)

// The costs of the JSON Schema source beside binding, on benchUser (the
// struct of the validation benchmarks) and its InputSchema: compiling the
// schema (once per tool), checking valid arguments and the six invalid
// ones of benchArgs; Bind on the same arguments; and the JSON Schema
// library alone (decoding the arguments and validating them, what mcp-go's
// WithInputSchemaValidation does), the floor of a check.

var benchValid = []byte(`{"name":"Ada","email":"ada@example.com","age":36,"role":"admin","home":"https://example.com","id":"123e4567-e89b-12d3-a456-426614174000"}`)

func benchSchema(b *testing.B) *validation.Schema {
	raw, err := validation.InputSchema[benchUser]()
	if err != nil {
		b.Fatal(err)
	}
	s, err := validation.CompileSchema(raw)
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// BenchmarkSchemaCompile compiles benchUser's schema: once per tool.
func BenchmarkSchemaCompile(b *testing.B) {
	raw, _ := validation.InputSchema[benchUser]()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := validation.CompileSchema(raw); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSchemaCheckValid checks valid arguments.
func BenchmarkSchemaCheckValid(b *testing.B) {
	s := benchSchema(b)
	if err := s.Check("users/create", benchValid); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = s.Check("users/create", benchValid)
	}
}

// BenchmarkSchemaCheckFailing checks benchArgs: six fields fail.
func BenchmarkSchemaCheckFailing(b *testing.B) {
	s := benchSchema(b)
	if err := s.Check("users/create", benchArgs); err == nil {
		b.Fatal("want failures")
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = s.Check("users/create", benchArgs)
	}
}

// BenchmarkSchemaBindValid binds the valid arguments into benchUser.
func BenchmarkSchemaBindValid(b *testing.B) {
	v := validation.Default()
	b.ReportAllocs()
	for b.Loop() {
		var u benchUser
		if err := v.BindJSON("users/create", benchValid, &u); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSchemaBindFailing binds benchArgs into benchUser.
func BenchmarkSchemaBindFailing(b *testing.B) {
	v := validation.Default()
	b.ReportAllocs()
	for b.Loop() {
		var u benchUser
		_ = v.BindJSON("users/create", benchArgs, &u)
	}
}

// libraryFloor compiles the schema for the library alone, as Check does.
func libraryFloor(b *testing.B) *jsonschema.Schema {
	raw, _ := validation.InputSchema[benchUser]()
	doc, _ := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	if err := c.AddResource("mem://s.json", doc); err != nil {
		b.Fatal(err)
	}
	s, err := c.Compile("mem://s.json")
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// BenchmarkSchemaLibraryValid is the library alone on the valid arguments:
// decoding them (encoding/json, numbers as json.Number) and validating.
func BenchmarkSchemaLibraryValid(b *testing.B) {
	s := libraryFloor(b)
	b.ReportAllocs()
	for b.Loop() {
		v, _ := jsonschema.UnmarshalJSON(bytes.NewReader(benchValid))
		if err := s.Validate(v); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSchemaLibraryFailing is the library alone on benchArgs: its
// error tree, not translated.
func BenchmarkSchemaLibraryFailing(b *testing.B) {
	s := libraryFloor(b)
	b.ReportAllocs()
	for b.Loop() {
		v, _ := jsonschema.UnmarshalJSON(bytes.NewReader(benchArgs))
		_ = s.Validate(v)
	}
}
