package validation

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/format"
)

// list holds field violations and, beside each, its sort key. The key
// encodes the path
// segment by segment so that ordering and "is below" tests are exact even
// when keys contain dots or brackets:
//
//	struct field   0x02, 2 bytes: position in the object's field list
//	struct level   0x03, the rest of validator's namespace, 0x00
//	unknown key    0x04, 4 bytes: offset of the key in the input
//	array index    0x02, 4 bytes: the index
//	map key        0x02, the key (0x00 and 0x01 escaped), 0x00
//
// so a struct's fields come in declaration order, then struct-level
// failures, then unknown keys in input order; elements by index; map
// entries by key.
type list struct {
	fields []errorx.Field
	meta   []meta
}

type meta struct {
	key   string
	below bool // a decoding problem: validator failures at or below key are dropped
}

func (l *list) add(f errorx.Field, key string, below bool) {
	l.fields = append(l.fields, f)
	l.meta = append(l.meta, meta{key, below})
}

const (
	ordField   = 0x02
	ordLevel   = 0x03
	ordUnknown = 0x04
)

func appendOrdField(dst []byte, ord int) []byte {
	ord = min(ord, math.MaxUint16)
	return append(dst, ordField, byte(ord>>8), byte(ord))
}

func appendOrdIndex(dst []byte, i int) []byte {
	i = min(i, math.MaxUint32)
	return append(dst, ordField, byte(i>>24), byte(i>>16), byte(i>>8), byte(i))
}

func appendOrdUnknown(dst []byte, off int) []byte {
	off = min(off, math.MaxUint32)
	return append(dst, ordUnknown, byte(off>>24), byte(off>>16), byte(off>>8), byte(off))
}

func appendOrdKey(dst []byte, tag byte, k string) []byte {
	dst = append(dst, tag)
	for i := 0; i < len(k); i++ {
		switch c := k[i]; c {
		case 0x00, 0x01:
			dst = append(dst, 0x01, c+1)
		default:
			dst = append(dst, c)
		}
	}
	return append(dst, 0x00)
}

// decoder decodes JSON arguments into a Go value strictly: every unknown
// key, wrong JSON type and out-of-range number becomes an item, and
// decoding goes on past each so one call reports them all.
type decoder struct {
	scanner
	probs  list
	path   []byte // the JSON path of the current value
	ord    []byte // its sort key
	ignore []string
	depth  int
	// tag is the validate tag of the value being decoded (after dive for
	// elements), for the bounds of overflow texts.
	tag string
	// internal is a server-side mistake found while decoding (a field the
	// struct's type does not let be set): the arguments cannot be bound.
	internal error
}

// maxDepth bounds the nesting the decoder follows into Go values, far
// above any real tool's arguments (json.Valid allows 10000 levels).
const maxDepth = 10000

func (d *decoder) push(name string, ordFn func([]byte) []byte) (int, int) {
	pl, ol := len(d.path), len(d.ord)
	if len(d.path) > 0 {
		d.path = append(d.path, '.')
	}
	d.path = append(d.path, name...)
	d.ord = ordFn(d.ord)
	return pl, ol
}

func (d *decoder) pushIndex(i int) (int, int) {
	pl, ol := len(d.path), len(d.ord)
	if len(d.path) > 0 {
		d.path = append(d.path, '.')
	}
	d.path = appendIndex(d.path, i)
	d.ord = appendOrdIndex(d.ord, i)
	return pl, ol
}

func (d *decoder) pop(pl, ol int) { d.path, d.ord = d.path[:pl], d.ord[:ol] }

// problem records a field at the current path, reading the value at the
// cursor (and moving past it) as the sent value.
func (d *decoder) problem(f errorx.Field) {
	f.Path = string(d.path)
	f.Sent, f.WasSent = d.scanner.value(), true
	d.probs.add(f, string(d.ord), true)
}

func (d *decoder) wrongType(want string) {
	d.problem(typeField(want))
}

func typeField(want string) errorx.Field {
	return errorx.WrongTypeField("", nil, want) // problem sets the path and what was sent
}

