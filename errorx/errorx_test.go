package errorx_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/sentence"
)

// designExample is the model's JSON form exactly as DESIGN.md gives it.
const designExample = `{
  "code": "ProjectNotFound",
  "class": "NOT_FOUND",
  "severity": "error",
  "message": "Project 'proj_xyz' does not exist.",
  "recovery": "Call projects.list first to get valid IDs, then retry.",
  "actions": ["projects.list"],
  "details": {"entity_id": "proj_xyz", "searched_workspace": "ws_42"},
  "retry_after": 30,
  "retryable": false,
  "status": 404,
  "tool": "projects.get",
  "fields": [
    {"path": "email", "sent": "bad-email", "message": "Invalid email.",
     "expected": "a valid email address (e.g. user@example.com)",
     "options": [], "hint": "", "rule": "email"},
    {"path": "workspace_id", "message": "Required."}
  ]
}`

func TestJSONDesignExample(t *testing.T) {
	var e errorx.Error
	require.NoError(t, json.Unmarshal([]byte(designExample), &e))
	assert.Equal(t, "ProjectNotFound", e.Code)
	assert.Equal(t, errorx.ClassNotFound, e.Class)
	assert.Equal(t, errorx.SeverityError, e.Severity)
	assert.Equal(t, 30*time.Second, e.RetryAfter)
	assert.Equal(t, new(false), e.Retryable)
	assert.Equal(t, 404, e.Status)
	assert.Equal(t, "projects.get", e.Tool)
	assert.Len(t, e.Actions, 1)
	assert.Equal(t, 2, e.Details.Len())
	require.Len(t, e.Fields, 2)

	f := e.Fields[0]
	assert.Equal(t, "email", f.Path)
	assert.True(t, f.WasSent)
	assert.Equal(t, "bad-email", f.Sent)
	assert.Equal(t, "email", f.Rule)
	assert.Nil(t, f.Options)

	f = e.Fields[1]
	assert.False(t, f.WasSent, "no sent key means nothing was sent")
	assert.Equal(t, nil, f.Sent, "no sent key means nothing was sent")
	assert.Equal(t, "Required.", f.Message)

	b, err := json.Marshal(&e)
	require.NoError(t, err)
	want := `{"code":"ProjectNotFound","class":"NOT_FOUND","severity":"error","message":"Project 'proj_xyz' does not exist.","recovery":"Call projects.list first to get valid IDs, then retry.","actions":["projects.list"],"details":{"entity_id":"proj_xyz","searched_workspace":"ws_42"},"retry_after":30,"retryable":false,"status":404,"tool":"projects.get","fields":[{"path":"email","sent":"bad-email","message":"Invalid email.","expected":"a valid email address (e.g. user@example.com)","rule":"email"},{"path":"workspace_id","message":"Required."}]}`
	assert.Equal(t, want, string(b), "marshal")
}

func TestJSONKeepsDetailOrderAndNumbers(t *testing.T) {
	in := `{"details":{"z":1,"a":2.50,"m":{"y":1,"b":2},"big":12345678901234567890,"n":null}}`
	var e errorx.Error
	require.NoError(t, json.Unmarshal([]byte(in), &e))
	var keys []string
	for k := range e.Details.Keys() {
		keys = append(keys, k)
	}
	assert.Equal(t, []string{"z", "a", "m", "big", "n"}, keys, "order")
	b, err := json.Marshal(&e)
	require.NoError(t, err)
	// Nested maps are sorted as encoding/json sorts them; number literals
	// are kept as written (exact bytes, so not JSONEq).
	assert.Equal(t, `{"class":"INTERNAL","details":{"z":1,"a":2.50,"m":{"b":2,"y":1},"big":12345678901234567890,"n":null}}`, string(b))
}

func TestJSONSentNullVersusNothing(t *testing.T) {
	var e errorx.Error
	require.NoError(t, json.Unmarshal([]byte(`{"fields":[{"path":"a","sent":null},{"path":"b"},{"path":"","sent":{"x":[1]}}]}`), &e))
	require.Len(t, e.Fields, 3)
	assert.True(t, e.Fields[0].WasSent, "null vs nothing lost")
	assert.Equal(t, nil, e.Fields[0].Sent, "null vs nothing lost")
	assert.False(t, e.Fields[1].WasSent, "null vs nothing lost")
	b, err := json.Marshal(&e)
	require.NoError(t, err)
	assert.Equal(t, `{"class":"INTERNAL","fields":[{"path":"a","sent":null},{"path":"b"},{"path":"","sent":{"x":[1]}}]}`, string(b))
}

