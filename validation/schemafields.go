package validation

import (
	"encoding/json"
	"math/big"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/copyonwrite"
	isecret "github.com/mcperr/mcperr/internal/secret"
	"github.com/mcperr/mcperr/internal/sentence"
)

// build makes the error of the items: sorted as Bind sorts fields (see
// add), the failures at or below a problem or a wrong type dropped, at
// most MaxFields of them translated, the others counted.
func (r *checkRun) build(tool string) *errorx.Error {
	idx := r.order()
	kept := idx[:min(len(idx), MaxFields)]
	e, fields := newPacked(len(kept))
	for _, i := range kept {
		fields = append(fields, r.field(&r.items[i]))
		if f := &fields[len(fields)-1]; f.WasSent && f.Sent != nil && !r.items[i].isKey {
			f.Sent = r.s.redactSent(r.items[i].segs, r.items[i].how == howUnknown, f.Sent)
		}
	}
	var c tally
	for _, i := range idx {
		it := &r.items[i]
		top, nested, named := "", len(it.segs) > 1, false
		if len(it.segs) > 0 && !it.segs[0].isIdx {
			top = it.segs[0].key
			_, named = r.s.top.prop(top)
			named = named || r.s.top.required[top]
		}
		c.add(top, nested, it.how == howUnknown, named)
	}
	cut := len(idx) - len(kept)
	if r.win != nil {
		for _, w := range r.win.cuts {
			cut += w.certain
			r.tallyCut(&c, w)
		}
	}
	for _, m := range r.more {
		for range m.n {
			c.add(m.top, true, m.unknown, m.named)
		}
		cut += m.n
	}
	*e = errorx.Error{
		Code:     errorx.CodeInvalidInput,
		Class:    errorx.ClassValidation,
		Message:  c.text(tool),
		Recovery: codes.ValidationRecovery,
		Tool:     tool,
		Fields:   fields,
	}
	if cut > 0 {
		e.Details.Set(codes.TruncatedKey, "(truncated: "+strconv.Itoa(cut)+" more fields)")
	}
	return isecret.RedactError(e, nil)
}

// order returns the items to report, in order: sorted by key, without
// the failures at or below a problem (a key sent twice, nesting too deep,
// a number out of range), then without those at or below a wrong type
// (the library stops at a wrong type, but a sibling schema may go on).
func (r *checkRun) order() []int {
	all := string(r.keys)
	ms := make([]meta, len(r.items))
	for i := range r.items {
		it := &r.items[i]
		ms[i] = meta{key: all[it.start:it.end], below: it.below && it.how == howProblem}
	}
	idx := order(ms, nil)
	hasTypes := false
	for _, i := range idx {
		hasTypes = hasTypes || r.items[i].below && r.items[i].how != howProblem
	}
	if !hasTypes {
		return idx
	}
	kept := make([]meta, len(idx))
	for j, i := range idx {
		kept[j] = meta{key: ms[i].key, below: r.items[i].below}
	}
	out := order(kept, nil)
	for j, k := range out {
		out[j] = idx[k]
	}
	return out
}

// sent returns what the caller sent at segs: the decoded value, or, when
// numbers were replaced in it, the value read from the arguments.
func (r *checkRun) sent(segs []seg) (any, bool) {
	if !r.replaced {
		return r.lookup(segs)
	}
	if !r.located {
		r.loc.reset(r.text)
		r.located = true
	}
	at, ok := r.loc.locate(segs)
	if !ok || at >= len(r.text) {
		return nil, false
	}
	p := scanner{s: r.text, i: at}
	return p.value(), true
}

// nodeAt returns the schema of the value at segs (nil when unknown).
func (r *checkRun) nodeAt(segs []seg) *snode {
	n := r.s.top
	for _, sg := range segs {
		if n = r.s.child(n, sg); n == nil {
			return nil
		}
	}
	return n
}

// requiredHere reports whether the item's value is a property its object
// requires: then a failure that rejects only the empty value ("" for
// minLength 1, 0 for not const 0, false for const true) reads as binding's
// required does.
func (r *checkRun) requiredHere(it *sitem) bool {
	return !it.isKey && r.requiredAt(it.segs)
}

