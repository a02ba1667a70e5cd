package validation

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestScannerValueEnds: reading a sent value out of text that is not JSON
// ends, whatever byte stands where an array's element should start (a
// '}' or ':' in an array made the reader append nil forever: the fuzz
// input testdata/fuzz/FuzzFieldsRaw/6d45c050d31b6574 ran out of memory).
func TestScannerValueEnds(t *testing.T) {
	for _, c := range []struct {
		text string
		want any
	}{
		{`["x"}`, []any{"x"}},
		{`[}`, []any{}},
		{`[1,}]`, []any{json.Number("1")}},
		{`[:"1"]`, []any{json.Number(":\"1\"")}},
		{`[,]`, []any{}},
		{`[[}]]`, []any{[]any{}}},
		{`{"a":[}}`, map[string]any{"a": []any{}}},
	} {
		p := scanner{s: c.text}
		assert.Equal(t, c.want, p.value(), c.text)
	}
}
