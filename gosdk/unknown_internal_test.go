package gosdk

import (
	"fmt"
	"runtime"
	"slices"
	"testing"
	"time"
)

// TestUnknownToolLinear: naming the closest tools takes time linear in the
// number of tools: 8 times the tools take well under 64 times as long
// (the least of several runs, each after a GC, against a noisy machine).
func TestUnknownToolLinear(t *testing.T) {
	tools := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = fmt.Sprintf("tool%d.get", i)
		}
		return out
	}
	least := func(ts []string) time.Duration {
		best := time.Duration(1 << 62)
		for range 7 {
			runtime.GC()
			start := time.Now()
			for range 3 {
				unknownToolError("tool7.gett", ts)
			}
			best = min(best, time.Since(start))
		}
		return best
	}
	small, large := tools(1000), tools(8000)
	least(small) // warm up
	a, b := least(small), least(large)
	ratio := float64(b) / float64(a)
	t.Logf("1000 tools: %v, 8000 tools: %v (ratio %.1f)", a, b, ratio)
	if ratio > 24 {
		t.Errorf("1000 tools: %v, 8000 tools: %v (ratio %.1f, want < 24)", a, b, ratio)
	}
}

// TestClosestTools: the nearest first, at most three, each once.
func TestClosestTools(t *testing.T) {
	tools := []string{"users.list", "users.get", "user.get", "users.get", "users.set", "orders.get"}
	if got, want := closestTools("users.gett", tools), []string{"users.get", "user.get", "users.set"}; !slices.Equal(got, want) {
		t.Errorf("closestTools = %q, want %q", got, want)
	}
	if got := closestTools("zzz", tools); got != nil {
		t.Errorf("closestTools(zzz) = %q, want none", got)
	}
	if got := orList([]string{"a", "b", "c"}); got != "a, b or c" {
		t.Errorf("orList = %q", got)
	}
}
