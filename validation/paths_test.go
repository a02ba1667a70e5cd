package validation_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/secret"
	"github.com/mcperr/mcperr/internal/testsize"
	"github.com/mcperr/mcperr/validation"
)

// pathNode nests maps of itself: every level of the arguments can be a
// key the caller chose, as long as it likes.
type pathNode struct {
	Kids map[string]*pathNode `json:"kids" validate:"omitempty,dive"`
	Tags []int                `json:"tags" validate:"omitempty,dive,gte=10"`
}

// longPathArgs nests levels objects under keys of keyLen bytes, the
// innermost holding leaves tags, each leaf failing (1 fails gte=10, "x"
// has the wrong type).
func longPathArgs(levels, keyLen, leaves int, leaf string) string {
	var b strings.Builder
	for i := range levels {
		b.WriteString(`{"kids":{"`)
		b.WriteString(strings.Repeat(string(rune('a'+i%26)), keyLen))
		b.WriteString(`":`)
	}
	b.WriteString(`{"tags":[`)
	b.WriteString(repeat(leaves, func(int) string { return leaf }))
	b.WriteString(`]}`)
	b.WriteString(strings.Repeat("}}", levels))
	return b.String()
}

// bindFails returns a run of BindJSON on raw into a new T that must fail.
func bindFails[T any](t *testing.T, raw string) func() {
	v := validation.New()
	b := []byte(raw)
	return func() {
		if v.BindJSON("t", b, new(T)) == nil {
			t.Fatalf("%d bytes of arguments bound without error", len(b))
		}
	}
}

// TestHostileLongPathsLinear: every failing field below a long path
// carried the whole path, built before MaxFields cut the list, and
// validator's own failures each copy their path: 277 KB of arguments (30
// levels of 8 KiB keys above 2,000 failing leaves) took 3-15 s and 4.8 GiB.
// Binding is linear in time and in bytes, whatever grows: the keys, the
// levels, the leaves, or all of them.
func TestHostileLongPathsLinear(t *testing.T) {
	// Each shape at n and 8n, n large enough for the bytes allocated to be
	// counted well (the runtime counts small allocations by the span).
	for _, c := range []struct {
		what string
		n    int
		run  func(n int) func()
	}{
		// The shape, scaled: keys and leaves grow together.
		{"keys and failing leaves", testsize.N(8192, 32768), func(n int) func() {
			return bindFails[pathNode](t, longPathArgs(30, n, n, "1"))
		}},
		{"keys and wrong leaves", testsize.N(2048, 16384), func(n int) func() {
			return bindFails[pathNode](t, longPathArgs(30, n, n, `"x"`))
		}},
		{"levels and leaves", testsize.N(32768, 65536), func(n int) func() {
			return bindFails[pathNode](t, longPathArgs(n/4096, 200, 4*n, "1"))
		}},
		// Many failing leaves under one long path.
		{"leaves", testsize.N(16384, 65536), func(n int) func() {
			return bindFails[pathNode](t, longPathArgs(3, 300, 8*n, "1"))
		}},
		// Wide: many long keys side by side, unknown or failing.
		{"long unknown keys", testsize.N(8192, 32768), func(n int) func() {
			return bindFails[pathNode](t, `{"kids":{"k":{`+repeat(n/64, func(i int) string {
				return `"` + strconv.Itoa(i) + strings.Repeat("u", 5000) + `":1`
			})+`}}}`)
		}},
		{"long failing map keys", testsize.N(4096, 16384), func(n int) func() {
			return bindFails[hostileMap](t, `{"labels":{`+repeat(n/64, func(i int) string {
				return `"` + strconv.Itoa(i) + strings.Repeat("k", 5000) + `":1`
			})+`}}`)
		}},
	} {
		testsize.Linear(t, c.what, c.run(c.n), c.run(8*c.n))
	}
}

