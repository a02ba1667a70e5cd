package errorx_test

import (
	"encoding/json"
	"strings"
	"testing"

	isecret "github.com/mcperr/mcperr/internal/secret"

	"github.com/stretchr/testify/assert"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/sentence"
	"github.com/mcperr/mcperr/render"
)

// jwt is a JSON Web Token as issuers write them: three base64url segments,
// the first a JSON object ({"alg":…}).
const jwt = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"

// ghToken is a random-looking token (a GitHub personal access token's
// shape).
const ghToken = "ghp_16C7e42F292c6912E7710c838347Ae178B4a"

// TestRedactSecretShapes: the shapes in which a string spells out a
// secret, sent for a field whose name is not secret, are masked; the rest
// of the string is kept.
func TestRedactSecretShapes(t *testing.T) {
	for sent, want := range map[string]string{
		// key = value, key: value, and YAML.
		"password = hunter2":                       "password = [redacted]",
		"host=db password = 'hunter 2' port=5432":  "host=db password = '[redacted]' port=5432",
		"password: hunter2":                        "password: [redacted]",
		"user: ada\npassword: hunter2\nport: 5432": "user: ada\npassword: [redacted]\nport: 5432",
		"db:\n  user: ada\n  password: hunter2\n":  "db:\n  user: ada\n  password: [redacted]\n",
		`{password: 'hunter2', user: 'ada'}`:       `{password: '[redacted]', user: 'ada'}`,
		`"api_key": "k-123", "n": 1`:               `"api_key": "[redacted]", "n": 1`,
		// Compact JSON-like text that is not valid JSON (a control
		// character in a string), whose members are read as text.
		"{\"a\":\"\x0e\",\"pin\":1234,\"n\":1}":               "{\"a\":\"\x0e\",\"pin\":[redacted],\"n\":1}",
		"{\"a\":\"\x0e\",\"pin\":[12,34],\"n\":1}":            "{\"a\":\"\x0e\",\"pin\":[redacted],\"n\":1}",
		"{\"a\":\"\x0e\",\"auth\":{\"k\":\"]}\"},\"n\":1}":    "{\"a\":\"\x0e\",\"auth\":[redacted],\"n\":1}",
		"{\"a\":\"\x0e\",\"password\":\"hunter2\"}":           "{\"a\":\"\x0e\",\"password\":\"[redacted]\"}",
		"secrets:\n  db: hunter2\n  api: k-123\nport: 5432":   "secrets:\n  [redacted]\nport: 5432",
		"password:\n  hunter2\nuser: ada":                     "password:\n  [redacted]\nuser: ada",
		"private_key: |\n  -----BEGIN KEY-----\n  MIIE\nx: 1": "private_key: |\n  [redacted]\nx: 1",
		"- name: db\n  password: hunter2":                     "- name: db\n  password: [redacted]",
		// Headers.
		"Authorization: Bearer " + ghToken:                      "Authorization: [redacted]",
		"GET / HTTP/1.1\r\nX-Api-Key: k-123\r\nHost: a":         "GET / HTTP/1.1\r\nX-Api-Key: [redacted]\r\nHost: a",
		`curl -H "Authorization: Basic dXNlcjpwYXNz" https://a`: `curl -H "Authorization: [redacted]" https://a`,
		"Cookie: session=abc123; theme=dark":                    "Cookie: [redacted]",
		// Bearer tokens and JWTs anywhere.
		"use Bearer " + ghToken + " to call":   "use Bearer [redacted] to call",
		"bearer " + jwt:                        "bearer [redacted]",
		"token was " + jwt + ", expired":       "token was [redacted], expired",
		"https://a.example/cb?id_token=" + jwt: "https://a.example/cb?id_token=[redacted]",
		"eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.": "[redacted]",
		// Command-line flags.
		"mysql --user app --password hunter2 db": "mysql --user app --password [redacted] db",
		"run --api-key=k-123 --verbose":          "run --api-key=[redacted] --verbose",
		"login --token '" + ghToken + "'":        "login --token '[redacted]'",
		// URL-encoded pairs.
		"q=1&password%3Dhunter2%26user%3Dada": "q=1&password%3D[redacted]%26user%3Dada",
		"state=password%3dhunter2":            "state=password%3d[redacted]",
		// A token as a URL's user.
		"https://" + ghToken + "@github.com/o/r":                      "https://[redacted]@github.com/o/r",
		"git clone https://oauth2:" + ghToken + "@gitlab.example/o/r": "git clone https://oauth2:[redacted]@gitlab.example/o/r",
	} {
		assert.Equal(t, want, redactedSent("text", sent), "%q", sent)
	}
}

