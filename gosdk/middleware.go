package gosdk

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/render"
)

// The methods the middleware handles or calls.
const (
	methodCallTool  = "tools/call"
	methodListTools = "tools/list"
)

// Middleware returns a receiving middleware for a go-sdk server that applies
// r, the server's error policy, to every tools/call: the same policy, run by
// the same code, as r.Middleware on mcp-go. Register it first, so that it is
// outermost and sees the errors and panics of every other middleware:
//
//	s := mcp.NewServer(&mcp.Implementation{Name: "app", Version: "1.0.0"}, nil)
//	s.AddReceivingMiddleware(gosdk.Middleware(r)) // first: outermost
//
// For a tools/call:
//
//   - a handler that panics gets an INTERNAL_ERROR tool result, without the
//     panic value or a stack trace; both go to r's logger, and the server
//     goes on serving (go-sdk itself has no recover: without this, a
//     panicking tool ends the process);
//   - an error a raw tool handler (Server.AddTool) returns, which go-sdk
//     would answer with a JSON-RPC error, becomes a tool result in r's
//     dialect (classified with errorx.From, isError set, the tool named);
//   - an error a typed handler (mcp.AddTool or AddTool) returns, which
//     go-sdk puts in a result as its bare text (CallToolResult.SetError),
//     is rendered in r's dialect too; so is go-sdk's own rejection of a
//     typed tool's arguments (`validating "arguments": …`), as an
//     INVALID_INPUT error in the server's own words that sends the agent
//     to the tool's inputSchema: go-sdk's text quotes the values sent (a
//     password, lines of markdown), so it goes to r's logger only, cut to
//     errorx.MaxLogText bytes (AddTool gives field errors instead);
//   - a call of a tool the server does not have, which go-sdk answers with
//     the JSON-RPC error `unknown tool "x"`, gets an UNKNOWN_TOOL tool
//     result that names the closest tools the server has (as actions, and
//     in a did-you-mean) and tells the agent to list the tools again;
//   - a result the handler built itself passes through, as on mcp-go: under
//     render.OutputSchemaSafe, an error result with structuredContent of a
//     tool that declares an outputSchema loses its structuredContent (its
//     JSON stays in a text block); a result whose error a handler recorded
//     with SetError after writing its own content is the handler's own;
//   - a *jsonrpc.Error the handler returns (errors.As), such as
//     mcp.URLElicitationRequiredError's, and the errors
//     render.WithProtocolErrors matches, stay JSON-RPC errors.
//
// Everything else the Renderer does applies as on mcp-go: the per-call
// format argument of the toolerror dialect, OutputSchemaSafe (the
// middleware lists the server's tools, through the handlers below it, to
// learn whether the called tool declares an outputSchema, only when it
// renders an error), limits, redaction, the internal-text policy and slog
// logging. Other methods pass through untouched.
//
// A nil r is the zero Renderer.
func Middleware(r *render.Renderer) mcp.Middleware {
	if r == nil {
		r = &render.Renderer{}
	}
	mw := r.Middleware()
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			call, ok := req.(*mcp.CallToolRequest)
			if method != methodCallTool || !ok || call == nil || call.Params == nil {
				return next(ctx, method, req)
			}
			c := &toolCall{r: r, next: next, req: call, args: map[string]any{}}
			c.ctx = render.ContextWithOutputSchemas(ctx, c)
			var mreq mcpgo.CallToolRequest
			mreq.Params.Name = call.Params.Name
			mreq.Params.Arguments = c.args // read only when an error is rendered
			res, err := mw(c.handle)(c.ctx, mreq)
			return c.result(res, err)
		}
	}
}

// passThrough is what the inner handler gives the Renderer's middleware for
// a result that goes back to go-sdk as the handler built it: a result
// without isError, which the middleware returns as it is.
var passThrough = &mcpgo.CallToolResult{}

// A toolCall is one tools/call through the middleware.
type toolCall struct {
	r    *render.Renderer
	ctx  context.Context
	next mcp.MethodHandler
	req  *mcp.CallToolRequest
	args map[string]any // the arguments, filled only to render an error

	original  *mcp.CallToolResult   // the handler's result, returned for passThrough
	converted *mcpgo.CallToolResult // the handler's error result, as the middleware saw it
	protocol  error                 // a JSON-RPC error for go-sdk to send

	listed bool
	tools  []*mcp.Tool
}

