//go:build !race

package testsize

// MaxRatio is the most Ratio may measure for 8 times the input: well under
// the 64 of quadratic work, with room for a noisy machine.
const MaxRatio = 24
