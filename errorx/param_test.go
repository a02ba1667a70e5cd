package errorx_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/sentence"
)

// TestFieldParamJSON: a field's rule parameter is the optional "param" key
// of the model's JSON form, after "rule"; a field without one has no key.
func TestFieldParamJSON(t *testing.T) {
	const in = `{"path":"age","sent":200,"message":"Too big.","hint":"Must be at most 130.","rule":"max","param":"130"}`
	var f errorx.Field
	if err := json.Unmarshal([]byte(in), &f); err != nil {
		t.Fatal(err)
	}
	if f.Rule != "max" || f.Param != "130" {
		t.Fatalf("decoded %+v", f)
	}
	if b, _ := json.Marshal(f); string(b) != in {
		t.Errorf("marshal:\n got %s\nwant %s", b, in)
	}
	f.Param = ""
	if b, _ := json.Marshal(f); string(b) != `{"path":"age","sent":200,"message":"Too big.","hint":"Must be at most 130.","rule":"max"}` {
		t.Errorf("no param: %s", b)
	}
	if sentence.RequiredField("x").IsRequired() == (errorx.Field{Path: "x", Message: "Required.", Rule: "required", Param: "y"}).IsRequired() {
		t.Error("a field with a param is not exactly RequiredField")
	}
}

// A program repairs a call from a field's rule and parameter, without
// reading the hint's prose.
func ExampleField_param() {
	var f errorx.Field
	_ = json.Unmarshal([]byte(`{"path":"age","sent":200,"message":"Too big.","hint":"Must be at most 130.","rule":"max","param":"130"}`), &f)
	if f.Rule == "max" {
		fmt.Printf("set %s to at most %s\n", f.Path, f.Param)
	}
	// Output:
	// set age to at most 130
}
