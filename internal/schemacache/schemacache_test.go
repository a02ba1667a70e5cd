package schemacache

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/mcperr/mcperr/internal/testsize"
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

// TestBounded: past MaxEntries the cache evicts; an entry evicted is
// compiled again when asked for.
func TestBounded(t *testing.T) {
	var c Cache[int]
	none := func() (*validation.Schema, error) { return nil, nil }
	for i := range MaxEntries + 10 {
		c.Get(i, none)
	}
	if c.Len() > MaxEntries {
		t.Errorf("%d entries, want at most %d", c.Len(), MaxEntries)
	}
	compiled := 0
	for i := range MaxEntries + 10 {
		if _, fresh, _ := c.Get(i, none); fresh {
			compiled++
		}
	}
	if compiled < 10 {
		t.Errorf("%d of the entries evicted were compiled again, want at least 10", compiled)
	}
}

// roundRobin asks c for tools keys in turn, rounds times, and returns how
// many calls compiled.
func roundRobin(c *Cache[int], base, tools, rounds int) int {
	none := func() (*validation.Schema, error) { return nil, nil }
	compiled := 0
	for range rounds {
		for i := range tools {
			if _, fresh, _ := c.Get(base+i, none); fresh {
				compiled++
			}
		}
	}
	return compiled
}

// TestRoundRobinPastBound: a server with more tools than MaxEntries,
// called in turn, compiles again about the tools beyond the bound, not
// every call (starting over at the bound, or evicting the least recently
// used, compiled on every call: 2.24 → 7.13 ms per call with 4,200 tools
// of 40 properties).
func TestRoundRobinPastBound(t *testing.T) {
	sizes := []int{MaxEntries + 104}
	if testsize.Long() {
		sizes = append(sizes, MaxEntries+MaxEntries/4, 2*MaxEntries)
	}
	for _, tools := range sizes {
		var c Cache[int]
		roundRobin(&c, 0, tools, 2) // settle
		const rounds = 6
		got := float64(roundRobin(&c, 0, tools, rounds)) / float64(rounds*tools)
		least := float64(tools-MaxEntries) / float64(tools)
		t.Logf("%d tools: %.4f compiles per call (at least %.4f)", tools, got, least)
		if got > 1.25*least {
			t.Errorf("%d tools: %.4f compiles per call, want at most 1.25 × %.4f", tools, got, least)
		}
	}
}

// TestDeadEntriesGoFirst: once a server's tools are replaced (new keys,
// the old entries dead), the new ones settle: the dead entries, stale,
// are evicted before live ones, however many the new tools are.
func TestDeadEntriesGoFirst(t *testing.T) {
	for _, live := range []int{50, 1000, MaxEntries - 96} {
		var c Cache[int]
		roundRobin(&c, 1<<20, MaxEntries, 3) // the old tools, now dead
		roundRobin(&c, 0, live, 4*MaxEntries/live+2)
		if n := roundRobin(&c, 0, live, 3); n != 0 {
			t.Errorf("%d live tools: %d compiles once settled, want 0", live, n)
		}
	}
}

// TestIdentity: values that may change under one tool (a schema set anew,
// a map grown) have other Idents; the same value has the same one, without
// allocating.
func TestIdentity(t *testing.T) {
	raw := []byte(`{"type":"object"}`)
	m := map[string]any{"type": "object"}
	s := "abc"
	p := &struct{ a int }{}
	same := []struct{ a, b any }{{raw, raw}, {m, m}, {s, s}, {p, p}, {nil, nil}, {true, true}}
	for _, c := range same {
		if Identity(c.a) != Identity(c.b) {
			t.Errorf("%v: two Idents", c.a)
		}
	}
	grown := map[string]any{"type": "object"}
	other := []struct{ a, b any }{
		{raw, []byte(`{"type":"object"}`)}, {raw, raw[:5]}, {m, grown}, {p, &struct{ a int }{}},
		{true, false}, {nil, false}, {s, "abd"},
	}
	for _, c := range other {
		if Identity(c.a) == Identity(c.b) {
			t.Errorf("%v and %v: one Ident", c.a, c.b)
		}
	}
	before := Identity(grown)
	grown["properties"] = map[string]any{}
	if Identity(grown) == before {
		t.Errorf("a map grown in place keeps its Ident")
	}
	if n := testing.AllocsPerRun(100, func() { _ = Identity(m) }); n != 0 {
		t.Errorf("Identity allocates %v times", n)
	}
}
