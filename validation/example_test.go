package validation_test

import (
	"encoding/json"
	"fmt"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/render"
	"github.com/mcperr/mcperr/validation"
)

// SendInvite declares a tool's arguments: json names, validate rules.
type SendInvite struct {
	Email string `json:"email" validate:"required,email"`
	Role  string `json:"role" validate:"oneof=admin member"`
}

// An agent calls invites/send with a misspelled key and a typo in an enum;
// one error names every problem, rendered here in MCP Fusion's XML.
func Example() {
	args := json.RawMessage(`{"emial":"ada@example.com","role":"admn"}`)
	_, err := validation.Bind[SendInvite]("invites/send", args)
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

// Action routes a grouped tool and suggests the action meant.
func ExampleAction() {
	_, e := validation.Action("action", "delte", "list", "create", "delete")
	fmt.Println(e.Code)
	fmt.Println(e.Recovery)
	// Output:
	// UNKNOWN_ACTION
	// Choose a valid action from available_actions and call the tool again. Did you mean "delete"?
}
