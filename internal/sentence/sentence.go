// Package sentence builds the field errors and routing errors mcperr's
// packages share (validation, render, mcpgo), in MCP Fusion's words: a
// field sent, missing or of the wrong JSON type, a grouped tool's missing,
// unknown or non-string discriminator. Caller text in their sentences is
// named through errorx.Quote.
package sentence

import (
	"reflect"
	"strings"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
)

// SentField returns a Field for a value the caller sent.
func SentField(path string, sent any, message string) errorx.Field {
	return errorx.Field{Path: path, Sent: sent, WasSent: true, Message: message}
}

// RequiredField returns the Field that Required reports for path: nothing
// sent, rule "required", message "Required.".
func RequiredField(path string) errorx.Field {
	return errorx.Field{Path: path, Message: "Required.", Rule: "required"}
}

// WrongTypeField returns the Field for a value of the wrong JSON type at
// path: sent as it was sent, message "Wrong type.", Expected the JSON type
// wanted ("string", "integer", …), rule "type" (the validation package
// reports its decoding problems the same way).
func WrongTypeField(path string, sent any, expected string) errorx.Field {
	return errorx.Field{Path: path, Sent: sent, WasSent: true, Message: "Wrong type.", Expected: expected, Rule: "type"}
}

// WrongType returns the INVALID_FIELD_TYPE error for field, which the
// caller sent (sent) with another JSON type than expected ("string",
// "integer", "object", …): `Field "id" must be a string.`, with
// WrongTypeField(field, sent, expected) as its one field. Field may be
// caller text (a map key a handler binds): the sentences name it through
// errorx.Quote; expected is written as it is when it is a plain word.
func WrongType(field string, sent any, expected string) *errorx.Error {
	f, typ := errorx.Quote(field), withArticle(word(expected))
	e := errorx.New(codes.InvalidFieldType, "Field "+f+" must be "+typ+".")
	e.Recovery = "Send " + f + " as " + typ + " and retry."
	e.Fields = []errorx.Field{WrongTypeField(field, sent, expected)}
	return e
}

// withArticle puts "a" or "an" before a JSON type's name.
func withArticle(typ string) string {
	if typ != "" && strings.ContainsRune("aeiou", rune(typ[0])) {
		return "an " + typ
	}
	return "a " + typ
}

// MissingDiscriminator returns the routing error for a grouped tool called
// without its discriminator field (usually "action"); actions are the valid
// values. The sentences name field through errorx.Quote.
func MissingDiscriminator(field string, actions ...string) *errorx.Error {
	f := errorx.Quote(field)
	e := errorx.New(codes.MissingDiscriminator, "The required field "+f+" is missing.")
	e.Recovery = "Add the " + f + " field as a string and call the tool again."
	e.Actions = actions
	return e
}

// UnknownAction returns the routing error for a discriminator value that
// names no action: `The action "destory" does not exist.`. The message names
// value, what the caller sent, through errorx.Quote (so at most
// 64 bytes of it, credentials masked); field is written as it
// is when it is a plain word, else quoted too.
func UnknownAction(field, value string, actions ...string) *errorx.Error {
	f := word(field)
	e := errorx.New(codes.UnknownAction, "The "+f+" "+errorx.Quote(value)+" does not exist.")
	e.Recovery = "Choose a valid " + f + " from available_actions and call the tool again."
	e.Actions = actions
	return e
}

// InvalidDiscriminator returns the routing error for a discriminator that is
// not a string; got is the JavaScript type name of what was sent ("number",
// "boolean", "object"). The sentences name field through errorx.Quote, and
// got as it is when it is a plain word, else quoted too.
func InvalidDiscriminator(field, got string, actions ...string) *errorx.Error {
	f := errorx.Quote(field)
	e := errorx.New(codes.InvalidDiscriminator, "Discriminator field "+f+" must be a string, got "+word(got)+".")
	e.Recovery = "Set " + f + " to one of the available actions as a string."
	e.Actions = actions
	return e
}

// word returns a word of a sentence that is usually the server's (a
// discriminator's name, a JSON type) but may come from elsewhere: as it is
// when it is a plain word (Quote leaves it unchanged), else as Quote
// writes it.
func word(s string) string {
	if q := errorx.Quote(s); q[1:len(q)-1] != s {
		return q
	}
	return s
}

// WithCause returns e with cause as its wrapped error (errors.Is and
// errors.As reach it; no dialect renders it): errorx.Wrap's error, with
// every exported field of e.
func WithCause(e *errorx.Error, cause error) *errorx.Error {
	w := errorx.Wrap(cause, "", "")
	dst, src := reflect.ValueOf(w).Elem(), reflect.ValueOf(e).Elem()
	for i := range src.NumField() {
		if src.Type().Field(i).IsExported() {
			dst.Field(i).Set(src.Field(i))
		}
	}
	return w
}

// PanicError returns the error the adapters' middlewares render for a
// handler that panicked (HandlePanic): INTERNAL_ERROR, with a message and a
// recovery that say nothing of the panic; the recovery is
// codes.InternalRecovery, as for an error errorx.From cannot classify.
func PanicError() *errorx.Error {
	return errorx.New(errorx.CodeInternalError, "The tool failed unexpectedly. The server has logged the failure.").
		WithRecovery(codes.InternalRecovery)
}

// UnknownToolError returns the error for a call of the tool name, which
// the server does not have: UNKNOWN_TOOL (class NOT_FOUND, not
// retryable), with near, the closest tools the server has (nearest first),
// as its actions and in a "Did you mean" recovery that tells the agent to
// list the tools again and call one by its exact name. The message names
// the tool called through errorx.Quote, as every sentence names caller
// text: a name cannot add markdown (a link, an image a client would fetch,
// a heading) to the sentence. near are the server's own names.
func UnknownToolError(name string, near []string) *errorx.Error {
	recovery := "List the tools again (tools/list) and call one of them by its exact name."
	if len(near) > 0 {
		recovery = "Did you mean " + orList(near) + "? " + recovery
	}
	return errorx.New(errorx.CodeUnknownTool, "The server has no tool named "+errorx.Quote(name)+".").
		WithRecovery(recovery).
		WithActions(near...)
}

// orList writes names as "a", "a or b", "a, b or c".
func orList(names []string) string {
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
