// Package golden compares test output with golden files, in the manner of
// the Go standard library's printer and gofmt tests: run the tests with
// -update to rewrite the files, then read the diff before committing it.
//
// On a mismatch, Equal reports the first differing lines and writes the
// output it got into the test's artifact directory (go test -artifacts).
package golden
