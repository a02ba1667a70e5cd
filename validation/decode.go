package validation

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/sentence"
)

// list holds field violations and, beside each, its sort key. The key
// encodes the path
// segment by segment so that ordering and "is below" tests are exact even
// when keys contain dots or brackets:
//
//	struct field   0x02, 2 bytes: position in the object's field list
//	struct level   0x03, the rest of validator's namespace, 0x00
//	unknown key    0x04, 4 bytes: offset of the key in the input
//	ignored key    0x05, the key (escaped as below), 0x00
//	array index    0x02, 4 bytes: the index
//	map key        0x02, the key (0x00 and 0x01 escaped), 0x00
//
// so a struct's fields come in declaration order, then struct-level
// failures, then unknown keys in input order, then the keys let through
// (IgnoreKeys, the format argument) by name; elements by index; map
// entries by key.
type list struct {
	fields []errorx.Field
	meta   []meta
}

type meta struct {
	key   string
	below bool // a decoding problem: validator failures at or below key are dropped
	dup   bool // a key sent twice: every other field at or below key is dropped
	// redact says what was sent is redacted: the path is cut (see
	// MaxPath), or it is an unknown key near a secret field.
	redact bool
	scope  scope // where the field is, for the summary
	// sentAt is 1 + the offset in the arguments of the value a decoding
	// problem reports, read into Sent only when the field is kept (see
	// readSent); 0 when Sent is set.
	sentAt int
}

// add appends f with its sort key; below says it is a decoding problem.
func (l *list) add(f errorx.Field, key string, below bool) {
	l.addMeta(f, meta{key: key, below: below})
}

// addMeta appends f with what is known of it.
func (l *list) addMeta(f errorx.Field, m meta) {
	l.fields = append(l.fields, f)
	l.meta = append(l.meta, m)
}

const (
	ordField   = 0x02
	ordLevel   = 0x03
	ordUnknown = 0x04
	ordIgnored = 0x05
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
	v      *Validator
	probs  list
	frames []frame // the path of the current value
	plen   int     // its length in bytes, as a path
	// path is the path of the current value when no frame is pushed:
	// empty for the arguments, set by code that checks a value read
	// elsewhere (its problems are reported at that path).
	path    []byte
	scratch []byte // for writing a path out
	ignore  []string
	// formatArg is the name of the format argument, "" when off (see
	// WithFormatArgument).
	formatArg string
	depth     int // Go values entered
	levels    int // objects and arrays entered
	// arg is the scope of the top-level argument being decoded, set by
	// the arguments' struct (kind scopeRoot: none set).
	arg scope
	// work is the bytes of the paths of the values read and problems
	// recorded; past budget, decoding halts (see spend).
	work, budget int
	halted       bool
	// ptr says the value being decoded is behind a pointer (see
	// exactFloat); masks are the sort keys of the values whose validator
	// failures are dropped.
	ptr   bool
	masks []string
	seen  []string // the keys of the objects being read, innermost last
	// tag is the validate tag of the value being decoded (after dive for
	// elements), for the bounds of overflow texts.
	tag string
	// internal is a server-side mistake found while decoding (a field the
	// struct's type does not let be set): the arguments cannot be bound.
	internal error
	bounded
}

// bounded is how the decoder keeps the problems of arguments that hold
// many: an error shows at most MaxFields of them, so past pruneAt the
// list keeps the first MaxFields in the documented order (see prune) and
// a problem that sorts after the last of them (the cutoff) is counted,
// with where it is for the summary, without writing its path or field.
// A key sent twice hides what its first value had, which may be what the
// list kept: then, and to tell which validator failures a problem the
// list did not keep hides, binding reads the arguments a second time
// (see pass2).
type bounded struct {
	nrec int // problems recorded so far, kept or not
	// seqs holds, beside probs, the number of each kept problem among
	// the problems recorded outside a key sent twice (nvis); nil until
	// the list is first pruned: the i-th is then the (i+1)-th.
	seqs   []int
	nvis   int
	pruned bool // problems past the cutoff were left out
	cutKey string
	cutRnk int
	// dropped counts the problems left out, drops where they are.
	dropped int
	drops   scopeCount
	dups    []string // the sort keys of the keys sent twice, once the list is pruned
	ord     []byte   // scratch: the current path's sort key
	// The second pass: skip holds the sort keys of the keys sent twice,
	// whose first value's problems are not recorded (silent > 0 while it
	// is read: it is read all the same, so that the path budget is spent
	// as in the first pass), and mark is told of the sort key of every
	// problem recorded.
	skip   map[string]bool
	silent int
	mark   func(key string)
}

