package errorx

import "github.com/mcperr/mcperr/internal/codes"

// Well-known codes that errorx's constructors and the dialects use most.
// Codes are free strings; every well-known code (docs/codes.md) carries
// defaults for its class, HTTP status and retryability.
const (
	CodeNotFound             = codes.NotFound
	CodeConflict             = codes.Conflict
	CodeValidation           = codes.Validation
	CodePermission           = codes.Permission
	CodeTransient            = codes.Transient
	CodeInternal             = codes.Internal
	CodeRateLimited          = codes.RateLimited
	CodeMissingRequiredField = codes.MissingRequiredField
	CodeInvalidInput         = codes.InvalidInput
	CodeInternalError        = codes.InternalError
	CodeUnknownTool          = codes.UnknownTool
	CodeTimeout              = codes.Timeout
)

// classOf returns the class a code implies: its catalog class for a
// well-known code, else INTERNAL.
func classOf(code string) Class {
	if in, ok := codes.Lookup(code); ok {
		c, _ := parseClass(in.Class)
		return c
	}
	return ClassInternal
}
