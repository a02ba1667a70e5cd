package schemacache

import (
	"reflect"
	"sync"
	"unsafe"

	"github.com/mcperr/mcperr/validation"
)

// MaxEntries bounds a Cache: adding an entry past it empties the cache
// first (its schemas are compiled again when asked for). A server's tools
// are far fewer; entries of tools replaced or removed at run time are
// what it clears.
const MaxEntries = 4096

// A Cache holds compiled schemas by key. The zero Cache is ready to use;
// a Cache is safe for concurrent use.
type Cache[K comparable] struct {
	mu      sync.RWMutex
	entries map[K]*entry
}

// entry is one schema, compiled once.
type entry struct {
	once   sync.Once
	schema *validation.Schema
	err    error
}

// Get returns the schema held for key, compiling it with compile the
// first time it is asked for: once, however many goroutines ask at the
// same time, the others waiting for it. A nil schema and a nil error mean
// that the tool has nothing to check. fresh reports whether this call
// compiled it, so that a failure is logged once.
func (c *Cache[K]) Get(key K, compile func() (*validation.Schema, error)) (s *validation.Schema, fresh bool, err error) {
	c.mu.RLock()
	e := c.entries[key]
	c.mu.RUnlock()
	if e == nil {
		c.mu.Lock()
		if e = c.entries[key]; e == nil {
			if c.entries == nil || len(c.entries) >= MaxEntries {
				c.entries = make(map[K]*entry)
			}
			e = &entry{}
			c.entries[key] = e
		}
		c.mu.Unlock()
	}
	e.once.Do(func() {
		fresh = true
		e.schema, e.err = compile()
	})
	return e.schema, fresh, e.err
}

// Len returns the number of entries held.
func (c *Cache[K]) Len() int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return len(c.entries)
}

// An Ident tells one value of a schema (or part of one) from another
// without reading it: what a pointer, a map, a slice or a string points
// to, with its length, a boolean's value. Two values of other kinds (a
// struct held by value) have the same Ident: the adapters' keys hold
// something else that changes with them. An Ident keeps what it points to
// alive, so an address is never taken for a later value's.
type Ident struct {
	p unsafe.Pointer
	n int
}

// Identity returns v's Ident. It does not allocate.
func Identity(v any) Ident {
	switch rv := reflect.ValueOf(v); rv.Kind() {
	case reflect.Invalid:
		return Ident{n: -1}
	case reflect.Bool:
		if rv.Bool() {
			return Ident{n: -2}
		}
		return Ident{n: -3}
	case reflect.Pointer, reflect.UnsafePointer, reflect.Func, reflect.Chan:
		return Ident{p: rv.UnsafePointer()}
	case reflect.Map, reflect.Slice:
		return Ident{p: rv.UnsafePointer(), n: rv.Len()}
	case reflect.String:
		s := rv.String()
		return Ident{p: unsafe.Pointer(unsafe.StringData(s)), n: len(s)}
	}
	return Ident{n: -4}
}
