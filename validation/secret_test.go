package validation_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/adapt"
	"github.com/mcperr/mcperr/internal/codes"
	isecret "github.com/mcperr/mcperr/internal/secret"
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
	_, err := validation.Bind[login]("login", json.RawMessage(`{"user":"ann@x.io","pin":"12ab","vault":{"key":"sk-live-short"},"comment":"too long here"}`))
	e, ok := errorx.As(err)
	if !ok || len(e.Fields) != 3 {
		t.Fatalf("Bind: %v", err)
	}
	for _, f := range e.Fields {
		_, redacted := f.Sent.(isecret.Redacted)
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

type account struct {
	Name  string `json:"name"`
	Token string `json:"tok" mcperr:"secret"`
}

type dbConfig struct {
	Pass string `json:"db_pass" validate:"min=12"`
}

type syncArgs struct {
	Accounts  []account          `json:"accounts" validate:"max=1"`
	Mirrors   map[string]account `json:"mirrors" validate:"max=0"`
	VendorKey string             `json:"vendor_key" mcperr:"secret"`
	Password  string             `json:"password"`
	dbConfig  `mcperr:"secret"`
}

// TestSecretInsideSentValues: a value echoed for a field that holds secret
// fields (a list of structs, a map of them, a value of the wrong shape, an
// embedded struct tagged secret, an unknown key nearest to a secret field)
// never carries the secret; the rest of it is still shown.
func TestSecretInsideSentValues(t *testing.T) {
	for _, tc := range []struct {
		name, args string
		path       string
		keep       string // what must still be shown ("" when all is redacted)
	}{
		{"list of structs", `{"accounts":[{"name":"ann","tok":"SECRET-1"},{"name":"bob","tok":"SECRET-2"}]}`, "accounts", "bob"},
		{"map of structs", `{"mirrors":{"eu":{"name":"ann","tok":"SECRET-1"}}}`, "mirrors", "ann"},
		{"wrong shape", `{"accounts":{"name":"ann","tok":"SECRET-1"}}`, "accounts", ""},
		{"embedded struct tagged secret", `{"db_pass":"SECRET-1"}`, "db_pass", ""},
		{"unknown key near a secret", `{"vendorkey":"SECRET-1"}`, "vendorkey", ""},
		{"unknown key near a secret name", `{"pasword":"SECRET-1"}`, "pasword", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := validation.Bind[syncArgs]("sync", json.RawMessage(tc.args))
			e, ok := errorx.As(err)
			if !ok {
				t.Fatalf("Bind: %v", err)
			}
			var f *errorx.Field
			for i := range e.Fields {
				if e.Fields[i].Path == tc.path {
					f = &e.Fields[i]
				}
			}
			if f == nil || !f.WasSent {
				t.Fatalf("no sent field %q in %+v", tc.path, e.Fields)
			}
			if _, whole := f.Sent.(isecret.Redacted); whole != (tc.keep == "") {
				t.Errorf("sent %v: redacted whole = %v", f.Sent, whole)
			}
			if sent, _ := json.Marshal(f.Sent); strings.Contains(string(sent), "SECRET") || !strings.Contains(string(sent), tc.keep) {
				t.Errorf("sent %s", sent)
			}
			for _, name := range render.Names() {
				d, _ := render.ByName(name)
				b, _ := json.Marshal(d.Render(e))
				if strings.Contains(string(b), "SECRET") {
					t.Errorf("%s: %s", name, b)
				}
			}
		})
	}
}

// TestMisspeltSecretNameWithoutTags: a struct with no tagged field still
// hides the value of an unknown key nearest to a field whose name is
// secret, which the Renderer's name-based redaction cannot recognise.
func TestMisspeltSecretNameWithoutTags(t *testing.T) {
	type signup struct {
		User     string `json:"user"`
		Password string `json:"password"`
	}
	_, err := validation.Bind[signup]("signup", json.RawMessage(`{"user":"ann","passwrd":"correct horse","usr":"bob"}`))
	e, ok := errorx.As(err)
	if !ok || len(e.Fields) != 2 {
		t.Fatalf("Bind: %v", err)
	}
	for _, f := range e.Fields {
		_, redacted := f.Sent.(isecret.Redacted)
		if redacted != (f.Path == "passwrd") {
			t.Errorf("%s: sent %v", f.Path, f.Sent)
		}
	}
}

