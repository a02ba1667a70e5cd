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
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mcperr/mcperr/errorx"
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
	if err := json.Unmarshal([]byte(designExample), &e); err != nil {
		t.Fatal(err)
	}
	if e.Code != "ProjectNotFound" || e.Class != errorx.ClassNotFound || e.Severity != errorx.SeverityError ||
		e.RetryAfter != 30*time.Second || e.Retryable != errorx.No || e.Status != 404 || e.Tool != "projects.get" ||
		len(e.Actions) != 1 || e.Details.Len() != 2 || len(e.Fields) != 2 {
		t.Fatalf("decoded %+v", e)
	}
	if f := e.Fields[0]; f.Path != "email" || !f.WasSent || f.Sent != "bad-email" || f.Rule != "email" || f.Options != nil {
		t.Errorf("field 0: %+v", f)
	}
	if f := e.Fields[1]; f.WasSent || f.Sent != nil || f.Message != "Required." {
		t.Errorf("field 1: %+v (no sent key means nothing was sent)", f)
	}
	b, _ := json.Marshal(&e)
	want := `{"code":"ProjectNotFound","class":"NOT_FOUND","severity":"error","message":"Project 'proj_xyz' does not exist.","recovery":"Call projects.list first to get valid IDs, then retry.","actions":["projects.list"],"details":{"entity_id":"proj_xyz","searched_workspace":"ws_42"},"retry_after":30,"retryable":false,"status":404,"tool":"projects.get","fields":[{"path":"email","sent":"bad-email","message":"Invalid email.","expected":"a valid email address (e.g. user@example.com)","rule":"email"},{"path":"workspace_id","message":"Required."}]}`
	if string(b) != want {
		t.Errorf("marshal:\n got %s\nwant %s", b, want)
	}
}

func TestJSONKeepsDetailOrderAndNumbers(t *testing.T) {
	in := `{"details":{"z":1,"a":2.50,"m":{"y":1,"b":2},"big":12345678901234567890,"n":null}}`
	var e errorx.Error
	if err := json.Unmarshal([]byte(in), &e); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k := range e.Details.Keys() {
		keys = append(keys, k)
	}
	if strings.Join(keys, ",") != "z,a,m,big,n" {
		t.Errorf("order %v", keys)
	}
	b, _ := json.Marshal(&e)
	// Nested maps are sorted as encoding/json sorts them; number literals
	// are kept as written.
	if want := `{"class":"INTERNAL","details":{"z":1,"a":2.50,"m":{"b":2,"y":1},"big":12345678901234567890,"n":null}}`; string(b) != want {
		t.Errorf("got %s\nwant %s", b, want)
	}
}

func TestJSONSentNullVersusNothing(t *testing.T) {
	var e errorx.Error
	if err := json.Unmarshal([]byte(`{"fields":[{"path":"a","sent":null},{"path":"b"},{"path":"","sent":{"x":[1]}}]}`), &e); err != nil {
		t.Fatal(err)
	}
	if !e.Fields[0].WasSent || e.Fields[0].Sent != nil || e.Fields[1].WasSent {
		t.Errorf("null vs nothing lost: %+v", e.Fields)
	}
	b, _ := json.Marshal(&e)
	if want := `{"class":"INTERNAL","fields":[{"path":"a","sent":null},{"path":"b"},{"path":"","sent":{"x":[1]}}]}`; string(b) != want {
		t.Errorf("got %s", b)
	}
}

func TestJSONDerivesClass(t *testing.T) {
	for code, class := range map[string]errorx.Class{"RATE_LIMITED": errorx.ClassTransient, "ProjectNotFound": errorx.ClassInternal, "": errorx.ClassInternal, "MISSING_REQUIRED_FIELD": errorx.ClassValidation} {
		var e errorx.Error
		if err := json.Unmarshal([]byte(`{"code":"`+code+`"}`), &e); err != nil || e.Class != class {
			t.Errorf("%q: class %v, %v", code, e.Class, err)
		}
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
		err := json.Unmarshal([]byte(in), &e)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want %q", in, err, want)
		}
	}
}

