package validation

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/go-playground/validator/v10"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/secret"
)

// Option configures Bind and (*Validator).BindJSON, and the adapters'
// binding (mcpgo.Bind and mcpgo.Handler, gosdk.AddTool).
type Option func(*config)

type config struct {
	v         *Validator
	tool      string
	ignore    []string
	formatArg string // see WithFormatArgument
}

// WithValidator makes Bind use v instead of Default().
func WithValidator(v *Validator) Option { return func(c *config) { c.v = v } }

// WithTool sets the tool name the error reports (errorx.Error.Tool),
// instead of the name the call gives: "users/create" for the create
// action of a grouped users tool, as MCP Fusion names it.
func WithTool(name string) Option { return func(c *config) { c.tool = name } }

// IgnoreKeys lets top-level keys through that the struct does not have,
// such as the discriminator of a grouped tool ("action"): they are neither
// decoded nor reported as unknown. The toolerror dialect's per-call format
// argument is WithFormatArgument's.
func IgnoreKeys(keys ...string) Option {
	return func(c *config) { c.ignore = append(c.ignore, keys...) }
}

func newConfig(opts []Option) config {
	c := config{v: std}
	for _, o := range opts {
		if o != nil {
			o(&c)
		}
	}
	if c.v == nil {
		c.v = std
	}
	return c
}

// Bind decodes the JSON arguments args of a call of the tool named tool
// strictly into a T and validates it; the adapters bind their SDK's
// requests with it (mcpgo.Bind, gosdk.AddTool).
//
// On failure it returns the zero T and an *errorx.Error with code
// INVALID_INPUT (class VALIDATION), the tool name (WithTool overrides it),
// codes.ValidationRecovery and one field per problem: arguments that are
// not an object, unknown keys (at every level of nested structs, with the
// closest valid name as a hint), values of the wrong JSON type, numbers
// out of range and every failed validate tag. See (*Validator).BindJSON
// for the rules; T may be a struct or a pointer to one, at any depth (**S
// is a new pointer to a new *S); other types are decoded but not
// validated. Empty or null arguments are an empty object.
//
// A server misconfiguration gives an INTERNAL_ERROR instead, with the
// mistake as its cause: an invalid validate tag, which makes validator
// panic, or a key sent for a field promoted through a nil embedded pointer
// to an unexported struct type, which cannot be set (encoding/json rejects
// it too).
func Bind[T any](tool string, args json.RawMessage, opts ...Option) (T, error) {
	c := newConfig(opts)
	if c.tool == "" {
		c.tool = tool
	}
	var zero T
	rt := reflect.TypeFor[T]()
	if rt.Kind() == reflect.Pointer {
		p := reflect.New(rt.Elem())
		if e := c.v.bind(c, args, p.Interface()); e != nil {
			return zero, e
		}
		return p.Interface().(T), nil
	}
	var out T
	if e := c.v.bind(c, args, &out); e != nil {
		return zero, e
	}
	return out, nil
}

// BindJSON decodes the JSON arguments raw strictly into dst (a non-nil
// pointer) and validates the result; it returns nil or an *errorx.Error
// (see Bind). tool names the tool in the error; WithTool overrides it and
// WithValidator is ignored.
//
// Decoding follows encoding/json with these differences, so that every
// problem of one call is reported at once:
//
//   - keys match field names exactly (encoding/json ignores case); any
//     other key is an error of rule "unknown", except IgnoreKeys at the top;
//   - a value of the wrong JSON type is an error of rule "type" whose
//     Expected is the JSON type (string, number, integer, boolean, object,
//     array), and decoding continues with the next value;
//   - integers accept integral values written 2.0 or 1e3, and a number out
//     of the Go type's range is an error of rule "overflow";
//   - a fixed-size array given too many items is an error of rule "max";
//   - null is a value of the wrong type (rule "type") for every value that
//     is not a pointer and has a JSON type, as the schema (InputSchema)
//     says: encoding/json would leave the zero value, a value no one sent.
//
// null sets pointers and interfaces to nil; types with their own
// UnmarshalJSON or UnmarshalText decode themselves (a failure is rule
// "format"). Empty or null arguments are an empty object. Strings without
// escapes share the memory of raw's copy.
//
// Validation then runs on what was decoded; a failure at or below a path
// that had a decoding problem is dropped (a wrong type already says it).
func (v *Validator) BindJSON(tool string, raw []byte, dst any, opts ...Option) error {
	c := newConfig(opts)
	c.v = v
	if c.tool == "" {
		c.tool = tool
	}
	if e := v.bind(c, raw, dst); e != nil {
		return e
	}
	return nil
}

