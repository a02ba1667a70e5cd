package gosdk_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/gosdk"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/toolfailure"
	"github.com/mcperr/mcperr/render"
)

// TestToolFailureKeepsGoSDKFields: with WithToolFailure, a rendered error
// carries the block beside what go-sdk and the handler wrote: go-sdk's
// resultType, its serverInfo and the handler's own _meta.
func TestToolFailureKeepsGoSDKFields(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "0"}, nil)
	s.AddReceivingMiddleware(gosdk.Middleware(quiet(render.Interbase{}, render.WithToolFailure(toolfailure.Key))))
	mcp.AddTool(s, &mcp.Tool{Name: "typed"}, func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, any, error) {
		return nil, nil, errorx.New(codes.Forbidden, "No.")
	})
	s.AddTool(&mcp.Tool{Name: "traced", InputSchema: map[string]any{"type": "object"}},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			res := &mcp.CallToolResult{Meta: mcp.Meta{"io.example/trace": "t-1"}}
			res.SetError(errorx.New(codes.Forbidden, "No."))
			return res, nil
		})
	cs := connect(t, s)
	for _, tool := range []string{"typed", "traced"} {
		res := call(t, cs, tool, nil)
		raw, _ := json.Marshal(res)
		if !strings.Contains(string(raw), `"resultType":"complete"`) {
			t.Errorf("%s: no resultType:\n%s", tool, raw)
		}
		if _, ok := res.Meta[mcp.MetaKeyServerInfo]; !ok {
			t.Errorf("%s: no serverInfo:\n%s", tool, raw)
		}
		f, ok := toolfailure.Read((gosdk.ToResult(res)).Meta)
		if !ok || f.Class != toolfailure.Governance || f.Code != "permission_denied" || f.CorrelationID == "" {
			t.Errorf("%s: block %+v %v:\n%s", tool, f, ok, raw)
		}
	}
	if res := call(t, cs, "traced", nil); res.Meta["io.example/trace"] != "t-1" {
		t.Errorf("traced: the handler's _meta was lost: %v", res.Meta)
	}
}

// TestCallWithRetryToolFailure: a tool whose results carry the block is
// retried only when its annotations say a repeated call is safe.
func TestCallWithRetryToolFailure(t *testing.T) {
	var calls atomic.Int32
	s := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "0"}, nil)
	s.AddReceivingMiddleware(gosdk.Middleware(quiet(render.Contract{}, render.WithToolFailure(""))))
	handler := func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		calls.Add(1)
		return nil, errorx.Transient("Busy.").WithRetryAfter(time.Millisecond)
	}
	tools := map[string]*mcp.Tool{
		"write": {Name: "write", InputSchema: map[string]any{"type": "object"}},
		"put":   {Name: "put", InputSchema: map[string]any{"type": "object"}, Annotations: &mcp.ToolAnnotations{IdempotentHint: true}},
		"read":  {Name: "read", InputSchema: map[string]any{"type": "object"}, Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}},
	}
	for _, tool := range tools {
		s.AddTool(tool, handler)
	}
	cs := connect(t, s)
	for name, want := range map[string]int32{"write": 1, "put": 3, "read": 3} {
		calls.Store(0)
		_, err := gosdk.CallWithRetry(context.Background(), cs, &mcp.CallToolParams{Name: name}, fast,
			render.Idempotent(gosdk.ToolIdempotent(tools[name])))
		if err == nil || calls.Load() != want {
			t.Errorf("%s: %v after %d calls, want the error after %d", name, err, calls.Load(), want)
		}
	}
	if gosdk.ToolIdempotent(nil) || gosdk.ToolIdempotent(&mcp.Tool{}) {
		t.Error("a tool without annotations is not idempotent")
	}
}

// TestDecodeAnyStructuredContent: a result whose structuredContent is no
// JSON object (SEP-2106), received by a go-sdk client, decodes as its
// text says: the array, string, number or boolean is neither an error
// nor in the way.
func TestDecodeAnyStructuredContent(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "0"}, nil)
	values := map[string]any{"array": []any{1, "x"}, "string": "text", "number": 3.5, "bool": true}
	for name, v := range values {
		s.AddTool(&mcp.Tool{Name: name, InputSchema: map[string]any{"type": "object"}},
			func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				res := gosdk.FromResult(render.XML{}.Render(errorx.NotFound("Gone.")))
				res.StructuredContent = v
				return res, nil
			})
	}
	cs := connect(t, s)
	for name, v := range values {
		res := call(t, cs, name, nil)
		want, _ := json.Marshal(v)
		if got, _ := json.Marshal(res.StructuredContent); string(got) != string(want) {
			t.Errorf("%s: structuredContent %s, want %s", name, got, want)
		}
		if e, dialect := gosdk.Decode(res); e == nil || dialect != "xml" || e.Code != errorx.CodeNotFound {
			t.Errorf("%s: Decode %s %v, want the xml NOT_FOUND", name, dialect, e)
		}
	}
}
