package render

import (
	"context"
	"encoding/json"
	"log/slog"

	isecret "github.com/mcperr/mcperr/internal/secret"

	"github.com/mcperr/mcperr/internal/sentence"
)

// CodeInvalidParams is JSON-RPC's invalid-params error code (-32602), which
// the MCP specification gives a call of a tool the server does not have.
const codeInvalidParams = -32602

// An RPCError is a JSON-RPC error in no SDK's types: what the Renderer
// answers instead of a tool result (HandleUnknownTool), for the adapter to
// send as its SDK's protocol error (go-sdk's *jsonrpc.Error).
type RPCError struct {
	// Code is the JSON-RPC error code: a code of the JSON-RPC
	// specification, never one of the -32000…-32099 range the MCP
	// specification reserves.
	Code int64
	// Message is the error's message: the server's sentences, which name
	// caller text only quoted and escaped (errorx.Quote).
	Message string
	// Data is the error's data: the error in the model's JSON form
	// (errorx.Error's MarshalJSON), which errorx.Error's UnmarshalJSON
	// reads back.
	Data json.RawMessage
}

// Error returns e's message.
func (e *RPCError) Error() string { return e.Message }

// WithUnknownToolResult makes HandleUnknownTool answer a call of a tool
// the server does not have with an UNKNOWN_TOOL tool result in r's dialect
// instead of the specification's JSON-RPC error. That is SEP-2145, a draft
// that the 2026-07-28 revision of the MCP specification does not include:
// clients that follow the specification (the TypeScript and both Go SDKs)
// expect -32602, and a pending change to the official conformance suite
// fails a server that answers with isError. It has no effect on mcp-go,
// which answers an unknown tool itself before any middleware runs.
func WithUnknownToolResult() Option {
	return func(r *Renderer) { r.unknownResult = true }
}

// HandleUnknownTool applies r's policy to a call c of a tool the server
// does not have, given near, the closest of the tools the server lists to
// the caller (nearest first; the adapter picks them). By default it
// returns the MCP specification's answer, for the adapter to send as its
// SDK's JSON-RPC error: code CodeInvalidParams (-32602), a message that
// says the server has no such tool, asks "Did you mean …?" with near and
// tells the agent to list the tools again (UnknownToolError's message and
// recovery), and that error, bounded and redacted, as data; with
// WithCorrelationID or WithToolFailure, data carries the call's
// correlation id (the detail codes.CorrelationIDKey) and r logs it. With
// WithUnknownToolResult it returns the error rendered as a tool result
// instead (RenderCall). A nil c is a call of which nothing is known.
func (r *Renderer) HandleUnknownTool(ctx context.Context, c *Call, near []string) (*Result, *RPCError) {
	if c == nil {
		c = &Call{}
	}
	e := sentence.UnknownToolError(c.Tool, near)
	if r.unknownResult {
		return r.RenderCall(ctx, c, e), nil
	}
	e = r.limits.withDefaults().apply(isecret.RedactError(e.WithTool(c.Tool), r.secrets))
	if r.ids() {
		// With ids on, the JSON-RPC error carries one too, in data, and
		// has a log line to find it by; the name logged is the caller's,
		// so it is cut as the wire cuts it, its credentials masked.
		id := r.correlationID(ctx)
		e = withCorrelationDetail(e, id)
		r.log().InfoContext(ctx, "mcperr: call of an unknown tool",
			slog.String("tool", logString(c.Tool, r.limits.withDefaults().MaxString)), idAttr(id))
	}
	msg := e.Message
	if e.Recovery != "" {
		msg += " " + e.Recovery
	}
	return nil, &RPCError{Code: codeInvalidParams, Message: msg, Data: modelJSON(e)}
}
