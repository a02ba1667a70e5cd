package validation_test

import (
	"testing"

	"github.com/mcperr/mcperr/validation"
)

type ptrArgs struct {
	Name string `json:"name" validate:"required"`
}

// TestPointerDepthLetsTopLevelKeysThrough: the format argument and the
// IgnoreKeys keys are let through whatever the pointer depth of the target
// (Bind[**S], BindJSON into a **S), as for S.
func TestPointerDepthLetsTopLevelKeysThrough(t *testing.T) {
	raw := []byte(`{"name":"a","format":"json","action":"x"}`)
	opt := validation.IgnoreKeys("action")
	if _, err := validation.Bind[ptrArgs]("t", raw, opt); err != nil {
		t.Fatalf("Bind[S]: %v", err)
	}
	if _, err := validation.Bind[*ptrArgs]("t", raw, opt); err != nil {
		t.Errorf("Bind[*S]: %v", err)
	}
	if p, err := validation.Bind[**ptrArgs]("t", raw, opt); err != nil || (**p).Name != "a" {
		t.Errorf("Bind[**S]: %v", err)
	}
	if _, err := validation.Bind[***ptrArgs]("t", raw, opt); err != nil {
		t.Errorf("Bind[***S]: %v", err)
	}
	var pp *ptrArgs
	if err := validation.Default().BindJSON("t", raw, &pp, opt); err != nil {
		t.Errorf("BindJSON into **S: %v", err)
	}
	// Nested objects still reject them.
	type outer struct {
		In ptrArgs `json:"in"`
	}
	if err := validation.Default().BindJSON("t", []byte(`{"in":{"name":"a","format":"json"}}`), new(*outer)); err == nil {
		t.Error("a nested format key was let through")
	}
}
