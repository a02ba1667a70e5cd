package codes_test

import (
	"fmt"

	"github.com/mcperr/mcperr/internal/codes"
)

func ExampleLookup() {
	in, _ := codes.Lookup("MCP_RATE_LIMITED")
	fmt.Println(in.Class, in.Status, in.Retryable, in.Seeds)
	// Output: TRANSIENT 429 true contract
}
