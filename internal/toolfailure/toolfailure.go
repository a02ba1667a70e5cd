// Package toolfailure is SEP-3313's draft ToolFailure block, which render's
// Renderer writes in an error result's _meta (render.WithToolFailure) and
// render's Decode and Retry read: its JSON form, the mapping from the model
// and back.
package toolfailure

import (
	"encoding/json"
	"strings"
	"time"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
)

// The _meta keys of the Failure block.
const (
	// Key is the key SEP-3313's draft reserves for the block.
	// The proposal has no sponsor yet: write it only when the clients you
	// serve read it (WithToolFailure(Key)).
	Key = "io.modelcontextprotocol/toolFailure"
	// VendorKey is the key WithToolFailure writes the block
	// under by default: mcperr's own, outside the reserved prefix.
	VendorKey = "dev.mcperr/toolFailure"
)

// The three classes of a Failure.
const (
	// Capability: the call cannot succeed as asked (wrong input, a
	// missing resource, an unsupported operation). Never retried as it is.
	Capability = "capability"
	// Reliability: the server or a service behind it failed; the
	// same call may succeed later when Retryable says so.
	Reliability = "reliability"
	// Governance: authentication, permission, policy or a person's
	// approval stands in the way. Never retried as it is.
	Governance = "governance"
)

// Failure is the draft ToolFailure block of SEP-3313: a small object in
// an isError result's _meta that tells a client how to treat the failure,
// whatever the result's text says. Its JSON form is the draft's; a
// Renderer puts the value itself in Result.Meta, which the SDKs encode as
// that JSON.
type Failure struct {
	// Class is capability, reliability or governance.
	Class string `json:"class"`
	// Code is the failure's code: an open set of lower-snake names, the
	// draft's baseline ones where they fit.
	Code string `json:"code"`
	// Retryable says the same call may succeed later; only a reliability
	// failure is ever retryable.
	Retryable bool `json:"retryable,omitempty"`
	// RetryNotBefore is the earliest time to retry, in Unix milliseconds;
	// 0 means no such time. Only a retryable failure has one.
	RetryNotBefore int64 `json:"retryNotBefore,omitempty"`
	// CorrelationID is the server's id of this failure (required).
	CorrelationID string `json:"correlationId"`
	// AgentGuidance is a short instruction for the model: the recovery.
	AgentGuidance string `json:"agentGuidance,omitempty"`
}

// New returns the Failure block of e, whose correlation id
// is id, rendered at now. The class and code follow e's class, its code
// and its status:
//
//	model                                        class        code
//	VALIDATION                                   capability   invalid_input
//	NOT_FOUND                                    capability   resource_not_found
//	UNKNOWN_TOOL, CAPABILITY_NOT_FOUND,
//	  DEPRECATED, NOT_IMPLEMENTED,
//	  METHOD_NOT_ALLOWED                         capability   capability_unsupported
//	CONFLICT                                     capability   conflict
//	PERMISSION with status 401, UNAUTHORIZED,
//	  AUTHENTICATION_ERROR, API_KEY_REQUIRED,
//	  API_KEY_INVALID, MCP_AUTH_FAILED           governance   auth_required
//	PERMISSION otherwise                         governance   permission_denied
//	LIMIT_REACHED                                governance   policy_blocked
//	TRANSIENT                                    reliability  retryable_transient_error
//	                                                          (transient_error when not retryable)
//	CANCELLED                                    reliability  cancelled
//	INTERNAL                                     reliability  internal_error
//
// A conflict cannot succeed as asked until the caller changes something,
// so it is a capability failure; an internal error is the server's own
// failure, neither the caller's input nor a policy, so it is a reliability
// failure, retryable only when e says so (IsRetryable). Retryable is e's
// IsRetryable for a reliability failure, false otherwise;
// RetryNotBefore is now plus e's RetryAfter when retryable;
// AgentGuidance is e's recovery (render cuts it to DefaultLimits.MaxString).
func New(e *errorx.Error, id string, now time.Time) Failure {
	f := Failure{CorrelationID: id}
	if e == nil {
		return f
	}
	f.Class, f.Code = failureClass(e)
	if f.Class == Reliability && e.IsRetryable() {
		f.Retryable = true
		if f.Code == "transient_error" {
			f.Code = "retryable_transient_error"
		}
		if e.RetryAfter > 0 {
			f.RetryNotBefore = now.Add(e.RetryAfter).UnixMilli()
		}
	}
	f.AgentGuidance = e.Recovery // render cuts it to its limits
	return f
}

// failureClass maps e onto the Failure class and code.
func failureClass(e *errorx.Error) (class, code string) {
	switch e.Code {
	case errorx.CodeUnknownTool, codes.CapabilityNotFound, codes.Deprecated,
		codes.NotImplemented, codes.MethodNotAllowed:
		return Capability, "capability_unsupported"
	case codes.Unauthorized, codes.AuthenticationError, codes.APIKeyRequired,
		codes.APIKeyInvalid, codes.MCPAuthFailed:
		return Governance, "auth_required"
	case codes.LimitReached:
		return Governance, "policy_blocked"
	case codes.Cancelled:
		return Reliability, "cancelled"
	}
	switch e.EffectiveClass() {
	case errorx.ClassValidation:
		return Capability, "invalid_input"
	case errorx.ClassNotFound:
		return Capability, "resource_not_found"
	case errorx.ClassConflict:
		return Capability, "conflict"
	case errorx.ClassPermission:
		if e.HTTPStatus() == 401 {
			return Governance, "auth_required"
		}
		return Governance, "permission_denied"
	case errorx.ClassTransient:
		return Reliability, "transient_error"
	}
	return Reliability, "internal_error"
}