// value decodes the JSON value at the cursor into v (addressable).
func (d *decoder) value(v reflect.Value, quoted bool) {
	d.ws()
	if d.i >= len(d.s) {
		return
	}
	if d.depth++; d.depth > maxDepth {
		d.depth--
		d.skipValue()
		return
	}
	defer func() { d.depth-- }()

	t := v.Type()
	tf := factsOf(t)
	switch {
	case t.Kind() == reflect.Pointer:
		if d.peek() == 'n' && !tf.delegated {
			d.literal()
			v.SetZero()
			return
		}
		if !tf.delegated {
			if v.IsNil() {
				v.Set(reflect.New(t.Elem()))
			}
			d.value(v.Elem(), quoted)
			return
		}
		d.delegate(v, t)
		return
	case t.Kind() == reflect.Interface || tf.delegated:
		d.delegate(v, t)
		return
	}
	if d.peek() == 'n' {
		// null leaves non-nullable values as they are, as encoding/json
		// does; required rules then see the zero value.
		d.literal()
		switch t.Kind() {
		case reflect.Map, reflect.Slice:
			v.SetZero()
		}
		return
	}
	if quoted {
		d.quoted(v, t)
		return
	}
	switch t.Kind() {
	case reflect.Struct:
		d.object(v, t)
	case reflect.Map:
		d.mapValue(v, t)
	case reflect.Slice:
		if tf.jsonType == "string" { // []byte: base64
			if d.peek() != '"' {
				d.wrongType("string")
				return
			}
			d.delegate(v, t) // base64
			return
		}
		d.slice(v, t)
	case reflect.Array:
		d.array(v, t)
	case reflect.String:
		if d.peek() != '"' {
			d.wrongType("string")
			return
		}
		v.SetString(d.str())
	case reflect.Bool:
		switch d.peek() {
		case 't', 'f':
			v.SetBool(d.literal() == "true")
		default:
			d.wrongType("boolean")
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
		if c := d.peek(); c != '-' && (c < '0' || c > '9') {
			d.wrongType(tf.jsonType)
			return
		}
		start := d.i
		d.number(v, t, d.literal(), start)
	default:
		d.delegate(v, t) // channels, functions, complex numbers: encoding/json's verdict
	}
}

// number stores the number literal lit into v, or records why it cannot.
func (d *decoder) number(v reflect.Value, t reflect.Type, lit string, start int) {
	bits := t.Bits()
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, res := parseInt(lit, bits)
		switch res {
		case numOK:
			v.SetInt(n)
			return
		case numNotInteger:
			d.i = start
			d.wrongType("integer")
			return
		}
		d.i = start
		lo, hi := int64(-1)<<(bits-1), int64(1)<<(bits-1)-1
		d.problem(overflowField(d.bounds("an integer", t, strconv.FormatInt(lo, 10), strconv.FormatInt(hi, 10))))
	case reflect.Float32, reflect.Float64:
		f, err := strconv.ParseFloat(lit, bits)
		if err == nil {
			v.SetFloat(f)
			return
		}
		d.i = start
		if bits == 32 {
			d.problem(overflowField(d.bounds("a number", t, "-3.4028235e+38", "3.4028235e+38")))
		} else {
			d.problem(overflowField(d.bounds("a number", t, "-1.7976931348623157e+308", "1.7976931348623157e+308")))
		}
	default: // unsigned
		n, res := parseUint(lit, bits)
		switch res {
		case numOK:
			v.SetUint(n)
			return
		case numNotInteger:
			d.i = start
			d.wrongType("integer")
			return
		}
		d.i = start
		d.problem(overflowField(d.bounds("an integer", t, "0", strconv.FormatUint(uint64(1)<<(bits-1)<<1-1, 10))))
	}
}

func overflowField(expected string) errorx.Field {
	return errorx.Field{Message: "Out of range.", Expected: expected, Rule: RuleOverflow}
}

const (
	numOK = iota
	numNotInteger
	numOverflow
)

// parseInt parses an integer literal; integral values written with a
// fraction or an exponent (2.0, 1e3) are accepted as JSON Schema's
// "integer" accepts them, exactly (see integerDigits).
func parseInt(lit string, bits int) (int64, int) {
	if n, err := strconv.ParseInt(lit, 10, bits); err == nil {
		return n, numOK // the common case: a plain integer in range
	}
	var buf [maxDigits + 1]byte
	digits, res := integerDigits(lit, buf[:0])
	if res != numOK {
		return 0, res
	}
	n, err := strconv.ParseInt(digits, 10, bits)
	if err != nil { // digits is well-formed: only the range can fail
		return 0, numOverflow
	}
	return n, numOK
}

