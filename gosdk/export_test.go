package gosdk

import "github.com/modelcontextprotocol/go-sdk/mcp"

// ToolIdempotent reports whether a tool's annotations say calling it again
// is safe: idempotentHint or readOnlyHint (the tests' reading of them).
func ToolIdempotent(t *mcp.Tool) bool {
	if t == nil || t.Annotations == nil {
		return false
	}
	return t.Annotations.IdempotentHint || t.Annotations.ReadOnlyHint
}