// Read returns the Failure block of a result's _meta, under the
// reserved key or, when that holds none, the vendor key, and whether there
// is one. A block whose class is none of the three, or that is not an
// object, is none; retryable and retryNotBefore are read only for a
// reliability failure, and retryNotBefore only when retryable.
func Read(meta map[string]any) (Failure, bool) {
	if meta == nil {
		return Failure{}, false
	}
	for _, key := range [...]string{Key, VendorKey} {
		v, ok := meta[key]
		if !ok {
			continue
		}
		if f, ok := readToolFailure(v); ok {
			return f, true
		}
	}
	return Failure{}, false
}

// readToolFailure reads one block, a value as an SDK's _meta holds it: the
// Failure a Renderer put there, a map decoded from JSON, or any value
// that encodes as the object.
func readToolFailure(v any) (Failure, bool) {
	switch f := v.(type) {
	case Failure:
		return f.normal()
	case *Failure:
		if f == nil {
			return Failure{}, false
		}
		return f.normal()
	}
	b, err := json.Marshal(v)
	if err != nil {
		return Failure{}, false
	}
	var w struct {
		Class          string   `json:"class"`
		Code           string   `json:"code"`
		Retryable      bool     `json:"retryable"`
		RetryNotBefore *float64 `json:"retryNotBefore"`
		CorrelationID  string   `json:"correlationId"`
		AgentGuidance  string   `json:"agentGuidance"`
	}
	if json.Unmarshal(b, &w) != nil {
		return Failure{}, false
	}
	f := Failure{Class: w.Class, Code: w.Code, Retryable: w.Retryable, CorrelationID: w.CorrelationID, AgentGuidance: w.AgentGuidance}
	if t := w.RetryNotBefore; t != nil && *t > 0 && *t < 1<<53 {
		f.RetryNotBefore = int64(*t)
	}
	return f.normal()
}

// normal returns f as the draft reads it, and whether it is a block at
// all: one of the three classes; retryable only for reliability, and
// retryNotBefore (a time after 1970, at most 2^53 ms) only when retryable.
func (f Failure) normal() (Failure, bool) {
	switch f.Class {
	case Capability, Reliability, Governance:
	default:
		return Failure{}, false
	}
	if f.Class != Reliability {
		f.Retryable = false
	}
	if !f.Retryable || f.RetryNotBefore <= 0 || f.RetryNotBefore >= 1<<53 {
		f.RetryNotBefore = 0
	}
	return f, true
}

// Fill completes e, decoded from a result in dialect, with
// what the block f says and the dialect did not carry: the correlation id
// (as the detail codes.CorrelationIDKey), the recovery, the retry delay (what is
// left of it at now) and, for a plain result (no dialect, so no code), the
// code, class and retryability.
func Fill(e *errorx.Error, plain bool, f Failure, at time.Time) {
	if _, has := e.Details.Get(codes.CorrelationIDKey); f.CorrelationID != "" && !has {
		e.Details.Set(codes.CorrelationIDKey, f.CorrelationID)
	}
	if e.Recovery == "" {
		e.Recovery = f.AgentGuidance
	}
	if e.RetryAfter == 0 && f.RetryNotBefore > 0 {
		if d := time.UnixMilli(f.RetryNotBefore).Sub(at); d > 0 {
			e.RetryAfter = d
		}
	}
	if !plain {
		return
	}
	code, class := modelOf(f)
	if code != "" {
		e.Code = code
	}
	e.Class = class
	e.Retryable = new(f.Retryable)
}

// modelOf maps a block back onto the model's code ("" to keep the code
// there is) and class: a baseline code to the model's, another code (when
// it is lower-snake) upper-cased, the class by the block's class.
func modelOf(f Failure) (string, errorx.Class) {
	switch f.Code {
	case "invalid_input":
		return errorx.CodeInvalidInput, errorx.ClassValidation
	case "resource_not_found":
		return errorx.CodeNotFound, errorx.ClassNotFound
	case "capability_unsupported":
		return codes.NotImplemented, errorx.ClassInternal
	case "retryable_transient_error":
		return errorx.CodeTransient, errorx.ClassTransient
	case "auth_required":
		return codes.Unauthorized, errorx.ClassPermission
	case "permission_denied":
		return codes.Forbidden, errorx.ClassPermission
	}
	code := ""
	if lowerSnake(f.Code) {
		code = strings.ToUpper(f.Code)
	}
	switch f.Class {
	case Capability:
		return code, errorx.ClassConflict
	case Governance:
		return code, errorx.ClassPermission
	}
	if f.Retryable {
		return code, errorx.ClassTransient
	}
	return code, errorx.ClassInternal
}

// lowerSnake reports whether s is a short lower-snake name.
func lowerSnake(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}
