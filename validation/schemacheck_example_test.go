package validation_test

import (
	"fmt"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/render"
	"github.com/mcperr/mcperr/validation"
)

// A tool whose arguments are declared as JSON Schema (here as mcp-go's
// WithString and Enum write it) gets the errors a tagged struct gets: the
// schema is compiled once, each call checked against it.
func ExampleCompileSchema() {
	schema, err := validation.CompileSchema([]byte(`{
		"type": "object",
		"properties": {
			"email": {"type": "string", "format": "email"},
			"role": {"type": "string", "enum": ["admin", "member"]}
		},
		"required": ["email"],
		"additionalProperties": false
	}`))
	if err != nil {
		panic(err) // the server's own schema: a mistake found when the tool is declared
	}

	err = schema.Check("invites/send", []byte(`{"emial":"ada@example.com","role":"admn"}`))
	e, _ := errorx.As(err)
	fmt.Println(e.Message)
	fmt.Println(render.XML{}.Render(e).Content[0].Text)
	// Output:
	// 2 arguments of invites/send are invalid: email, role; and 1 unknown key was sent.
	// <validation_error action="invites/send">
	// <field name="email">Required. You sent: (missing).</field>
	// <field name="role">Not one of the valid options. You sent: 'admn'. Valid options: 'admin', 'member'. Did you mean 'admin'?</field>
	// <field name="emial">Unknown field. You sent: 'ada@example.com'. Did you mean 'email'?</field>
	// <recovery>Fix the fields above and call the tool again. Do not explain the error.</recovery>
	// </validation_error>
}
