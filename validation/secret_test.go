package validation_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/render"
	"github.com/mcperr/mcperr/validation"
)

type login struct {
	User    string `json:"user" validate:"required,email"`
	PIN     string `json:"pin" validate:"len=6,numeric" mcperr:"secret"`
	Vault   *vault `json:"vault" mcperr:"secret"`
	Comment string `json:"comment" validate:"max=5"`
}

type vault struct {
	Key string `json:"key" validate:"min=20"`
}

// TestSecretTag: a field tagged mcperr:"secret" (or anything inside one)
// never echoes what the caller sent, in any dialect; other fields still do.
func TestSecretTag(t *testing.T) {
	var req mcp.CallToolRequest
	req.Params.Name = "login"
	req.Params.Arguments = json.RawMessage(`{"user":"ann@x.io","pin":"12ab","vault":{"key":"sk-live-short"},"comment":"too long here"}`)
	_, err := validation.Bind[login](req)
	e, ok := errorx.As(err)
	if !ok || len(e.Fields) != 3 {
		t.Fatalf("Bind: %v", err)
	}
	for _, f := range e.Fields {
		_, redacted := f.Sent.(errorx.Redacted)
		if redacted != (f.Path == "pin" || f.Path == "vault.key") {
			t.Errorf("%s: sent %v", f.Path, f.Sent)
		}
	}
	for _, name := range render.Names() {
		d, _ := render.ByName(name)
		b, _ := json.Marshal(d.Render(e))
		if strings.Contains(string(b), "12ab") || strings.Contains(string(b), "sk-live") || !strings.Contains(string(b), "too long here") {
			t.Errorf("%s: %s", name, b)
		}
	}
}
