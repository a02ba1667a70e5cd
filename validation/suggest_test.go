package validation_test

import (
	"testing"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/secret"
	"github.com/mcperr/mcperr/validation"
)

type pageArgs struct {
	Age  int      `json:"age"`
	Tags []string `json:"tags"`
	Page int      `json:"page"`
	Name string   `json:"name"`
	Same string   `json:"same"`
}

// TestDidYouMeanSkipsSentNames: the hint of an unknown key never points at
// a name the call already sent, and names every candidate that ties.
func TestDidYouMeanSkipsSentNames(t *testing.T) {
	for _, tc := range []struct{ args, key, hint string }{
		{`{"ags":["x"],"age":3}`, "ags", "Did you mean 'tags'?"},
		{`{"age":3,"ags":["x"]}`, "ags", "Did you mean 'tags'?"},
		{`{"sage":1,"page":2}`, "sage", "Did you mean 'age' or 'same'?"},
		{`{"sage":1,"page":2,"age":3}`, "sage", "Did you mean 'same'?"},
		{`{"ags":1}`, "ags", "Did you mean 'age' or 'tags'?"},
		{`{"age":1,"tags":[],"ags":1}`, "ags", "Did you mean 'age' or 'tags'?"},
		{`{"nme":"x"}`, "nme", "Did you mean 'name'?"},
	} {
		err := validation.Default().BindJSON("t", []byte(tc.args), new(pageArgs))
		e, _ := errorx.As(err)
		if e == nil {
			t.Fatalf("%s: no error", tc.args)
		}
		var hint string
		for _, f := range e.Fields {
			if f.Path == tc.key {
				hint = f.Hint
			}
		}
		if hint != tc.hint {
			t.Errorf("%s: hint %q, want %q", tc.args, hint, tc.hint)
		}
	}
}

type tieSecret struct {
	Taken string `json:"taken"`
	Token string `json:"token" mcperr:"secret"`
}

// TestTiedHintNamingASecretRedacts: an unknown key whose hint names a
// secret field among others is redacted as one nearest to it alone.
func TestTiedHintNamingASecretRedacts(t *testing.T) {
	err := validation.Default().BindJSON("t", []byte(`{"tkken":"s3cr3t"}`), new(tieSecret))
	e, _ := errorx.As(err)
	f := e.Fields[0]
	if _, redacted := f.Sent.(secret.Redacted); !redacted || f.Hint != "Did you mean 'taken' or 'token'?" {
		t.Errorf("sent %v, hint %q: want it redacted, both names offered", f.Sent, f.Hint)
	}
}
