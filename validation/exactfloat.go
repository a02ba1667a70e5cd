package validation

import (
	"reflect"
	"strconv"
	"strings"

	"github.com/go-playground/validator/v10"

	"github.com/mcperr/mcperr/errorx"
)

// Bounds on float64 arguments are decided on the number as sent, exactly,
// as JSON Schema decides them (and so the inputSchema, which writes each
// bound as the shortest decimal of the float64 validator reads from the
// tag). validator compares float64s: 0.30000000000000001 rounds to the
// float64 of 0.3, so max=0.3 let it through while the schema's "maximum":
// 0.3 rejects it; 1e-400 rounds to 0, which required rejects and the
// schema's "not": {"const": 0} accepts. Where the two readings of the
// field's own rules differ, the exact one wins: a failure validator does
// not see becomes a field of the rule (decoding problems hide validator's
// failures at the same path), and a failure validator sees that the exact
// reading does not is dropped (a mask). Only literals within rounding
// distance of a bound cost more than comparing float64s.

// floatRule is one rule of a float64's own validate tag, read for exact
// comparison.
type floatRule struct {
	tag, param string
	kind       floatRuleKind
	bound      decimal // the parameter's float64, as its shortest decimal
	f          float64 // that float64
}

type floatRuleKind uint8

const (
	floatOther     floatRuleKind = iota // a rule not compared here: its verdict is validator's
	floatOmitEmpty                      // omitempty
	floatRequired                       // required
	floatMin                            // min, gte
	floatMax                            // max, lte
	floatGT                             // gt
	floatLT                             // lt
	floatEq                             // eq, len
	floatNe                             // ne
)

// floatRulesKey is what a tag's float rules depend on.
type floatRulesKey struct {
	v   *Validator
	tag string
}

var floatRulesMemo memo[floatRulesKey, []floatRule]

// floatRulesOf returns the own rules (before dive) of tag, as v reads
// them; nil when none is compared exactly.
func floatRulesOf(v *Validator, tag string) []floatRule {
	return floatRulesMemo.get(floatRulesKey{v, tag}, func(k floatRulesKey) []floatRule {
		own, _, _ := splitDive(parseRules(k.tag))
		var out []floatRule
		compared := false
		for _, r := range own {
			fr := floatRule{tag: r.tag, param: r.param}
			if len(r.alts) == 0 && !k.v.registered[r.tag] {
				fr.kind = floatRuleKinds[r.tag]
			}
			switch fr.kind {
			case floatOmitEmpty, floatRequired, floatOther:
				if r.param != "" {
					fr.kind = floatOther
				}
			default:
				f, err := strconv.ParseFloat(r.param, 64)
				if err != nil || f-f != 0 { // not a number, or infinite: left to validator, and out of the schema
					fr.kind = floatOther
					break
				}
				fr.f = f
				fr.bound = parseDecimal(strconv.FormatFloat(f, 'g', -1, 64))
			}
			compared = compared || fr.kind != floatOther
			out = append(out, fr)
		}
		if !compared {
			return nil
		}
		return out
	})
}

var floatRuleKinds = map[string]floatRuleKind{
	"omitempty": floatOmitEmpty, "required": floatRequired,
	"min": floatMin, "gte": floatMin, "max": floatMax, "lte": floatMax,
	"gt": floatGT, "lt": floatLT, "eq": floatEq, "len": floatEq, "ne": floatNe,
}

// passes reports whether the rule lets the value through: read exactly,
// as the literal x, or as validator reads it, as the float64 f. ptr says
// the value is behind a pointer the caller set (then required holds and
// omitempty does not apply).
func (r *floatRule) passes(exact bool, f float64, x decimal, ptr bool) bool {
	switch r.kind {
	case floatOmitEmpty, floatRequired: // is the value there (not empty)?
		if ptr {
			return true
		}
		if exact {
			return !x.zero()
		}
		return f != 0
	case floatOther:
		return true
	}
	var c int // the value compared with the bound
	if exact {
		c = x.cmp(r.bound)
	} else if f < r.f {
		c = -1
	} else if f > r.f {
		c = 1
	}
	switch r.kind {
	case floatMin:
		return c >= 0
	case floatMax:
		return c <= 0
	case floatGT:
		return c > 0
	case floatLT:
		return c < 0
	case floatEq:
		return c == 0
	}
	return c != 0 // floatNe
}

// near reports whether the two readings can differ on one of rules: only
// at a bound equal to f (rounding to the nearest float64 keeps order, so
// f < bound means x < bound), or at zero for omitempty and required.
func near(rules []floatRule, f float64, ptr bool) bool {
	for i := range rules {
		switch r := &rules[i]; r.kind {
		case floatOther:
		case floatOmitEmpty, floatRequired:
			if f == 0 && !ptr {
				return true
			}
		default:
			if f == r.f {
				return true
			}
		}
	}
	return false
}

