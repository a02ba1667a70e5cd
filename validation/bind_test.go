package validation_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/go-playground/validator/v10"
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/validation"
)

func request(tool string, args any) mcp.CallToolRequest {
	var r mcp.CallToolRequest
	r.Params.Name = tool
	if raw, ok := args.(string); ok {
		r.Params.RawArguments = json.RawMessage(raw)
		_ = json.Unmarshal(r.Params.RawArguments, &r.Params.Arguments)
	} else {
		r.Params.Arguments = args
	}
	return r
}

func TestBindRequest(t *testing.T) {
	m, err := validation.Bind[Member](request("members/add", `{"email":"a@b.co","age":20}`))
	if err != nil || m != (Member{Email: "a@b.co", Age: 20}) {
		t.Fatalf("raw arguments: %+v %v", m, err)
	}
	// Arguments set by a Go caller, not from the wire.
	m, err = validation.Bind[Member](request("members/add", map[string]any{"email": "a@b.co", "age": 20}))
	if err != nil || m.Age != 20 {
		t.Fatalf("map arguments: %+v %v", m, err)
	}
	// A pointer type gets a new value.
	p, err := validation.Bind[*Member](request("members/add", `{"email":"a@b.co","age":20}`))
	if err != nil || p == nil || p.Email != "a@b.co" {
		t.Fatalf("pointer: %+v %v", p, err)
	}
	// Any depth of pointers: decoded and validated.
	pp, err := validation.Bind[**Member](request("members/add", `{"email":"a@b.co","age":20}`))
	if err != nil || pp == nil || *pp == nil || (*pp).Email != "a@b.co" {
		t.Fatalf("pointer to pointer: %+v %v", pp, err)
	}
	pp, err = validation.Bind[**Member](request("members/add", `{"email":"a@b.co","age":2}`))
	if e, ok := errorx.As(err); !ok || pp != nil || e.Code != errorx.CodeInvalidInput ||
		!reflect.DeepEqual(e.Fields, []errorx.Field{S("age", N("2")).R("gte", "Too small.").H("Must be >= 18.").P("18").F()}) {
		t.Fatalf("pointer to pointer, invalid: %v %v", pp, err)
	}
	var ppp **Member
	if err := validation.Default().BindJSON("t", []byte(`{"email":"a@b.co","age":2}`), &ppp); err == nil || ppp == nil || (*ppp).Age != 2 {
		t.Fatalf("BindJSON into ***Member: %v", err)
	} else if e, _ := errorx.As(err); e.Code != errorx.CodeInvalidInput || e.Fields[0].Path != "age" {
		t.Fatalf("BindJSON into ***Member: %v", err)
	}
	// No arguments at all is an empty object.
	_, err = validation.Bind[Member](request("members/add", nil))
	e, ok := errors.AsType[*errorx.Error](err)
	if !ok || e.Tool != "members/add" || len(e.Fields) != 2 || !e.Fields[0].IsRequired() {
		t.Fatalf("no arguments: %v", err)
	}
	if e.Message != "2 arguments of members/add are invalid: email, age." {
		t.Errorf("message %q", e.Message)
	}
	// WithTool names the action of a grouped tool; IgnoreKeys lets the
	// discriminator through.
	_, err = validation.Bind[Member](request("members", `{"action":"add","email":"x","age":20}`),
		validation.WithTool("members/add"), validation.IgnoreKeys("action"))
	e, ok = errors.AsType[*errorx.Error](err)
	if !ok || e.Tool != "members/add" || len(e.Fields) != 1 || e.Fields[0].Path != "email" {
		t.Fatalf("grouped: %v", err)
	}
	// A failed bind returns the zero value.
	m, err = validation.Bind[Member](request("members/add", `{"email":"a@b.co","age":2}`))
	if err == nil || m != (Member{}) {
		t.Fatalf("want zero value and error, got %+v %v", m, err)
	}
}

func TestBindNonStruct(t *testing.T) {
	m, err := validation.Bind[map[string]int](request("t", `{"a":1,"b":2}`))
	if err != nil || m["b"] != 2 {
		t.Fatalf("%v %v", m, err)
	}
	_, err = validation.Bind[map[string]int](request("t", `{"a":"x"}`))
	e, ok := errorx.As(err)
	// Map keys are the caller's: the summary counts them without naming them.
	if !ok || e.Message != "1 argument of t is invalid." || e.Fields[0].Path != "a" {
		t.Fatalf("%v", err)
	}
}

