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
type Details struct {
	kv []Detail
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

// Has reports whether key is present.
func (d Details) Has(key string) bool { return d.index(key) >= 0 }

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
	if i := d.index(key); i >= 0 {
		d.kv[i].Value = value
		return
	}
	d.kv = append(d.kv, Detail{key, value})
}

// Delete removes key.
func (d *Details) Delete(key string) {
	if i := d.index(key); i >= 0 {
		d.kv = slices.Delete(d.kv, i, i+1)
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

// Keys iterates over the keys in order.
func (d Details) Keys() iter.Seq[string] {
	return func(yield func(string) bool) {
		for _, p := range d.kv {
			if !yield(p.Key) {
				return
			}
		}
	}
}

// Clone returns a copy that shares nothing with d (values are copied
// shallowly).
func (d Details) Clone() Details { return Details{slices.Clone(d.kv)} }

// MarshalJSON writes d as a JSON object with its members in order; nested
// Details are objects in their own order too. It is how details appear in
// the model's JSON form.
func (d Details) MarshalJSON() ([]byte, error) {
	w := jsonw.Writer{Style: jsonw.GoNoHTML}
	w.Value(d)
	return w.B, nil
}

// UnmarshalJSON reads a JSON object into d, keeping its key order (null
// leaves d unchanged); nested values decode as DecodeDetails decodes them,
// as the model's JSON form reads "details".
func (d *Details) UnmarshalJSON(data []byte) error {
	if string(bytes.TrimSpace(data)) == "null" {
		return nil
	}
	out, err := DecodeDetails(data)
	if err != nil {
		return err
	}
	*d = out
	return nil
}