// requiredAt reports whether the value at segs is a property its object
// requires.
func (r *checkRun) requiredAt(segs []seg) bool {
	if len(segs) == 0 || segs[len(segs)-1].isIdx {
		return false
	}
	parent := r.nodeAt(segs[:len(segs)-1])
	return parent != nil && parent.required[segs[len(segs)-1].key]
}

// optionsAt returns the options of the enum of the value at segs, if it
// has one: a property required and not sent lists them, as binding's
// required does on a field with a oneof.
func (r *checkRun) optionsAt(segs []seg) []string {
	if n := r.nodeAt(segs); n != nil {
		return n.options
	}
	return nil
}

// field translates an item.
func (r *checkRun) field(it *sitem) errorx.Field {
	path := pathOf(it.segs)
	switch it.how {
	case howProblem:
		f := r.probs.fields[it.n]
		readSent(&f, r.probs.meta[it.n], r.text)
		return f
	case howRequired:
		f := sentence.RequiredField(path)
		f.Options = r.optionsAt(it.segs)
		return f
	case howDependent:
		f := sentence.RequiredField(path)
		f.Rule = "required_with"
		f.Hint = required(Failure{ActualTag: f.Rule, Param: oneofParam(it.by)}).Hint
		f.Options = r.optionsAt(it.segs)
		return f
	case howUnknown:
		return r.unknownField(it, path)
	case howEmpty:
		t := requiredText("", true)
		return errorx.Field{Path: path, Sent: "", WasSent: true, Message: t.Message, Hint: t.Hint, Rule: RuleRequired,
			Options: r.optionsAt(it.segs)}
	case howTooMany:
		f := errorx.Field{Path: path, Rule: "max", Param: itoa(it.n)}
		f.Sent, f.WasSent = r.sent(it.segs)
		t := bound(Failure{ActualTag: f.Rule, Param: f.Param, Kind: reflect.Slice})
		f.Message, f.Hint = t.Message, t.Hint
		return f
	}
	f := errorx.Field{Path: path}
	if it.isKey {
		f.Sent, f.WasSent = it.segs[len(it.segs)-1].key, true
	} else {
		f.Sent, f.WasSent = r.sent(it.segs)
	}
	var t Text
	if it.how == howOneOf {
		t, f.Rule = r.noneMatched(it, f.Sent)
	} else {
		t, f.Rule, f.Param = r.keyword(it, f.Sent, f.WasSent)
	}
	if f.Rule == RuleType {
		f = sentence.WrongTypeField(path, f.Sent, t.Expected)
	} else {
		f.Message, f.Expected, f.Options, f.Hint = t.Message, t.Expected, t.Options, t.Hint
	}
	if it.isKey {
		f.Message = "Invalid key. " + f.Message
	}
	return f
}

// unknownField is the field of an unknown key, with binding's hint: the
// property names near it, those not sent first, else the names accepted.
func (r *checkRun) unknownField(it *sitem, path string) errorx.Field {
	key := it.segs[len(it.segs)-1].key
	n := it.node
	if n == nil {
		n = &snode{si: &structInfo{}}
	}
	si := n.si
	if len(it.segs) == 1 && len(r.ignore) > 0 {
		// The IgnoreKeys keys are let through, not offered.
		names := slices.DeleteFunc(slices.Clone(si.names), func(s string) bool { return contains(r.ignore, s) })
		si = &structInfo{names: names, removeHint: removeHint(names)}
	}
	f := unknownField(key, si)
	f.Path = path
	f.Sent, f.WasSent = r.sent(it.segs)
	obj, _ := r.valueAt(it.segs[:len(it.segs)-1]).(map[string]any)
	if names := suggestions(key, si.names, func(i int) bool { _, ok := obj[si.names[i]]; return ok }); names != nil {
		f.Hint = didYouMeanAll(names)
	}
	return f
}

