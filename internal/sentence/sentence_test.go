package sentence_test

import (
	"errors"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/sentence"
)

// TestWithCause: the error keeps every field and wraps the cause.
func TestWithCause(t *testing.T) {
	e := errorx.Validation("Bad.").WithRecovery("Fix it.").WithActions("a").WithDetail("k", "v").
		WithRetryable(false).WithStatus(422).WithTool("t").WithFields(sentence.RequiredField("x"))
	w := sentence.WithCause(e, io.EOF)
	assert.True(t, errors.Is(w, io.EOF))
	assert.Nil(t, e.Unwrap(), "e itself is unchanged")
	wj, _ := w.MarshalJSON()
	ej, _ := e.MarshalJSON()
	assert.JSONEq(t, string(ej), string(wj))
}
