package validation

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/testsize"
)

// windowSchemas are schemas the window cuts lists and maps of (see plain),
// each with a writer of random arguments holding many failures.
var windowSchemas = []struct {
	schema string
	args   func(g *windowGen) string
}{
	{`{"type":"object","properties":{"tags":{"type":"array","maxItems":300,"items":{"type":"string","maxLength":3}},
		"name":{"type":"string","minLength":2}},"required":["name"],"additionalProperties":false}`,
		func(g *windowGen) string {
			return `{"name":` + g.pick(`"x"`, `"ok"`, `5`) + `,"tags":` + g.list(func() string { return g.pick(`"ab"`, `"abcd"`, `1`, `null`) }) + g.unknown() + `}`
		}},
	{`{"type":"object","properties":{"labels":{"type":"object","minProperties":250,"additionalProperties":{"type":"integer","minimum":10}},
		"n":{"type":"integer"}},"required":["labels"]}`,
		func(g *windowGen) string {
			return `{"labels":` + g.object(func() string { return g.pick(`12`, `1`, `"x"`, `2.5`) }) + `,"n":` + g.pick(`1`, `"1"`) + `}`
		}},
	{`{"type":"object","properties":{"items":{"type":"array","items":{"type":"object","properties":{"email":{"type":"string","format":"email"},
		"n":{"type":"integer","maximum":5}},"required":["email"],"additionalProperties":false}}}}`,
		func(g *windowGen) string {
			return `{"items":` + g.list(func() string {
				return `{"email":` + g.pick(`"a@b.co"`, `"x"`, `1`) + `,"n":` + g.pick(`1`, `9`) + g.pick(``, `,"z":1`) + `}`
			}) + `}`
		}},
	{`{"type":"object","properties":{"grid":{"type":"array","items":{"type":"array","items":{"type":"integer","multipleOf":2}}},
		"pairs":{"type":"array","prefixItems":[{"type":"string"},{"type":"integer"}],"items":false}},"additionalProperties":false}`,
		func(g *windowGen) string {
			return `{"grid":` + g.list(func() string { return g.short(func() string { return g.pick(`2`, `3`, `"x"`) }) }) +
				`,"pairs":` + g.list(func() string { return g.pick(`"a"`, `1`) }) + g.unknown() + `}`
		}},
	{`{"type":"object","properties":{"m":{"type":"object","patternProperties":{"^a":{"type":"string"}},"additionalProperties":false,
		"required":["b7"],"maxProperties":260}}}`,
		func(g *windowGen) string {
			return `{"m":` + g.object(func() string { return g.pick(`"s"`, `1`) }) + `}`
		}},
}

// windowGen writes random arguments: lists and maps of up to n values,
// few or many of them failing.
type windowGen struct {
	r    *rand.Rand
	n    int
	fail int // one value in fail is one of the first pick's
}

func (g *windowGen) pick(vs ...string) string {
	if len(vs) > 1 && g.r.IntN(g.fail) != 0 {
		return vs[0]
	}
	return vs[g.r.IntN(len(vs))]
}

// join writes up to g.n items between open and close.
func (g *windowGen) join(open, close byte, item func() string) string {
	var b strings.Builder
	b.WriteByte(open)
	for i := range g.r.IntN(g.n) {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(item())
	}
	b.WriteByte(close)
	return b.String()
}

func (g *windowGen) list(item func() string) string { return g.join('[', ']', item) }

// short is list with at most 8 items.
func (g *windowGen) short(item func() string) string {
	n := g.n
	g.n = min(n, 8)
	defer func() { g.n = n }()
	return g.list(item)
}

func (g *windowGen) object(value func() string) string {
	return g.join('{', '}', func() string {
		return strconv.Quote([]string{"a", "b", "c"}[g.r.IntN(3)]+strconv.Itoa(g.r.IntN(2*g.n))) + ":" + value()
	})
}

// unknown writes unknown keys, many or none.
func (g *windowGen) unknown() string {
	var b strings.Builder
	for i := range g.r.IntN(g.n) * g.r.IntN(2) {
		b.WriteString(`,"u` + strconv.Itoa(i) + `":1`)
	}
	return b.String()
}

// TestWindowAgreesWithWhole: checking arguments with long lists and maps
// cut to the window gives the error the check of the whole gives: the
// same fields, summary and, for at most MaxFields fields, no count;
// beyond, a count of the fields left out that is at most the whole's
// (the window counts what is certain), and is the whole's when every
// failure left out is certain.
func TestWindowAgreesWithWhole(t *testing.T) {
	defer func(n int) { cutMin = n }(cutMin)
	g := &windowGen{r: rand.New(rand.NewPCG(29, 5))}
	runs := testsize.N(100, 500)
	if testsize.Race {
		runs /= 5
	}
	cuts, fewer := 0, 0
	for run := range runs {
		c := windowSchemas[run%len(windowSchemas)]
		s, err := CompileSchema([]byte(c.schema))
		if err != nil {
			t.Fatal(err)
		}
		if !s.plain() {
			t.Fatalf("%s: not plain", c.schema)
		}
		g.n, g.fail = 1+g.r.IntN(1200), 1+g.r.IntN(40)
		raw := c.args(g)
		check := func(min int) (*errorx.Error, int) {
			cutMin = min
			r := &checkRun{s: s, text: raw}
			if r.inst = r.decode(); r.values > cutMin {
				r.win = &window{}
				if r.view(); len(r.win.cuts) > 0 {
					cuts++
				}
			}
			e, _ := errorx.As(s.Check("t", []byte(raw), IgnoreKeys("u0")))
			if e == nil {
				return nil, 0
			}
			more, _ := e.Details.Get(codes.TruncatedKey)
			n := 0
			if m, ok := more.(string); ok {
				n, _ = strconv.Atoi(strings.Fields(strings.TrimPrefix(m, "(truncated: "))[0])
			}
			return e, n
		}
		whole, wn := check(1 << 30)
		got, gn := check(2*MaxFields + run%MaxFields)
		if whole == nil || got == nil {
			if whole != got {
				t.Fatalf("run %d: windowed %v, whole %v\n%s", run, got, whole, raw)
			}
			continue
		}
		if gn != wn {
			fewer++
		}
		if !reflect.DeepEqual(got.Fields, whole.Fields) || got.Message != whole.Message || gn > wn || len(whole.Fields) < MaxFields && gn != wn {
			i := 0
			for i < min(len(got.Fields), len(whole.Fields)) && reflect.DeepEqual(got.Fields[i], whole.Fields[i]) {
				i++
			}
			field := func(fs []errorx.Field) string {
				if i >= len(fs) {
					return "none"
				}
				f := fs[i]
				f.Sent = cutString(strings.ReplaceAll(strconv.Quote(fmtValue(f.Sent)), `\"`, `'`), 300)
				return strconv.Quote(f.Path) + " " + f.Rule + " " + f.Message + " " + f.Sent.(string)
			}
			t.Fatalf("run %d, %d bytes, %d fields, %d and %d more, messages %q and %q; field %d:\nwindowed %s\nwhole    %s\n%s\n%s",
				run, len(raw), len(whole.Fields), gn, wn, got.Message, whole.Message, i, field(got.Fields), field(whole.Fields), c.schema, cutString(raw, 2000))
		}
	}
	t.Logf("%d of %d runs were cut, %d counted fewer fields left out than the whole", cuts, runs, fewer)
}

func fmtValue(v any) string { return fmt.Sprint(v) }
