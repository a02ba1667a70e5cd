package errorx

import "iter"

// The unexported names the external tests check, under their old names.
var (
	DeriveClass   = deriveClass
	IsStatus      = isStatus
	ParseClass    = parseClass
	ParseSeverity = parseSeverity
)

const (
	MaxLogFields  = maxLogFields
	MaxValueDepth = maxValueDepth
)

// Has reports whether key is present.
func (d Details) Has(key string) bool { return d.index(key) >= 0 }

// Keys iterates over the keys in order.
func (d Details) Keys() iter.Seq[string] {
	return func(yield func(string) bool) {
		for _, p := range d.kv {
			if !yield(p.Key) {
				return
			}
		}
	}
}