// bind is BindJSON returning the concrete type (nil when valid).
func (v *Validator) bind(c config, raw []byte, dst any) *errorx.Error {
	rv := reflect.ValueOf(dst)
	if !rv.IsValid() || rv.Kind() != reflect.Pointer || rv.IsNil() {
		return internalError(c.tool, fmt.Errorf("validation: BindJSON needs a non-nil pointer, not %T", dst))
	}
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		raw = []byte("{}")
	}
	if !validJSON(raw) {
		return NewError(c.tool, []errorx.Field{{
			Sent: invalidText(raw, rv.Type()), WasSent: true,
			Message: "Is not valid JSON.", Expected: "a JSON object", Rule: RuleSyntax,
		}})
	}
	d := decoder{scanner: scanner{s: string(raw)}, v: v, ignore: c.ignore, formatArg: c.formatArg, budget: pathBudget(len(raw))}
	if e := safely(c.tool, func() { d.value(rv.Elem(), false) }); e != nil {
		return e
	}
	if d.internal != nil {
		return internalError(c.tool, d.internal)
	}
	target, depth := rv.Elem(), 1
	for target.Kind() == reflect.Pointer && !target.IsNil() {
		target, depth = target.Elem(), depth+1
	}
	isStruct := target.Kind() == reflect.Struct
	var ve validator.ValidationErrors
	if isStruct && !d.halted && !rootProblem(d.probs.meta) {
		s := dst // validator takes a struct or one pointer to it
		if depth > 1 {
			s = target.Addr().Interface()
		}
		var err error
		if e := safely(c.tool, func() { err = v.v.Struct(s) }); e != nil {
			return e
		}
		if err != nil {
			var ok bool
			if ve, ok = errors.AsType[validator.ValidationErrors](err); !ok {
				return internalError(c.tool, err)
			}
		}
	}
	if len(d.masks) > 0 && len(ve) > 0 {
		ve = v.unmask(ve, target, d.masks)
	}
	if len(d.probs.fields) == 0 && len(ve) == 0 {
		return nil
	}
	if !d.pruned {
		return v.build(c.tool, d.probs, ve, target, d.s, true, true)
	}
	t := newTranslator(v, target, d.s, true, true)
	defer t.release()
	vf := t.locate(ve)
	if len(d.dups) > 0 || vf.past(d.cutKey) {
		d = v.pass2(c, d, rv.Elem().Type(), vf.hide)
	}
	return v.buildMany(c.tool, d.probs, &d.bounded, ve, t, vf, target)
}

// pass2 reads the arguments of first, a decoder that pruned its problems,
// a second time, into a new value of type typ, and returns the decoder of
// that pass: a key sent twice hides what its first value had, which
// first may have kept in place of what now comes first, and only a
// problem's sort key says which validator failures it hides. This pass
// records no problem below a key first found sent twice, and tells hide
// of every problem it records.
func (v *Validator) pass2(c config, first decoder, typ reflect.Type, hide func(key string)) decoder {
	d := decoder{scanner: scanner{s: first.s}, v: v, ignore: c.ignore, formatArg: c.formatArg, budget: pathBudget(len(first.s))}
	d.mark = hide
	if len(first.dups) > 0 {
		d.skip = make(map[string]bool, len(first.dups))
		for _, k := range first.dups {
			d.skip[k] = true
		}
	}
	if safely(c.tool, func() { d.value(reflect.New(typ).Elem(), false) }) != nil || d.internal != nil {
		return first // the first pass had neither: keep its verdict
	}
	return d
}