// keyword is the text, rule and parameter of a failed keyword: those of
// the validate tag that says the same, else the keyword's own.
func (r *checkRun) keyword(it *sitem, sent any, was bool) (Text, string, string) {
	n := it.node
	switch k := it.e.ErrorKind.(type) {
	case *kind.Type:
		// null too, on a property required or not: binding rejects null
		// for a value that is not a pointer in the same words.
		return Text{Expected: typeNames(k.Want)}, RuleType, ""
	case *kind.Enum:
		t := oneOf(Failure{})
		t.Options = nil
		if n != nil {
			t.Options = n.options
			t = postOneOf.apply(t, sent, was, n.folded)
		}
		return t, "oneof", ""
	case *kind.Const:
		if b, ok := k.Want.(bool); ok && b && r.requiredHere(it) {
			return requiredText(sent, was), RuleRequired, ""
		}
		p := valueText(k.Want)
		return bound(Failure{ActualTag: "eq", Param: p, Kind: kindOf(k.Want)}), "eq", p
	case *kind.Format:
		if n != nil && n.s.Pattern != nil {
			// The library stops at the format: a pattern standing for a
			// tag of that format (InputSchema's uuid4) says it better.
			p := n.s.Pattern.String()
			if tag, _ := patternTag(p); tag != "" && schemaFormats[tag] == k.Want {
				return patternText(p)
			}
		}
		return formatFailure(k.Want)
	case *kind.Pattern:
		return patternText(k.Want)
	case *kind.MinLength:
		return sizeText("min", k.Want, n != nil && pinned(n.s.MinLength, n.s.MaxLength), reflect.String)
	case *kind.MaxLength:
		return sizeText("max", k.Want, n != nil && pinned(n.s.MinLength, n.s.MaxLength), reflect.String)
	case *kind.MinItems:
		return sizeText("min", k.Want, n != nil && pinned(n.s.MinItems, n.s.MaxItems), reflect.Slice)
	case *kind.MaxItems:
		return sizeText("max", k.Want, n != nil && pinned(n.s.MinItems, n.s.MaxItems), reflect.Slice)
	case *kind.MinProperties:
		return sizeText("min", k.Want, n != nil && pinned(n.s.MinProperties, n.s.MaxProperties), reflect.Map)
	case *kind.MaxProperties:
		return sizeText("max", k.Want, n != nil && pinned(n.s.MinProperties, n.s.MaxProperties), reflect.Map)
	case *kind.Minimum:
		return numberText("min", k.Want)
	case *kind.Maximum:
		return numberText("max", k.Want)
	case *kind.ExclusiveMinimum:
		return numberText("gt", k.Want)
	case *kind.ExclusiveMaximum:
		return numberText("lt", k.Want)
	case *kind.MultipleOf:
		p := ratText(k.Want)
		t := bound(Failure{ActualTag: "eq", Param: p, Kind: reflect.Float64})
		return Text{Message: t.Message, Hint: "Must be a multiple of " + p + "."}, "multipleOf", p
	case *kind.UniqueItems:
		return unique(Failure{Kind: reflect.Slice}), "unique", ""
	case *kind.Not:
		if n != nil && n.s.Not != nil {
			return r.notText(it, n.s.Not, sent, was)
		}
		return Text{Message: "Not allowed."}, "not", ""
	case *kind.FalseSchema:
		return excluded(Failure{}), "false", ""
	case *kind.OneOf:
		return Text{Message: "Matches more than one of the accepted forms."}, "oneOf", ""
	case *kind.ContentEncoding:
		return Text{Message: formats["base64"].message, Expected: formats["base64"].expected}, RuleFormat, ""
	case *kind.ContentMediaType:
		return Text{Message: formats["json"].message, Expected: formats["json"].expected}, RuleFormat, ""
	case *kind.Contains:
		return Text{Message: "No item matches."}, "contains", ""
	case *kind.MinContains:
		p := itoa(k.Want)
		return Text{Message: "Too few items match.", Hint: "At least " + plural(k.Want, "item") + " must match."}, "minContains", p
	case *kind.MaxContains:
		p := itoa(k.Want)
		return Text{Message: "Too many items match.", Hint: "At most " + plural(k.Want, "item") + " may match."}, "maxContains", p
	}
	rule := "schema"
	if kp := it.e.ErrorKind.KeywordPath(); len(kp) > 0 {
		rule = kp[0]
	}
	return Text{Message: "Invalid value."}, rule, ""
}

// requiredText is binding's text of required, for an empty value sent.
func requiredText(sent any, was bool) Text {
	return postRequired.apply(required(Failure{ActualTag: RuleRequired}), sent, was, nil)
}

