// Package adapt holds what render and the SDK adapters (mcpgo, gosdk) share
// beside render's API: the rules of a handler's result, the toolError:v1
// code and the Renderer's own reads that the adapters and mcperr's tests
// reach through seams render sets (Logger, ReadFusionField).
package adapt

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"math"
	"time"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
)

// Seams render sets in its init: the Renderer's logger (the argument is a
// *render.Renderer), the xml dialect's reading of a Fusion field line and
// the default limits.
var (
	Logger          func(r any) *slog.Logger
	ReadFusionField func(name, text string) errorx.Field
	// Bound bounds e by render.DefaultLimits, as a Renderer does.
	Bound func(e *errorx.Error) *errorx.Error
)

// Failed reports whether a tool handler that returned err (and a result,
// when hasResult) failed, so that its adapter must call HandleError: it
// returned an error, or no result. A nil *errorx.Error returned as err
// (Go's typed-nil trap: return res, (*errorx.Error)(nil)) is no error.
func Failed(hasResult bool, err error) bool {
	if !hasResult {
		return true
	}
	return err != nil && !IsNilModel(err)
}

// IsNilModel reports whether err itself is a nil *errorx.Error: a non-nil
// error interface holding a nil pointer, which a handler returns when it
// means no error. A nil *errorx.Error deeper in err's chain (errors.Join,
// %w) is not: errorx.As and errorx.From skip it.
func IsNilModel(err error) bool {
	e, ok := err.(*errorx.Error)
	return ok && e == nil
}

// WholeSeconds returns d rounded up to whole seconds (an agent is never told
// to retry earlier than asked), as the interbase dialect writes retry_after;
// at most the whole seconds of the largest Duration, so that it reads back.
func WholeSeconds(d time.Duration) time.Duration {
	const top = math.MaxInt64 / time.Second
	s := d / time.Second
	if d%time.Second > 0 && s < top {
		s++
	}
	return s * time.Second
}

// AsksForInput reports whether e is only missing input: it has fields and
// the caller sent none of them. With NeedsInput set, the toolerror dialect
// renders such an error as a needsInput:v1 elicitation.
func AsksForInput(e *errorx.Error) bool {
	if len(e.Fields) == 0 {
		return false
	}
	for _, f := range e.Fields {
		if f.WasSent || f.Path == "" {
			return false
		}
	}
	return true
}

// StructuredJSON returns the JSON of a structuredContent value as an SDK
// may hold it: nil for none, a json.RawMessage (or a pointer to one) as it
// is, any other value encoded with encoding/json. An adapter reads an SDK
// result's structuredContent into a Result with it.
func StructuredJSON(v any) (json.RawMessage, error) {
	switch sc := v.(type) {
	case nil:
		return nil, nil
	case json.RawMessage:
		return sc, nil
	case *json.RawMessage:
		if sc == nil {
			return nil, nil
		}
		return *sc, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("render: encode the structuredContent: %w", err)
	}
	return b, nil
}

// ToolErrorCode returns the toolError:v1 code for e: e's own code when it is one of
// the dialect's six; else, when e has a status, SERVER_ERROR from 500 up,
// NOT_FOUND for 404, AUTHENTICATION_ERROR for 401 and 403, CLIENT_ERROR for
// other 4xx and NETWORK_ERROR otherwise (the reference's table); else by
// class: TRANSIENT NETWORK_ERROR, NOT_FOUND NOT_FOUND, PERMISSION
// AUTHENTICATION_ERROR, VALIDATION and CONFLICT CLIENT_ERROR, and
// UNKNOWN_ERROR for INTERNAL, which nothing classifies.
func ToolErrorCode(e *errorx.Error) string {
	switch e.Code {
	case codes.NetworkError, codes.ServerError, codes.ClientError,
		errorx.CodeNotFound, codes.AuthenticationError, codes.UnknownError:
		return e.Code
	}
	if s := e.HTTPStatus(); s != 0 {
		switch {
		case s >= 500:
			return codes.ServerError
		case s == 404:
			return errorx.CodeNotFound
		case s == 401 || s == 403:
			return codes.AuthenticationError
		case s >= 400:
			return codes.ClientError
		}
		return codes.NetworkError
	}
	switch e.EffectiveClass() {
	case errorx.ClassTransient:
		return codes.NetworkError
	case errorx.ClassNotFound:
		return errorx.CodeNotFound
	case errorx.ClassPermission:
		return codes.AuthenticationError
	case errorx.ClassValidation, errorx.ClassConflict:
		return codes.ClientError
	}
	return codes.UnknownError
}