func TestHandler(t *testing.T) {
	called := false
	h := validation.Handler(func(ctx context.Context, req mcp.CallToolRequest, args Member) (*mcp.CallToolResult, error) {
		called = true
		return mcp.NewToolResultText(args.Email), nil
	})
	res, err := h(context.Background(), request("members/add", `{"email":"a@b.co","age":20}`))
	if err != nil || !called || mcp.GetTextFromContent(res.Content[0]) != "a@b.co" {
		t.Fatalf("valid call: %v %v", res, err)
	}
	called = false
	res, err = h(context.Background(), request("members/add", `{"email":"a@b.co","age":"20"}`))
	if called || res != nil {
		t.Fatal("the handler ran on invalid arguments")
	}
	e, ok := errors.AsType[*errorx.Error](err)
	if !ok || e.Code != errorx.CodeInvalidInput || e.Fields[0].Rule != validation.RuleType {
		t.Fatalf("invalid call: %v", err)
	}
}

func TestCheckGoValues(t *testing.T) {
	err := validation.Default().Check("members/add", &Member{Email: "nope", Age: 3})
	e, ok := errorx.As(err)
	if !ok {
		t.Fatalf("%v", err)
	}
	want := []errorx.Field{
		S("email", "nope").R("email", "Invalid email address.").E("a valid email address (e.g. user@example.com)").F(),
		S("age", 3).R("gte", "Too small.").H("Must be >= 18.").P("18").F(),
	}
	if !reflect.DeepEqual(e.Fields, want) {
		t.Errorf("got %s", fieldJSON(e.Fields))
	}
	err = validation.Default().Check("members/add", Member{Age: 30})
	e, _ = errorx.As(err)
	if e == nil || !reflect.DeepEqual(e.Fields, []errorx.Field{errorx.RequiredField("email")}) {
		t.Errorf("required in Go mode: %v", err)
	}
	pm := &Member{Email: "nope", Age: 30}
	err = validation.Default().Check("members/add", &pm)
	if e, _ = errorx.As(err); e == nil || e.Code != errorx.CodeInvalidInput || len(e.Fields) != 1 || e.Fields[0].Sent != "nope" {
		t.Errorf("pointer to pointer: %v", err)
	}
	if validation.Default().Check("t", Member{Email: "a@b.co", Age: 30}) != nil {
		t.Error("valid value reported")
	}
}

func TestFieldsWithoutRoot(t *testing.T) {
	v := validation.New()
	team := Team{Name: "t", Owner: Member{Email: "o@x.io", Age: 30}, Tags: []string{"ok", "b4d"}}
	err := v.Validate().Struct(&team)
	got := v.Fields(err, nil, nil)
	want := []errorx.Field{S("tags.1", "b4d").R("alpha", "Must contain only letters.").E("ASCII letters only (e.g. abc)").F()}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %s", fieldJSON(got))
	}
	// Without the root, a failing map key cannot be told from its value: it
	// reads as a failure at the entry, Sent read there (the value) from raw,
	// or the failing Go value (the key) without raw. With the root, the key.
	raw := []byte(`{"name":"t","owner":{"email":"o@x.io","age":30},"labels":{"bad-key":"v"}}`)
	team = Team{}
	if err := json.Unmarshal(raw, &team); err != nil {
		t.Fatal(err)
	}
	err = v.Validate().Struct(&team)
	const alpha = "ASCII letters only (e.g. abc)"
	for _, c := range []struct {
		name string
		root any
		raw  []byte
		want errorx.Field
	}{
		{"no root", nil, raw, S("labels.bad-key", "v").R("alpha", "Must contain only letters.").E(alpha).F()},
		{"no root, no raw", nil, nil, S("labels.bad-key", "bad-key").R("alpha", "Must contain only letters.").E(alpha).F()},
		{"root", &team, raw, S("labels.bad-key", "bad-key").R("alpha", "Invalid key. Must contain only letters.").E(alpha).F()},
		{"root, no raw", &team, nil, S("labels.bad-key", "bad-key").R("alpha", "Invalid key. Must contain only letters.").E(alpha).F()},
	} {
		if got := v.Fields(err, c.root, c.raw); !reflect.DeepEqual(got, []errorx.Field{c.want}) {
			t.Errorf("map key, %s: got %s", c.name, fieldJSON(got))
		}
	}
	if v.Fields(errors.New("other"), nil, nil) != nil || v.Fields(nil, nil, nil) != nil {
		t.Error("Fields of a non-validator error")
	}
}

