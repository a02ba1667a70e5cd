package validation_test

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/go-playground/validator/v10"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/sentence"
	"github.com/mcperr/mcperr/validation"
)

// Named types of the table: their type name starts validator's namespaces,
// which the translation must strip.

type Address struct {
	Street string `json:"street" validate:"required"`
	Zip    string `json:"zip" validate:"required,len=5,numeric"`
}

type Member struct {
	Email string `json:"email" validate:"required,email"`
	Age   int    `json:"age" validate:"gte=18"`
}

type Team struct {
	Name    string            `json:"name" validate:"required"`
	Owner   Member            `json:"owner"`
	Members []Member          `json:"members" validate:"max=3,dive"`
	Tags    []string          `json:"tags" validate:"dive,alpha"`
	Labels  map[string]string `json:"labels" validate:"dive,keys,alpha,endkeys,required"`
	Address *Address          `json:"address"`
	Matrix  [][]int           `json:"matrix" validate:"dive,dive,gte=0"`
}

type Base struct {
	ID string `json:"id" validate:"required,uuid4"`
}

type Embedding struct {
	Base
	Name   string `json:"name" validate:"required"`
	Secret string `json:"-" validate:"omitempty,min=1"`
	Nick   string `validate:"omitempty,alpha"`
}

type Signup struct {
	Password string `json:"password" validate:"required,min=8"`
	Confirm  string `json:"confirm_password" validate:"eqfield=Password"`
	Old      string `json:"old_password" validate:"nefield=Password"`
	Start    int    `json:"start"`
	End      int    `json:"end" validate:"gtfield=Start"`
	Until    int    `json:"until" validate:"ltfield=Start"`
}

type Conditional struct {
	Role    string `json:"role"`
	Plan    string `json:"plan"`
	Phone   string `json:"phone"`
	Email   string `json:"email"`
	Admin   string `json:"admin_key" validate:"required_if=Role admin"`
	Guest   string `json:"guest_reason" validate:"required_unless=Role guest"`
	Contact string `json:"contact" validate:"required_with=Phone Email"`
	Both    string `json:"both" validate:"required_with_all=Phone Email"`
	Fall    string `json:"fallback" validate:"required_without=Phone"`
	Any     string `json:"any" validate:"required_without_all=Phone Email"`
}

// Eight is the struct with eight failing fields at once.
type Eight struct {
	Name    string   `json:"name" validate:"required,min=2"`
	Email   string   `json:"email" validate:"required,email"`
	Age     int      `json:"age" validate:"gte=18,lte=130"`
	Role    string   `json:"role" validate:"oneof=admin user guest"`
	Website string   `json:"website" validate:"omitempty,url"`
	ID      string   `json:"id" validate:"required,uuid"`
	Tags    []string `json:"tags" validate:"min=1,max=3,dive,lowercase"`
	Color   string   `json:"color" validate:"hexcolor"`
	Country string   `json:"country" validate:"omitempty,iso3166_1_alpha2"`
}

// UploadBase is embedded in Upload: validator's field references name its
// fields as promoted Go fields (Mode, MaxSize).
type UploadBase struct {
	Mode    string `json:"mode"`
	MaxSize int    `json:"max_size"`
}

type Upload struct {
	UploadBase
	Bucket string `json:"bucket_name" validate:"required_if=Mode s3"`
	Size   int    `json:"size" validate:"ltefield=MaxSize"`
}

// Upload under a JSON name: the base is an object of its own.
type NamedUpload struct {
	Base   UploadBase `json:"base"`
	Bucket string     `json:"bucket_name" validate:"required_if=Base.Mode s3"`
	Size   int        `json:"size" validate:"ltefield=Base.MaxSize"`
}

type Point struct {
	X int `json:"x"`
}

type Typed struct {
	S   string         `json:"s"`
	I   int            `json:"i"`
	I8  int8           `json:"i8"`
	I64 int64          `json:"i64"`
	U   uint           `json:"u"`
	U64 uint64         `json:"u64"`
	F   float64        `json:"f"`
	F32 float32        `json:"f32"`
	B   bool           `json:"b"`
	O   Point          `json:"o"`
	A   []int          `json:"a"`
	Arr [2]int         `json:"arr"`
	M   map[string]int `json:"m"`
	MI  map[int]string `json:"mi"`
	T   time.Time      `json:"t"`
	Any any            `json:"any"`
	Q   int            `json:"q,string"`
	P   *int           `json:"p"`
}

type Window struct {
	Start int `json:"start"`
	End   int `json:"end"`
}

type Checkout struct {
	Discount string            `json:"discount"`
	Coupon   string            `json:"coupon" validate:"excluded_with=Discount"`
	Internal string            `json:"internal" validate:"isdefault"`
	Blob     []byte            `json:"blob"`
	ByName   map[string]Member `json:"by_name" validate:"dive"`
}

type tcase struct {
	name string
	v    *validation.Validator
	dst  func() any
	args string
	opts []validation.Option
	want []errorx.Field
	val  any // when set, what dst() must hold after binding
}

// customValidator has an alias, a translated custom tag and an
// untranslated one.
func customValidator(t testing.TB) *validation.Validator {
	v := validation.New()
	v.Validate().RegisterAlias("role", "oneof=admin user")
	v.Validate().RegisterAlias("adult", "gte=18")
	if err := v.RegisterValidation("even", func(fl validator.FieldLevel) bool { return fl.Field().Int()%2 == 0 },
		func(f validation.Failure) validation.Text {
			return validation.Text{Message: "Must be even.", Expected: "an even number (e.g. 2)"}
		}); err != nil {
		t.Fatal(err)
	}
	if err := v.RegisterValidation("divisible_by", func(fl validator.FieldLevel) bool { return false }, nil); err != nil {
		t.Fatal(err)
	}
	v.Validate().RegisterStructValidation(func(sl validator.StructLevel) {
		w := sl.Current().Interface().(Window)
		if w.End <= w.Start {
			sl.ReportError(w.End, "end", "End", "after_start", "")
			sl.ReportError(nil, "range", "Range", "valid_range", "")
		}
	}, Window{})
	v.RegisterTranslation("after_start", func(f validation.Failure) validation.Text {
		return validation.Text{Message: "Must come after " + f.JSONName("Start") + "."}
	})
	v.RegisterTranslation("adult", func(f validation.Failure) validation.Text {
		return validation.Text{Message: "Must be an adult.", Hint: "Must be >= " + f.Param + "."}
	})
	return v
}

