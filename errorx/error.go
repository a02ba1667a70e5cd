package errorx

import (
	"fmt"
	"slices"
	"time"

	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/errtext"
	"github.com/mcperr/mcperr/internal/format"
	"github.com/mcperr/mcperr/internal/secret"
)

// Error is one tool error: what failed, which decision branch the agent
// should take, and how to recover. Every field is optional; zero values mean
// "not stated" and are derived where a dialect needs them (see
// EffectiveClass, HTTPStatus and IsRetryable).
//
// The With methods change e and return it, so they chain on a new error:
//
//	errorx.New("ProjectNotFound", "Project 'proj_xyz' does not exist.").
//		WithClass(errorx.ClassNotFound).
//		WithRecovery("Call projects.list first to get valid IDs, then retry.").
//		WithActions("projects.list")
//
// Clone an error before changing one that others hold.
type Error struct {
	// Code is the stable machine id of this kind of failure: "NOT_FOUND",
	// "ProjectNotFound". Well-known codes (docs/codes.md) carry defaults.
	Code string
	// Class is the agent's decision branch; unset means derived from the
	// code and the status (see EffectiveClass).
	Class Class
	// Severity is warning, error or critical; unset means not stated.
	Severity Severity
	// Message says what went wrong in this occurrence.
	Message string
	// Recovery says what to do next.
	Recovery string
	// Actions lists the tools the agent may call instead, in order.
	Actions []string
	// Details holds ordered key/value context.
	Details Details
	// RetryAfter is how long to wait before retrying; zero means no hint.
	RetryAfter time.Duration
	// Retryable says whether the same call may succeed later; nil means
	// unstated: the code's default (see IsRetryable). WithRetryable sets it.
	Retryable *bool
	// Status is the HTTP status the error came from or maps to; 0 means
	// none, and so does any value outside 100 to 999 (see HTTPStatus).
	Status int
	// Tool names the tool (or tool/action) the error belongs to.
	Tool string
	// Fields lists per-field violations of the tool's arguments.
	Fields []Field

	cause error
}

// New returns an error with the given code and message. A well-known code
// (docs/codes.md) sets the class; any other code leaves it unset, so that
// EffectiveClass derives it from the status (WithStatus). The message is
// used as it is, never as a format.
func New(code, message string) *Error {
	e := &Error{Code: code, Message: message}
	if in, ok := codes.Lookup(code); ok {
		e.Class, _ = parseClass(in.Class)
	}
	return e
}

// Newf returns an error whose message is fmt.Sprintf(format, args...). An
// error argument formatted with %w becomes the cause, as with fmt.Errorf.
func Newf(code, format string, args ...any) *Error {
	werr := fmt.Errorf(format, args...)
	e := New(code, werr.Error())
	switch u := werr.(type) {
	case interface{ Unwrap() error }:
		e.cause = u.Unwrap()
	case interface{ Unwrap() []error }:
		e.cause = werr
	}
	return e
}

// Wrap returns New(code, message) with cause as the wrapped error. The
// cause is reachable with errors.Is, errors.As and Unwrap but never rendered.
func Wrap(cause error, code, message string) *Error {
	e := New(code, message)
	e.cause = cause
	return e
}

// NotFound returns a NOT_FOUND error.
func NotFound(message string) *Error { return New(CodeNotFound, message) }

// Conflict returns a CONFLICT error.
func Conflict(message string) *Error { return New(CodeConflict, message) }

// Validation returns a VALIDATION error (class ClassValidation), named
// after its code as NotFound and Conflict are: for a rule over the arguments
// as a whole ("start is after end"). The validation package's NewError
// builds the INVALID_INPUT error that lists per-field violations.
func Validation(message string) *Error { return New(CodeValidation, message) }

// Permission returns a PERMISSION error.
func Permission(message string) *Error { return New(CodePermission, message) }

// Transient returns a TRANSIENT error, retryable by default.
func Transient(message string) *Error { return New(CodeTransient, message) }

// Internal returns an INTERNAL error.
func Internal(message string) *Error { return New(CodeInternal, message) }

// RateLimited returns a RATE_LIMITED error that asks the caller to wait
// after before retrying.
func RateLimited(message string, after time.Duration) *Error {
	return New(CodeRateLimited, message).WithRetryAfter(after)
}

// Required returns the MISSING_REQUIRED_FIELD error MCP Fusion's required()
// builds for field, with its one field at field (nothing sent, rule
// "required", message "Required."):
// `Required field "workspace_id" is missing.`. Field may be caller text (a
// key it sent): the sentences name it through format.Quote, credentials
// masked (see the package documentation, "Caller text in sentences").
func Required(field string) *Error {
	f := Quote(field)
	e := New(CodeMissingRequiredField, "Required field "+f+" is missing.")
	e.Recovery = "Provide the " + f + " parameter and retry."
	e.Fields = []Field{{Path: field, Message: "Required.", Rule: "required"}}
	return e
}

// Quote returns caller text (a key, a path, an action, a tool name) as a
// server's sentence may name it: format.Quote of it (between double
// quotes, on one line, markdown-inert, valid UTF-8, at most
// format.MaxQuoted bytes of it), with the credentials it spells out masked first, as the redaction
// masks a string ("password=[redacted]"), so that a sentence never echoes
// what a Sent value would not. An ordinary name comes out as format.Quote
// writes it: Quote("destory") is "\"destory\"". Every sentence of this
// module that names caller text names it through Quote.
func Quote(s string) string {
	if masked, ok := secret.MaskCredentials(s, secret.Names); ok {
		s = masked
	}
	return format.Quote(s)
}

