package validation_test

import (
	"encoding/json"
	"testing"

	"github.com/go-playground/validator/v10"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/validation"
)

// benchUser is the struct of the reference measurement of validator's own
// cost, the floor translation overhead is compared against.
type benchUser struct {
	Name  string `json:"name" validate:"required,min=2,max=50"`
	Email string `json:"email" validate:"required,email"`
	Age   int    `json:"age" validate:"gte=18,lte=130"`
	Role  string `json:"role" validate:"oneof=admin user guest"`
	Home  string `json:"home" validate:"omitempty,url"`
	ID    string `json:"id" validate:"uuid"`
}

// benchArgs makes all six fields invalid.
var benchArgs = []byte(`{"name":"A","email":"not-an-email","age":10,"role":"admn","home":"example.com/no-scheme","id":"123"}`)

func benchValue(b *testing.B) benchUser {
	var u benchUser
	if err := json.Unmarshal(benchArgs, &u); err != nil {
		b.Fatal(err)
	}
	return u
}

// BenchmarkValidatorStruct is the baseline: validator.Struct alone on the
// invalid struct, its cache warmed.
func BenchmarkValidatorStruct(b *testing.B) {
	v := validation.New()
	u := benchValue(b)
	if v.Validate().Struct(&u) == nil {
		b.Fatal("want failures")
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = v.Validate().Struct(&u)
	}
}

// BenchmarkValidatorStructTranslated is validator.Struct plus the
// translation of its six failures into the model's error (fields with the
// sent values read from the JSON arguments, summary message): the cost a
// failing tool call pays on top of validation.
func BenchmarkValidatorStructTranslated(b *testing.B) {
	v := validation.New()
	u := benchValue(b)
	err := v.Validate().Struct(&u)
	if got := len(v.Translate("users/create", err, &u, benchArgs).Fields); got != 6 {
		b.Fatalf("got %d fields, want 6", got)
	}
	b.ReportAllocs()
	for b.Loop() {
		err := v.Validate().Struct(&u)
		_ = v.Translate("users/create", err, &u, benchArgs)
	}
}

// resultSink keeps BenchmarkValidatorStructResultOnly's result on the heap.
var resultSink *errorx.Error

// BenchmarkValidatorStructResultOnly is validator.Struct plus allocating
// an error of the model's shape for its failures (the error and its six
// fields in one object, as Translate allocates them) and nothing else: no
// path, no sent value, no text. It is the floor any translation into
// *errorx.Error pays in this benchmark; the 1.5× target of issue 3 is
// measured against it in docs/performance.md.
func BenchmarkValidatorStructResultOnly(b *testing.B) {
	v := validation.New()
	u := benchValue(b)
	b.ReportAllocs()
	for b.Loop() {
		err := v.Validate().Struct(&u)
		p := new(struct {
			e errorx.Error
			f [6]errorx.Field
		})
		p.e.Fields = p.f[:len(err.(validator.ValidationErrors))]
		resultSink = &p.e
	}
}

// BenchmarkTranslateOnly is the translation alone (the difference of the
// two benchmarks above, measured directly).
func BenchmarkTranslateOnly(b *testing.B) {
	v := validation.New()
	u := benchValue(b)
	err := v.Validate().Struct(&u)
	b.ReportAllocs()
	for b.Loop() {
		_ = v.Translate("users/create", err, &u, benchArgs)
	}
}

// BenchmarkBind is a whole failing call: strict decoding, validation and
// translation from the request's raw arguments.
func BenchmarkBind(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_, _ = validation.Bind[benchUser]("users/create", benchArgs)
	}
}

// BenchmarkValidatorStructAppendFields is validator.Struct plus the same
// translation appended into a reused slice: the translation's work without
// allocating its result (what is left is the sent number's copy).
func BenchmarkValidatorStructAppendFields(b *testing.B) {
	v := validation.New()
	u := benchValue(b)
	buf := make([]errorx.Field, 0, 8)
	b.ReportAllocs()
	for b.Loop() {
		err := v.Validate().Struct(&u)
		buf = v.AppendFields(buf[:0], err, &u, benchArgs)
	}
	if len(buf) != 6 {
		b.Fatalf("got %d fields", len(buf))
	}
}
