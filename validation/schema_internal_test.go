package validation

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-playground/validator/v10"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/testsize"
)

// The structs of the property test. Those named exact* use only tags with
// an exact schema form: there the schema's verdict must equal Bind's.

type psAddress struct {
	City string `json:"city" validate:"required"`
	Zip  string `json:"zip" validate:"required,numeric,len=5"`
}

type exactUser struct {
	Name     string     `json:"name" validate:"required,min=2,max=50" description:"Full name."`
	Role     string     `json:"role" validate:"required,oneof=admin editor viewer"`
	Age      int        `json:"age" validate:"gte=18,lte=130"`
	Tags     []string   `json:"tags" validate:"max=5,dive,alphanum"`
	Address  *psAddress `json:"address" validate:"required"`
	Password string     `json:"password" validate:"required,min=12"`
}

type exactStrings struct {
	Code   string  `json:"code" validate:"len=3"`
	Nick   string  `json:"nick" validate:"omitempty,min=3,max=5"`
	Prefix string  `json:"prefix" validate:"omitempty,startswith=cus_"`
	Suffix string  `json:"suffix" validate:"endswith=.go"`
	Has    string  `json:"has" validate:"contains=a.b"`
	Not    string  `json:"not" validate:"excludes=x"`
	Eq     string  `json:"eq" validate:"eq=yes"`
	Ne     string  `json:"ne" validate:"ne=no"`
	GtLt   string  `json:"gtlt" validate:"gt=1,lt=4"`
	Opt    *string `json:"opt" validate:"omitempty,gte=2,lte=3"`
}

type exactNumbers struct {
	Qty   int     `json:"qty" validate:"min=1,max=99"`
	Price float64 `json:"price" validate:"gt=0,lt=1000.5"`
	Small int8    `json:"small"`
	Count uint16  `json:"count" validate:"lte=300"`
	Level int     `json:"level" validate:"oneof=1 2 3"`
	Eq    int     `json:"eq" validate:"omitempty,eq=7"`
	Ne    int     `json:"ne" validate:"ne=5"`
	Req   int     `json:"req" validate:"required"`
	Ptr   *int    `json:"ptr" validate:"omitempty,gte=-3"`
	Big   uint    `json:"big"`
}

type exactOneof struct {
	Color string `json:"color" validate:"oneof='light blue' red green"`
	Maybe string `json:"maybe" validate:"omitempty,oneof=a b"`
	Flag  bool   `json:"flag" validate:"required"`
	Off   bool   `json:"off"`
	Tri   *bool  `json:"tri" validate:"required"`
}

type exactSlices struct {
	IDs    []int          `json:"ids" validate:"required,min=1,max=3,unique,dive,ne=0"`
	Names  []string       `json:"names" validate:"omitempty,len=2,dive,required"`
	Grid   [][]int        `json:"grid" validate:"dive,max=2,dive,gt=0"`
	Any    []any          `json:"any"`
	Pair   [2]string      `json:"pair" validate:"dive,required"`
	Scores map[string]int `json:"scores" validate:"max=2,dive,keys,len=2,endkeys,gte=0"`
}

type psItem struct {
	SKU string `json:"sku" validate:"required,alphanum"`
	N   int    `json:"n" validate:"gte=1"`
}

type exactNested struct {
	Items   []psItem           `json:"items" validate:"required,dive"`
	Loose   []psItem           `json:"loose"`
	ByName  map[string]*psItem `json:"by_name" validate:"dive"`
	Primary psItem             `json:"primary"`
	Backup  *psItem            `json:"backup"`
}

type psBase struct {
	ID   string `json:"id" validate:"required,uuid4"`
	Note string `json:"note"`
}

type psNamed struct {
	Kind string `json:"kind" validate:"oneof=a b"`
}

type exactEmbedded struct {
	psBase
	Named   psNamed `json:"named"`
	Title   string  `json:"title" validate:"required"`
	Skipped string  `json:"-"`
	hidden  string
}