func TestServerMistakes(t *testing.T) {
	type badTag struct {
		V string `json:"v" validate:"no_such_tag"`
	}
	type oneofFloat struct {
		V float64 `json:"v" validate:"oneof=1 2"`
	}
	// encoding/json cannot set a nil embedded pointer to an unexported
	// struct either ("cannot set embedded pointer to unexported struct").
	type inner struct {
		X int `json:"x" validate:"gte=1"`
	}
	type embedsUnexported struct {
		*inner
		Y int `json:"y"`
	}
	for name, fn := range map[string]func() error{
		"undefined tag":  func() error { _, err := validation.Bind[badTag](request("t", `{"v":"x"}`)); return err },
		"oneof on float": func() error { _, err := validation.Bind[oneofFloat](request("t", `{"v":1.5}`)); return err },
		"embedded pointer to unexported struct": func() error {
			_, err := validation.Bind[embedsUnexported](request("t", `{"x":5,"y":1}`))
			return err
		},
		"embedded pointer to unexported struct, invalid too": func() error {
			_, err := validation.Bind[embedsUnexported](request("t", `{"y":1,"x":0,"z":1}`))
			return err
		},
		"nil dst":     func() error { return validation.Default().BindJSON("t", []byte(`{}`), nil) },
		"non-pointer": func() error { return validation.Default().BindJSON("t", []byte(`{}`), Member{}) },
	} {
		err := fn()
		e, ok := errorx.As(err)
		if !ok || e.Code != errorx.CodeInternalError || e.EffectiveClass() != errorx.ClassInternal ||
			e.Tool != "t" || errors.Unwrap(e) == nil || len(e.Fields) != 0 {
			t.Errorf("%s: %v", name, err)
		}
	}
	// Not sending the promoted keys leaves nothing to set: as with
	// encoding/json, the call binds. A pointer already set is decoded into.
	if got, err := validation.Bind[embedsUnexported](request("t", `{"y":1}`)); err != nil || got.Y != 1 {
		t.Errorf("keys of the embedded struct not sent: %+v %v", got, err)
	}
	set := embedsUnexported{inner: &inner{}}
	if err := validation.Default().BindJSON("t", []byte(`{"x":5,"y":1}`), &set); err != nil || set.X != 5 {
		t.Errorf("embedded pointer already set: %+v %v", set, err)
	}
}

