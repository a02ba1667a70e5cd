package errorx_test

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/errorx"
)

// selfWrapping is a handler's buggy error whose Unwrap returns itself: the
// standard library's errors.Is and errors.As never return on it.
type selfWrapping struct{}

func (e *selfWrapping) Error() string { return "loops" }
func (e *selfWrapping) Unwrap() error { return e }

// wideTree wraps the same two errors in every node: 2^depth paths through
// depth+2 values.
func wideTree(depth int) error {
	err := errors.New("leaf")
	for range depth {
		err = errors.Join(err, err)
	}
	return err
}

// TestFromEndsOnCyclicChains: classifying a handler's error ends even when
// its chain loops back on itself or has far more paths than errors; such an
// error is INTERNAL, its text kept off the wire as for any unclassified one.
func TestFromEndsOnCyclicChains(t *testing.T) {
	for name, err := range map[string]error{
		"self":         &selfWrapping{},
		"wrapped self": fmt.Errorf("call: %w", &selfWrapping{}),
		"joined self":  errors.Join(errors.New("a"), &selfWrapping{}),
		"wide tree":    wideTree(60),
	} {
		t.Run(name, func(t *testing.T) {
			done := make(chan *errorx.Error, 1)
			go func() { done <- errorx.From(err) }()
			select {
			case e := <-done:
				require.NotNil(t, e)
				assert.Equal(t, errorx.CodeInternalError, e.Code)
				assert.True(t, e.Unwrap() == err, "the cause is kept for the log")
			case <-time.After(5 * time.Second):
				t.Fatal("From has not returned after 5s")
			}
			found := make(chan bool, 1)
			go func() { _, ok := errorx.As(err); found <- ok }()
			select {
			case ok := <-found:
				assert.False(t, ok)
			case <-time.After(5 * time.Second):
				t.Fatal("As has not returned after 5s")
			}
		})
	}
}
