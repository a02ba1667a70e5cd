package jsonw

import (
	"bytes"
	"encoding/json"
	"errors"
	"iter"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"
)

// tricky strings every escaper must agree on.
var tricky = []string{
	"", "plain", `"quoted"`, `back\slash`, "<script>&amp;</script>", "\x00\x01\x1f\x7f", "\b\f\n\r\t",
	"é 日本語 🚀", "\u2028\u2029", "\xff", "\xed\xa0\x80", "a\xc3", "\ufeff\ufffe\uffff", "'single'", "/",
}

func randomString(r *rand.Rand) string {
	b := make([]byte, r.IntN(24))
	for i := range b {
		switch r.IntN(4) {
		case 0:
			b[i] = byte(r.IntN(0x20))
		case 1:
			b[i] = byte(r.IntN(256))
		default:
			b[i] = byte(0x20 + r.IntN(0x5f))
		}
	}
	s := string(b)
	if r.IntN(4) == 0 {
		s += []string{"é", "\u2028", "🚀", "<&>"}[r.IntN(4)]
	}
	return s
}

func encoderBytes(v any, html bool) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(html)
	_ = enc.Encode(v)
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

// TestStringMatchesEncodingJSON: Go style is json.Marshal byte for byte,
// GoNoHTML is an Encoder with SetEscapeHTML(false), on tricky and 20,000
// random byte strings.
func TestStringMatchesEncodingJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	inputs := append([]string(nil), tricky...)
	for range 20_000 {
		inputs = append(inputs, randomString(r))
	}
	for _, s := range inputs {
		want, _ := json.Marshal(s)
		if got := AppendString(nil, s, Go); !bytes.Equal(got, want) {
			t.Fatalf("Go style %q:\n got %s\nwant %s", s, got, want)
		}
		if got, want := AppendString(nil, s, GoNoHTML), encoderBytes(s, false); !bytes.Equal(got, want) {
			t.Fatalf("GoNoHTML style %q:\n got %s\nwant %s", s, got, want)
		}
	}
}

// TestStringJS checks the JSON.stringify differences: <>& and U+2028/2029
// raw, controls escaped with lowercase hex.
func TestStringJS(t *testing.T) {
	for in, want := range map[string]string{
		"<a & b>":          `"<a & b>"`,
		"\u2028\u2029":     "\"\u2028\u2029\"",
		"\x00\x1b\x7f":     "\"\\u0000\\u001b\x7f\"",
		"tab\tnl\n\"q\"\\": `"tab\tnl\n\"q\"\\"`,
		"bad\xff":          `"bad\ufffd"`,
	} {
		if got := string(AppendString(nil, in, JS)); got != want {
			t.Errorf("JS %q = %s, want %s", in, got, want)
		}
		var back string
		if err := json.Unmarshal(AppendString(nil, in, JS), &back); err != nil {
			t.Errorf("JS %q is not valid JSON: %v", in, err)
		}
	}
}

// TestFloatMatchesEncodingJSON compares number formatting with json.Marshal
// at the cut-overs to exponent notation and on random floats.
func TestFloatMatchesEncodingJSON(t *testing.T) {
	fs := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, 1e20, 1e21, 1.5e21, 1e-6, 1e-7, 9.999e-7, 0.1 + 0.2, 123456789.125,
		math.MaxFloat64, math.SmallestNonzeroFloat64, math.MaxInt64, 1e100, -2.5e-300}
	r := rand.New(rand.NewPCG(3, 4))
	for range 20_000 {
		fs = append(fs, math.Float64frombits(r.Uint64()))
	}
	for _, f := range fs {
		if math.IsNaN(f) || math.IsInf(f, 0) {
			continue
		}
		want, _ := json.Marshal(f)
		if got := AppendFloat(nil, f, 64, Go); !bytes.Equal(got, want) {
			t.Fatalf("%v: got %s, want %s", f, got, want)
		}
		if math.IsInf(float64(float32(f)), 0) {
			continue
		}
		want32, _ := json.Marshal(float32(f))
		if got := AppendFloat(nil, float64(float32(f)), 32, Go); !bytes.Equal(got, want32) {
			t.Fatalf("float32 %v: got %s, want %s", float32(f), got, want32)
		}
	}
	// JavaScript prints -0 as 0; everything else the same.
	for f, want := range map[float64]string{math.Copysign(0, -1): "0", 1e21: "1e+21", 1e-7: "1e-7", 1e20: "100000000000000000000", 0.000001: "0.000001"} {
		if got := string(AppendFloat(nil, f, 64, JS)); got != want {
			t.Errorf("JS %v = %s, want %s", f, got, want)
		}
	}
}