// build makes the error of the decoding problems in probs and the
// validator failures ve, the error and its fields in one allocation.
func (v *Validator) build(tool string, probs list, ve validator.ValidationErrors, root reflect.Value,
	raw string, hasRaw, owned bool) *errorx.Error {
	if len(probs.fields)+len(ve) > MaxFields {
		t := newTranslator(v, root, raw, hasRaw, owned)
		defer t.release()
		return v.buildMany(tool, probs, nil, ve, t, t.locate(ve), root)
	}
	e, fields := newPacked(len(probs.fields) + len(ve))
	l := list{fields: append(fields, probs.fields...), meta: probs.meta}
	for i, m := range probs.meta {
		readSent(&l.fields[i], m, raw)
	}
	if len(ve) > 0 {
		t := newTranslator(v, root, raw, hasRaw, owned)
		if l.meta == nil {
			l.meta = t.meta[:0]
			defer func() { t.meta = l.meta; t.release() }()
		} else {
			defer t.release()
		}
		t.add(&l, ve)
	}
	fields = finish(&l)
	if root.IsValid() {
		redactTagged(fields, root.Type())
	}
	fill(e, tool, fields, l.meta)
	return e
}

// located is validator's failures with where each one is: its sort key
// (in the translator's keys) and scope, and whether a problem hides it;
// a few bytes each beside the keys, for the many failures of hostile
// arguments.
type located struct {
	t      *translator
	ends   []int    // where the i-th failure's key ends in t.keys (it starts where the one before ends)
	scope  []uint16 // the i-th failure's scope, in scopes
	scopes []scope  // the distinct scopes
	byKey  []int32  // the failures by sort key, in validator's order at one key
	hidden []bool
}

// locate finds where each failure of ve is: its sort key and scope, which
// cost no path and no allocation but the keys' bytes.
func (t *translator) locate(ve validator.ValidationErrors) *located {
	l := &located{t: t, ends: make([]int, len(ve)), scope: make([]uint16, len(ve)), hidden: make([]bool, len(ve))}
	t.skipPath = true
	t.growKeys(ve)
	for i := range ve {
		t.resolveAt(ve, i)
		l.ends[i] = len(t.keys)
		l.scope[i] = l.scopeIndex(t.scope())
	}
	t.skipPath = false
	return l
}

// scopeIndex returns the index of s in l.scopes, adding it: the scopes of
// one call are its top-level arguments, and consecutive failures mostly
// share one.
func (l *located) scopeIndex(s scope) uint16 {
	if n := len(l.scopes); n > 0 && l.scopes[n-1] == s {
		return uint16(n - 1)
	}
	for i, x := range l.scopes {
		if x == s {
			return uint16(i)
		}
	}
	l.scopes = append(l.scopes, s)
	return uint16(len(l.scopes) - 1)
}

// key is the sort key of the i-th failure.
func (l *located) key(i int32) string {
	start := 0
	if i > 0 {
		start = l.ends[i-1]
	}
	return l.t.keysView()[start:l.ends[i]]
}

// past reports whether a failure sorts at or after key: one a problem
// the decoder left out may hide.
func (l *located) past(key string) bool {
	for i := range l.ends {
		if l.key(int32(i)) >= key {
			return true
		}
	}
	return false
}

// sorted returns the failures in the documented order.
func (l *located) sorted() []int32 {
	if l.byKey == nil {
		l.byKey = make([]int32, len(l.ends))
		for i := range l.byKey {
			l.byKey[i] = int32(i)
		}
		keys := l.t.keysView()
		key := func(i int32) string { // l.key, keysView read once
			if i == 0 {
				return keys[:l.ends[0]]
			}
			return keys[l.ends[i-1]:l.ends[i]]
		}
		slices.SortFunc(l.byKey, func(a, b int32) int {
			if c := strings.Compare(key(a), key(b)); c != 0 {
				return c
			}
			return int(a - b) // validator's order at one key
		})
	}
	return l.byKey
}

// hide marks the failures at or below the sort key of a problem.
func (l *located) hide(k string) {
	byKey := l.sorted()
	j, _ := slices.BinarySearchFunc(byKey, k, func(i int32, k string) int { return strings.Compare(l.key(i), k) })
	for ; j < len(byKey) && strings.HasPrefix(l.key(byKey[j]), k); j++ {
		l.hidden[byKey[j]] = true
	}
}

