package validation_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/go-playground/validator/v10"
	"github.com/google/jsonschema-go/jsonschema"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/testsize"
	"github.com/mcperr/mcperr/validation"
)

// The cost of arguments whose every element fails, against what
// encoding/json and validator cost on the same arguments: an error keeps
// MaxFields fields, so the failures past them are counted, not built.

type costTags struct {
	Tags []string `json:"tags" validate:"dive,max=20"`
}

type costLabels struct {
	Labels map[string]string `json:"labels" validate:"dive,max=20"`
}

type costCounts struct {
	Counts map[string]int `json:"counts" validate:"dive,gte=10"`
}

type costInts struct {
	Ints []int `json:"ints" validate:"dive,gte=10"`
}

// costCase is arguments of one shape, every element failing, and the
// struct and the schema that say so.
type costCase struct {
	name        string
	open, close string
	item        func(i int) string
	dst         func() any
	schema      string
}

var costCases = []costCase{
	{"wrong types", `{"tags":[`, `]}`, func(int) string { return "1" }, func() any { return new(costTags) },
		`{"type":"object","properties":{"tags":{"type":"array","items":{"type":"string","maxLength":20}}}}`},
	{"long strings", `{"tags":[`, `]}`, func(int) string { return `"` + strings.Repeat("x", 21) + `"` }, func() any { return new(costTags) },
		`{"type":"object","properties":{"tags":{"type":"array","items":{"type":"string","maxLength":20}}}}`},
	{"map values", `{"labels":{`, `}}`, func(i int) string { return `"k` + strconv.Itoa(i) + `":"` + strings.Repeat("x", 21) + `"` },
		func() any { return new(costLabels) },
		`{"type":"object","properties":{"labels":{"type":"object","additionalProperties":{"type":"string","maxLength":20}}}}`},
	{"short map values", `{"counts":{`, `}}`, func(i int) string { return `"k` + strconv.Itoa(i) + `":1` }, func() any { return new(costCounts) },
		`{"type":"object","properties":{"counts":{"type":"object","additionalProperties":{"type":"integer","minimum":10}}}}`},
	{"ints", `{"ints":[`, `]}`, func(int) string { return "1" }, func() any { return new(costInts) },
		`{"type":"object","properties":{"ints":{"type":"array","items":{"type":"integer","minimum":10}}}}`},
}

// args returns the arguments of c, about size bytes of them.
func (c costCase) args(size int) []byte {
	var b strings.Builder
	b.Grow(size + 64)
	b.WriteString(c.open)
	for i := 0; b.Len() < size; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(c.item(i))
	}
	b.WriteString(c.close)
	return []byte(b.String())
}

// bind binds raw as c's struct, failing t unless the error keeps
// MaxFields fields and counts the others.
func (c costCase) bind(t testing.TB, raw []byte) {
	e, ok := errorx.As(validation.Default().BindJSON("t", raw, c.dst()))
	if !ok || len(e.Fields) != validation.MaxFields {
		t.Fatalf("%s: %v, want %d fields", c.name, e, validation.MaxFields)
	}
	if _, ok := e.Details.Get(codes.TruncatedKey); !ok {
		t.Fatalf("%s: no count of the fields left out", c.name)
	}
}

// base is encoding/json and validator on raw: the cost binding is held to.
func (c costCase) base(v *validator.Validate, raw []byte) {
	dst := c.dst()
	_ = json.Unmarshal(raw, dst)
	_ = v.Struct(dst)
}

// compiled returns c's schema compiled, and resolved by google/jsonschema-go.
func (c costCase) compiled(t testing.TB) (*validation.Schema, *jsonschema.Resolved) {
	s, err := validation.CompileSchema([]byte(c.schema))
	if err != nil {
		t.Fatal(err)
	}
	var js jsonschema.Schema
	if err := json.Unmarshal([]byte(c.schema), &js); err != nil {
		t.Fatal(err)
	}
	rs, err := js.Resolve(nil)
	if err != nil {
		t.Fatal(err)
	}
	return s, rs
}

// check checks raw against s, failing t unless the error keeps MaxFields
// fields and counts others.
func (c costCase) check(t testing.TB, s *validation.Schema, raw []byte) {
	e, ok := errorx.As(s.Check("t", raw))
	if !ok || len(e.Fields) != validation.MaxFields {
		t.Fatalf("%s: %v, want %d fields", c.name, e, validation.MaxFields)
	}
	if _, ok := e.Details.Get(codes.TruncatedKey); !ok {
		t.Fatalf("%s: no count of the fields left out", c.name)
	}
}

// sdk is what a go-sdk server does with raw: decode it, and check it with
// google/jsonschema-go (which stops at the first failure): the cost the
// check is held to.
func sdk(rs *jsonschema.Resolved, raw []byte) {
	var v any
	_ = json.Unmarshal(raw, &v)
	_ = rs.Validate(v)
}

