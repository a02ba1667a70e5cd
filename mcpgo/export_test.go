package mcpgo

import "github.com/mark3labs/mcp-go/mcp"

// ToolIdempotent reports whether a tool's annotations say calling it again
// is safe: idempotentHint or readOnlyHint (the tests' reading of them).
func ToolIdempotent(t mcp.Tool) bool {
	a := t.Annotations
	return a.IdempotentHint != nil && *a.IdempotentHint || a.ReadOnlyHint != nil && *a.ReadOnlyHint
}
