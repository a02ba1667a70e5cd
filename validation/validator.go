package validation

import (
	"reflect"
	"strings"

	"github.com/go-playground/validator/v10"
)

// Rule names this package gives failures that are not validator tags.
const (
	// RuleType marks a value of the wrong JSON type; Expected names the
	// JSON type (string, number, integer, boolean, object, array).
	RuleType = "type"
	// RuleUnknown marks a key the arguments' struct does not have.
	RuleUnknown = "unknown"
	// RuleRequired is validator's required tag.
	RuleRequired = "required"
	// RuleOverflow marks a number outside the range of its Go type.
	RuleOverflow = "overflow"
	// RuleFormat marks a value its Go type's own decoding rejected (a
	// time.Time that is not RFC 3339, a custom UnmarshalJSON failing).
	RuleFormat = "format"
	// RuleSyntax marks arguments that are not JSON at all.
	RuleSyntax = "syntax"
	// RuleDepth marks the first object or array nested past MaxDepth
	// levels; its Sent is "…(truncated, N bytes)", N being the size of its
	// JSON text.
	RuleDepth = "depth"
	// RuleDuplicate marks a key sent a second time in one object ("Sent
	// twice."), at any depth: JSON parsers disagree on which of the two
	// wins, so neither is taken. Sent is the repeated value; a key sent
	// more times is reported once.
	RuleDuplicate = "duplicate"
	// RulePath marks the value at which the paths of the values sent add
	// up to more than 64 times the size of the arguments (plus 64 KiB):
	// keys too long above too many values. Binding stops there, and
	// nothing is validated; Sent is the value, objects and arrays written
	// "…(truncated, N bytes)".
	RulePath = "path"
)

// Validator validates tool arguments and explains failures as
// errorx fields. It wraps a *validator.Validate configured with JSON field
// names (RegisterTagNameFunc with the json tag; json:"-" fields and promoted
// embedded structs omitted from namespaces with WithTagNameFuncBlankOmit)
// and validator.WithRequiredStructEnabled, plus a message catalogue for
// validator's baked-in tags that the caller can extend.
//
// Like validator itself, a Validator is safe for concurrent use once
// configured: register validations and translations before the first
// validation, never while validations run.
type Validator struct {
	v      *validator.Validate
	custom map[string]Translation
	// registered holds the tags of RegisterValidation: a built-in tag
	// given a new meaning has no schema form any more.
	registered map[string]bool
}

// New returns a Validator. The options are validator's own, applied after
// WithRequiredStructEnabled and WithTagNameFuncBlankOmit.
func New(opts ...validator.Option) *Validator {
	all := append([]validator.Option{validator.WithRequiredStructEnabled(), validator.WithTagNameFuncBlankOmit()}, opts...)
	v := validator.New(all...)
	v.RegisterTagNameFunc(tagName)
	return &Validator{v: v}
}

var std = New()

// Default returns the package's Validator, used when no other is given.
// Registering on it affects every caller in the program.
func Default() *Validator { return std }

// Validate returns the underlying *validator.Validate, for what this type
// does not wrap (aliases, struct-level validations, custom type funcs).
// Its tag name function must stay as New set it.
func (v *Validator) Validate() *validator.Validate { return v.v }

// RegisterValidation adds a custom validation tag with the message it
// produces when it fails (t may be nil: the generic fallback then names
// the rule and its parameter). callEvenIfNull is validator's option.
func (v *Validator) RegisterValidation(tag string, fn validator.Func, t Translation, callEvenIfNull ...bool) error {
	if err := v.v.RegisterValidation(tag, fn, callEvenIfNull...); err != nil {
		return err
	}
	if v.registered == nil {
		v.registered = map[string]bool{}
	}
	v.registered[tag] = true
	if t != nil {
		v.RegisterTranslation(tag, t)
	}
	return nil
}

