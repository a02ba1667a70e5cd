package render

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/adapt"
	"github.com/mcperr/mcperr/internal/format"
	"github.com/mcperr/mcperr/internal/jsonw"
)

// A JSON dialect carries what it has no slot for in its extras object
// (interbase "data", toolerror/contract/envelope "details") under the model's
// own key names. The user's details sit beside them, unless one of the
// user's keys is a key the dialect reserves: then all of the user's details
// move under "details", so nothing is overwritten or misread.

// part is one member the extras object may hold.
type part uint8

const (
	pDetail           part = iota // one of the user's details
	pStatusCode                   // toolerror's native statusCode
	pCode                         // the model's code
	pClass                        // the model's class
	pSeverity                     // the model's severity
	pRecovery                     // the recovery suggestion
	pActions                      // the available actions
	pRetryAfter                   // the retry delay in seconds
	pRetryable                    // an explicit retryable answer
	pStatus                       // the HTTP status
	pTool                         // the tool name
	pFields                       // the per-field violations
	pValidationErrors             // envelope's native validation_errors
	pDetails                      // the user's details, nested
	nParts
)

var partKey = [nParts]string{
	pStatusCode: "statusCode", pCode: "code", pClass: "class", pSeverity: "severity",
	pRecovery: "recovery", pActions: "actions", pRetryAfter: "retry_after",
	pRetryable: "retryable", pStatus: "status", pTool: "tool", pFields: "fields",
	pValidationErrors: "validation_errors", pDetails: "details",
}

// parts is a set of parts.
type parts uint32

func partsOf(ps ...part) parts {
	var s parts
	for _, p := range ps {
		s |= 1 << p
	}
	return s | 1<<pDetails
}

func (s parts) has(p part) bool { return s&(1<<p) != 0 }

// reserves reports whether key is the key of a part in s.
func (s parts) reserves(key string) bool {
	for p := pStatusCode; p < nParts; p++ {
		if s.has(p) && partKey[p] == key {
			return true
		}
	}
	return false
}

// nests reports whether e's details must move under "details" because one of
// their keys is reserved.
func (s parts) nests(e *errorx.Error) bool {
	for _, d := range e.Details.Pairs() {
		if s.reserves(d.Key) {
			return true
		}
	}
	return false
}

type entry struct {
	key string
	p   part
	i   int // index of a pDetail in e.Details
}

// object lists the members of one extras object in writing order. It lives
// on the stack: up to len(arr) members need no allocation.
type object struct {
	e *errorx.Error
	// wholeSeconds writes retry_after as whole seconds, rounded up
	// (interbase, following interlock).
	wholeSeconds bool
	n            int
	arr          [24]entry
	heap         []entry // every member, once they outgrow arr
	// firsts lists the first field of each path (firstPaths), for the
	// envelope's validation_errors.
	firsts []int
}

func (o *object) push(en entry) {
	if o.heap == nil && o.n < len(o.arr) {
		o.arr[o.n] = en
		o.n++
		return
	}
	if o.heap == nil {
		o.heap = make([]entry, o.n, 2*o.n)
		copy(o.heap, o.arr[:o.n])
	}
	o.heap = append(o.heap, en)
}

// list returns the members in writing order.
func (o *object) list() []entry {
	if o.heap != nil {
		return o.heap
	}
	return o.arr[:o.n]
}

func (o *object) add(p part, cond bool) {
	if cond {
		o.push(entry{key: partKey[p], p: p})
	}
}

// details adds the user's details, flat or nested according to reserved.
func (o *object) details(reserved parts) {
	if o.e.Details.Len() == 0 {
		return
	}
	if reserved.nests(o.e) {
		o.add(pDetails, true)
		return
	}
	for i, d := range o.e.Details.Pairs() {
		o.push(entry{key: d.Key, p: pDetail, i: i})
	}
}

// common adds the parts that no JSON dialect has a slot for, in model order.
func (o *object) common() {
	e := o.e
	o.add(pSeverity, e.Severity != errorx.SeverityUnset)
	o.add(pRecovery, e.Recovery != "")
	o.add(pActions, len(e.Actions) > 0)
	o.add(pRetryAfter, e.RetryAfter > 0)
}

func (o *object) empty() bool { return o.n == 0 && o.heap == nil }