// pruneAt is the length of the problem list that makes the decoder prune
// it to MaxFields (a variable for the tests, which compare with a list
// never pruned).
var pruneAt = 4 * MaxFields

// MaxDepth bounds how deeply the arguments may nest objects and arrays,
// the arguments object counting as one level: {"a":{"b":[1]}} is 3 levels
// deep. Far above any real tool's arguments, it keeps every walk over them
// short (encoding/json allows 10000 levels). Binding arguments that nest
// deeper fails with a field of rule RuleDepth at the first object or array
// past the bound, past encoding/json's own limit too; nothing is cut
// silently.
const MaxDepth = 256

// maxGoDepth bounds the recursion of the decoder into Go values (pointers
// to pointers recurse without reading JSON).
const maxGoDepth = 4 * MaxDepth

// A frame is one segment of the path of the value being decoded. Frames
// cost no copy of their key: the path and its sort key are written out
// only when a problem is recorded there.
type frame struct {
	key  string // an object's key
	n    int    // an element's index, a struct field's position, an unknown key's offset
	kind frameKind
}

type frameKind uint8

const (
	frameField   frameKind = iota // a struct field: n its position
	frameUnknown                  // a key the struct does not have: n its offset
	frameIgnored                  // a key IgnoreKeys lets through
	frameKey                      // a map's key, or a key in a value decoded as any
	frameIndex                    // an array element: n its index
)

// push enters the member key (of kind, n as frame says) and returns what
// pop needs to leave it.
func (d *decoder) push(kind frameKind, key string, n int) int {
	mark := d.plen
	if len(d.frames) > 0 {
		d.plen++ // the dot
	}
	if kind == frameIndex {
		d.plen += digits(n)
	} else {
		d.plen += len(key)
	}
	d.frames = append(d.frames, frame{key: key, n: n, kind: kind})
	return mark
}

func (d *decoder) pushIndex(i int) int { return d.push(frameIndex, "", i) }

func (d *decoder) pop(mark int) {
	d.frames[len(d.frames)-1] = frame{}
	d.frames, d.plen = d.frames[:len(d.frames)-1], mark
}

// digits is the number of decimal digits of n >= 0.
func digits(n int) int {
	k := 1
	for ; n >= 10; n /= 10 {
		k++
	}
	return k
}

// problem records a field at the current path, the value at the cursor
// (which it moves past) as the sent value: only its offset, the value is
// read if the field is kept (readSent). It returns the field's index in
// the list, -1 when it is not kept (see record).
func (d *decoder) problem(f errorx.Field) int {
	f.WasSent = true
	at := d.i
	d.skipValue()
	return d.record(f, at+1)
}

// record adds f, a decoding problem at the current path, to the list;
// sentAt is as in meta. A path past MaxPath is cut, and what was sent
// there redacted. Writing the path and its sort key out counts against
// the budget of paths (see spend). It returns the field's index in the
// list, valid until the next record, or -1 when the field is not kept:
// it sorts past the cutoff, or it is below a key sent twice in the second
// pass (see bounded).
func (d *decoder) record(f errorx.Field, sentAt int) int {
	d.nrec++
	at := -1
	dup := f.Rule == RuleDuplicate
	if d.silent == 0 {
		d.nvis++
	}
	switch {
	case d.silent > 0:
	case d.pruned || d.mark != nil:
		d.ord = d.appendOrd(d.ord[:0])
		if d.mark != nil {
			d.mark(unsafe.String(unsafe.SliceData(d.ord), len(d.ord)))
		}
		if d.pruned && !d.beforeCut(d.ord, rank(dup, true)) {
			d.dropped++
			d.drops.add(d.scope(), unsafe.String(unsafe.SliceData(d.ord), len(d.ord)))
			if dup {
				d.dups = append(d.dups, string(d.ord))
			}
			break
		}
		at = d.keep(f, sentAt, string(d.ord), dup)
	default:
		at = d.keep(f, sentAt, d.ordString(), dup)
	}
	if d.work += d.plen; d.work > d.budget && !d.halted {
		d.halt()
	}
	return at
}

