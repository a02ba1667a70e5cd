package jsonw

import (
	"encoding/json"
	"math/bits"
	"strconv"
)

// The reading functions take JSON text as a string and return substrings
// of it where they can, so they allocate little; the text must therefore be
// immutable (a string, not bytes someone may change).

// Member is one member of a JSON object: its key and its raw value.
type Member struct {
	Key string
	Raw string
}

// Object returns the members of a JSON object in document order, or false
// when data is not valid JSON or not an object.
func Object(data string) ([]Member, bool) {
	if !Valid(data) {
		return nil, false
	}
	return members(data)
}

// members is Object for data already known to be valid JSON.
func members(data string) ([]Member, bool) {
	s := scanner{data: data}
	s.ws()
	if s.i >= len(data) || data[s.i] != '{' {
		return nil, false
	}
	s.i++
	out := make([]Member, 0, 8)
	for {
		s.ws()
		if data[s.i] == '}' {
			return out, true
		}
		if data[s.i] == ',' {
			s.i++
			s.ws()
		}
		key := s.str()
		s.ws()
		s.i++ // ':'
		s.ws()
		start := s.i
		s.skipValue()
		out = append(Grow(out), Member{key, data[start:s.i]})
	}
}

// Members is Object for data already known to be valid JSON.
func Members(data string) ([]Member, bool) { return members(data) }

// skipValue moves past one value of valid JSON.
func (s *scanner) skipValue() {
	switch s.data[s.i] {
	case '{', '[', '"':
		s.skip()
	default:
		for s.i < len(s.data) {
			switch s.data[s.i] {
			case ',', '}', ']', ' ', '\t', '\n', '\r':
				return
			}
			s.i++
		}
	}
}

// Elements returns the raw elements of a valid JSON array, or false when raw
// is not an array.
func Elements(raw string) ([]string, bool) {
	s := scanner{data: raw}
	s.ws()
	if s.i >= len(raw) || raw[s.i] != '[' {
		return nil, false
	}
	s.i++
	var out []string
	for {
		s.ws()
		switch raw[s.i] {
		case ']':
			return out, true
		case ',':
			s.i++
			s.ws()
		}
		start := s.i
		s.skipValue()
		out = append(Grow(out), raw[start:s.i])
	}
}

// String returns the string a raw JSON value holds, or false when it is not
// a string.
func String(raw string) (string, bool) {
	if len(raw) == 0 || raw[0] != '"' {
		return "", false
	}
	s := scanner{data: raw}
	return s.str(), true
}

// Bool returns the boolean a raw JSON value holds.
func Bool(raw string) (v, ok bool) {
	switch raw {
	case "true":
		return true, true
	case "false":
		return false, true
	}
	return false, false
}

// Float returns the number a raw JSON value holds.
func Float(raw string) (float64, bool) {
	if len(raw) == 0 || !(raw[0] == '-' || '0' <= raw[0] && raw[0] <= '9') {
		return 0, false
	}
	f, err := strconv.ParseFloat(raw, 64)
	return f, err == nil
}

// Strings returns the strings of a raw JSON array of strings.
func Strings(raw string) ([]string, bool) {
	els, ok := Elements(raw)
	if !ok {
		return nil, false
	}
	out := make([]string, 0, len(els))
	for _, el := range els {
		s, ok := String(el)
		if !ok {
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}

// Decode returns a raw valid JSON value as encoding/json decodes it into any,
// except that numbers are json.Number.
func Decode(raw string) any {
	s := scanner{data: raw}
	s.ws()
	return s.decode()
}

func (s *scanner) decode() any {
	switch c := s.data[s.i]; c {
	case '{':
		s.i++
		m := map[string]any{}
		for {
			s.ws()
			switch s.data[s.i] {
			case '}':
				s.i++
				return m
			case ',':
				s.i++
				s.ws()
			}
			k := s.str()
			s.ws()
			s.i++ // ':'
			s.ws()
			m[k] = s.decode()
		}
	case '[':
		s.i++
		a := []any{}
		for {
			s.ws()
			switch s.data[s.i] {
			case ']':
				s.i++
				return a
			case ',':
				s.i++
				s.ws()
			}
			a = append(Grow(a), s.decode())
		}
	case '"':
		return s.str()
	case 't':
		s.i += 4
		return true
	case 'f':
		s.i += 5
		return false
	case 'n':
		s.i += 4
		return nil
	default:
		start := s.i
		s.skipValue()
		return json.Number(s.data[start:s.i])
	}
}

// Iter walks the members of a JSON object in document order without
// allocating.
type Iter struct {
	s scanner
}

// Iterate returns an Iter over data, which must be valid JSON (a whole
// document checked with Valid, or a Raw value of one), or false when data
// is not an object.
func Iterate(data string) (Iter, bool) {
	s := scanner{data: data}
	s.ws()
	if s.i >= len(data) || data[s.i] != '{' {
		return Iter{}, false
	}
	s.i++
	return Iter{s: s}, true
}

// Next returns the next member's key and raw value, or ok false after the
// last.
func (it *Iter) Next() (key, raw string, ok bool) {
	s := &it.s
	s.ws()
	if s.i >= len(s.data) || s.data[s.i] == '}' {
		return "", "", false
	}
	if s.data[s.i] == ',' {
		s.i++
		s.ws()
	}
	key = s.str()
	s.ws()
	s.i++ // ':'
	s.ws()
	start := s.i
	s.skipValue()
	return key, s.data[start:s.i], true
}

// Count returns how many members are left, without moving it: a walk of
// the object's text that allocates nothing, so that a caller can size what
// it builds once instead of growing it.
func (it Iter) Count() int {
	n := 0
	for _, _, ok := it.Next(); ok; _, _, ok = it.Next() {
		n++
	}
	return n
}

// ArrayIter walks the elements of a JSON array in document order without
// allocating.
type ArrayIter struct {
	s scanner
}

// IterateArray returns an ArrayIter over raw, which must be valid JSON (a
// whole document checked with Valid, or a Raw value of one), or false when
// raw is not an array.
func IterateArray(raw string) (ArrayIter, bool) {
	s := scanner{data: raw}
	s.ws()
	if s.i >= len(raw) || raw[s.i] != '[' {
		return ArrayIter{}, false
	}
	s.i++
	return ArrayIter{s: s}, true
}

// Next returns the next element's raw value, or ok false after the last.
func (it *ArrayIter) Next() (raw string, ok bool) {
	s := &it.s
	s.ws()
	if s.i >= len(s.data) || s.data[s.i] == ']' {
		return "", false
	}
	if s.data[s.i] == ',' {
		s.i++
		s.ws()
	}
	start := s.i
	s.skipValue()
	return s.data[start:s.i], true
}

// Count returns how many elements are left, without moving it: a walk of
// the array's text that allocates nothing, so that a caller can size what
// it builds once instead of growing it.
func (it ArrayIter) Count() int {
	n := 0
	for _, ok := it.Next(); ok; _, ok = it.Next() {
		n++
	}
	return n
}

// Grow returns s with room for one more element: when it is full, a copy
// whose capacity is the next power of two, at least 4. A slice built by
// appending to Grow's result allocates less than twice its final
// capacity, and exactly eight times as much for eight times the elements
// (append grows a slice past 256 elements by a quarter at a time: some
// five times its final size, more per element for a long list than for a
// short one).
func Grow[S ~[]E, E any](s S) S {
	if len(s) < cap(s) {
		return s
	}
	g := make(S, len(s), max(4, 1<<bits.Len(uint(len(s)))))
	copy(g, s)
	return g
}
