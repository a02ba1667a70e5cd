package errorx_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/mcperr/mcperr/errorx"
)

// FuzzJSON: whatever unmarshals marshals, and the marshalled form is a
// fixed point (unmarshal and marshal again give the same bytes).
func FuzzJSON(f *testing.F) {
	f.Add(designExample)
	f.Add(`{"details":{"z":1,"a":[1,{"b":null}]},"fields":[{"path":"a","sent":null},{"path":"b"}],"retry_after":0.001}`)
	f.Add(`{"code":"\u003c\ud83d\ude80\u2028","severity":"warning","retryable":true,"status":0}`)
	f.Fuzz(func(t *testing.T, in string) {
		var e errorx.Error
		if json.Unmarshal([]byte(in), &e) != nil {
			return
		}
		b1, err := json.Marshal(&e)
		if err != nil {
			t.Fatalf("marshal: %v", err)
		}
		var e2 errorx.Error
		if err := json.Unmarshal(b1, &e2); err != nil {
			t.Fatalf("re-unmarshal %s: %v", b1, err)
		}
		b2, _ := json.Marshal(&e2)
		if !bytes.Equal(b1, b2) {
			t.Fatalf("not a fixed point:\n%s\n%s", b1, b2)
		}
	})
}
