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
