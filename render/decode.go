package render

import (
	"strings"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/toolfailure"
)

// NamePlain is the dialect Decode reports for an error result written in
// none of the dialects: a legacy plain-text error.
const namePlain = "plain"

// decoders are tried in this order: toolError:v1 first (its
// structuredContent is the strongest signal), then the text dialects, whose
// detection keys do not overlap.
var decoders = []Dialect{ToolError{}, XML{}, Envelope{}, Interbase{}, Contract{}}

// Decode recognises the dialect of a tool result and returns the error it
// holds and the dialect's name. A result in no dialect that has isError set
// decodes as INTERNAL_ERROR with its text as the message (dialect "plain");
// a result that is neither is no error: Decode returns nil and "". A
// toolError:v1 result cut to its markdown block (structuredContent and the
// other blocks dropped, as hosts do) decodes from that block to what the
// full result decodes to; the reference's block, which holds the message
// alone, decodes as UNKNOWN_ERROR with that message. Decode never panics.
//
// A result without isError is read as an error only when its form says so
// beyond doubt (a toolError:v1 or needsInput:v1 kind, a <tool_error> or
// <validation_error> document, a success:false envelope) or when what it
// holds is a warning: a successful result whose JSON merely looks like
// interbase's or the contract's object, or whose text starts like
// toolError:v1's markdown without being a warning's whole block, is no
// error.
//
// When res's _meta holds a ToolFailure block (toolfailure.Read: the reserved
// key or mcperr's vendor key), Decode fills in what the dialect did not
// carry: the correlation id as the detail codes.CorrelationIDKey, the recovery
// from agentGuidance, the retry delay left until retryNotBefore, and for a
// plain result the code, class and retryability the block implies.
func Decode(res *Result) (e *errorx.Error, dialect string) {
	if res == nil {
		return nil, ""
	}
	defer func() {
		if recover() != nil {
			e, dialect = plain(res)
		}
	}()
	e, dialect = decode(res)
	if e != nil && res.Meta != nil {
		if f, ok := toolfailure.Read(res.Meta); ok {
			toolfailure.Fill(e, dialect == namePlain, f, now())
		}
	}
	return e, dialect
}

// decode is Decode without the ToolFailure block.
func decode(res *Result) (*errorx.Error, string) {
	for _, d := range decoders {
		e, err := d.Decode(res)
		if err != nil {
			continue
		}
		switch d.(type) {
		case Interbase, Contract:
			if !res.IsError && e.Severity != errorx.SeverityWarning {
				return nil, "" // a success whose JSON looks like an error object
			}
		}
		return e, d.Name()
	}
	for _, b := range blocks(res) {
		if e, whole, ok := decodeMarkdown(b.Text); ok && (res.IsError || whole && e.Severity == errorx.SeverityWarning) {
			return e, nameToolError
		}
	}
	return plain(res)
}

func plain(res *Result) (*errorx.Error, string) {
	if !res.IsError {
		return nil, ""
	}
	var b strings.Builder
	for i, t := range res.Content {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(t.Text)
	}
	return errorx.New(errorx.CodeInternalError, b.String()), namePlain
}