// exactFloat decides the rules of the float64 f, decoded from the literal
// lit at offset start, exactly (see the comment at the top of this file).
func (d *decoder) exactFloat(lit string, f float64, start int) {
	rules := floatRulesOf(d.v, d.tag)
	if rules == nil || !near(rules, f, d.ptr) {
		return
	}
	x := parseDecimal(lit)
	// The rule the exact reading fails first, the rules it does not
	// compare left out (the schema leaves them out too).
	k := -1
	for i := range rules {
		r := &rules[i]
		if !r.passes(true, f, x, d.ptr) {
			if r.kind != floatOmitEmpty {
				k = i
			}
			break
		}
	}
	// The rule validator fails first, as far as it is known: up to the
	// first rule not compared here (other: validator's verdict from there
	// on is unknown).
	j, other := -1, false
	for i := range rules {
		r := &rules[i]
		if r.kind == floatOther {
			other = true
			break
		}
		if !r.passes(false, f, x, d.ptr) {
			if r.kind != floatOmitEmpty {
				j = i
			}
			break
		}
	}
	switch {
	case k >= 0 && (other || j != k):
		// validator may let through, or fail at another rule, what the
		// exact reading fails here: a field of this rule, which hides
		// validator's at the same path.
		d.exactProblem(rules[k], f, start)
	case k < 0 && j >= 0 && !otherAfter(rules, j):
		// validator fails what the exact reading lets through, and no
		// rule it did not read is left: drop its failure.
		d.masks = append(d.masks, d.ordString())
		d.work += d.plen
	}
	// Left: validator fails the value at j and never reads a rule after
	// it that the exact reading might fail; its failure stands (binding is
	// then stricter than the schema, never looser).
}

// otherAfter reports whether a rule after the j-th is not compared here.
func otherAfter(rules []floatRule, j int) bool {
	for _, r := range rules[j+1:] {
		if r.kind == floatOther {
			return true
		}
	}
	return false
}

// exactProblem records the failure of rule r by the float64 f sent at
// offset start, with the texts validator's failure would have.
func (d *decoder) exactProblem(r floatRule, f float64, start int) {
	fl := Failure{Tag: r.tag, ActualTag: r.tag, Param: r.param, Kind: reflect.Float64,
		Type: reflect.TypeFor[float64](), Value: f}
	txt, rule := d.v.textOf(fl)
	save := d.i
	d.i = start
	d.problem(errorx.Field{Message: txt.Message, Expected: txt.Expected, Options: txt.Options, Hint: txt.Hint,
		Rule: rule, Param: fieldParam(rule, fl)})
	d.i = save
}

// decimal is a JSON number literal read exactly: the value is 0.D ×
// 10^exp, D the digits of hi then lo (substrings of the literal: its
// integer and fraction parts), without leading or trailing zeros; zero when
// both are empty.
type decimal struct {
	neg    bool
	hi, lo string
	exp    int
}

// maxDecimalExp bounds the exponents decimal keeps: past it, any two
// numbers an input can write compare the same.
const maxDecimalExp = 1 << 40

// parseDecimal reads a JSON number literal (one json.Valid accepts, or one
// strconv.FormatFloat writes), in time linear in its length and without
// allocating.
func parseDecimal(lit string) decimal {
	var x decimal
	if strings.HasPrefix(lit, "-") {
		x.neg, lit = true, lit[1:]
	}
	mant, e := lit, 0
	if i := strings.IndexAny(lit, "eE"); i >= 0 {
		mant = lit[:i]
		es := lit[i+1:]
		neg := strings.HasPrefix(es, "-")
		es = strings.TrimLeft(es, "+-")
		for j := 0; j < len(es); j++ {
			if e < maxDecimalExp {
				e = e*10 + int(es[j]-'0')
			}
		}
		if neg {
			e = -e
		}
	}
	ip, fp, _ := strings.Cut(mant, ".")
	e += len(ip)
	t := strings.TrimLeft(ip, "0")
	e -= len(ip) - len(t)
	ip = t
	if ip == "" {
		t = strings.TrimLeft(fp, "0")
		e -= len(fp) - len(t)
		fp = t
	}
	fp = strings.TrimRight(fp, "0")
	if fp == "" {
		ip = strings.TrimRight(ip, "0")
	}
	if ip == "" && fp == "" {
		return decimal{}
	}
	x.hi, x.lo, x.exp = ip, fp, max(min(e, maxDecimalExp), -maxDecimalExp)
	return x
}

func (x decimal) zero() bool { return x.hi == "" && x.lo == "" }

// digit returns the i-th digit of D, and false past the last.
func (x decimal) digit(i int) (byte, bool) {
	if i < len(x.hi) {
		return x.hi[i], true
	}
	if i -= len(x.hi); i < len(x.lo) {
		return x.lo[i], true
	}
	return 0, false
}

// cmp compares x with y: -1, 0 or 1.
func (x decimal) cmp(y decimal) int {
	switch {
	case x.zero() && y.zero():
		return 0
	case x.zero():
		return -sign(!y.neg)
	case y.zero(), x.neg != y.neg:
		return sign(!x.neg)
	}
	m := 0 // the magnitudes compared
	switch {
	case x.exp < y.exp:
		m = -1
	case x.exp > y.exp:
		m = 1
	default:
		for i := 0; m == 0; i++ {
			a, okA := x.digit(i)
			b, okB := y.digit(i)
			switch {
			case !okA && !okB:
				return 0
			case !okA || okB && a < b: // no trailing zeros: the longer is larger
				m = -1
			case !okB || a > b:
				m = 1
			}
		}
	}
	if x.neg {
		return -m
	}
	return m
}

func sign(pos bool) int {
	if pos {
		return 1
	}
	return -1
}

// unmask returns ve without the failures at the values masks names (sort
// keys), whose verdict the exact reading reversed.
func (v *Validator) unmask(ve validator.ValidationErrors, root reflect.Value, masks []string) validator.ValidationErrors {
	set := make(map[string]bool, len(masks))
	for _, m := range masks {
		set[m] = true
	}
	t := newTranslator(v, root, "", false, true)
	defer t.release()
	t.skipPath = true
	out := make(validator.ValidationErrors, 0, len(ve))
	for i := range ve {
		t.keys = t.keys[:0]
		t.resolveAt(ve, i)
		if !set[string(t.keys)] {
			out = append(out, ve[i])
		}
	}
	return out
}
