//go:build !race

package validation_test

// maxRatio is the most a size series may grow for 8 times the input: well
// under the 64 of quadratic work, with room for a noisy machine.
const maxRatio = 24
