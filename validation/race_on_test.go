//go:build race

package validation_test

// maxRatio is the most a size series may grow for 8 times the input: well
// under the 64 of quadratic work. The race detector's instrumentation
// makes memory-heavy work scale worse (its ratios for linear work reach
// 15-20 on a busy machine), so it gets more room.
const maxRatio = 32
