package validation_test

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/go-playground/validator/v10"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/format"
	"github.com/mcperr/mcperr/internal/sentence"
	"github.com/mcperr/mcperr/validation"
)

// args returns v as JSON arguments: a string as it is, nil as none,
// anything else encoded.
func args(v any) json.RawMessage {
	switch a := v.(type) {
	case nil:
		return nil
	case string:
		return json.RawMessage(a)
	}
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

func TestBindArguments(t *testing.T) {
	m, err := validation.Bind[Member]("members/add", args(`{"email":"a@b.co","age":20}`))
	require.NoError(t, err, "raw arguments")
	require.Equal(t, Member{Email: "a@b.co", Age: 20}, m, "raw arguments")
	// A pointer type gets a new value.
	p, err := validation.Bind[*Member]("members/add", args(`{"email":"a@b.co","age":20}`))
	require.NoError(t, err, "pointer")
	require.NotNil(t, p, "pointer")
	require.Equal(t, "a@b.co", p.Email, "pointer")
	// Any depth of pointers: decoded and validated.
	pp, err := validation.Bind[**Member]("members/add", args(`{"email":"a@b.co","age":20}`))
	require.NoError(t, err, "pointer to pointer")
	require.NotNil(t, pp, "pointer to pointer")
	require.NotNil(t, *pp, "pointer to pointer")
	require.Equal(t, "a@b.co", (*pp).Email, "pointer to pointer")
	pp, err = validation.Bind[**Member]("members/add", args(`{"email":"a@b.co","age":2}`))
	e, ok := errorx.As(err)
	require.True(t, ok, "pointer to pointer, invalid: %v", err)
	require.Nil(t, pp, "pointer to pointer, invalid")
	require.Equal(t, errorx.CodeInvalidInput, e.Code, "pointer to pointer, invalid")
	require.Equal(t, []errorx.Field{S("age", N("2")).R("gte", "Too small.").H("Must be >= 18.").P("18").F()}, e.Fields, "pointer to pointer, invalid")
	var ppp **Member
	err = validation.Default().BindJSON("t", []byte(`{"email":"a@b.co","age":2}`), &ppp)
	require.Error(t, err, "BindJSON into ***Member")
	require.NotNil(t, ppp, "BindJSON into ***Member")
	require.Equal(t, 2, (*ppp).Age, "BindJSON into ***Member")
	e, _ = errorx.As(err)
	require.NotNil(t, e, "BindJSON into ***Member: %v", err)
	require.Equal(t, errorx.CodeInvalidInput, e.Code, "BindJSON into ***Member")
	require.NotEmpty(t, e.Fields, "BindJSON into ***Member")
	require.Equal(t, "age", e.Fields[0].Path, "BindJSON into ***Member")
	// No arguments at all is an empty object.
	_, err = validation.Bind[Member]("members/add", args(nil))
	e, ok = errors.AsType[*errorx.Error](err)
	require.True(t, ok, "no arguments: %v", err)
	require.Equal(t, "members/add", e.Tool, "no arguments")
	require.Len(t, e.Fields, 2, "no arguments")
	require.True(t, e.Fields[0].IsRequired(), "no arguments")
	assert.Equal(t, "2 arguments of members/add are invalid: email, age.", e.Message)
	// WithTool names the action of a grouped tool; IgnoreKeys lets the
	// discriminator through.
	_, err = validation.Bind[Member]("members", args(`{"action":"add","email":"x","age":20}`),
		validation.WithTool("members/add"), validation.IgnoreKeys("action"))
	e, ok = errors.AsType[*errorx.Error](err)
	require.True(t, ok, "grouped: %v", err)
	require.Equal(t, "members/add", e.Tool, "grouped")
	require.Len(t, e.Fields, 1, "grouped")
	require.Equal(t, "email", e.Fields[0].Path, "grouped")
	// A failed bind returns the zero value.
	m, err = validation.Bind[Member]("members/add", args(`{"email":"a@b.co","age":2}`))
	require.Error(t, err, "want an error")
	require.Equal(t, Member{}, m, "want the zero value")
}

func TestBindNonStruct(t *testing.T) {
	m, err := validation.Bind[map[string]int]("t", args(`{"a":1,"b":2}`))
	require.NoError(t, err)
	require.Equal(t, 2, m["b"], "%v", m)
	_, err = validation.Bind[map[string]int]("t", args(`{"a":"x"}`))
	e, ok := errorx.As(err)
	require.True(t, ok, "%v", err)
	// Map keys are the caller's: the summary counts them without naming them.
	require.Equal(t, "1 argument of t is invalid.", e.Message)
	require.NotEmpty(t, e.Fields)
	require.Equal(t, "a", e.Fields[0].Path)
}

func TestCheckGoValues(t *testing.T) {
	err := validation.Default().Check("members/add", &Member{Email: "nope", Age: 3})
	e, ok := errorx.As(err)
	require.True(t, ok, "%v", err)
	want := []errorx.Field{
		S("email", "nope").R("email", "Invalid email address.").E("a valid email address (e.g. user@example.com)").F(),
		S("age", 3).R("gte", "Too small.").H("Must be >= 18.").P("18").F(),
	}
	assert.Equal(t, want, e.Fields)
	err = validation.Default().Check("members/add", Member{Age: 30})
	if e, _ = errorx.As(err); assert.NotNil(t, e, "required in Go mode: %v", err) {
		assert.Equal(t, []errorx.Field{sentence.RequiredField("email")}, e.Fields, "required in Go mode")
	}
	pm := &Member{Email: "nope", Age: 30}
	err = validation.Default().Check("members/add", &pm)
	if e, _ = errorx.As(err); assert.NotNil(t, e, "pointer to pointer: %v", err) {
		assert.Equal(t, errorx.CodeInvalidInput, e.Code, "pointer to pointer")
		if assert.Len(t, e.Fields, 1, "pointer to pointer") {
			assert.Equal(t, "nope", e.Fields[0].Sent, "pointer to pointer")
		}
	}
	assert.NoError(t, validation.Default().Check("t", Member{Email: "a@b.co", Age: 30}), "valid value reported")
}

func TestFieldsWithoutRoot(t *testing.T) {
	v := validation.New()
	team := Team{Name: "t", Owner: Member{Email: "o@x.io", Age: 30}, Tags: []string{"ok", "b4d"}}
	err := v.Validate().Struct(&team)
	got := v.Fields(err, nil, nil)
	want := []errorx.Field{S("tags.1", "b4d").R("alpha", "Must contain only letters.").E("ASCII letters only (e.g. abc)").F()}
	assert.Equal(t, want, got)
	// Without the root, a failing map key cannot be told from its value: it
	// reads as a failure at the entry, Sent read there (the value) from raw,
	// or the failing Go value (the key) without raw. With the root, the key.
	raw := []byte(`{"name":"t","owner":{"email":"o@x.io","age":30},"labels":{"bad-key":"v"}}`)
	team = Team{}
	require.NoError(t, json.Unmarshal(raw, &team))
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
		assert.Equal(t, []errorx.Field{c.want}, v.Fields(err, c.root, c.raw), "map key, %s", c.name)
	}
	assert.Nil(t, v.Fields(errors.New("other"), nil, nil), "Fields of a non-validator error")
	assert.Nil(t, v.Fields(nil, nil, nil), "Fields of no error")
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
		"undefined tag":  func() error { _, err := validation.Bind[badTag]("t", args(`{"v":"x"}`)); return err },
		"oneof on float": func() error { _, err := validation.Bind[oneofFloat]("t", args(`{"v":1.5}`)); return err },
		"embedded pointer to unexported struct": func() error {
			_, err := validation.Bind[embedsUnexported]("t", args(`{"x":5,"y":1}`))
			return err
		},
		"embedded pointer to unexported struct, invalid too": func() error {
			_, err := validation.Bind[embedsUnexported]("t", args(`{"y":1,"x":0,"z":1}`))
			return err
		},
		"nil dst":     func() error { return validation.Default().BindJSON("t", []byte(`{}`), nil) },
		"non-pointer": func() error { return validation.Default().BindJSON("t", []byte(`{}`), Member{}) },
	} {
		err := fn()
		e, ok := errorx.As(err)
		if !assert.True(t, ok, "%s: %v", name, err) {
			continue
		}
		assert.Equal(t, errorx.CodeInternalError, e.Code, name)
		assert.Equal(t, errorx.ClassInternal, e.EffectiveClass(), name)
		assert.Equal(t, "t", e.Tool, name)
		assert.Error(t, errors.Unwrap(e), "%s: the cause is kept", name)
		assert.Empty(t, e.Fields, name)
	}
	// Not sending the promoted keys leaves nothing to set: as with
	// encoding/json, the call binds. A pointer already set is decoded into.
	got, err := validation.Bind[embedsUnexported]("t", args(`{"y":1}`))
	assert.NoError(t, err, "keys of the embedded struct not sent")
	assert.Equal(t, 1, got.Y, "keys of the embedded struct not sent")
	set := embedsUnexported{inner: &inner{}}
	assert.NoError(t, validation.Default().BindJSON("t", []byte(`{"x":5,"y":1}`), &set), "embedded pointer already set")
	assert.Equal(t, 5, set.X, "embedded pointer already set")
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
			"1 argument of t is invalid: email; and 2 unknown keys were sent."},
		{"t", []errorx.Field{{Path: "address.stret", Rule: "unknown"}}, "1 argument of t is invalid: address."},
		{"t", []errorx.Field{{Path: "", Rule: "type"}}, "The arguments of t must be a JSON object."},
		{"t", []errorx.Field{{Path: "", Rule: "syntax"}}, "The arguments of t are not valid JSON."},
		{"t", []errorx.Field{{Path: "a"}, {Path: "b"}, {Path: "c"}, {Path: "d"}, {Path: "e"}, {Path: "f"}, {Path: "g"},
			{Path: "h"}, {Path: "i"}, {Path: "j"}, {Path: "k"}, {Path: "l"}}, "12 arguments of t are invalid: a, b, c, d, e, f, g, h, i, j and 2 more."},
	} {
		assert.Equal(t, c.want, validation.NewError(c.tool, c.fields).Message)
	}
	e := validation.NewError("t", nil)
	assert.Equal(t, errorx.CodeInvalidInput, e.Code)
	assert.Equal(t, errorx.ClassValidation, e.Class)
	assert.Equal(t, codes.ValidationRecovery, e.Recovery)
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
		if !assert.Len(t, fs, 1, tag) {
			continue
		}
		exp := fs[0].Expected
		var examples []string
		if m := eg.FindStringSubmatch(exp); m != nil {
			examples = strings.Split(m[1], " or ")
		}
		for _, x := range examples {
			assert.NoError(t, v.Var(x, tag), "%s: example %q of %q fails its rule", tag, x, exp)
		}
	}
	for _, x := range []string{"192.168.0.1", "2001:db8::1"} {
		assert.NoError(t, v.Var(x, "ip"), "ip example %q", x)
	}
	for _, x := range []string{"192.168.0.0/24", "2001:db8::/32"} {
		assert.NoError(t, v.Var(x, "cidr"), "cidr example %q", x)
	}
	for _, x := range []string{"42", "-3.5"} {
		assert.NoError(t, v.Var(x, "numeric"), "numeric example %q", x)
	}
}

