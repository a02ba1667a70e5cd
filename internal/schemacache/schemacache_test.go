package schemacache

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/mcperr/mcperr/validation"
)

var object = []byte(`{"type":"object","properties":{"q":{"type":"string"}},"required":["q"]}`)

// TestGetCompilesOnce: many goroutines asking for one key at once compile
// it once and get the same schema; another key is compiled apart.
func TestGetCompilesOnce(t *testing.T) {
	var c Cache[string]
	var compiled atomic.Int32
	compile := func() (*validation.Schema, error) {
		compiled.Add(1)
		return validation.CompileSchema(object)
	}
	var wg sync.WaitGroup
	got := make([]*validation.Schema, 16)
	fresh := make([]bool, 16)
	for i := range got {
		wg.Go(func() {
			var err error
			got[i], fresh[i], err = c.Get("search", compile)
			if err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if compiled.Load() != 1 {
		t.Fatalf("compiled %d times, want once", compiled.Load())
	}
	nfresh := 0
	for i := range got {
		if got[i] != got[0] || got[i] == nil {
			t.Fatalf("goroutine %d got another schema", i)
		}
		if fresh[i] {
			nfresh++
		}
	}
	if nfresh != 1 {
		t.Errorf("%d calls report compiling it, want 1", nfresh)
	}
	if s, _, _ := c.Get("other", compile); s == got[0] || compiled.Load() != 2 {
		t.Errorf("another key must be compiled apart")
	}
}

// TestGetRemembersFailure: a schema that does not compile is compiled
// once; its error comes back on every call, fresh only on the first.
func TestGetRemembersFailure(t *testing.T) {
	var c Cache[int]
	n := 0
	compile := func() (*validation.Schema, error) { n++; return validation.CompileSchema([]byte(`{"pattern":"(?<"}`)) }
	_, fresh, err := c.Get(1, compile)
	if !errors.Is(err, validation.ErrSchema) || !fresh {
		t.Fatalf("first call: %v, fresh %v; want ErrSchema, fresh", err, fresh)
	}
	_, fresh, err = c.Get(1, compile)
	if !errors.Is(err, validation.ErrSchema) || fresh || n != 1 {
		t.Errorf("second call: %v, fresh %v, %d compilations; want the same error, not fresh, 1", err, fresh, n)
	}
}

// TestBounded: past MaxEntries the cache starts over.
func TestBounded(t *testing.T) {
	var c Cache[int]
	none := func() (*validation.Schema, error) { return nil, nil }
	for i := range MaxEntries + 10 {
		c.Get(i, none)
	}
	if c.Len() > MaxEntries {
		t.Errorf("%d entries, want at most %d", c.Len(), MaxEntries)
	}
	if _, fresh, _ := c.Get(0, none); !fresh {
		t.Errorf("an entry dropped when the cache started over must be compiled again")
	}
}
