package validation_test

import (
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/format"
	"github.com/mcperr/mcperr/internal/testsize"
	"github.com/mcperr/mcperr/validation"
)

// Hostile input: arguments built to make binding slow, cut, ambiguous or
// leaky. Linearity is shown with size series: the same shape at n and 8n
// in one run, the fastest of a few runs each; doubling must not quadruple,
// so 8n may take well under 64 times as long (the bound, testsize.MaxRatio, 24 or
// 32 under the race detector, leaves room for a noisy machine).

// seriesRatio returns how much longer build(8n) takes to bind than
// build(n) (testsize.Ratio), failing t if either binds without error.
func seriesRatio(t *testing.T, n int, bind func(raw []byte) error, build func(n int) string) float64 {
	t.Helper()
	run := func(raw []byte) func() {
		return func() {
			if bind(raw) == nil {
				t.Fatalf("%d bytes of arguments bound without error", len(raw))
			}
		}
	}
	r := testsize.Ratio(run([]byte(build(n))), run([]byte(build(8*n))))
	t.Logf("n=%d: 8n takes %.1f times as long", n, r)
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

// wrongTypeArgs sends strings for ints: decoding problems only.
func wrongTypeArgs(n int) string {
	return `{"tags":[` + repeat(n, func(int) string { return `"x"` }) + `]}`
}

// unknownArgs sends keys the struct does not have, each with a hint.
func unknownArgs(n int) string {
	return `{` + repeat(n, func(i int) string { return `"emial` + strconv.Itoa(i) + `":1` }) + `}`
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
// or a list of structs fails a dive rule (or has the wrong type, or every
// key is unknown), binding takes time linear in the number of elements (it was quadratic: 64,000 ints took 17 s, 32,000 map
// keys 2 min 37 s).
func TestHostileEveryElementFailsLinear(t *testing.T) {
	v := validation.New()
	for _, c := range []struct {
		name  string
		n     int
		build func(int) string
		dst   func() any
	}{
		{"list", 500, listArgs, func() any { return new(hostileList) }},
		{"map", 250, mapArgs, func() any { return new(hostileMap) }},
		{"structs", 250, structArgs, func() any { return new(hostileStructs) }},
		{"mixed", 500, mixedArgs, func() any { return new(hostileMixed) }},
		{"keys", 250, keysArgs, func() any { return new(hostileKeys) }},
		{"wrong types", 250, wrongTypeArgs, func() any { return new(hostileList) }},
		{"unknown keys", 250, unknownArgs, func() any { return new(hostileItem) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			bind := func(raw []byte) error { return v.BindJSON("t", raw, c.dst()) }
			if r := seriesRatio(t, c.n, bind, c.build); r > testsize.MaxRatio {
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
	if r := seriesRatio(t, 250, bind, mapArgs); r > testsize.MaxRatio {
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
	more, ok := e.Details.Get(codes.TruncatedKey)
	if want := "(truncated: " + strconv.Itoa(n+1-validation.MaxFields) + " more fields)"; !ok || more != want {
		t.Errorf("detail %q = %v, want %q", codes.TruncatedKey, more, want)
	}
	if want := "2 arguments of t are invalid: tags, name."; e.Message != want {
		t.Errorf("summary %q, want %q", e.Message, want)
	}

	// Check (Go values, no JSON) and Translate are bounded the same way.
	list := hostileList{Tags: make([]int, n)}
	for name, err := range map[string]error{
		"Check":     validation.Default().Check("t", &list),
		"Translate": validation.Default().Translate("t", validation.Default().Validate().Struct(&list), &list, nil),
	} {
		e, _ := errorx.As(err)
		more, _ := e.Details.Get(codes.TruncatedKey)
		if want := "(truncated: " + strconv.Itoa(n-validation.MaxFields) + " more fields)"; len(e.Fields) != validation.MaxFields || more != want {
			t.Errorf("%s: %d fields, %v", name, len(e.Fields), more)
		}
	}

	// At the bound exactly, nothing is dropped and nothing is said.
	raw = `{"tags":[` + repeat(validation.MaxFields, func(int) string { return "1" }) + `]}`
	e, _ = errorx.As(validation.Default().BindJSON("t", []byte(raw), new(args)))
	if _, ok := e.Details.Get(codes.TruncatedKey); len(e.Fields) != validation.MaxFields || ok {
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

type node struct {
	Child *node  `json:"child"`
	Leaf  string `json:"leaf" validate:"omitempty,email"`
}

// nested returns levels objects nested under "child", the innermost
// holding an invalid leaf.
func nested(levels int) string {
	return strings.Repeat(`{"child":`, levels-1) + `{"leaf":"x"}` + strings.Repeat("}", levels-1)
}

// TestHostileDepth: arguments nested past MaxDepth fail with one field of
// rule "depth" at the first object too deep (it was: 6,000 levels bound
// without error, the handler got 5,000 and the invalid leaf was never
// checked); at MaxDepth exactly they are decoded and validated whole.
func TestHostileDepth(t *testing.T) {
	v := validation.New()
	for _, levels := range []int{validation.MaxDepth + 1, 6000, 10001, 30000} {
		var dst node
		fs := fieldsOf(t, v, &dst, nested(levels))
		want := strings.Repeat("child.", validation.MaxDepth-1) + "child"
		if len(fs) != 1 || fs[0].Path != want || fs[0].Rule != validation.RuleDepth || !fs[0].WasSent ||
			fs[0].Message != "Nested too deeply." || !strings.Contains(fs[0].Hint, strconv.Itoa(validation.MaxDepth)) {
			t.Fatalf("%d levels: %s", levels, fieldJSON(fs))
		}
		if s, ok := fs[0].Sent.(string); !ok || !strings.HasPrefix(s, "…(truncated, ") {
			t.Errorf("%d levels: sent %#v", levels, fs[0].Sent)
		}
	}
	var dst node
	fs := fieldsOf(t, v, &dst, nested(validation.MaxDepth))
	want := strings.Repeat("child.", validation.MaxDepth-1) + "leaf"
	if len(fs) != 1 || fs[0].Path != want || fs[0].Rule != "email" {
		t.Fatalf("%d levels: %s", validation.MaxDepth, fieldJSON(fs))
	}
}

// TestHostileDepthDelegated: the bound holds inside values decoded by
// encoding/json (any, json.RawMessage, custom decoders) too, with the path
// of the first array too deep.
func TestHostileDepthDelegated(t *testing.T) {
	type args struct {
		Meta any             `json:"meta"`
		Raw  json.RawMessage `json:"raw"`
	}
	deep := strings.Repeat("[", 12000) + strings.Repeat("]", 12000)
	for _, key := range []string{"meta", "raw", "action"} {
		var dst args
		fs := fieldsOf(t, validation.New(), &dst, `{"`+key+`":`+deep+`}`, validation.IgnoreKeys("action"))
		want := key + strings.Repeat(".0", validation.MaxDepth-1)
		if len(fs) != 1 || fs[0].Path != want || fs[0].Rule != validation.RuleDepth {
			t.Fatalf("%s: %s", key, fieldJSON(fs))
		}
	}
	ok := strings.Repeat("[", validation.MaxDepth-1) + strings.Repeat("]", validation.MaxDepth-1)
	var dst args
	if fs := fieldsOf(t, validation.New(), &dst, `{"meta":`+ok+`}`); fs != nil {
		t.Fatalf("%d levels: %s", validation.MaxDepth, fieldJSON(fs))
	}
}

// TestHostileDuplicateKeys: a key sent twice in one object, at any depth
// and whatever decodes it, is rejected with one field of rule "duplicate"
// at its path (it was accepted silently, the last one winning, while
// parsers disagree on which wins); the value reported is the repeated one.
func TestHostileDuplicateKeys(t *testing.T) {
	type inner struct {
		Zip string `json:"zip"`
	}
	type args struct {
		Email  string            `json:"email" validate:"email"`
		Inner  inner             `json:"inner"`
		Labels map[string]string `json:"labels"`
		Meta   any               `json:"meta"`
		List   []inner           `json:"list"`
	}
	for _, c := range []struct{ args, path string }{
		{`{"email":"x","email":"ada@example.com"}`, "email"},
		{`{"email":"ada@example.com","inner":{"zip":"1","zip":"ada@example.com"}}`, "inner.zip"},
		{`{"email":"ada@example.com","labels":{"a":"1","b":"2","a":"ada@example.com"}}`, "labels.a"},
		{`{"email":"ada@example.com","meta":{"x":[{"k":1,"k":"ada@example.com"}]}}`, "meta.x.0.k"},
		{`{"email":"ada@example.com","list":[{},{"zip":"1","zip":"ada@example.com"}]}`, "list.1.zip"},
		{`{"email":"ada@example.com","action":"json","action":"ada@example.com"}`, "action"},
		{`{"email":"ada@example.com","format":"json","format":"ada@example.com"}`, "format"},
	} {
		var dst args
		fs := fieldsOf(t, validation.New(), &dst, c.args, validation.IgnoreKeys("action"), validation.WithFormatArgument("format"))
		if len(fs) != 1 || fs[0].Path != c.path || fs[0].Rule != validation.RuleDuplicate ||
			fs[0].Message != "Sent twice." || fs[0].Sent != "ada@example.com" || !fs[0].WasSent {
			t.Errorf("%s: %s", c.args, fieldJSON(fs))
		}
	}
	// A key sent three times is reported once.
	var dst args
	fs := fieldsOf(t, validation.New(), &dst, `{"email":"a@b.co","email":"ada@example.com","email":"c@d.co"}`)
	if len(fs) != 1 || fs[0].Rule != validation.RuleDuplicate {
		t.Errorf("three times: %s", fieldJSON(fs))
	}
	// IgnoreKeys are let through once, not twice: parsers disagree on
	// which action {"action":"list","action":"delete"} names.
	fs = fieldsOf(t, validation.New(), &dst, `{"email":"a@b.co","action":"list","action":"delete"}`, validation.IgnoreKeys("action"))
	if len(fs) != 1 || fs[0].Path != "action" || fs[0].Rule != validation.RuleDuplicate {
		t.Errorf("ignored key: %s", fieldJSON(fs))
	}
}

// TestHostileDuplicateKeysLinear: finding keys sent twice takes time
// linear in the number of keys, with many keys and with many duplicates.
func TestHostileDuplicateKeysLinear(t *testing.T) {
	type args struct {
		Meta   map[string]any `json:"meta"`
		Labels map[string]int `json:"labels"`
	}
	v := validation.New()
	bind := func(raw []byte) error { return v.BindJSON("t", raw, new(args)) }
	many := func(key string) func(n int) string {
		return func(n int) string {
			return `{"` + key + `":{` + repeat(n, func(i int) string { return `"k` + strconv.Itoa(i) + `":1` }) + `,"k0":2}}`
		}
	}
	dups := func(n int) string {
		return `{"labels":{` + repeat(n, func(i int) string { return `"k` + strconv.Itoa(i%2) + `":1` }) + `}}`
	}
	for name, build := range map[string]func(int) string{"meta": many("meta"), "labels": many("labels"), "dups": dups} {
		t.Run(name, func(t *testing.T) {
			if r := seriesRatio(t, 500, bind, build); r > testsize.MaxRatio {
				t.Errorf("8x the keys took %.1fx the time: not linear", r)
			}
		})
	}
}

// TestHostileDuplicateKeysWideStruct: fields past the 64th of a struct are
// told apart too.
func TestHostileDuplicateKeysWideStruct(t *testing.T) {
	var sfs []reflect.StructField
	for i := range 70 {
		sfs = append(sfs, reflect.StructField{Name: "F" + strconv.Itoa(i), Type: reflect.TypeFor[int](), Tag: reflect.StructTag(`json:"f` + strconv.Itoa(i) + `"`)})
	}
	dst := reflect.New(reflect.StructOf(sfs)).Interface()
	for _, key := range []string{"f3", "f69"} {
		fs := fieldsOf(t, validation.New(), dst, `{"`+key+`":1,"f1":2,"`+key+`":3,"`+key+`":4}`)
		if len(fs) != 1 || fs[0].Path != key || fs[0].Rule != validation.RuleDuplicate || fs[0].Sent != json.Number("3") {
			t.Errorf("%s: %s", key, fieldJSON(fs))
		}
	}
}

// TestHostileTinyNumberEchoed: a number too small for a float64 sent for
// an integer is echoed as sent, not as 0 (it read "Wrong type. You sent:
// 0.").
func TestHostileTinyNumberEchoed(t *testing.T) {
	var dst struct {
		Age int `json:"age"`
	}
	fs := fieldsOf(t, validation.New(), &dst, `{"age":1e-400}`)
	if len(fs) != 1 || fs[0].Sent != json.Number("1e-400") || fs[0].Rule != validation.RuleType {
		t.Fatalf("%s", fieldJSON(fs))
	}
	if got := format.Sent(fs[0].Sent, fs[0].WasSent); got != "1e-400" {
		t.Errorf("You sent: %s", got)
	}
}

// TestHostileTextsBounded: whatever was sent (numbers of 100,000 digits,
// long strings, long keys), the fields' texts (message, expected, hint,
// options) and the summary stay short and never hold it; only Sent does,
// which the render package bounds.
func TestHostileTextsBounded(t *testing.T) {
	type args struct {
		Age    int               `json:"age" validate:"gte=18"`
		Big    uint8             `json:"big,string"`
		Score  float32           `json:"score" validate:"lte=9.5"`
		Ratio  float64           `json:"ratio" validate:"lt=1"`
		Role   string            `json:"role" validate:"oneof=admin user"`
		Email  string            `json:"email" validate:"email"`
		Name   string            `json:"name" validate:"max=5"`
		Labels map[string]string `json:"labels" validate:"dive,keys,max=3,endkeys,max=3"`
	}
	digits := strings.Repeat("9", 100000)
	long := strings.Repeat("ad", 50000)
	raws := []string{
		`{"age":` + digits + `}`,
		`{"age":-` + digits + `}`,
		`{"age":1e` + digits + `}`,
		`{"age":0.` + digits + `1}`,
		`{"big":"` + digits + `"}`,
		`{"score":` + digits + `}`,
		`{"ratio":` + digits + `.5}`,
		`{"role":"` + long + `","email":"` + long + `","name":"` + long + `"}`,
		`{"labels":{"` + long + `":"` + long + `"}}`,
		`{"` + long + `":1}`,
	}
	for _, raw := range raws {
		var dst args
		err := validation.New().BindJSON("t", []byte(raw), &dst)
		e, ok := errorx.As(err)
		if !ok {
			t.Fatalf("%.40s…: %v", raw, err)
		}
		if len(e.Message) > 200 {
			t.Errorf("%.40s…: summary of %d bytes", raw, len(e.Message))
		}
		for _, f := range e.Fields {
			texts := f.Message + f.Expected + f.Hint + strings.Join(f.Options, "")
			if len(texts) > 300 || strings.Contains(texts, "9999999999") || strings.Contains(texts, "adadadadad") {
				t.Errorf("%.40s…: %s has texts of %d bytes: %.200s", raw, f.Path, len(texts), texts)
			}
		}
	}
}

// TestHostileDottedKeysLinear: a map key holding many dots, under a type
// with nested maps and secret fields (whose redaction follows the path
// through the maps, trying every way to split it), costs time linear in
// its length.
func TestHostileDottedKeysLinear(t *testing.T) {
	type args struct {
		Nested map[string]map[string]string `json:"nested" validate:"dive,dive,max=1"`
		PIN    string                       `json:"pin" mcperr:"secret"`
	}
	v := validation.New()
	bind := func(raw []byte) error { return v.BindJSON("t", raw, new(args)) }
	build := func(n int) string {
		k := strings.Repeat("a.", n) + "a"
		return `{"nested":{"` + k + `":{"` + k + `":"too long"}}}`
	}
	if r := seriesRatio(t, 500, bind, build); r > testsize.MaxRatio {
		t.Errorf("8x the dots took %.1fx the time: not linear", r)
	}
}

// TestHostileDottedKeysSecret: past the splits tried, a value under a type
// holding secret fields is redacted whole.
func TestHostileDottedKeysSecret(t *testing.T) {
	type args struct {
		Nested map[string]map[string]account `json:"nested" validate:"dive,max=0"`
	}
	for _, dots := range []int{1, 1000} {
		k := strings.Repeat("a.", dots) + "a"
		raw := `{"nested":{"` + k + `":{"` + k + `":{"name":"n","tok":"tok_live_123"}}}}`
		fs := fieldsOf(t, validation.New(), new(args), raw)
		b, _ := json.Marshal(fs)
		if len(fs) != 1 || strings.Contains(string(b), "tok_live_123") {
			t.Errorf("%d dots: %s", dots, b)
		}
	}
}

// TestHostileDuplicateKeysOnlyTheDuplicate: a key sent twice is reported
// once, as sent twice, and nothing of the first value is: neither value is
// taken, so what was wrong with the first one does not matter (it read
// "Wrong type" for the overridden value besides "Sent twice").
func TestHostileDuplicateKeysOnlyTheDuplicate(t *testing.T) {
	type inner struct {
		Zip int `json:"zip" validate:"omitempty,gte=10"`
	}
	type args struct {
		Age    int               `json:"age" validate:"gte=18"`
		Inner  inner             `json:"inner"`
		Labels map[string]int    `json:"labels"`
		Tags   []int             `json:"tags"`
		Meta   map[string]string `json:"meta"`
	}
	for _, c := range []struct{ args, path string }{
		{`{"age":"x","age":5}`, "age"},
		{`{"age":3,"age":5}`, "age"},
		{`{"inner":{"zip":"x","zipp":1},"age":20,"inner":{"zip":3}}`, "inner"},
		{`{"inner":{"zip":1,"zip":2},"age":20,"inner":{"zip":3}}`, "inner"},
		{`{"labels":{"a":"x","a":1},"age":20}`, "labels.a"},
		{`{"tags":[` + repeat(3*validation.MaxFields, func(int) string { return `"x"` }) + `],"age":20,"tags":[1]}`, "tags"},
		{`{"age":20,"action":{"a":1,"a":2},"action":"json"}`, "action"},
		{`{"age":20,"format":{"a":1,"a":2},"format":"json"}`, "format"},
	} {
		var dst args
		fs := fieldsOf(t, validation.New(), &dst, c.args, validation.IgnoreKeys("action"), validation.WithFormatArgument("format"))
		if len(fs) != 1 || fs[0].Path != c.path || fs[0].Rule != validation.RuleDuplicate {
			t.Errorf("%.80s: %s", c.args, fieldJSON(fs))
		}
	}
	// What is wrong elsewhere is still reported, before and after.
	var dst args
	fs := fieldsOf(t, validation.New(), &dst, `{"tags":["x"],"age":"y","inner":{"zip":"z"},"age":5,"labels":{"b":"w"}}`)
	var got []string
	for _, f := range fs {
		got = append(got, f.Path+" "+f.Rule)
	}
	want := []string{"age duplicate", "inner.zip type", "labels.b type", "tags.0 type"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestHostileDepthPastJSONLimit: arguments nested past encoding/json's
// own limit (10,000 levels) read as nested too deeply, as past MaxDepth
// below it, not as "not valid JSON"; text that is not JSON still is,
// however deep.
func TestHostileDepthPastJSONLimit(t *testing.T) {
	type args struct {
		Meta  any   `json:"meta"`
		Child *node `json:"child"`
	}
	deep := strings.Repeat("[", 10001) + strings.Repeat("]", 10001)
	for _, c := range []struct{ args, rule string }{
		{deep, validation.RuleType},
		{`{"meta":` + deep + `}`, validation.RuleDepth},
		{`{"child":` + nested(10001) + `}`, validation.RuleDepth},
		{`{"meta":` + strings.Repeat("[", 10001) + `}`, validation.RuleSyntax},
		{`{"meta":` + deep + `,}`, validation.RuleSyntax},
		{`{"meta":` + strings.Repeat(`{"a":`, 10001) + `1` + strings.Repeat("}", 10001) + `}`, validation.RuleDepth},
		{`{"meta":` + strings.Repeat(`{"a":`, 10001) + `1` + strings.Repeat("}", 10000) + `]}`, validation.RuleSyntax},
	} {
		fs := fieldsOf(t, validation.New(), new(args), c.args)
		if len(fs) != 1 || fs[0].Rule != c.rule {
			t.Errorf("%.30s…: %d fields, first rule %q", c.args, len(fs), fs[0].Rule)
		}
	}
	// A grouped tool's discriminator is read beside deep arguments.
	if a, e := validation.ActionOf("t", json.RawMessage(`{"action":"list","meta":`+deep+`}`), "action", "list"); e != nil || a != "list" {
		t.Errorf("ActionOf: %q, %v", a, e)
	}
}

// TestHostileDepthLinear: arguments nested past encoding/json's limit cost
// time and memory linear in their size: they are read once more to tell
// them from text that is not JSON, then cut at MaxDepth.
func TestHostileDepthLinear(t *testing.T) {
	type args struct {
		Meta any `json:"meta"`
	}
	v := validation.New()
	run := func(levels int) func() {
		raw := []byte(`{"meta":` + strings.Repeat("[", levels) + strings.Repeat("]", levels) + `}`)
		return func() {
			e, _ := errorx.As(v.BindJSON("t", raw, new(args)))
			if e == nil || e.Fields[0].Rule != validation.RuleDepth {
				t.Fatalf("%d levels: %v", levels, e)
			}
		}
	}
	n := testsize.N(12000, 100000)
	testsize.Linear(t, "nesting", run(n), run(8*n))
}

// TestHostileNullsLinear: null is a field of rule type for every element,
// map value or struct field that is not a pointer (it was taken as the
// zero value, silently): arguments made of nothing but nulls bind in time
// and bytes linear in their number, past MaxFields too.
func TestHostileNullsLinear(t *testing.T) {
	n := testsize.N(4096, 16384)
	nulls := func(n int) string { return repeat(n, func(int) string { return "null" }) }
	for _, c := range []struct {
		what string
		run  func(n int) func()
	}{
		{"null elements", func(n int) func() { return bindFails[hostileList](t, `{"tags":[`+nulls(n)+`]}`) }},
		{"null map values", func(n int) func() {
			return bindFails[hostileMap](t, `{"labels":{`+repeat(n, func(i int) string { return `"k` + strconv.Itoa(i) + `":null` })+`}}`)
		}},
		{"null struct fields", func(n int) func() {
			return bindFails[hostileStructs](t, `{"items":[`+repeat(n, func(int) string { return `{"email":null}` })+`]}`)
		}},
	} {
		testsize.Linear(t, c.what, c.run(n), c.run(8*n))
	}
}

// TestHostileFieldBoundHidden: more than MaxFields failures, all below a
// key sent twice, make one field and no count: the count said "(truncated:
// 0 more fields)".
func TestHostileFieldBoundHidden(t *testing.T) {
	raw := `{"tags":[` + repeat(3*validation.MaxFields, func(int) string { return "1" }) + `],"tags":[]}`
	e, _ := errorx.As(validation.Default().BindJSON("t", []byte(raw), new(hostileList)))
	if e == nil || len(e.Fields) != 1 || e.Fields[0].Rule != validation.RuleDuplicate {
		t.Fatalf("%v, want the key sent twice", e)
	}
	if more, ok := e.Details.Get(codes.TruncatedKey); ok {
		t.Errorf("detail %q = %v, want none", codes.TruncatedKey, more)
	}
}