func cases(t testing.TB) []tcase {
	custom := customValidator(t)
	const emailExp = "a valid email address (e.g. user@example.com)"
	return []tcase{
		// required and its variants
		{name: "required missing", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"required"`
			})
		}, args: `{}`, want: []errorx.Field{sentence.RequiredField("v")}},
		{name: "required empty string", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"required"`
			})
		}, args: `{"v":""}`, want: []errorx.Field{S("v", "").R("required", "Required.").H("An empty string does not count.").F()}},
		{name: "required null pointer", dst: func() any {
			return new(struct {
				V *string `json:"v" validate:"required"`
			})
		}, args: `{"v":null}`, want: []errorx.Field{S("v", nil).R("required", "Required.").F()}},
		{name: "required zero number", dst: func() any {
			return new(struct {
				V int `json:"v" validate:"required"`
			})
		}, args: `{"v":0}`, want: []errorx.Field{S("v", N("0")).R("required", "Required.").H("0 does not count.").F()}},
		{name: "required false", dst: func() any {
			return new(struct {
				V bool `json:"v" validate:"required"`
			})
		}, args: `{"v":false}`, want: []errorx.Field{S("v", false).R("required", "Required.").H("false does not count.").F()}},
		{name: "required empty array", dst: func() any {
			return new(struct {
				V []string `json:"v" validate:"required,min=1"`
			})
		}, args: `{"v":[]}`, want: []errorx.Field{S("v", []any{}).R("min", "Too few items.").H("Minimum 1 item.").P("1").F()}},
		{name: "required struct missing", dst: func() any {
			return new(struct {
				A Address `json:"address" validate:"required"`
			})
		}, args: `{}`, want: []errorx.Field{sentence.RequiredField("address")}},
		{name: "required pointer struct missing", dst: func() any {
			return new(struct {
				A *Address `json:"address" validate:"required"`
			})
		}, args: `{}`, want: []errorx.Field{sentence.RequiredField("address")}},
		{name: "null is not a value of a non-pointer", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"required"`
			})
		}, args: `{"v":null}`, want: []errorx.Field{S("v", nil).R("type", "Wrong type.").E("string").F()}},
		{name: "required_if and friends", dst: func() any { return new(Conditional) },
			args: `{"role":"admin","phone":"+14155552671","email":"a@b.co"}`,
			want: []errorx.Field{
				M("admin_key").R("required_if", "Required.").H("Required when 'role' is 'admin'.").F(),
				M("guest_reason").R("required_unless", "Required.").H("Required unless 'role' is 'guest'.").F(),
				M("contact").R("required_with", "Required.").H("Required when 'phone' or 'email' is set.").F(),
				M("both").R("required_with_all", "Required.").H("Required when 'phone' and 'email' are set.").F(),
			}},
		{name: "required_without and required_without_all", dst: func() any { return new(Conditional) },
			args: `{"role":"guest"}`,
			want: []errorx.Field{
				M("fallback").R("required_without", "Required.").H("Required when 'phone' is not set.").F(),
				M("any").R("required_without_all", "Required.").H("Required when none of 'phone', 'email' is set.").F(),
			}},

		// string formats
		{name: "email", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"email"`
			})
		}, args: `{"v":"not-an-email"}`, want: []errorx.Field{S("v", "not-an-email").R("email", "Invalid email address.").E(emailExp).F()}},
		{name: "url", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"url"`
			})
		}, args: `{"v":"example.com/no-scheme"}`, want: []errorx.Field{S("v", "example.com/no-scheme").R("url", "Invalid URL.").E("a valid URL (e.g. https://example.com)").F()}},
		{name: "uri", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"uri"`
			})
		}, args: `{"v":"::"}`, want: []errorx.Field{S("v", "::").R("uri", "Invalid URI.").E("a valid URI (e.g. https://example.com/path)").F()}},
		{name: "uuid", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"uuid"`
			})
		}, args: `{"v":"123"}`, want: []errorx.Field{S("v", "123").R("uuid", "Invalid UUID.").E("a valid UUID (e.g. 123e4567-e89b-12d3-a456-426614174000)").F()}},
		{name: "uuid3", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"uuid3"`
			})
		}, args: `{"v":"f47ac10b-58cc-4372-a567-0e02b2c3d479"}`, want: []errorx.Field{S("v", "f47ac10b-58cc-4372-a567-0e02b2c3d479").R("uuid3", "Invalid UUID.").E("a version 3 UUID (e.g. a3bb189e-8bf9-3888-9912-ace4e6543002)").F()}},
		{name: "uuid4", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"uuid4"`
			})
		}, args: `{"v":"a3bb189e-8bf9-3888-9912-ace4e6543002"}`, want: []errorx.Field{S("v", "a3bb189e-8bf9-3888-9912-ace4e6543002").R("uuid4", "Invalid UUID.").E("a version 4 UUID (e.g. f47ac10b-58cc-4372-a567-0e02b2c3d479)").F()}},
		{name: "uuid5", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"uuid5"`
			})
		}, args: `{"v":"x"}`, want: []errorx.Field{S("v", "x").R("uuid5", "Invalid UUID.").E("a version 5 UUID (e.g. 886313e1-3b8a-5372-9b90-0c9aee199e5d)").F()}},
		{name: "uuid7", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"uuid7"`
			})
		}, args: `{"v":"x"}`, want: []errorx.Field{S("v", "x").R("uuid7", "Invalid UUID.").E("a version 7 UUID (e.g. 01890a5d-ac96-774b-bcce-b302099a8057)").F()}},
		{name: "uuid4_rfc4122", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"uuid4_rfc4122"`
			})
		}, args: `{"v":"x"}`, want: []errorx.Field{S("v", "x").R("uuid4_rfc4122", "Invalid UUID.").E("a version 4 UUID (e.g. f47ac10b-58cc-4372-a567-0e02b2c3d479)").F()}},
		{name: "datetime RFC 3339", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"datetime=2006-01-02T15:04:05Z07:00"`
			})
		}, args: `{"v":"yesterday"}`, want: []errorx.Field{S("v", "yesterday").R("datetime", "Invalid datetime.").E("an ISO 8601 datetime (e.g. 2024-01-15T10:30:00Z)").P("2006-01-02T15:04:05Z07:00").F()}},
		{name: "datetime date only", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"datetime=2006-01-02"`
			})
		}, args: `{"v":"15/01/2024"}`, want: []errorx.Field{S("v", "15/01/2024").R("datetime", "Invalid datetime.").E("an ISO 8601 date (e.g. 2024-01-15)").P("2006-01-02").F()}},
		{name: "datetime other layout", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"datetime=15:04"`
			})
		}, args: `{"v":"noon"}`, want: []errorx.Field{S("v", "noon").R("datetime", "Invalid datetime.").E("a date/time formatted like 10:30").P("15:04").F()}},
		{name: "e164", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"e164"`
			})
		}, args: `{"v":"555-1234"}`, want: []errorx.Field{S("v", "555-1234").R("e164", "Invalid phone number.").E("a phone number in E.164 format (e.g. +14155552671)").F()}},
		{name: "hostname", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"hostname"`
			})
		}, args: `{"v":"-bad-"}`, want: []errorx.Field{S("v", "-bad-").R("hostname", "Invalid hostname.").E("a valid hostname (e.g. example.com)").F()}},
		{name: "ip", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"ip"`
			})
		}, args: `{"v":"999.1.1.1"}`, want: []errorx.Field{S("v", "999.1.1.1").R("ip", "Invalid IP address.").E("a valid IP address (e.g. 192.168.0.1 or 2001:db8::1)").F()}},
		{name: "ipv4", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"ipv4"`
			})
		}, args: `{"v":"2001:db8::1"}`, want: []errorx.Field{S("v", "2001:db8::1").R("ipv4", "Invalid IPv4 address.").E("a valid IPv4 address (e.g. 192.168.0.1)").F()}},
		{name: "ipv6", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"ipv6"`
			})
		}, args: `{"v":"10.0.0.1"}`, want: []errorx.Field{S("v", "10.0.0.1").R("ipv6", "Invalid IPv6 address.").E("a valid IPv6 address (e.g. 2001:db8::1)").F()}},
		{name: "cidr", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"cidr"`
			})
		}, args: `{"v":"10.0.0.1"}`, want: []errorx.Field{S("v", "10.0.0.1").R("cidr", "Invalid CIDR block.").E("a CIDR block (e.g. 192.168.0.0/24 or 2001:db8::/32)").F()}},
		{name: "alpha", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"alpha"`
			})
		}, args: `{"v":"abc1"}`, want: []errorx.Field{S("v", "abc1").R("alpha", "Must contain only letters.").E("ASCII letters only (e.g. abc)").F()}},
		{name: "alphanum", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"alphanum"`
			})
		}, args: `{"v":"a-1"}`, want: []errorx.Field{S("v", "a-1").R("alphanum", "Must contain only letters and digits.").E("ASCII letters and digits only (e.g. abc123)").F()}},
		{name: "numeric", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"numeric"`
			})
		}, args: `{"v":"12a"}`, want: []errorx.Field{S("v", "12a").R("numeric", "Must be numeric.").E("a decimal number as text (e.g. 42 or -3.5)").F()}},
		{name: "number", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"number"`
			})
		}, args: `{"v":"-1"}`, want: []errorx.Field{S("v", "-1").R("number", "Must be a number.").E("digits only (e.g. 42)").F()}},
		{name: "boolean", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"boolean"`
			})
		}, args: `{"v":"yes"}`, want: []errorx.Field{S("v", "yes").R("boolean", "Must be a boolean.").E("true or false").F()}},
		{name: "lowercase", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"lowercase"`
			})
		}, args: `{"v":"Abc"}`, want: []errorx.Field{S("v", "Abc").R("lowercase", "Must be lowercase.").E("lowercase text (e.g. abc)").F()}},
		{name: "uppercase", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"uppercase"`
			})
		}, args: `{"v":"Abc"}`, want: []errorx.Field{S("v", "Abc").R("uppercase", "Must be uppercase.").E("uppercase text (e.g. ABC)").F()}},
		{name: "contains", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"contains=@"`
			})
		}, args: `{"v":"abc"}`, want: []errorx.Field{S("v", "abc").R("contains", "Must contain '@'.").P("@").F()}},
		{name: "startswith", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"startswith=sk_"`
			})
		}, args: `{"v":"pk_1"}`, want: []errorx.Field{S("v", "pk_1").R("startswith", "Must start with 'sk_'.").P("sk_").F()}},
		{name: "endswith", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"endswith=.go"`
			})
		}, args: `{"v":"main.rs"}`, want: []errorx.Field{S("v", "main.rs").R("endswith", "Must end with '.go'.").P(".go").F()}},
		{name: "excludes", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"excludes=.."`
			})
		}, args: `{"v":"../etc"}`, want: []errorx.Field{S("v", "../etc").R("excludes", "Must not contain '..'.").P("..").F()}},
		{name: "json", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"json"`
			})
		}, args: `{"v":"{a:1}"}`, want: []errorx.Field{S("v", "{a:1}").R("json", "Invalid JSON.").E(`a string holding valid JSON (e.g. {"key":"value"})`).F()}},
		{name: "base64", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"base64"`
			})
		}, args: `{"v":"not base64"}`, want: []errorx.Field{S("v", "not base64").R("base64", "Invalid base64.").E("a base64-encoded string (e.g. aGVsbG8=)").F()}},
		{name: "hexcolor", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"hexcolor"`
			})
		}, args: `{"v":"red"}`, want: []errorx.Field{S("v", "red").R("hexcolor", "Invalid hex color.").E("a hex color (e.g. #1a2b3c or #fff)").F()}},
		{name: "or-group", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"hexcolor|rgb"`
			})
		}, args: `{"v":"red"}`, want: []errorx.Field{S("v", "red").R("hexcolor|rgb", "Matches none of the accepted forms.").E("a hex color (e.g. #1a2b3c or #fff) or an rgb() color (e.g. rgb(255,0,0))").F()}},
		{name: "or-group of sizes", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"len=0|len=6"`
			})
		}, args: `{"v":"abc"}`, want: []errorx.Field{S("v", "abc").R("len=0|len=6", "Matches none of the accepted forms.").E("empty or exactly 6 characters").F()}},
		{name: "or-group of bounds", dst: func() any {
			return new(struct {
				V int `json:"v" validate:"eq=0|gte=18"`
			})
		}, args: `{"v":5}`, want: []errorx.Field{S("v", N("5")).R("eq=0|gte=18", "Matches none of the accepted forms.").E("exactly 0 or at least 18").F()}},
		{name: "or-group of options and a format", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"oneof=auto manual|uuid"`
			})
		}, args: `{"v":"x"}`, want: []errorx.Field{S("v", "x").R("oneof=auto manual|uuid", "Matches none of the accepted forms.").E("one of 'auto', 'manual' or a valid UUID (e.g. 123e4567-e89b-12d3-a456-426614174000)").F()}},
		{name: "or-group falls back for rules without an expected form", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"contains=@|isbn"`
			})
		}, args: `{"v":"x"}`, want: []errorx.Field{S("v", "x").R("contains=@|isbn", "Matches none of the accepted forms.").E("a value satisfying contains=@ or a value satisfying isbn").F()}},

		// sizes: characters, items, bounds
		{name: "len string", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"len=4"`
			})
		}, args: `{"v":"abc"}`, want: []errorx.Field{S("v", "abc").R("len", "Wrong length.").H("Must be exactly 4 characters long.").P("4").F()}},
		{name: "min string counts characters", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"min=3"`
			})
		}, args: `{"v":"éé"}`, want: []errorx.Field{S("v", "éé").R("min", "Too short.").H("Minimum length: 3 characters.").P("3").F()}},
		{name: "min string singular", dst: func() any {
			return new(struct {
				V *string `json:"v" validate:"omitnil,min=1"`
			})
		}, args: `{"v":""}`, want: []errorx.Field{S("v", "").R("min", "Too short.").H("Minimum length: 1 character.").P("1").F()}},
		{name: "max string", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"max=3"`
			})
		}, args: `{"v":"abcd"}`, want: []errorx.Field{S("v", "abcd").R("max", "Too long.").H("Maximum length: 3 characters.").P("3").F()}},
		{name: "len slice", dst: func() any {
			return new(struct {
				V []string `json:"v" validate:"len=2"`
			})
		}, args: `{"v":["x"]}`, want: []errorx.Field{S("v", []any{"x"}).R("len", "Wrong number of items.").H("Exactly 2 items.").P("2").F()}},
		{name: "max slice", dst: func() any {
			return new(struct {
				V []string `json:"v" validate:"max=3"`
			})
		}, args: `{"v":["a","b","c","d"]}`, want: []errorx.Field{S("v", []any{"a", "b", "c", "d"}).R("max", "Too many items.").H("Maximum 3 items.").P("3").F()}},
		{name: "max bytes counts bytes", dst: func() any {
			return new(struct {
				V []byte `json:"v" validate:"max=4"`
			})
		}, args: `{"v":"aGVsbG8="}`, want: []errorx.Field{S("v", "aGVsbG8=").R("max", "Too long.").H("Maximum length: 4 bytes.").P("4").F()}},
		{name: "min bytes", dst: func() any {
			return new(struct {
				V []byte `json:"v" validate:"min=6"`
			})
		}, args: `{"v":"aGVsbG8="}`, want: []errorx.Field{S("v", "aGVsbG8=").R("min", "Too short.").H("Minimum length: 6 bytes.").P("6").F()}},
		{name: "len bytes", dst: func() any {
			return new(struct {
				V []byte `json:"v" validate:"len=1"`
			})
		}, args: `{"v":"aGVsbG8="}`, want: []errorx.Field{S("v", "aGVsbG8=").R("len", "Wrong length.").H("Must be exactly 1 byte long.").P("1").F()}},
		{name: "gtfield on bytes compares lengths", dst: func() any {
			return new(struct {
				A []byte `json:"a"`
				B []byte `json:"b" validate:"gtfield=A"`
			})
		}, args: `{"a":"aGVsbG8=","b":"aGk="}`, want: []errorx.Field{S("b", "aGk=").R("gtfield", "Must be longer than 'a'.").F()}},
		{name: "min map", dst: func() any {
			return new(struct {
				V map[string]int `json:"v" validate:"min=2"`
			})
		}, args: `{"v":{"a":1}}`, want: []errorx.Field{S("v", map[string]any{"a": N("1")}).R("min", "Too few items.").H("Minimum 2 items.").P("2").F()}},
		{name: "min number", dst: func() any {
			return new(struct {
				V int `json:"v" validate:"min=1"`
			})
		}, args: `{"v":-3}`, want: []errorx.Field{S("v", N("-3")).R("min", "Too small.").H("Must be >= 1.").P("1").F()}},
		{name: "max number", dst: func() any {
			return new(struct {
				V uint8 `json:"v" validate:"max=100"`
			})
		}, args: `{"v":200}`, want: []errorx.Field{S("v", N("200")).R("max", "Too large.").H("Must be <= 100.").P("100").F()}},
		{name: "gt", dst: func() any {
			return new(struct {
				V int `json:"v" validate:"gt=0"`
			})
		}, args: `{"v":0}`, want: []errorx.Field{S("v", N("0")).R("gt", "Too small.").H("Must be > 0.").P("0").F()}},
		{name: "gte", dst: func() any {
			return new(struct {
				V int `json:"v" validate:"gte=18"`
			})
		}, args: `{"v":10}`, want: []errorx.Field{S("v", N("10")).R("gte", "Too small.").H("Must be >= 18.").P("18").F()}},
		{name: "lt", dst: func() any {
			return new(struct {
				V int `json:"v" validate:"lt=150"`
			})
		}, args: `{"v":151}`, want: []errorx.Field{S("v", N("151")).R("lt", "Too large.").H("Must be < 150.").P("150").F()}},
		{name: "lte float", dst: func() any {
			return new(struct {
				V float64 `json:"v" validate:"lte=9.5"`
			})
		}, args: `{"v":10}`, want: []errorx.Field{S("v", N("10")).R("lte", "Too large.").H("Must be <= 9.5.").P("9.5").F()}},
		{name: "eq number", dst: func() any {
			return new(struct {
				V int `json:"v" validate:"eq=2"`
			})
		}, args: `{"v":3}`, want: []errorx.Field{S("v", N("3")).R("eq", "Wrong value.").H("Must be exactly 2.").P("2").F()}},
		{name: "ne number", dst: func() any {
			return new(struct {
				V int `json:"v" validate:"ne=0"`
			})
		}, args: `{"v":0}`, want: []errorx.Field{S("v", N("0")).R("ne", "Not allowed.").H("Must not be 0.").P("0").F()}},
		{name: "eq string", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"eq=v1"`
			})
		}, args: `{"v":"v2"}`, want: []errorx.Field{S("v", "v2").R("eq", "Must be 'v1'.").P("v1").F()}},
		{name: "gt string counts characters", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"gt=2"`
			})
		}, args: `{"v":"ab"}`, want: []errorx.Field{S("v", "ab").R("gt", "Too short.").H("Must be longer than 2 characters.").P("2").F()}},
		{name: "gt time means future", dst: func() any {
			return new(struct {
				V time.Time `json:"v" validate:"gt"`
			})
		}, args: `{"v":"2001-01-01T00:00:00Z"}`, want: []errorx.Field{S("v", "2001-01-01T00:00:00Z").R("gt", "Must be in the future.").F()}},

		// enums
		{name: "oneof near", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"oneof=admin user guest"`
			})
		}, args: `{"v":"admn"}`, want: []errorx.Field{S("v", "admn").R("oneof", "Not one of the valid options.").O("admin", "user", "guest").H("Did you mean 'admin'?").F()}},
		{name: "oneof far", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"oneof=admin user guest"`
			})
		}, args: `{"v":"superadmin"}`, want: []errorx.Field{S("v", "superadmin").R("oneof", "Not one of the valid options.").O("admin", "user", "guest").F()}},
		{name: "oneof quoted options", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"oneof='light blue' red green"`
			})
		}, args: `{"v":"blue"}`, want: []errorx.Field{S("v", "blue").R("oneof", "Not one of the valid options.").O("light blue", "red", "green").F()}},
		{name: "oneof case typo", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"oneof=read_only read_write"`
			})
		}, args: `{"v":"ReadOnly"}`, want: []errorx.Field{S("v", "ReadOnly").R("oneof", "Not one of the valid options.").O("read_only", "read_write").H("Did you mean 'read_only'?").F()}},
		{name: "oneof int", dst: func() any {
			return new(struct {
				V int `json:"v" validate:"oneof=1 2 3"`
			})
		}, args: `{"v":4}`, want: []errorx.Field{S("v", N("4")).R("oneof", "Not one of the valid options.").O("1", "2", "3").F()}},
		{name: "unique", dst: func() any {
			return new(struct {
				V []string `json:"v" validate:"unique"`
			})
		}, args: `{"v":["a","b","a"]}`, want: []errorx.Field{S("v", []any{"a", "b", "a"}).R("unique", "Contains duplicates.").H("Each item must be different.").F()}},
		{name: "unique by field", dst: func() any {
			return new(struct {
				V []Member `json:"v" validate:"unique=Email"`
			})
		}, args: `{"v":[{"email":"a@b.co","age":20},{"email":"a@b.co","age":30}]}`, want: []errorx.Field{
			S("v", []any{map[string]any{"email": "a@b.co", "age": N("20")}, map[string]any{"email": "a@b.co", "age": N("30")}}).
				R("unique", "Contains duplicates.").H("Each item needs a different 'email'.").F()}},

		// cross-field
		{name: "eqfield nefield gtfield ltfield", dst: func() any { return new(Signup) },
			args: `{"password":"correct horse","confirm_password":"correct hose","old_password":"correct horse","start":5,"end":5,"until":9}`,
			want: []errorx.Field{
				S("confirm_password", "correct hose").R("eqfield", "Must match 'password'.").F(),
				S("old_password", "correct horse").R("nefield", "Must differ from 'password'.").F(),
				S("end", N("5")).R("gtfield", "Must be greater than 'start'.").F(),
				S("until", N("9")).R("ltfield", "Must be less than 'start'.").F(),
			}},
		{name: "field references to promoted fields use their JSON names", dst: func() any { return new(Upload) },
			args: `{"mode":"s3","max_size":5,"size":10}`,
			want: []errorx.Field{
				M("bucket_name").R("required_if", "Required.").H("Required when 'mode' is 's3'.").F(),
				S("size", N("10")).R("ltefield", "Must be less than or equal to 'max_size'.").F(),
			}},
		{name: "field references through a named nested struct", dst: func() any { return new(NamedUpload) },
			args: `{"base":{"mode":"s3","max_size":5},"size":10}`,
			want: []errorx.Field{
				M("bucket_name").R("required_if", "Required.").H("Required when 'base.mode' is 's3'.").F(),
				S("size", N("10")).R("ltefield", "Must be less than or equal to 'base.max_size'.").F(),
			}},
		{name: "unique by a promoted field", dst: func() any {
			return new(struct {
				V []Upload `json:"v" validate:"unique=Mode"`
			})
		}, args: `{"v":[{"mode":"a","size":0},{"mode":"a","size":0}]}`, want: []errorx.Field{
			S("v", []any{map[string]any{"mode": "a", "size": N("0")}, map[string]any{"mode": "a", "size": N("0")}}).
				R("unique", "Contains duplicates.").H("Each item needs a different 'mode'.").F()}},

		// paths: nested structs, slices, maps, dive
		{name: "nested struct", dst: func() any { return new(Team) }, args: `{"name":"t","owner":{"email":"owner@","age":30}}`,
			want: []errorx.Field{S("owner.email", "owner@").R("email", "Invalid email address.").E(emailExp).F()}},
		{name: "dive into slice of structs", dst: func() any { return new(Team) },
			args: `{"name":"t","owner":{"email":"o@x.io","age":30},"members":[{"email":"a@b.co","age":20},{"email":"","age":151}]}`,
			want: []errorx.Field{S("members.1.email", "").R("required", "Required.").H("An empty string does not count.").F()}},
		{name: "slice rule before dive", dst: func() any { return new(Team) },
			args: `{"name":"t","owner":{"email":"o@x.io","age":30},"members":[{},{},{},{}]}`,
			want: []errorx.Field{S("members", []any{map[string]any{}, map[string]any{}, map[string]any{}, map[string]any{}}).R("max", "Too many items.").H("Maximum 3 items.").P("3").F()}},
		{name: "dive into slice of strings", dst: func() any { return new(Team) },
			args: `{"name":"t","owner":{"email":"o@x.io","age":30},"tags":["ok","n0pe","fine","b4d"]}`,
			want: []errorx.Field{
				S("tags.1", "n0pe").R("alpha", "Must contain only letters.").E("ASCII letters only (e.g. abc)").F(),
				S("tags.3", "b4d").R("alpha", "Must contain only letters.").E("ASCII letters only (e.g. abc)").F(),
			}},
		{name: "dive dive", dst: func() any { return new(Team) },
			args: `{"name":"t","owner":{"email":"o@x.io","age":30},"matrix":[[1,2],[3,-4]]}`,
			want: []errorx.Field{S("matrix.1.1", N("-4")).R("gte", "Too small.").H("Must be >= 0.").P("0").F()}},
		{name: "map keys and values in key order", dst: func() any { return new(Team) },
			args: `{"name":"t","owner":{"email":"o@x.io","age":30},"labels":{"zz":"","ok":"v","bad-key":"v"}}`,
			want: []errorx.Field{
				S("labels.bad-key", "bad-key").R("alpha", "Invalid key. Must contain only letters.").E("ASCII letters only (e.g. abc)").F(),
				S("labels.zz", "").R("required", "Required.").H("An empty string does not count.").F(),
			}},
		{name: "map key with dot and bracket", dst: func() any { return new(Team) },
			args: `{"name":"t","owner":{"email":"o@x.io","age":30},"labels":{"a.b]c":"v"}}`,
			want: []errorx.Field{S("labels.a.b]c", "a.b]c").R("alpha", "Invalid key. Must contain only letters.").E("ASCII letters only (e.g. abc)").F()}},
		{name: "map key and value failing the same rule", dst: func() any {
			return new(struct {
				M map[string]string `json:"m" validate:"dive,keys,min=2,endkeys,min=2"`
			})
		}, args: `{"m":{"a":"a","bb":"b","c":"cc","dd":"dd"}}`,
			want: []errorx.Field{
				S("m.a", "a").R("min", "Invalid key. Too short.").H("Minimum length: 2 characters.").P("2").F(),
				S("m.a", "a").R("min", "Too short.").H("Minimum length: 2 characters.").P("2").F(),
				S("m.bb", "b").R("min", "Too short.").H("Minimum length: 2 characters.").P("2").F(),
				S("m.c", "c").R("min", "Invalid key. Too short.").H("Minimum length: 2 characters.").P("2").F(),
			}},
		{name: "map key and value equal, failing the same rule with other parameters", dst: func() any {
			return new(struct {
				M map[string]string `json:"m" validate:"dive,keys,max=3,endkeys,max=1"`
			})
		}, args: `{"m":{"ab":"ab","abcd":"abcd"}}`,
			want: []errorx.Field{
				S("m.ab", "ab").R("max", "Too long.").H("Maximum length: 1 character.").P("1").F(),
				S("m.abcd", "abcd").R("max", "Invalid key. Too long.").H("Maximum length: 3 characters.").P("3").F(),
				S("m.abcd", "abcd").R("max", "Too long.").H("Maximum length: 1 character.").P("1").F(),
			}},
		{name: "nested pointer struct", dst: func() any { return new(Team) },
			args: `{"name":"t","owner":{"email":"o@x.io","age":30},"address":{"zip":"12a"}}`,
			want: []errorx.Field{
				M("address.street").R("required", "Required.").F(),
				S("address.zip", "12a").R("len", "Wrong length.").H("Must be exactly 5 characters long.").P("5").F(),
			}},
		{name: "embedded struct fields are promoted", dst: func() any { return new(Embedding) },
			args: `{"id":"nope","name":"x","Nick":"n1ck"}`,
			want: []errorx.Field{
				S("id", "nope").R("uuid4", "Invalid UUID.").E("a version 4 UUID (e.g. f47ac10b-58cc-4372-a567-0e02b2c3d479)").F(),
				S("Nick", "n1ck").R("alpha", "Must contain only letters.").E("ASCII letters only (e.g. abc)").F(),
			}},
		{name: "json:\"-\" field is not a key", dst: func() any { return new(Embedding) },
			args: `{"id":"f47ac10b-58cc-4372-a567-0e02b2c3d479","name":"x","Secret":"s","secret":"s"}`,
			want: []errorx.Field{
				S("Secret", "s").R("unknown", "Unknown field.").H("Remove it. Valid fields: 'id', 'name', 'Nick'.").F(),
				S("secret", "s").R("unknown", "Unknown field.").H("Remove it. Valid fields: 'id', 'name', 'Nick'.").F(),
			}},
		{name: "json:\"-\" field is never sent", dst: func() any {
			type hidden struct {
				Hidden string   `json:"-" validate:"required"`
				Inner  []string `json:"-" validate:"dive,alpha"`
			}
			return &hidden{Inner: []string{"1"}} // set by the server, not decoded
		}, args: `{"Hidden":"x","Inner":["1"]}`,
			want: []errorx.Field{
				M("Hidden").R("required", "Required.").F(),
				M("Inner.0").R("alpha", "Must contain only letters.").E("ASCII letters only (e.g. abc)").F(),
				S("Hidden", "x").R("unknown", "Unknown field.").H("Remove it: no fields are accepted here.").F(),
				S("Inner", []any{"1"}).R("unknown", "Unknown field.").H("Remove it: no fields are accepted here.").F(),
			}},
		{name: "anonymous root struct", dst: func() any {
			return new(struct {
				Inner struct {
					V []int `json:"v" validate:"dive,max=9"`
				} `json:"inner"`
			})
		}, args: `{"inner":{"v":[1,10]}}`, want: []errorx.Field{S("inner.v.1", N("10")).R("max", "Too large.").H("Must be <= 9.").P("9").F()}},

		// wrong JSON types and numbers
		{name: "string got number", dst: func() any { return new(Typed) }, args: `{"s":123}`,
			want: []errorx.Field{S("s", N("123")).R("type", "Wrong type.").E("string").F()}},
		{name: "integer got string", dst: func() any { return new(Typed) }, args: `{"i":"12"}`,
			want: []errorx.Field{S("i", "12").R("type", "Wrong type.").E("integer").F()}},
		{name: "integer got fraction", dst: func() any { return new(Typed) }, args: `{"i":1.5}`,
			want: []errorx.Field{S("i", N("1.5")).R("type", "Wrong type.").E("integer").F()}},
		{name: "integer accepts 2.0 and 1e3", dst: func() any { return new(Typed) }, args: `{"i":1e3,"i8":2.0}`,
			val: &Typed{I: 1000, I8: 2}},
		{name: "integer in float form is exact", dst: func() any { return new(Typed) },
			args: `{"i":1E+2,"i8":100e-2,"i64":12.50e1,"u":0.000e5}`, val: &Typed{I: 100, I8: 1, I64: 125}},
		{name: "integer in float form beyond 2^53", dst: func() any { return new(Typed) },
			args: `{"i64":9007199254740993.0,"u64":18446744073709551615.000}`,
			val:  &Typed{I64: 9007199254740993, U64: 18446744073709551615}},
		{name: "integer in float form at the int64 minimum", dst: func() any { return new(Typed) },
			args: `{"i64":-9223372036854775808.0e0}`, val: &Typed{I64: -9223372036854775808}},
		{name: "integer in float form that fits 64 bits", dst: func() any { return new(Typed) },
			args: `{"i64":1e16,"u64":1.8e19}`, val: &Typed{I64: 1e16, U64: 18000000000000000000}},
		{name: "integer zero with any exponent or sign", dst: func() any { return &Typed{I: 7, I8: 7, U: 7} },
			args: `{"i":0e999999999,"i8":-0.0,"u":-0e-5}`, val: &Typed{}},
		{name: "integer with long digit strings", dst: func() any { return new(Typed) },
			args: `{"i":1` + strings.Repeat("0", 400) + `e-400,"i64":0.` + strings.Repeat("0", 400) + `12e402}`,
			val:  &Typed{I: 1, I64: 12}},
		{name: "integer got fraction beyond float precision", dst: func() any { return new(Typed) }, args: `{"i64":1.00000000000000000001}`,
			want: []errorx.Field{S("i64", N("1.00000000000000000001")).R("type", "Wrong type.").E("integer").F()}},
		{name: "integer got fraction below float range", dst: func() any { return new(Typed) }, args: `{"i":1e-400}`,
			want: []errorx.Field{S("i", N("1e-400")).R("type", "Wrong type.").E("integer").F()}},
		{name: "integer got fraction with huge negative exponent", dst: func() any { return new(Typed) }, args: `{"i":1e-999999999}`,
			want: []errorx.Field{S("i", N("1e-999999999")).R("type", "Wrong type.").E("integer").F()}},
		{name: "boolean got string", dst: func() any { return new(Typed) }, args: `{"b":"true"}`,
			want: []errorx.Field{S("b", "true").R("type", "Wrong type.").E("boolean").F()}},
		{name: "object got array", dst: func() any { return new(Typed) }, args: `{"o":[1]}`,
			want: []errorx.Field{S("o", []any{N("1")}).R("type", "Wrong type.").E("object").F()}},
		{name: "array got string", dst: func() any { return new(Typed) }, args: `{"a":"1,2"}`,
			want: []errorx.Field{S("a", "1,2").R("type", "Wrong type.").E("array").F()}},
		{name: "array element wrong type", dst: func() any { return new(Typed) }, args: `{"a":[1,"2",3]}`,
			want: []errorx.Field{S("a.1", "2").R("type", "Wrong type.").E("integer").F()}},
		{name: "map value wrong type", dst: func() any { return new(Typed) }, args: `{"m":{"x":true}}`,
			want: []errorx.Field{S("m.x", true).R("type", "Wrong type.").E("integer").F()}},
		{name: "map integer key", dst: func() any { return new(Typed) }, args: `{"mi":{"7":"ok","x":"no"}}`,
			want: []errorx.Field{S("mi.x", "x").R("type", "Invalid key.").E("an integer").F()}},
		{name: "int8 overflow", dst: func() any { return new(Typed) }, args: `{"i8":300}`,
			want: []errorx.Field{S("i8", N("300")).R("overflow", "Out of range.").E("an integer from -128 to 127").F()}},
		{name: "uint negative", dst: func() any { return new(Typed) }, args: `{"u":-1}`,
			want: []errorx.Field{S("u", N("-1")).R("overflow", "Out of range.").E("an integer from 0 to 18446744073709551615").F()}},
		{name: "uint negative in float form", dst: func() any { return new(Typed) }, args: `{"u":-1e0}`,
			want: []errorx.Field{S("u", N("-1e0")).R("overflow", "Out of range.").E("an integer from 0 to 18446744073709551615").F()}},
		{name: "uint64 overflow by one", dst: func() any { return new(Typed) }, args: `{"u64":18446744073709551616}`,
			want: []errorx.Field{S("u64", N("18446744073709551616")).R("overflow", "Out of range.").E("an integer from 0 to 18446744073709551615").F()}},
		{name: "int8 overflow in float form", dst: func() any { return new(Typed) }, args: `{"i8":1.28e2}`,
			want: []errorx.Field{S("i8", N("1.28e2")).R("overflow", "Out of range.").E("an integer from -128 to 127").F()}},
		{name: "int64 overflow with huge exponent", dst: func() any { return new(Typed) }, args: `{"i64":1e999999999}`,
			want: []errorx.Field{S("i64", N("1e999999999")).R("overflow", "Out of range.").E("an integer from -9223372036854775808 to 9223372036854775807").F()}},
		{name: "int64 overflow in float form", dst: func() any { return new(Typed) }, args: `{"i64":1.8e19}`,
			want: []errorx.Field{S("i64", N("1.8e19")).R("overflow", "Out of range.").E("an integer from -9223372036854775808 to 9223372036854775807").F()}},
		{name: "int64 overflow", dst: func() any { return new(Typed) }, args: `{"i":99999999999999999999}`,
			want: []errorx.Field{S("i", N("99999999999999999999")).R("overflow", "Out of range.").E("an integer from -9223372036854775808 to 9223372036854775807").F()}},
		{name: "float32 overflow", dst: func() any { return new(Typed) }, args: `{"f32":1e39}`,
			want: []errorx.Field{S("f32", N("1e39")).R("overflow", "Out of range.").E("a number from -3.4028235e+38 to 3.4028235e+38").F()}},
		{name: "fixed array too long", dst: func() any { return new(Typed) }, args: `{"arr":[1,2,3]}`,
			want: []errorx.Field{S("arr", []any{N("1"), N("2"), N("3")}).R("max", "Too many items.").H("Maximum 2 items.").F()}},
		{name: "time not RFC 3339", dst: func() any { return new(Typed) }, args: `{"t":"yesterday"}`,
			want: []errorx.Field{S("t", "yesterday").R("format", "Invalid datetime.").E("an ISO 8601 datetime (e.g. 2024-01-15T10:30:00Z)").F()}},
		{name: "time got number", dst: func() any { return new(Typed) }, args: `{"t":17}`,
			want: []errorx.Field{S("t", N("17")).R("type", "Wrong type.").E("string").F()}},
		{name: "string option", dst: func() any { return new(Typed) }, args: `{"q":7}`,
			want: []errorx.Field{S("q", N("7")).R("type", "Wrong type.").E("a string holding an integer").F()}},
		{name: "any takes anything, pointer takes null", dst: func() any { return new(Typed) }, args: `{"any":[1,{"a":null}],"p":null,"q":"12"}`},
		{name: "arguments not an object", dst: func() any { return new(Team) }, args: `["name"]`,
			want: []errorx.Field{S("", []any{"name"}).R("type", "Wrong type.").E("object").F()}},
		{name: "arguments not JSON", dst: func() any { return new(Team) }, args: `{"name":`,
			want: []errorx.Field{S("", `{"name":`).R("syntax", "Is not valid JSON.").E("a JSON object").F()}},
		{name: "empty arguments are an empty object", dst: func() any { return new(Team) }, args: ``,
			want: []errorx.Field{
				sentence.RequiredField("name"),
				M("owner.email").R("required", "Required.").F(),
				M("owner.age").R("gte", "Too small.").H("Must be >= 18.").P("18").F(),
			}},
		{name: "a wrong type hides the rules of the same field", dst: func() any { return new(Member) }, args: `{"email":42,"age":"x"}`,
			want: []errorx.Field{
				S("email", N("42")).R("type", "Wrong type.").E("string").F(),
				S("age", "x").R("type", "Wrong type.").E("integer").F(),
			}},
		{name: "a wrong type hides the rules below it", dst: func() any { return new(Team) }, args: `{"name":"t","owner":"bob"}`,
			want: []errorx.Field{S("owner", "bob").R("type", "Wrong type.").E("object").F()}},

		// unknown keys
		{name: "unknown key near", dst: func() any { return new(Member) }, args: `{"emial":"a@b.co","email":"a@b.co","age":20}`,
			want: []errorx.Field{S("emial", "a@b.co").R("unknown", "Unknown field.").H("Did you mean 'email'?").F()}},
		{name: "unknown key far", dst: func() any { return new(Member) }, args: `{"email":"a@b.co","age":20,"hallucinated_param":1}`,
			want: []errorx.Field{S("hallucinated_param", N("1")).R("unknown", "Unknown field.").H("Remove it. Valid fields: 'email', 'age'.").F()}},
		{name: "unknown key with other case", dst: func() any { return new(Member) }, args: `{"Email":"a@b.co","age":20}`,
			want: []errorx.Field{
				M("email").R("required", "Required.").F(),
				S("Email", "a@b.co").R("unknown", "Unknown field.").H("Did you mean 'email'?").F(),
			}},
		{name: "unknown keys nested and last in input order", dst: func() any { return new(Team) },
			args: `{"zzz":1,"owner":{"emali":"x","email":"o@x.io","age":30},"nmae":"t","members":[{"email":"a@b.co","age":20,"agee":3}]}`,
			want: []errorx.Field{
				sentence.RequiredField("name"),
				S("owner.emali", "x").R("unknown", "Unknown field.").H("Did you mean 'email'?").F(),
				S("members.0.agee", N("3")).R("unknown", "Unknown field.").H("Did you mean 'age'?").F(),
				S("zzz", N("1")).R("unknown", "Unknown field.").H("Remove it. Valid fields: 'name', 'owner', 'members', 'tags', 'labels', 'address', 'matrix'.").F(),
				S("nmae", "t").R("unknown", "Unknown field.").H("Did you mean 'name'?").F(),
			}},
		{name: "ignored discriminator", dst: func() any { return new(Member) }, args: `{"action":"create","email":"a@b.co","age":20}`,
			opts: []validation.Option{validation.IgnoreKeys("action")}},

		// aliases and custom rules
		{name: "alias reports the actual tag", v: custom, dst: func() any {
			return new(struct {
				V string `json:"v" validate:"role"`
			})
		}, args: `{"v":"usr"}`, want: []errorx.Field{S("v", "usr").R("oneof", "Not one of the valid options.").O("admin", "user").H("Did you mean 'user'?").F()}},
		{name: "alias with its own translation", v: custom, dst: func() any {
			return new(struct {
				V int `json:"v" validate:"adult"`
			})
		}, args: `{"v":12}`, want: []errorx.Field{S("v", N("12")).R("adult", "Must be an adult.").H("Must be >= 18.").F()}},
		{name: "custom tag with translation", v: custom, dst: func() any {
			return new(struct {
				V int `json:"v" validate:"even"`
			})
		}, args: `{"v":3}`, want: []errorx.Field{S("v", N("3")).R("even", "Must be even.").E("an even number (e.g. 2)").F()}},
		{name: "custom tag fallback names rule and parameter", v: custom, dst: func() any {
			return new(struct {
				V int `json:"v" validate:"divisible_by=3"`
			})
		}, args: `{"v":4}`, want: []errorx.Field{S("v", N("4")).R("divisible_by", "Failed the 'divisible_by' rule.").E("a value satisfying divisible_by=3").P("3").F()}},
		{name: "unknown built-in tag fallback", dst: func() any {
			return new(struct {
				V string `json:"v" validate:"isbn"`
			})
		}, args: `{"v":"x"}`, want: []errorx.Field{S("v", "x").R("isbn", "Failed the 'isbn' rule.").E("a value satisfying isbn").F()}},

		{name: "struct-level failures", v: custom, dst: func() any { return new(Window) }, args: `{"end":1,"start":5}`,
			want: []errorx.Field{
				S("end", N("1")).R("after_start", "Must come after start.").F(),
				M("range").R("valid_range", "Failed the 'valid_range' rule.").E("a value satisfying valid_range").F(),
			}},
		{name: "excluded_with and isdefault", dst: func() any { return new(Checkout) }, args: `{"discount":"10%","coupon":"SAVE","internal":"x"}`,
			want: []errorx.Field{
				S("coupon", "SAVE").R("excluded_with", "Must not be set.").H("Not allowed when 'discount' is set.").F(),
				S("internal", "x").R("isdefault", "Must not be set.").F(),
			}},
		{name: "bytes are base64", dst: func() any { return new(Checkout) }, args: `{"blob":"***"}`,
			want: []errorx.Field{S("blob", "***").R("format", "Invalid base64.").E("a base64-encoded string (e.g. aGVsbG8=)").F()}},
		{name: "dive into map of structs", dst: func() any { return new(Checkout) }, args: `{"by_name":{"bob":{"email":"bob@","age":20}}}`,
			want: []errorx.Field{S("by_name.bob.email", "bob@").R("email", "Invalid email address.").E(emailExp).F()}},

		// eight fields at once
		{name: "eight failing fields", dst: func() any { return new(Eight) },
			args: `{"role":"admn","website":"not a url","email":"nope","age":7,"name":"A","tags":["Go","ok"],"color":"blue","country":"France","extra":true}`,
			want: []errorx.Field{
				S("name", "A").R("min", "Too short.").H("Minimum length: 2 characters.").P("2").F(),
				S("email", "nope").R("email", "Invalid email address.").E(emailExp).F(),
				S("age", N("7")).R("gte", "Too small.").H("Must be >= 18.").P("18").F(),
				S("role", "admn").R("oneof", "Not one of the valid options.").O("admin", "user", "guest").H("Did you mean 'admin'?").F(),
				S("website", "not a url").R("url", "Invalid URL.").E("a valid URL (e.g. https://example.com)").F(),
				sentence.RequiredField("id"),
				S("tags.0", "Go").R("lowercase", "Must be lowercase.").E("lowercase text (e.g. abc)").F(),
				S("color", "blue").R("hexcolor", "Invalid hex color.").E("a hex color (e.g. #1a2b3c or #fff)").F(),
				S("country", "France").R("iso3166_1_alpha2", "Invalid country code.").E("an ISO 3166-1 alpha-2 country code (e.g. US)").F(),
				S("extra", true).R("unknown", "Unknown field.").H("Remove it. Valid fields: 'name', 'email', 'age', 'role', 'website', 'id', 'tags', 'color', 'country'.").F(),
			}},
	}
}

func TestBindTable(t *testing.T) {
	cs := cases(t)
	if len(cs) < 60 {
		t.Fatalf("only %d cases", len(cs))
	}
	for _, c := range cs {
		t.Run(c.name, func(t *testing.T) {
			v := c.v
			if v == nil {
				v = validation.Default()
			}
			dst := c.dst()
			got := fieldsOf(t, v, dst, c.args, c.opts...)
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("args %s\n got %s\nwant %s", c.args, fieldJSON(got), fieldJSON(c.want))
			}
			if c.val != nil && !reflect.DeepEqual(dst, c.val) {
				t.Errorf("args %s\n got %+v\nwant %+v", c.args, dst, c.val)
			}
			for _, f := range got {
				if !strings.HasSuffix(f.Message, ".") || strings.HasSuffix(f.Expected, ".") ||
					(f.Hint != "" && !strings.HasSuffix(f.Hint, ".") && !strings.HasSuffix(f.Hint, "?")) {
					t.Errorf("field %q breaks the punctuation rules: %+v", f.Path, f)
				}
			}
		})
	}
}
