package validation

import (
	"reflect"
	"strconv"
	"strings"
)

// swapTag sets d.tag and returns the tag it replaces, for setTag.
func (d *decoder) swapTag(tag string) string {
	saved := d.tag
	d.tag = tag
	return saved
}

func (d *decoder) setTag(tag string) { d.tag = tag }

// afterDive is the part of a validate tag that applies to a container's
// elements: after dive, for a map after keys…endkeys too.
func afterDive(tag string, isMap bool) string {
	if tag == "" {
		return ""
	}
	i := strings.Index(","+tag+",", ",dive,")
	if i < 0 {
		return ""
	}
	rest := tag[min(i+len("dive,"), len(tag)):]
	if isMap && strings.HasPrefix(rest, "keys,") {
		j := strings.Index(rest+",", ",endkeys,")
		if j < 0 {
			return ""
		}
		rest = rest[min(j+len(",endkeys,"), len(rest)):]
	}
	return rest
}

// bounds is the Expected of an overflow: "an integer from lo to hi", with
// the bounds of the value's own min, max, gte, lte, len and eq rules where
// they are tighter than the type's range (lo, hi).
func (d *decoder) bounds(what string, t reflect.Type, lo, hi string) string {
	if d.tag != "" {
		own, _, _ := splitDive(parseRules(d.tag))
		for _, r := range own {
			p, ok := boundParam(t, r.param)
			if !ok {
				continue
			}
			switch r.tag {
			case "min", "gte", "len", "eq":
				if compareNumbers(p, lo) > 0 && compareNumbers(p, hi) <= 0 {
					lo = p
				}
			}
			switch r.tag {
			case "max", "lte", "len", "eq":
				if compareNumbers(p, hi) < 0 && compareNumbers(p, lo) >= 0 {
					hi = p
				}
			}
		}
	}
	return what + " from " + lo + " to " + hi
}

// boundParam is a rule's parameter as a number of t's kind, as validator
// parses it.
func boundParam(t reflect.Type, param string) (string, bool) {
	switch t.Kind() {
	case reflect.Float32, reflect.Float64:
		f, err := strconv.ParseFloat(param, 64)
		return strconv.FormatFloat(f, 'g', -1, 64), err == nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		u, err := strconv.ParseUint(param, 0, 64)
		return strconv.FormatUint(u, 10), err == nil
	}
	n, err := strconv.ParseInt(param, 0, 64)
	return strconv.FormatInt(n, 10), err == nil
}
