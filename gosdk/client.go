package gosdk

import (
	"context"
	"encoding/json"
	"unicode/utf8"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/render"
)

// Decode recognises the dialect of a go-sdk tool result and returns the
// error it holds and the dialect's name: render.Decode, on the result as an
// mcp-go client would have received it (ToMCPGo). A result in no dialect
// with isError set is a "plain" INTERNAL_ERROR holding its text; a result
// that is neither is no error (nil, ""). Decode never panics.
func Decode(res *mcp.CallToolResult) (*errorx.Error, string) {
	return render.Decode(readable(res))
}

// readable returns res as render.Decode reads it. A result that does not
// encode as JSON (only one built in this process can fail: a client
// received its JSON) is read without its structuredContent, then as its
// isError alone.
func readable(res *mcp.CallToolResult) *mcpgo.CallToolResult {
	if res == nil {
		return nil
	}
	if m, ok := readableText(res); ok {
		return m
	}
	if m, err := ToMCPGo(res); err == nil {
		return m
	}
	bare := *res
	bare.StructuredContent = nil
	if m, err := ToMCPGo(&bare); err == nil {
		return m
	}
	return &mcpgo.CallToolResult{IsError: res.IsError}
}

// readableText is readable for a result whose content is text blocks of
// valid UTF-8, without _meta: what render.Decode reads of it (the texts,
// isError and the structuredContent's JSON) taken as it is, where ToMCPGo
// would encode the whole result and decode it again (the texts copied, the
// structuredContent decoded into maps). ok is false for any other result.
func readableText(res *mcp.CallToolResult) (*mcpgo.CallToolResult, bool) {
	if res.Meta != nil {
		return nil, false
	}
	m := &mcpgo.CallToolResult{IsError: res.IsError, Content: make([]mcpgo.Content, len(res.Content))}
	for i, c := range res.Content {
		t, ok := c.(*mcp.TextContent)
		if !ok || t == nil || t.Meta != nil || !utf8.ValidString(t.Text) {
			return nil, false
		}
		m.Content[i] = mcpgo.NewTextContent(t.Text)
	}
	switch sc := res.StructuredContent.(type) {
	case nil:
	case json.RawMessage:
		if !json.Valid(sc) {
			return nil, false
		}
		m.RawStructuredContent = sc
	default:
		b, err := json.Marshal(sc)
		if err != nil {
			return nil, false
		}
		m.RawStructuredContent = b
	}
	return m, true
}

// ToolCaller is the part of a go-sdk client that CallWithRetry needs;
// *mcp.ClientSession has it.
type ToolCaller interface {
	CallTool(ctx context.Context, params *mcp.CallToolParams) (*mcp.CallToolResult, error)
}

// CallWithRetry calls a tool through a go-sdk client session and retries
// the call as p decides: render.CallWithRetry, with the same policy and the
// same returns, on go-sdk's types. Each result is decoded with Decode, in
// whatever dialect the server speaks; a retryable error is retried after
// its RetryAfter or the policy's backoff; a client error (such as a
// timeout) is classified with errorx.From. It returns the last go-sdk
// result as the session returned it.
func CallWithRetry(ctx context.Context, c ToolCaller, params *mcp.CallToolParams, p errorx.RetryPolicy) (*mcp.CallToolResult, error) {
	if params == nil {
		params = &mcp.CallToolParams{}
	}
	rc := &retryCaller{c: c, params: params}
	var req mcpgo.CallToolRequest
	req.Params.Name = params.Name
	res, err := render.CallWithRetry(ctx, rc, req, p)
	if res == nil || res != rc.readable {
		return nil, err
	}
	return rc.last, err
}

// retryCaller is a render.ToolCaller over a go-sdk ToolCaller: each call
// sends params, and the result is remembered alongside the form render
// reads.
type retryCaller struct {
	c        ToolCaller
	params   *mcp.CallToolParams
	last     *mcp.CallToolResult
	readable *mcpgo.CallToolResult
}

func (r *retryCaller) CallTool(ctx context.Context, _ mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
	res, err := r.c.CallTool(ctx, r.params)
	r.last, r.readable = res, readable(res)
	return r.readable, err
}
