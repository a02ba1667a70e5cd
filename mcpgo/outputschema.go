package mcpgo

import (
	"encoding/json"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/mcperr/mcperr/internal/typeunion"
)

// WithOutputSchema sets a tool's outputSchema to the schema of T, as
// mcp-go's mcp.WithOutputSchema[T] infers it, with its type arrays (a Go
// slice's ["null","array"], a pointer's [T,"null"]) written as the anyOf
// of one schema per type, which accepts the same outputs: clients that
// map tool schemas onto a narrower schema dialect reject type arrays (MCP
// Inspector's --strict warns on them). The schema is set as the tool's raw
// outputSchema. When mcp-go cannot infer a schema for T, the tool is left
// as mcp.WithOutputSchema leaves it.
func WithOutputSchema[T any]() mcp.ToolOption {
	return func(t *mcp.Tool) {
		inferred := *t
		mcp.WithOutputSchema[T]()(&inferred)
		if inferred.OutputSchema.Type == "" { // mcp-go could not infer one
			*t = inferred
			return
		}
		raw, err := json.Marshal(inferred.OutputSchema)
		if err != nil {
			*t = inferred
			return
		}
		raw, _ = typeunion.Split(raw)
		t.OutputSchema = mcp.ToolOutputSchema{}
		t.RawOutputSchema = raw
	}
}