// RegisterTranslation sets how failures of tag read, overriding the
// built-in catalogue. tag may be an alias name: a translation registered
// for an alias wins over the one of the tag the alias stands for, and the
// field's Rule is then the alias name.
func (v *Validator) RegisterTranslation(tag string, t Translation) {
	if v.custom == nil {
		v.custom = map[string]Translation{}
	}
	v.custom[tag] = t
}

// Translation writes the text of one failure. Its texts are the server's
// sentences, which toolError:v1 writes as markdown as they are: they must
// not hold what the caller sent (f.Sent, f.Value, f.Path, a map key), which
// the error already carries where every dialect escapes it; name a key the
// caller chose, if a sentence must, through errorx.Quote.
type Translation func(f Failure) Text

// Text is how one failure reads; see errorx.Field for the conventions.
type Text struct {
	// Message says what is wrong as a sentence ending with a period,
	// without repeating the value sent: "Invalid email address.".
	Message string
	// Expected says what to send instead, without a trailing period: "a
	// valid email address (e.g. user@example.com)".
	Expected string
	// Options lists the valid values when there is a fixed set.
	Options []string
	// Hint is further advice as whole sentences: "Must be >= 18.".
	Hint string
}

// Failure is one failed validation rule, as a Translation sees it.
type Failure struct {
	// Tag is the tag as written in the struct: an alias name when an alias
	// failed, the whole group for an or-group ("hexcolor|rgb").
	Tag string
	// ActualTag is the validator tag that failed ("oneof" for an alias of
	// oneof).
	ActualTag string
	// Param is the tag's parameter ("2" for min=2).
	Param string
	// Kind and Type describe the failing Go value, pointers dereferenced.
	Kind reflect.Kind
	Type reflect.Type
	// Value is the Go value that failed (the key for a map-key rule).
	Value any
	// Path is the field's JSON path.
	Path string
	// Key reports that the failing value is a map key, not a value.
	Key bool
	// Sent is what the caller sent at Path (see errorx.Field); WasSent
	// reports whether it sent anything there.
	Sent    any
	WasSent bool

	parent *structInfo
}

// JSONName returns the JSON name of a field of the struct that holds the
// failing field, given its Go name as validator's field-reference tags
// (eqfield=Password, required_if=Role admin) write it; dotted names are
// followed through nested structs, and fields promoted from embedded
// structs are found as Go finds them (Mode of an embedded Base is "mode",
// or "base.mode" when Base has the JSON name "base"). A name it cannot
// resolve is returned as it is.
func (f Failure) JSONName(goName string) string {
	si := f.parent
	if si == nil {
		return goName
	}
	var b strings.Builder
	rest := goName
	for rest != "" {
		var part string
		part, rest, _ = strings.Cut(rest, ".")
		var ft reflect.Type
		if gf := si.byGo[part]; gf != nil {
			writeJSONName(&b, gf)
			ft = si.goType.Field(gf.idx).Type
		} else {
			// A field promoted from an embedded struct: follow its index
			// sequence, naming the embedded structs that have a JSON name.
			sf, ok := si.goType.FieldByName(part)
			if !ok {
				return goName
			}
			t := si.goType
			for _, i := range sf.Index {
				t = baseType(t)
				if t.Kind() != reflect.Struct {
					return goName
				}
				writeJSONName(&b, infoOf(t).goList[i])
				t = t.Field(i).Type
			}
			ft = t
		}
		if rest == "" {
			break
		}
		ft = baseType(ft)
		if ft.Kind() != reflect.Struct {
			return goName
		}
		si = infoOf(ft)
	}
	return b.String()
}

// writeJSONName appends the path segment of field gf to b: its JSON name
// (its Go name when it has none), nothing for an embedded struct whose
// fields are promoted.
func writeJSONName(b *strings.Builder, gf *goField) {
	if gf.promoted {
		return
	}
	if b.Len() > 0 {
		b.WriteByte('.')
	}
	if gf.jsonName != "" {
		b.WriteString(gf.jsonName)
	} else {
		b.WriteString(gf.goName)
	}
}
