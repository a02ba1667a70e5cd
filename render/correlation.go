package render

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"strings"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
)

// maxCorrelationID is the longest correlation id a Renderer takes from a
// request's context, in bytes.
const maxCorrelationID = 64

// chosenKey is the context key under which a Renderer keeps the id it chose
// for one call, so that the log line and the result of that call carry the
// same id whatever the id source returns the second time.
type chosenKey struct{}

// WithCorrelationID gives every error r renders a correlation id, so that an
// operator finds the server's log line of the error that an agent or a user
// reports. The id is from(ctx), read from the request's context by the
// server's own function (its request id, a trace id), when that is a safe
// id: 1 to 64 bytes of
// ASCII letters and digits, with single '.', '_' or '-' between two of
// them (req-42, trace.7f3a_01), not starting "www.", and not a JSON Web
// Token. Anything else (none, too long, another character, __bold__, a
// www. link, a token: the id may come from the caller, the message below
// names it in a sentence a markdown block writes as markdown, and the log
// masks tokens) is replaced by a fresh random id of 12 base32 characters;
// a nil from gives every error a fresh id.
//
// The id travels in every dialect as data, escaped as the dialect escapes
// any value: in the envelope's request_id member, and elsewhere as the
// detail codes.CorrelationIDKey, added after the Limits so it is never cut. Every
// line the Renderer logs for the call carries it as the attribute
// correlation_id; a tool error the Renderer would not log otherwise (one it
// renders as the handler described it) is logged at level Info with its
// code. The fixed message of an error errorx.From cannot classify names it:
// "Internal server error (ref ID).", with the same recovery.
//
// It is off by default: the dialects' bytes are then the references'.
func WithCorrelationID(from func(ctx context.Context) string) Option {
	if from == nil {
		from = noCorrelationID
	}
	return func(r *Renderer) { r.correlation = from }
}

// validCorrelationID reports whether id is a safe correlation id: one
// that every slot may hold as it is, a sentence that markdown reads and a
// log record too.
// Letters and digits are inert there, and so is a '.', '_' or '-' between
// two of them (CommonMark reads no emphasis in a word, nor a list item or
// a rule inside a line); "www." would start a GFM link.
func validCorrelationID(id string) bool {
	if id == "" || len(id) > maxCorrelationID || !idAlnum(id[0]) || !idAlnum(id[len(id)-1]) {
		return false
	}
	for i := 1; i < len(id)-1; i++ {
		switch c := id[i]; {
		case idAlnum(c):
		case (c == '.' || c == '_' || c == '-') && idAlnum(id[i-1]):
		default:
			return false
		}
	}
	if len(id) >= 4 && strings.EqualFold(id[:4], "www.") {
		return false
	}
	// The one credential these characters can spell is a JSON Web Token
	// (three base64url parts, the first eyJ…): the log would mask it, and
	// the id on the wire would no longer be the one logged.
	return !strings.Contains(id, "eyJ") || logString(id, maxCorrelationID) == id
}

// idAlnum reports whether c is an ASCII letter or digit.
func idAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// idEncoding writes generated ids: lower-case base32, no padding.
var idEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// newCorrelationID returns a fresh random id: 12 base32 characters (60
// bits).
func newCorrelationID() string {
	var b [8]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	var s [13]byte
	idEncoding.Encode(s[:], b[:])
	return string(s[:12])
}

// ids reports whether r gives errors an id: WithCorrelationID, or the
// ToolFailure block, whose correlationId is required.
func (r *Renderer) ids() bool { return r.correlation != nil || r.toolFailure != "" }

// correlationID returns the id of the error r renders for the request of
// ctx: the one r already chose for it (withCorrelationID), else the
// source's when it is safe, else a fresh one; "" when r gives no ids.
func (r *Renderer) correlationID(ctx context.Context) string {
	if !r.ids() {
		return ""
	}
	if id, ok := ctx.Value(chosenKey{}).(string); ok {
		return id
	}
	from := r.correlation
	if from == nil {
		from = noCorrelationID
	}
	if id := from(ctx); validCorrelationID(id) {
		return id
	}
	return newCorrelationID()
}

// withCorrelationID returns ctx with the id r chose for its request, and
// that id ("" and ctx itself when r gives no ids).
func (r *Renderer) withCorrelationID(ctx context.Context) (context.Context, string) {
	id := r.correlationID(ctx)
	if id == "" {
		return ctx, ""
	}
	return context.WithValue(ctx, chosenKey{}, id), id
}

// maskedMessage is the message of an unclassified error that names its id.
func maskedMessage(id string) string {
	return "Internal server error (ref " + id + ")."
}

// withCorrelationDetail returns a copy of e carrying id as the detail
// codes.CorrelationIDKey.
func withCorrelationDetail(e *errorx.Error, id string) *errorx.Error {
	cp := *e
	cp.Details = e.Details.Clone()
	cp.Details.Set(codes.CorrelationIDKey, id)
	return &cp
}

// noCorrelationID is the id source that has none: every error gets a fresh
// id.
func noCorrelationID(context.Context) string { return "" }
