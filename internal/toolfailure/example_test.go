package toolfailure_test

import (
	"fmt"
	"time"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/toolfailure"
)

func ExampleNew() {
	at := time.Date(2026, 7, 28, 12, 0, 0, 0, time.UTC)
	e := errorx.New(errorx.CodeRateLimited, "Too many searches.").WithRetryAfter(2 * time.Second)
	f := toolfailure.New(e, "req-1", at)
	fmt.Println(f.Class, f.Code, f.Retryable, f.RetryNotBefore-at.UnixMilli())
	// Output:
	// reliability retryable_transient_error true 2000
}
