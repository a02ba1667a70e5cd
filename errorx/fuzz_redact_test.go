package errorx_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/mcperr/mcperr/errorx"
	isecret "github.com/mcperr/mcperr/internal/secret"
	"github.com/mcperr/mcperr/internal/sentence"
	"github.com/mcperr/mcperr/render"
)

// graph builds, from data, a value of up to 16 containers (maps, lists,
// Details and *Details) whose members point at any container, itself and
// its ancestors included, or are leaves, the secret "hunter2" always under
// the key "password".
func graph(data []byte) any {
	next := func() int {
		if len(data) == 0 {
			return 0
		}
		b := data[0]
		data = data[1:]
		return int(b)
	}
	n := next()%16 + 1
	kinds := make([]int, n)
	maps := make([]map[string]any, n)
	lists := make([][]any, n)
	dets := make([]*errorx.Details, n)
	for i := range n {
		kinds[i] = next() % 4
		maps[i], lists[i], dets[i] = map[string]any{}, make([]any, next()%4), &errorx.Details{}
	}
	node := func(i int) any {
		switch kinds[i] {
		case 0:
			return maps[i]
		case 1:
			return lists[i]
		case 2:
			return *dets[i] // shares its storage: a cycle through it is one too
		}
		return dets[i]
	}
	member := func() (string, any) {
		switch c := next(); {
		case c < 128:
			return "k" + string(rune('a'+c%5)), node(c % n)
		case c < 160:
			return "password", "hunter2"
		case c < 192:
			return "note", `{"password":"hunter2","n":1}`
		}
		return "v", "plain"
	}
	for i := range n {
		m := next() % 4
		for j := range m {
			k, v := member()
			maps[i][k] = v
			if j < len(lists[i]) && k != "password" {
				lists[i][j] = v
			}
			dets[i].Set(k, v)
		}
	}
	return node(0)
}

// FuzzRedactGraph: RedactSecrets and every dialect through a Renderer
// finish on any graph of maps, lists and Details, cycles and shared parts
// included, and never let the secret through.
func FuzzRedactGraph(f *testing.F) {
	f.Add([]byte{1, 0, 3, 1, 0, 2, 0})
	f.Add([]byte{3, 0, 2, 1, 1, 2, 1, 3, 2, 0, 3, 0, 1, 2, 140, 170})
	f.Add([]byte{15, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3})
	f.Add([]byte("\x08\x02\x03\x00\x01\x02\x03\x00\x01\x02\x03\x00\x01\x02\x03\x00\x01\x02\x03\x00\x01\x02\x03\x00\x01\x02\x03\x00\x01\x02\x03\x00\x01\x02\x03"))
	f.Fuzz(func(t *testing.T, data []byte) {
		e := errorx.New("X", "m").WithDetail("g", graph(data)).WithFields(sentence.SentField("arg", graph(data), "m"))
		var out string
		within(t, 10*time.Second, "RedactSecrets and MarshalJSON", func() {
			b, err := json.Marshal(isecret.RedactError(e, nil))
			if err != nil {
				t.Errorf("marshal: %v", err)
			}
			out = string(b)
		})
		if strings.Contains(out, "hunter2") {
			t.Fatalf("the secret leaks: %s", out)
		}
		for _, d := range []render.Dialect{render.Interbase{}, render.ToolError{}, render.XML{}, render.Contract{}, render.Envelope{}} {
			within(t, 10*time.Second, d.Name(), func() {
				for _, c := range render.NewRenderer(d).Render(e).Content {
					if b, _ := json.Marshal(c); strings.Contains(string(b), "hunter2") {
						t.Errorf("%s: the secret leaks: %s", d.Name(), b)
					}
				}
			})
		}
	})
}

// FuzzRedactJSONText: whatever JSON a caller sends as a string, every
// member of what RedactSecrets returns whose key is secret is redacted.
func FuzzRedactJSONText(f *testing.F) {
	f.Add(`{"user":"ada","password":"hunter2"}`)
	f.Add(`[{"a":{"api_key":"k"}},"{\"token\":\"t\"}"]`)
	f.Add(`{"x":"postgres://u:pw@h/db","pin":1234,"tokens":["a"]}`)
	f.Add(strings.Repeat(`[`, 210) + `{"token":"t"}` + strings.Repeat(`]`, 210))
	f.Fuzz(func(t *testing.T, in string) {
		got := redactedSent("args", in)
		s, ok := got.(string)
		if !ok {
			if _, redacted := got.(isecret.Redacted); !redacted {
				t.Fatalf("%T", got)
			}
			return
		}
		var v any
		if json.Unmarshal([]byte(s), &v) != nil {
			return // not JSON, as it came
		}
		checkRedacted(t, "", v, in, s)
	})
}

// checkRedacted fails t when v, or a JSON string in it, holds an
// unredacted member whose key is secret.
func checkRedacted(t *testing.T, key string, v any, in, out string) {
	t.Helper()
	if key != "" && isecret.Is(key, nil) {
		if v != isecret.RedactedText && v != nil {
			t.Fatalf("%q is not redacted:\n in %s\nout %s", key, in, out)
		}
		return
	}
	switch x := v.(type) {
	case map[string]any:
		for k, m := range x {
			checkRedacted(t, k, m, in, out)
		}
	case []any:
		for _, m := range x {
			checkRedacted(t, "", m, in, out)
		}
	case string:
		var inner any
		if s := strings.TrimSpace(x); s != "" && (s[0] == '{' || s[0] == '[') && json.Unmarshal([]byte(s), &inner) == nil {
			checkRedacted(t, "", inner, in, out)
		}
	}
}

// FuzzRedactText: whatever text a caller sends as a string, masking the
// credentials it spells out neither panics nor finds more in its own
// result (masking twice masks nothing more), and writes at most
// "[redacted]" for each byte it hides.
func FuzzRedactText(f *testing.F) {
	for _, s := range []string{
		"password = hunter2", "user: ada\npassword: hunter2", "secrets:\n  a: 1\nb: 2", "x: |\n  y\n",
		"Authorization: Bearer ghp_16C7e42F292c6912E7710c838347Ae178B4a", "--password hunter2 --x=1",
		"q=1&password%3Dhunter2%26a", "https://ghp_16C7e42F292c6912E7710c838347Ae178B4a@h/", "root:pw@tcp(h)/db",
		"eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.", `{password: 'x', "api_key": "y"}`, "- name: a\n  token: b",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if strings.TrimSpace(in) != "" && (strings.TrimSpace(in)[0] == '{' || strings.TrimSpace(in)[0] == '[') && json.Valid([]byte(in)) {
			return // JSON text: FuzzRedactJSONText
		}
		out, ok := redactedSent("text", in).(string)
		if !ok {
			t.Fatalf("%T", redactedSent("text", in))
		}
		if len(out) > len(isecret.RedactedText)*max(len(in), 1) {
			t.Fatalf("%d bytes from %d", len(out), len(in))
		}
		if again := redactedSent("text", out); again != out {
			t.Fatalf("masked again:\n  in %q\n out %q\nthen %q", in, out, again)
		}
	})
}