// notText explains "not": not const is binding's ne (or its required, for
// not 0 on a required property), not a literal pattern its excludes, not
// null on a required property its required.
func (r *checkRun) notText(it *sitem, not *jsonschema.Schema, sent any, was bool) (Text, string, string) {
	c := *not
	c.Types = nil
	switch {
	case not.Types != nil && slices.Equal(not.Types.ToStrings(), []string{"null"}) && acceptsAll(&c):
		if r.requiredHere(it) {
			return requiredText(sent, was), RuleRequired, "" // InputSchema's required on an interface
		}
	case not.Const != nil:
		c.Const = nil
		if !acceptsAll(&c) {
			break
		}
		v := *not.Const
		if _, num := v.(json.Number); num && isEmptyValue(v) && r.requiredHere(it) {
			return requiredText(sent, was), RuleRequired, ""
		}
		p := valueText(v)
		return bound(Failure{ActualTag: "ne", Param: p, Kind: kindOf(v)}), "ne", p
	case not.Pattern != nil:
		c.Pattern = nil
		lit, ok := unquoteMeta(not.Pattern.String())
		if !ok || !acceptsAll(&c) {
			break
		}
		e, _ := lookupTag("excludes")
		return e.fn(Failure{Param: lit}), "excludes", lit
	}
	return Text{Message: "Not allowed."}, "not", ""
}

// noneMatched explains an anyOf or oneOf no alternative matched: when each
// alternative says what one validate tag says, as binding's or-group of
// those tags (rule "len=0|len=5", Expected "empty or exactly 5
// characters"); otherwise rule anyOf or oneOf, and the alternatives' types
// as Expected when each is a type alone.
func (r *checkRun) noneMatched(it *sitem, sent any) (Text, string) {
	alts, rule := it.node.s.AnyOf, "anyOf"
	if _, ok := it.e.ErrorKind.(*kind.OneOf); ok {
		alts, rule = it.node.s.OneOf, "oneOf"
	}
	var tags, types []string
	allTags, allTypes := true, true
	for _, a := range alts {
		if emptyOnly(a) {
			continue
		}
		if t, ok := tagOf(a); ok {
			tags = append(tags, t)
		} else {
			allTags = false
		}
		if a.Types != nil && onlyTypes(a) {
			types = append(types, a.Types.ToStrings()...)
		} else {
			allTypes = false
		}
	}
	if allTags && len(tags) > 0 {
		group := strings.Join(tags, "|")
		return std.orGroup(Failure{Tag: group, ActualTag: group, Kind: kindOf(sent)}), group
	}
	t := Text{Message: noFormMatched}
	if allTypes && len(types) > 0 {
		t.Expected = typeNames(types)
	}
	return t, rule
}

// onlyTypes reports whether sch says nothing but its type.
func onlyTypes(sch *jsonschema.Schema) bool {
	c := *sch
	c.Types = nil
	return acceptsAll(&c)
}

