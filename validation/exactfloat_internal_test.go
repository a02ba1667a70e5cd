package validation

import (
	"bytes"
	"encoding/json"
	"math"
	"math/big"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/go-playground/validator/v10"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mcperr/mcperr/errorx"

	"github.com/mcperr/mcperr/internal/testsize"
)

// nearLiterals returns number literals at float64 rounding distance of b:
// the shortest decimal of b's float64 and of its neighbours, literals just
// above and below each of them, and the midpoints between neighbours
// (where rounding goes to even) with a digit more either way: many of
// them round to the float64 of b without being b.
func nearLiterals(b string) []string {
	f, err := strconv.ParseFloat(b, 64)
	if err != nil {
		panic(err)
	}
	var out []string
	exact := func(x float64) *big.Float { return new(big.Float).SetPrec(2000).SetFloat64(x) }
	text := func(x *big.Float) string { return x.Text('e', 60) }
	tiny := new(big.Float).SetPrec(2000).SetFloat64(math.Ldexp(1, -1100)) // far below an ulp
	for _, x := range []float64{math.Nextafter(f, math.Inf(-1)), f, math.Nextafter(f, math.Inf(1))} {
		if math.IsInf(x, 0) {
			continue
		}
		s := strconv.FormatFloat(x, 'g', -1, 64)
		out = append(out, s)
		ex := exact(x)
		out = append(out, text(new(big.Float).SetPrec(2000).Add(ex, tiny)), text(new(big.Float).SetPrec(2000).Sub(ex, tiny)))
		// The shortest decimal moved by a digit far past float64's precision.
		m, e, _ := strings.Cut(strconv.FormatFloat(x, 'e', -1, 64), "e")
		if !strings.Contains(m, ".") {
			m += "."
		}
		out = append(out, m+"0000000000000000000001e"+e)
		if m[len(m)-1] != '.' {
			out = append(out, m[:len(m)-1]+string(rune(m[len(m)-1]-1))+"9999999999999999999999e"+e)
		}
	}
	for _, pair := range [][2]float64{{math.Nextafter(f, math.Inf(-1)), f}, {f, math.Nextafter(f, math.Inf(1))}} {
		if math.IsInf(pair[0], 0) || math.IsInf(pair[1], 0) {
			continue
		}
		mid := new(big.Float).SetPrec(2000).Add(exact(pair[0]), exact(pair[1]))
		mid.Quo(mid, big.NewFloat(2).SetPrec(2000))
		out = append(out, text(mid), text(new(big.Float).SetPrec(2000).Add(mid, tiny)), text(new(big.Float).SetPrec(2000).Sub(mid, tiny)))
	}
	return out
}

// TestSchemaAgreesWithBindAtRoundingDistance: for a float64 argument with
// a bound, Bind and the inputSchema (checked by a validator that compares
// numbers exactly, as JSON Schema says) give the same verdict on literals
// that float64 cannot tell from the bound: 0.30000000000000001 under max=0.3
// was accepted by Bind and rejected by the schema.
func TestSchemaAgreesWithBindAtRoundingDistance(t *testing.T) {
	bounds := []string{"0.3", "0.1", "-0.3", "1", "0", "100.5", "1e21", "1.5e-300", "5e-324", "1.7976931348623157e308", "-2.2250738585072014e-308"}
	rules := []string{"min", "max", "gte", "lte", "gt", "lt", "eq", "ne", "len"}
	near := map[string][]string{} // the literals near each bound
	var all []string
	for _, b := range bounds {
		near[b] = nearLiterals(b)
		all = append(all, near[b]...)
	}
	zeros := []string{"1e-400", "-1e-400", "0.0", "-0", "0e5", "4e-324", "2.4703282292062327e-324", "2.4703282292062328e-324"}
	all = append(all, zeros...)
	type tagCase struct{ tag, bound string }
	var tags []tagCase
	for _, r := range rules {
		for _, b := range bounds {
			tags = append(tags, tagCase{r + "=" + b, b}, tagCase{"omitempty," + r + "=" + b, b})
		}
	}
	tags = append(tags, tagCase{"required", "0"}, tagCase{"required,lt=0.1", "0.1"}, tagCase{"omitempty,gt=0", "0"},
		tagCase{"gt=0.1,lt=0.3", "0.1"}, tagCase{"lt=0.3,gt=0.1", "0.3"}, tagCase{"min=0.3,max=0.3", "0.3"})
	disagree := 0
	for _, tc := range tags {
		// Near its own bound and zero; in the long run, near every bound.
		lits := append(append([]string{}, near[tc.bound]...), zeros...)
		if testsize.Long() {
			lits = all
		}
		for _, ptr := range []bool{false, true} {
			ft := reflect.TypeFor[float64]()
			if ptr {
				ft = reflect.PointerTo(ft)
			}
			typ := reflect.StructOf([]reflect.StructField{{Name: "X", Type: ft, Tag: reflect.StructTag(`json:"x" validate:"` + tc.tag + `"`)}})
			e := inputSchema(typ, newConfig(nil))
			if e.err != nil {
				t.Fatal(e.err)
			}
			sch := compileSchema(t, e.raw)
			for _, lit := range lits {
				raw := []byte(`{"x":` + lit + `}`)
				bound := std.BindJSON("t", raw, reflect.New(typ).Interface()) == nil
				inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
				if err != nil {
					t.Fatal(err)
				}
				if valid := sch.Validate(inst) == nil; bound != valid {
					if disagree++; disagree <= 20 {
						t.Errorf("validate:%q pointer %v, %s: Bind %v, schema %v", tc.tag, ptr, lit, bound, valid)
					}
				}
			}
		}
	}
	if disagree > 0 {
		t.Errorf("%d disagreements", disagree)
	}
}