type point struct {
	X, Y int
	Tag  string `json:"tag,omitempty"`
}

type badMarshaler struct{}

func (badMarshaler) MarshalJSON() ([]byte, error) { return nil, errors.New("secret internals") }

type panicMarshaler struct{}

func (panicMarshaler) MarshalJSON() ([]byte, error) { panic("boom") }

// TestValueMatchesEncodingJSON: Value writes what json.Marshal writes for
// the types it accepts, compact in Go style.
func TestValueMatchesEncodingJSON(t *testing.T) {
	when := time.Date(2026, 11, 22, 10, 30, 0, 123, time.UTC)
	for _, v := range []any{
		nil, "s<>", true, 42, int8(-8), uint64(math.MaxUint64), 3.25, float32(0.1), json.Number("1e2"), json.Number(""),
		[]any{1, "two", nil, []any{}}, []string{"a", "<b>"}, []string(nil),
		map[string]any{"b": 1, "a": map[string]any{"z": []any{true}, "é": "x", "10": 1, "9": 2}},
		map[string]int{"y": 1, "x": 2}, point{1, 2, "<p>"}, &point{3, 4, ""}, []byte("bytes"),
		when, 90 * time.Second, errors.New("an error"), json.RawMessage(` { "k" : [1, 2.50, "<"] } `),
	} {
		want, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		w := Writer{Style: Go}
		w.Value(v)
		if !bytes.Equal(w.B, want) {
			t.Errorf("%T %v:\n got %s\nwant %s", v, v, w.B, want)
		}
	}
}

// TestValueNeverInvalid: values JSON cannot hold become strings, and the
// output stays valid in every style.
func TestValueNeverInvalid(t *testing.T) {
	cyclic := map[string]any{"a": 1}
	cyclic["self"] = cyclic
	cyclic["again"] = cyclic
	deep := any("bottom")
	for range 10_000 {
		deep = []any{deep}
	}
	for _, tc := range []struct {
		v      any
		substr string
	}{
		{math.NaN(), `"NaN"`},
		{math.Inf(-1), `"-Infinity"`},
		{[]any{math.Inf(1)}, `["Infinity"]`},
		{make(chan int), `"!ERROR:cannot encode value of type chan int"`},
		{func() {}, `"!ERROR:cannot encode value of type func()"`},
		{badMarshaler{}, `"!ERROR:cannot encode value of type jsonw.badMarshaler"`},
		{panicMarshaler{}, `"!ERROR:cannot encode value of type jsonw.panicMarshaler"`},
		{cyclic, `"!ERROR:cycle"`},
		{deep, `"!ERROR:value nested too deeply"`},
		{json.Number("0x1F"), `"!ERROR:invalid json.Number \"0x1F\""`},
		{json.RawMessage(`{"unterminated"`), `"!ERROR:invalid json.RawMessage"`},
		{map[string]any{"nested": []any{map[string]any{"ch": make(chan int)}}}, `"!ERROR:cannot encode`},
	} {
		for _, st := range []Style{Go, GoNoHTML, JS} {
			for _, indent := range []string{"", "  "} {
				w := Writer{Style: st, Indent: indent}
				w.Value(tc.v)
				if !json.Valid(w.B) {
					t.Fatalf("%T: invalid JSON %.200s", tc.v, w.B)
				}
				if !strings.Contains(string(w.B), tc.substr) && indent == "" {
					t.Errorf("%T style %d: %.300s lacks %s", tc.v, st, w.B, tc.substr)
				}
			}
		}
	}
	if strings.Contains(string(func() []byte { w := Writer{}; w.Value(badMarshaler{}); return w.B }()), "secret") {
		t.Error("a MarshalJSON error's text reached the output")
	}
}