// tagOf returns the validate tag (with its parameter) that says what sch
// says, when there is one: sch holds one keyword (no type: an
// alternative of another type is not a bound on this value).
func tagOf(sch *jsonschema.Schema) (string, bool) {
	c := *sch
	only := func(clear func(*jsonschema.Schema)) bool {
		d := c
		clear(&d)
		return acceptsAll(&d)
	}
	switch {
	case c.MinLength != nil && c.MaxLength != nil && *c.MinLength == *c.MaxLength &&
		only(func(d *jsonschema.Schema) { d.MinLength, d.MaxLength = nil, nil }):
		return "len=" + itoa(*c.MinLength), true
	case c.MinItems != nil && c.MaxItems != nil && *c.MinItems == *c.MaxItems &&
		only(func(d *jsonschema.Schema) { d.MinItems, d.MaxItems = nil, nil }):
		return "len=" + itoa(*c.MinItems), true
	case c.MinLength != nil && only(func(d *jsonschema.Schema) { d.MinLength = nil }):
		return "min=" + itoa(*c.MinLength), true
	case c.MaxLength != nil && only(func(d *jsonschema.Schema) { d.MaxLength = nil }):
		return "max=" + itoa(*c.MaxLength), true
	case c.MinItems != nil && only(func(d *jsonschema.Schema) { d.MinItems = nil }):
		return "min=" + itoa(*c.MinItems), true
	case c.MaxItems != nil && only(func(d *jsonschema.Schema) { d.MaxItems = nil }):
		return "max=" + itoa(*c.MaxItems), true
	case c.Minimum != nil && only(func(d *jsonschema.Schema) { d.Minimum = nil }):
		return "min=" + ratText(c.Minimum), true
	case c.Maximum != nil && only(func(d *jsonschema.Schema) { d.Maximum = nil }):
		return "max=" + ratText(c.Maximum), true
	case c.ExclusiveMinimum != nil && only(func(d *jsonschema.Schema) { d.ExclusiveMinimum = nil }):
		return "gt=" + ratText(c.ExclusiveMinimum), true
	case c.ExclusiveMaximum != nil && only(func(d *jsonschema.Schema) { d.ExclusiveMaximum = nil }):
		return "lt=" + ratText(c.ExclusiveMaximum), true
	case c.Const != nil && only(func(d *jsonschema.Schema) { d.Const = nil }):
		return groupPart("eq", valueText(*c.Const))
	case enumOf(&c) != nil && only(dropEnum):
		var opts []string
		for _, v := range enumOf(&c).Values {
			o := valueText(v)
			if strings.ContainsAny(o, " \t\n") {
				if strings.Contains(o, "'") {
					return "", false
				}
				o = "'" + o + "'"
			}
			opts = append(opts, o)
		}
		return groupPart("oneof", strings.Join(opts, " "))
	case c.Pattern != nil && only(func(d *jsonschema.Schema) { d.Pattern = nil }):
		tag, p := patternTag(c.Pattern.String())
		switch {
		case tag == "":
			return "", false
		case p == "":
			return tag, true
		}
		return groupPart(tag, p)
	case c.Format != nil && only(func(d *jsonschema.Schema) { d.Format = nil }):
		if f, ok := schemaFormatTags[c.Format.Name]; ok {
			if f.param != "" {
				return groupPart(f.tag, f.param)
			}
			return f.tag, true
		}
	}
	return "", false
}

// groupPart writes tag=param as an or-group's part, when param can be one.
func groupPart(tag, param string) (string, bool) {
	if strings.ContainsAny(param, "|,") {
		return "", false
	}
	return tag + "=" + param, true
}

// sizeText is the text of a size bound (min or max, len when the schema
// pins both to one value) on a string, an array or an object.
func sizeText(tag string, n int, pinned bool, k reflect.Kind) (Text, string, string) {
	if pinned {
		tag = "len"
	}
	p := itoa(n)
	return bound(Failure{ActualTag: tag, Param: p, Kind: k}), tag, p
}

// pinned reports whether a lower and an upper bound are the same value.
func pinned(lo, hi *int) bool { return lo != nil && hi != nil && *lo == *hi }

// numberText is the text of a bound on a number.
func numberText(tag string, want *big.Rat) (Text, string, string) {
	p := ratText(want)
	return bound(Failure{ActualTag: tag, Param: p, Kind: reflect.Float64}), tag, p
}

// schemaFormatTag is the validate tag a JSON Schema format stands for.
type schemaFormatTag struct {
	tag, param string
	text       formatText
}