func TestSummary(t *testing.T) {
	for _, c := range []struct {
		tool   string
		fields []errorx.Field
		want   string
	}{
		{"users/create", []errorx.Field{{Path: "email"}, {Path: "role"}}, "2 arguments of users/create are invalid: email, role."},
		{"users/create", []errorx.Field{{Path: "tags.0"}, {Path: "tags.3"}}, "1 argument of users/create is invalid: tags."},
		{"", []errorx.Field{{Path: "email"}}, "1 argument is invalid: email."},
		{"t", []errorx.Field{{Path: "email"}, {Path: "secret_key", Rule: "unknown"}, {Path: "x", Rule: "unknown"}},
			"3 arguments of t are invalid: email, 2 unknown keys."},
		{"t", []errorx.Field{{Path: "address.stret", Rule: "unknown"}}, "1 argument of t is invalid: address."},
		{"t", []errorx.Field{{Path: "", Rule: "type"}}, "The arguments of t must be a JSON object."},
		{"t", []errorx.Field{{Path: "", Rule: "syntax"}}, "The arguments of t are not valid JSON."},
		{"t", []errorx.Field{{Path: "a"}, {Path: "b"}, {Path: "c"}, {Path: "d"}, {Path: "e"}, {Path: "f"}, {Path: "g"},
			{Path: "h"}, {Path: "i"}, {Path: "j"}, {Path: "k"}, {Path: "l"}}, "12 arguments of t are invalid: a, b, c, d, e, f, g, h, i, j."},
	} {
		if got := validation.NewError(c.tool, c.fields).Message; got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
	e := validation.NewError("t", nil)
	if e.Code != errorx.CodeInvalidInput || e.Class != errorx.ClassValidation || e.Recovery != errorx.ValidationRecovery {
		t.Errorf("%+v", e)
	}
}

// Every example the catalogue gives must pass its own rule.
func TestExpectedExamplesAreValid(t *testing.T) {
	v := validator.New()
	eg := regexp.MustCompile(`\(e\.g\. (.*)\)$`)
	tags := []string{
		"email", "url", "uri", "uuid", "uuid3", "uuid4", "uuid5", "uuid7", "uuid_rfc4122", "e164", "hostname",
		"fqdn", "ipv4", "ipv6", "cidrv4", "cidrv6", "mac", "alpha", "alphanum", "alphaspace", "number",
		"hexadecimal", "lowercase", "uppercase", "json", "base64", "base64url", "base64rawurl", "base32",
		"hexcolor", "rgb", "rgba", "hsl", "hsla", "ulid", "timezone", "iso3166_1_alpha2", "iso3166_1_alpha3",
		"iso4217", "bcp47_language_tag", "semver", "latitude", "longitude", "cron", "duration", "mongodb",
		"datauri", "html", "url_encoded", "cve", "urn_rfc2141", "hostname_port", "http_url", "https_url",
	}
	vv := validation.New()
	for _, tag := range tags {
		var fs []errorx.Field
		for _, bad := range []string{"\x00", "Aa %zz\x00"} {
			if fs = vv.Fields(vv.Validate().Var(bad, tag), nil, nil); len(fs) > 0 {
				break
			}
		}
		if len(fs) != 1 {
			t.Errorf("%s: %d fields", tag, len(fs))
			continue
		}
		exp := fs[0].Expected
		var examples []string
		if m := eg.FindStringSubmatch(exp); m != nil {
			examples = strings.Split(m[1], " or ")
		}
		for _, x := range examples {
			if err := v.Var(x, tag); err != nil {
				t.Errorf("%s: example %q of %q fails its rule", tag, x, exp)
			}
		}
	}
	for _, x := range []string{"192.168.0.1", "2001:db8::1"} {
		if v.Var(x, "ip") != nil {
			t.Errorf("ip example %q", x)
		}
	}
	for _, x := range []string{"192.168.0.0/24", "2001:db8::/32"} {
		if v.Var(x, "cidr") != nil {
			t.Errorf("cidr example %q", x)
		}
	}
	for _, x := range []string{"42", "-3.5"} {
		if v.Var(x, "numeric") != nil {
			t.Errorf("numeric example %q", x)
		}
	}
}

// Nothing may reach stdout: on a stdio transport it carries the JSON-RPC
// stream.
func TestNothingOnStdout(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	saved := os.Stdout
	os.Stdout = w
	done := make(chan []byte)
	go func() {
		b, _ := io.ReadAll(r)
		done <- b
	}()
	func() {
		defer func() { os.Stdout = saved }()
		for _, c := range cases(t) {
			v := c.v
			if v == nil {
				v = validation.Default()
			}
			_ = v.BindJSON("t", []byte(c.args), c.dst(), c.opts...)
		}
		_, _ = validation.Bind[Eight](request("t", `{"name":"A","email":"x","age":7,"role":"r","tags":[],"color":"c","unknown":1}`))
		_, _ = validation.Bind[Eight](request("t", `not json`))
	}()
	w.Close()
	if out := <-done; len(out) > 0 {
		t.Errorf("wrote %d bytes to stdout: %q", len(out), out)
	}
}

// Binds run concurrently share the caches and the translator pool.
func TestConcurrentBinds(t *testing.T) {
	cs := cases(t)
	done := make(chan struct{})
	for g := range 8 {
		go func() {
			defer func() { done <- struct{}{} }()
			for i := range 50 {
				c := cs[(g*7+i)%len(cs)]
				v := c.v
				if v == nil {
					v = validation.Default()
				}
				err := v.BindJSON("tool", []byte(c.args), c.dst(), c.opts...)
				var got []errorx.Field
				if e, ok := errorx.As(err); ok {
					got = e.Fields
				}
				if !reflect.DeepEqual(got, c.want) {
					t.Errorf("%s: got %s", c.name, fieldJSON(got))
				}
			}
		}()
	}
	for range 8 {
		<-done
	}
}

func TestTranslate(t *testing.T) {
	v := validation.New()
	raw := []byte(`{"email":"nope","age":3,"nick":"x"}`)
	var m Member
	_ = json.Unmarshal(raw, &m)
	err := v.Validate().Struct(&m)
	e := v.Translate("members/add", err, &m, raw)
	fs := v.Fields(err, &m, raw)
	want := []errorx.Field{
		S("email", "nope").R("email", "Invalid email address.").E("a valid email address (e.g. user@example.com)").F(),
		S("age", N("3")).R("gte", "Too small.").H("Must be >= 18.").P("18").F(),
	}
	if !reflect.DeepEqual(e.Fields, want) || !reflect.DeepEqual(fs, want) {
		t.Fatalf("Translate %s\nFields %s", fieldJSON(e.Fields), fieldJSON(fs))
	}
	if ne := validation.NewError("members/add", fs); e.Message != ne.Message || e.Tool != "members/add" || e.Code != ne.Code {
		t.Errorf("Translate %+v\nNewError %+v", e, ne)
	}
	// The caller may reuse raw: nothing in the error points into it.
	for i := range raw {
		raw[i] = 'X'
	}
	if !reflect.DeepEqual(e.Fields, want) || !reflect.DeepEqual(fs, want) {
		t.Errorf("fields changed with raw: %s", fieldJSON(e.Fields))
	}
	if v.Translate("t", errors.New("x"), nil, nil) != nil {
		t.Error("Translate of a non-validator error")
	}
	// A custom string type and an escaped string are copied out too.
	type Coded struct {
		Role  Role   `json:"role" validate:"oneof=admin user"`
		Title string `json:"title" validate:"max=2"`
	}
	raw = []byte(`{"role":"root","title":"a\"b"}`)
	var c Coded
	_ = json.Unmarshal(raw, &c)
	e = v.Translate("t", v.Validate().Struct(&c), &c, raw)
	for i := range raw {
		raw[i] = 'X'
	}
	if e.Fields[0].Sent != "root" || e.Fields[1].Sent != `a"b` {
		t.Errorf("sent %#v %#v", e.Fields[0].Sent, e.Fields[1].Sent)
	}
}

type Role string

func TestAppendFields(t *testing.T) {
	v := validation.New()
	raw := []byte(`{"email":"nope","age":3}`)
	var m Member
	_ = json.Unmarshal(raw, &m)
	err := v.Validate().Struct(&m)
	own := []errorx.Field{{Path: "plan", Message: "Not available in your region.", Rule: "business"}}
	got := v.AppendFields(own, err, &m, raw)
	if len(got) != 3 || got[0].Path != "plan" || got[1].Path != "email" || got[2].Path != "age" {
		t.Fatalf("%s", fieldJSON(got))
	}
	// Reusing a slice: the same fields again, no growth.
	buf := make([]errorx.Field, 0, 8)
	for range 3 {
		buf = v.AppendFields(buf[:0], err, &m, raw)
		if len(buf) != 2 || cap(buf) != 8 || buf[1].Sent != N("3") {
			t.Fatalf("%s", fieldJSON(buf))
		}
	}
	if got := v.AppendFields(own, nil, &m, raw); len(got) != 1 {
		t.Error("AppendFields of no error changed dst")
	}
}

// TestFormatArgumentLetThrough: the toolerror dialect's per-call format
// argument is not an unknown key for a struct without it, and is decoded
// into a struct that has it; nested, it is unknown as any other key.
func TestFormatArgumentLetThrough(t *testing.T) {
	type plain struct {
		Name string `json:"name" validate:"required"`
	}
	if got, err := validation.Bind[plain](request("t", `{"name":"ann","format":"json"}`)); err != nil || got.Name != "ann" {
		t.Errorf("top-level format: %+v, %v", got, err)
	}
	type withFormat struct {
		Format string `json:"format" validate:"oneof=csv pdf"`
	}
	_, err := validation.Bind[withFormat](request("t", `{"format":"json"}`))
	if e, ok := errorx.As(err); !ok || len(e.Fields) != 1 || e.Fields[0].Path != "format" || e.Fields[0].Rule != "oneof" {
		t.Errorf("a struct's own format field is validated: %v", err)
	}
	type outer struct {
		Inner plain `json:"inner"`
	}
	_, err = validation.Bind[outer](request("t", `{"inner":{"name":"ann","format":"json"}}`))
	if e, ok := errorx.As(err); !ok || len(e.Fields) != 1 || e.Fields[0].Path != "inner.format" || e.Fields[0].Rule != validation.RuleUnknown {
		t.Errorf("nested format: %v", err)
	}
}