type exactPatterns struct {
	Alpha string `json:"alpha" validate:"omitempty,alpha"`
	Num   string `json:"num" validate:"omitempty,numeric"`
	Digit string `json:"digit" validate:"omitempty,number"`
	Hex   string `json:"hex" validate:"omitempty,hexadecimal"`
	Color string `json:"color" validate:"omitempty,hexcolor"`
	Phone string `json:"phone" validate:"omitempty,e164"`
	UUID  string `json:"uuid" validate:"omitempty,uuid"`
	U3    string `json:"u3" validate:"omitempty,uuid3"`
	U5    string `json:"u5" validate:"omitempty,uuid5"`
}

type exactOr struct {
	Zip  string `json:"zip" validate:"len=0|len=5"`
	Code string `json:"code" validate:"omitempty,startswith=a|endswith=z"`
}

type exactPointers struct {
	P  *string         `json:"p" validate:"min=2"`
	PP **int           `json:"pp" validate:"omitnil,min=3"`
	S  *[]string       `json:"s" validate:"omitempty,min=1"`
	M  *map[string]int `json:"m"`
	Pt *psNamed        `json:"pt" validate:"omitempty"`
}

type exactMaps struct {
	Labels map[string]string `json:"labels" validate:"required,min=1,dive,keys,alpha,endkeys,max=3"`
	Deep   map[string][]int  `json:"deep" validate:"dive,min=1,dive,lt=10"`
	Plain  map[string]bool   `json:"plain"`
}

type exactDescribed struct {
	Query string `json:"query" validate:"required" description:"What to look for."`
	Limit uint8  `json:"limit" validate:"omitempty,max=50" description:"At most this many."`
}

type exactEmpty struct{}

type exactNoJSONTags struct {
	Name  string
	Count int `validate:"gte=2"`
}

type exactRawAny struct {
	Raw  json.RawMessage `json:"raw"`
	Meta any             `json:"meta" validate:"required"`
}

// Inexact: formats, cross-field and conditional rules, custom tags,
// types that decode themselves.

type formatsArgs struct {
	Email string `json:"email" validate:"required,email"`
	URL   string `json:"url" validate:"omitempty,url"`
	URI   string `json:"uri" validate:"omitempty,uri"`
	Date  string `json:"date" validate:"omitempty,datetime=2006-01-02"`
	When  string `json:"when" validate:"omitempty,datetime=2006-01-02T15:04:05Z07:00"`
	IPv4  string `json:"ipv4" validate:"omitempty,ipv4"`
	IPv6  string `json:"ipv6" validate:"omitempty,ipv6"`
	Host  string `json:"host" validate:"omitempty,hostname"`
}

type crossField struct {
	Password string `json:"password" validate:"required,min=3"`
	Confirm  string `json:"confirm" validate:"eqfield=Password"`
	Role     string `json:"role" validate:"omitempty,oneof=admin user"`
	Reason   string `json:"reason" validate:"required_if=Role admin"`
	Start    int    `json:"start"`
	End      int    `json:"end" validate:"gtfield=Start"`
}

type customTag struct {
	Even int    `json:"even" validate:"even_psa"`
	Name string `json:"name" validate:"required,lowercase"`
}

type timesArgs struct {
	At    time.Time     `json:"at" validate:"required"`
	Wait  time.Duration `json:"wait" validate:"max=1h"`
	Blob  []byte        `json:"blob" validate:"max=4"`
	Ratio float32       `json:"ratio" validate:"lte=0.1"`
	Words []string      `json:"words" validate:"unique"`
}

// PSBase is exported: binding cannot allocate a nil embedded pointer to
// an unexported struct type.
type PSBase struct {
	ID   string `json:"id" validate:"required,uuid4"`
	Note string `json:"note"`
}

type psEmbedPtr struct {
	*PSBase
	Extra string `json:"extra"`
}

type omitStruct struct {
	Addr psAddress `json:"addr" validate:"omitempty"`
	Req  psAddress `json:"req" validate:"required"`
}