func TestJSONDerivesClass(t *testing.T) {
	for code, class := range map[string]errorx.Class{"RATE_LIMITED": errorx.ClassTransient, "ProjectNotFound": errorx.ClassInternal, "": errorx.ClassInternal, "MISSING_REQUIRED_FIELD": errorx.ClassValidation} {
		var e errorx.Error
		assert.NoError(t, json.Unmarshal([]byte(`{"code":"`+code+`"}`), &e), code)
		assert.Equal(t, class, e.Class, code)
	}
}

func TestJSONErrors(t *testing.T) {
	for in, want := range map[string]string{
		`{"code":1}`:                      `"code": want a string, not number`,
		`{"cod":"x"}`:                     `unknown field "cod"`,
		`{"class":"FATAL"}`:               `"class": unknown class "FATAL"`,
		`{"severity":"fatal"}`:            `"severity": unknown severity "fatal"`,
		`{"details":[1]}`:                 `"details": want a JSON object, not an array`,
		`{"retry_after":-1}`:              `"retry_after": -1 is not a delay in seconds`,
		`{"retry_after":"30"}`:            `"retry_after": want a number, not string`,
		`{"retryable":"yes"}`:             `"retryable": want a boolean, not string`,
		`{"status":1000}`:                 `"status": 1000 is not an HTTP status`,
		`{"status":404.5}`:                `"status": want a number, not number 404.5`,
		`{"actions":"a"}`:                 `"actions": want an array, not string`,
		`{"fields":[{"path":"a","x":1}]}`: `field: unknown field "x"`,
		`{"fields":[{"options":"a"}]}`:    `field: "options": want an array, not string`,
		`[]`:                              `want a JSON object, not array`,
		`"s"`:                             `want a JSON object, not string`,
	} {
		var e errorx.Error
		assert.ErrorContains(t, json.Unmarshal([]byte(in), &e), want, in)
	}
}

func TestConstructors(t *testing.T) {
	e := errorx.New("X", "100% done %d")
	assert.Equal(t, "100% done %d", e.Message, "New formatted its message")
	cause := io.ErrUnexpectedEOF
	e = errorx.Newf("PARSE", "row %d: %w", 7, cause)
	assert.Equal(t, "row 7: unexpected EOF", e.Message)
	assert.ErrorIs(t, e, io.ErrUnexpectedEOF)
	assert.NoError(t, errorx.Newf("X", "%s and %s", "a", "b").Unwrap(), "Newf without %w has a cause")

	r := errorx.Required("workspace_id")
	assert.Equal(t, errorx.CodeMissingRequiredField, r.Code)
	assert.Equal(t, errorx.ClassValidation, r.Class)
	assert.Equal(t, `Required field "workspace_id" is missing.`, r.Message)
	assert.Equal(t, `Provide the "workspace_id" parameter and retry.`, r.Recovery)
	if assert.Len(t, r.Fields, 1) {
		assert.True(t, r.Fields[0].IsRequired())
		assert.Equal(t, "workspace_id", r.Fields[0].Path)
	}

	rl := errorx.RateLimited("slow down", 30*time.Second)
	assert.Equal(t, 30*time.Second, rl.RetryAfter)
	assert.True(t, rl.IsRetryable())

	assert.Zero(t, errorx.New("X", "").WithRetryAfter(-time.Second).RetryAfter, "a negative retry-after was kept")

	ua := sentence.UnknownAction("op", "destory", "list", "delete")
	assert.Equal(t, `The op "destory" does not exist.`, ua.Message, "UnknownAction with a custom discriminator")
	assert.Equal(t, "Choose a valid op from available_actions and call the tool again.", ua.Recovery, "UnknownAction with a custom discriminator")
	for _, c := range []struct {
		e     *errorx.Error
		class errorx.Class
	}{
		{errorx.NotFound("m"), errorx.ClassNotFound}, {errorx.Conflict("m"), errorx.ClassConflict},
		{errorx.Validation("m"), errorx.ClassValidation}, {errorx.Permission("m"), errorx.ClassPermission},
		{errorx.Transient("m"), errorx.ClassTransient}, {errorx.Internal("m"), errorx.ClassInternal},
	} {
		assert.Equal(t, c.class, c.e.Class, c.e.Code)
		assert.Equal(t, c.class.String(), c.e.Code)
	}
}

