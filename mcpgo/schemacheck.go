package mcpgo

import (
	"context"
	"encoding/json"
	"log/slog"
	"sync"
	"unsafe"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/mcperr/mcperr/internal/errtext"
	"github.com/mcperr/mcperr/internal/schemacache"
	"github.com/mcperr/mcperr/validation"
)

// A MiddlewareOption configures a Middleware.
type MiddlewareOption func(*middlewareConfig)

// middlewareConfig is what the options set.
type middlewareConfig struct {
	noSchemaCheck bool
}

// WithSchemaCheck turns the check of each call's arguments against the
// called tool's inputSchema on (the default) or off. Off, a tool gets
// whatever the caller sent, as without the Middleware (mcpgo.Handler's
// tools are bound either way).
func WithSchemaCheck(on bool) MiddlewareOption {
	return func(c *middlewareConfig) { c.noSchemaCheck = !on }
}

// toolKey is what one declaration of a tool is known by: mcp-go keeps
// tools by value, so its name and the identity of each part of its
// schema (a tool added again is built anew: new maps, new bytes).
type toolKey struct {
	name                              string
	raw, props, order, req, defs, add schemacache.Ident
	typ                               string
}

// keyOf returns t's key.
func keyOf(t *mcp.Tool) toolKey {
	s := &t.InputSchema
	return toolKey{
		name: t.Name, raw: schemacache.Identity(t.RawInputSchema), props: schemacache.Identity(s.Properties),
		order: schemacache.Identity(s.PropertyOrder), req: schemacache.Identity(s.Required), defs: schemacache.Identity(s.Defs),
		add: schemacache.Identity(s.AdditionalProperties), typ: s.Type,
	}
}

// bound holds the schemas WithInputSchema writes (by their first byte,
// which the key keeps alive): their tools are bound by Handler or Bind,
// whose errors they have already, and the Middleware does not check them.
var bound sync.Map // unsafe.Pointer → struct{}

// markBound records raw as a schema WithInputSchema wrote.
func markBound(raw json.RawMessage) {
	if len(raw) > 0 {
		bound.Store(unsafe.Pointer(unsafe.SliceData(raw)), struct{}{})
	}
}

// isBound reports whether t's schema is one WithInputSchema wrote.
func isBound(t *mcp.Tool) bool {
	if len(t.RawInputSchema) == 0 {
		return false
	}
	_, ok := bound.Load(unsafe.Pointer(unsafe.SliceData(t.RawInputSchema)))
	return ok
}

// findTool returns the tool named name as the server in ctx would call
// it: the session's own tools first, then the server's.
func findTool(ctx context.Context, name string) *mcp.Tool {
	if s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithTools); ok {
		if t, ok := s.GetSessionTools()[name]; ok {
			return &t.Tool
		}
	}
	if srv := server.ServerFromContext(ctx); srv != nil {
		if t := srv.GetTool(name); t != nil {
			return &t.Tool
		}
	}
	return nil
}

// schemaJSON returns t's inputSchema as its tools/list entry writes it,
// nil for a tool declared without one (mcp-go's own check takes it so
// too).
func schemaJSON(t *mcp.Tool) ([]byte, error) {
	if len(t.RawInputSchema) > 0 {
		return t.RawInputSchema, nil
	}
	s := t.InputSchema
	if s.Type == "" && len(s.Properties) == 0 && len(s.Required) == 0 && s.AdditionalProperties == nil {
		return nil, nil
	}
	return json.Marshal(s)
}

// checker checks calls' arguments against their tools' inputSchemas,
// compiled once per declaration.
type checker struct {
	schemas schemacache.Cache[toolKey]
}

// check checks req's arguments against the inputSchema of the tool it
// calls, found through ctx (see findTool), and returns the *errorx.Error
// of their failures, or nil: nil too when there is nothing to check (no
// such tool, a tool declared with WithInputSchema, a schema that does not
// compile, logged once per tool to r's logger).
func (c *checker) check(ctx context.Context, logger func() *slog.Logger, req mcp.CallToolRequest) error {
	t := findTool(ctx, req.Params.Name)
	if t == nil || isBound(t) {
		return nil
	}
	sch, fresh, err := c.schemas.Get(keyOf(t), func() (*validation.Schema, error) {
		raw, err := schemaJSON(t)
		if raw == nil || err != nil {
			return nil, err
		}
		return validation.CompileSchema(raw)
	})
	if err != nil {
		if fresh {
			logger().WarnContext(ctx, "mcperr: a tool's inputSchema cannot be checked; its calls reach the handler unchecked",
				slog.String("tool", t.Name), slog.String("error", errtext.Text(err, errtext.MaxLogText)))
		}
		return nil
	}
	if sch == nil {
		return nil
	}
	raw, err := arguments(req)
	if err != nil {
		return nil // Bind reports it, for a tool that binds; the handler reads Arguments itself
	}
	return sch.Check(req.Params.Name, raw)
}
