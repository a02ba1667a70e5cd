package errorx_test

import (
	"errors"
	"fmt"
	"io"
	"testing"

	"github.com/mcperr/mcperr/errorx"
)

// asNil is an error whose As method fills an **errorx.Error target with nil
// and reports true, as a careless As method may.
type asNil struct{}

func (asNil) Error() string { return "as nil" }
func (asNil) As(target any) bool {
	p, ok := target.(**errorx.Error)
	if ok {
		*p = nil
	}
	return ok
}

// asModel is an error whose As method gives a model.
type asModel struct{ e *errorx.Error }

func (a asModel) Error() string { return "as model" }
func (a asModel) As(target any) bool {
	p, ok := target.(**errorx.Error)
	if ok {
		*p = a.e
	}
	return ok
}

// checkA returns a nil *errorx.Error converted to error: the typed-nil
// trap.
func checkA() error {
	var e *errorx.Error
	return e
}

// TestNilModelInChain checks that a nil *Error anywhere in a chain is
// skipped: the first non-nil *Error wins, As never returns (nil, true), and
// a chain holding only nil *Errors is an unclassified INTERNAL_ERROR.
func TestNilModelInChain(t *testing.T) {
	found := errorx.NotFound("Project 'p' does not exist.")
	other := errorx.Conflict("Taken.")
	nilErr := checkA()
	for _, c := range []struct {
		name string
		err  error
		want *errorx.Error // nil: no model in the chain
	}{
		{"join: nil first", errors.Join(nilErr, found), found},
		{"join: nil last", errors.Join(found, nilErr), found},
		{"join: nil, nil, model", errors.Join(nilErr, errors.Join(nilErr, io.EOF), found), found},
		{"wrapped join", fmt.Errorf("checks: %w", errors.Join(nilErr, found)), found},
		{"two %w: nil first", fmt.Errorf("%w; %w", nilErr, found), found},
		{"first non-nil wins", errors.Join(nilErr, found, other), found},
		{"As method filling nil", errors.Join(asNil{}, found), found},
		{"As method filling a model", fmt.Errorf("x: %w", asModel{found}), found},
		{"top-level nil", nilErr, nil},
		{"wrapped nil", fmt.Errorf("w: %w", nilErr), nil},
		{"join of nils", errors.Join(nilErr, nilErr), nil},
		{"As method alone", asNil{}, nil},
		{"no model", io.EOF, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			e, ok := errorx.As(c.err)
			if e != c.want || ok != (c.want != nil) {
				t.Fatalf("As = (%v, %v), want (%v, %v)", e, ok, c.want, c.want != nil)
			}
			if e, ok := errorx.As(c.err); ok {
				_ = e.Code // never a nil pointer
			}
			got := errorx.From(c.err)
			switch {
			case got == nil:
				t.Fatal("From = nil for a non-nil error")
			case c.want != nil && got != c.want:
				t.Errorf("From = %v, want %v as it is", got, c.want)
			case c.want == nil && c.err != io.EOF && (got.Code != errorx.CodeInternalError || !errors.Is(got, c.err)):
				t.Errorf("From = %v (cause reachable: %v), want INTERNAL_ERROR around the error", got, errors.Is(got, c.err))
			}
		})
	}
	if e, ok := errorx.As(nil); e != nil || ok {
		t.Errorf("As(nil) = (%v, %v)", e, ok)
	}
}
