//go:build race

package main

// raceEnabled reports whether the race detector is on; it allows at most
// 8128 live goroutines.
const raceEnabled = true
