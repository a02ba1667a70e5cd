package copyonwrite

import (
	"maps"
	"reflect"
	"slices"
	"unsafe"
)

// Map applies f to every member of m and returns m with the members f
// changed, in a copy made on the first change; changed reports whether
// there was one. m itself is never modified. Map does not recurse: a
// recursive f guards itself with a Guard.
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
func Slice[E any](s []E, f func(v E) (E, bool)) (out []E, changed bool) {
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

// Verdict is what Guard.Enter decides about a value.
type Verdict int

const (
	// Walk: walk the value (and call Leave after it when Enter was given a
	// container).
	Walk Verdict = iota
	// Cycle: the container is its own ancestor; do not walk it.
	Cycle
	// TooDeep: the value is nested MaxDepth deep; do not walk it.
	TooDeep
	// TooMany: the walk has visited MaxNodes values; stop it.
	TooMany
)

// Guard bounds a recursive walk over values a caller or a handler built,
// which may be cyclic (a map that holds itself), deeper than the stack
// allows, or share parts so that their paths outnumber their values
// (2^60 paths through 60 shared maps). It keeps the containers on the
// current path, identified by ID, and counts the values visited. The zero
// Guard has no limits; a Guard is for one walk at a time.
type Guard struct {
	// MaxDepth is the number of containers a value may be nested in before
	// Enter answers TooDeep (0 for no limit).
	MaxDepth int
	// MaxNodes is the number of values Enter admits before it answers
	// TooMany, and keeps answering it (0 for no limit).
	MaxNodes int

	near  [16]unsafe.Pointer // the path's first containers: most walks allocate nothing
	far   []unsafe.Pointer   // the containers past those
	depth int                // the containers on the path
	nodes int
}

// Enter is called before walking each value, with the value's container
// identity (ID, or nil for a scalar or an empty container). It answers
// Walk, and then records a container on the path, which Leave removes
// after the walk; or why the value must not be walked.
func (g *Guard) Enter(id unsafe.Pointer) Verdict {
	g.nodes++
	switch {
	case g.MaxNodes > 0 && g.nodes > g.MaxNodes:
		return TooMany
	case g.MaxDepth > 0 && g.depth >= g.MaxDepth:
		return TooDeep
	case id == nil:
		return Walk
	case slices.Contains(g.near[:min(g.depth, len(g.near))], id) || slices.Contains(g.far, id):
		return Cycle
	}
	if g.depth < len(g.near) {
		g.near[g.depth] = id
	} else {
		g.far = append(g.far, id)
	}
	g.depth++
	return Walk
}

// Leave ends the walk of the container the last Enter recorded.
func (g *Guard) Leave() {
	g.depth--
	if g.depth >= len(g.near) {
		g.far = g.far[:len(g.far)-1]
	}
}

// Depth returns the number of containers on the path.
func (g *Guard) Depth() int { return g.depth }

// Exhausted reports whether the walk has visited more than MaxNodes
// values.
func (g *Guard) Exhausted() bool { return g.MaxNodes > 0 && g.nodes > g.MaxNodes }

// Reset empties the path and the count, for a new walk.
func (g *Guard) Reset() {
	g.far = g.far[:0]
	g.depth, g.nodes = 0, 0
}

// ID identifies the storage of a map[string]any or a []any for Enter: the
// map itself, or the address of the list's last element (so that two lists
// sharing an array but of different lengths differ). It returns nil for
// anything else and for an empty list, which cannot hold itself.
func ID(v any) unsafe.Pointer {
	switch x := v.(type) {
	case map[string]any:
		return reflect.ValueOf(x).UnsafePointer()
	case []any:
		return SliceID(x)
	}
	return nil
}

// SliceID is ID for a list of any element type.
func SliceID[E any](s []E) unsafe.Pointer {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Pointer(&s[len(s)-1])
}
