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
		WithFields(errorx.SentField("password", "p", "m"), errorx.RequiredField("token"), errorx.SentField("email", "e", "m"))
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

// TestIsSecretWords: names are matched by their words (snake, camel,
// kebab, acronyms, digits), not only as suffixes, and a word that only
// contains a short name, or a word that describes the secret, is no
// secret.
func TestIsSecretWords(t *testing.T) {
	secret := []string{
		"password_confirmation", "passwordConfirm", "PasswordConfirmation", "new-password", "password2",
		"secret_key", "secretKey", "aws_secret_access_key", "AWS_SECRET_ACCESS_KEY", "client_secret",
		"pwd", "user_pwd", "userPWD", "pass", "db_pass", "dbPass", "DB-PASS", "passcode", "pin", "sim_pin", "pin_code",
		"otp", "otp_code", "OTPCode", "totp", "cvv", "card_cvc", "private_key_pem", "privateKey", "token2", "token_2",
		"access_token", "accessToken", "accesstoken", "x-api-key", "APIKey", "xApiKey", "dbpassword",
		"session_id", "set-cookie", "credentials", "auth.token", "config.db.password", "password_hash",
	}
	plain := []string{
		"max_tokens", "token_count", "input_tokens", "output_tokens", "tokens_used", "tokens_per_second",
		"completion_tokens", "max_token", "num_tokens", "token_type", "token_expires_in", "token_url",
		"password_hint", "password_min_length", "passwordPolicy", "secret_name", "secret_arn", "secret_version",
		"otp_enabled", "pin_count", "pass_rate", "private_key_file",
		"pinned", "spin", "spinner", "opinion", "pinyin", "passage", "passenger", "passport", "compass", "bypass",
		"tokenizer", "secretary", "keyboard", "author", "otpauth_uri", "shipping", "email", "a.b.c", "",
	}
	for _, name := range secret {
		if !errorx.IsSecret(name, nil) {
			t.Errorf("IsSecret(%q) = false", name)
		}
	}
	for _, name := range plain {
		if errorx.IsSecret(name, nil) {
			t.Errorf("IsSecret(%q) = true", name)
		}
	}
}

// TestIsSecretAllocs: IsSecret, run on every key of every echoed value,
// allocates nothing.
func TestIsSecretAllocs(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() {
		for _, p := range []string{"user.db_password", "max_tokens", "X-API-Key", "passwordConfirm", "pinned", "tokens.0"} {
			_ = errorx.IsSecret(p, nil)
		}
	}); n != 0 {
		t.Errorf("%v allocations", n)
	}
}

// TestIsSecretCustomNames: custom names follow the same rules, whatever
// their case and separators.
func TestIsSecretCustomNames(t *testing.T) {
	names := []string{"SSN", "card_number_", "iban"}
	for path, secret := range map[string]bool{
		"ssn": true, "user.SSN": true, "customer_ssn": true, "cardNumber": true, "card-number": true, "iban_code": true,
		"password": false, "ssn_count": false, "lessn": false, "cardNumbers": false, "cardNumbers.0": true,
	} {
		if got := errorx.IsSecret(path, names); got != secret {
			t.Errorf("IsSecret(%q, %q) = %v", path, names, got)
		}
	}
}
