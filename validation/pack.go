package validation

import "github.com/mcperr/mcperr/errorx"

// pack holds an error and its fields in one allocation.
type pack[A any] struct {
	e errorx.Error
	f A
}

// newPacked returns an error and an empty fields slice of capacity n,
// allocated together when n is small (the common case): one allocation
// instead of two, and no malloc header for the slice.
func newPacked(n int) (*errorx.Error, []errorx.Field) {
	switch n {
	case 1:
		p := new(pack[[1]errorx.Field])
		return &p.e, p.f[:0]
	case 2:
		p := new(pack[[2]errorx.Field])
		return &p.e, p.f[:0]
	case 3:
		p := new(pack[[3]errorx.Field])
		return &p.e, p.f[:0]
	case 4:
		p := new(pack[[4]errorx.Field])
		return &p.e, p.f[:0]
	case 5:
		p := new(pack[[5]errorx.Field])
		return &p.e, p.f[:0]
	case 6:
		p := new(pack[[6]errorx.Field])
		return &p.e, p.f[:0]
	case 7:
		p := new(pack[[7]errorx.Field])
		return &p.e, p.f[:0]
	case 8:
		p := new(pack[[8]errorx.Field])
		return &p.e, p.f[:0]
	}
	return new(errorx.Error), make([]errorx.Field, 0, n)
}
