package gosdk

import (
	"context"
	"encoding/json"
	"log/slog"
	"runtime"
	"sync"
	"weak"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcperr/mcperr/internal/adapt"
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
// called tool's inputSchema on (the default) or off. Off, go-sdk's typed
// tools still check their arguments themselves, and the Middleware still
// gives their failures as fields; raw tools (Server.AddTool) then get
// whatever the caller sent, as without the Middleware.
func WithSchemaCheck(on bool) MiddlewareOption {
	return func(c *middlewareConfig) { c.noSchemaCheck = !on }
}

// toolKey is what one declaration of a tool is known by: go-sdk's
// *mcp.Tool (a tool added again is a new one, unless the same pointer is
// added again) and the identity of the schema value it holds, so that a
// schema set anew on the same *mcp.Tool is compiled anew.
type toolKey struct {
	tool   *mcp.Tool
	schema schemacache.Ident
}

// keyOf returns t's key.
func keyOf(t *mcp.Tool) toolKey {
	return toolKey{tool: t, schema: schemacache.Identity(t.InputSchema)}
}

// bound holds the tools AddTool registered, weakly: their arguments are
// bound by package validation, with the options given to AddTool, and the
// Middleware does not check them again.
var bound sync.Map // weak.Pointer[mcp.Tool] → struct{}

// markBound records t as registered by AddTool, for as long as t lives.
func markBound(t *mcp.Tool) {
	k := weak.Make(t)
	bound.Store(k, struct{}{})
	runtime.AddCleanup(t, func(k weak.Pointer[mcp.Tool]) { bound.Delete(k) }, k)
}

// isBound reports whether AddTool registered t.
func isBound(t *mcp.Tool) bool {
	_, ok := bound.Load(weak.Make(t))
	return ok
}

// schemaFor returns the compiled inputSchema of the tool the call names,
// nil when there is nothing to check: the server has no such tool (go-sdk
// answers the call), the tool is AddTool's, or its schema does not compile
// (logged once per tool: go-sdk accepted it, the JSON Schema library does
// not, and its calls reach the handler unchecked).
func (s *serverTools) schemaFor(ctx context.Context) *validation.Schema {
	t := s.find(ctx, s.req.Params.Name)
	if t == nil || t.InputSchema == nil {
		return nil
	}
	sch, fresh, err := s.m.schemas.Get(keyOf(t), func() (*validation.Schema, error) {
		if isBound(t) {
			return nil, nil
		}
		raw, err := json.Marshal(t.InputSchema)
		if err != nil {
			return nil, err
		}
		return validation.CompileSchema(raw)
	})
	if err != nil {
		if fresh {
			adapt.Logger(s.m.r).WarnContext(ctx, "mcperr: a tool's inputSchema cannot be checked; its calls reach the handler unchecked",
				slog.String("tool", t.Name), slog.String("error", errtext.Text(err, errtext.MaxLogText)))
		}
		return nil
	}
	return sch
}

// checkArguments checks the call's arguments against the called tool's
// inputSchema (see schemaFor) and returns the *errorx.Error of their
// failures, or nil.
func (s *serverTools) checkArguments(ctx context.Context) error {
	sch := s.schemaFor(ctx)
	if sch == nil {
		return nil
	}
	return sch.Check(s.req.Params.Name, s.req.Params.Arguments)
}

// completeResult is a result with the resultType "complete" that go-sdk
// records on a tool's result for a client of the 2026-07-28 revision or
// later (mcp/server.go, callTool). go-sdk has no setter for it: it comes
// from JSON.
var completeResult = func() mcp.CallToolResult {
	var res mcp.CallToolResult
	if err := json.Unmarshal([]byte(`{"content":[],"resultType":"complete"}`), &res); err != nil {
		panic(err)
	}
	return res
}()

// newProtocol is the first revision whose clients get a resultType.
const newProtocol = "2026-07-28"

// sdkResult returns what go-sdk would have built its result of the call
// on: a copy of completeResult for a client of newProtocol or later (or a
// session that did not say its revision, which go-sdk takes for its
// latest), else an empty result.
func sdkResult(req *mcp.CallToolRequest) *mcp.CallToolResult {
	if req.Session != nil {
		if p := req.Session.InitializeParams(); p != nil && p.ProtocolVersion < newProtocol {
			return &mcp.CallToolResult{}
		}
	}
	res := completeResult
	return &res
}