// TestRedactSecretShapesProse: prose that names a secret, ordinary URLs
// and values of the shapes above under names that are not secret are left
// as they are.
func TestRedactSecretShapesProse(t *testing.T) {
	for _, sent := range []string{
		"the password must be 8 characters",
		"pass the token count to the model",
		"Reset your password: click the link we sent.",
		"Note: the token expires in an hour.",
		"user: ada\nport: 5432",
		"the bearer of this letter",
		"Bearer authentication is required",
		"Bearer abc",
		"if password == confirm { ok }",
		"x = 1, token_count = 5, max_tokens: 7",
		"https://user@example.com/",
		"https://ada.lovelace@example.com/",
		"https://x-access-token@github.com/o/r",
		"ssh://git@github.com/o/r",
		"mailto:ada@example.com",
		"the --verbose flag, --dry-run x",
		"a -- password -- b",
		"eyJ alone, and eyJabc.def without a third part",
		"10:30, 2024-01-02T10:30:00Z",
		"password_hint: your pet's name",
	} {
		assert.Equal(t, sent, redactedSent("text", sent), "%q", sent)
	}
}

// TestRedactSecretBlocks: a YAML block under a plural secret name is a
// list or an object of secrets, as RedactSecrets takes a list or an object
// under such a name (max_tokens too: IsSecret's plural rule); a block under
// a name that is not secret is kept, and so is a scalar under a plural.
func TestRedactSecretBlocks(t *testing.T) {
	for sent, want := range map[string]string{
		"api_keys:\n  - k1\n  - k2":        "api_keys:\n  [redacted]",
		"max_tokens:\n  - 5\n  - 7":        "max_tokens:\n  [redacted]",
		"token_counts:\n  - 5\n  - 7":      "token_counts:\n  - 5\n  - 7",
		"items:\n  - a\n  - b":             "items:\n  - a\n  - b",
		"tokens: 5":                        "tokens: 5",
		"secrets:\n\n  a: 1\n\nb: 2":       "secrets:\n\n  [redacted]\n\nb: 2",
		"x:\n  secrets:\n    a: 1\n  b: 2": "x:\n  secrets:\n    [redacted]\n  b: 2",
	} {
		assert.Equal(t, want, redactedSent("text", sent), "%q", sent)
	}
}

// TestRedactSecretPairs: name/value pairs in an echoed value (a list of
// two-element lists, an object with a name or key member and a value
// member) have the value of a secret name redacted, in values and in JSON
// text alike; pairs under other names, and lists that are not all pairs,
// are kept.
func TestRedactSecretPairs(t *testing.T) {
	for sent, want := range map[string]string{
		`[["password","hunter2"],["user","ada"]]`:                                             `[["password","[redacted]"],["user","ada"]]`,
		`[["Authorization","Basic dXNlcjpwYXNz"]]`:                                            `[["Authorization","[redacted]"]]`,
		`{"headers":[{"name":"Authorization","value":"x1"},{"name":"Accept","value":"*/*"}]}`: `{"headers":[{"name":"Authorization","value":"[redacted]"},{"name":"Accept","value":"*/*"}]}`,
		`[{"key":"api_key","value":"k1","enabled":true}]`:                                     `[{"key":"api_key","value":"[redacted]","enabled":true}]`,
		`[{"Name":"DB_PASSWORD","Value":"p1"}]`:                                               `[{"Name":"DB_PASSWORD","Value":"[redacted]"}]`,
		`{"name":"token","value":{"a":1}}`:                                                    `{"name":"token","value":"[redacted]"}`,
		`["password","reset"]`:                                                                `["password","reset"]`,
		`[["password","reset"],"x"]`:                                                          `[["password","reset"],"x"]`,
		`[{"name":"Accept","value":"*/*"}]`:                                                   `[{"name":"Accept","value":"*/*"}]`,
		`{"name":"password_hint","value":"pet"}`:                                              `{"name":"password_hint","value":"pet"}`,
	} {
		assert.Equal(t, want, redactedSent("args", sent), "%s", sent)
		var v any
		if assert.NoError(t, json.Unmarshal([]byte(sent), &v)) {
			got, err := json.Marshal(redactedSent("args", v))
			assert.NoError(t, err)
			assert.JSONEq(t, want, string(got), "decoded %s", sent)
		}
	}
}