func TestErrorIsUnwrap(t *testing.T) {
	sentinel := errorx.New("ProjectNotFound", "")
	e := errorx.Wrap(os.ErrNotExist, "ProjectNotFound", "Project 'x' does not exist.")
	wrapped := fmt.Errorf("get: %w", e)
	assert.ErrorIs(t, wrapped, sentinel, "Is by code through a wrap chain")
	assert.NotErrorIs(t, wrapped, errorx.New("Other", ""), "Is matched a different code")
	assert.NotErrorIs(t, errorx.New("", "a"), errorx.New("", "a"), "Is matched an empty code")
	assert.ErrorIs(t, wrapped, os.ErrNotExist, "the cause is not reachable")
	assert.ErrorIs(t, wrapped, fs.ErrNotExist, "the cause is not reachable")
	got, ok := errorx.As(wrapped)
	assert.True(t, ok, "As did not find the *Error")
	assert.Same(t, e, got, "As did not find the *Error")
	assert.EqualError(t, e, "ProjectNotFound: Project 'x' does not exist.")
	// Error() of partial errors.
	assert.EqualError(t, &errorx.Error{Message: "m"}, "m")
	assert.EqualError(t, &errorx.Error{Code: "C"}, "C")
	assert.EqualError(t, &errorx.Error{}, "INTERNAL")
}

type timeoutErr struct{}

func (timeoutErr) Error() string { return "i/o timeout on 10.0.0.7:5432" }
func (timeoutErr) Timeout() bool { return true }

type httpErr struct{ code int }

func (h httpErr) Error() string   { return fmt.Sprintf("upstream said %d: secret body", h.code) }
func (h httpErr) StatusCode() int { return h.code }

type modelErr struct{}

func (modelErr) Error() string            { return "domain" }
func (modelErr) ToolError() *errorx.Error { return errorx.Conflict("Invoice already paid.") }

func TestFrom(t *testing.T) {
	own := errorx.NotFound("Invoice not found.")
	deadline, cancel := context.WithDeadline(context.Background(), time.Unix(0, 0))
	defer cancel()
	<-deadline.Done()
	canceled, cancel2 := context.WithCancel(context.Background())
	cancel2()
	for _, c := range []struct {
		err    error
		code   string
		class  errorx.Class
		status int
	}{
		{fmt.Errorf("a: %w", fmt.Errorf("b: %w", own)), "NOT_FOUND", errorx.ClassNotFound, 0},
		{errors.Join(io.EOF, own), "NOT_FOUND", errorx.ClassNotFound, 0},
		{fmt.Errorf("x: %w", modelErr{}), "CONFLICT", errorx.ClassConflict, 0},
		{fmt.Errorf("call: %w", deadline.Err()), "TIMEOUT", errorx.ClassTransient, 0},
		{timeoutErr{}, "TIMEOUT", errorx.ClassTransient, 0},
		{os.ErrDeadlineExceeded, "TIMEOUT", errorx.ClassTransient, 0},
		{canceled.Err(), "CANCELLED", errorx.ClassInternal, 0},
		{&net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}, "SERVICE_UNAVAILABLE", errorx.ClassTransient, 0},
		{fmt.Errorf("read: %w", syscall.ECONNRESET), "SERVICE_UNAVAILABLE", errorx.ClassTransient, 0},
		{&net.DNSError{Err: "no such host", Name: "api.internal"}, "SERVICE_UNAVAILABLE", errorx.ClassTransient, 0},
		{&fs.PathError{Op: "open", Path: "/etc/secret", Err: fs.ErrNotExist}, "NOT_FOUND", errorx.ClassNotFound, 0},
		{&fs.PathError{Op: "open", Path: "/etc/secret", Err: fs.ErrPermission}, "FORBIDDEN", errorx.ClassPermission, 0},
		{httpErr{400}, "CLIENT_ERROR", errorx.ClassValidation, 400},
		{httpErr{422}, "CLIENT_ERROR", errorx.ClassValidation, 422},
		{httpErr{401}, "UNAUTHORIZED", errorx.ClassPermission, 401},
		{httpErr{403}, "FORBIDDEN", errorx.ClassPermission, 403},
		{httpErr{404}, "NOT_FOUND", errorx.ClassNotFound, 404},
		{httpErr{409}, "CONFLICT", errorx.ClassConflict, 409},
		{httpErr{429}, "RATE_LIMITED", errorx.ClassTransient, 429},
		{httpErr{502}, "SERVER_ERROR", errorx.ClassTransient, 502},
		{httpErr{302}, "INTERNAL_ERROR", errorx.ClassInternal, 302},
		{errors.New("pq: password authentication failed for user admin"), "INTERNAL_ERROR", errorx.ClassInternal, 0},
	} {
		e := errorx.From(c.err)
		assert.Equal(t, c.code, e.Code, "From(%v)", c.err)
		assert.Equal(t, c.class, e.EffectiveClass(), "From(%v)", c.err)
		assert.Equal(t, c.status, e.Status, "From(%v)", c.err)
		// Nothing of the error's text leaks into the message.
		if !errors.Is(c.err, own) {
			for _, secret := range []string{"secret", "10.0.0.7", "/etc", "password", "api.internal"} {
				assert.NotContains(t, e.Message, secret, "From(%v) leaks", c.err)
			}
		}
		if _, isOwn := errorx.As(c.err); !isOwn {
			assert.ErrorIs(t, e, c.err, "From(%v): the cause is not reachable", c.err)
		}
	}
	assert.Nil(t, errorx.From(nil))
	assert.Same(t, own, errorx.From(fmt.Errorf("ctx: %w", own)), "From did not return the *Error in the chain as it is")
}