// TestIndentMatchesJSONStringify checks the pretty layout against
// json.MarshalIndent, which lays out objects and arrays as
// JSON.stringify(v, null, 2) does (empty containers stay "{}" and "[]").
func TestIndentMatchesJSONStringify(t *testing.T) {
	v := map[string]any{"a": []any{}, "b": map[string]any{}, "c": []any{1, map[string]any{"d": "e"}, []any{[]any{}}}, "z": nil}
	want, _ := json.MarshalIndent(v, "", "  ")
	w := Writer{Style: Go, Indent: "  "}
	w.Value(v)
	if !bytes.Equal(w.B, want) {
		t.Errorf("got\n%s\nwant\n%s", w.B, want)
	}
	// Raw re-indents already encoded JSON the same way.
	compact, _ := json.Marshal(v)
	w.Reset()
	w.Raw(compact)
	if !bytes.Equal(w.B, want) {
		t.Errorf("Raw got\n%s\nwant\n%s", w.B, want)
	}
}

// TestRawReescapes: strings in raw JSON come out in the writer's style,
// surrogate pairs joined and lone surrogates replaced as encoding/json does.
func TestRawReescapes(t *testing.T) {
	in := `{"k\u003c":"\u003c\u0026\u003e \ud83d\ude80 \ud800 \/ \u2028"}`
	var dec map[string]string
	if err := json.Unmarshal([]byte(in), &dec); err != nil {
		t.Fatal(err)
	}
	for _, st := range []Style{Go, GoNoHTML, JS} {
		w := Writer{Style: st}
		w.Raw([]byte(in))
		var got map[string]string
		if err := json.Unmarshal(w.B, &got); err != nil || got["k<"] != dec["k<"] {
			t.Errorf("style %d: %s decodes to %v, want %v", st, w.B, got, dec)
		}
	}
	w := Writer{Style: JS}
	w.Raw([]byte(in))
	if want := "{\"k<\":\"<&> 🚀 \ufffd / \u2028\"}"; string(w.B) != want {
		t.Errorf("JS: %s, want %s", w.B, want)
	}
}

func TestReadHelpers(t *testing.T) {
	ms, ok := Object(` {"b" : 1 , "a":{"x":[1,{"y":"}"}]}, "s":"\"q\"", "n":null} `)
	if !ok || len(ms) != 4 || ms[0].Key != "b" || ms[1].Key != "a" || ms[1].Raw != `{"x":[1,{"y":"}"}]}` {
		t.Fatalf("Object: %v %q", ok, ms)
	}
	if s, _ := String(ms[2].Raw); s != `"q"` {
		t.Errorf("String = %q", s)
	}
	for _, bad := range []string{``, `[]`, `{"a":}`, `{"a":1`, `"x"`} {
		if _, ok := Object(bad); ok {
			t.Errorf("Object(%q) accepted", bad)
		}
	}
	if ss, ok := Strings(`["a", "b\n"]`); !ok || len(ss) != 2 || ss[1] != "b\n" {
		t.Errorf("Strings = %q %v", ss, ok)
	}
	if _, ok := Strings(`["a", 1]`); ok {
		t.Error("Strings accepted a number")
	}
	if f, ok := Float(`-2.5e3`); !ok || f != -2500 {
		t.Errorf("Float = %v %v", f, ok)
	}
	got := Decode(`{"a":[1,"x",true,null,{"b":12345678901234567890}]}`)
	want := map[string]any{"a": []any{json.Number("1"), "x", true, nil, map[string]any{"b": json.Number("12345678901234567890")}}}
	if b1, b2 := mustJSON(got), mustJSON(want); b1 != b2 {
		t.Errorf("Decode = %s, want %s", b1, b2)
	}
}

func mustJSON(v any) string { b, _ := json.Marshal(v); return string(b) }

