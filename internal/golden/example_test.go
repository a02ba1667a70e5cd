package golden_test

import (
	"fmt"

	"github.com/mcperr/mcperr/internal/golden"
)

// Diff shows the changed line between its unchanged neighbours, and where
// the bytes first differ: what Equal reports on a mismatch.
func ExampleDiff() {
	want := []byte("<tool_error code=\"NOT_FOUND\">\n<message>Project is gone.</message>\n</tool_error>")
	got := []byte("<tool_error code=\"NOT_FOUND\">\n<message>Project was deleted.</message>\n</tool_error>")
	fmt.Println(golden.Diff(want, got))
	// Output:
	//      1  <tool_error code="NOT_FOUND">
	// -    2  "<message>Project is gone.</message>"
	// +    2  "<message>Project was deleted.</message>"
	//      3  </tool_error>
	// first difference at byte 47 (want 79 bytes, got 83)
}