// parseUint is parseInt for unsigned types; a negative integer is out of
// range, while -0 and -0.0 are 0.
func parseUint(lit string, bits int) (uint64, int) {
	if n, err := strconv.ParseUint(lit, 10, bits); err == nil {
		return n, numOK
	}
	var buf [maxDigits + 1]byte
	digits, res := integerDigits(lit, buf[:0])
	if res != numOK {
		return 0, res
	}
	n, err := strconv.ParseUint(digits, 10, bits)
	if err != nil { // digits is well-formed: only the range or a '-' can fail
		return 0, numOverflow
	}
	return n, numOK
}

// maxDigits is the number of digits of the largest value of any Go integer
// type (math.MaxUint64 has 20): an integer that needs more is out of range.
const maxDigits = 20

// integerDigits decides exactly, without rounding, whether the JSON number
// literal lit (one json.Valid accepts) denotes an integer, however it is
// written: 12.50e1 is 125, 100e-2 is 1, 1.5 and 1e-400 are not integers.
// If it is one of at most maxDigits digits, integerDigits writes it into
// buf as a plain integer literal without leading zeros ("-" before a
// negative value, "0" for any zero) and returns it with numOK; otherwise it
// returns numNotInteger or numOverflow. It never materialises more than
// maxDigits digits, whatever the exponent or the length of lit.
func integerDigits(lit string, buf []byte) (string, int) {
	neg := strings.HasPrefix(lit, "-")
	if neg {
		lit = lit[1:]
	}
	mant, exp := lit, 0
	if i := strings.IndexAny(lit, "eE"); i >= 0 {
		mant = lit[:i]
		e := lit[i+1:]
		expNeg := strings.HasPrefix(e, "-")
		if expNeg || strings.HasPrefix(e, "+") {
			e = e[1:]
		}
		if e == "" {
			return "", numNotInteger
		}
		// Past limit the outcome no longer depends on the exponent: the
		// integer needs more than maxDigits digits, or the last nonzero
		// digit stays behind the point. So stop there, without overflow.
		limit := len(lit) + maxDigits
		for j := 0; j < len(e); j++ {
			if e[j] < '0' || e[j] > '9' {
				return "", numNotInteger
			}
			if exp < limit {
				exp = exp*10 + int(e[j]-'0')
			}
		}
		if expNeg {
			exp = -exp
		}
	}
	// The value is the digits of ip and fp run together, times 10^scale.
	ip, fp, _ := strings.Cut(mant, ".")
	scale := exp - len(fp)
	// Trailing zeros move into scale, leading zeros go.
	t := strings.TrimRight(fp, "0")
	scale += len(fp) - len(t)
	fp = t
	if fp == "" {
		t = strings.TrimRight(ip, "0")
		scale += len(ip) - len(t)
		ip = t
	}
	ip = strings.TrimLeft(ip, "0")
	if ip == "" {
		fp = strings.TrimLeft(fp, "0")
	}
	n := len(ip) + len(fp)
	switch {
	case n == 0:
		return "0", numOK // 0e999999999, -0.0
	case scale < 0:
		return "", numNotInteger // the last digit, nonzero, is behind the point
	case n+scale > maxDigits:
		return "", numOverflow
	}
	if neg {
		buf = append(buf, '-')
	}
	buf = append(buf, ip...)
	buf = append(buf, fp...)
	for range scale {
		buf = append(buf, '0')
	}
	return string(buf), numOK
}

// quoted decodes a value of a field with the ",string" option: a JSON
// string holding the value's own JSON text.
func (d *decoder) quoted(v reflect.Value, t reflect.Type) {
	want := factsOf(t).jsonType
	expected := "a string holding " + article(want)
	if d.peek() != '"' {
		d.wrongType(expected)
		return
	}
	start := d.i
	inner := strings.TrimSpace(d.str())
	sub := scanner{s: inner}
	ok := json.Valid([]byte(inner))
	if ok {
		switch k := sub.kind(); {
		case want == "string" && k == "string":
			v.SetString(sub.str())
			sub.ws()
			ok = sub.i == len(inner)
		case want == "boolean" && k == "boolean":
			v.SetBool(inner == "true")
		case (want == "integer" || want == "number") && k == "number":
			save := d.i
			d.i = start
			before := len(d.probs.fields)
			d.number(v, t, inner, start)
			if len(d.probs.fields) == before {
				d.i = save
			}
			return
		case k == "null":
		default:
			ok = false
		}
	}
	if !ok {
		d.i = start
		d.wrongType(expected)
	}
}

// article prefixes a JSON type name with "a" or "an".
func article(name string) string {
	if name != "" && strings.IndexByte("aeiou", name[0]) >= 0 {
		return "an " + name
	}
	return "a " + name
}