// schemaFormatTags maps the formats the checker asserts to validate tags
// (date-time and date to datetime with their layouts); the formats
// validator has no tag for keep rule "format" with the format's name as
// parameter and a text of their own.
var schemaFormatTags = map[string]schemaFormatTag{
	"email":         {tag: "email", text: formats["email"]},
	"idn-email":     {tag: "email", text: formats["email"]},
	"uri":           {tag: "url", text: formats["url"]},
	"iri":           {tag: "url", text: formats["url"]},
	"uri-reference": {tag: "uri", text: formats["uri"]},
	"iri-reference": {tag: "uri", text: formats["uri"]},
	"uuid":          {tag: "uuid", text: formats["uuid"]},
	"ipv4":          {tag: "ipv4", text: formats["ipv4"]},
	"ipv6":          {tag: "ipv6", text: formats["ipv6"]},
	"hostname":      {tag: "hostname", text: formats["hostname"]},
	"idn-hostname":  {tag: "hostname", text: formats["hostname"]},
	"semver":        {tag: "semver", text: formats["semver"]},
	"date-time":     {tag: "datetime", param: time.RFC3339, text: formatText{"Invalid datetime.", expectedRFC3339}},
	"date":          {tag: "datetime", param: time.DateOnly, text: formatText{"Invalid datetime.", datetimeExpected(time.DateOnly)}},
	"time":          {tag: RuleFormat, param: "time", text: formatText{"Invalid time.", "an RFC 3339 time (e.g. 10:30:00Z)"}},
	"duration":      {tag: RuleFormat, param: "duration", text: formatText{"Invalid duration.", "an ISO 8601 duration (e.g. P3DT4H30M)"}},
	"period":        {tag: RuleFormat, param: "period", text: formatText{"Invalid period.", "an ISO 8601 time interval (e.g. 2024-01-15T00:00:00Z/P1D)"}},
	"json-pointer":  {tag: RuleFormat, param: "json-pointer", text: formatText{"Invalid JSON pointer.", "a JSON pointer (e.g. /items/0)"}},
	"relative-json-pointer": {tag: RuleFormat, param: "relative-json-pointer",
		text: formatText{"Invalid relative JSON pointer.", "a relative JSON pointer (e.g. 1/name)"}},
	"uri-template": {tag: RuleFormat, param: "uri-template", text: formatText{"Invalid URI template.", "a URI template (e.g. /users/{id})"}},
}

// formatFailure is the text, rule and parameter of a failed format.
func formatFailure(name string) (Text, string, string) {
	if f, ok := schemaFormatTags[name]; ok {
		return Text{Message: f.text.message, Expected: f.text.expected}, f.tag, f.param
	}
	return Text{Message: "Invalid value.", Expected: "a valid " + name}, RuleFormat, name
}

// patternTags are InputSchema's patterns, by pattern: the tags they stand
// for.
var patternTags = func() map[string]string {
	m := make(map[string]string, len(patterns))
	for tag, p := range patterns {
		m[p] = tag
	}
	return m
}()

// patternTag returns the validate tag a pattern stands for: one of
// InputSchema's (alpha, uuid4…, without parameter), or a literal anchored
// at the start (startswith), at the end (endswith) or not (contains), with
// the literal as parameter; "" for any other pattern.
func patternTag(p string) (tag, param string) {
	if t, ok := patternTags[p]; ok {
		return t, ""
	}
	start, end := strings.HasPrefix(p, "^"), strings.HasSuffix(p, "$") && !strings.HasSuffix(p, `\$`)
	body := p
	if start {
		body = body[1:]
	}
	if end {
		body = body[:len(body)-1]
	}
	lit, ok := unquoteMeta(body)
	switch {
	case !ok || lit == "" || start && end:
		return "", ""
	case start:
		return "startswith", lit
	case end:
		return "endswith", lit
	}
	return "contains", lit
}

// unquoteMeta undoes quoteMeta: s must be a literal, its syntax characters
// escaped.
func unquoteMeta(s string) (string, bool) {
	const meta = `\^$.|?*+()[]{}/`
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\':
			if i+1 >= len(s) || !strings.ContainsRune(meta, rune(s[i+1])) {
				return "", false
			}
			i++
			b.WriteByte(s[i])
		case strings.ContainsRune(meta, rune(c)):
			return "", false
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), true
}

// patternText is the text, rule and parameter of a failed pattern: its
// tag's (see patternTag), else the pattern's own.
func patternText(p string) (Text, string, string) {
	tag, param := patternTag(p)
	switch {
	case tag == "":
		return Text{Message: "Does not match the pattern.", Expected: "text matching the regular expression " + p}, "pattern", p
	case param == "":
		f := formats[tag]
		return Text{Message: f.message, Expected: f.expected}, tag, ""
	}
	e, _ := lookupTag(tag)
	return e.fn(Failure{Param: param}), tag, param
}

// typeNames writes JSON types as Expected: "integer", "string or number";
// null is left out when there are others (binding says what a pointer
// holds).
func typeNames(types []string) string {
	if len(types) > 1 {
		types = slices.DeleteFunc(slices.Clone(types), func(t string) bool { return t == "null" })
	}
	return strings.Join(types, " or ")
}