// buildMany is build for more problems and failures than MaxFields. The
// first MaxFields in the documented order are translated, the others
// counted under codes.TruncatedKey, and where each one is summarised.
// probs holds every decoding problem when b is nil; else it holds the
// first of them, and b counts the others (see bounded). vf locates the
// failures of ve; those at or below a problem are left out.
func (v *Validator) buildMany(tool string, probs list, b *bounded, ve validator.ValidationErrors, t *translator,
	vf *located, root reflect.Value) *errorx.Error {
	pidx := order(probs.meta, nil)
	var c scopeCount
	total := len(pidx)
	if b != nil {
		c, total = b.drops, total+b.dropped
	}
	for _, i := range pidx {
		m := probs.meta[i]
		c.add(m.scope, m.key)
		vf.hide(m.key)
	}
	byKey := vf.sorted()
	for _, i := range byKey {
		if !vf.hidden[i] {
			total++
			c.add(vf.scopes[vf.scope[i]], vf.key(i))
		}
	}
	e, fields := newPacked(min(total, MaxFields))
	base := len(t.keys) // the kept failures' keys are written past the ones located
	p, q := 0, 0        // the next problem and failure in order
merge:
	for len(fields) < MaxFields {
		for q < len(byKey) && vf.hidden[byKey[q]] {
			q++
		}
		switch {
		case p < len(pidx) && (q == len(byKey) || probs.meta[pidx[p]].key <= vf.key(byKey[q])):
			fields = append(fields, probs.fields[pidx[p]])
			readSent(&fields[len(fields)-1], probs.meta[pidx[p]], t.raw)
			p++
		case q < len(byKey):
			t.keys = t.keys[:base]
			r := t.resolveAt(ve, int(byKey[q]))
			fields = append(fields, t.field(ve[byKey[q]], r))
			q++
		default:
			break merge
		}
	}
	if root.IsValid() {
		redactTagged(fields, root.Type())
	}
	sum := c.tally()
	*e = errorx.Error{
		Code:     errorx.CodeInvalidInput,
		Class:    errorx.ClassValidation,
		Message:  sum.text(tool),
		Recovery: codes.ValidationRecovery,
		Tool:     tool,
		Fields:   fields,
	}
	if cut := total - len(fields); cut > 0 {
		e.Details.Set(codes.TruncatedKey, "(truncated: "+strconv.Itoa(cut)+" more fields)")
	}
	return e
}

// invalidText is what is echoed of arguments that are not valid JSON: their
// first 256 bytes, redacted whole when they name a secret key (by
// secret.Names) or t holds fields tagged secret: they cannot be
// decoded to redact the secret alone.
func invalidText(raw []byte, t reflect.Type) any {
	s := cutString(string(raw), 256)
	if hasSecrets(t) || secretKeyIn(s) {
		return errorx.Redact(s)
	}
	return s
}

// secretKeyIn reports whether JSON-like text s has a key that is secret by
// secret.Names: a quoted string followed by ':' or by the end of s.
func secretKeyIn(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != '"' {
			continue
		}
		p := scanner{s: s, i: i}
		k := p.str()
		if j := skipWS(s, p.i); (j >= len(s) || s[j] == ':') && secret.Is(k, nil) {
			return true
		}
		i = p.i - 1
	}
	return false
}

// rootProblem reports whether the arguments as a whole were unusable.
func rootProblem(ms []meta) bool {
	for _, m := range ms {
		if m.below && m.key == "" {
			return true
		}
	}
	return false
}

// safely runs fn, turning a panic (validator panics on invalid tags) into
// an INTERNAL_ERROR.
func safely(tool string, fn func()) (e *errorx.Error) {
	defer func() {
		if r := recover(); r != nil {
			e = internalError(tool, fmt.Errorf("validation: panic: %v", r))
		}
	}()
	fn()
	return nil
}

// internalError is the error for a server-side mistake: the caller cannot
// fix it, and its text is not shown.
func internalError(tool string, cause error) *errorx.Error {
	return errorx.Wrap(cause, errorx.CodeInternalError, "The server could not validate the arguments.").WithTool(tool)
}