// write writes the object; sorted orders the members by key, as
// encoding/json orders a map.
func (o *object) write(w *jsonw.Writer, sorted bool) {
	ents := o.list()
	if sorted {
		slices.SortFunc(ents, func(a, b entry) int { return cmp.Compare(a.key, b.key) })
	}
	e := o.e
	w.BeginObject()
	for _, en := range ents {
		w.Key(en.key)
		switch en.p {
		case pDetail:
			w.Value(e.Details.Pairs()[en.i].Value)
		case pStatusCode, pStatus:
			w.Int(int64(e.HTTPStatus()))
		case pCode:
			w.String(e.Code)
		case pClass:
			w.String(e.EffectiveClass().String())
		case pSeverity:
			w.String(e.Severity.String())
		case pRecovery:
			w.String(e.Recovery)
		case pActions:
			w.Strings(e.Actions)
		case pRetryAfter:
			if o.wholeSeconds {
				w.Int(int64(adapt.WholeSeconds(e.RetryAfter) / time.Second))
			} else {
				w.Float(min(e.RetryAfter.Seconds(), format.MaxSeconds))
			}
		case pRetryable:
			w.Bool(e.Retryable != nil && *e.Retryable)
		case pTool:
			w.String(e.Tool)
		case pFields:
			writeFields(w, e.Fields)
		case pValidationErrors:
			writeValidationErrors(w, e.Fields, o.firsts)
		case pDetails:
			writeDetails(w, e.Details, sorted)
		}
	}
	w.EndObject()
}

func writeFields(w *jsonw.Writer, fields []errorx.Field) {
	w.BeginArray()
	for _, f := range fields {
		_, printed := f.Sent.(format.SentText)
		w.FieldObject(f.Path, f.Sent, f.WasSent, printed, f.Message, f.Expected, f.Options, f.Hint, f.Rule, f.Param)
	}
	w.EndArray()
}

func writeDetails(w *jsonw.Writer, d errorx.Details, sorted bool) {
	pairs := d.Pairs()
	byKey := func(a, b errorx.Detail) int { return cmp.Compare(a.Key, b.Key) }
	if sorted && !slices.IsSortedFunc(pairs, byKey) {
		var arr [24]errorx.Detail
		pairs = append(arr[:0], pairs...)
		slices.SortFunc(pairs, byKey)
	}
	w.BeginObject()
	for _, p := range pairs {
		w.Key(p.Key)
		w.Value(p.Value)
	}
	w.EndObject()
}

// readExtras applies the members of an extras object to e: a member whose key
// is a part in allowed and whose value has that part's type and range sets
// the part (a retry_after is one format.Seconds accepts, a status is 100 to
// 999); anything else is one of the user's details. A "details" object holds the
// user's details when they were nested. It reports whether the code and the
// class were present.
// The object is the raw JSON text of a valid document's member ("" for
// none); skip names a member the caller has read itself.
func readExtras(e *errorx.Error, object string, allowed parts, skip string) (codeSet bool, class errorx.Class) {
	it, _ := jsonw.Iterate(object)
	nested := ""
	for key, raw, ok := it.Next(); ok; key, raw, ok = it.Next() {
		if key == skip && skip != "" {
			continue
		}
		if allowed.has(pDetails) && key == "details" && raw != "" && raw[0] == '{' {
			nested = raw
			continue
		}
		if readPart(e, jsonw.Member{Key: key, Raw: raw}, allowed, &codeSet, &class) {
			continue
		}
		e.Details.Set(key, jsonw.Decode(raw))
	}
	it, _ = jsonw.Iterate(nested)
	for key, raw, ok := it.Next(); ok; key, raw, ok = it.Next() {
		e.Details.Set(key, jsonw.Decode(raw))
	}
	return codeSet, class
}

func readPart(e *errorx.Error, m jsonw.Member, allowed parts, codeSet *bool, class *errorx.Class) bool {
	p := part(0)
	for q := pStatusCode; q < nParts; q++ {
		if allowed.has(q) && partKey[q] == m.Key {
			p = q
			break
		}
	}
	switch p {
	case pCode:
		s, ok := jsonw.String(m.Raw)
		if ok {
			e.Code, *codeSet = s, true
		}
		return ok
	case pClass:
		s, _ := jsonw.String(m.Raw)
		c, ok := parseClass(s)
		if ok {
			*class = c
		}
		return ok
	case pSeverity:
		s, _ := jsonw.String(m.Raw)
		sev, ok := parseSeverity(s)
		if ok {
			e.Severity = sev
		}
		return ok
	case pRecovery:
		s, ok := jsonw.String(m.Raw)
		if ok {
			e.Recovery = s
		}
		return ok
	case pActions:
		a, ok := jsonw.Strings(m.Raw)
		if ok {
			e.Actions = a
		}
		return ok
	case pRetryAfter:
		f, ok := jsonw.Float(m.Raw)
		if !ok {
			return false
		}
		d, err := format.Seconds(f)
		if err != nil {
			return false
		}
		e.RetryAfter = d
		return true
	case pRetryable:
		b, ok := jsonw.Bool(m.Raw)
		if ok {
			e.Retryable = new(b)
		}
		return ok
	case pStatus, pStatusCode:
		f, ok := jsonw.Float(m.Raw)
		if !ok || f != float64(int(f)) || !isStatus(int(f)) {
			return false
		}
		e.Status = int(f)
		return true
	case pTool:
		s, ok := jsonw.String(m.Raw)
		if ok {
			e.Tool = s
		}
		return ok
	case pFields:
		fs, ok := decodeFields(m.Raw)
		if ok {
			e.Fields = fs
		}
		return ok
	}
	return false
}

