package render

import "context"

// OutputSchemas tells a Renderer which tools declare an outputSchema, for a
// server that is not mcp-go's: RenderRequest and the Middleware otherwise
// ask the mcp-go server they find in the context. The adapter of the
// official Go SDK (package gosdk) gives one per call.
type OutputSchemas interface {
	// DeclaresOutputSchema reports whether the tool named tool declares an
	// outputSchema. It is called only while rendering an error, at most
	// once per result.
	DeclaresOutputSchema(tool string) bool
}

type outputSchemasKey struct{}

// ContextWithOutputSchemas returns a copy of ctx in which RenderRequest and
// the Middleware learn from s, not from an mcp-go server in ctx, whether a
// tool declares an outputSchema (see OutputSchemaSafe). A nil s gives ctx
// unchanged.
func ContextWithOutputSchemas(ctx context.Context, s OutputSchemas) context.Context {
	if s == nil {
		return ctx
	}
	return context.WithValue(ctx, outputSchemasKey{}, s)
}

// outputSchemasFrom returns the OutputSchemas ctx carries.
func outputSchemasFrom(ctx context.Context) (OutputSchemas, bool) {
	s, ok := ctx.Value(outputSchemasKey{}).(OutputSchemas)
	return s, ok
}