func TestConstructors(t *testing.T) {
	e := errorx.New("X", "100% done %d")
	if e.Message != "100% done %d" {
		t.Errorf("New formatted its message: %q", e.Message)
	}
	cause := io.ErrUnexpectedEOF
	e = errorx.Newf("PARSE", "row %d: %w", 7, cause)
	if e.Message != "row 7: unexpected EOF" || !errors.Is(e, io.ErrUnexpectedEOF) {
		t.Errorf("Newf: %q, Is(cause) = %v", e.Message, errors.Is(e, io.ErrUnexpectedEOF))
	}
	if e := errorx.Newf("X", "%s and %s", "a", "b"); e.Unwrap() != nil {
		t.Errorf("Newf without %%w has a cause %v", e.Unwrap())
	}
	r := errorx.Required("workspace_id")
	if r.Code != errorx.CodeMissingRequiredField || r.Class != errorx.ClassValidation ||
		r.Message != `Required field "workspace_id" is missing.` || r.Recovery != `Provide the "workspace_id" parameter and retry.` ||
		len(r.Fields) != 1 || !r.Fields[0].IsRequired() || r.Fields[0].Path != "workspace_id" {
		t.Errorf("Required: %+v", r)
	}
	rl := errorx.RateLimited("slow down", 30*time.Second)
	if rl.RetryAfter != 30*time.Second || !rl.IsRetryable() || rl.EffectiveStatus() != 429 {
		t.Errorf("RateLimited: %+v", rl)
	}
	if e := errorx.New("X", "").WithRetryAfter(-time.Second); e.RetryAfter != 0 {
		t.Error("a negative retry-after was kept")
	}
	ua := errorx.UnknownAction("op", "destory", "list", "delete")
	if ua.Message != `The op "destory" does not exist.` || ua.Recovery != "Choose a valid op from available_actions and call the tool again." {
		t.Errorf("UnknownAction with a custom discriminator: %+v", ua)
	}
	for _, c := range []struct {
		e     *errorx.Error
		class errorx.Class
	}{
		{errorx.NotFound("m"), errorx.ClassNotFound}, {errorx.Conflict("m"), errorx.ClassConflict},
		{errorx.Validation("m"), errorx.ClassValidation}, {errorx.Permission("m"), errorx.ClassPermission},
		{errorx.Transient("m"), errorx.ClassTransient}, {errorx.Internal("m"), errorx.ClassInternal},
	} {
		if c.e.Class != c.class || c.e.Code != c.class.String() {
			t.Errorf("%s: class %v", c.e.Code, c.e.Class)
		}
	}
}

func TestErrorIsUnwrap(t *testing.T) {
	sentinel := errorx.New("ProjectNotFound", "")
	e := errorx.Wrap(os.ErrNotExist, "ProjectNotFound", "Project 'x' does not exist.")
	wrapped := fmt.Errorf("get: %w", e)
	if !errors.Is(wrapped, sentinel) {
		t.Error("Is by code through a wrap chain failed")
	}
	if errors.Is(wrapped, errorx.New("Other", "")) || errors.Is(errorx.New("", "a"), errorx.New("", "a")) {
		t.Error("Is matched a different or empty code")
	}
	if !errors.Is(wrapped, os.ErrNotExist) || !errors.Is(wrapped, fs.ErrNotExist) {
		t.Error("the cause is not reachable")
	}
	if got, ok := errorx.As(wrapped); !ok || got != e {
		t.Error("As did not find the *Error")
	}
	if e.Error() != "ProjectNotFound: Project 'x' does not exist." {
		t.Errorf("Error() = %q", e.Error())
	}
	if (&errorx.Error{Message: "m"}).Error() != "m" || (&errorx.Error{Code: "C"}).Error() != "C" || (&errorx.Error{}).Error() != "INTERNAL" {
		t.Error("Error() of partial errors")
	}
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
		if e.Code != c.code || e.EffectiveClass() != c.class || e.Status != c.status {
			t.Errorf("From(%v) = %s %v %d, want %s %v %d", c.err, e.Code, e.EffectiveClass(), e.Status, c.code, c.class, c.status)
		}
		// Nothing of the error's text leaks into the message.
		for _, secret := range []string{"secret", "10.0.0.7", "/etc", "password", "api.internal"} {
			if strings.Contains(e.Message, secret) && !errors.Is(c.err, own) {
				t.Errorf("From(%v) leaks %q in %q", c.err, secret, e.Message)
			}
		}
		if _, isOwn := errorx.As(c.err); !isOwn && !errors.Is(e, c.err) {
			t.Errorf("From(%v): the cause is not reachable", c.err)
		}
	}
	if errorx.From(nil) != nil {
		t.Error("From(nil) != nil")
	}
	if got := errorx.From(fmt.Errorf("ctx: %w", own)); got != own {
		t.Error("From did not return the *Error in the chain as it is")
	}
}

