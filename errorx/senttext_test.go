package errorx_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/format"
	"github.com/mcperr/mcperr/internal/sentence"
)

// TestSentTextJSON: a printed sent value (a SentText) is a string in
// "sent" with "sent_text": true, and reads back as a SentText; a value the
// caller sent as a string, and a redacted value's mask, have no sent_text
// and read back as strings.
func TestSentTextJSON(t *testing.T) {
	e := errorx.New(errorx.CodeInvalidInput, "bad").WithFields(
		sentence.SentField("tags", format.SentText("array(3)"), "Expected string."),
		sentence.SentField("token", errorx.Redact("s3cr3t"), "Too short."),
		sentence.SentField("name", "array(3)", "Too long."),
	)
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`{"path":"tags","sent":"array(3)","sent_text":true,"message":"Expected string."}`,
		`{"path":"token","sent":"[redacted]","message":"Too short."}`,
		`{"path":"name","sent":"array(3)","message":"Too long."}`,
	} {
		if !strings.Contains(string(b), want) {
			t.Errorf("want %s in %s", want, b)
		}
	}
	var got errorx.Error
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	for i, want := range []any{format.SentText("array(3)"), "[redacted]", "array(3)"} {
		if got.Fields[i].Sent != want || !got.Fields[i].WasSent {
			t.Errorf("field %d reads back as %#v, want %#v", i, got.Fields[i].Sent, want)
		}
	}
	for _, bad := range []string{
		`{"fields":[{"path":"a","sent":3,"sent_text":true}]}`,
		`{"fields":[{"path":"a","sent_text":true}]}`,
		`{"fields":[{"path":"a","sent":"x","sent_text":"yes"}]}`,
	} {
		if err := json.Unmarshal([]byte(bad), &got); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
	if err := json.Unmarshal([]byte(`{"fields":[{"path":"a","sent":"x","sent_text":false}]}`), &got); err != nil || got.Fields[0].Sent != "x" {
		t.Errorf(`"sent_text": false: %v, sent %#v`, err, got.Fields[0].Sent)
	}
}