// delegate decodes the value at the cursor with encoding/json: types with
// their own JSON or text decoding, interfaces, json.Number, []byte.
func (d *decoder) delegate(v reflect.Value, t reflect.Type) {
	start := d.i
	if want := factsOf(t).jsonType; want != "" {
		if k := d.kind(); k != "null" && k != want && !(want == "number" && k == "number") && !(want == "integer" && k == "number") {
			d.wrongType(want)
			return
		}
	}
	d.skipValue()
	raw := d.s[start:d.i]
	err := json.Unmarshal([]byte(raw), v.Addr().Interface())
	if err == nil {
		return
	}
	d.i = start
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &te) && te.Field == "":
		d.wrongType(jsonType(te.Type))
	case baseType(t) == timeType:
		d.problem(errorx.Field{Message: "Invalid datetime.", Expected: expectedRFC3339, Rule: RuleFormat})
	case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8:
		d.problem(errorx.Field{Message: formats["base64"].message, Expected: formats["base64"].expected, Rule: RuleFormat})
	default:
		d.problem(errorx.Field{Message: "Invalid value.", Rule: RuleFormat})
	}
}

func baseType(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

// object decodes a JSON object into struct v.
func (d *decoder) object(v reflect.Value, t reflect.Type) {
	if d.peek() != '{' {
		d.wrongType("object")
		return
	}
	si := infoOf(t)
	top := len(d.path) == 0 // the arguments object, whatever the pointers to it
	var sent sentKeys       // for the hints of unknown keys
	defer d.suggest(&sent, si)
	d.i++
	for d.i < len(d.s) {
		d.ws()
		switch d.peek() {
		case '}':
			d.i++
			return
		case ',':
			d.i++
			d.ws()
		}
		if d.peek() != '"' {
			return
		}
		keyAt := d.i
		key := d.str()
		d.ws()
		d.i++ // ':'
		d.ws()
		if n, ok := si.byName[key]; ok {
			sent.field(n)
			f := &si.fields[n]
			pl, ol := d.push(key, func(b []byte) []byte { return appendOrdField(b, f.ord) })
			if fv, err := fieldByIndex(v, f.index); err == nil {
				tag := d.tag
				d.tag = f.validate
				d.value(fv, f.quoted)
				d.tag = tag
			} else {
				if d.internal == nil {
					d.internal = fmt.Errorf("validation: cannot decode %q: %w", key, err)
				}
				d.skipValue()
			}
			d.pop(pl, ol)
			continue
		}
		if top && (key == format.Argument || contains(d.ignore, key)) {
			d.skipValue()
			continue
		}
		pl, ol := d.push(key, func(b []byte) []byte { return appendOrdUnknown(b, keyAt) })
		sent.unknown(len(d.probs.fields), key)
		d.problem(unknownField(key, si.names))
		d.pop(pl, ol)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// unknownField is the field for an unknown key, with the closest valid
// name when one is near.
func unknownField(key string, names []string) errorx.Field {
	f := errorx.Field{Message: "Unknown field.", Rule: RuleUnknown}
	if best, ok := Closest(key, names...); ok {
		f.Hint = didYouMean(best)
		return f
	}
	switch {
	case len(names) == 0:
		f.Hint = "Remove it: no fields are accepted here."
	default:
		var b strings.Builder
		b.WriteString("Remove it. Valid fields: ")
		for i, n := range names {
			if i == maxListed {
				b.WriteString(", …")
				break
			}
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteByte('\'')
			b.WriteString(n)
			b.WriteByte('\'')
		}
		b.WriteByte('.')
		f.Hint = b.String()
	}
	return f
}

// maxListed bounds the names listed in a hint.
const maxListed = 20

// fieldByIndex is reflect.Value.FieldByIndex that allocates nil embedded
// pointers; it fails, as encoding/json does, when one cannot be set (a nil
// pointer to an unexported struct type).
func fieldByIndex(v reflect.Value, index []int) (reflect.Value, error) {
	for i, x := range index {
		if i > 0 && v.Kind() == reflect.Pointer {
			if v.IsNil() {
				if !v.CanSet() {
					return reflect.Value{}, fmt.Errorf("cannot set embedded pointer to unexported struct: %v", v.Type().Elem())
				}
				v.Set(reflect.New(v.Type().Elem()))
			}
			v = v.Elem()
		}
		v = v.Field(x)
	}
	return v, nil
}

// mapValue decodes a JSON object into map v.
func (d *decoder) mapValue(v reflect.Value, t reflect.Type) {
	defer d.setTag(d.swapTag(afterDive(d.tag, t.Kind() == reflect.Map)))
	if d.peek() != '{' {
		d.wrongType("object")
		return
	}
	kt, et := t.Key(), t.Elem()
	textKey := reflect.PointerTo(kt).Implements(textUnmarshalerType)
	switch {
	case textKey, kt.Kind() == reflect.String:
	case kt.Kind() >= reflect.Int && kt.Kind() <= reflect.Uintptr:
	default:
		d.delegate(v, t) // encoding/json's verdict on unsupported key types
		return
	}
	if v.IsNil() {
		v.Set(reflect.MakeMap(t))
	}
	d.i++
	for d.i < len(d.s) {
		d.ws()
		switch d.peek() {
		case '}':
			d.i++
			return
		case ',':
			d.i++
			d.ws()
		}
		if d.peek() != '"' {
			return
		}
		key := d.str()
		d.ws()
		d.i++ // ':'
		d.ws()
		pl, ol := d.push(key, func(b []byte) []byte { return appendOrdKey(b, ordField, key) })
		kv, ok := mapKey(kt, key, textKey)
		if !ok {
			want := "an integer"
			if textKey {
				want = "a valid key"
			}
			f := errorx.Field{Message: "Invalid key.", Expected: want, Rule: RuleType}
			f.Path = string(d.path)
			f.Sent, f.WasSent = key, true
			d.probs.add(f, string(d.ord), true)
			d.skipValue()
			d.pop(pl, ol)
			continue
		}
		ev := reflect.New(et).Elem()
		d.value(ev, false)
		v.SetMapIndex(kv, ev)
		d.pop(pl, ol)
	}
}

func mapKey(kt reflect.Type, key string, textKey bool) (reflect.Value, bool) {
	switch {
	case textKey:
		kv := reflect.New(kt)
		if err := kv.Interface().(interface{ UnmarshalText([]byte) error }).UnmarshalText([]byte(key)); err != nil {
			return reflect.Value{}, false
		}
		return kv.Elem(), true
	case kt.Kind() == reflect.String:
		return reflect.ValueOf(key).Convert(kt), true
	case kt.Kind() >= reflect.Int && kt.Kind() <= reflect.Int64:
		n, err := strconv.ParseInt(key, 10, kt.Bits())
		if err != nil {
			return reflect.Value{}, false
		}
		return reflect.ValueOf(n).Convert(kt), true
	default:
		n, err := strconv.ParseUint(key, 10, kt.Bits())
		if err != nil {
			return reflect.Value{}, false
		}
		return reflect.ValueOf(n).Convert(kt), true
	}
}

// slice decodes a JSON array into slice v.
func (d *decoder) slice(v reflect.Value, t reflect.Type) {
	defer d.setTag(d.swapTag(afterDive(d.tag, t.Kind() == reflect.Map)))
	if d.peek() != '[' {
		d.wrongType("array")
		return
	}
	d.i++
	s := reflect.MakeSlice(t, 0, 0)
	zero := reflect.Zero(t.Elem())
	for n := 0; d.i < len(d.s); n++ {
		d.ws()
		switch d.peek() {
		case ']':
			d.i++
			v.Set(s)
			return
		case ',':
			d.i++
			d.ws()
		}
		s = reflect.Append(s, zero)
		pl, ol := d.pushIndex(n)
		d.value(s.Index(n), false)
		d.pop(pl, ol)
	}
	v.Set(s)
}

// array decodes a JSON array into array v; extra elements are a problem.
func (d *decoder) array(v reflect.Value, t reflect.Type) {
	defer d.setTag(d.swapTag(afterDive(d.tag, t.Kind() == reflect.Map)))
	if d.peek() != '[' {
		d.wrongType("array")
		return
	}
	start := d.i
	d.i++
	n := 0
	for d.i < len(d.s) {
		d.ws()
		c := d.peek()
		if c == ']' {
			d.i++
			break
		}
		if c == ',' {
			d.i++
			d.ws()
		}
		if n < t.Len() {
			pl, ol := d.pushIndex(n)
			d.value(v.Index(n), false)
			d.pop(pl, ol)
		} else {
			d.skipValue()
		}
		n++
	}
	for i := n; i < t.Len(); i++ {
		v.Index(i).SetZero()
	}
	if n > t.Len() {
		end := d.i
		d.i = start
		d.problem(errorx.Field{Message: "Too many items.", Hint: "Maximum " + plural(t.Len(), "item") + ".", Rule: "max"})
		d.i = end
	}
}
