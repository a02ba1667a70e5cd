package errorx_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/errorx"
	isecret "github.com/mcperr/mcperr/internal/secret"
	"github.com/mcperr/mcperr/internal/sentence"
)

func TestIsSecret(t *testing.T) {
	for path, secret := range map[string]bool{
		"password": true, "user.db_password": true, "X-API-Key": true, "refresh_token": true, "Authorization": true,
		"clientSecret": true, "session-id": true, "aws.credentials": true, "private_key": true,
		"max_tokens": false, "token_count": false, "author": false, "email": false, "password_hint": false, "": false,
		"api_keys.0": true, "tokens.github": true, "aws.credentials.user": true, "Refresh-Tokens.1": true, "passwords.0.x": true,
		"api_keys": false, "max_tokens.0": true, "user.max_tokens": false, "a.b.c": false, "sessions.0": false, "tokens_used.0": false,
	} {
		assert.Equal(t, secret, isecret.Is(path, nil), "IsSecret(%q)", path)
	}
	assert.True(t, isecret.Is("ssn", []string{"ssn"}), "custom names are not used")
	assert.False(t, isecret.Is("password", []string{"ssn"}), "custom names are not used alone")
}

func TestRedactedNeverPrints(t *testing.T) {
	r := errorx.Redact("hunter2")
	var log bytes.Buffer
	slog.New(slog.NewJSONHandler(&log, nil)).Info("x", "pw", r)
	j, err := json.Marshal(map[string]any{"pw": r})
	require.NoError(t, err)
	for _, out := range []string{fmt.Sprint(r), fmt.Sprintf("%v %+v %#v %s %q %x", r, r, r, r, r, r), string(j), log.String()} {
		assert.NotContains(t, out, "hunter2", "leaks")
		assert.Contains(t, out, "[redacted]", "lacks the mask")
	}
	assert.Equal(t, "hunter2", r.(isecret.Redacted).Value(), "Value lost the secret")
}

func TestRedactSecrets(t *testing.T) {
	e := errorx.New("X", "m").WithDetail("api_key", "k1").WithDetail("count", 3).
		WithFields(sentence.SentField("password", "p", "m"), sentence.RequiredField("token"), sentence.SentField("email", "e", "m"))
	got := isecret.RedactError(e, nil)
	require.NotSame(t, e, got, "nothing was redacted")
	assert.IsType(t, isecret.Redacted{}, got.Fields[0].Sent, "password")
	assert.False(t, got.Fields[1].WasSent, "token")
	assert.Equal(t, "e", got.Fields[2].Sent, "email")
	v, _ := got.Details.Get("api_key")
	assert.Equal(t, "[redacted]", fmt.Sprint(v), "detail api_key")
	assert.Equal(t, "p", e.Fields[0].Sent, "the original was changed")
	assert.Same(t, got, isecret.RedactError(got, nil), "redacting twice cloned again")
	plain := errorx.New("X", "m").WithFields(sentence.SentField("email", "e", "m"))
	assert.Same(t, plain, isecret.RedactError(plain, nil), "an error without secrets was cloned")
}

func TestRedactSecretsInsideValues(t *testing.T) {
	account := map[string]any{
		"name": "a", "api_token": "T1", "max_tokens": json.Number("5"),
		"nested": []any{map[string]any{"password": "P1", "id": "x"}},
		"tokens": []any{"T2"}, "token_count": json.Number("2"),
	}
	e := errorx.New("X", "m").
		WithFields(
			sentence.SentField("accounts", []any{account}, "m"),
			sentence.SentField("api_keys", []any{"K1"}, "m"),
			sentence.SentField("api_keys.1", "K2", "m"),
			sentence.SentField("max_tokens", json.Number("9"), "m"),
			sentence.SentField("", map[string]any{"Secret": "S1", "ok": true}, "m"),
		).
		WithDetail("config", map[string]any{"db": map[string]any{"passwd": "P2"}})
	got := isecret.RedactError(e, nil)
	text := fmt.Sprintf("%v %v", got.Fields, got.Details.Pairs())
	for _, secret := range []string{"T1", "T2", "P1", "P2", "K1", "K2", "S1"} {
		assert.NotContains(t, text, secret, "leaks")
	}
	for _, kept := range []string{"max_tokens:5", "token_count:2", "id:x", "name:a", "ok:true"} {
		assert.Contains(t, text, kept, "was redacted too")
	}
	assert.Equal(t, json.Number("9"), got.Fields[3].Sent, "the count max_tokens was redacted")
	assert.Equal(t, "T1", account["api_token"], "the original values were changed")
	assert.Equal(t, []any{"K1"}, e.Fields[1].Sent, "the original values were changed")
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
		assert.True(t, isecret.Is(name, nil), "IsSecret(%q)", name)
	}
	for _, name := range plain {
		assert.False(t, isecret.Is(name, nil), "IsSecret(%q)", name)
	}
}

// TestIsSecretAllocs: IsSecret, run on every key of every echoed value,
// allocates nothing.
func TestIsSecretAllocs(t *testing.T) {
	n := testing.AllocsPerRun(100, func() {
		for _, p := range []string{"user.db_password", "max_tokens", "X-API-Key", "passwordConfirm", "pinned", "tokens.0"} {
			_ = isecret.Is(p, nil)
		}
	})
	assert.Zero(t, n, "allocations")
}

// TestIsSecretCustomNames: custom names follow the same rules, whatever
// their case and separators.
func TestIsSecretCustomNames(t *testing.T) {
	names := []string{"SSN", "card_number_", "iban"}
	for path, secret := range map[string]bool{
		"ssn": true, "user.SSN": true, "customer_ssn": true, "cardNumber": true, "card-number": true, "iban_code": true,
		"password": false, "ssn_count": false, "lessn": false, "cardNumbers": false, "cardNumbers.0": true,
	} {
		assert.Equal(t, secret, isecret.Is(path, names), "IsSecret(%q, %q)", path, names)
	}
}