// keep adds f, whose sort key is key, to the list, pruning it first when
// it is full.
func (d *decoder) keep(f errorx.Field, sentAt int, key string, dup bool) int {
	if len(d.probs.fields) >= pruneAt {
		d.prune()
	}
	var cut bool
	f.Path, cut = d.pathString()
	if cut && sentAt == 0 {
		f.Sent = errorx.Redact(f.Sent)
	}
	d.probs.addMeta(f, meta{key: key, below: true, dup: dup, redact: cut, sentAt: sentAt, scope: d.scope()})
	if d.seqs != nil {
		d.seqs = append(d.seqs, d.nvis)
		if dup {
			d.dups = append(d.dups, key)
		}
	}
	return len(d.probs.fields) - 1
}

// prune keeps the first MaxFields problems of the list in the documented
// order (those below a key sent twice are left out: it hides them), in the
// order they were recorded, and counts the others (see bounded). The last
// one kept is the cutoff: a later problem sorts after it unless its key
// does, or it is a key sent twice at the same key.
func (d *decoder) prune() {
	ms := d.probs.meta
	if d.seqs == nil {
		d.seqs = make([]int, len(ms), len(ms)+MaxFields)
		for i, m := range ms {
			d.seqs[i] = i + 1
			if m.dup {
				d.dups = append(d.dups, m.key)
			}
		}
	}
	idx := order(ms, nil)
	if len(idx) > MaxFields {
		for _, i := range idx[MaxFields:] {
			d.dropped++
			d.drops.add(ms[i].scope, ms[i].key)
		}
		idx = idx[:MaxFields]
		last := ms[idx[len(idx)-1]]
		d.pruned, d.cutKey, d.cutRnk = true, last.key, rank(last.dup, last.below)
	}
	slices.Sort(idx)
	for n, i := range idx {
		d.probs.fields[n], d.probs.meta[n], d.seqs[n] = d.probs.fields[i], ms[i], d.seqs[i]
	}
	n := len(idx)
	clear(d.probs.fields[n:])
	clear(d.probs.meta[n:])
	d.probs.fields, d.probs.meta, d.seqs = d.probs.fields[:n], d.probs.meta[:n], d.seqs[:n]
}

// beforeCut reports whether a problem recorded now, of sort key key and
// rank r, sorts before the cutoff.
func (d *decoder) beforeCut(key []byte, r int) bool {
	if c := strings.Compare(unsafe.String(unsafe.SliceData(key), len(key)), d.cutKey); c != 0 {
		return c < 0
	}
	return r < d.cutRnk
}

// rank orders the fields at one sort key (see order): a key sent twice,
// then the other decoding problems, then validator failures.
func rank(dup, below bool) int {
	switch {
	case dup:
		return 0
	case below:
		return 1
	}
	return 2
}

// seqOf returns the number of the i-th problem of the list (see seqs).
func (d *decoder) seqOf(i int) int {
	if d.seqs == nil {
		return i + 1
	}
	return d.seqs[i]
}

// indexOf returns the index in the list of the problem numbered seq, -1
// when it was not kept.
func (d *decoder) indexOf(seq int) int {
	if d.seqs == nil {
		if seq <= len(d.probs.fields) {
			return seq - 1
		}
		return -1
	}
	if i, ok := slices.BinarySearch(d.seqs, seq); ok {
		return i
	}
	return -1
}

// firstOfTwice starts reading the value of a key the first time an object
// sends it: in the second pass, when the key is sent twice, the problems
// of that value are not recorded. It returns what leaves it (see
// lastOfTwice).
func (d *decoder) firstOfTwice() bool {
	if d.skip == nil {
		return false
	}
	d.ord = d.appendOrd(d.ord[:0])
	if !d.skip[string(d.ord)] {
		return false
	}
	d.silent++
	return true
}

// lastOfTwice ends what firstOfTwice started.
func (d *decoder) lastOfTwice(on bool) {
	if on {
		d.silent--
	}
}

// pathString writes the current path out (see cutPath); of a path too
// long, only the ends are written.
func (d *decoder) pathString() (string, bool) {
	switch {
	case len(d.frames) == 0:
		return cutPathBytes(d.path)
	case len(d.frames) == 1 && d.frames[0].kind != frameIndex:
		return cutPath(d.frames[0].key)
	case d.plen <= MaxPath:
		d.scratch = d.appendPath(d.scratch[:0], 0, d.plen)
		return string(d.scratch), false
	}
	d.scratch = d.appendPath(d.scratch[:0], 0, pathHead+utf8.UTFMax)
	n := len(d.scratch)
	d.scratch = d.appendPath(d.scratch, d.plen-pathTail-utf8.UTFMax, d.plen)
	b := d.scratch
	return joinCut(unsafe.String(&b[0], n), unsafe.String(&b[n], len(b)-n), d.plen), true
}

