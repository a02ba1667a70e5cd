package validation_test

import (
	"testing"

	"github.com/mcperr/mcperr/validation"
)

type ptrArgs struct {
	Name string `json:"name" validate:"required"`
}

// TestPointerDepthLetsTopLevelKeysThrough: the format argument (turned on)
// and the IgnoreKeys keys are let through whatever the pointer depth of
// the target (Bind[**S], BindJSON into a **S), as for S.
func TestPointerDepthLetsTopLevelKeysThrough(t *testing.T) {
	raw := []byte(`{"name":"a","format":"json","action":"x"}`)
	opts := []validation.Option{validation.IgnoreKeys("action"), validation.WithFormatArgument("format")}
	if _, err := validation.Bind[ptrArgs]("t", raw, opts...); err != nil {
		t.Fatalf("Bind[S]: %v", err)
	}
	if _, err := validation.Bind[*ptrArgs]("t", raw, opts...); err != nil {
		t.Errorf("Bind[*S]: %v", err)
	}
	if p, err := validation.Bind[**ptrArgs]("t", raw, opts...); err != nil || (**p).Name != "a" {
		t.Errorf("Bind[**S]: %v", err)
	}
	if _, err := validation.Bind[***ptrArgs]("t", raw, opts...); err != nil {
		t.Errorf("Bind[***S]: %v", err)
	}
	var pp *ptrArgs
	if err := validation.Default().BindJSON("t", raw, &pp, opts...); err != nil {
		t.Errorf("BindJSON into **S: %v", err)
	}
	// Nested objects still reject them.
	type outer struct {
		In ptrArgs `json:"in"`
	}
	if err := validation.Default().BindJSON("t", []byte(`{"in":{"name":"a","format":"json"}}`), new(*outer), opts...); err == nil {
		t.Error("a nested format key was let through")
	}
}
