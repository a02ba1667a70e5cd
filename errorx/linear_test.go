package errorx_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/testsize"
	"github.com/mcperr/mcperr/render"
)

// checkLinear measures build(n)'s function against build(8n)'s
// (testsize.Ratio) and fails t when 8 times the input costs
// testsize.MaxRatio times the time or more: quadratic work costs 64 times.
func checkLinear(t *testing.T, n int, build func(n int) func()) {
	t.Helper()
	ratio := testsize.Ratio(build(n), build(8*n))
	if ratio >= testsize.MaxRatio {
		t.Errorf("8 times the input costs %.0f times the time: not linear", ratio)
		return
	}
	t.Logf("n=%d: 8 times the input costs %.1f times the time", n, ratio)
}

func detailKeys(n int) []string {
	keys := make([]string, n)
	for i := range keys {
		keys[i] = "key_" + strconv.Itoa(i)
	}
	return keys
}

// TestDetailsSetLinear: adding n details costs O(n), not O(n²) (each Set
// used to scan every key before it).
func TestDetailsSetLinear(t *testing.T) {
	checkLinear(t, 2000, func(n int) func() {
		keys := detailKeys(n)
		return func() {
			var d errorx.Details
			for _, k := range keys {
				d.Set(k, 1)
			}
			for _, k := range keys {
				d.Set(k, 2) // in place
			}
			if d.Len() != n {
				t.Fatalf("%d keys, want %d", d.Len(), n)
			}
		}
	})
}

// manyDetails is an error with n details.
func manyDetails(n int) *errorx.Error {
	e := errorx.New("X", "m")
	for _, k := range detailKeys(n) {
		e.WithDetail(k, 1)
	}
	return e
}

// TestUnmarshalJSONLinear: the model's JSON form with n detail keys reads
// in O(n) (80,000 keys took 8 s).
func TestUnmarshalJSONLinear(t *testing.T) {
	checkLinear(t, 2000, func(n int) func() {
		data, err := json.Marshal(manyDetails(n))
		if err != nil {
			t.Fatal(err)
		}
		return func() {
			var e errorx.Error
			if err := json.Unmarshal(data, &e); err != nil || e.Details.Len() != n {
				t.Fatalf("%v, %d details", err, e.Details.Len())
			}
		}
	})
}

// TestDecodeLinear: a client reads a result with n detail keys in O(n),
// in every dialect (any server's result is untrusted input).
func TestDecodeLinear(t *testing.T) {
	for _, d := range []render.Dialect{render.Interbase{}, render.ToolError{}, render.XML{}, render.Contract{}, render.Envelope{}} {
		t.Run(d.Name(), func(t *testing.T) {
			checkLinear(t, 2000, func(n int) func() {
				res := d.Render(manyDetails(n))
				return func() {
					if e, _ := render.Decode(res); e == nil || e.Details.Len() < n {
						t.Fatalf("decoded %v", e)
					}
				}
			})
		})
	}
}

// TestDetailsMatchesScan: under random Set, Delete, Clone and hand-over
// (a plain copy that replaces the original), Details answer as a plain
// ordered list of pairs (the first position of a key, its last value), at
// sizes around the index threshold and far past it.
func TestDetailsMatchesScan(t *testing.T) {
	type pair struct {
		k string
		v int
	}
	check := func(step int, d errorx.Details, want []pair) {
		t.Helper()
		if d.Len() != len(want) {
			t.Fatalf("step %d: %d pairs, want %d", step, d.Len(), len(want))
		}
		for i, p := range d.Pairs() {
			if p.Key != want[i].k || p.Value != want[i].v {
				t.Fatalf("step %d: pair %d is %v, want %v", step, i, p, want[i])
			}
			if v, ok := d.Get(p.Key); !ok || v != want[i].v {
				t.Fatalf("step %d: Get(%q) = %v", step, p.Key, v)
			}
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, keys := range []int{8, 40, 200} {
		var d errorx.Details
		var want []pair
		for step := range 5000 {
			k := "k" + strconv.Itoa(rng.IntN(keys))
			switch op := rng.IntN(20); {
			case op < 14:
				d.Set(k, step)
				if i := slices.IndexFunc(want, func(p pair) bool { return p.k == k }); i >= 0 {
					want[i].v = step
				} else {
					want = append(want, pair{k, step})
				}
			case op < 17:
				d.Delete(k)
				want = slices.DeleteFunc(want, func(p pair) bool { return p.k == k })
			case op < 18:
				c := d.Clone()
				c.Set("other", 0) // changes the clone only
				d = c
				d.Delete("other")
			case op < 19:
				copied := d // the original is not used again
				d = errorx.Details{}
				d = copied
			default:
				check(step, errorx.DetailsOf(slices.Collect(func(yield func(errorx.Detail) bool) {
					for _, p := range d.Pairs() {
						if !yield(p) || !yield(errorx.Detail{Key: p.Key, Value: p.Value}) {
							return
						}
					}
				})...), want)
			}
			check(step, d, want)
		}
	}
}

// TestDecodeDuplicateKeys: a repeated key keeps its first position and
// takes its last value, below and past the index threshold alike.
func TestDecodeDuplicateKeys(t *testing.T) {
	for _, n := range []int{3, 100} {
		var b strings.Builder
		b.WriteString(`{"details":{`)
		for i, k := range detailKeys(n) {
			fmt.Fprintf(&b, "%q:%d,", k, i)
		}
		b.WriteString(`"key_0":"last","key_1":"last"}}`)
		var e errorx.Error
		if err := json.Unmarshal([]byte(b.String()), &e); err != nil {
			t.Fatal(err)
		}
		pairs := e.Details.Pairs()
		if len(pairs) != n || pairs[0] != (errorx.Detail{Key: "key_0", Value: "last"}) || pairs[1] != (errorx.Detail{Key: "key_1", Value: "last"}) {
			t.Errorf("n=%d: %d pairs, first %v %v", n, len(pairs), pairs[0], pairs[1])
		}
	}
}
