// Package testsize chooses how large the project's tests run.
//
// The default run of go test exercises every behaviour once, with
// corpora and inputs small enough for a quick edit-and-test loop. The
// environment variable MCPERR_LONG_TESTS=1 (which the CI script sets for
// its go test -race step) turns on the long run: the large generated
// corpora, the long property runs and the full-size hostile inputs.
// The -short flag keeps its own, smaller sizes and skips.
//
// Ratio (time) and BytesRatio (bytes allocated) measure a size series, the
// way the hostile-input tests show that work grows linearly with the input;
// Linear checks both against their bounds.
package testsize

import "os"

// Env is the environment variable that turns on the long run.
const Env = "MCPERR_LONG_TESTS"

// Long reports whether the long run is on: Env is set to 1.
func Long() bool { return os.Getenv(Env) == "1" }

// N returns long in the long run and def otherwise: the size of a corpus,
// a property run or a hostile input.
func N(def, long int) int {
	if Long() {
		return long
	}
	return def
}
