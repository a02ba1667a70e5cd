package validation

import (
	"encoding/json"
	"slices"
)

// tree decodes the arguments for the JSON Schema library in one pass:
// objects as map[string]any, arrays as []any, strings, json.Number, bool
// and nil, each container allocated at its size (its members gathered on
// a stack first), so that the bytes allocated follow the arguments' size.
// On the way it finds what binding reports while decoding: a key sent
// twice in one object (the first value is kept: the failures at or below
// the key are dropped anyway), objects and arrays nested past MaxDepth
// (the value is cut, as binding cuts it) and numbers the library cannot
// compare cheaply (see checkRun.number).
type tree struct {
	scanner
	r *checkRun
	// The members of the containers being read, gathered before their
	// container is made: values, keys and where the values start.
	vals []any
	keys []string
	offs []int
	segs []seg
}

// decode returns the arguments decoded (text is valid JSON).
func (r *checkRun) decode() any {
	b := tree{scanner: scanner{s: r.text}, r: r}
	return b.value()
}

func (b *tree) value() any {
	b.r.values++
	b.ws()
	switch b.peek() {
	case '{', '[':
		if len(b.segs) >= MaxDepth {
			return b.tooDeep()
		}
		if b.peek() == '{' {
			return b.object()
		}
		return b.array()
	case '"':
		return b.str()
	}
	switch lit := b.literal(); lit {
	case "true":
		return true
	case "false":
		return false
	case "null", "":
		return nil
	default:
		return b.r.number(json.Number(lit), b.segs)
	}
}

// object reads an object.
func (b *tree) object() any {
	b.i++
	kmark, vmark := len(b.keys), len(b.vals)
	for b.i < len(b.s) {
		b.ws()
		switch b.peek() {
		case '}':
			b.i++
			return b.objectOf(kmark, vmark)
		case ',':
			b.i++
			b.ws()
		}
		if b.peek() != '"' {
			break
		}
		k := b.str()
		b.ws()
		b.i++ // ':'
		b.ws()
		b.keys = push(b.keys, k)
		b.offs = push(b.offs, b.i)
		b.segs = append(b.segs, seg{key: k})
		v := b.value()
		b.segs = b.segs[:len(b.segs)-1]
		b.vals = push(b.vals, v)
	}
	return b.objectOf(kmark, vmark)
}

// objectOf makes the object of the members gathered since kmark (keys and
// offsets) and vmark (values); a key sent again is a problem (once, with
// the repeated value, as binding reports it).
func (b *tree) objectOf(kmark, vmark int) map[string]any {
	keys, vals, offs := b.keys[kmark:], b.vals[vmark:], b.offs[kmark:]
	m := make(map[string]any, len(keys))
	var times map[string]int
	for i, k := range keys {
		if _, dup := m[k]; !dup {
			m[k] = vals[i]
			continue
		}
		if times == nil {
			times = map[string]int{}
		}
		if times[k]++; times[k] == 1 {
			d := decoder{scanner: scanner{s: b.s, i: offs[i]}}
			d.path = []byte(pathOf(append(b.segs, seg{key: k})))
			d.repeated(2)
			b.r.problem(d.probs, append(b.segs[:len(b.segs):len(b.segs)], seg{key: k}))
		}
	}
	clear(vals)
	b.keys, b.vals, b.offs = b.keys[:kmark], b.vals[:vmark], b.offs[:kmark]
	return m
}

// array reads an array.
func (b *tree) array() any {
	b.i++
	mark := len(b.vals)
	for n := 0; b.i < len(b.s); n++ {
		b.ws()
		switch b.peek() {
		case ']':
			b.i++
			return b.arrayOf(mark)
		case ',':
			b.i++
		}
		b.segs = append(b.segs, seg{index: n, isIdx: true})
		v := b.value()
		b.segs = b.segs[:len(b.segs)-1]
		b.vals = push(b.vals, v)
	}
	return b.arrayOf(mark)
}

// arrayOf makes the array of the elements gathered since mark.
func (b *tree) arrayOf(mark int) []any {
	a := make([]any, len(b.vals)-mark)
	copy(a, b.vals[mark:])
	clear(b.vals[mark:])
	b.vals = b.vals[:mark]
	return a
}

// tooDeep reports the object or array at the cursor, nested past
// MaxDepth, as binding reports it, and returns what stands for it: the
// text "…(truncated, N bytes)".
func (b *tree) tooDeep() any {
	d := decoder{scanner: b.scanner, levels: MaxDepth}
	d.path = []byte(pathOf(b.segs))
	d.enter()
	b.i = d.i
	b.r.problem(d.probs, slices.Clone(b.segs))
	return d.probs.fields[0].Sent
}

// push appends v to a stack, doubling its capacity when full: append
// grows large slices by a quarter, which allocates more bytes per item the
// more items there are.
func push[E any](s []E, v E) []E {
	if len(s) == cap(s) {
		t := make([]E, len(s), 2*cap(s)+16)
		copy(t, s)
		s = t
	}
	return append(s, v)
}

// problem adds the decoding problem in probs (one, its sent value put
// off or set) at segs.
func (r *checkRun) problem(probs list, segs []seg) {
	f := probs.fields[0]
	readSent(&f, probs.meta[0], r.text)
	r.probs.add(f, "", true)
	r.add(sitem{how: howProblem, n: len(r.probs.fields) - 1, segs: segs, below: true})
}
