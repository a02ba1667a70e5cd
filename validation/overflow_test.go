package validation_test

import (
	"testing"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/validation"
)

type boundedArgs struct {
	Qty   int      `json:"qty" validate:"min=1,max=99"`
	Low   int8     `json:"low" validate:"gte=-5"`
	Ptr   *uint16  `json:"ptr" validate:"omitempty,lte=300"`
	Price float32  `json:"price" validate:"gt=0,max=1000"`
	Items []int    `json:"items" validate:"max=3,dive,min=0,max=9"`
	Plain int32    `json:"plain"`
	Wide  int8     `json:"wide" validate:"min=-1000,max=1000"`
	Or    int      `json:"or" validate:"min=1|max=-1"`
	Odd   uint     `json:"odd" validate:"omitempty,min=2"`
	Fl    *float64 `json:"fl" validate:"min=0.5,max=2.5"`
}

// TestOverflowNamesTheFieldsBounds: a number out of its Go type's range is
// reported with the field's own bounds where its tags give them (clamped
// to the type's range), the type's elsewhere.
func TestOverflowNamesTheFieldsBounds(t *testing.T) {
	for _, tc := range []struct{ args, path, want string }{
		{`{"qty":1e20}`, "qty", "an integer from 1 to 99"},
		{`{"qty":-1e20}`, "qty", "an integer from 1 to 99"},
		{`{"low":1000}`, "low", "an integer from -5 to 127"},
		{`{"ptr":70000}`, "ptr", "an integer from 0 to 300"},
		{`{"price":1e39}`, "price", "a number from -3.4028235e+38 to 1000"},
		{`{"items":[1e20]}`, "items.0", "an integer from 0 to 9"},
		{`{"plain":1e20}`, "plain", "an integer from -2147483648 to 2147483647"},
		{`{"wide":1e20}`, "wide", "an integer from -128 to 127"},
		{`{"or":1e20}`, "or", "an integer from -9223372036854775808 to 9223372036854775807"},
		{`{"odd":-1}`, "odd", "an integer from 2 to 18446744073709551615"},
		{`{"fl":1e400}`, "fl", "a number from 0.5 to 2.5"},
	} {
		err := validation.Default().BindJSON("t", []byte(tc.args), new(boundedArgs))
		e, _ := errorx.As(err)
		var f *errorx.Field
		for i := range e.Fields {
			if e.Fields[i].Path == tc.path && e.Fields[i].Rule == validation.RuleOverflow {
				f = &e.Fields[i]
			}
		}
		switch {
		case f == nil:
			t.Errorf("%s: no overflow at %s: %v", tc.args, tc.path, e.Fields)
		case f.Expected != tc.want:
			t.Errorf("%s: expected %q, want %q", tc.args, f.Expected, tc.want)
		}
	}
}