// valueText writes a JSON value as a parameter or an option: a string as
// it is, anything else as JSON (cut to 256 bytes).
func valueText(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case json.Number:
		return x.String()
	case bool:
		return strconv.FormatBool(x)
	case nil:
		return "null"
	}
	b, err := json.Marshal(v)
	if err != nil {
		return ""
	}
	return cutString(string(b), 256)
}

// kindOf is the Go kind binding would see for a JSON value: what the
// texts of bounds count (characters, items, values).
func kindOf(v any) reflect.Kind {
	switch v.(type) {
	case string:
		return reflect.String
	case json.Number:
		return reflect.Float64
	case bool:
		return reflect.Bool
	case []any:
		return reflect.Slice
	case map[string]any:
		return reflect.Map
	}
	return reflect.Invalid
}

// ratText writes a schema's number in decimal: 18, 1000.5, 0.001.
func ratText(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	// A number written in decimal has a denominator of 2^a 5^b: max(a, b)
	// digits after the point say it exactly.
	d := new(big.Int).Set(r.Denom())
	two, five, zero := big.NewInt(2), big.NewInt(5), new(big.Int)
	var m big.Int
	a, b := 0, 0
	for d.Cmp(big.NewInt(1)) > 0 && a < 1100 {
		if m.Mod(d, two); m.Cmp(zero) == 0 {
			d.Quo(d, two)
			a++
			continue
		}
		if m.Mod(d, five); m.Cmp(zero) == 0 {
			d.Quo(d, five)
			b++
			continue
		}
		return r.FloatString(20)
	}
	return r.FloatString(max(a, b))
}

// oneofParam writes a property name as one item of a oneof-style
// parameter (quoted when it holds spaces).
func oneofParam(name string) string {
	if strings.ContainsAny(name, " \t\n") && !strings.Contains(name, "'") {
		return "'" + name + "'"
	}
	return name
}

// redactSent redacts sent, the value at segs (the last segment an unknown
// key when unknown): whole when a schema on its way marks it secret
// (writeOnly, format password) or when it is an unknown key near a secret
// property; else its members that the schema marks secret. Names that are
// secret are errorx.RedactSecrets's.
func (s *Schema) redactSent(segs []seg, unknown bool, sent any) any {
	if _, done := sent.(isecret.Redacted); done {
		return sent
	}
	n := s.top
	if n.secret {
		return errorx.Redact(sent)
	}
	last := len(segs)
	if unknown && last > 0 {
		last--
	}
	for _, sg := range segs[:last] {
		if n = s.child(n, sg); n == nil {
			return sent
		}
		if n.secret {
			return errorx.Redact(sent)
		}
	}
	if unknown && last < len(segs) {
		if s.nearSecret(n, segs[last].key) {
			return errorx.Redact(sent)
		}
		return sent
	}
	if s.schemaSecrets {
		if v, changed := s.redactMembers(sent, n, 0); changed {
			return v
		}
	}
	return sent
}

// nearSecret reports whether key, unknown in object schema n, is near a
// property that is secret by its schema or its name: its hint may name it.
func (s *Schema) nearSecret(n *snode, key string) bool {
	if n == nil {
		return false
	}
	return nearAny(key, n.names, func(i int) bool {
		p := n.props[n.names[i]]
		return isecret.Is(n.names[i], nil) || p.node != nil && p.node.secret
	})
}

// redactMembers redacts the members of v (sent for schema n) that their
// schema marks secret, and unknown members near a secret property,
// copying what it changes.
func (s *Schema) redactMembers(v any, n *snode, depth int) (any, bool) {
	if n == nil || depth > MaxDepth {
		return v, false
	}
	switch x := v.(type) {
	case map[string]any:
		return copyonwrite.Map(x, func(k string, m any) (any, bool) {
			c := s.child(n, seg{key: k})
			switch {
			case c == nil && s.nearSecret(n, k):
				return errorx.Redact(m), true
			case c != nil && c.secret:
				return errorx.Redact(m), true
			}
			return s.redactMembers(m, c, depth+1)
		})
	case []any:
		i := 0
		return copyonwrite.Slice(x, func(m any) (any, bool) {
			c := s.child(n, seg{index: i, isIdx: true})
			i++
			if c != nil && c.secret {
				return errorx.Redact(m), true
			}
			return s.redactMembers(m, c, depth+1)
		})
	}
	return v, false
}
