package errorx_test

import (
	"errors"
	"fmt"

	"github.com/mcperr/mcperr/errorx"
)

// checkQuota returns a typed-nil *errorx.Error when all is well: the
// typed-nil trap that errorx.As guards against.
func checkQuota() *errorx.Error { return nil }

// ExampleAs shows what As does that errors.AsType[*errorx.Error] does not:
// it skips a typed-nil *Error in the chain and finds the model behind it.
func ExampleAs() {
	err := errors.Join(checkQuota(), errorx.NotFound("Project 'p' does not exist."))

	e, ok := errors.AsType[*errorx.Error](err)
	fmt.Println("errors.AsType:", e == nil, ok)

	e, ok = errorx.As(err)
	fmt.Println("errorx.As:", e.Code, ok)
	// Output:
	// errors.AsType: true true
	// errorx.As: NOT_FOUND true
}
