package render

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/jsonw"
	"github.com/mcperr/mcperr/internal/secret"
)

// Limits bound what one rendered error may hold, whatever a caller, a tool
// author or a backend put in it. What is cut says so, deterministically: a
// cut string ends with "…(truncated, N bytes)", N being the bytes left out;
// a json.Number too long is cut the same way, into a string of its first
// digits; any other value whose JSON is too big becomes
// "…(truncated, N bytes)", N being the size of its JSON (or "over 1048576"
// past a MiB, where measuring stops); dropped details, actions and fields are counted
// under the detail key "…". A zero field means its default.
type Limits struct {
	// MaxString bounds each string: code, message, recovery, tool, each
	// action, detail key and field text (default 4096 bytes).
	MaxString int
	// MaxValue bounds each detail value and each sent value, measured as
	// compact JSON (default 4096 bytes).
	MaxValue int
	// MaxActions, MaxDetails and MaxFields bound the counts (defaults 32,
	// 64 and 100).
	MaxActions, MaxDetails, MaxFields int
	// MaxOutput bounds the whole rendered text; a Renderer renders again
	// with halved limits until the output fits (default 64 KiB).
	MaxOutput int
}

// DefaultLimits are the limits a zero Limits stands for.
var DefaultLimits = Limits{MaxString: 4096, MaxValue: 4096, MaxActions: 32, MaxDetails: 64, MaxFields: 100, MaxOutput: 64 << 10}

func (l Limits) withDefaults() Limits {
	d := DefaultLimits
	pick := func(v, def int) int {
		if v > 0 {
			return v
		}
		return def
	}
	return Limits{pick(l.MaxString, d.MaxString), pick(l.MaxValue, d.MaxValue), pick(l.MaxActions, d.MaxActions),
		pick(l.MaxDetails, d.MaxDetails), pick(l.MaxFields, d.MaxFields), pick(l.MaxOutput, d.MaxOutput)}
}

// halve returns l with every bound halved (at least 1, and 64 bytes for
// strings and values): the next try when the output does not fit.
func (l Limits) halve() (Limits, bool) {
	l = l.withDefaults()
	n := Limits{max(l.MaxString/2, 64), max(l.MaxValue/2, 64), max(l.MaxActions/2, 1), max(l.MaxDetails/2, 1), max(l.MaxFields/2, 1), l.MaxOutput}
	return n, n != l
}

// apply returns e bounded by l: e itself when it is within the limits (no
// allocation), else a bounded copy. e is never changed.
func (l Limits) apply(e *errorx.Error) *errorx.Error {
	l = l.withDefaults()
	if l.within(e) {
		return e
	}
	c := e.Clone()
	cut := func(s string) string { return cutString(s, l.MaxString) }
	c.Code, c.Message, c.Recovery, c.Tool = cut(c.Code), cut(c.Message), cut(c.Recovery), cut(c.Tool)
	// What an earlier bound dropped (validation stops at its MaxFields and
	// says so under codes.TruncatedKey) is added to what this one drops.
	prior, hadPrior := c.Details.Get(codes.TruncatedKey)
	dropped := droppedCounts(prior)
	if n := len(c.Actions) - l.MaxActions; n > 0 {
		c.Actions = c.Actions[:l.MaxActions]
		dropped[droppedActions] += n
	}
	for i := range c.Actions {
		c.Actions[i] = cut(c.Actions[i])
	}
	if n := len(c.Fields) - l.MaxFields; n > 0 {
		c.Fields = c.Fields[:l.MaxFields]
		dropped[droppedFields] += n
	}
	for i := range c.Fields {
		f := &c.Fields[i]
		f.Path, f.Message, f.Expected, f.Hint, f.Rule, f.Param = cut(f.Path), cut(f.Message), cut(f.Expected), cut(f.Hint), cut(f.Rule), cut(f.Param)
		if n := len(f.Options) - l.MaxActions; n > 0 {
			f.Options = f.Options[:l.MaxActions]
		}
		for j := range f.Options {
			f.Options[j] = cut(f.Options[j])
		}
		if f.WasSent {
			f.Sent = boundValue(f.Sent, l.MaxValue)
		}
	}
	var d errorx.Details
	pairs := c.Details.Pairs()
	if hadPrior {
		pairs = slices.DeleteFunc(slices.Clone(pairs), func(p errorx.Detail) bool { return p.Key == codes.TruncatedKey })
	}
	if n := len(pairs) - l.MaxDetails; n > 0 {
		pairs = pairs[:l.MaxDetails]
		dropped[droppedDetails] += n
	}
	for _, p := range pairs {
		d.Set(cut(p.Key), boundValue(p.Value, l.MaxValue))
	}
	if text := dropped.String(); text != "" {
		d.Set(codes.TruncatedKey, text)
	} else if hadPrior {
		d.Set(codes.TruncatedKey, boundValue(prior, l.MaxValue)) // not a count this bound writes: kept as it was
	}
	c.Details = d
	return c
}

