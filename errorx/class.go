package errorx

import "fmt"

// Class is the agent's decision branch for an error: retry unchanged
// (TRANSIENT), fix the input (VALIDATION), work around the resource
// (NOT_FOUND, CONFLICT, PERMISSION) or give up (INTERNAL).
//
// The zero Class is unset: the class is then derived from the error's code
// and HTTP status (see DeriveClass).
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

// Classes lists the six classes in their documented order.
var Classes = []Class{ClassNotFound, ClassConflict, ClassValidation, ClassPermission, ClassTransient, ClassInternal}

// String returns the wire name of c ("NOT_FOUND", …), or "" when unset.
func (c Class) String() string {
	if int(c) < len(classNames) {
		return classNames[c]
	}
	return fmt.Sprintf("Class(%d)", uint8(c))
}

// ParseClass returns the class with wire name s.
func ParseClass(s string) (Class, bool) {
	for i, n := range classNames[1:] {
		if n == s {
			return Class(i + 1), true
		}
	}
	return ClassUnset, false
}

// MarshalText implements encoding.TextMarshaler.
func (c Class) MarshalText() ([]byte, error) {
	if c == ClassUnset {
		return []byte{}, nil // unset is a valid state: the empty string
	}
	if int(c) >= len(classNames) {
		return nil, fmt.Errorf("errorx: cannot marshal class %v", c)
	}
	return []byte(classNames[c]), nil
}

// UnmarshalText implements encoding.TextUnmarshaler.
func (c *Class) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*c = ClassUnset
		return nil
	}
	v, ok := ParseClass(string(b))
	if !ok {
		return fmt.Errorf("errorx: unknown class %q (want one of NOT_FOUND, CONFLICT, VALIDATION, PERMISSION, TRANSIENT, INTERNAL)", b)
	}
	*c = v
	return nil
}

// Status returns the HTTP status that stands for the class.
func (c Class) Status() int {
	switch c {
	case ClassNotFound:
		return 404
	case ClassConflict:
		return 409
	case ClassValidation:
		return 400
	case ClassPermission:
		return 403
	case ClassTransient:
		return 503
	}
	return 500
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

// ParseSeverity returns the severity with wire name s.
func ParseSeverity(s string) (Severity, bool) {
	for i, n := range severityNames[1:] {
		if n == s {
			return Severity(i + 1), true
		}
	}
	return SeverityUnset, false
}

// MarshalText implements encoding.TextMarshaler.
func (s Severity) MarshalText() ([]byte, error) {
	if int(s) >= len(severityNames) {
		return nil, fmt.Errorf("errorx: cannot marshal %v", s)
	}
	return []byte(severityNames[s]), nil
}

// UnmarshalText implements encoding.TextUnmarshaler.
func (s *Severity) UnmarshalText(b []byte) error {
	v, ok := ParseSeverity(string(b))
	if !ok && len(b) > 0 {
		return fmt.Errorf("errorx: unknown severity %q (want warning, error or critical)", b)
	}
	*s = v
	return nil
}

// Tristate is a yes/no answer that may also be left unstated.
type Tristate uint8

// The three states.
const (
	Unset Tristate = iota // not stated: derive it
	Yes
	No
)

// TristateOf returns Yes for true and No for false: the stated form of b.
func TristateOf(b bool) Tristate {
	if b {
		return Yes
	}
	return No
}

// Or returns the stated answer, or def when unset.
func (t Tristate) Or(def bool) bool {
	switch t {
	case Yes:
		return true
	case No:
		return false
	}
	return def
}

// String returns "yes", "no" or "unset".
func (t Tristate) String() string {
	switch t {
	case Yes:
		return "yes"
	case No:
		return "no"
	}
	return "unset"
}
