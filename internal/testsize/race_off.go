//go:build !race

package testsize

// MaxRatio is the most Ratio may measure for 8 times the input: well under
// the 64 of quadratic work, with room for a noisy machine.
const MaxRatio = 24

// Race reports whether the race detector is on; it allows at most 8128
// live goroutines.
const Race = false
