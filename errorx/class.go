package errorx

import "fmt"

// Class is the agent's decision branch for an error: retry unchanged
// (TRANSIENT), fix the input (VALIDATION), work around the resource
// (NOT_FOUND, CONFLICT, PERMISSION) or give up (INTERNAL).
//
// The zero Class is unset: the class is then derived from the error's code
// and HTTP status (see deriveClass).
type Class uint8

// The six classes, named as on the wire.
const (
	ClassUnset      Class = iota // derive from the code and the status
	ClassNotFound                // NOT_FOUND: the resource does not exist
	ClassConflict                // CONFLICT: the state conflicts with the request
	ClassValidation              // VALIDATION: the input is wrong; fix it and retry
	ClassPermission              // PERMISSION: access denied; escalate or re-authenticate
	ClassTransient               // TRANSIENT: a temporary failure; retrying may succeed
	ClassInternal                // INTERNAL: an unexpected failure; give up
)

var classNames = [...]string{"", "NOT_FOUND", "CONFLICT", "VALIDATION", "PERMISSION", "TRANSIENT", "INTERNAL"}

// String returns the wire name of c ("NOT_FOUND", …), or "" when unset.
func (c Class) String() string {
	if int(c) < len(classNames) {
		return classNames[c]
	}
	return fmt.Sprintf("Class(%d)", uint8(c))
}

// parseClass returns the class with wire name s.
func parseClass(s string) (Class, bool) {
	for i, n := range classNames[1:] {
		if n == s {
			return Class(i + 1), true
		}
	}
	return ClassUnset, false
}

// Severity says how serious an error is. The zero Severity is unstated; some
// dialects then omit it. Only SeverityWarning results are not errors
// (isError false).
type Severity uint8

// The severities, named as on the wire.
const (
	SeverityUnset    Severity = iota // not stated
	SeverityWarning                  // an advisory: the call did its work
	SeverityError                    // a failure the agent can recover from
	SeverityCritical                 // a failure that needs escalation
)

var severityNames = [...]string{"", "warning", "error", "critical"}

// String returns the wire name of s ("warning", "error", "critical"), or ""
// when unstated.
func (s Severity) String() string {
	if int(s) < len(severityNames) {
		return severityNames[s]
	}
	return fmt.Sprintf("Severity(%d)", uint8(s))
}

// parseSeverity returns the severity with wire name s.
func parseSeverity(s string) (Severity, bool) {
	for i, n := range severityNames[1:] {
		if n == s {
			return Severity(i + 1), true
		}
	}
	return SeverityUnset, false
}
