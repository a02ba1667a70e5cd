package copyonwrite_test

import (
	"reflect"
	"testing"

	"github.com/mcperr/mcperr/internal/copyonwrite"
)

func upper(v any) (any, bool) {
	if v == "a" {
		return "A", true
	}
	return v, false
}

func TestMap(t *testing.T) {
	m := map[string]any{"x": "a", "y": "b"}
	out, changed := copyonwrite.Map(m, func(_ string, v any) (any, bool) { return upper(v) })
	if !changed || !reflect.DeepEqual(out, map[string]any{"x": "A", "y": "b"}) || m["x"] != "a" {
		t.Errorf("got %v %v, original %v", out, changed, m)
	}
	same, changed := copyonwrite.Map(map[string]any{"y": "b"}, func(_ string, v any) (any, bool) { return upper(v) })
	if changed || same["y"] != "b" {
		t.Errorf("unchanged map: %v %v", same, changed)
	}
}

func TestSlice(t *testing.T) {
	s := []any{"b", "a"}
	out, changed := copyonwrite.Slice(s, upper)
	if !changed || !reflect.DeepEqual(out, []any{"b", "A"}) || s[1] != "a" {
		t.Errorf("got %v %v, original %v", out, changed, s)
	}
	same, changed := copyonwrite.Slice([]any{"b"}, upper)
	if changed || same[0] != "b" {
		t.Errorf("unchanged slice: %v %v", same, changed)
	}
}

func TestGuard(t *testing.T) {
	m := map[string]any{}
	s := []any{1, 2}
	g := copyonwrite.Guard{MaxDepth: 2, MaxNodes: 6}
	g.Reset()
	if g.Enter(copyonwrite.ID(m)) != copyonwrite.Walk || g.Enter(copyonwrite.ID(m)) != copyonwrite.Cycle {
		t.Error("a map inside itself is not a cycle")
	}
	if g.Enter(copyonwrite.ID(s)) != copyonwrite.Walk || g.Enter(nil) != copyonwrite.TooDeep {
		t.Error("a value inside two containers is not too deep for MaxDepth 2")
	}
	g.Leave()
	if g.Enter(copyonwrite.ID(s[:1])) != copyonwrite.Walk {
		t.Error("a shorter list on the same array is taken for its longer self")
	}
	g.Leave()
	g.Leave()
	if g.Enter(nil) != copyonwrite.Walk || g.Exhausted() || g.Enter(nil) != copyonwrite.TooMany || !g.Exhausted() {
		t.Error("the seventh value is admitted with MaxNodes 6")
	}
	g.Reset()
	if g.Exhausted() || g.Enter(copyonwrite.ID(m)) != copyonwrite.Walk {
		t.Error("Reset does not start a new walk")
	}
	if copyonwrite.ID([]any{}) != nil || copyonwrite.ID("x") != nil || copyonwrite.SliceID([]int(nil)) != nil {
		t.Error("an empty list or a scalar has an identity")
	}
}

func TestGuardNoLimits(t *testing.T) {
	var g copyonwrite.Guard
	for range 10_000 {
		if g.Enter(nil) != copyonwrite.Walk {
			t.Fatal("the zero Guard limits")
		}
	}
}
