package render

import (
	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
)

// What the dialects read of a model beyond errorx's API: each is one rule of
// docs/model.md, in one place.

// isError reports whether e is a failure rather than a warning: only
// SeverityWarning makes a result that is not an error.
func isError(e *errorx.Error) bool { return e.Severity != errorx.SeverityWarning }

// recoverable reports whether the caller can still succeed, by retrying or
// by fixing its input or setup: the error-contract document's
// "recoverable". It is IsRetryable, or, unless Retryable is stated as no,
// the catalog's default for the code and class: a VALIDATION error is
// recoverable (fix the input) though not retryable.
func recoverable(e *errorx.Error) bool {
	return e.IsRetryable() || (e.Retryable == nil || *e.Retryable) && codes.DefaultRecoverable(e.Code, e.EffectiveClass().String())
}

// defaultRetryable is the retryability of an error with this code and
// class that does not state it.
func defaultRetryable(code string, class errorx.Class) bool {
	return codes.DefaultRetryable(code, class.String())
}

// deriveClass is the class of an error that states none.
func deriveClass(code string, status int) errorx.Class {
	return (&errorx.Error{Code: code, Status: status}).EffectiveClass()
}

// effectiveStatus is the HTTP status of e (HTTPStatus), or its code's
// catalog status, or its class's.
func effectiveStatus(e *errorx.Error) int {
	if s := e.HTTPStatus(); s != 0 {
		return s
	}
	return codes.Status(e.Code, e.EffectiveClass().String())
}

// isStatus reports whether s is an HTTP status: 100 to 999.
func isStatus(s int) bool { return 100 <= s && s <= 999 }

// parseClass reads a class's wire name ("NOT_FOUND", …).
func parseClass(s string) (errorx.Class, bool) {
	for c := errorx.ClassNotFound; c <= errorx.ClassInternal; c++ {
		if c.String() == s {
			return c, true
		}
	}
	return errorx.ClassUnset, false
}

// parseSeverity reads a severity's wire name ("warning", …).
func parseSeverity(s string) (errorx.Severity, bool) {
	for v := errorx.SeverityWarning; v <= errorx.SeverityCritical; v++ {
		if v.String() == s {
			return v, true
		}
	}
	return errorx.SeverityUnset, false
}

// modelJSON is the model's JSON form of e.
func modelJSON(e *errorx.Error) []byte {
	b, _ := e.MarshalJSON() // it cannot fail
	return b
}

// hasDetail reports whether d has key.
func hasDetail(d errorx.Details, key string) bool {
	_, ok := d.Get(key)
	return ok
}