func TestValidNumber(t *testing.T) {
	for s, ok := range map[string]bool{"0": true, "-0": true, "12": true, "1.5": true, "1e5": true, "1E+5": true, "-2.5e-3": true,
		"": false, "-": false, "01": false, "1.": false, ".5": false, "1e": false, "1e+": false, "0x1": false, "NaN": false, "1 ": false} {
		if ValidNumber(s) != ok {
			t.Errorf("ValidNumber(%q) = %v", s, !ok)
		}
	}
}

// TestValidMatchesEncodingJSON compares Valid with json.Valid on tricky and
// random inputs.
func TestValidMatchesEncodingJSON(t *testing.T) {
	inputs := []string{``, ` `, `{}`, `[]`, `{"a":1}`, `{"a":1,}`, `[1,]`, `{"a" 1}`, `{a:1}`, `"x`, `"\x"`, `"\u12"`, `"\u12g4"`,
		"\"\x01\"", `01`, `-`, `-0`, `1.`, `.5`, `1e`, `1e+`, `1E-2`, `tru`, `true `, ` null`, `nul`, `[1 2]`, `{"a":{"b":[true,false,null]}}`,
		`"\ud800"`, "\"\xff\"", `1 2`, `{"a":1}}`, strings.Repeat("[", 10001) + strings.Repeat("]", 10001), strings.Repeat("[", 9999) + strings.Repeat("]", 9999)}
	r := rand.New(rand.NewPCG(9, 9))
	alphabet := []byte(`{}[],:"\ 0123456789-+.eEtrufalsn` + "\x01\xff")
	for range 50_000 {
		b := make([]byte, r.IntN(12))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		inputs = append(inputs, string(b))
	}
	for _, in := range inputs {
		if got, want := Valid(in), json.Valid([]byte(in)); got != want {
			t.Fatalf("Valid(%.60q) = %v, json.Valid = %v", in, got, want)
		}
	}
}

func TestOverflowingNumberIsAString(t *testing.T) {
	type s struct{ N json.Number }
	for _, st := range []Style{Go, GoNoHTML, JS} {
		w := Writer{Style: st}
		w.BeginArray()
		w.Value(json.Number("1e400"))
		w.Value(json.RawMessage(`[-1e999,1e-999,"1e400"]`))
		w.Value(s{json.Number("9e9999")})
		w.Value(json.Number("1e308"))
		w.EndArray()
		if got, want := string(w.B), `["1e400",["-1e999",1e-999,"1e400"],{"N":"9e9999"},1e308]`; got != want {
			t.Errorf("style %d: got %s, want %s", st, got, want)
		}
	}
}

// TestCleanText: invalid UTF-8 and lone surrogate escapes are found; pairs,
// other escapes and an escaped backslash before "ud800" are not.
func TestCleanText(t *testing.T) {
	for s, want := range map[string]bool{
		`"plain é"`: true, `"\ud83d\ude80"`: true, `"\\ud800"`: true, `"\u00e9\n\\"`: true, `"\uD83D\uDE80"`: true,
		"\"\xff\"": false, `"\ud800"`: false, `"\udc00"`: false, `"\ud800x"`: false, `"\ud800\u0041"`: false,
		`"\\\ud800"`: false, `"\ud83d\ude80\udbff"`: false, `"a\ud800`: false,
	} {
		if got := CleanText([]byte(s)); got != want {
			t.Errorf("CleanText(%s) = %v, want %v", s, got, want)
		}
	}
}

type rawUTF8 struct{}

func (rawUTF8) MarshalJSON() ([]byte, error) {
	return []byte("{\"k\xff\":\"\\ud800 \xed\xa0\x80\"}"), nil
}