// handle is the mcp-go tool handler the Renderer's middleware wraps: it
// calls go-sdk's handler and tells the middleware what to render.
func (c *toolCall) handle(ctx context.Context, _ mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
	returned := false
	defer func() {
		if !returned {
			c.readArguments() // a panic, which the middleware renders next
		}
	}()
	res, err := c.next(ctx, methodCallTool, c.req)
	returned = true
	tr, _ := res.(*mcp.CallToolResult)
	if err != nil {
		var wire *jsonrpc.Error
		switch {
		case c.isUnknownTool(err):
			c.readArguments()
			return nil, c.unknownTool(err)
		case errorx.Searchable(err) && errors.As(err, &wire):
			c.protocol = err
			return passThrough, nil
		}
		c.readArguments()
		if tr != nil {
			return c.pass(tr), err // the middleware's rule: the error wins, unless it is a nil *errorx.Error
		}
		return nil, err
	}
	if tr == nil {
		c.readArguments()
		return nil, nil
	}
	if e := tr.GetError(); tr.IsError && e != nil {
		if text, ok := onlySetErrorText(tr, e); ok {
			c.readArguments()
			return nil, c.sdkError(ctx, e, text)
		}
	}
	return c.pass(tr), nil
}

// pass returns what the middleware gets for a result the handler built: a
// copy it can inspect when the result is an error with structuredContent
// (OutputSchemaSafe applies), else passThrough.
func (c *toolCall) pass(tr *mcp.CallToolResult) *mcpgo.CallToolResult {
	c.original = tr
	if !tr.IsError || tr.StructuredContent == nil {
		return passThrough
	}
	m, err := ToMCPGo(tr)
	if err != nil {
		return passThrough // it cannot reach a client either; go-sdk reports that
	}
	c.converted = m
	return m
}

// result turns what the Renderer's middleware returned into go-sdk's answer.
func (c *toolCall) result(res *mcpgo.CallToolResult, err error) (mcp.Result, error) {
	switch {
	case c.protocol != nil:
		return nil, c.protocol
	case err != nil:
		return nil, err // render.WithProtocolErrors chose it
	case res == nil:
		return nil, nil // unreachable: the middleware always returns a result or an error
	case res == passThrough || res == c.converted:
		if c.original.Content == nil {
			o := *c.original
			o.Content = []mcp.Content{} // as go-sdk does: "content" is required
			return &o, nil
		}
		return c.original, nil
	}
	out, cerr := FromMCPGo(res)
	if cerr != nil {
		return fallbackResult(), nil
	}
	return out, nil
}

// fallbackText is the message of the result that replaces a rendered error
// go-sdk's types cannot hold (a bug: rendered results always convert).
const fallbackText = "The tool failed, and the server could not describe the error."

func fallbackResult() *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: fallbackText}}}
}

// readArguments decodes the call's arguments into c.args, where the
// Renderer reads the caller's format argument. Arguments that are not a
// JSON object leave it empty.
func (c *toolCall) readArguments() {
	if len(c.args) == 0 {
		decodeArguments(c.args, c.req.Params.Arguments)
	}
}

// decodeArguments decodes the JSON object raw into dst; arguments that are
// not a JSON object leave it as it is.
func decodeArguments(dst map[string]any, raw json.RawMessage) {
	if len(raw) > 0 {
		_ = json.Unmarshal(raw, &dst)
	}
}

// onlySetErrorText reports whether the content of tr is what SetError(e)
// writes into an empty result: one text block holding e's text (or, as
// AddTool writes it, its text cut by errorx.Text), and returns that text.
// That is how go-sdk answers a typed handler's error; a handler that wrote
// its own content before SetError keeps it. The text of an error whose
// chain errorx.Searchable rejects is never built (it may have billions of
// parts): one text block is taken to be SetError's.
func onlySetErrorText(tr *mcp.CallToolResult, e error) (string, bool) {
	if len(tr.Content) != 1 || tr.StructuredContent != nil {
		return "", false
	}
	t, ok := tr.Content[0].(*mcp.TextContent)
	if !ok || t.Annotations != nil || t.Meta != nil {
		return "", false
	}
	if !errorx.Searchable(e) {
		return t.Text, true
	}
	text := e.Error()
	return t.Text, t.Text == text || len(text) > errorx.MaxLogText && t.Text == errorx.Text(e, errorx.MaxLogText)
}