func TestDefaults(t *testing.T) {
	for _, c := range []struct {
		e         *errorx.Error
		status    int
		retryable bool
	}{
		{errorx.New("RATE_LIMITED", ""), 429, true},
		{errorx.New("INVALID_INPUT", ""), 400, false}, // not retried unchanged (but recoverable, below)
		{errorx.New("AGENT_UNAVAILABLE", ""), 503, true},
		{errorx.New("MCP_ERROR", ""), 502, false}, // "Maybe" with a non-TRANSIENT class
		{errorx.New("NETWORK_ERROR", ""), 503, true},
		{errorx.New("Custom", ""), 500, false},
		{errorx.New("Custom", "").WithClass(errorx.ClassTransient), 503, true},
		{errorx.New("Custom", "").WithClass(errorx.ClassNotFound).WithStatus(410), 410, false},
		{errorx.New("RATE_LIMITED", "").WithRetryable(false), 429, false},
		{&errorx.Error{Code: "CONFLICT"}, 409, false},
	} {
		if c.e.EffectiveStatus() != c.status || c.e.IsRetryable() != c.retryable {
			t.Errorf("%s/%v: status %d retryable %v, want %d %v", c.e.Code, c.e.EffectiveClass(), c.e.EffectiveStatus(), c.e.IsRetryable(), c.status, c.retryable)
		}
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
		if got := c.e.IsRecoverable(); got != c.recoverable {
			t.Errorf("%s/%v retryable %v: IsRecoverable = %v", c.e.Code, c.e.EffectiveClass(), c.e.Retryable, got)
		}
	}
}

func TestCatalog(t *testing.T) {
	seen := map[string]bool{}
	for _, in := range errorx.Catalog() {
		if seen[in.Code] {
			t.Errorf("%s twice", in.Code)
		}
		seen[in.Code] = true
		if in.Class == errorx.ClassUnset || in.Description == "" || in.Seeds == "" || !strings.HasSuffix(in.Description, ".") {
			t.Errorf("%s: incomplete entry %+v", in.Code, in)
		}
		if got, ok := errorx.Lookup(in.Code); !ok || got != in {
			t.Errorf("Lookup(%s)", in.Code)
		}
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
		if !seen[code] {
			t.Errorf("catalog lacks %s", code)
		}
	}
}

func TestDetails(t *testing.T) {
	var d errorx.Details
	d.Set("b", 1)
	d.Set("a", 2)
	d.Set("b", 3) // keeps its position
	if v, ok := d.Get("b"); !ok || v != 3 || d.Pairs()[0].Key != "b" || d.Len() != 2 {
		t.Errorf("Set in place: %v", d.Pairs())
	}
	c := d.Clone()
	c.Set("a", 9)
	if v, _ := d.Get("a"); v != 2 {
		t.Error("Clone shares storage")
	}
	d.Delete("b")
	if d.Has("b") || d.Len() != 1 {
		t.Errorf("Delete: %v", d.Pairs())
	}
	if got := errorx.DetailsOf(errorx.Detail{Key: "x", Value: 1}, errorx.Detail{Key: "x", Value: 2}); got.Len() != 1 {
		t.Errorf("DetailsOf dedupe: %v", got.Pairs())
	}
}