func TestDefaults(t *testing.T) {
	for _, c := range []struct {
		e         *errorx.Error
		retryable bool
	}{
		{errorx.New("RATE_LIMITED", ""), true},
		{errorx.New("INVALID_INPUT", ""), false}, // not retried unchanged (but recoverable, below)
		{errorx.New("AGENT_UNAVAILABLE", ""), true},
		{errorx.New("MCP_ERROR", ""), false}, // "Maybe" with a non-TRANSIENT class
		{errorx.New("NETWORK_ERROR", ""), true},
		{errorx.New("Custom", ""), false},
		{errorx.New("Custom", "").WithClass(errorx.ClassTransient), true},
		{errorx.New("Custom", "").WithClass(errorx.ClassNotFound).WithStatus(410), false},
		{errorx.New("RATE_LIMITED", "").WithRetryable(false), false},
		{&errorx.Error{Code: "CONFLICT"}, false},
	} {
		assert.Equal(t, c.retryable, c.e.IsRetryable(), "%s/%v: retryable", c.e.Code, c.e.EffectiveClass())
	}
}

func TestCatalog(t *testing.T) {
	seen := map[string]bool{}
	for _, in := range codes.Catalog() {
		assert.False(t, seen[in.Code], "%s twice", in.Code)
		seen[in.Code] = true
		assert.NotEqual(t, errorx.ClassUnset, in.Class, "%s: incomplete entry", in.Code)
		assert.NotEmpty(t, in.Seeds, "%s: incomplete entry", in.Code)
		assert.True(t, strings.HasSuffix(in.Description, "."), "%s: description %q is not a sentence", in.Code, in.Description)
		got, ok := codes.Lookup(in.Code)
		assert.True(t, ok, "Lookup(%s)", in.Code)
		assert.Equal(t, in, got, "Lookup(%s)", in.Code)
	}
	// Every code of every seed is there.
	for _, code := range strings.Fields(`NOT_FOUND CONFLICT VALIDATION PERMISSION TRANSIENT INTERNAL
		NETWORK_ERROR SERVER_ERROR CLIENT_ERROR AUTHENTICATION_ERROR UNKNOWN_ERROR
		VALIDATION_ERROR UNAUTHORIZED FORBIDDEN RATE_LIMITED TIMEOUT INTERNAL_ERROR DEPRECATED SERVER_BUSY
		MISSING_REQUIRED_FIELD MISSING_DISCRIMINATOR UNKNOWN_ACTION INVALID_DISCRIMINATOR UNKNOWN_TOOL
		INVALID_INPUT INVALID_FIELD_TYPE INVALID_FIELD_VALUE AGENT_NOT_FOUND CAPABILITY_NOT_FOUND AGENT_UNAVAILABLE
		AGENT_BUSY MCP_NOT_CONNECTED MCP_AUTH_FAILED MCP_RATE_LIMITED MCP_ERROR COORDINATION_FAILED TASK_GRAPH_CYCLE
		DELEGATION_FAILED KNOWLEDGE_NOT_FOUND VALIDATION_FAILED RESOURCE_NOT_FOUND RESOURCE_ALREADY_EXISTS
		SERVICE_UNAVAILABLE BAD_GATEWAY`) {
		assert.Contains(t, seen, code, "catalog lacks it")
	}
}

