package errorx_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/errtext"
	"github.com/mcperr/mcperr/internal/sentence"
)

// panickingText is an error whose Error method panics.
type panickingText struct{}

func (panickingText) Error() string { panic("no text") }

// textWithin is how long Text may take on any of these chains: it must not
// depend on how many paths they have.
const textWithin = 5 * time.Second

// TestTextBounded: Text is err.Error() within its byte budget, cut at a
// character boundary with the count of bytes left out; it never asks a
// chain Searchable rejects for its text (a Join tree nested 30 deep took
// minutes and some 200 GiB), and survives an Error method that panics.
func TestTextBounded(t *testing.T) {
	long := errors.New(strings.Repeat("é", 5000)) // 10,000 bytes
	for _, c := range []struct {
		name string
		err  error
		max  int
		want string // the whole text, or its start when cut
		cut  bool
	}{
		{"nil", nil, 0, "<nil>", false},
		{"short", fmt.Errorf("save: %w", errors.New("disk full")), 0, "save: disk full", false},
		{"model", errorx.Wrap(errors.New("cause"), "X", "m"), 0, "X: m", false},
		{"long, default budget", long, 0, strings.Repeat("é", errtext.MaxLogText/2), true},
		{"long, odd budget", long, 7, "ééé", true},
		{"wide tree", wideTree(30), 0, "(the text of a *errors.joinError is not shown: its chain is too long or branches too much to search; its first error: leaf)", false},
		{"self", &selfWrapping{}, 0, "(the text of a *errorx_test.selfWrapping is not shown: its chain is too long or branches too much to search)", false},
		{"wrapped self", fmt.Errorf("call: %w", &selfWrapping{}), 0, "(the text of a *fmt.wrapError is not shown: its chain is too long or branches too much to search)", false},
		{"panics", panickingText{}, 0, "(the text of a errorx_test.panickingText is not shown: its Error method panicked)", false},
		{"panics in a tree", errors.Join(wideTree(30), panickingText{}), 0, "(the text of a *errors.joinError is not shown: its chain is too long or branches too much to search; its first error: leaf)", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			done := make(chan string, 1)
			go func() { done <- errtext.Text(c.err, c.max) }()
			var got string
			select {
			case got = <-done:
			case <-time.After(textWithin):
				t.Fatalf("Text has not returned after %v", textWithin)
			}
			max := c.max
			if max <= 0 {
				max = errtext.MaxLogText
			}
			if !c.cut {
				assert.Equal(t, c.want, got)
				return
			}
			rest, ok := strings.CutPrefix(got, c.want)
			assert.True(t, ok, "Text = %.80q…, want it to start with %.80q", got, c.want)
			assert.Equal(t, fmt.Sprintf("…(truncated, %d bytes)", len(long.Error())-len(c.want)), rest)
			assert.LessOrEqual(t, len(c.want), max)
		})
	}
}

// TestAppendText: AppendText appends what Text returns.
func TestAppendText(t *testing.T) {
	err := fmt.Errorf("save: %w", errors.New("disk full"))
	assert.Equal(t, "save: dis…(truncated, 6 bytes)", errtext.Text(err, 9))
	assert.Equal(t, "log: save: dis…(truncated, 6 bytes)", string(errtext.AppendText([]byte("log: "), err, 9)))
}

// TestLogValueBounded: an *Error's log record stays bounded whatever it
// holds: its texts cut to MaxLogText bytes, at most MaxLogFields paths and
// a count of the rest, its cause's text as Text gives it.
func TestLogValueBounded(t *testing.T) {
	long := strings.Repeat("x", 1<<20)
	e := errorx.Wrap(wideTree(40), long, long).WithTool(long)
	for range 1000 {
		e.WithFields(sentence.RequiredField(long))
	}
	done := make(chan string, 1)
	go func() { done <- logJSON(e) }()
	var rec string
	select {
	case rec = <-done:
	case <-time.After(textWithin):
		t.Fatalf("logging has not returned after %v", textWithin)
	}
	assert.Less(t, len(rec), 3*(errtext.MaxLogText+64)+(errorx.MaxLogFields+1)*(errtext.MaxLogText+64)+1024)
	assert.Contains(t, rec, `"(truncated: 968 more fields)"]`)
	assert.Contains(t, rec, `"cause":"(the text of a *errors.joinError is not shown`)
}
