package clients

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestInspectorCalls checks which calls the Inspector makes: one per listed
// tool (its first success, else its first call the schema accepts), or all
// of the listed tools' calls, and which listed tools no call reaches.
func TestInspectorCalls(t *testing.T) {
	c := func(name, tool string, success, rejects bool) call {
		var x call
		x.Name, x.Tool, x.Want.Success, x.Want.SchemaRejects = name, tool, success, rejects
		return x
	}
	calls := []call{
		c("a_rejected", "a", false, true),
		c("a_error", "a", false, false),
		c("a_ok", "a", true, false),
		c("a_ok2", "a", true, false),
		c("b_error", "b", false, false),
		c("b_error2", "b", false, false),
		c("c_rejected", "c", false, true),
		c("unlisted", "x", true, false),
	}
	names := func(cs []call) (out []string) {
		for _, c := range cs {
			out = append(out, c.Name)
		}
		return out
	}
	sel, uncalled := inspectorCalls(calls, []string{"a", "b", "c", "d"}, "xml")
	assert.Equal(t, []string{"a_ok", "b_error"}, names(sel))
	assert.Equal(t, []string{"c", "d"}, uncalled)

	sel, uncalled = inspectorCalls(calls, []string{"a", "b", "c", "d"}, "interbase")
	assert.Equal(t, []string{"a_rejected", "a_error", "a_ok", "a_ok2", "b_error", "b_error2", "c_rejected"}, names(sel))
	assert.Equal(t, []string{"c", "d"}, uncalled)

	// A call for some dialects only is made in those alone.
	only := c("d_toolerror", "d", true, false)
	only.Dialects = []string{"toolerror"}
	calls = append(calls, only)
	sel, uncalled = inspectorCalls(calls, []string{"d"}, "interbase")
	assert.Empty(t, sel)
	assert.Equal(t, []string{"d"}, uncalled)
	sel, uncalled = inspectorCalls(calls, []string{"d"}, "toolerror")
	assert.Equal(t, []string{"d_toolerror"}, names(sel))
	assert.Empty(t, uncalled)
}
