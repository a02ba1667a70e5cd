package errorx_test

import (
	"strconv"
	"testing"

	"github.com/mcperr/mcperr/errorx"
	isecret "github.com/mcperr/mcperr/internal/secret"
	"github.com/mcperr/mcperr/internal/sentence"
)

// BenchmarkDetailsSet builds Details of n keys with Set; small sizes must
// stay cheap, large ones linear.
func BenchmarkDetailsSet(b *testing.B) {
	for _, n := range []int{1, 4, 16, 64, 128, 1024} {
		keys := make([]string, n)
		for i := range keys {
			keys[i] = "key_" + strconv.Itoa(i)
		}
		b.Run("n="+strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				var d errorx.Details
				for _, k := range keys {
					d.Set(k, 1)
				}
				if d.Len() != n {
					b.Fatal(d.Len())
				}
			}
		})
	}
}

// BenchmarkRedactSecrets redacts a typical validation error: one secret
// field, a few plain fields and details.
func BenchmarkRedactSecrets(b *testing.B) {
	e := errorx.New("INVALID_INPUT", "2 arguments are invalid.").
		WithDetail("entity_id", "proj_xyz").WithDetail("count", 3).
		WithFields(sentence.SentField("email", "bad-email", "m"), sentence.SentField("password", "hunter2", "m"),
			sentence.SentField("config", map[string]any{"name": "a", "tags": []any{"x", "y"}}, "m"))
	plain := errorx.New("INVALID_INPUT", "1 argument is invalid.").
		WithDetail("entity_id", "proj_xyz").WithFields(sentence.SentField("email", "bad-email", "m"))
	b.Run("secret", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = isecret.RedactError(e, nil)
		}
	})
	b.Run("plain", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = isecret.RedactError(plain, nil)
		}
	})
	// Sent strings with the characters credential masking looks at (":",
	// "-", "=", "@"), none a credential: the common case of a failing field.
	text := errorx.New("INVALID_INPUT", "4 arguments are invalid.").WithFields(
		sentence.SentField("when", "2024-01-02T10:30:00Z", "m"), sentence.SentField("url", "https://api.example.com/v1/items?id=42&sort=asc", "m"),
		sentence.SentField("note", "Note: the build failed at step 3 - retry later.", "m"), sentence.SentField("email", "ada@example", "m"))
	b.Run("strings", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = isecret.RedactError(text, nil)
		}
	})
}

// BenchmarkIsSecret matches typical argument names against SecretNames.
func BenchmarkIsSecret(b *testing.B) {
	paths := []string{"email", "user.db_password", "max_tokens", "X-API-Key", "accounts.0.name", "password_confirmation"}
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range paths {
			_ = isecret.Is(p, nil)
		}
	}
}
