package gosdk

import (
	"context"
	"errors"
	"log/slog"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/adapt"
	"github.com/mcperr/mcperr/internal/errtext"
	"github.com/mcperr/mcperr/internal/schemacache"
	"github.com/mcperr/mcperr/internal/sentence"
	"github.com/mcperr/mcperr/render"
)

// The methods the middleware handles or calls.
const (
	methodCallTool  = "tools/call"
	methodListTools = "tools/list"
)

// Middleware returns a receiving middleware for a go-sdk server that applies
// r, the server's error policy, to every tools/call: the policy the
// Renderer applies on any SDK (see package mcpgo for mcp-go), run by the
// same code. Register it first, so that it is outermost and sees the errors
// and panics of every other middleware:
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
//     errtext.MaxLogText bytes (AddTool gives field errors instead). The
//     rendered result is built on go-sdk's: what go-sdk wrote on it (the
//     resultType of the 2026-07-28 protocol, _meta entries) stays;
//   - a call of a tool the server does not have, which go-sdk answers with
//     the JSON-RPC error `unknown tool "x"`, gets the same code, -32602
//     (the MCP specification's answer), with the Renderer's message: the
//     closest tools the server has in a did-you-mean and the advice to
//     list the tools again, and the UNKNOWN_TOOL error in the model's JSON
//     form as its data (render.Renderer.HandleUnknownTool); under
//     render.WithUnknownToolResult, an UNKNOWN_TOOL tool result instead;
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
// format argument of the toolerror dialect when the server turns it on
// (read from the raw arguments, only when an error is rendered, and only
// for a tool whose listed inputSchema has it), OutputSchemaSafe (the middleware lists
// the server's tools, through the handlers below it, to learn whether the
// called tool declares an outputSchema, only when it renders an error),
// limits, redaction, the internal-text policy and slog logging. Other
// methods pass through untouched. A call that succeeds costs one context
// value (for RenderRequest), nothing more.
//
// A nil r is the zero Renderer.
func Middleware(r *render.Renderer, opts ...MiddlewareOption) mcp.Middleware {
	if r == nil {
		r = &render.Renderer{}
	}
	var cfg middlewareConfig
	for _, o := range opts {
		o(&cfg)
	}
	schemas := &schemacache.Cache[toolKey]{}
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		m := &middleware{r: r, next: next, check: !cfg.noSchemaCheck, schemas: schemas}
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			call, ok := req.(*mcp.CallToolRequest)
			if method != methodCallTool || !ok || call == nil || call.Params == nil {
				return next(ctx, method, req)
			}
			return m.callTool(ctx, call)
		}
	}
}

// middleware is one Middleware over the handlers below it.
type middleware struct {
	r       *render.Renderer
	next    mcp.MethodHandler
	check   bool // check arguments against the tools' inputSchemas
	schemas *schemacache.Cache[toolKey]
}

type middlewareKey struct{}

// callTool handles one tools/call.
func (m *middleware) callTool(ctx context.Context, req *mcp.CallToolRequest) (res mcp.Result, err error) {
	tools := &serverTools{m: m, req: req}
	ctx = context.WithValue(ctx, middlewareKey{}, tools) // RenderRequest reads the tools through it
	defer func() {
		if v := recover(); v != nil {
			c := m.call(tools)
			res, err = FromResult(m.r.HandlePanic(ctx, &c, v)), nil
		}
	}()
	if m.check {
		if err := tools.checkArguments(ctx); err != nil {
			c := m.call(tools)
			return m.failed(ctx, &c, sdkResult(req), err)
		}
	}
	res, err = m.next(ctx, methodCallTool, req)
	if tr, ok := res.(*mcp.CallToolResult); ok && err == nil && tr != nil && !tr.IsError && tr.Content != nil {
		return res, nil // a success, as go-sdk sends it
	}
	return m.handle(ctx, tools, res, err)
}

// call returns what the Renderer is told of the call: its tools are the
// server's, listed through the handlers below the middleware when the
// Renderer asks.
func (m *middleware) call(tools *serverTools) render.Call {
	req := tools.req
	return render.Call{Tool: req.Params.Name, Arguments: req.Params.Arguments, Tools: tools, Protocol: isProtocolError}
}

// isProtocolError reports whether err is one go-sdk answers with its own
// JSON-RPC error: a *jsonrpc.Error in its chain.
func isProtocolError(err error) bool {
	_, ok := errors.AsType[*jsonrpc.Error](err)
	return ok
}

// handle applies the Renderer to what the handler returned, unless it was
// a success.
func (m *middleware) handle(ctx context.Context, tools *serverTools, res mcp.Result, err error) (mcp.Result, error) {
	c := m.call(tools)
	tr, _ := res.(*mcp.CallToolResult)
	switch {
	case err != nil && tools.isUnknownTool(ctx, err):
		return m.unknownTool(ctx, &c, tools)
	case adapt.Failed(tr != nil, err):
		return m.failed(ctx, &c, nil, err)
	}
	// The handler's own result (a nil *errorx.Error as err is no error).
	if e := tr.GetError(); tr.IsError && e != nil {
		if u, ok := e.(*unboundError); ok { // AddTool's binding failure
			return m.failed(ctx, &c, tr, u.err)
		}
		if text, ok := onlySetErrorText(tr, e); ok {
			return m.failed(ctx, &c, tr, m.sdkError(ctx, tools, e, text))
		}
	}
	if tr.IsError && tr.StructuredContent != nil {
		return m.handleResult(ctx, &c, tr), nil
	}
	if tr.Content == nil {
		o := *tr
		o.Content = []mcp.Content{} // as go-sdk does: "content" is required
		return &o, nil
	}
	return tr, nil
}

