package validation

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
)

// validCases are JSON texts at the edges of the grammar, valid or not.
var validCases = []string{
	"", " ", "1", " 1 ", "-", "-0", "-01", "01", "0.5", "1.", "1.e1", "1e", "1e+", "1e+5", "1E-0", ".5", "+1",
	"tru", "true", "true ", "truex", "nul", "null", "false", "fals", "[1,]", "[,1]", "[1 2]", "[1]]", "[[]]", "[{}]",
	"{,}", `{"a"}`, `{"a":}`, `{"a":1,}`, `{1:2}`, `{"a":1 "b":2}`, `{"a":[}`, `{"a":{"b":[1,{"c":null}]}}`,
	`"\u12"`, `"\u12g4"`, `"\u12aF"`, `"\x"`, "\"\x01\"", "\"\t\"", "\"\xff\"", "\"\xed\xa0\x80\"", `"a`, `"\"`, `"\\"`,
	`"\/\b\f\n\r\t"`, "1 2", "[] []", "{}", "[]", "\u00a0[]", "[\n1\r,\t2 ]", `{"":""}`, `{"a" : 1 , "b" : [ ] }`,
}

// TestValidDeepIsJSONValid: below encoding/json's nesting limit, validDeep
// gives json.Valid's verdict, on the edge cases and on random mutations
// of them.
func TestValidDeepIsJSONValid(t *testing.T) {
	check := func(s string) {
		t.Helper()
		if got, want := validDeep([]byte(s)), json.Valid([]byte(s)); got != want {
			t.Fatalf("validDeep(%q) = %v, json.Valid %v", s, got, want)
		}
	}
	for _, s := range validCases {
		check(s)
	}
	r := rand.New(rand.NewPCG(1, 2))
	const alphabet = "{}[],:\"\\ 0123456789-+.eEtrufalsn\x01\xffu"
	for range 20000 {
		b := []byte(validCases[r.IntN(len(validCases))] + validCases[r.IntN(len(validCases))])
		for range r.IntN(4) {
			switch i := r.IntN(len(b) + 1); r.IntN(3) {
			case 0:
				b = append(b[:i], append([]byte{alphabet[r.IntN(len(alphabet))]}, b[i:]...)...)
			case 1:
				if i < len(b) {
					b = append(b[:i], b[i+1:]...)
				}
			default:
				if i < len(b) {
					b[i] = alphabet[r.IntN(len(alphabet))]
				}
			}
		}
		check(string(b))
	}
}

// TestValidDeepPastTheLimit: past 10,000 levels, where json.Valid says
// no, validDeep reads the text.
func TestValidDeepPastTheLimit(t *testing.T) {
	deep := strings.Repeat(`[{"a":`, 6000) + "1" + strings.Repeat("}]", 6000)
	if json.Valid([]byte(deep)) || !validDeep([]byte(deep)) {
		t.Fatal("12,000 levels: json.Valid says yes or validDeep says no")
	}
	for _, s := range []string{deep + "]", deep[:len(deep)-1], strings.Replace(deep, ":1", ":", 1), strings.Replace(deep, `"a"`, `"a`, 1)} {
		if validDeep([]byte(s)) {
			t.Errorf("validDeep accepts %.20s…", s)
		}
	}
}

func FuzzValidDeep(f *testing.F) {
	for _, s := range validCases {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if got, want := validDeep(b), json.Valid(b); got != want {
			t.Fatalf("validDeep(%q) = %v, json.Valid %v", b, got, want)
		}
	})
}