// TestRawInvalidTextReplaced: raw JSON (a json.RawMessage, a MarshalJSON
// result) with invalid UTF-8 or lone surrogate escapes is written, in every
// style and layout, as valid UTF-8 with U+FFFD (\ufffd in Go style) in
// their place.
func TestRawInvalidTextReplaced(t *testing.T) {
	for _, v := range []any{json.RawMessage("{\"k\xff\":\"\\ud800 \xed\xa0\x80\"}"), rawUTF8{}} {
		for _, st := range []Style{Go, GoNoHTML, JS} {
			for _, indent := range []string{"", "  "} {
				w := Writer{Style: st, Indent: indent}
				w.Value(v)
				if !CleanText(w.B) || !json.Valid(w.B) {
					t.Errorf("%T style %d indent %q: %q", v, st, indent, w.B)
				}
				var got map[string]string
				if err := json.Unmarshal(w.B, &got); err != nil || got["k\ufffd"] != "\ufffd \ufffd\ufffd\ufffd" {
					t.Errorf("%T style %d: %s decodes to %q", v, st, w.B, got)
				}
			}
		}
	}
}

// ordered is an Ordered value kept in a slice, as errorx.Details is.
type ordered struct{ kv []pair }

func (o ordered) Len() int { return len(o.kv) }
func (o ordered) All() iter.Seq2[string, any] {
	return func(yield func(string, any) bool) {
		for _, p := range o.kv {
			if !yield(p.k, p.v) {
				return
			}
		}
	}
}

// TestOrderedCycles: an Ordered value that holds itself twice, through a
// pointer or by value (copies share the slice), is written at once with
// the cycle marked; one shared twice but not its own ancestor is written
// twice; a nil pointer is null.
func TestOrderedCycles(t *testing.T) {
	p := &ordered{}
	p.kv = []pair{{"a", p}, {"b", p}}
	v := ordered{kv: make([]pair, 2)}
	v.kv[0], v.kv[1] = pair{"a", v}, pair{"b", v}
	shared := ordered{kv: []pair{{"x", 1}}}
	for _, tc := range []struct {
		v    any
		want string
	}{
		{p, `{"a":"!ERROR:cycle","b":"!ERROR:cycle"}`},
		{v, `{"a":"!ERROR:cycle","b":"!ERROR:cycle"}`},
		{[]any{shared, ordered{kv: []pair{{"s", shared}, {"t", &shared}}}}, `[{"x":1},{"s":{"x":1},"t":{"x":1}}]`},
		{(*ordered)(nil), `null`},
	} {
		w := Writer{}
		w.Value(tc.v)
		if string(w.B) != tc.want {
			t.Errorf("got %s, want %s", w.B, tc.want)
		}
	}
}

// selfMarshaler writes itself with a Writer of its own in MarshalJSON, as
// errorx.Error does: a cycle through fresh Writers.
type selfMarshaler struct{ self []any }

func (s *selfMarshaler) MarshalJSON() ([]byte, error) {
	w := Writer{}
	w.Value(s.self)
	return w.B, nil
}

// TestMarshalNestingBounded: a cycle through MarshalJSON methods that write
// with Writers of their own ends after MaxMarshalNesting levels with a
// placeholder, instead of overflowing the stack (which ends the process).
func TestMarshalNestingBounded(t *testing.T) {
	s := &selfMarshaler{}
	s.self = []any{s}
	w := Writer{}
	w.Value(s)
	if !json.Valid(w.B) || !strings.Contains(string(w.B), `"!ERROR:value nested too deeply"`) {
		t.Fatalf("%s", w.B)
	}
	if got := strings.Count(string(w.B), "["); got != MaxMarshalNesting {
		t.Errorf("%d levels written, want %d: %s", got, MaxMarshalNesting, w.B)
	}
	// An ordinary value is untouched however many goroutines marshal at once.
	var wg sync.WaitGroup
	for range 64 {
		wg.Go(func() {
			for range 200 {
				w := Writer{}
				w.Value([]any{point{1, 2, "p"}})
				if string(w.B) != `[{"X":1,"Y":2,"tag":"p"}]` {
					t.Errorf("%s", w.B)
					return
				}
			}
		})
	}
	wg.Wait()
}