// TestEveryElementFailsBytes: binding arguments whose every element fails
// allocates at most twice the bytes per byte sent that json.Unmarshal
// into the struct and validator.Struct on it do, and checking them
// against the schema that says the same at most twice what
// json.Unmarshal and google/jsonschema-go's Validate do. Binding
// allocated 621 bytes per byte sent of {"tags":[1,1,…]} (json and
// validator: 96), a field, its path and sort key for every element before
// MaxFields kept 100; the check 463 (json and jsonschema-go: 44), the
// JSON Schema library's error for every element.
func TestEveryElementFailsBytes(t *testing.T) {
	if testsize.Race {
		t.Skip("the race detector's own allocations are not the code's")
	}
	size := testsize.N(256<<10, 1<<20)
	v := validator.New()
	for _, c := range costCases {
		t.Run(c.name, func(t *testing.T) {
			raw := c.args(size)
			ours := float64(testsize.Allocated(func() { c.bind(t, raw) })) / float64(len(raw))
			base := float64(testsize.Allocated(func() { c.base(v, raw) })) / float64(len(raw))
			t.Logf("%d bytes: binding %.0f bytes allocated per byte sent, encoding/json and validator %.0f (%.2f×)",
				len(raw), ours, base, ours/base)
			if ours > 2*base {
				t.Errorf("binding allocates %.0f bytes per byte sent, more than twice encoding/json and validator's %.0f", ours, base)
			}
			s, rs := c.compiled(t)
			ours = float64(testsize.Allocated(func() { c.check(t, s, raw) })) / float64(len(raw))
			base = float64(testsize.Allocated(func() { sdk(rs, raw) })) / float64(len(raw))
			t.Logf("%d bytes: the check %.0f bytes allocated per byte sent, encoding/json and jsonschema-go %.0f (%.2f×)",
				len(raw), ours, base, ours/base)
			if ours > 2*base {
				t.Errorf("the check allocates %.0f bytes per byte sent, more than twice encoding/json and jsonschema-go's %.0f", ours, base)
			}
		})
	}
}

// residentEnv names the case a child process of TestEveryElementFailsResident runs.
const residentEnv = "MCPERR_RESIDENT_CASE"

// maxResident bounds the resident memory of one 4 MiB call.
const maxResident = 256 << 20

// TestEveryElementFailsResident: binding 4 MiB of arguments whose every
// element fails stays under 256 MB resident (peak RSS of a process that
// makes that one call; encoding/json and validator take 141 MB for the
// wrong types), or within 1.5 times encoding/json and validator where
// those alone take more (validator builds an error of its own for every
// failing element: 497 MB for 2 million ints); checking them against the
// schema stays under 256 MB. Binding took 1.37 GB for the wrong types,
// the check 1.48 GB. Long run only, without the race detector, on Linux.
func TestEveryElementFailsResident(t *testing.T) {
	if name := os.Getenv(residentEnv); name != "" {
		residentChild(t, name)
		return
	}
	if !testsize.Long() || testsize.Race || runtime.GOOS != "linux" {
		t.Skip("long run, without the race detector, on Linux")
	}
	for _, c := range costCases {
		ours, base := resident(t, "bind:"+c.name), resident(t, "base:"+c.name)
		t.Logf("%s: binding 4 MiB takes %d MB resident, encoding/json and validator %d MB", c.name, ours>>20, base>>20)
		if bound := max(maxResident, base*3/2); ours > bound {
			t.Errorf("%s: binding 4 MiB takes %d MB resident, more than %d MB", c.name, ours>>20, bound>>20)
		}
		ours, base = resident(t, "check:"+c.name), resident(t, "sdk:"+c.name)
		t.Logf("%s: the check of 4 MiB takes %d MB resident, encoding/json and jsonschema-go %d MB", c.name, ours>>20, base>>20)
		if ours > maxResident {
			t.Errorf("%s: the check of 4 MiB takes %d MB resident, more than %d MB", c.name, ours>>20, maxResident>>20)
		}
	}
}

// resident runs a child process making the call what says and returns
// its peak resident size in bytes.
func resident(t *testing.T, what string) int {
	cmd := exec.Command(os.Args[0], "-test.run=^TestEveryElementFailsResident$", "-test.v")
	cmd.Env = append(os.Environ(), residentEnv+"="+what)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", what, err, out)
	}
	_, after, ok := strings.Cut(string(out), "resident ")
	kb, _ := strconv.Atoi(strings.Fields(after + " x")[0])
	if !ok || kb == 0 {
		t.Fatalf("%s: no resident size in\n%s", what, out)
	}
	return kb << 10
}

// residentChild makes the one call what:name says and prints the process's
// peak resident size.
func residentChild(t *testing.T, what string) {
	how, name, _ := strings.Cut(what, ":")
	for _, c := range costCases {
		if c.name != name {
			continue
		}
		raw := c.args(4 << 20)
		switch how {
		case "bind":
			c.bind(t, raw)
		case "base":
			c.base(validator.New(), raw)
		case "check":
			s, _ := c.compiled(t)
			c.check(t, s, raw)
		default:
			_, rs := c.compiled(t)
			sdk(rs, raw)
		}
		status, err := os.ReadFile("/proc/self/status")
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(status), "\n") {
			if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
				t.Logf("resident %s", strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			}
		}
		return
	}
	t.Fatalf("no case %q", what)
}
