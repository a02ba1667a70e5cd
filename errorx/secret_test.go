package errorx_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/mcperr/mcperr/errorx"
)

func TestIsSecret(t *testing.T) {
	for path, secret := range map[string]bool{
		"password": true, "user.db_password": true, "X-API-Key": true, "refresh_token": true, "Authorization": true,
		"clientSecret": true, "session-id": true, "aws.credentials": true, "private_key": true,
		"max_tokens": false, "token_count": false, "author": false, "email": false, "password_hint": false, "": false,
		"api_keys.0": true, "tokens.github": true, "aws.credentials.user": true, "Refresh-Tokens.1": true, "passwords.0.x": true,
		"api_keys": false, "max_tokens.0": true, "user.max_tokens": false, "a.b.c": false, "sessions.0": false, "tokens_used.0": false,
	} {
		if got := errorx.IsSecret(path, nil); got != secret {
			t.Errorf("IsSecret(%q) = %v", path, got)
		}
	}
	if !errorx.IsSecret("ssn", []string{"ssn"}) || errorx.IsSecret("password", []string{"ssn"}) {
		t.Error("custom names are not used alone")
	}
}

func TestRedactedNeverPrints(t *testing.T) {
	r := errorx.Redact("hunter2")
	var log bytes.Buffer
	slog.New(slog.NewJSONHandler(&log, nil)).Info("x", "pw", r)
	j, _ := json.Marshal(map[string]any{"pw": r})
	for _, out := range []string{fmt.Sprint(r), fmt.Sprintf("%v %+v %#v %s %q %x", r, r, r, r, r, r), string(j), log.String()} {
		if strings.Contains(out, "hunter2") || !strings.Contains(out, "[redacted]") {
			t.Errorf("leaks or lacks the mask: %s", out)
		}
	}
	if r.Value() != "hunter2" {
		t.Error("Value lost the secret")
	}
}

func TestRedactSecrets(t *testing.T) {
	e := errorx.New("X", "m").WithDetail("api_key", "k1").WithDetail("count", 3).
		WithFields(errorx.SentField("password", "p", "m"), errorx.MissingField("token", "m"), errorx.SentField("email", "e", "m"))
	got := errorx.RedactSecrets(e, nil)
	if got == e {
		t.Fatal("nothing was redacted")
	}
	if _, ok := got.Fields[0].Sent.(errorx.Redacted); !ok || got.Fields[2].Sent != "e" || got.Fields[1].WasSent {
		t.Errorf("fields: %+v", got.Fields)
	}
	if v, _ := got.Details.Get("api_key"); fmt.Sprint(v) != "[redacted]" {
		t.Errorf("detail api_key: %v", v)
	}
	if e.Fields[0].Sent != "p" {
		t.Error("the original was changed")
	}
	if again := errorx.RedactSecrets(got, nil); again != got {
		t.Error("redacting twice cloned again")
	}
	plain := errorx.New("X", "m").WithFields(errorx.SentField("email", "e", "m"))
	if errorx.RedactSecrets(plain, nil) != plain {
		t.Error("an error without secrets was cloned")
	}
}

func TestRedactSecretsInsideValues(t *testing.T) {
	account := map[string]any{
		"name": "a", "api_token": "T1", "max_tokens": json.Number("5"),
		"nested": []any{map[string]any{"password": "P1", "id": "x"}},
		"tokens": []any{"T2"}, "token_count": json.Number("2"),
	}
	e := errorx.New("X", "m").
		WithFields(
			errorx.SentField("accounts", []any{account}, "m"),
			errorx.SentField("api_keys", []any{"K1"}, "m"),
			errorx.SentField("api_keys.1", "K2", "m"),
			errorx.SentField("max_tokens", json.Number("9"), "m"),
			errorx.SentField("", map[string]any{"Secret": "S1", "ok": true}, "m"),
		).
		WithDetail("config", map[string]any{"db": map[string]any{"passwd": "P2"}})
	got := errorx.RedactSecrets(e, nil)
	text := fmt.Sprintf("%v %v", got.Fields, got.Details.Pairs())
	for _, secret := range []string{"T1", "T2", "P1", "P2", "K1", "K2", "S1"} {
		if strings.Contains(text, secret) {
			t.Errorf("%s leaks: %s", secret, text)
		}
	}
	for _, kept := range []string{"max_tokens:5", "token_count:2", "id:x", "name:a", "ok:true"} {
		if !strings.Contains(text, kept) {
			t.Errorf("%s was redacted too: %s", kept, text)
		}
	}
	if got.Fields[3].Sent != json.Number("9") {
		t.Errorf("the count max_tokens was redacted: %v", got.Fields[3].Sent)
	}
	if account["api_token"] != "T1" || e.Fields[1].Sent.([]any)[0] != "K1" {
		t.Error("the original values were changed")
	}
}