// TestDecimalCmp: parseDecimal and cmp order number literals as exact
// rationals do, however they are written.
func TestDecimalCmp(t *testing.T) {
	lits := []string{"0", "-0", "0.0", "0e10", "1", "-1", "10", "1e1", "100e-1", "0.1", "1e-1", "0.10", "010", "9.99", "10.01",
		"0.3", "0.30000000000000001", "0.29999999999999999", "3e-1", "30e-2", "2.999999999999999888977697537484345957636833190917968750e-01",
		"1e21", "1e+21", "999999999999999999999", "1000000000000000000001", "-1e-400", "1e-400", "1e400", "-1e400",
		"5e-324", "4.9406564584124654e-324", "123.456", "123.4560000", "-123.456", "1E2", "1E+2", "0.000001", "1e-6"}
	r := rand.New(rand.NewPCG(3, 4))
	for range 300 {
		var b strings.Builder
		if r.IntN(3) == 0 {
			b.WriteByte('-')
		}
		b.WriteString(strconv.Itoa(r.IntN(1000)))
		if r.IntN(2) == 0 {
			b.WriteString("." + strings.Repeat("0", r.IntN(3)) + strconv.Itoa(r.IntN(1000)))
		}
		if r.IntN(2) == 0 {
			b.WriteString("e" + strconv.Itoa(r.IntN(20)-10))
		}
		lits = append(lits, b.String())
	}
	for _, a := range lits {
		for _, b := range lits {
			ra, _ := new(big.Rat).SetString(a)
			rb, _ := new(big.Rat).SetString(b)
			if got, want := parseDecimal(a).cmp(parseDecimal(b)), ra.Cmp(rb); got != want {
				t.Fatalf("cmp(%s, %s) = %d, want %d", a, b, got, want)
			}
		}
	}
}

// TestExactFloatFields: what the exact reading reports, and what it lets
// through.
func TestExactFloatFields(t *testing.T) {
	type args struct {
		Price float64  `json:"price" validate:"max=0.3"`
		Ratio float64  `json:"ratio" validate:"omitempty,gt=0.1"`
		Tiny  float64  `json:"tiny" validate:"required"`
		Odd   *float64 `json:"odd" validate:"omitempty,gt=0.1,odd"`
	}
	v := New()
	if err := v.RegisterValidation("odd", func(validator.FieldLevel) bool { return true }, nil); err != nil {
		t.Fatal(err)
	}
	e := v.BindJSON("t", []byte(`{"price":0.30000000000000001,"ratio":0.10000000000000000001,"tiny":1e-400,"odd":0.10000000000000000001}`), new(args))
	fs := e.(*errorx.Error).Fields
	if len(fs) != 2 {
		t.Fatalf("%d fields: %+v", len(fs), fs)
	}
	want := errorx.Field{Path: "price", Sent: json.Number("0.30000000000000001"), WasSent: true, Message: "Too large.", Hint: "Must be <= 0.3.", Rule: "max", Param: "0.3"}
	if !reflect.DeepEqual(fs[0], want) {
		t.Errorf("got %+v\nwant %+v", fs[0], want)
	}
	// odd, a rule of the server's own after gt, was never read by
	// validator: its failure of gt stands.
	if fs[1].Path != "odd" || fs[1].Rule != "gt" {
		t.Errorf("got %+v", fs[1])
	}
	// A literal of a million digits is read once.
	long := "0.3" + strings.Repeat("0", 1<<20) + "1"
	e = v.BindJSON("t", []byte(`{"price":`+long+`,"tiny":1}`), new(args))
	if fs := e.(*errorx.Error).Fields; len(fs) != 1 || fs[0].Rule != "max" {
		t.Errorf("%+v", fs)
	}
}
