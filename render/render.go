package render

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/mcperr/mcperr/errorx"
)

// A Dialect renders the error model as a tool result in one wire form, and
// reads that wire form back.
//
// Render never fails and never panics: whatever e holds, the result is valid
// JSON or well-formed XML that decodes back to e as far as the dialect can
// hold it. Render(nil) returns nil. isError is true unless e's severity is
// warning.
//
// Decode returns ErrNotDialect when res is not in the dialect.
type Dialect interface {
	Name() string
	Render(e *errorx.Error) *mcp.CallToolResult
	Decode(res *mcp.CallToolResult) (*errorx.Error, error)
}

// ErrNotDialect is returned by a Dialect's Decode for a result written in
// another dialect (or not an error at all).
var ErrNotDialect = errors.New("render: result is not in this dialect")

// The dialect names, fixed: the mcperr command and outside tests use them.
const (
	NameInterbase = "interbase"
	NameToolError = "toolerror"
	NameXML       = "xml"
	NameContract  = "contract"
	NameEnvelope  = "envelope"
)

// Names lists the dialect names in their documented order.
func Names() []string {
	return []string{NameInterbase, NameToolError, NameXML, NameContract, NameEnvelope}
}

// ByName returns the named dialect with its default options.
func ByName(name string) (Dialect, error) {
	switch name {
	case NameInterbase:
		return Interbase{}, nil
	case NameToolError:
		return ToolError{}, nil
	case NameXML:
		return XML{}, nil
	case NameContract:
		return Contract{}, nil
	case NameEnvelope:
		return Envelope{}, nil
	}
	return nil, fmt.Errorf("render: unknown dialect %q (want one of %s)", name, strings.Join(Names(), ", "))
}

// textResult returns a result holding one text block.
func textResult(text string, isError bool) *mcp.CallToolResult {
	r := &resultAlloc{}
	r.content[0] = mcp.NewTextContent(text)
	r.res.Content = r.content[:1]
	r.res.IsError = isError
	return &r.res
}

// resultAlloc puts a result, its content slice and its structured content
// in one allocation.
type resultAlloc struct {
	res        mcp.CallToolResult
	content    [2]mcp.Content
	structured json.RawMessage
}

// setStructured makes b the result's structuredContent, as a
// *json.RawMessage: a pointer fits in the interface without an allocation.
func (r *resultAlloc) setStructured(b []byte) {
	r.structured = b
	r.res.StructuredContent = &r.structured
}

// texts returns the text of every text block of res, in order.
func texts(res *mcp.CallToolResult) []string {
	var out []string
	for _, c := range res.Content {
		if t, ok := textOf(c); ok {
			out = append(out, t)
		}
	}
	return out
}

func textOf(c mcp.Content) (string, bool) {
	switch t := c.(type) {
	case mcp.TextContent:
		return t.Text, true
	case *mcp.TextContent:
		if t != nil {
			return t.Text, true
		}
	}
	return "", false
}

// Buffers come from a pool; large ones are not kept, as in log/slog.
var bufPool = sync.Pool{New: func() any { b := make([]byte, 0, 1024); return &b }}

func getBuf() *[]byte { return bufPool.Get().(*[]byte) }

func putBuf(b *[]byte) {
	if cap(*b) > 16<<10 {
		return
	}
	*b = (*b)[:0]
	bufPool.Put(b)
}