// TestLongPathCut: a path longer than validation.MaxPath bytes is written
// cut in the middle, with a marker saying how much is left out, and its
// value is redacted: neither the Renderer's rules by name nor the type's
// can read a path that is cut.
func TestLongPathCut(t *testing.T) {
	key := strings.Repeat("k", 6000)
	for _, c := range []struct {
		raw string
		dst any
	}{
		{`{"labels":{"` + key + `":1}}`, new(hostileMap)},                       // validator
		{`{"labels":{"` + key + `":"password=hunter2"}}`, new(hostileMap)},      // decoding
		{`{"` + key + `":"hunter2"}`, new(hostileMap)},                          // unknown key
		{`{"kids":{"` + key + `":{"tags":["hunter2"]}}}`, new(pathNode)},        // below
		{`{"kids":{"` + key + `":{"kids":{"a":{"tags":[1]}}}}}`, new(pathNode)}, // validator, below
	} {
		e, ok := errorx.As(validation.New().BindJSON("t", []byte(c.raw), c.dst))
		require.True(t, ok, c.raw[:40])
		require.Len(t, e.Fields, 1)
		f := e.Fields[0]
		assert.LessOrEqual(t, len(f.Path), validation.MaxPath, "%.40s", c.raw)
		assert.Contains(t, f.Path, "…(truncated, ")
		assert.True(t, strings.HasPrefix(f.Path, key[:100]) || strings.HasPrefix(f.Path, "labels."+key[:100]) ||
			strings.HasPrefix(f.Path, "kids."+key[:100]), "%.40s: path %.60s", c.raw, f.Path)
		_, redacted := f.Sent.(secret.Redacted)
		assert.True(t, redacted, "%.40s: sent %#v", c.raw, f.Sent)
	}
	// A path at the bound is written whole.
	k := strings.Repeat("k", validation.MaxPath-len("labels."))
	e, _ := errorx.As(validation.New().BindJSON("t", []byte(`{"labels":{"`+k+`":1}}`), new(hostileMap)))
	require.NotNil(t, e)
	assert.Equal(t, "labels."+k, e.Fields[0].Path)
	assert.Equal(t, any(N("1")), e.Fields[0].Sent)
}

// TestPathBudget: keys too long above too many values stop binding at the
// value where the paths of the values read pass 64 times the size of the
// arguments (and 64 KiB): one field of rule RulePath there, and nothing
// validated. Long keys above few values, and many values below short
// paths, bind as before.
func TestPathBudget(t *testing.T) {
	raw := longPathArgs(30, 8192, 2000, "1") // the shape: 30 levels of 8 KiB keys, 2,000 leaves
	e, ok := errorx.As(validation.New().BindJSON("t", []byte(raw), new(pathNode)))
	require.True(t, ok)
	require.Len(t, e.Fields, 1)
	f := e.Fields[0]
	assert.Equal(t, validation.RulePath, f.Rule)
	assert.Equal(t, "Keys too long for what is below them.", f.Message)
	assert.Contains(t, f.Hint, "64 times the size of the arguments")
	assert.Regexp(t, `\.tags\.[0-9]+$`, f.Path)
	assert.Equal(t, "1 argument of t is invalid: kids.", e.Message)

	for name, c := range map[string]struct {
		raw string
		dst any
	}{
		"a 100 KiB key":         {`{"labels":{"` + strings.Repeat("k", 100<<10) + `":20}}`, new(hostileMap)},
		"3 KiB keys, 20 values": {longPathArgs(3, 3<<10, 20, "10"), new(pathNode)},
		"100,000 values":        {`{"tags":[` + repeat(100000, func(int) string { return "10" }) + `]}`, new(pathNode)},
		"20 levels above 1,000": {longPathArgs(10, 12, 1000, "10"), new(pathNode)},
	} {
		assert.NoError(t, validation.New().BindJSON("t", []byte(c.raw), c.dst), name)
	}
}
