package gosdk_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/gosdk"
	"github.com/mcperr/mcperr/internal/logtest"
	"github.com/mcperr/mcperr/render"
)

// TestTypedErrorWithSecret: a typed tool's error whose text spells out a
// credential is still the text AddTool set (errtext.Text masks it), so the
// Middleware renders it in its dialect as an unclassified error, and the
// log holds it masked.
func TestTypedErrorWithSecret(t *testing.T) {
	var log logtest.Buffer
	s := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "0"}, nil)
	s.AddReceivingMiddleware(gosdk.Middleware(render.NewRenderer(render.ToolError{}, render.WithLogger(log.Logger()))))
	gosdk.AddTool(s, &mcp.Tool{Name: "typed"}, func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, any, error) {
		return nil, nil, errors.New("dial db: password=hunter2")
	})
	res := call(t, connect(t, s), "typed", nil)
	if e, dialect := gosdk.Decode(res); e == nil || e.Code != errorx.CodeInternalError || dialect != "toolerror" {
		t.Errorf("Decode: %s %v, want toolerror INTERNAL_ERROR", dialect, e)
	}
	if l := log.String(); strings.Contains(l, "hunter2") || !strings.Contains(l, "password=[redacted]") {
		t.Errorf("log: %s", l)
	}
}