// TestBudgetBoundsWork: with a Budget, writing a value whose JSON is
// exponentially larger than the value (one array held twice at each of 60
// levels) stops soon after the budget, and says so.
func TestBudgetBoundsWork(t *testing.T) {
	v := any("leaf")
	for range 60 {
		v = []any{v, v}
	}
	w := Writer{Budget: 1000}
	w.Value(v)
	if !w.Exceeded() || len(w.B) > 1100 {
		t.Errorf("exceeded %v, %d bytes", w.Exceeded(), len(w.B))
	}
	raw := json.RawMessage(`[` + strings.Repeat(`"abcdefgh",`, 10_000) + `1]`)
	w = Writer{Budget: 1000, Style: JS}
	w.Value(raw)
	if !w.Exceeded() || len(w.B) > 1100 {
		t.Errorf("raw: exceeded %v, %d bytes", w.Exceeded(), len(w.B))
	}
	w = Writer{Budget: 1000}
	w.Value([]any{1, "small"})
	if w.Exceeded() || string(w.B) != `[1,"small"]` {
		t.Errorf("a small value: %v %s", w.Exceeded(), w.B)
	}
	w.Reset()
	if w.Exceeded() {
		t.Error("Reset keeps Exceeded")
	}
}

// BenchmarkValueMarshaled: a value Value hands to encoding/json (a struct,
// a json.RawMessage), against json.Marshal alone: what the nesting guard and
// the check of the bytes (valid UTF-8, no lone surrogate) cost.
func BenchmarkValueMarshaled(b *testing.B) {
	raw := json.RawMessage(`{"id":"proj_xyz","tags":["a","b"],"n":12,"s":"` + strings.Repeat("é", 40) + `"}`)
	for name, v := range map[string]any{"struct": point{1, 2, "tag"}, "raw": raw} {
		b.Run(name+"/impl=jsonw", func(b *testing.B) {
			w := Writer{}
			for b.Loop() {
				w.Reset()
				w.Value(v)
			}
		})
		b.Run(name+"/impl=encoding_json", func(b *testing.B) {
			for b.Loop() {
				_, _ = json.Marshal(v)
			}
		})
	}
}

// FuzzDecodeMatchesEncodingJSON: Decode reads any valid JSON as
// encoding/json decodes it into any with UseNumber: strings unescaped,
// lone surrogates and each byte of invalid UTF-8 as U+FFFD, a repeated key
// taking its last value.
func FuzzDecodeMatchesEncodingJSON(f *testing.F) {
	for _, s := range tricky {
		f.Add(mustJSON(s))
		f.Add(`{"` + s + `":["` + s + `"]}`)
	}
	for _, s := range []string{`{"a":1,"a":2}`, `[1.50,-0,1e400]`, `"\ud800\udc00\ud800"`, "\"\xff\\n\xc3\"", `{"x":{"y":[null,true,false]}}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		if !Valid(raw) {
			return
		}
		dec := json.NewDecoder(strings.NewReader(raw))
		dec.UseNumber()
		var want any
		if err := dec.Decode(&want); err != nil {
			t.Fatalf("%q: Valid, but encoding/json says %v", raw, err)
		}
		if got := Decode(raw); !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: Decode = %#v, encoding/json %#v", raw, got, want)
		}
	})
}

// TestArrayIter: IterateArray walks the raw elements of an array, Count
// counts those left without moving it.
func TestArrayIter(t *testing.T) {
	it, ok := IterateArray(` [1, "a,]" , {"b":[2]}, [] ] `)
	if !ok || it.Count() != 4 {
		t.Fatalf("IterateArray: %v, Count %d", ok, it.Count())
	}
	var got []string
	for raw, ok := it.Next(); ok; raw, ok = it.Next() {
		got = append(got, raw)
	}
	if want := []string{`1`, `"a,]"`, `{"b":[2]}`, `[]`}; strings.Join(got, "|") != strings.Join(want, "|") || it.Count() != 0 {
		t.Errorf("elements %q, want %q; Count after %d", got, want, it.Count())
	}
	if _, ok := IterateArray(`{}`); ok {
		t.Error("IterateArray accepted an object")
	}
	if it, _ := IterateArray(`[]`); it.Count() != 0 {
		t.Error("Count of [] is not 0")
	}
}