func TestClone(t *testing.T) {
	e := errorx.New("C", "m").WithActions("a").WithDetail("k", "v").WithFields(errorx.Field{Path: "p", Options: []string{"o"}})
	c := e.Clone()
	c.Actions[0], c.Fields[0].Options[0] = "x", "x"
	c.Details.Set("k", "x")
	if e.Actions[0] != "a" || e.Fields[0].Options[0] != "o" {
		t.Error("Clone shares slices")
	}
	if v, _ := e.Details.Get("k"); v != "v" {
		t.Error("Clone shares details")
	}
}

func TestEnums(t *testing.T) {
	for _, c := range errorx.Classes {
		got, ok := errorx.ParseClass(c.String())
		b, err := c.MarshalText()
		if !ok || got != c || err != nil || string(b) != c.String() {
			t.Errorf("class %v", c)
		}
	}
	// Unset is a valid state: it is the empty string both ways, so a struct
	// or a log record holding an unset class still marshals.
	if b, err := json.Marshal(struct{ C errorx.Class }{}); err != nil || string(b) != `{"C":""}` {
		t.Errorf("unset class: %s, %v", b, err)
	}
	c := errorx.ClassNotFound
	if err := c.UnmarshalText(nil); err != nil || c != errorx.ClassUnset {
		t.Errorf("empty text: %v, %v", c, err)
	}
	var e errorx.Error
	if err := json.Unmarshal([]byte(`{"code":"NOT_FOUND","class":"","message":"m"}`), &e); err != nil || e.Class != errorx.ClassNotFound {
		t.Errorf(`"class":"" is not unset (derived from the code): %v, %v`, e.Class, err)
	}
	for _, s := range []errorx.Severity{errorx.SeverityWarning, errorx.SeverityError, errorx.SeverityCritical} {
		if got, ok := errorx.ParseSeverity(s.String()); !ok || got != s {
			t.Errorf("severity %v", s)
		}
	}
	if errorx.Unset.Or(true) != true || errorx.No.Or(true) != false || errorx.TristateOf(true) != errorx.Yes {
		t.Error("Tristate")
	}
}

// TestNilError: a nil *Error inside an error interface never panics.
func TestNilError(t *testing.T) {
	var nilModel *errorx.Error
	var err error = nilModel
	wrapped := fmt.Errorf("ctx: %w", err)
	if err.Error() != "<nil>" || nilModel.Unwrap() != nil || errors.Is(wrapped, errorx.New("X", "")) {
		t.Error("nil *Error methods")
	}
	if e := errorx.From(wrapped); e == nil || e.Code != errorx.CodeInternalError || !errors.Is(e, wrapped) {
		t.Errorf("From(nil *Error in a chain) = %v", e)
	}
}

// TestUnmarshalNullLeavesError: JSON null is a no-op, as encoding/json
// treats null for any other value.
func TestUnmarshalNullLeavesError(t *testing.T) {
	e := errorx.New("NOT_FOUND", "m")
	if err := json.Unmarshal([]byte("null"), e); err != nil || e.Code != "NOT_FOUND" || e.Message != "m" {
		t.Errorf("after null: %+v, %v", e, err)
	}
}

// TestWrongType: the INVALID_FIELD_TYPE error names the field and the type
// with its article, and carries the field with the value sent.
func TestWrongType(t *testing.T) {
	e := errorx.WrongType("age", json.Number("7.5"), "integer")
	if e.Code != errorx.CodeInvalidFieldType || e.EffectiveClass() != errorx.ClassValidation ||
		e.Message != `Field "age" must be an integer.` || e.Recovery != `Send "age" as an integer and retry.` {
		t.Errorf("error: %+v", e)
	}
	want := errorx.Field{Path: "age", Sent: json.Number("7.5"), WasSent: true, Message: "Wrong type.", Expected: "integer", Rule: "type"}
	if len(e.Fields) != 1 || !reflect.DeepEqual(e.Fields[0], want) {
		t.Errorf("fields: %+v", e.Fields)
	}
	if m := errorx.WrongType("id", 7, "string").Message; m != `Field "id" must be a string.` {
		t.Errorf("message: %s", m)
	}
}