// Nothing may reach stdout: on a stdio transport it carries the JSON-RPC
// stream.
func TestNothingOnStdout(t *testing.T) {
	r, w, err := os.Pipe()
	require.NoError(t, err)
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
		_, _ = validation.Bind[Eight]("t", args(`{"name":"A","email":"x","age":7,"role":"r","tags":[],"color":"c","unknown":1}`))
		_, _ = validation.Bind[Eight]("t", args(`not json`))
	}()
	w.Close()
	out := <-done
	assert.Empty(t, out, "wrote %d bytes to stdout: %q", len(out), out)
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
				assert.Equal(t, c.want, got, c.name)
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
	require.Equal(t, want, e.Fields, "Translate")
	require.Equal(t, want, fs, "Fields")
	ne := validation.NewError("members/add", fs)
	assert.Equal(t, ne.Message, e.Message, "Translate vs NewError")
	assert.Equal(t, "members/add", e.Tool)
	assert.Equal(t, ne.Code, e.Code, "Translate vs NewError")
	// The caller may reuse raw: nothing in the error points into it.
	for i := range raw {
		raw[i] = 'X'
	}
	assert.Equal(t, want, e.Fields, "fields changed with raw")
	assert.Equal(t, want, fs, "fields changed with raw")
	assert.Nil(t, v.Translate("t", errors.New("x"), nil, nil), "Translate of a non-validator error")
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
	require.Len(t, e.Fields, 2)
	assert.Equal(t, "root", e.Fields[0].Sent)
	assert.Equal(t, `a"b`, e.Fields[1].Sent)
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
	require.Len(t, got, 3, fieldJSON(got))
	require.Equal(t, "plan", got[0].Path)
	require.Equal(t, "email", got[1].Path)
	require.Equal(t, "age", got[2].Path)
	// Reusing a slice: the same fields again, no growth.
	buf := make([]errorx.Field, 0, 8)
	for range 3 {
		buf = v.AppendFields(buf[:0], err, &m, raw)
		require.Len(t, buf, 2, fieldJSON(buf))
		require.Equal(t, 8, cap(buf), "no growth")
		require.Equal(t, N("3"), buf[1].Sent)
	}
	assert.Len(t, v.AppendFields(own, nil, &m, raw), 1, "AppendFields of no error changed dst")
}