func cutString(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// finish drops validator failures made redundant by a decoding problem at
// or above their path, and anything at or below a key sent twice but the
// field that says so, and sorts the fields by key, stably and in place.
func finish(l *list) []errorx.Field {
	if len(l.meta) > smallList {
		return finishLong(l)
	}
	hasProbs := false
	for _, m := range l.meta {
		if m.below {
			hasProbs = true
			break
		}
	}
	if hasProbs {
		n := 0
		for i := range l.meta {
			if hidden(i, l.meta) {
				continue
			}
			l.fields[n], l.meta[n] = l.fields[i], l.meta[i]
			n++
		}
		clear(l.fields[n:])
		l.fields, l.meta = l.fields[:n], l.meta[:n]
	}
	if slices.IsSortedFunc(l.meta, func(a, b meta) int { return strings.Compare(a.key, b.key) }) {
		return l.fields
	}
	// Insertion sort: stable, in place, and the list is short.
	for i := 1; i < len(l.meta); i++ {
		for j := i; j > 0 && l.meta[j].key < l.meta[j-1].key; j-- {
			l.meta[j], l.meta[j-1] = l.meta[j-1], l.meta[j]
			l.fields[j], l.fields[j-1] = l.fields[j-1], l.fields[j]
		}
	}
	return l.fields
}

// smallList is the longest list finish sorts by insertion and filters by
// comparing every pair.
const smallList = 32

// finishLong is finish for long lists, in O(n log n) time: sorted first,
// the paths at or below a decoding problem's follow it (see order).
func finishLong(l *list) []errorx.Field {
	idx := order(l.meta, nil)
	fields := make([]errorx.Field, len(idx))
	ms := make([]meta, len(idx))
	for k, i := range idx {
		fields[k], ms[k] = l.fields[i], l.meta[i]
	}
	n := copy(l.fields, fields)
	copy(l.meta, ms)
	clear(l.fields[n:])
	l.fields, l.meta = l.fields[:n], l.meta[:n]
	return l.fields
}

// order returns the positions of ms sorted by key, stably, among equal
// keys a key sent twice first, then the other decoding problems, without
// the validator failures at or below a decoding problem's path, nor the
// fields at or below a key sent twice but the one saying so (appended to
// dst). In sorted order the keys a key is a prefix of come right after it,
// so one pass with a stack of the enclosing problems finds them.
func order(ms []meta, dst []int) []int {
	idx := make([]int, len(ms))
	for i := range idx {
		idx[i] = i
	}
	rank := func(m meta) int {
		switch {
		case m.dup:
			return 0
		case m.below:
			return 1
		}
		return 2
	}
	slices.SortFunc(idx, func(a, b int) int {
		if c := strings.Compare(ms[a].key, ms[b].key); c != 0 {
			return c
		}
		if c := rank(ms[a]) - rank(ms[b]); c != 0 {
			return c
		}
		return a - b // stable
	})
	var enclosing []meta
	dups := 0 // keys sent twice in enclosing
	for _, i := range idx {
		m := ms[i]
		for len(enclosing) > 0 && !strings.HasPrefix(m.key, enclosing[len(enclosing)-1].key) {
			if enclosing[len(enclosing)-1].dup {
				dups--
			}
			enclosing = enclosing[:len(enclosing)-1]
		}
		switch {
		case dups > 0:
			continue // neither value of a key sent twice is taken
		case m.below:
			enclosing = append(enclosing, m)
			if m.dup {
				dups++
			}
		case len(enclosing) > 0:
			continue // said by the problem
		}
		dst = append(dst, i)
	}
	return dst
}

// hidden reports whether ms[i] is left out: a validator failure at or below
// the path of a decoding problem, or any field at or below a key sent twice
// but the field that says so.
func hidden(i int, ms []meta) bool {
	m := ms[i]
	for j, p := range ms {
		if j == i || !p.below || !strings.HasPrefix(m.key, p.key) {
			continue
		}
		if !m.below || p.dup && (!m.dup || len(p.key) < len(m.key) || j < i) {
			return true
		}
	}
	return false
}

// Check validates a Go value that did not come from JSON (a struct or a
// pointer to one, at any depth) and returns nil or an *errorx.Error as Bind does. The
// sent values are the Go values; a required field is reported as not sent.
func (v *Validator) Check(tool string, s any) error {
	rv := reflect.ValueOf(s)
	depth := 0
	for rv.Kind() == reflect.Pointer && !rv.IsNil() {
		rv, depth = rv.Elem(), depth+1
	}
	if depth > 1 && rv.Kind() == reflect.Struct {
		s = rv.Addr().Interface() // validator takes a struct or one pointer to it
	}
	var err error
	if e := safely(tool, func() { err = v.v.Struct(s) }); e != nil {
		return e
	}
	if err == nil {
		return nil
	}
	ve, ok := errors.AsType[validator.ValidationErrors](err)
	if !ok {
		return internalError(tool, err)
	}
	return v.build(tool, list{}, ve, rv, "", false, true)
}

// Translate turns validator's error for root into the validation error
// (see Bind and NewError): the fields of Fields and the summary message,
// allocated together. It returns nil when err holds no
// validator.ValidationErrors; see Fields for root and raw.
func (v *Validator) Translate(tool string, err error, root any, raw []byte) *errorx.Error {
	ve, ok := errors.AsType[validator.ValidationErrors](err)
	if !ok || len(ve) == 0 {
		return nil
	}
	rv := rootValue(root)
	return v.build(tool, list{}, ve, rv, view(raw), raw != nil, false)
}

// rootValue is the validated struct, pointers dereferenced; invalid when
// root is not a struct.
func rootValue(root any) reflect.Value {
	rv := reflect.ValueOf(root)
	for rv.Kind() == reflect.Pointer && !rv.IsNil() {
		rv = rv.Elem()
	}
	if rv.Kind() != reflect.Struct {
		return reflect.Value{}
	}
	return rv
}

// view reads raw in place as a string. The translator never lets a
// substring of it escape (it copies what it returns), so raw is not
// retained and may be reused by the caller.
func view(raw []byte) string {
	return unsafe.String(unsafe.SliceData(raw), len(raw))
}

// Fields translates validator's error for root (the struct or pointer that
// was validated; nil if unknown, then paths come from validator's
// namespaces) into fields, in the documented order. Without root a failing
// map key cannot be told from its value: it is reported at the entry's
// path like a failure of the value, without "Invalid key.", and its Sent
// is what raw holds there (the value), or without raw the failing Go value
// (the key). raw is the JSON root
// was decoded from, the source of the sent values; nil means there was no
// JSON and the sent values are the Go values. raw is read in place and not
// retained; it is not checked either: JSON that is not valid gives
// meaningless sent values (but no panic). Fields returns nil when err holds
// no validator.ValidationErrors.
func (v *Validator) Fields(err error, root any, raw []byte) []errorx.Field {
	ve, ok := errors.AsType[validator.ValidationErrors](err)
	if !ok || len(ve) == 0 {
		return nil
	}
	return v.appendFields(make([]errorx.Field, 0, len(ve)), ve, root, raw)
}

// AppendFields is Fields appending to dst, for adding validator's failures
// to fields of one's own (or reusing a slice once the error is rendered).
func (v *Validator) AppendFields(dst []errorx.Field, err error, root any, raw []byte) []errorx.Field {
	ve, ok := errors.AsType[validator.ValidationErrors](err)
	if !ok || len(ve) == 0 {
		return dst
	}
	return v.appendFields(dst, ve, root, raw)
}

func (v *Validator) appendFields(dst []errorx.Field, ve validator.ValidationErrors, root any, raw []byte) []errorx.Field {
	dst = slices.Grow(dst, len(ve))
	base := len(dst)
	t := newTranslator(v, rootValue(root), view(raw), raw != nil, false)
	l := list{fields: dst[base:base], meta: t.meta[:0]}
	t.add(&l, ve)
	fields := finish(&l) // in place, within dst's capacity
	t.meta = l.meta
	t.release()
	if rv := rootValue(root); rv.IsValid() {
		redactTagged(fields, rv.Type())
	}
	return dst[:base+len(fields)]
}

// MaxFields bounds the fields of one validation error: the render
// package's default field bound (render.DefaultLimits.MaxFields), so a
// reply shows no fewer of them. Past it the error keeps the first
// MaxFields fields in the documented order and counts the others under the
// detail key codes.TruncatedKey ("(truncated: N more fields)", as the render
// package's limits say it); the summary message still names every
// argument concerned. Fields and AppendFields are not bounded.
const MaxFields = 100
