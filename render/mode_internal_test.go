package render

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestMode(t *testing.T) {
	for in, want := range map[string]Mode{"": ModeMarkdown, "markdown": ModeMarkdown, "json": ModeJSON, "both": ModeBoth} {
		m, err := parseMode(in)
		assert.NoError(t, err, "parseMode(%q)", in)
		assert.Equal(t, want, m, "parseMode(%q)", in)
		if in != "" {
			assert.Equal(t, in, m.String())
		}
	}
	for _, bad := range []string{"JSON", "html", " both"} {
		_, err := parseMode(bad)
		assert.Error(t, err, "parseMode(%q) accepted", bad)
	}
	// human/machine gating.
	assert.True(t, ModeMarkdown.human())
	assert.False(t, ModeMarkdown.machine())
	assert.False(t, ModeJSON.human())
	assert.True(t, ModeJSON.machine())
	assert.True(t, ModeBoth.human())
	assert.True(t, ModeBoth.machine())
}