// failed renders err, the failure of the call c, on a copy of base when
// the handler gave one (see onto), or returns it for go-sdk to answer as a
// protocol error.
func (m *middleware) failed(ctx context.Context, c *render.Call, base *mcp.CallToolResult, err error) (mcp.Result, error) {
	out, perr := m.r.HandleError(ctx, c, err)
	if perr != nil {
		return nil, perr
	}
	return onto(base, out), nil
}

// handleResult applies the Renderer's policy to an error result with
// structuredContent that the handler built itself.
func (m *middleware) handleResult(ctx context.Context, c *render.Call, tr *mcp.CallToolResult) *mcp.CallToolResult {
	sc, err := adapt.StructuredJSON(tr.StructuredContent)
	if err != nil {
		return tr // it cannot reach a client either; go-sdk reports that
	}
	in := &render.Result{Content: texts(tr.Content), StructuredContent: sc, IsError: true}
	out := m.r.HandleResult(ctx, c, in)
	if out == in {
		return tr
	}
	cp := *tr
	cp.StructuredContent = nil
	cp.Content = tr.Content[:len(tr.Content):len(tr.Content)]
	for _, t := range out.Content[len(in.Content):] {
		cp.Content = append(cp.Content, &mcp.TextContent{Text: t.Text})
	}
	return &cp
}

// onlySetErrorText reports whether the content of tr is what SetError(e)
// writes into an empty result: one text block holding e's text (or, as
// AddTool writes it, its text cut by errtext.Text), and returns that text.
// That is how go-sdk answers a typed handler's error; a handler that wrote
// its own content before SetError keeps it. The text of an error whose
// chain errtext.Searchable rejects is never built (it may have billions of
// parts): one text block is taken to be SetError's.
func onlySetErrorText(tr *mcp.CallToolResult, e error) (string, bool) {
	if len(tr.Content) != 1 || tr.StructuredContent != nil {
		return "", false
	}
	t, ok := tr.Content[0].(*mcp.TextContent)
	if !ok || t.Annotations != nil || t.Meta != nil {
		return "", false
	}
	if !errtext.Searchable(e) {
		return t.Text, true
	}
	text := e.Error()
	return t.Text, t.Text == text || t.Text == errtext.Text(e, errtext.MaxLogText)
}

// argumentsPrefix starts the text of go-sdk's error for a typed tool's
// arguments that fail its inputSchema (mcp/server.go, toolForErr).
const argumentsPrefix = `validating "arguments": `

// sdkError returns the error to render for e, recorded by go-sdk with
// SetError as text: go-sdk's own rejection of a typed tool's arguments
// becomes the fields of the tool's inputSchema's check (when the
// Middleware's own check is off, or the two disagree: go-sdk applies the
// schema's defaults first), else argumentsRejected, its text logged; any
// other error is the handler's.
func (m *middleware) sdkError(ctx context.Context, tools *serverTools, e error, text string) error {
	if !strings.HasPrefix(text, argumentsPrefix) {
		return e
	}
	if err := tools.checkArguments(ctx); err != nil {
		return err
	}
	req := tools.req
	adapt.Logger(m.r).InfoContext(ctx, "mcperr: go-sdk rejected the arguments of a typed tool",
		slog.String("tool", req.Params.Name), // a tool of the server's: go-sdk found it
		slog.String("error", errtext.Text(e, errtext.MaxLogText)))
	return sentence.WithCause(argumentsRejected(), e)
}

// argumentsRejected is the error for arguments that go-sdk's check of a
// typed tool's inputSchema rejected, in the server's own words: go-sdk's
// text names the values sent, which may be secrets, and lines an agent
// would read as markdown.
func argumentsRejected() *errorx.Error {
	return errorx.New(errorx.CodeInvalidInput, "The arguments do not match the tool's inputSchema.").
		WithRecovery("Call tools/list, read this tool's inputSchema, fix the arguments to match it and call the tool again.")
}

// RenderRequest renders err as the result of the go-sdk tool call req, for
// a handler that builds its own result ((*render.Renderer).RenderCall),
// with the same policy as the Middleware: the tool named, the caller's
// format argument, OutputSchemaSafe, limits, redaction. Under the
// Middleware, ctx (the handler's) lets it list the server's tools to learn
// whether the tool declares an outputSchema; elsewhere the tool is taken
// to declare none. RenderRequest(ctx, r, req, nil) returns nil; a nil r is
// the zero Renderer.
func RenderRequest(ctx context.Context, r *render.Renderer, req *mcp.CallToolRequest, err error) *mcp.CallToolResult {
	if err == nil {
		return nil
	}
	if r == nil {
		r = &render.Renderer{}
	}
	var c render.Call
	if req != nil && req.Params != nil {
		c.Tool, c.Arguments = req.Params.Name, req.Params.Arguments
		if tools, ok := ctx.Value(middlewareKey{}).(*serverTools); ok {
			if tools.req != req {
				tools = &serverTools{m: tools.m, req: req}
			}
			c.Tools = tools
		}
	}
	return FromResult(r.RenderCall(ctx, &c, err))
}
