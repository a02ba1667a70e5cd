package render

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"

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
// Decode returns ErrNotDialect when res is not in the dialect (or nil).
type Dialect interface {
	Name() string
	Render(e *errorx.Error) *Result
	Decode(res *Result) (*errorx.Error, error)
}

// ErrNotDialect is returned by a Dialect's Decode for a result written in
// another dialect (or not an error at all).
var ErrNotDialect = errors.New("render: result is not in this dialect")

// The dialect names, fixed: the mcperr command and outside tests use them.
const (
	nameInterbase = "interbase"
	nameToolError = "toolerror"
	nameXML       = "xml"
	nameContract  = "contract"
	nameEnvelope  = "envelope"
)

// Names lists the dialect names in their documented order.
func Names() []string {
	return []string{nameInterbase, nameToolError, nameXML, nameContract, nameEnvelope}
}

// ByName returns the named dialect with its default options.
func ByName(name string) (Dialect, error) {
	switch name {
	case nameInterbase:
		return Interbase{}, nil
	case nameToolError:
		return ToolError{}, nil
	case nameXML:
		return XML{}, nil
	case nameContract:
		return Contract{}, nil
	case nameEnvelope:
		return Envelope{}, nil
	}
	return nil, fmt.Errorf("render: unknown dialect %q (want one of %s)", name, strings.Join(Names(), ", "))
}

// renderText returns the result holding one text block, d's text for e.
func renderText[D interface {
	appendText([]byte, *errorx.Error) []byte
}](d D, e *errorx.Error) *Result {
	b := getBufFor(e, 1)
	*b = d.appendText(*b, e)
	res := textResult(string(*b), isError(e))
	putBuf(b)
	return res
}

// textResult returns a result holding one text block.
func textResult(text string, isError bool) *Result {
	r := &resultAlloc{}
	r.content[0] = Text{Text: text}
	r.res.Content = r.content[:1]
	r.res.IsError = isError
	return &r.res
}

// resultAlloc puts a result, its content slice and the annotations of a
// block for the user in one allocation.
type resultAlloc struct {
	res      Result
	content  [2]Text
	audience [1]string
	priority float64
}

// forUser annotates t as needsInput:v1's human block is: for the user,
// priority 1.
func (r *resultAlloc) forUser(t *Text) {
	r.audience[0], r.priority = "user", 1
	t.Audience, t.Priority = r.audience[:], &r.priority
}

// blocks returns the text blocks of res, none for a nil res.
func blocks(res *Result) []Text {
	if res == nil {
		return nil
	}
	return res.Content
}

// Buffers come from a pool; large ones are not kept, as in log/slog.
var bufPool = sync.Pool{New: func() any { b := make([]byte, 0, 1024); return &b }}

func getBuf() *[]byte { return bufPool.Get().(*[]byte) }

// getBufFor returns a pooled buffer with room for about copies renderings
// of e (sizeHint): a large error's buffer is allocated once, instead of
// growing step by step from the pool's size, which allocates some five
// times what it keeps.
func getBufFor(e *errorx.Error, copies int) *[]byte {
	b := getBuf()
	if mayBeLarge(e) {
		if n := copies * sizeHint(e); n > cap(*b) {
			*b = make([]byte, 0, n)
		}
	}
	return b
}

// mayBeLarge reports whether e may render beyond a pooled buffer: the
// usual error, with a few of everything, is not measured.
func mayBeLarge(e *errorx.Error) bool {
	const few = 8
	return len(e.Fields) > few || len(e.Actions) > few || e.Details.Len() > few || len(e.Message)+len(e.Recovery) > 512
}

// sizeHint is about how many bytes a dialect writes for e, at least: its
// texts, and room for the keys and punctuation around each.
func sizeHint(e *errorx.Error) int {
	n := 256 + len(e.Code) + len(e.Message) + len(e.Recovery) + len(e.Tool)
	for _, a := range e.Actions {
		n += 16 + len(a)
	}
	for _, p := range e.Details.Pairs() {
		n += 16 + len(p.Key) + valueHint(p.Value)
	}
	for _, f := range e.Fields {
		n += 96 + len(f.Path) + len(f.Message) + len(f.Expected) + len(f.Hint) + len(f.Rule) + len(f.Param) + valueHint(f.Sent)
		for _, o := range f.Options {
			n += 8 + len(o)
		}
	}
	return n
}

// valueHint is about how many bytes a value takes, at least: a string's
// length, a few bytes for anything else.
func valueHint(v any) int {
	if s, ok := v.(string); ok {
		return len(s)
	}
	return 8
}

func putBuf(b *[]byte) {
	if cap(*b) > 16<<10 {
		return
	}
	*b = (*b)[:0]
	bufPool.Put(b)
}

// The optional methods of mcperr's own dialects, which the Renderer asks
// for instead of knowing their types. A dialect of one's own has neither:
// it has no per-call mode and no slot of its own for the correlation id,
// which it then gets as the detail correlation_id like every dialect.
type (
	// modal is a dialect whose text blocks a mode picks (toolerror): the
	// per-call format argument and OutputSchemaSafe set it.
	modal interface {
		mode() Mode
		withMode(m Mode) Dialect
	}
	// requestIDSlot is a dialect with a member of its own for the
	// correlation id (the envelope's request_id).
	requestIDSlot interface {
		withRequestID() Dialect
	}
)

// nilDialect reports whether d is a nil pointer to a dialect, whose value
// methods cannot be called.
func nilDialect(d Dialect) bool {
	v := reflect.ValueOf(d)
	return v.Kind() == reflect.Pointer && v.IsNil()
}
