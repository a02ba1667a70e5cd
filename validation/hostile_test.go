package validation_test

import (
	"encoding/json"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/validation"
)

// Hostile input: arguments built to make binding slow, cut, ambiguous or
// leaky. Linearity is shown with size series: the same shape at n and 8n
// in one run, the fastest of a few runs each; doubling must not quadruple,
// so 8n may take well under 64 times as long (the bound, 24, leaves room
// for a noisy machine).

// seriesRatio returns how much longer build(8n) takes to bind than
// build(n), the fastest of five runs each.
func seriesRatio(t *testing.T, n int, bind func(raw []byte) error, build func(n int) string) float64 {
	t.Helper()
	best := func(raw []byte) time.Duration {
		var d time.Duration
		for i := range 5 {
			runtime.GC() // each run starts from the same heap
			start := time.Now()
			if bind(raw) == nil {
				t.Fatalf("%d bytes of arguments bound without error", len(raw))
			}
			if e := time.Since(start); i == 0 || e < d {
				d = e
			}
		}
		return max(d, time.Microsecond)
	}
	small, big := []byte(build(n)), []byte(build(8*n))
	// Collections run between runs, not during them: a run's allocations
	// would otherwise cost the big input collections the small one never
	// pays.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	best(small) // warm caches and pools
	ds, db := best(small), best(big)
	r := float64(db) / float64(ds)
	t.Logf("n=%d: %v, 8n: %v, ratio %.1f", n, ds, db, r)
	return r
}

// repeat joins n items made by item with commas.
func repeat(n int, item func(i int) string) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(item(i))
	}
	return b.String()
}

type hostileList struct {
	Tags []int `json:"tags" validate:"dive,gte=10"`
}

type hostileMap struct {
	Labels map[string]int `json:"labels" validate:"dive,gte=10"`
}

type hostileItem struct {
	Email string `json:"email" validate:"email"`
}

type hostileStructs struct {
	Items []hostileItem `json:"items" validate:"dive"`
}

// hostileKeys fails the same rule on each entry's key and value, which are
// equal: telling them apart looks at the failures before.
type hostileKeys struct {
	Labels map[string]string `json:"labels" validate:"dive,keys,min=5,endkeys,min=5"`
}

func keysArgs(n int) string {
	return `{"labels":{` + repeat(n, func(i int) string { k := strconv.FormatInt(int64(i), 36); return `"` + k + `":"` + k + `"` }) + `}}`
}

type hostileMixed struct {
	Emails []string `json:"emails" validate:"dive,email"`
}

func listArgs(n int) string {
	return `{"tags":[` + repeat(n, func(int) string { return "1" }) + `]}`
}

func mapArgs(n int) string {
	return `{"labels":{` + repeat(n, func(i int) string { return `"k` + strconv.Itoa(i) + `":1` }) + `}}`
}

func structArgs(n int) string {
	return `{"items":[` + repeat(n, func(int) string { return `{"email":"x"}` }) + `]}`
}

// mixedArgs alternates wrong types (decoding problems) and invalid emails
// (validator failures), which are merged and ordered together.
func mixedArgs(n int) string {
	return `{"emails":[` + repeat(n, func(i int) string {
		if i%2 == 0 {
			return "1"
		}
		return `"x"`
	}) + `]}`
}

// TestHostileEveryElementFailsLinear: when every element of a list, a map
// or a list of structs fails a dive rule, binding takes time linear in the
// number of elements (it was quadratic: 64,000 ints took 17 s, 32,000 map
// keys 2 min 37 s).
func TestHostileEveryElementFailsLinear(t *testing.T) {
	v := validation.New()
	for _, c := range []struct {
		name  string
		n     int
		build func(int) string
		dst   func() any
	}{
		{"list", 2000, listArgs, func() any { return new(hostileList) }},
		{"map", 1000, mapArgs, func() any { return new(hostileMap) }},
		{"structs", 1000, structArgs, func() any { return new(hostileStructs) }},
		{"mixed", 2000, mixedArgs, func() any { return new(hostileMixed) }},
		{"keys", 1000, keysArgs, func() any { return new(hostileKeys) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			bind := func(raw []byte) error { return v.BindJSON("t", raw, c.dst()) }
			if r := seriesRatio(t, c.n, bind, c.build); r > 24 {
				t.Errorf("8x the elements took %.1fx the time: not linear", r)
			}
		})
	}
}