// within reports whether e needs no bounding. It is the fast path: no
// allocation, and detail values measured only when they are not scalars.
func (l Limits) within(e *errorx.Error) bool {
	if len(e.Actions) > l.MaxActions || len(e.Fields) > l.MaxFields || e.Details.Len() > l.MaxDetails {
		return false
	}
	if len(e.Code) > l.MaxString || len(e.Message) > l.MaxString || len(e.Recovery) > l.MaxString || len(e.Tool) > l.MaxString {
		return false
	}
	for _, a := range e.Actions {
		if len(a) > l.MaxString {
			return false
		}
	}
	for _, p := range e.Details.Pairs() {
		if len(p.Key) > l.MaxString || !valueWithin(p.Value, l.MaxValue) {
			return false
		}
	}
	for _, f := range e.Fields {
		if len(f.Path) > l.MaxString || len(f.Message) > l.MaxString || len(f.Expected) > l.MaxString ||
			len(f.Hint) > l.MaxString || len(f.Rule) > l.MaxString || len(f.Param) > l.MaxString || len(f.Options) > l.MaxActions {
			return false
		}
		for _, o := range f.Options {
			if len(o) > l.MaxString {
				return false
			}
		}
		if f.WasSent && !valueWithin(f.Sent, l.MaxValue) {
			return false
		}
	}
	return true
}

// valueWithin reports whether v's compact JSON surely fits in max bytes.
func valueWithin(v any, max int) bool {
	switch x := v.(type) {
	case nil, bool, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64, float32, float64, secret.Redacted:
		return true
	case json.Number:
		// A literal, or a string of it when too large for a float64.
		return len(x)+2 <= max
	case string:
		// Its JSON is at least len+2 bytes and at most 6 times that.
		return len(x) <= max/6-2 || len(x)+2 <= max && jsonSize(x, max) <= max
	}
	return jsonSize(v, max) <= max
}

// sizeCap is how far boundValue measures a value it cuts: the notice gives
// the size of a larger value as "over sizeCap".
const sizeCap = 1 << 20

// jsonSize returns the length of v as compact JSON, or limit+1 when it is
// longer than limit: the work is bounded by limit, not by v, whose JSON can
// be far larger than v itself (a container it holds many times over).
func jsonSize(v any, limit int) int {
	b := getBuf()
	w := jsonw.Writer{B: *b, Style: jsonw.Go, Budget: limit}
	w.Value(v)
	n := len(w.B)
	if w.Exceeded() || n > limit {
		n = limit + 1
	}
	*b = w.B
	putBuf(b)
	return n
}

// boundValue returns v, or, when its JSON is bigger than max, a cut string
// (for a string, and for a json.Number, whose digits are cut like a
// string's) or the truncation notice (for anything else).
func boundValue(v any, max int) any {
	if valueWithin(v, max) {
		return v
	}
	switch x := v.(type) {
	case string:
		if c := cutString(x, max); jsonSize(c, max+32) <= max+32 {
			return c
		}
		return cutString(x, max/6) // mostly characters JSON escapes
	case json.Number:
		return cutString(string(x), max) // ASCII: no escapes
	}
	if n := jsonSize(v, sizeCap); n <= sizeCap {
		return "…(truncated, " + strconv.Itoa(n) + " bytes)"
	}
	return "…(truncated, over " + strconv.Itoa(sizeCap) + " bytes)"
}

// maxNotice is the longest truncation notice: a text cut to MaxString
// minus maxNotice bytes, notice included, is not cut again.
const maxNotice = len("…(truncated, 9223372036854775807 bytes)")

// cutString keeps the first max bytes of s (never splitting a character)
// and says how many bytes it left out.
func cutString(s string, max int) string {
	if len(s) <= max {
		return s
	}
	keep := max
	for keep > 0 && !utf8.RuneStart(s[keep]) {
		keep--
	}
	return s[:keep] + "…(truncated, " + strconv.Itoa(len(s)-keep) + " bytes)"
}

// dropCounts counts what bounds dropped, by kind, in the order
// codes.TruncatedKey's text lists them.
type dropCounts [3]int

const (
	droppedActions = iota
	droppedFields
	droppedDetails
)

var droppedKinds = [...]string{" more actions", " more fields", " more details"}

// String is codes.TruncatedKey's text, "(truncated: 2 more actions, 5 more
// fields)", or "" when nothing was dropped.
func (c dropCounts) String() string {
	var b []byte
	for k, n := range c {
		if n <= 0 {
			continue
		}
		if b == nil {
			b = append(b, "(truncated: "...)
		} else {
			b = append(b, ", "...)
		}
		b = strconv.AppendInt(b, int64(n), 10)
		b = append(b, droppedKinds[k]...)
	}
	if b == nil {
		return ""
	}
	return string(append(b, ')'))
}

// droppedCounts reads the counts of an codes.TruncatedKey text back; anything
// else counts nothing.
func droppedCounts(v any) dropCounts {
	var c dropCounts
	s, ok := v.(string)
	if !ok {
		return c
	}
	s, ok = strings.CutPrefix(s, "(truncated: ")
	if !ok {
		return c
	}
	s, ok = strings.CutSuffix(s, ")")
	if !ok {
		return c
	}
	for part := range strings.SplitSeq(s, ", ") {
		i := strings.IndexByte(part, ' ')
		if i < 0 {
			return dropCounts{}
		}
		n, err := strconv.Atoi(part[:i])
		k := slices.Index(droppedKinds[:], part[i:])
		if err != nil || n < 0 || k < 0 {
			return dropCounts{}
		}
		c[k] += n
	}
	return c
}
