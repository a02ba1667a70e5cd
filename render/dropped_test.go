package render_test

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/sentence"
	"github.com/mcperr/mcperr/render"
)

// TestLimitsAddToEarlierCounts: an error that already says what an earlier
// bound dropped (validation stops at its MaxFields and counts the rest
// under TruncatedKey) reports the sum once the Renderer's limits drop
// more, not only its own count.
func TestLimitsAddToEarlierCounts(t *testing.T) {
	e := errorx.New(errorx.CodeInvalidInput, "m")
	for i := range 100 {
		e.Fields = append(e.Fields, sentence.RequiredField("f"+strconv.Itoa(i)))
	}
	e.Details.Set("kept", 1)
	e.Details.Set(codes.TruncatedKey, "(truncated: 50 more fields)")

	got := render.Limits{MaxFields: 10, MaxDetails: 1}.Apply(e)
	require.Len(t, got.Fields, 10)
	v, ok := got.Details.Get(codes.TruncatedKey)
	require.True(t, ok)
	assert.Equal(t, "(truncated: 140 more fields)", v, "90 dropped here and 50 before")
	kept, _ := got.Details.Get("kept")
	assert.Equal(t, 1, kept, "the earlier count is not a detail of its own")
	assert.Equal(t, 2, got.Details.Len())

	// A detail under the key that is not a count is kept as it was.
	e.Details.Set(codes.TruncatedKey, "a tool's own value")
	got = render.Limits{MaxString: 4096}.Apply(withLongMessage(e))
	v, _ = got.Details.Get(codes.TruncatedKey)
	assert.Equal(t, "a tool's own value", v)
}

func withLongMessage(e *errorx.Error) *errorx.Error {
	c := e.Clone()
	c.Message = string(make([]byte, 5000))
	return c
}
