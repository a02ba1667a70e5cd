package validation

import (
	"sync"
	"sync/atomic"
)

// memo caches texts computed from struct tags (bounds, hints) and the
// summary messages built from tool and field names: after the first time,
// a text costs a map lookup and no allocation. Reads are lock-free (a
// copy-on-write map); it stops growing at maxMemo entries (tags built at run
// time, or a caller making many combinations of a large struct's fields
// fail, could reach it), after which new texts are computed every time.
// Its keys are server text (tags, names) or bounded by their user (see
// interned), so that what it holds is bounded in bytes too.
type memo[K comparable, V any] struct {
	mu sync.Mutex
	m  atomic.Pointer[map[K]V]
}

const maxMemo = 4096

func (c *memo[K, V]) get(k K, compute func(K) V) V {
	if m := c.m.Load(); m != nil {
		if v, ok := (*m)[k]; ok {
			return v
		}
	}
	v := compute(k)
	c.mu.Lock()
	defer c.mu.Unlock()
	old := c.m.Load()
	n := 0
	if old != nil {
		n = len(*old)
	}
	if n >= maxMemo {
		return v
	}
	next := make(map[K]V, n+1)
	if old != nil {
		for k, v := range *old {
			next[k] = v
		}
	}
	next[k] = v
	c.m.Store(&next)
	return v
}
