package validation

import (
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/testsize"
)

type pruneItem struct {
	Email string `json:"email" validate:"required,email"`
	N     int    `json:"n" validate:"gte=10"`
}

type pruneArgs struct {
	Tags   []string          `json:"tags" validate:"dive,required,max=3"`
	Nums   []int             `json:"nums" validate:"dive,gte=10"`
	Items  []pruneItem       `json:"items" validate:"dive"`
	Labels map[string]string `json:"labels" validate:"dive,max=3"`
	Meta   any               `json:"meta"`
	Name   string            `json:"name" validate:"required,min=3"`
	Raw    []int             `json:"raw"`
}

// pruneGen writes random arguments for pruneArgs with many problems of
// every kind: wrong types, keys sent twice at every level, unknown keys,
// values validator rejects, nesting past MaxDepth.
type pruneGen struct {
	r    *rand.Rand
	b    strings.Builder
	dups bool // keys may be sent twice
}

func (g *pruneGen) list(n int, item func(i int)) {
	g.b.WriteByte('[')
	for i := range n {
		if i > 0 {
			g.b.WriteByte(',')
		}
		item(i)
	}
	g.b.WriteByte(']')
}

func (g *pruneGen) scalar(want string) {
	switch g.r.IntN(6) {
	case 0:
		g.b.WriteString("1")
	case 1:
		g.b.WriteString(`"x"`)
	case 2:
		g.b.WriteString("null")
	case 3:
		g.b.WriteString(`"abcdef"`)
	case 4:
		g.b.WriteString("99")
	default:
		g.b.WriteString(want)
	}
}

func (g *pruneGen) member(key string, value func()) {
	g.b.WriteString(strconv.Quote(key) + ":")
	value()
	if g.dups && g.r.IntN(20) == 0 { // the key again
		g.b.WriteString("," + strconv.Quote(key) + ":")
		value()
	}
}

func (g *pruneGen) args(n int) string {
	g.b.Reset()
	g.dups = g.r.IntN(2) == 0
	g.b.WriteByte('{')
	members := []func(){
		func() { g.member("tags", func() { g.list(g.r.IntN(n), func(int) { g.scalar(`"ab"`) }) }) },
		func() { g.member("nums", func() { g.list(g.r.IntN(n), func(int) { g.scalar("12") }) }) },
		func() {
			g.member("items", func() {
				g.list(g.r.IntN(n/4+1), func(int) {
					g.b.WriteByte('{')
					g.member("email", func() { g.scalar(`"a@b.co"`) })
					g.b.WriteByte(',')
					g.member("n", func() { g.scalar("10") })
					if g.r.IntN(4) == 0 {
						g.b.WriteString(`,"emial":1`)
					}
					g.b.WriteByte('}')
				})
			})
		},
		func() {
			g.member("labels", func() {
				g.b.WriteByte('{')
				for i := range g.r.IntN(n) {
					if i > 0 {
						g.b.WriteByte(',')
					}
					k := i
					if g.dups {
						k = g.r.IntN(n)
					}
					g.member("k"+strconv.Itoa(k), func() { g.scalar(`"ok"`) })
				}
				g.b.WriteByte('}')
			})
		},
		func() {
			g.member("meta", func() {
				if g.r.IntN(3) == 0 {
					g.b.WriteString(strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth))
					return
				}
				if g.dups {
					g.b.WriteString(`{"a":1,"a":2,"b":[{"c":1,"c":1}]}`)
				} else {
					g.b.WriteString(`{"a":1,"b":[{"c":1}]}`)
				}
			})
		},
		func() { g.member("name", func() { g.scalar(`"Ada"`) }) },
		func() { g.member("action", func() { g.b.WriteString(`{"x":[1,{"y":1}]}`) }) },
		func() { g.member("raw", func() { g.list(g.r.IntN(2*n), func(int) { g.scalar("7") }) }) },
		func() { g.member("nmae"+strconv.Itoa(g.r.IntN(3)), func() { g.b.WriteString("1") }) },
	}
	if g.r.IntN(4) == 0 { // wrong types alone
		members = members[len(members)-1:]
	}
	g.r.Shuffle(len(members), func(i, j int) { members[i], members[j] = members[j], members[i] })
	for i, m := range members[:1+g.r.IntN(len(members))] {
		if i > 0 {
			g.b.WriteByte(',')
		}
		m()
	}
	g.b.WriteByte('}')
	return g.b.String()
}

// TestPruneAgreesWithUnbounded: binding arguments with hundreds of
// problems of every kind gives the same error, field for field, with the
// summary and the count of the fields left out, whether the decoder
// prunes its list of problems or keeps them all.
func TestPruneAgreesWithUnbounded(t *testing.T) {
	defer func(n int) { pruneAt = n }(pruneAt)
	g := pruneGen{r: rand.New(rand.NewPCG(29, 2))}
	runs := testsize.N(300, 1500)
	if testsize.Race {
		runs /= 5
	}
	pruned := 0
	for run := range runs {
		raw := g.args(50 + g.r.IntN(400))
		bind := func(limit int) (*errorx.Error, bool) {
			pruneAt = limit
			var dst pruneArgs
			err := Default().BindJSON("t", []byte(raw), &dst, IgnoreKeys("action"))
			e, _ := errorx.As(err)
			return e, err != nil
		}
		want, _ := bind(1 << 30)
		got, _ := bind(MaxFields + 1 + run%(3*MaxFields))
		if want == nil || got == nil {
			if want != got {
				t.Fatalf("%s:\nbounded %v\nunbounded %v", raw, got, want)
			}
			continue
		}
		if _, ok := want.Details.Get(codes.TruncatedKey); ok {
			pruned++
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("run %d, %d bytes:\nbounded   %s %v\n%v\nunbounded %s %v\n%v\n%s", run, len(raw), got.Message, got.Details, got.Fields,
				want.Message, want.Details, want.Fields, raw)
		}
	}
	if pruned < runs/4 {
		t.Errorf("only %d of %d runs had more than MaxFields fields", pruned, runs)
	}
}