// argumentsPrefix starts the text of go-sdk's error for a typed tool's
// arguments that fail its inputSchema (mcp/server.go, toolForErr).
const argumentsPrefix = `validating "arguments": `

// sdkError returns the error to render for e, recorded by go-sdk with
// SetError as text: go-sdk's own rejection of a typed tool's arguments
// becomes argumentsRejected, its text logged; any other error is the
// handler's.
func (c *toolCall) sdkError(ctx context.Context, e error, text string) error {
	if !strings.HasPrefix(text, argumentsPrefix) {
		return e
	}
	c.r.Logger().InfoContext(ctx, "mcperr: go-sdk rejected the arguments of a typed tool",
		slog.String("tool", c.req.Params.Name), // a tool of the server's: go-sdk found it
		slog.String("error", errorx.Text(e, errorx.MaxLogText)))
	return argumentsRejected().WithCause(e)
}

// argumentsRejected is the error for arguments that go-sdk's check of a
// typed tool's inputSchema rejected, in the server's own words: go-sdk's
// text names the values sent, which may be secrets, and lines an agent
// would read as markdown.
func argumentsRejected() *errorx.Error {
	return errorx.New(errorx.CodeInvalidInput, "The arguments do not match the tool's inputSchema.").
		WithRecovery("Call tools/list, read this tool's inputSchema, fix the arguments to match it and call the tool again.")
}

// isUnknownTool reports whether err is go-sdk's answer to a call of a tool
// the server does not have (mcp/server.go, callTool: `unknown tool "x"`):
// an invalid-params JSON-RPC error for a tool that tools/list does not
// show. The text is not relied on; a handler's own invalid-params error
// (its tool is listed) stays the handler's.
func (c *toolCall) isUnknownTool(err error) bool {
	wire, ok := err.(*jsonrpc.Error)
	if !ok || wire.Code != jsonrpc.CodeInvalidParams {
		return false
	}
	for _, t := range c.listTools() {
		if t != nil && t.Name == c.req.Params.Name {
			return false
		}
	}
	return true
}

// maxToolPages bounds the pages of tools/list the middleware reads.
const maxToolPages = 100

// listTools returns the server's tools, as tools/list gives them through
// the handlers below the middleware, read once per call.
func (c *toolCall) listTools() []*mcp.Tool {
	if c.listed {
		return c.tools
	}
	c.listed = true
	params := &mcp.ListToolsParams{}
	for range maxToolPages {
		res, err := c.next(c.ctx, methodListTools, &mcp.ListToolsRequest{Session: c.req.Session, Params: params, Extra: c.req.Extra})
		list, ok := res.(*mcp.ListToolsResult)
		if err != nil || !ok || list == nil {
			break
		}
		c.tools = append(c.tools, list.Tools...)
		if list.NextCursor == "" {
			break
		}
		params = &mcp.ListToolsParams{Cursor: list.NextCursor}
	}
	return c.tools
}

// DeclaresOutputSchema implements render.OutputSchemas.
func (c *toolCall) DeclaresOutputSchema(tool string) bool {
	for _, t := range c.listTools() {
		if t != nil && t.Name == tool {
			return t.OutputSchema != nil
		}
	}
	return false
}

// RenderRequest renders err as the result of the go-sdk tool call req, for
// a handler that builds its own result: r.RenderRequest, with the same
// policy (the tool named, the caller's format argument, OutputSchemaSafe,
// limits, redaction). Under the Middleware, ctx (the handler's) tells it
// which tools declare an outputSchema; elsewhere the tool is taken to
// declare none. RenderRequest(ctx, r, req, nil) returns nil; a nil r is the
// zero Renderer.
func RenderRequest(ctx context.Context, r *render.Renderer, req *mcp.CallToolRequest, err error) *mcp.CallToolResult {
	if err == nil {
		return nil
	}
	if r == nil {
		r = &render.Renderer{}
	}
	var mreq mcpgo.CallToolRequest
	if req != nil && req.Params != nil {
		args := map[string]any{}
		decodeArguments(args, req.Params.Arguments)
		mreq.Params.Name, mreq.Params.Arguments = req.Params.Name, args
	}
	res, cerr := FromMCPGo(r.RenderRequest(ctx, mreq, err))
	if cerr != nil {
		return fallbackResult()
	}
	return res
}