// appendPath appends the bytes from to to of the current path.
func (d *decoder) appendPath(b []byte, from, to int) []byte {
	var num [20]byte
	at := 0 // where the next piece starts in the path
	piece := func(p string) {
		if lo, hi := max(from-at, 0), min(to-at, len(p)); lo < hi {
			b = append(b, p[lo:hi]...)
		}
		at += len(p)
	}
	for i, fr := range d.frames {
		if at >= to {
			break
		}
		if i > 0 {
			piece(".")
		}
		if fr.kind == frameIndex {
			n := appendIndex(num[:0], fr.n)
			piece(unsafe.String(&n[0], len(n)))
		} else {
			piece(fr.key)
		}
	}
	return b
}

// ordString writes the current path's sort key out (see list).
func (d *decoder) ordString() string {
	var buf [64]byte
	return string(d.appendOrd(buf[:0]))
}

// appendOrd appends the current path's sort key to dst.
func (d *decoder) appendOrd(dst []byte) []byte {
	for _, fr := range d.frames {
		switch fr.kind {
		case frameField:
			dst = appendOrdField(dst, fr.n)
		case frameUnknown:
			dst = appendOrdUnknown(dst, fr.n)
		case frameIndex:
			dst = appendOrdIndex(dst, fr.n)
		case frameIgnored:
			dst = appendOrdKey(dst, ordIgnored, fr.key)
		default:
			dst = appendOrdKey(dst, ordField, fr.key)
		}
	}
	return dst
}

// scope is where a problem at the current path is, for the summary.
func (d *decoder) scope() scope {
	switch {
	case len(d.frames) == 0:
		return scope{kind: scopeRoot}
	case d.arg.kind != scopeRoot:
		return d.arg
	}
	return scope{kind: scopeOther}
}

// readSent reads the sent value of a decoding problem whose reading was
// put off, from raw, the arguments.
func readSent(f *errorx.Field, m meta, raw string) {
	if m.sentAt > 0 {
		p := scanner{s: raw, i: m.sentAt - 1}
		f.Sent = p.value()
		if m.redact {
			f.Sent = errorx.Redact(f.Sent)
		}
	}
}

func (d *decoder) wrongType(want string) {
	d.problem(typeField(want))
}

func typeField(want string) errorx.Field {
	return sentence.WrongTypeField("", nil, want) // problem sets the path and what was sent
}

// enter counts an object or array entered, or, past MaxDepth, records
// that it is nested too deeply and moves past it.
func (d *decoder) enter() bool {
	if d.levels >= MaxDepth {
		f := errorx.Field{WasSent: true, Message: "Nested too deeply.",
			Hint: "Send at most " + plural(MaxDepth, "level") + " of nested objects and arrays.", Rule: RuleDepth}
		f.Sent = d.scanner.valueDepth(0)
		d.record(f, 0)
		return false
	}
	d.levels++
	return true
}

func (d *decoder) leave() { d.levels-- }

// keySet tells the keys of one object sent twice: up to smallObject keys
// are compared with the ones before (kept on the decoder's stack, shared
// with the objects inside), more are counted in a map.
type keySet struct {
	base int
	m    map[string]int
}

func (d *decoder) keySet() keySet { return keySet{base: len(d.seen)} }

// add records key and returns how many times the object has sent it.
func (d *decoder) add(k *keySet, key string) int {
	if k.m != nil {
		k.m[key]++
		return k.m[key]
	}
	n := 1
	for _, s := range d.seen[k.base:] {
		if s == key {
			n++
		}
	}
	d.seen = append(d.seen, key)
	if len(d.seen)-k.base > smallObject {
		k.m = make(map[string]int, 2*smallObject)
		for _, s := range d.seen[k.base:] {
			k.m[s]++
		}
		d.done(k)
	}
	return n
}

// done forgets the keys of k's object.
func (d *decoder) done(k *keySet) {
	clear(d.seen[k.base:])
	d.seen = d.seen[:k.base]
}

// repeated handles the n-th occurrence of a key (n > 1) at the current
// path: the second is reported, with the value sent, and neither is taken
// (the value is not decoded); later ones are skipped.
func (d *decoder) repeated(n int) {
	if n > 2 {
		d.skipValue()
		return
	}
	d.problem(errorx.Field{Message: "Sent twice.", Hint: "Send each key once.", Rule: RuleDuplicate})
}