// TestFormatArgumentLetThrough: the toolerror dialect's per-call format
// argument, turned on, is not an unknown key for a struct without it, and
// is decoded into a struct that has it; nested, it is unknown as any other
// key.
func TestFormatArgumentLetThrough(t *testing.T) {
	type plain struct {
		Name string `json:"name" validate:"required"`
	}
	on := validation.WithFormatArgument(format.Argument)
	got, err := validation.Bind[plain]("t", args(`{"name":"ann","format":"json"}`), on)
	assert.NoError(t, err, "top-level format")
	assert.Equal(t, "ann", got.Name, "top-level format")
	type withFormat struct {
		Format string `json:"format" validate:"oneof=csv pdf"`
	}
	_, err = validation.Bind[withFormat]("t", args(`{"format":"json"}`), on)
	if e, ok := errorx.As(err); assert.True(t, ok, "%v", err) && assert.Len(t, e.Fields, 1) {
		assert.Equal(t, "format", e.Fields[0].Path, "a struct's own format field is validated")
		assert.Equal(t, "oneof", e.Fields[0].Rule, "a struct's own format field is validated")
	}
	type outer struct {
		Inner plain `json:"inner"`
	}
	_, err = validation.Bind[outer]("t", args(`{"inner":{"name":"ann","format":"json"}}`), on)
	if e, ok := errorx.As(err); assert.True(t, ok, "%v", err) && assert.Len(t, e.Fields, 1) {
		assert.Equal(t, "inner.format", e.Fields[0].Path, "nested format")
		assert.Equal(t, validation.RuleUnknown, e.Fields[0].Rule, "nested format")
	}
}
