package errtext_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/mcperr/mcperr/internal/errtext"
)

func ExampleText() {
	err := fmt.Errorf("query users: %w", errors.New(strings.Repeat("x", 100)))
	fmt.Println(errtext.Text(err, 20))

	leaf := errors.New("disk full")
	for range 40 {
		leaf = errors.Join(leaf, leaf) // 2^40 paths: its Error would never return
	}
	fmt.Println(errtext.Text(leaf, 0))
	// Output:
	// query users: xxxxxxx…(truncated, 93 bytes)
	// (the text of a *errors.joinError is not shown: its chain is too long or branches too much to search; its first error: disk full)
}