// eachMember reads the object at the cursor, calling each with every key,
// its offset and the cursor at its value; each moves past the value. Past
// MaxDepth the object is a problem instead.
func (d *decoder) eachMember(each func(key string, keyAt int)) {
	if !d.enter() {
		return
	}
	defer d.leave()
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
		each(key, keyAt)
	}
}

// eachElement reads the array at the cursor, calling each with every
// index and the cursor at the element; each moves past it. Past MaxDepth
// the array is a problem instead, and eachElement returns false.
func (d *decoder) eachElement(each func(n int)) bool {
	if !d.enter() {
		return false
	}
	defer d.leave()
	d.i++
	for n := 0; d.i < len(d.s); n++ {
		d.ws()
		switch d.peek() {
		case ']':
			d.i++
			return true
		case ',':
			d.i++
			d.ws()
		}
		each(n)
	}
	return true
}

// check walks the value at the cursor without decoding it, as the decoder
// would (keys sent twice, nesting past MaxDepth), for values encoding/json
// decodes.
func (d *decoder) check() {
	if !d.spend() {
		return
	}
	d.ws()
	switch d.peek() {
	case '{':
		keys := d.keySet()
		defer d.done(&keys)
		d.eachMember(func(key string, _ int) {
			mark := d.push(frameKey, key, 0)
			if times := d.add(&keys, key); times > 1 {
				d.repeated(times)
			} else {
				first := d.firstOfTwice()
				d.check()
				d.lastOfTwice(first)
			}
			d.pop(mark)
		})
	case '[':
		d.eachElement(func(n int) {
			mark := d.pushIndex(n)
			d.check()
			d.pop(mark)
		})
	default:
		d.skipValue()
	}
}

// value decodes the JSON value at the cursor into v (addressable).
func (d *decoder) value(v reflect.Value, quoted bool) {
	d.ptr = false
	if d.spend() {
		d.decode(v, quoted)
	}
}