type quotedArgs struct {
	N int  `json:"n,string" validate:"min=2"`
	B bool `json:"b,string"`
}

type psNode struct {
	Name     string    `json:"name" validate:"required"`
	Children []*psNode `json:"children" validate:"dive"`
}

type recursiveArgs struct {
	Root psNode `json:"root"`
}

type skipTag struct {
	A psAddress `json:"a" validate:"-"`
	B int       `json:"b" validate:"isdefault"`
}

var propertyStructs = []struct {
	name  string
	typ   reflect.Type
	exact bool
}{
	{"exactUser", reflect.TypeFor[exactUser](), true},
	{"exactStrings", reflect.TypeFor[exactStrings](), true},
	{"exactNumbers", reflect.TypeFor[exactNumbers](), true},
	{"exactOneof", reflect.TypeFor[exactOneof](), true},
	{"exactSlices", reflect.TypeFor[exactSlices](), true},
	{"exactNested", reflect.TypeFor[exactNested](), true},
	{"exactEmbedded", reflect.TypeFor[exactEmbedded](), true},
	{"exactPatterns", reflect.TypeFor[exactPatterns](), true},
	{"exactOr", reflect.TypeFor[exactOr](), true},
	{"exactPointers", reflect.TypeFor[exactPointers](), true},
	{"exactMaps", reflect.TypeFor[exactMaps](), true},
	{"exactDescribed", reflect.TypeFor[exactDescribed](), true},
	{"exactEmpty", reflect.TypeFor[exactEmpty](), true},
	{"exactNoJSONTags", reflect.TypeFor[exactNoJSONTags](), true},
	{"exactRawAny", reflect.TypeFor[exactRawAny](), true},
	{"formatsArgs", reflect.TypeFor[formatsArgs](), false},
	{"crossField", reflect.TypeFor[crossField](), false},
	{"customTag", reflect.TypeFor[customTag](), false},
	{"timesArgs", reflect.TypeFor[timesArgs](), false},
	{"psEmbedPtr", reflect.TypeFor[psEmbedPtr](), false},
	{"omitStruct", reflect.TypeFor[omitStruct](), false},
	{"quotedArgs", reflect.TypeFor[quotedArgs](), false},
	{"recursiveArgs", reflect.TypeFor[recursiveArgs](), false},
	{"skipTag", reflect.TypeFor[skipTag](), false},
}

// propertyValidator has the custom tag of customTag.
var propertyValidator = func() *Validator {
	v := New()
	if err := v.RegisterValidation("even_psa", func(fl validator.FieldLevel) bool { return fl.Field().Int()%2 == 0 }, nil); err != nil {
		panic(err)
	}
	return v
}()

func compileSchema(t *testing.T, raw []byte) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("schema is not JSON: %v\n%s", err, raw)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource("mem://schema.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("mem://schema.json")
	if err != nil {
		t.Fatalf("schema does not compile: %v\n%s", err, raw)
	}
	return s
}

// argGen generates JSON values for a Go type, drawing from values near the
// bounds and options its tags name, and of the wrong type now and then.
type argGen struct {
	r       *rand.Rand
	strs    []string
	nums    []string
	big64   bool // numbers beyond 2^63 for 64-bit integers
	unknown []string
}

var baseStrings = []string{
	"", "a", "ab", "abc", "abcd", "abcde", "abcdefghijkl", "12345", "1234", "+1.5", "0x1F", "#fff", "#12345",
	"admin", "editor", "viewer", "user", "red", "light blue", "light", "yes", "no", "cus_1", "x.go", "a.b", "axb",
	"user@example.com", "not-an-email", "http://x.io/a", "/rel/path", "2024-01-02", "2024-01-02T03:04:05Z",
	"2024-13-02", "1.2.3.4", "::1", "256.1.1.1", "host.example", "-bad-", "héllo", "日本語", "ÀB", "Abc",
	"9c5b94b1-35ad-49bb-b118-8e8fc24abf80", "9C5B94B1-35AD-49BB-B118-8E8FC24ABF80",
	"a3bb189e-8bf9-3888-9912-ace4e6543002", "74738ff5-5367-5958-9aee-98fffdcd1876", "+14155552671", "az", "abz",
	"aaaaz", "12", "1", "0", "x",
}

