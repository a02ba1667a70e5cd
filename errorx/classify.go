package errorx

import (
	"context"
	"errors"
	"net"
	"net/http"
	"os"
	"strconv"
	"syscall"

	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/errtext"
)

// statusCoder is the method set From looks for in an error's chain: an
// error with a StatusCode() int method carries an HTTP status, and From
// classifies it as FromStatus does.
type statusCoder interface {
	StatusCode() int
}

// toolErrorer is the method set of an error that knows its own model,
// ToolError() *Error: From uses it before anything else but an *Error in
// the chain.
type toolErrorer interface {
	ToolError() *Error
}

// From classifies any Go error into an *Error:
//
//   - nil gives nil;
//   - the first non-nil *Error in err's chain (As) is returned as it is; a
//     nil *Error in the chain is skipped, so a chain that holds nothing
//     else, such as a typed nil returned as an error, is an unclassified
//     error (INTERNAL_ERROR below);
//   - an error with a ToolError() *Error method gives its model (with err as the
//     cause when the model has none);
//   - context.DeadlineExceeded and network timeouts give TIMEOUT (TRANSIENT);
//   - refused or reset connections, DNS failures and other network errors
//     give SERVICE_UNAVAILABLE (TRANSIENT);
//   - context.Canceled gives CANCELLED (INTERNAL);
//   - os.ErrNotExist gives NOT_FOUND, os.ErrPermission FORBIDDEN;
//   - an error implementing statusCoder gives FromStatus's error;
//   - anything else gives INTERNAL_ERROR, with InternalRecovery.
//
// Except for an *Error or an error with a ToolError method, the message is a fixed sentence that
// does not leak err's text; err becomes the cause.
func From(err error) *Error {
	if err == nil {
		return nil
	}
	if !errtext.Searchable(err) {
		e := unclassified()
		e.cause = err
		return e
	}
	if e := find(err); e != nil { // As, without searching the chain twice
		return e
	}
	var te toolErrorer
	if errors.As(err, &te) {
		if e := te.ToolError(); e != nil {
			if e.cause == nil {
				e = e.Clone()
				e.cause = err
			}
			return e
		}
	}
	var e *Error
	switch {
	case errors.Is(err, context.DeadlineExceeded) || isTimeout(err):
		e = New(CodeTimeout, "The operation timed out.")
	case errors.Is(err, context.Canceled):
		e = New(codes.Cancelled, "The request was cancelled.")
	case errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) || isNetwork(err):
		e = New(codes.ServiceUnavailable, "A service this tool depends on is unreachable.")
	case errors.Is(err, os.ErrNotExist):
		e = New(CodeNotFound, "The requested resource does not exist.")
	case errors.Is(err, os.ErrPermission):
		e = New(codes.Forbidden, "Permission denied.")
	default:
		var s statusCoder
		if errors.As(err, &s) && s.StatusCode() != 0 {
			e = FromStatus(s.StatusCode(), "")
		} else {
			e = unclassified()
		}
	}
	e.cause = err
	return e
}

// unclassified is the error for a Go error From cannot classify.
func unclassified() *Error {
	return New(CodeInternalError, "Internal server error.").WithRecovery(codes.InternalRecovery)
}

func isTimeout(err error) bool {
	var t interface{ Timeout() bool }
	return errors.As(err, &t) && t.Timeout()
}

func isNetwork(err error) bool {
	if _, ok := errors.AsType[*net.OpError](err); ok {
		return true
	}
	if _, ok := errors.AsType[*net.DNSError](err); ok {
		return true
	}
	return false
}

// FromStatus returns the error an HTTP status stands for, mapped as the
// interbase document maps statuses to classes: 400 and 422 VALIDATION, 401
// and 403 PERMISSION, 404 NOT_FOUND, 409 CONFLICT, 429 and 5xx TRANSIENT,
// other 4xx VALIDATION, anything else INTERNAL. A status from 600 up is a
// server failure too (SERVER_ERROR, TRANSIENT), as toolError:v1's reference
// reads every status from 500 up. Status is set; an empty
// message becomes a sentence naming the status. The table is the one
// deriveClass uses for an error that states no class.
func FromStatus(status int, message string) *Error {
	if message == "" {
		message = statusMessage(status)
	}
	return New(statusCode(status), message).WithStatus(status)
}

// statusCode is the well-known code an HTTP status stands for: the one
// table of FromStatus and deriveClass.
func statusCode(status int) string {
	switch {
	case status == 401:
		return codes.Unauthorized
	case status == 403:
		return codes.Forbidden
	case status == 404:
		return CodeNotFound
	case status == 409:
		return CodeConflict
	case status == 429:
		return CodeRateLimited
	case status >= 500:
		return codes.ServerError // 6xx to 9xx too, as toolError:v1's reference reads every status from 500 up
	case status >= 400 && status <= 499:
		return codes.ClientError
	}
	return CodeInternalError
}

// deriveClass returns the class of an error that does not state one: the
// class of a well-known code (docs/codes.md); else the class its HTTP status
// stands for, as FromStatus maps it (400 and 422 VALIDATION, 401 and 403
// PERMISSION, 404 NOT_FOUND, 409 CONFLICT, 429 and 500 up TRANSIENT, other
// 4xx VALIDATION); else INTERNAL. A status outside 100 to 999 counts as none.
func deriveClass(code string, status int) Class {
	if _, ok := codes.Lookup(code); ok {
		return classOf(code)
	}
	if isStatus(status) {
		return classOf(statusCode(status))
	}
	return ClassInternal
}

func statusMessage(status int) string {
	t := http.StatusText(status)
	if t == "" {
		return "The upstream service answered with status " + strconv.Itoa(status) + "."
	}
	return "The upstream service answered " + strconv.Itoa(status) + " " + t + "."
}