// TestSecretJSONInStrings: arguments double-encoded as a JSON string (a
// common model mistake), or a string sent where an object or a list of a
// type holding secret fields was expected, never echo the secrets inside;
// nor does the text echoed for arguments that are not valid JSON when it
// holds a secret key or the arguments' type holds secret fields. The
// fields' texts never hold them either.
func TestSecretJSONInStrings(t *testing.T) {
	type plain struct {
		User     string `json:"user"`
		Password string `json:"password"`
	}
	for _, c := range []struct {
		name, args, secret string
		dst                any
		echoed             bool
	}{
		{"double-encoded arguments", `"{\"user\":\"ada@x.io\",\"pin\":\"123456\"}"`, "123456", new(login), false},
		{"string for a secret field", `{"vault":"{\"key\":\"sk-live-123\"}"}`, "sk-live-123", new(login), false},
		{"string for a list", `{"accounts":"[{\"name\":\"a\",\"tok\":\"tok_live_123\"}]"}`, "tok_live_123", new(syncArgs), false},
		{"string for a map", `{"mirrors":"{\"m\":{\"tok\":\"tok_live_123\"}}"}`, "tok_live_123", new(syncArgs), false},
		{"invalid JSON, tagged type", `{"pin":"123456",}`, "123456", new(login), false},
		{"invalid JSON, secret name", `{"user":"ada","password":"hunter2",}`, "hunter2", new(plain), false},
		{"invalid JSON, secret name cut", `{"user":"ada","pass` + `word":"hunter2"`, "hunter2", new(plain), false},
		{"invalid JSON, no secret", `{"user":"ada",}`, "ada", new(plain), true},
	} {
		err := validation.Default().BindJSON("t", []byte(c.args), c.dst)
		e, ok := errorx.As(err)
		if !ok || len(e.Fields) == 0 {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		b, _ := json.Marshal(e)
		if strings.Contains(string(b), c.secret) != c.echoed {
			t.Errorf("%s: %s", c.name, b)
		}
		for _, f := range e.Fields {
			texts := f.Message + f.Expected + f.Hint + strings.Join(f.Options, "") + e.Message
			if strings.Contains(texts, c.secret) {
				t.Errorf("%s: the texts echo %q: %+v", c.name, c.secret, f)
			}
		}
	}
}

// TestFieldBoundIsRenderBound: validation bounds its errors as the render
// package bounds replies by default, and says so the same way, so a reply
// shows no fewer fields and counts the others once, in every dialect.
func TestFieldBoundIsRenderBound(t *testing.T) {
	if validation.MaxFields != render.DefaultLimits.MaxFields {
		t.Fatalf("MaxFields %d; render: %d", validation.MaxFields, render.DefaultLimits.MaxFields)
	}
	raw := `{"tags":[` + strings.Repeat("1,", 2*validation.MaxFields) + `1]}`
	err := validation.Default().BindJSON("t", []byte(raw), new(hostileList))
	bounded := adapt.Bound(err.(*errorx.Error))
	if more, _ := bounded.Details.Get(codes.TruncatedKey); len(bounded.Fields) != validation.MaxFields ||
		more != "(truncated: 101 more fields)" {
		t.Errorf("rendered: %d fields, %v", len(bounded.Fields), more)
	}
	for _, name := range render.Names() {
		d, _ := render.ByName(name)
		b, _ := json.Marshal(render.NewRenderer(d).Render(err))
		if !strings.Contains(string(b), "101 more fields") {
			t.Errorf("%s does not say how many fields were left out: %s", name, b)
		}
	}
}

// TestUnknownDottedKeyNearSecret: an unknown key near a secret field has
// its value redacted, whatever it holds: a dot in it does not make its
// last segment the key ({"pasword.x":"hunter2"} was echoed, with the hint
// "Did you mean 'password'?").
func TestUnknownDottedKeyNearSecret(t *testing.T) {
	type args struct {
		Password string `json:"password"`
		Name     string `json:"name"`
	}
	for _, key := range []string{"pasword", "pasword.x", "x.pasword", "a.b.pasword"} {
		fs := fieldsOf(t, validation.New(), new(args), `{`+jsonStr(key)+`:"hunter2"}`)
		if len(fs) != 1 || fs[0].Rule != validation.RuleUnknown {
			t.Fatalf("%s: %s", key, fieldJSON(fs))
		}
		if _, ok := fs[0].Sent.(isecret.Redacted); !ok {
			t.Errorf("%s: sent %#v", key, fs[0].Sent)
		}
	}
}
