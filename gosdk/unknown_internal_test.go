package gosdk

import (
	"fmt"
	"slices"
	"testing"

	"github.com/mcperr/mcperr/internal/testsize"
)

// TestUnknownToolLinear: naming the closest tools takes time linear in the
// number of tools: 8 times the tools take well under 64 times as long
// (testsize.Ratio).
func TestUnknownToolLinear(t *testing.T) {
	tools := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = fmt.Sprintf("tool%d.get", i)
		}
		return out
	}
	run := func(ts []string) func() {
		return func() {
			for range 3 {
				closestTools("tool7.gett", ts)
			}
		}
	}
	ratio := testsize.Ratio(run(tools(1000)), run(tools(8000)))
	t.Logf("8000 tools take %.1f times as long as 1000", ratio)
	if ratio > testsize.MaxRatio {
		t.Errorf("8000 tools take %.1f times as long as 1000, want < %d", ratio, testsize.MaxRatio)
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
}
