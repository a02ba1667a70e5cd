package validation_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/sentence"
	"github.com/mcperr/mcperr/validation"
)

// TestMissingOneOfIsRequired: a field that only oneof makes required (the
// schema lists it in required: its empty value is not an option) reads
// "Required." when it is not sent, with the valid options, from Bind and
// from Check; so does one tagged required and oneof, also sent empty. It
// read "Not one of the valid options. You sent: (missing)." from Bind, and
// Check gave no options.
func TestMissingOneOfIsRequired(t *testing.T) {
	type args struct {
		Role  string   `json:"role" validate:"oneof=admin member"`
		Level int      `json:"level" validate:"oneof=1 2 3"`
		Kind  string   `json:"kind" validate:"required,oneof=a b"`
		Opt   string   `json:"opt" validate:"omitempty,oneof=x y"`
		Tags  []string `json:"tags" validate:"dive,oneof=p q"`
	}
	required := func(path string, opts ...string) errorx.Field {
		f := sentence.RequiredField(path)
		f.Options = opts
		return f
	}
	raw, err := validation.InputSchema[args]()
	require.NoError(t, err)
	sch, err := validation.CompileSchema(raw)
	require.NoError(t, err)
	empty := required("kind", "a", "b")
	empty.Sent, empty.WasSent, empty.Hint = "", true, "An empty string does not count."
	for _, c := range []struct {
		args string
		want []errorx.Field
	}{
		{`{}`, []errorx.Field{required("role", "admin", "member"), required("level", "1", "2", "3"), required("kind", "a", "b")}},
		{`{"role":"admin","level":2,"kind":""}`, []errorx.Field{empty}},
		{`{"role":"adm","level":2,"kind":"a"}`, []errorx.Field{S("role", "adm").R("oneof", "Not one of the valid options.").
			O("admin", "member").H("Did you mean 'admin'?").F()}},
	} {
		assert.Equal(t, c.want, fieldsOf(t, validation.New(), new(args), c.args), "Bind %s", c.args)
		e, ok := errorx.As(sch.Check("tool", []byte(c.args)))
		require.True(t, ok, c.args)
		assert.Equal(t, c.want, e.Fields, "Check %s", c.args)
	}
}
