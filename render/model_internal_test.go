package render

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/mcperr/mcperr/errorx"
)

// TestEffectiveStatus: the status the envelope writes is the stated HTTP
// status, else the code's catalog status, else the class's.
func TestEffectiveStatus(t *testing.T) {
	for _, c := range []struct {
		e      *errorx.Error
		status int
	}{
		{errorx.New("RATE_LIMITED", ""), 429},
		{errorx.New("INVALID_INPUT", ""), 400},
		{errorx.New("AGENT_UNAVAILABLE", ""), 503},
		{errorx.New("MCP_ERROR", ""), 502},
		{errorx.New("NETWORK_ERROR", ""), 503},
		{errorx.New("Custom", ""), 500},
		{errorx.New("Custom", "").WithClass(errorx.ClassTransient), 503},
		{errorx.New("Custom", "").WithClass(errorx.ClassNotFound).WithStatus(410), 410},
		{errorx.New("RATE_LIMITED", "").WithRetryable(false), 429},
		{&errorx.Error{Code: "CONFLICT"}, 409},
	} {
		assert.Equal(t, c.status, effectiveStatus(c.e), "%s/%v: status", c.e.Code, c.e.EffectiveClass())
	}
}

// TestRecoverable: the contract's "recoverable" is retryable or fixable.
func TestRecoverable(t *testing.T) {
	for _, c := range []struct {
		e           *errorx.Error
		recoverable bool
	}{
		{errorx.New("INVALID_INPUT", ""), true},     // fix the input
		{errorx.New("MCP_AUTH_FAILED", ""), true},   // re-authenticate
		{errorx.New("AGENT_NOT_FOUND", ""), false},  // "No"
		{errorx.New("INTERNAL_ERROR", ""), false},   // "Maybe", not TRANSIENT
		{errorx.New("AGENT_UNAVAILABLE", ""), true}, // "Maybe", TRANSIENT
		{errorx.New("Custom", "").WithClass(errorx.ClassValidation), true},
		{errorx.New("Custom", ""), false},
		{errorx.Conflict("x").WithRetryable(true), true},
		{errorx.New("INVALID_INPUT", "").WithRetryable(false), false}, // stated: do not retry
	} {
		assert.Equal(t, c.recoverable, recoverable(c.e), "%s/%v retryable %v", c.e.Code, c.e.EffectiveClass(), c.e.Retryable)
	}
}
