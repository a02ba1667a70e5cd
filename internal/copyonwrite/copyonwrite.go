package copyonwrite

import (
	"maps"
	"slices"
)

// Map applies f to every member of m and returns m with the members f
// changed, in a copy made on the first change; changed reports whether
// there was one. m itself is never modified.
func Map(m map[string]any, f func(key string, v any) (any, bool)) (out map[string]any, changed bool) {
	for k, v := range m {
		if r, ok := f(k, v); ok {
			if out == nil {
				out = maps.Clone(m)
			}
			out[k] = r
		}
	}
	if out == nil {
		return m, false
	}
	return out, true
}

// Slice is Map for a list: f gets each element.
func Slice(s []any, f func(v any) (any, bool)) (out []any, changed bool) {
	for i, v := range s {
		if r, ok := f(v); ok {
			if out == nil {
				out = slices.Clone(s)
			}
			out[i] = r
		}
	}
	if out == nil {
		return s, false
	}
	return out, true
}