var baseNumbers = []string{"0", "1", "-1", "2", "3", "5", "7", "17", "18", "99", "100", "130", "131", "2.5", "2.0", "-3", "-4",
	"1000.5", "1000.4", "0.1", "300", "301", "127", "128", "-129", "255", "65536", "1e2", "-0", "9"}

func (g *argGen) value(t reflect.Type, depth int) any {
	if g.r.IntN(12) == 0 {
		return g.wrong()
	}
	if g.r.IntN(14) == 0 {
		return nil
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch {
	case t == reflect.TypeFor[time.Time]():
		return g.pick([]string{"2024-01-02T03:04:05Z", "yesterday", "0001-01-01T00:00:00Z"})
	case t == reflect.TypeFor[json.RawMessage]() || t.Kind() == reflect.Interface:
		return g.wrong()
	}
	switch t.Kind() {
	case reflect.String:
		return g.pick(g.strs)
	case reflect.Bool:
		return g.r.IntN(2) == 0
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		if t.Bits() < 64 && g.r.IntN(10) == 0 {
			return json.Number("1e20")
		}
		if g.big64 && g.r.IntN(20) == 0 {
			return json.Number("1e20")
		}
		return json.Number(g.pick(g.nums))
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 && t.Kind() == reflect.Slice {
			return g.pick([]string{"", "AAAA", "AAAAAAAA", "!!"})
		}
		n := g.r.IntN(5)
		out := make([]any, n)
		for i := range out {
			out[i] = g.value(t.Elem(), depth+1)
		}
		return out
	case reflect.Map:
		n := g.r.IntN(4)
		out := map[string]any{}
		for range n {
			out[g.pick([]string{"ab", "a", "abc", "x1", "zz", "1", "-2"})] = g.value(t.Elem(), depth+1)
		}
		return out
	case reflect.Struct:
		if depth > 4 {
			return map[string]any{}
		}
		return g.object(t, depth+1)
	}
	return nil
}

func (g *argGen) object(t reflect.Type, depth int) map[string]any {
	out := map[string]any{}
	for _, f := range infoOf(t).fields {
		if g.r.IntN(6) == 0 {
			continue // missing
		}
		ft, _ := fieldOf(t, f.index)
		v := g.value(ft.Type, depth)
		if f.quoted && g.r.IntN(3) > 0 {
			b, _ := json.Marshal(v)
			v = string(b)
		}
		out[f.name] = v
	}
	if g.r.IntN(10) == 0 {
		out[g.pick(g.unknown)] = "x"
	}
	return out
}

func (g *argGen) wrong() any {
	switch g.r.IntN(6) {
	case 0:
		return "s"
	case 1:
		return json.Number("4")
	case 2:
		return true
	case 3:
		return []any{json.Number("1")}
	case 4:
		return map[string]any{"k": "v"}
	}
	return nil
}

func (g *argGen) pick(s []string) string { return s[g.r.IntN(len(s))] }

// tagParams collects the parameters of a type's validate tags, so that the
// generator draws values at the bounds.
func tagParams(t reflect.Type, seen map[reflect.Type]bool, strs, nums *[]string) {
	t = baseType(t)
	switch t.Kind() {
	case reflect.Slice, reflect.Array, reflect.Map:
		tagParams(t.Elem(), seen, strs, nums)
		return
	case reflect.Struct:
	default:
		return
	}
	if seen[t] {
		return
	}
	seen[t] = true
	for i := range t.NumField() {
		sf := t.Field(i)
		for _, r := range parseRules(sf.Tag.Get("validate")) {
			for _, a := range append([]rule{r}, r.alts...) {
				if a.param == "" {
					continue
				}
				*strs = append(*strs, ParseOneOf(a.param)...)
				*strs = append(*strs, strings.Repeat("a", min(len(a.param), 1)))
				if f, err := strconv.ParseFloat(a.param, 64); err == nil {
					*nums = append(*nums, a.param)
					*nums = append(*nums, fmt.Sprint(f-1), fmt.Sprint(f+1))
					if f >= 0 && f < 60 {
						*strs = append(*strs, strings.Repeat("é", int(f)), strings.Repeat("b", int(f)+1))
					}
				}
			}
		}
		tagParams(sf.Type, seen, strs, nums)
	}
}

// TestSchemaAgreesWithBind is the property test of InputSchema: argument
// objects, generated at the tags' bounds and then mutated (unknown keys,
// the format argument and an IgnoreKeys key among them), are checked by
// Bind and by a JSON Schema validator (santhosh-tekuri/jsonschema, draft
// 2020-12). Whatever Bind accepts, the schema accepts; for the structs
// with only exactly expressible tags, the two verdicts are equal. Each
// struct gets 40 generated objects by default, 120 in the long run
// (testsize.Long); a quarter of them at least must reach acceptance.
func TestSchemaAgreesWithBind(t *testing.T) {
	objects := testsize.N(40, 120)
	for i, ps := range propertyStructs {
		t.Run(ps.name, func(t *testing.T) {
			opts := []Option{WithValidator(propertyValidator), IgnoreKeys("action")}
			c := newConfig(opts)
			e := inputSchema(ps.typ, c)
			if e.err != nil {
				t.Fatal(e.err)
			}
			if e.exact != ps.exact {
				t.Errorf("the schema generator says exact=%v, the test expects %v", e.exact, ps.exact)
			}
			sch := compileSchema(t, e.raw)
			g := &argGen{r: rand.New(rand.NewPCG(uint64(i), 15)), strs: slices.Clone(baseStrings), nums: slices.Clone(baseNumbers),
				unknown: []string{"extra", "format", "action", "Name", "nam"}}
			tagParams(ps.typ, map[reflect.Type]bool{}, &g.strs, &g.nums)
			var accepted, rejected, equal int
			check := func(args map[string]any) *errorx.Error {
				raw, err := json.Marshal(args)
				if err != nil {
					t.Fatal(err)
				}
				dst := reflect.New(ps.typ)
				var be *errorx.Error
				if err := propertyValidator.BindJSON("t", raw, dst.Interface(), opts...); err != nil {
					be = err.(*errorx.Error)
					if be.Code != errorx.CodeInvalidInput {
						t.Fatalf("%s: %v", raw, be)
					}
				}
				inst, _ := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
				verr := sch.Validate(inst)
				switch {
				case be == nil && verr != nil:
					t.Fatalf("Bind accepts %s, the schema rejects it: %v\nschema: %s", raw, verr, e.raw)
				case ps.exact && be != nil && verr == nil:
					t.Fatalf("Bind rejects %s (%v), the schema accepts it\nschema: %s", raw, be.Fields, e.raw)
				}
				if be == nil {
					accepted++
				} else {
					rejected++
				}
				if (be == nil) == (verr == nil) {
					equal++
				}
				return be
			}
			for range objects {
				args := g.object(ps.typ, 0)
				// Resample the arguments Bind complains about, to reach
				// accepted objects, checking every step.
				for range 80 {
					be := check(args)
					if be == nil {
						break
					}
					for _, f := range be.Fields {
						top, _, _ := strings.Cut(f.Path, ".")
						if f.Rule == RuleUnknown && !strings.Contains(f.Path, ".") {
							delete(args, top)
							continue
						}
						if fl, ok := fieldByName(ps.typ, top); ok {
							ft, _ := fieldOf(ps.typ, fl.index)
							args[top] = g.value(ft.Type, 0)
							if g.r.IntN(3) == 0 {
								delete(args, top)
							}
						}
					}
				}
				// Mutations of the last object: each key dropped, nulled,
				// and an unknown key added.
				for k := range args {
					m := maps(args)
					delete(m, k)
					check(m)
					m = maps(args)
					m[k] = nil
					check(m)
				}
				m := maps(args)
				m[g.pick(g.unknown)] = json.Number("1")
				check(m)
			}
			if accepted < objects/4 && ps.name != "customTag" {
				t.Errorf("only %d accepted objects (of %d): the generator does not reach valid arguments", accepted, accepted+rejected)
			}
			t.Logf("%d accepted, %d rejected, verdicts equal on %d", accepted, rejected, equal)
		})
	}
}

func fieldByName(t reflect.Type, name string) (jsonField, bool) {
	si := infoOf(t)
	n, ok := si.byName[name]
	if !ok {
		return jsonField{}, false
	}
	return si.fields[n], true
}

func maps(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// TestInputSchemaBuiltOnce: a type and options are computed once, whatever
// the number of calls; other options are another schema.
func TestInputSchemaBuiltOnce(t *testing.T) {
	type onceArgs struct {
		A string `json:"a" validate:"required"`
	}
	before := schemaBuilds.Load()
	first, _ := InputSchema[onceArgs]()
	for range 100 {
		again, _ := InputSchema[onceArgs]()
		if &again[0] != &first[0] {
			t.Fatal("a second call returned another schema")
		}
		InputSchema[*onceArgs]()
		InputSchema[onceArgs](IgnoreKeys("action", "action"), WithTool("x"))
		InputSchema[onceArgs](IgnoreKeys("action"))
	}
	if n := schemaBuilds.Load() - before; n != 3 {
		t.Errorf("%d schemas built for one type, its pointer and one IgnoreKeys, want 3", n)
	}
}

// BenchmarkInputSchema: after the first call, a schema is a cache lookup
// (builds/op 0); BenchmarkInputSchemaBuild is the cost of building it.
func BenchmarkInputSchema(b *testing.B) {
	InputSchema[exactUser]()
	before := schemaBuilds.Load()
	b.ReportAllocs()
	for b.Loop() {
		InputSchema[exactUser]()
	}
	b.ReportMetric(float64(schemaBuilds.Load()-before)/float64(b.N), "builds/op")
}

func BenchmarkInputSchemaBuild(b *testing.B) {
	t := reflect.TypeFor[exactUser]()
	before := schemaBuilds.Load()
	b.ReportAllocs()
	for b.Loop() {
		buildSchema(t, std, nil, "")
	}
	b.ReportMetric(float64(schemaBuilds.Load()-before)/float64(b.N), "builds/op")
}

// Types whose schema would need more than maxSchemaNodes nodes: each level
// holds the next one twice, 2^16 leaves.
type (
	wide0  struct{ A, B wide1 }
	wide1  struct{ A, B wide2 }
	wide2  struct{ A, B wide3 }
	wide3  struct{ A, B wide4 }
	wide4  struct{ A, B wide5 }
	wide5  struct{ A, B wide6 }
	wide6  struct{ A, B wide7 }
	wide7  struct{ A, B wide8 }
	wide8  struct{ A, B wide9 }
	wide9  struct{ A, B wide10 }
	wide10 struct{ A, B wide11 }
	wide11 struct{ A, B wide12 }
	wide12 struct{ A, B wide13 }
	wide13 struct{ A, B wide14 }
	wide14 struct{ A, B wide15 }
	wide15 struct{ A, B wide16 }
	wide16 struct{ A, B string }
)

// TestInputSchemaBounded: a type whose schema would be huge is an error,
// found without expanding it all.
func TestInputSchemaBounded(t *testing.T) {
	before := time.Now()
	_, err := InputSchema[wide0]()
	if !errors.Is(err, ErrSchema) {
		t.Fatalf("err = %v, want ErrSchema", err)
	}
	if d := time.Since(before); d > 2*time.Second {
		t.Errorf("took %v", d)
	}
	if _, err := InputSchema[wide6](); err != nil { // 2^10 leaves: fine
		t.Error(err)
	}
}