// WithClass sets the class and returns e.
func (e *Error) WithClass(c Class) *Error { e.Class = c; return e }

// WithSeverity sets the severity and returns e.
func (e *Error) WithSeverity(s Severity) *Error { e.Severity = s; return e }

// WithRecovery sets the recovery suggestion and returns e.
func (e *Error) WithRecovery(s string) *Error { e.Recovery = s; return e }

// WithActions appends tools the agent may call instead and returns e.
func (e *Error) WithActions(actions ...string) *Error {
	e.Actions = append(e.Actions, actions...)
	return e
}

// WithDetail sets one detail (in place if the key exists) and returns e.
func (e *Error) WithDetail(key string, value any) *Error {
	e.Details.Set(key, value)
	return e
}

// WithRetryAfter sets the retry delay and returns e. A delay of zero or less
// means no hint.
func (e *Error) WithRetryAfter(d time.Duration) *Error {
	e.RetryAfter = max(d, 0)
	return e
}

// WithRetryable states whether the same call may succeed later and returns e.
func (e *Error) WithRetryable(b bool) *Error { e.Retryable = &b; return e }

// WithStatus sets the HTTP status and returns e.
func (e *Error) WithStatus(status int) *Error { e.Status = status; return e }

// WithTool sets the tool name and returns e.
func (e *Error) WithTool(tool string) *Error { e.Tool = tool; return e }

// WithFields appends per-field violations and returns e.
func (e *Error) WithFields(fields ...Field) *Error {
	e.Fields = append(e.Fields, fields...)
	return e
}

// Error returns "CODE: message". A nil *Error gives "<nil>", so that a nil
// *Error wrapped in an error interface never panics.
func (e *Error) Error() string {
	switch {
	case e == nil:
		return "<nil>"
	case e.Code != "" && e.Message != "":
		return e.Code + ": " + e.Message
	case e.Message != "":
		return e.Message
	case e.Code != "":
		return e.Code
	}
	return e.EffectiveClass().String()
}

// Unwrap returns the wrapped cause (nil for a nil *Error).
func (e *Error) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.cause
}

// Is reports whether target is an *Error with the same non-empty code, so
// errors.Is(err, errorx.New("ProjectNotFound", "")) matches any
// ProjectNotFound error in err's chain.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && e != nil && t != nil && t.Code != "" && t.Code == e.Code
}

// EffectiveClass returns Class, or when unset deriveClass(Code,
// HTTPStatus()): the class of a well-known code, else the class the HTTP
// status stands for, else INTERNAL.
func (e *Error) EffectiveClass() Class {
	if e.Class != ClassUnset {
		return e.Class
	}
	return deriveClass(e.Code, e.HTTPStatus())
}

// isStatus reports whether s is an HTTP status: 100 to 999.
func isStatus(s int) bool { return 100 <= s && s <= 999 }

// HTTPStatus returns Status when it is an HTTP status (isStatus), else 0: a
// status outside 100 to 999 counts as none, in the model's JSON form and in
// every dialect.
func (e *Error) HTTPStatus() int {
	if isStatus(e.Status) {
		return e.Status
	}
	return 0
}

// IsRetryable reports whether the same call may succeed later: Retryable
// when stated, else defaultRetryable(Code, EffectiveClass()).
func (e *Error) IsRetryable() bool {
	if e.Retryable != nil {
		return *e.Retryable
	}
	return defaultRetryable(e.Code, e.EffectiveClass())
}

// defaultRetryable is the retryability of an error that does not state it:
// the catalog's for a well-known code whose class matches, else true only
// for TRANSIENT.
func defaultRetryable(code string, class Class) bool {
	return codes.DefaultRetryable(code, class.String())
}

// Clone returns a deep copy of e (detail values and Sent values are copied
// shallowly). The cause is shared.
func (e *Error) Clone() *Error {
	c := *e
	c.Actions = slices.Clone(e.Actions)
	if e.Retryable != nil {
		c.Retryable = new(*e.Retryable)
	}
	c.Details = e.Details.Clone()
	c.Fields = slices.Clone(e.Fields)
	for i := range c.Fields {
		c.Fields[i].Options = slices.Clone(c.Fields[i].Options)
	}
	return &c
}

// As finds the first non-nil *Error in err's chain, in the order errors.As
// searches it (depth first through Unwrap() error and Unwrap() []error,
// asking As methods on the way). A nil *Error in the chain, such as a
// function's typed-nil result joined with errors.Join or wrapped with %w, is
// skipped, and so is an As method that gives one: As never returns
// (nil, true).
//
// That is why As exists beside errors.AsType[*Error]: errors.AsType stops
// at the first *Error in the chain, nil or not, and returns (nil, true) for
// errors.Join(check(), err) when check returns a typed-nil *Error.
func As(err error) (*Error, bool) {
	if !errtext.Searchable(err) {
		return nil, false
	}
	e := find(err)
	return e, e != nil
}

// find returns the first non-nil *Error in err's chain, or nil.
func find(err error) *Error {
	for err != nil {
		if e, ok := err.(*Error); ok {
			if e != nil {
				return e
			}
			return nil // a nil *Error wraps nothing
		}
		if a, ok := err.(interface{ As(any) bool }); ok {
			var e *Error
			if a.As(&e) && e != nil {
				return e
			}
		}
		switch u := err.(type) {
		case interface{ Unwrap() error }:
			err = u.Unwrap()
		case interface{ Unwrap() []error }:
			for _, w := range u.Unwrap() {
				if e := find(w); e != nil {
					return e
				}
			}
			return nil
		default:
			return nil
		}
	}
	return nil
}
