package validation_test

import (
	"encoding/json"
	"testing"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/validation"
)

// fb builds an expected field.
type fb struct{ f errorx.Field }

// S is a field the caller sent v for.
func S(path string, v any) fb { return fb{errorx.Field{Path: path, Sent: v, WasSent: true}} }

// M is a field the caller sent nothing for.
func M(path string) fb { return fb{errorx.Field{Path: path}} }

// N is a sent JSON number.
func N(lit string) json.Number { return json.Number(lit) }

// R sets the rule and the message.
func (b fb) R(rule, msg string) fb { b.f.Rule, b.f.Message = rule, msg; return b }

// E sets Expected.
func (b fb) E(s string) fb { b.f.Expected = s; return b }

// H sets Hint.
func (b fb) H(s string) fb { b.f.Hint = s; return b }

// O sets Options.
func (b fb) O(o ...string) fb { b.f.Options = o; return b }

// P sets Param, the rule's parameter as the tag writes it.
func (b fb) P(s string) fb { b.f.Param = s; return b }

// F returns the field.
func (b fb) F() errorx.Field { return b.f }

// fieldsOf binds args into dst and returns the error's fields; nil when
// the arguments are valid.
func fieldsOf(t *testing.T, v *validation.Validator, dst any, args string, opts ...validation.Option) []errorx.Field {
	t.Helper()
	err := v.BindJSON("tool", []byte(args), dst, opts...)
	if err == nil {
		return nil
	}
	e, ok := errorx.As(err)
	if !ok {
		t.Fatalf("BindJSON returned %T %v, want *errorx.Error", err, err)
	}
	if e.Code != errorx.CodeInvalidInput || e.Class != errorx.ClassValidation {
		t.Fatalf("error %s/%s, want INVALID_INPUT/VALIDATION: %v", e.Code, e.Class, e)
	}
	if e.Tool != "tool" || e.Recovery != codes.ValidationRecovery {
		t.Errorf("tool %q recovery %q", e.Tool, e.Recovery)
	}
	return e.Fields
}

// fieldJSON shows a field list for failure messages.
func fieldJSON(fs []errorx.Field) string {
	b, _ := json.MarshalIndent(fs, "", "  ")
	return string(b)
}
