package schemacache

import (
	"math/rand/v2"
	"reflect"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/mcperr/mcperr/validation"
)

// MaxEntries bounds a Cache: adding an entry past it evicts one (see
// Get). A server's tools are usually far fewer; entries of tools replaced
// or removed at run time are what eviction clears first.
const MaxEntries = 4096

// Eviction: an entry not asked for in the last staleAfter calls of Get is
// dead (a tool replaced or removed) and goes first; each eviction looks
// at scanLimit entries for one, going round the cache. When it finds
// none (more live tools than MaxEntries, called in turn), the newest
// entry goes, so that the others stay and only the tools beyond the bound
// are compiled again (flushing everything, or evicting the least recently
// used, compiled every call); every randomEvery-th such eviction takes a
// random entry instead, so that a newly live tool set also settles while
// the dead entries are not stale yet.
const (
	staleAfter  = 4 * MaxEntries
	scanLimit   = 32
	randomEvery = 4
)

// A Cache holds compiled schemas by key. The zero Cache is ready to use;
// a Cache is safe for concurrent use.
type Cache[K comparable] struct {
	mu      sync.RWMutex
	entries map[K]*entry
	slots   []slot[K] // the entries, in no order: an index for eviction
	ticks   atomic.Uint64
	// Under mu: the newest entry's key, the evictions so far and where
	// the search for a stale entry resumes.
	newest    K
	hasNewest bool
	evictions uint64
	hand      int
}

// slot is one entry with its key.
type slot[K comparable] struct {
	key K
	e   *entry
}

// entry is one schema, compiled once.
type entry struct {
	once   sync.Once
	schema *validation.Schema
	err    error
	at     int           // its index in Cache.slots, under Cache.mu
	used   atomic.Uint64 // the tick of a recent Get (written at most once in staleAfter/8 ticks: no contention on a hot entry)
}

// Get returns the schema held for key, compiling it with compile the
// first time it is asked for: once, however many goroutines ask at the
// same time, the others waiting for it. A nil schema and a nil error mean
// that the tool has nothing to check. fresh reports whether this call
// compiled it, so that a failure is logged once.
func (c *Cache[K]) Get(key K, compile func() (*validation.Schema, error)) (s *validation.Schema, fresh bool, err error) {
	now := c.ticks.Add(1)
	c.mu.RLock()
	e := c.entries[key]
	c.mu.RUnlock()
	if e == nil {
		c.mu.Lock()
		if e = c.entries[key]; e == nil {
			e = c.insert(key, now)
		}
		c.mu.Unlock()
	}
	if u := e.used.Load(); u < now && now-u > staleAfter/8 {
		e.used.Store(now)
	}
	e.once.Do(func() {
		fresh = true
		e.schema, e.err = compile()
	})
	return e.schema, fresh, e.err
}

// insert adds an entry for key, evicting one when the cache is full.
// c.mu is held.
func (c *Cache[K]) insert(key K, now uint64) *entry {
	if c.entries == nil {
		c.entries = make(map[K]*entry)
	}
	if len(c.slots) >= MaxEntries {
		c.remove(c.victim(now))
	}
	e := &entry{at: len(c.slots)}
	e.used.Store(now)
	c.entries[key] = e
	c.slots = append(c.slots, slot[K]{key, e})
	c.newest, c.hasNewest = key, true
	return e
}

// victim returns the index of the entry to evict: a stale one if the
// next scanLimit entries hold one, else the newest (a random one every
// randomEvery-th time). c.mu is held.
func (c *Cache[K]) victim(now uint64) int {
	for range min(scanLimit, len(c.slots)) {
		c.hand = (c.hand + 1) % len(c.slots)
		if u := c.slots[c.hand].e.used.Load(); u < now && now-u > staleAfter {
			return c.hand
		}
	}
	c.evictions++
	if c.hasNewest && c.evictions%randomEvery != 0 {
		return c.entries[c.newest].at
	}
	return rand.IntN(len(c.slots))
}

// remove drops the entry at index i. c.mu is held.
func (c *Cache[K]) remove(i int) {
	s := c.slots[i]
	last := len(c.slots) - 1
	c.slots[i] = c.slots[last]
	c.slots[i].e.at = i
	c.slots[last] = slot[K]{}
	c.slots = c.slots[:last]
	delete(c.entries, s.key)
	if c.hasNewest && c.newest == s.key {
		var zero K
		c.newest, c.hasNewest = zero, false
	}
	if c.hand >= len(c.slots) {
		c.hand = 0
	}
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
