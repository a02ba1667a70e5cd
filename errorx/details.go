package errorx

import (
	"bytes"
	"iter"
	"slices"

	"github.com/mcperr/mcperr/internal/jsonw"
)

// Details is an ordered set of key/value pairs: insertion order is output
// order, and each key appears once. Values should be JSON-able (strings,
// numbers, booleans, nil, slices, maps, or anything encoding/json accepts);
// a value that cannot be encoded is rendered as an "!ERROR:" string instead.
//
// The zero Details is empty and ready to use. A Details shares its storage
// with its copies: use Clone before changing a copy of someone else's.
//
// Set and Delete cost O(1) and O(n): past 32 keys Set finds a key through
// an index it keeps for the storage it writes to; Get and Has, which may
// run on copies concurrently, scan.
type Details struct {
	kv  []Detail
	idx *detailIndex // for kv as Set left it; nil until it has indexThreshold pairs
}

// indexThreshold is the number of pairs from which Set indexes them:
// below it a scan is cheaper than the map, and small Details allocate no
// index.
const indexThreshold = 32

// detailIndex maps each key of kv[:n] to its position. It belongs to the
// Details whose kv starts at first and has n pairs: a copy that appended
// to the same storage (or one that deleted from it, which sets n to -1) has
// made it stale for the others, which then build their own.
type detailIndex struct {
	pos   map[string]int
	first *Detail
	n     int
}

// Detail is one key/value pair of Details.
type Detail struct {
	Key   string
	Value any
}

// DetailsOf builds Details from pairs in order; a repeated key keeps its first
// position and its last value.
func DetailsOf(pairs ...Detail) Details {
	var d Details
	for _, p := range pairs {
		d.Set(p.Key, p.Value)
	}
	return d
}

// Len returns the number of pairs.
func (d Details) Len() int { return len(d.kv) }

// Get returns the value stored under key.
func (d Details) Get(key string) (any, bool) {
	if i := d.index(key); i >= 0 {
		return d.kv[i].Value, true
	}
	return nil, false
}

func (d Details) index(key string) int {
	for i := range d.kv {
		if d.kv[i].Key == key {
			return i
		}
	}
	return -1
}

// Set stores value under key: in place if the key exists (it keeps its
// position), else at the end.
func (d *Details) Set(key string, value any) {
	if len(d.kv) >= indexThreshold {
		d.setIndexed(key, value)
		return
	}
	if i := d.index(key); i >= 0 {
		d.kv[i].Value = value
		return
	}
	d.kv = append(d.kv, Detail{key, value})
}

// setIndexed is Set past indexThreshold pairs (apart, so that Set inlines).
func (d *Details) setIndexed(key string, value any) {
	x := d.indexed()
	if i, ok := x.pos[key]; ok {
		d.kv[i].Value = value
		return
	}
	x.pos[key] = len(d.kv)
	d.kv = append(d.kv, Detail{key, value})
	x.first, x.n = &d.kv[0], len(d.kv)
}

// indexed returns d's index of its pairs, building it when d has none or
// has a stale one (see detailIndex).
func (d *Details) indexed() *detailIndex {
	if x := d.idx; x != nil && x.n == len(d.kv) && x.first == &d.kv[0] {
		return x
	}
	x := &detailIndex{pos: make(map[string]int, 2*len(d.kv))}
	for i, p := range d.kv {
		if _, dup := x.pos[p.Key]; !dup { // index finds the first
			x.pos[p.Key] = i
		}
	}
	x.first, x.n = &d.kv[0], len(d.kv)
	d.idx = x
	return x
}

// Delete removes key.
func (d *Details) Delete(key string) {
	if i := d.index(key); i >= 0 {
		d.kv = slices.Delete(d.kv, i, i+1)
		if d.idx != nil {
			d.idx.n = -1 // stale for every copy sharing it
			d.idx = nil
		}
	}
}

// All iterates over the pairs in order.
func (d Details) All() iter.Seq2[string, any] {
	return func(yield func(string, any) bool) {
		for _, p := range d.kv {
			if !yield(p.Key, p.Value) {
				return
			}
		}
	}
}

// Pairs returns the pairs in order. The slice is shared: do not modify it.
func (d Details) Pairs() []Detail { return d.kv }

// Clone returns a copy that shares nothing with d (values are copied
// shallowly).
func (d Details) Clone() Details { return Details{kv: slices.Clone(d.kv)} }

// MarshalJSON writes d as a JSON object with its members in order; nested
// Details are objects in their own order too. It is how details appear in
// the model's JSON form.
func (d Details) MarshalJSON() ([]byte, error) {
	w := jsonw.Writer{Style: jsonw.GoNoHTML}
	w.Value(d)
	return w.B, nil
}

// UnmarshalJSON reads a JSON object into d, keeping its key order (null
// leaves d unchanged); nested values decode as decodeDetails decodes them,
// as the model's JSON form reads "details".
func (d *Details) UnmarshalJSON(data []byte) error {
	if string(bytes.TrimSpace(data)) == "null" {
		return nil
	}
	out, err := decodeDetails(data)
	if err != nil {
		return err
	}
	*d = out
	return nil
}