// TestIsSecretMoreNames: auth, bearer, access_key and signature are secret
// names; what describes them is not.
func TestIsSecretMoreNames(t *testing.T) {
	for path, secret := range map[string]bool{
		"auth": true, "basic_auth": true, "authHeader": true, "proxy-auth": true, "OAuth": true,
		"bearer": true, "bearer_token": true, "access_key": true, "aws_access_key": true, "AccessKey": true,
		"signature": true, "webhook_signature": true, "x-hub-signature-256": true,
		"author": false, "authors": false, "auth_type": false, "auth_method": false, "auth_url": false, "auth_enabled": false,
		"otpauth_uri": false, "access_key_id": false, "AccessKeyId": false, "signature_algorithm": false,
		"signature_version": false, "bearer_format": false, "access_level": false, "token_id": false,
	} {
		assert.Equal(t, secret, isecret.Is(path, nil), "IsSecret(%q)", path)
	}
}

// TestSecretShapesOnTheWire: each shape, sent for a field that is not
// secret, is not echoed by any dialect (the JSON dialects echo the sent
// value whole).
func TestSecretShapesOnTheWire(t *testing.T) {
	for _, sent := range []any{
		"password = hunter2", "password: hunter2", "secrets:\n  db: hunter2", "Authorization: Bearer hunter2",
		"Bearer hunter2hunter2hunter2", "--password hunter2", "--password=hunter2", "password%3Dhunter2",
		"https://hunter2hunter2HUNTER2@host/", "eyJhbGciOiJIUzI1NiJ9.eyJodW50ZXIyIjoxfQ.hunter2",
		[]any{[]any{"password", "hunter2"}}, map[string]any{"name": "Authorization", "value": "hunter2"},
		map[string]any{"auth": "hunter2", "bearer": "hunter2", "access_key": "hunter2", "signature": "hunter2"},
	} {
		e := errorx.New(errorx.CodeInvalidInput, "1 argument is invalid.").WithFields(sentence.SentField("note", sent, "Too long."))
		red := isecret.RedactError(e, nil)
		for _, name := range render.Names() {
			d, _ := render.ByName(name)
			if te, ok := d.(render.ToolError); ok {
				te.Mode = render.ModeBoth
				d = te
			}
			res := d.Render(red)
			wire, _ := json.Marshal(res)
			assert.NotContains(t, strings.ReplaceAll(string(wire), `\u0026`, "&"), "hunter2", "%s echoes %v", name, sent)
		}
	}
}

// TestRedactSecretPairsEmptyKey: an object with an empty key and no
// name/value pair keeps the empty key's value (an empty key once read as
// "the pair's value").
func TestRedactSecretPairsEmptyKey(t *testing.T) {
	v := map[string]any{"": 1.5, "x": map[string]any{}}
	got := redactedSent("args", map[string]any{"in": v})
	assert.Equal(t, map[string]any{"in": v}, got)
	d := errorx.DetailsOf(errorx.Detail{Key: "", Value: 1.5})
	got = redactedSent("args", d)
	assert.Equal(t, d, got)
}
