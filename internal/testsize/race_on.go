//go:build race

package testsize

// MaxRatio is the most Ratio may measure for 8 times the input: well under
// the 64 of quadratic work. The race detector's instrumentation makes
// memory-heavy work scale worse (its ratios for linear work reach 15-23 on
// a busy machine), so it gets more room.
const MaxRatio = 32

// Race reports whether the race detector is on; it allows at most 8128
// live goroutines.
const Race = true