// decode is value once the value is counted.
func (d *decoder) decode(v reflect.Value, quoted bool) {
	d.ws()
	if d.i >= len(d.s) {
		return
	}
	if d.depth++; d.depth > maxGoDepth {
		d.depth--
		if d.internal == nil {
			d.internal = fmt.Errorf("validation: %v nests pointers too deeply", v.Type())
		}
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
			d.ptr = true
			d.decode(v.Elem(), quoted)
			return
		}
		d.delegate(v, t)
		return
	case d.peek() == 'n' && tf.jsonType != "" && !quoted:
		// null is not a value of a type that is not a pointer: the
		// schema advertises the one JSON type, and taking null as the
		// zero value (encoding/json leaves the value alone) would run the
		// tool with a value no one sent. A value with no JSON type (any,
		// json.RawMessage, a type decoding any JSON itself) takes null.
		d.wrongType(tf.jsonType)
		return
	case t.Kind() == reflect.Interface || tf.delegated:
		d.delegate(v, t)
		return
	}
	if d.peek() == 'n' && !quoted {
		d.literal() // a kind with no JSON type (channels, functions): as encoding/json
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
			if bits == 64 && d.tag != "" {
				d.exactFloat(lit, f, start)
			}
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
			before := d.nrec
			d.number(v, t, inner, start)
			if d.nrec == before {
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
	if c := d.peek(); c == '{' || c == '[' {
		before := d.nrec
		d.check()
		if d.nrec > before {
			return
		}
	}
	d.i = start
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
	top := d.levels == 0 // the arguments object, whatever the pointers to it
	var sent fieldSet    // the fields sent, by position
	var hints sentKeys   // for the hints of unknown keys
	defer d.suggest(&hints, si)
	ignored := d.keySet()
	defer d.done(&ignored)
	d.eachMember(func(key string, keyAt int) {
		if top {
			defer d.setArg(scope{})
		}
		if n, ok := si.byName[key]; ok {
			hints.field(n)
			f := &si.fields[n]
			if top {
				d.setArg(scope{arg: f.name, kind: scopeArg}) // the server's string, not the caller's
			}
			mark := d.push(frameField, f.name, f.ord)
			if times := sent.add(n); times > 1 {
				d.repeated(times)
			} else if fv, err := fieldByIndex(v, f.index); err == nil {
				tag := d.swapTag(f.validate)
				first := d.firstOfTwice()
				d.value(fv, f.quoted)
				d.lastOfTwice(first)
				d.setTag(tag)
			} else {
				if d.internal == nil {
					d.internal = fmt.Errorf("validation: cannot decode %q: %w", key, err)
				}
				d.skipValue()
			}
			d.pop(mark)
			return
		}
		isFormat := top && d.formatArg != "" && key == d.formatArg
		if !top || !isFormat && !contains(d.ignore, key) {
			defer d.pop(d.push(frameUnknown, key, keyAt))
			if top {
				d.setArg(scope{kind: scopeUnknown})
			}
			i := d.problem(unknownField(key, si))
			if i < 0 {
				return
			}
			hints.unknown(d.seqOf(i), key)
			if nearSecret(t, key) {
				// The key as sent, not the last segment of its path: in
				// {"pasword.x":…} the key is near "password" too.
				d.probs.meta[i].redact = true
			}
			return
		}
		// Ordered by name: both times a key is sent have the same sort key.
		defer d.pop(d.push(frameIgnored, key, 0))
		d.setArg(scope{arg: key, kind: scopeArg}) // a name the server let through
		times := d.add(&ignored, key)
		if times > 1 {
			d.repeated(times)
			return
		}
		defer d.lastOfTwice(d.firstOfTwice())
		if isFormat {
			d.formatValue()
		} else {
			d.check() // not decoded, but sent: held to the same rules
		}
	})
}

// fieldSet counts how many times each field of a struct was sent: 1, 2,
// or 3 for more.
type fieldSet struct {
	once, twice uint64        // the first 64 fields
	more        map[int]uint8 // the others
}

func (s *fieldSet) add(n int) int {
	if n >= 64 {
		if s.more == nil {
			s.more = map[int]uint8{}
		}
		s.more[n] = min(s.more[n]+1, 3)
		return int(s.more[n])
	}
	bit := uint64(1) << n
	switch {
	case s.once&bit == 0:
		s.once |= bit
		return 1
	case s.twice&bit == 0:
		s.twice |= bit
		return 2
	}
	return 3
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// setArg sets the scope of the top-level argument being decoded.
func (d *decoder) setArg(s scope) { d.arg = s }

// unknownField is the field for an unknown key of struct si, with the
// closest valid name when one is near.
func unknownField(key string, si *structInfo) errorx.Field {
	f := errorx.Field{Message: "Unknown field.", Rule: RuleUnknown, Hint: si.removeHint}
	if best, ok := Closest(key, si.names...); ok {
		f.Hint = didYouMean(best)
	}
	return f
}

// removeHint is the hint of an unknown key near no valid name: the names,
// at most maxListed of them.
func removeHint(names []string) string {
	if len(names) == 0 {
		return "Remove it: no fields are accepted here."
	}
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
	return b.String()
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
	keys := d.keySet()
	defer d.done(&keys)
	d.eachMember(func(key string, _ int) {
		defer d.pop(d.push(frameKey, key, 0))
		if times := d.add(&keys, key); times > 1 {
			d.repeated(times)
			return
		}
		kv, ok := mapKey(kt, key, textKey)
		if !ok {
			want := "an integer"
			if textKey {
				want = "a valid key"
			}
			f := errorx.Field{Message: "Invalid key.", Expected: want, Rule: RuleType}
			f.Sent, f.WasSent = key, true
			d.record(f, 0)
			d.skipValue()
			return
		}
		ev := reflect.New(et).Elem()
		first := d.firstOfTwice()
		d.value(ev, false)
		d.lastOfTwice(first)
		v.SetMapIndex(kv, ev)
	})
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
	s := reflect.MakeSlice(t, 0, 0)
	zero := reflect.Zero(t.Elem())
	if d.eachElement(func(n int) {
		s = reflect.Append(s, zero)
		mark := d.pushIndex(n)
		d.value(s.Index(n), false)
		d.pop(mark)
	}) {
		v.Set(s)
	}
}

// array decodes a JSON array into array v; extra elements are a problem.
func (d *decoder) array(v reflect.Value, t reflect.Type) {
	defer d.setTag(d.swapTag(afterDive(d.tag, t.Kind() == reflect.Map)))
	if d.peek() != '[' {
		d.wrongType("array")
		return
	}
	start := d.i
	n := 0
	if !d.eachElement(func(i int) {
		if i < t.Len() {
			mark := d.pushIndex(i)
			d.value(v.Index(i), false)
			d.pop(mark)
		} else {
			d.skipValue()
		}
		n = i + 1
	}) {
		return
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
