package secret_test

import (
	"fmt"

	isecret "github.com/mcperr/mcperr/internal/secret"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/sentence"
)

// RedactSecrets hides secrets by name, by word (password_confirmation),
// inside a JSON text a model sent instead of an object, and in a DSN;
// counts named like secrets (max_tokens) stay.
func Example_redactSecrets() {
	e := errorx.New(errorx.CodeInvalidInput, "3 arguments are invalid.").WithFields(
		sentence.SentField("password_confirmation", "hunter3", "Does not match password."),
		sentence.SentField("login", `{"user":"ada","password":"hunter2"}`, "Want an object, not a string."),
		sentence.SentField("max_tokens", 99999, "At most 4096."),
	).WithDetail("dsn", "postgres://app:pg_pw@db/app")
	r := isecret.RedactError(e, nil)
	for _, f := range r.Fields {
		fmt.Printf("%s: %v\n", f.Path, f.Sent)
	}
	dsn, _ := r.Details.Get("dsn")
	fmt.Println("dsn:", dsn)
	// Output:
	// password_confirmation: [redacted]
	// login: {"user":"ada","password":"[redacted]"}
	// max_tokens: 99999
	// dsn: postgres://app:[redacted]@db/app
}

// A map that holds itself is cut where it recurs, as every writer cuts it.
func Example_redactSecretsCycle() {
	m := map[string]any{"name": "loop", "token": "t0k"}
	m["self"] = m
	r := isecret.RedactError(errorx.New("X", "m").WithDetail("m", m), nil)
	b, _ := r.MarshalJSON()
	fmt.Println(string(b))
	// Output:
	// {"code":"X","class":"INTERNAL","message":"m","details":{"m":{"name":"loop","self":"!ERROR:cycle","token":"[redacted]"}}}
}