// TestHostileFieldsLinear: Fields, which is not bounded, translates every
// failure of a map in time linear in their number.
func TestHostileFieldsLinear(t *testing.T) {
	v := validation.New()
	bind := func(raw []byte) error {
		var dst hostileMap
		if err := json.Unmarshal(raw, &dst); err != nil {
			t.Fatal(err)
		}
		err := v.Validate().Struct(&dst)
		if fs := v.Fields(err, &dst, raw); len(fs) != len(dst.Labels) {
			t.Fatalf("%d fields for %d entries", len(fs), len(dst.Labels))
		}
		return err
	}
	if r := seriesRatio(t, 1000, bind, mapArgs); r > 24 {
		t.Errorf("8x the entries took %.1fx the time: not linear", r)
	}
}

// TestHostileFieldBound: an error keeps at most validation.MaxFields
// fields, the first ones in the documented order, and says how many more
// there were under the detail key "…", as the render package's limits do.
// The summary still names every argument concerned.
func TestHostileFieldBound(t *testing.T) {
	type args struct {
		Tags []int  `json:"tags" validate:"dive,gte=10"`
		Name string `json:"name" validate:"omitempty,min=3"`
	}
	n := 3 * validation.MaxFields
	raw := `{"name":"x","tags":[` + repeat(n, func(int) string { return "1" }) + `]}`
	var dst args
	e, ok := errorx.As(validation.Default().BindJSON("t", []byte(raw), &dst))
	if !ok {
		t.Fatal("no error")
	}
	if len(e.Fields) != validation.MaxFields {
		t.Fatalf("%d fields, want %d", len(e.Fields), validation.MaxFields)
	}
	for i, f := range e.Fields[:len(e.Fields)-1] {
		if want := "tags." + strconv.Itoa(i); f.Path != want {
			t.Fatalf("field %d at %q, want %q", i, f.Path, want)
		}
	}
	more, ok := e.Details.Get(validation.TruncatedKey)
	if want := "(truncated: " + strconv.Itoa(n+1-validation.MaxFields) + " more fields)"; !ok || more != want {
		t.Errorf("detail %q = %v, want %q", validation.TruncatedKey, more, want)
	}
	if want := "2 arguments of t are invalid: tags, name."; e.Message != want {
		t.Errorf("summary %q, want %q", e.Message, want)
	}

	// At the bound exactly, nothing is dropped and nothing is said.
	raw = `{"tags":[` + repeat(validation.MaxFields, func(int) string { return "1" }) + `]}`
	e, _ = errorx.As(validation.Default().BindJSON("t", []byte(raw), new(args)))
	if _, ok := e.Details.Get(validation.TruncatedKey); len(e.Fields) != validation.MaxFields || ok {
		t.Errorf("%d fields at the bound, details %v", len(e.Fields), e.Details)
	}
}

// TestHostileFieldBoundMap: past the bound, the fields kept are the first
// map entries by key, whatever order validator visited them in.
func TestHostileFieldBoundMap(t *testing.T) {
	n := 2 * validation.MaxFields
	raw := mapArgs(n)
	var dst hostileMap
	e, ok := errorx.As(validation.Default().BindJSON("t", []byte(raw), &dst))
	if !ok || len(e.Fields) != validation.MaxFields {
		t.Fatalf("want %d fields: %v", validation.MaxFields, e)
	}
	keys := make([]string, n)
	for i := range keys {
		keys[i] = "labels.k" + strconv.Itoa(i)
	}
	slices.Sort(keys)
	for i, f := range e.Fields {
		if f.Path != keys[i] || f.Rule != "gte" {
			t.Fatalf("field %d: %q %q, want %q gte", i, f.Path, f.Rule, keys[i])
		}
	}
}
