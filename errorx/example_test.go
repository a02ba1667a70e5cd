package errorx_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/mcperr/mcperr/errorx"
)

func Example() {
	e := errorx.New("ProjectNotFound", "Project 'proj_xyz' does not exist.").
		WithClass(errorx.ClassNotFound).
		WithRecovery("Call projects.list first to get valid IDs, then retry.").
		WithActions("projects.list").
		WithDetail("entity_id", "proj_xyz")
	b, _ := json.Marshal(e)
	fmt.Println(string(b))
	// Output:
	// {"code":"ProjectNotFound","class":"NOT_FOUND","message":"Project 'proj_xyz' does not exist.","recovery":"Call projects.list first to get valid IDs, then retry.","actions":["projects.list"],"details":{"entity_id":"proj_xyz"}}
}

func ExampleFrom() {
	_, err := os.Open("/var/lib/app/reports/q3.csv")
	e := errorx.From(fmt.Errorf("load report: %w", err))
	fmt.Println(e.Code, e.EffectiveClass(), e.Message)
	fmt.Println(errors.Is(e, os.ErrNotExist))
	// Output:
	// NOT_FOUND NOT_FOUND The requested resource does not exist.
	// true
}

func ExampleFromStatus() {
	e := errorx.FromStatus(429, "")
	fmt.Println(e.Code, e.EffectiveClass(), e.IsRetryable(), e.Message)
	// Output: RATE_LIMITED TRANSIENT true The upstream service answered 429 Too Many Requests.
}

func ExampleRequired() {
	e := errorx.Required("workspace_id")
	fmt.Println(e)
	fmt.Println(e.Recovery)
	// Output:
	// MISSING_REQUIRED_FIELD: Required field "workspace_id" is missing.
	// Provide the "workspace_id" parameter and retry.
}

func ExampleError_Is() {
	var ErrQuota = errorx.New("QuotaExceeded", "")
	err := fmt.Errorf("sync: %w", errorx.New("QuotaExceeded", "Monthly quota of 1000 calls used.").
		WithRetryAfter(time.Hour))
	fmt.Println(errors.Is(err, ErrQuota))
	// Output: true
}

// A server's sentence names what the caller chose through Quote: quoted,
// markdown-inert, and with the credentials it spells out masked.
func ExampleQuote() {
	fmt.Println("The server has no tool named " + errorx.Quote("projects.lst") + ".")
	fmt.Println("The server has no tool named " + errorx.Quote("x password=hunter2 **y**") + ".")
	// Output:
	// The server has no tool named "projects.lst".
	// The server has no tool named "x password=\[redacted\] \*\*y\*\*".
}
