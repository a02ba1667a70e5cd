package render

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/jsonw"
)

// fieldsSeeds are fields arrays: what the dialects write, and what only a
// hand-written server would send (keys in other cases, repeated keys,
// nulls, unknown keys, wrong types).
var fieldsSeeds = []string{
	`null`, `[]`, `[null]`, `{}`, `"x"`, `[1]`, `[[]]`, `["x"]`,
	`[{"path":"email","sent":"bad","message":"Invalid email.","expected":"an email","options":["a","b"],"hint":"h","rule":"email","param":"p"}]`,
	`[{"path":"a"},{"path":"b","sent":null},{"path":"c","sent":{"x":[1,2.50,"y",true,null]}}]`,
	`[{"Path":"a","SENT":1,"Message":"m","OPTIONS":["x"]}]`,
	`[{"path":"a","path":"b","sent":1,"sent":null}]`,
	`[{"path":null,"message":null,"options":null}]`,
	`[{"options":[]}]`, `[{"options":[null,"x"]}]`, `[{"options":[1]}]`, `[{"options":"x"}]`,
	`[{"path":1}]`, `[{"rule":true}]`, `[{"hint":{}}]`, `[{"other":1}]`, `[{"path":"a"},2]`,
	`[{"path":"\u00e9\ud83d\ude00\n\"","sent":"\ud800"}]`, `[{"pa\u0074h":"escaped key"}]`,
	`[{"ſent":1}]`, `[{"K":1}]`, `[{"sent":1e400}]`, `[{"sent":-0.0}]`,
}

// FuzzDecodeFields: decodeFields reads any fields array exactly as
// json.Unmarshal into []errorx.Field reads it, and fails where it fails.
func FuzzDecodeFields(f *testing.F) {
	for _, s := range fieldsSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		if !jsonw.Valid(raw) {
			return
		}
		var want []errorx.Field
		wantErr := json.Unmarshal([]byte(raw), &want)
		got, ok := decodeFields(trimSpace(raw))
		if ok != (wantErr == nil) {
			t.Fatalf("%s: decodeFields ok %v, json.Unmarshal %v", raw, ok, wantErr)
		}
		if ok && !reflect.DeepEqual(got, want) {
			t.Fatalf("%s:\ndecodeFields %#v\njson.Unmarshal %#v", raw, got, want)
		}
	})
}

// trimSpace removes the white space around a JSON document, as a member's
// raw value has none.
func trimSpace(s string) string {
	for len(s) > 0 && (s[0] == ' ' || s[0] == '\t' || s[0] == '\n' || s[0] == '\r') {
		s = s[1:]
	}
	for len(s) > 0 && (s[len(s)-1] == ' ' || s[len(s)-1] == '\t' || s[len(s)-1] == '\n' || s[len(s)-1] == '\r') {
		s = s[:len(s)-1]
	}
	return s
}
