package render

import "github.com/mcperr/mcperr/errorx"

// pathScan is the longest list of fields whose shared paths are found by
// comparing each field with those before it; a longer one gets a map, so
// that the work stays linear in the number of fields, without an
// allocation for the few fields of the usual error.
const pathScan = 32

// pathIndex finds, for each field of a list, the first field with the same
// path.
type pathIndex struct {
	fields []errorx.Field
	firsts map[string]int // each path's first field, for a long list
}

// indexPaths returns the pathIndex of fields.
func indexPaths(fields []errorx.Field) pathIndex {
	p := pathIndex{fields: fields}
	if len(fields) > pathScan {
		p.firsts = make(map[string]int, len(fields))
		for i := len(fields) - 1; i >= 0; i-- {
			p.firsts[fields[i].Path] = i
		}
	}
	return p
}

// first returns the index of the first field whose path is field i's: i
// itself when no field before it has that path.
func (p pathIndex) first(i int) int {
	if p.firsts != nil {
		return p.firsts[p.fields[i].Path]
	}
	for j := range i {
		if p.fields[j].Path == p.fields[i].Path {
			return j
		}
	}
	return i
}
