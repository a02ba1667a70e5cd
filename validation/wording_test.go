package validation_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/sentence"
	"github.com/mcperr/mcperr/validation"
)

type createUser struct {
	Name  string `json:"name" validate:"required,min=2"`
	Email string `json:"email" validate:"required,email"`
	Role  string `json:"role" validate:"oneof=admin member"`
}

// TestSummaryWording: the summary says what is wrong in one reading: the
// invalid arguments by name, then the unknown keys as a clause of their
// own (it read "2 arguments of create_user are invalid: name, 1 unknown
// key.", the count as if it were one more name); past ten names, how many
// more. Bind and Check write the same.
func TestSummaryWording(t *testing.T) {
	raw, err := validation.InputSchema[createUser]()
	require.NoError(t, err)
	sch, err := validation.CompileSchema(raw)
	require.NoError(t, err)
	for _, c := range []struct{ args, want string }{
		{`{"name":"A","email":"a@b.co","role":"admin","nmae":"Ada"}`,
			"1 argument of create_user is invalid: name; and 1 unknown key was sent."},
		{`{"name":"A","email":"a","role":"admin","x":1,"y":2}`,
			"2 arguments of create_user are invalid: name, email; and 2 unknown keys were sent."},
		{`{"name":"Ada","email":"a@b.co","role":"admin","x":1}`, "1 unknown key was sent to create_user."},
		{`{"name":"Ada","email":"a@b.co","role":"admin","x":1,"y":2,"z":3}`, "3 unknown keys were sent to create_user."},
		{`{"name":"A","email":"a@b.co","role":"admin"}`, "1 argument of create_user is invalid: name."},
		{`{"name":"A","email":"a","role":"x"}`, "3 arguments of create_user are invalid: name, email, role."},
	} {
		e, ok := errorx.As(validation.New().BindJSON("create_user", []byte(c.args), new(createUser)))
		require.True(t, ok, c.args)
		assert.Equal(t, c.want, e.Message, "Bind %s", c.args)
		e, ok = errorx.As(sch.Check("create_user", []byte(c.args)))
		require.True(t, ok, c.args)
		assert.Equal(t, c.want, e.Message, "Check %s", c.args)
	}
	assert.Equal(t, "1 unknown key was sent.", validation.NewError("", []errorx.Field{{Path: "x", Rule: validation.RuleUnknown}}).Message)
}

// TestSummaryPastTenNames: the summary names ten arguments and says how
// many more there are, each counted once however many fields it has.
func TestSummaryPastTenNames(t *testing.T) {
	var fields []errorx.Field
	for i := range 12 {
		fields = append(fields, sentence.RequiredField("a"+strconv.Itoa(i)))
	}
	fields = append(fields, sentence.RequiredField("a11.x"), errorx.Field{Path: "k", Rule: validation.RuleUnknown})
	var names []string
	for i := range 10 {
		names = append(names, "a"+strconv.Itoa(i))
	}
	assert.Equal(t, "12 arguments of t are invalid: "+strings.Join(names, ", ")+" and 2 more; and 1 unknown key was sent.",
		validation.NewError("t", fields).Message)
}