func TestDetails(t *testing.T) {
	var d errorx.Details
	d.Set("b", 1)
	d.Set("a", 2)
	d.Set("b", 3) // keeps its position
	v, ok := d.Get("b")
	assert.True(t, ok)
	assert.Equal(t, 3, v, "Set in place")
	assert.Equal(t, []errorx.Detail{{Key: "b", Value: 3}, {Key: "a", Value: 2}}, d.Pairs(), "Set in place")
	c := d.Clone()
	c.Set("a", 9)
	v, _ = d.Get("a")
	assert.Equal(t, 2, v, "Clone shares storage")
	d.Delete("b")
	assert.False(t, d.Has("b"), "Delete")
	assert.Equal(t, 1, d.Len(), "Delete")
	got := errorx.DetailsOf(errorx.Detail{Key: "x", Value: 1}, errorx.Detail{Key: "x", Value: 2})
	assert.Equal(t, 1, got.Len(), "DetailsOf dedupe: %v", got.Pairs())
}

func TestClone(t *testing.T) {
	e := errorx.New("C", "m").WithActions("a").WithDetail("k", "v").WithFields(errorx.Field{Path: "p", Options: []string{"o"}})
	c := e.Clone()
	c.Actions[0], c.Fields[0].Options[0] = "x", "x"
	c.Details.Set("k", "x")
	assert.Equal(t, "a", e.Actions[0], "Clone shares slices")
	assert.Equal(t, "o", e.Fields[0].Options[0], "Clone shares slices")
	v, _ := e.Details.Get("k")
	assert.Equal(t, "v", v, "Clone shares details")
	r := errorx.New("C", "m").WithRetryable(true)
	*r.Clone().Retryable = false
	assert.True(t, *r.Retryable, "Clone shares Retryable")
}

func TestEnums(t *testing.T) {
	for c := errorx.ClassNotFound; c <= errorx.ClassInternal; c++ {
		got, ok := errorx.ParseClass(c.String())
		assert.True(t, ok, "class %v", c)
		assert.Equal(t, c, got)
	}
	var e errorx.Error
	assert.NoError(t, json.Unmarshal([]byte(`{"code":"NOT_FOUND","class":"","message":"m"}`), &e))
	assert.Equal(t, errorx.ClassNotFound, e.Class, `"class":"" is not unset (derived from the code)`)
	for _, s := range []errorx.Severity{errorx.SeverityWarning, errorx.SeverityError, errorx.SeverityCritical} {
		got, ok := errorx.ParseSeverity(s.String())
		assert.True(t, ok, "severity %v", s)
		assert.Equal(t, s, got)
	}
}

// TestNilError: a nil *Error inside an error interface never panics.
func TestNilError(t *testing.T) {
	var nilModel *errorx.Error
	var err error = nilModel
	wrapped := fmt.Errorf("ctx: %w", err)
	assert.EqualError(t, err, "<nil>")
	assert.NoError(t, nilModel.Unwrap(), "Unwrap of a nil *Error")
	assert.NotErrorIs(t, wrapped, errorx.New("X", ""))
	e := errorx.From(wrapped)
	require.NotNil(t, e, "From(nil *Error in a chain)")
	assert.Equal(t, errorx.CodeInternalError, e.Code)
	assert.ErrorIs(t, e, wrapped)
}

// TestUnmarshalNullLeavesError: JSON null is a no-op, as encoding/json
// treats null for any other value.
func TestUnmarshalNullLeavesError(t *testing.T) {
	e := errorx.New("NOT_FOUND", "m")
	require.NoError(t, json.Unmarshal([]byte("null"), e))
	assert.Equal(t, "NOT_FOUND", e.Code, "after null")
	assert.Equal(t, "m", e.Message, "after null")
}

// TestWrongType: the INVALID_FIELD_TYPE error names the field and the type
// with its article, and carries the field with the value sent.
func TestWrongType(t *testing.T) {
	e := sentence.WrongType("age", json.Number("7.5"), "integer")
	assert.Equal(t, codes.InvalidFieldType, e.Code)
	assert.Equal(t, errorx.ClassValidation, e.EffectiveClass())
	assert.Equal(t, `Field "age" must be an integer.`, e.Message)
	assert.Equal(t, `Send "age" as an integer and retry.`, e.Recovery)
	want := errorx.Field{Path: "age", Sent: json.Number("7.5"), WasSent: true, Message: "Wrong type.", Expected: "integer", Rule: "type"}
	assert.Equal(t, []errorx.Field{want}, e.Fields)
	assert.Equal(t, `Field "id" must be a string.`, sentence.WrongType("id", 7, "string").Message)
}
