package validation_test

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/validation"
)

type fuzzInner struct {
	Zip  string `json:"zip" validate:"required,len=5,numeric"`
	Tags []int  `json:"tags" validate:"omitempty,max=3,dive,gte=0,lt=100"`
}

type fuzzArgs struct {
	Base
	Name    string                `json:"name" validate:"required,min=2,max=20,excludes=<"`
	Email   string                `json:"email" validate:"omitempty,email"`
	Role    string                `json:"role" validate:"oneof=admin user 'power user'"`
	Age     *int8                 `json:"age" validate:"omitnil,gte=0"`
	Score   float32               `json:"score" validate:"lte=9.5"`
	Count   uint16                `json:"count,string"`
	When    time.Time             `json:"when"`
	Meta    any                   `json:"meta"`
	Pair    [2]string             `json:"pair"`
	Inner   *fuzzInner            `json:"inner"`
	List    []fuzzInner           `json:"list" validate:"dive"`
	Labels  map[string]string     `json:"labels" validate:"dive,keys,alphanum,endkeys,required"`
	ByID    map[int]fuzzInner     `json:"by_id" validate:"dive"`
	Confirm string                `json:"confirm" validate:"eqfield=Name"`
	Color   string                `json:"color" validate:"omitempty,hexcolor|rgb"`
	Nested  map[string][]*float64 `json:"nested" validate:"dive,dive,omitnil,gt=0"`
}

func FuzzBind(f *testing.F) {
	for _, c := range cases(f) {
		f.Add([]byte(c.args))
	}
	f.Add([]byte(`{"id":"f47ac10b-58cc-4372-a567-0e02b2c3d479","name":"Ada","role":"admin","confirm":"Ada"}`))
	f.Add([]byte(`{"name":"Ada","age":-129,"count":"70000","when":"x","pair":["a","b","c"],"by_id":{"x":{}}}`))
	f.Add([]byte(`{"labels":{"a.b]c":"","\u0000":"x"},"nested":{"k":[null,-1,1e400]},"inner":{"tags":[1,2,3,4]}}`))
	f.Add([]byte(`{"list":[{"zip":"1234x","tags":[-1,"x",1.5]}],"meta":{"a":[1,{"b":null}]},"name":"\ud800"}`))
	// Hostile input: keys sent twice, nesting past MaxDepth, arguments and
	// values double-encoded as JSON strings, many failing elements.
	f.Add([]byte(`{"name":"x","name":"Ada","inner":{"zip":"1","zip":"2"},"meta":{"a":1,"a":2}}`))
	f.Add([]byte(`{"labels":{"a":"1","a":""},"by_id":{"1":{},"1":{}},"list":[{"tags":[1],"tags":[2]}]}`))
	f.Add([]byte(`{"meta":` + strings.Repeat("[", validation.MaxDepth) + strings.Repeat("]", validation.MaxDepth) + `}`))
	f.Add([]byte(`{"inner":` + strings.Repeat(`{"tags":`, 3) + "1}}}}"))
	f.Add([]byte(`"{\"name\":\"Ada\",\"password\":\"hunter2\"}"`))
	f.Add([]byte(`{"inner":"{\"zip\":\"12345\"}","list":"[{\"token\":\"tok_live_123\"}]"}`))
	f.Add([]byte(`{"nested":{"k":[` + strings.Repeat("-1,", 150) + `-1]},"list":[` + strings.Repeat(`{"zip":"x"},`, 120) + `{}]}`))
	f.Add([]byte(`{"age":1e-400,"score":1e-400,"count":"1e-400"}`))
	valid := `"id":"f47ac10b-58cc-4372-a567-0e02b2c3d479","name":"Ada","role":"admin","confirm":"Ada"`
	f.Add([]byte(`{` + valid + `,"role":"user"}`))
	f.Add([]byte(`{` + valid + `,"meta":` + strings.Repeat(`{"a":`, validation.MaxDepth) + "1" + strings.Repeat("}", validation.MaxDepth) + `}`))
	f.Add([]byte(`[1,2]`))
	f.Add([]byte(`"str"`))
	f.Add([]byte(`{`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		var dst fuzzArgs
		err := validation.Default().BindJSON("fuzz", raw, &dst)
		if err == nil {
			// Never bound with less than was sent, nor with a key two
			// parsers could read differently.
			if why := hostileJSON(raw); why != "" {
				t.Fatalf("input %q bound without error, but it has %s", raw, why)
			}
			return
		}
		e, ok := errorx.As(err)
		if !ok {
			t.Fatalf("%T %v", err, err)
		}
		if e.Code != errorx.CodeInvalidInput || len(e.Fields) == 0 {
			t.Fatalf("input %q gave %s with %d fields: %v (%v)", raw, e.Code, len(e.Fields), e, e.Unwrap())
		}
		if len(e.Fields) > validation.MaxFields {
			t.Fatalf("input %q: %d fields, more than MaxFields", raw, len(e.Fields))
		}
		for _, fl := range e.Fields {
			if fl.Message == "" || fl.Rule == "" {
				t.Fatalf("input %q: field without message or rule: %+v", raw, fl)
			}
		}
	})
}

// FuzzFieldsRaw gives Fields arbitrary bytes as the raw arguments, which it
// does not check: the sent values may be anything, but it must not panic.
func FuzzFieldsRaw(f *testing.F) {
	v := validation.New()
	team := Team{Name: "", Owner: Member{Email: "x"}, Tags: []string{"1"}, Labels: map[string]string{"a.b": ""}}
	err := v.Validate().Struct(&team)
	f.Add([]byte(`{"owner":{"email":"x"},"tags":["1"],"labels":{"a.b":""}}`))
	f.Add([]byte(`{"owner":{"email":`))
	f.Add([]byte(`{"tags":[`))
	f.Add([]byte(`"\u12`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		fs := v.Fields(err, &team, raw)
		if len(fs) == 0 {
			t.Fatal("no fields")
		}
	})
}

// hostileJSON tells, by encoding/json's tokens, whether valid JSON raw has
// a key sent twice in one object or nests past validation.MaxDepth: what
// binding must reject. It returns "" otherwise (or for invalid JSON).
func hostileJSON(raw []byte) string {
	dec := json.NewDecoder(bytes.NewReader(raw))
	type frame struct {
		obj   bool
		keys  map[string]bool
		isKey bool // an object's next token is a key
	}
	var stack []frame
	for {
		tok, err := dec.Token()
		if err != nil {
			return ""
		}
		if n := len(stack); n > 0 && stack[n-1].obj && stack[n-1].isKey {
			if d, ok := tok.(json.Delim); ok && d == '}' {
				stack = stack[:n-1]
				continue
			}
			k, _ := tok.(string)
			if stack[n-1].keys[k] {
				return "the key " + strconv.Quote(k) + " twice"
			}
			stack[n-1].keys[k], stack[n-1].isKey = true, false
			continue
		}
		if n := len(stack); n > 0 && stack[n-1].obj {
			stack[n-1].isKey = true // after this value
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			stack = append(stack, frame{obj: tok == json.Delim('{'), keys: map[string]bool{}, isKey: true})
			if len(stack) > validation.MaxDepth {
				return "more than MaxDepth levels"
			}
		case json.Delim(']'), json.Delim('}'):
			stack = stack[:len(stack)-1]
		}
	}
}