// fieldKeys are the keys of a field's JSON form (errorx.Field's
// UnmarshalJSON), in the order of fieldKey's indexes.
var fieldKeys = [...]string{"path", "sent", "message", "expected", "options", "hint", "rule", "param", "sent_text"}

// fieldKey returns the index in fieldKeys of key, matched as encoding/json
// matches a struct field's name (exactly, else ignoring case), or -1.
func fieldKey(key string) int {
	for i, k := range fieldKeys {
		if key == k {
			return i
		}
	}
	for i, k := range fieldKeys {
		if strings.EqualFold(key, k) {
			return i
		}
	}
	return -1
}

// decodeFields reads the fields of a JSON dialect's extras from raw, a
// valid JSON value, as json.Unmarshal into []errorx.Field reads them
// (null is no fields, a null field is the zero Field, a key is matched
// ignoring case and the last of a repeated key wins; an unknown key or a
// value of another type fails), without encoding/json's reflection and
// copies: one or two bytes per byte of the wire instead of 28 to 80.
func decodeFields(raw string) ([]errorx.Field, bool) {
	return decodeArray(raw, func(el string) (f errorx.Field, ok bool) {
		return f, decodeField(&f, el)
	})
}

// decodeArray reads a JSON array as json.Unmarshal reads one into a slice
// of T: null is nil, a null item is T's zero value, and one reads every
// other item (false fails the whole array).
func decodeArray[T any](raw string, one func(raw string) (T, bool)) ([]T, bool) {
	if raw == "null" {
		return nil, true
	}
	it, ok := jsonw.IterateArray(raw)
	if !ok {
		return nil, false
	}
	out := make([]T, 0, it.Count())
	for el, ok := it.Next(); ok; el, ok = it.Next() {
		var v T
		if el != "null" {
			if v, ok = one(el); !ok {
				return nil, false
			}
		}
		out = append(out, v)
	}
	return out, true
}

// decodeField reads one field object into f.
func decodeField(f *errorx.Field, raw string) bool {
	it, ok := jsonw.Iterate(raw)
	if !ok {
		return false
	}
	printed := false
	for key, v, ok := it.Next(); ok; key, v, ok = it.Next() {
		k := fieldKey(key)
		if k == 8 { // sent_text: a boolean
			b, ok := jsonw.Bool(v)
			if !ok && v != "null" {
				return false
			}
			printed = b
			continue
		}
		if k == 1 { // sent: any value, null included
			f.Sent, f.WasSent = jsonw.Decode(v), true
			continue
		}
		if k == 4 { // options
			opts, ok := decodeStrings(v)
			if !ok {
				return false
			}
			f.Options = opts
			continue
		}
		if k < 0 {
			return false
		}
		if v == "null" {
			continue // encoding/json leaves the string as it was
		}
		s, ok := jsonw.String(v)
		if !ok {
			return false
		}
		switch k {
		case 0:
			f.Path = s
		case 2:
			f.Message = s
		case 3:
			f.Expected = s
		case 5:
			f.Hint = s
		case 6:
			f.Rule = s
		case 7:
			f.Param = s
		}
	}
	if len(f.Options) == 0 {
		f.Options = nil // as errorx.Field's UnmarshalJSON keeps them
	}
	if printed {
		s, ok := f.Sent.(string)
		if !ok || !f.WasSent {
			return false
		}
		f.Sent = format.SentText(s)
	}
	return true
}

// decodeStrings reads a JSON array of strings as json.Unmarshal into
// []string does: null is nil, a null item is "".
func decodeStrings(raw string) ([]string, bool) { return decodeArray(raw, jsonw.String) }

// finishClass sets e.Class: the class the wire stated, else the one e's code
// and status imply.
func finishClass(e *errorx.Error, stated errorx.Class) {
	if stated != errorx.ClassUnset {
		e.Class = stated
		return
	}
	e.Class = deriveClass(e.Code, e.HTTPStatus())
}

// classUnsaid reports whether a dialect must write e's class: decoding
// derives the class from the code and the status the wire gives back (see
// finishClass), and that is not e's class.
func classUnsaid(e *errorx.Error, code string, status int) bool {
	return e.EffectiveClass() != deriveClass(code, status)
}

// orDefault returns s, or def when s is empty.
func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// normalizeRetryable turns a wire boolean into e.Retryable: unset when it
// matches the default for e's code and class, so a model that did not state
// it reads back the same.
func normalizeRetryable(e *errorx.Error, wire bool) {
	if wire == defaultRetryable(e.Code, e.EffectiveClass()) {
		e.Retryable = nil
	} else {
		e.Retryable = new(wire)
	}
}
