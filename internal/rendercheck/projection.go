package rendercheck

import (
	"cmp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/adapt"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/format"
	"github.com/mcperr/mcperr/internal/jsonw"
	"github.com/mcperr/mcperr/internal/sentence"
	"github.com/mcperr/mcperr/render"
)

// Project returns what one of the five built-in dialects can hold of e: the
// model that d.Decode(d.Render(e)) must equal. It is written from the
// dialect table of docs/dialects.md, independently of the renderers, so that a round
// trip checks the renderer and the decoder against the documentation. For
// any other dialect it returns nil.
func Project(d render.Dialect, e *errorx.Error) *errorx.Error {
	p := e.Clone()
	p.Class = e.EffectiveClass()
	p.Status = e.HTTPStatus() // outside 100 to 999: none
	switch d := d.(type) {
	case render.Interbase:
		// retry_after is whole seconds, rounded up; an empty code reads
		// back as the type, the class's name.
		p.Code = orDefault(p.Code, p.Class.String())
		p.RetryAfter = adapt.WholeSeconds(p.RetryAfter)
		jsonProject(p, jsonw.Go, true)
		normalizeRetryable(p)
	case render.ToolError:
		if d.NeedsInput && adapt.AsksForInput(e) {
			return ProjectNeedsInput(e)
		}
		// An empty code reads back as the dialect's code.
		p.Code = orDefault(p.Code, adapt.ToolErrorCode(e))
		jsonProject(p, jsonw.JS, false)
		normalizeRetryable(p)
	case render.Contract:
		// The code is required: an empty one is written as the class.
		p.Code = orDefault(p.Code, p.Class.String())
		jsonProject(p, jsonw.GoNoHTML, false)
		// recoverable carries Retryable only where it differs from the
		// code's default recoverability.
		def := codes.DefaultRetryable(p.Code, p.EffectiveClass().String()) || codes.DefaultRecoverable(p.Code, p.EffectiveClass().String())
		if recoverable(e) == def {
			p.Retryable = nil
		} else {
			p.Retryable = new(recoverable(e))
		}
	case render.Envelope:
		// validation_errors is an object sorted by path (the bytes as
		// written); a field sent as null that is flagged required reads back
		// as not sent. Two fields with one path travel whole in "fields".
		dup := duplicatePaths(p.Fields)
		if !dup {
			slices.SortStableFunc(p.Fields, func(a, b errorx.Field) int { return cmp.Compare(a.Path, b.Path) })
		}
		jsonProject(p, jsonw.Go, true)
		if len(p.Fields) > 0 && p.Recovery == "Fix the fields listed in details.validation_errors and call the tool again. Do not explain the error." {
			p.Recovery = codes.ValidationRecovery // the hint says "listed" for "above"
		}
		if d.HTTPCode {
			p.Status = effectiveStatus(e)
		}
		for i, f := range p.Fields {
			if s, ok := f.Sent.(format.SentText); ok && !dup {
				p.Fields[i].Sent = string(s) // validation_errors has no sent_text
			}
			required := !f.WasSent || strings.HasPrefix(f.Rule, "required")
			if !dup && f.WasSent && f.Sent == nil && required {
				p.Fields[i].WasSent = false
			}
		}
	case render.XML:
		xmlProject(e, p, d.FieldRules)
	default:
		return nil
	}
	return p
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func normalizeRetryable(p *errorx.Error) {
	if p.Retryable != nil && *p.Retryable == codes.DefaultRetryable(p.Code, p.EffectiveClass().String()) {
		p.Retryable = nil
	}
}

func duplicatePaths(fs []errorx.Field) bool {
	seen := map[string]bool{}
	for _, f := range fs {
		if seen[f.Path] {
			return true
		}
		seen[f.Path] = true
	}
	return false
}

// viaJSON returns v as it reads back from JSON written in style st.
func viaJSON(v any, st jsonw.Style, sorted bool) any {
	w := jsonw.Writer{Style: st, SortKeys: sorted}
	w.Value(v)
	return jsonw.Decode(string(w.B))
}

// jsonString is s as it reads back from a JSON string: each byte of invalid
// UTF-8 becomes U+FFFD.
func jsonString(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b.WriteString("\uFFFD")
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

func mapStrings(p *errorx.Error, f func(string) string) {
	p.Code, p.Message, p.Recovery, p.Tool = f(p.Code), f(p.Message), f(p.Recovery), f(p.Tool)
	for i := range p.Actions {
		p.Actions[i] = f(p.Actions[i])
	}
	var d errorx.Details
	for k, v := range p.Details.All() {
		if s, ok := v.(string); ok {
			v = f(s)
		}
		d.Set(f(k), v)
	}
	p.Details = d
	for i := range p.Fields {
		fl := &p.Fields[i]
		fl.Path, fl.Message, fl.Expected, fl.Hint, fl.Rule, fl.Param = f(fl.Path), f(fl.Message), f(fl.Expected), f(fl.Hint), f(fl.Rule), f(fl.Param)
		for j := range fl.Options {
			fl.Options[j] = f(fl.Options[j])
		}
		if s, ok := fl.Sent.(string); ok {
			fl.Sent = f(s)
		}
	}
}

// jsonProject is what a JSON dialect keeps: strings as JSON reads them back,
// values as their JSON, and (sorted) the details in the byte order of their
// keys as written, as encoding/json sorts a map.
func jsonProject(p *errorx.Error, st jsonw.Style, sorted bool) {
	if sorted {
		p.Details = errorx.DetailsOf(slices.SortedFunc(slices.Values(p.Details.Pairs()),
			func(a, b errorx.Detail) int { return cmp.Compare(a.Key, b.Key) })...)
	}
	mapStrings(p, jsonString)
	var d errorx.Details
	for _, kv := range p.Details.Pairs() {
		d.Set(kv.Key, viaJSON(kv.Value, st, sorted))
	}
	p.Details = d
	for i := range p.Fields {
		if !p.Fields[i].WasSent {
			continue
		}
		if s, ok := p.Fields[i].Sent.(format.SentText); ok {
			// A printed form travels with "sent_text": true and reads
			// back as a SentText.
			p.Fields[i].Sent = format.SentText(jsonString(string(s)))
			continue
		}
		p.Fields[i].Sent = viaJSON(p.Fields[i].Sent, st, sorted)
	}
}

// xmlString is s as it reads back from XML: invalid UTF-8 and the characters
// XML 1.0 forbids become U+FFFD.
func xmlString(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1, r < 0x20 && r != '\t' && r != '\n' && r != '\r', r == 0xFFFE, r == 0xFFFF:
			b.WriteString("\uFFFD")
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

func xmlProject(e, p *errorx.Error, rules bool) {
	// Detail values become their text: strings as they are, others compact
	// JSON.
	var d errorx.Details
	for k, v := range p.Details.All() {
		s, ok := v.(string)
		if m, masked := v.(format.Masked); masked {
			s, ok = m.Masked(), true
		}
		if !ok {
			w := jsonw.Writer{Style: jsonw.JS}
			w.Value(v)
			s = string(w.B)
		}
		d.Set(k, s)
	}
	p.Details = d
	required := e.Code == errorx.CodeMissingRequiredField && len(e.Fields) == 1 &&
		e.Fields[0].IsRequired() && e.Message == `Required field "`+e.Fields[0].Path+`" is missing.`
	routing := e.Code == codes.MissingDiscriminator || e.Code == codes.UnknownAction || e.Code == codes.InvalidDiscriminator
	switch {
	case len(e.Fields) > 0 && !required:
		// The field lines are the message: each field reads back as its
		// line, split into message, sent value and hint (see
		// render.ReadFusionField). An empty code reads back as INVALID_INPUT,
		// an empty recovery as Fusion's.
		p.Code = orDefault(p.Code, errorx.CodeInvalidInput)
		p.Recovery = orDefault(p.Recovery, codes.ValidationRecovery)
		p.Message = ""
		for i, f := range e.Fields {
			name := f.Path
			if name == "" {
				name = "(root)"
			}
			p.Fields[i] = adapt.ReadFusionField(xmlString(name), xmlString(fieldLine(f)))
			if rules && f.Param != "" { // rule and param ride as attributes
				p.Fields[i].Rule, p.Fields[i].Param = f.Rule, f.Param
			}
		}
	case routing && e.Severity == errorx.SeverityUnset:
		if len(p.Actions) > 0 {
			p.Actions = strings.Split(strings.Join(p.Actions, ", "), ", ")
		}
	case e.Code == errorx.CodeMissingRequiredField && len(e.Fields) == 0:
		if f, ok := strings.CutPrefix(e.Message, `Required field "`); ok {
			if f, ok := strings.CutSuffix(f, `" is missing.`); ok {
				p.Fields = []errorx.Field{sentence.RequiredField(f)}
			}
		}
	}
	mapStrings(p, xmlString)
}

// fieldLine is the text of one <field> line, composed as docs/dialects.md
// describes: message, " You sent: " SENT ".", then " Expected: X." (or
// " Expected type: X." for a type error), " Valid options: 'a', 'b'." and
// the hint.
func fieldLine(f errorx.Field) string {
	s := f.Message + " You sent: " + format.Sent(f.Sent, f.WasSent) + "."
	if f.Expected != "" {
		if f.Rule == "type" {
			s += " Expected type: " + f.Expected + "."
		} else {
			s += " Expected: " + f.Expected + "."
		}
	}
	if len(f.Options) > 0 {
		s += " Valid options: '" + strings.Join(f.Options, "', '") + "'."
	}
	if f.Hint != "" {
		s += " " + f.Hint
	}
	return s
}

// ProjectNeedsInput is what a needsInput:v1 elicitation keeps of an error
// that only lacks input: its message, and each field's path and options as
// a required field, one per path (the options of fields that share a path
// merged in order, each once); the code reads back INVALID_INPUT.
func ProjectNeedsInput(e *errorx.Error) *errorx.Error {
	p := errorx.New(errorx.CodeInvalidInput, e.Message)
	for _, f := range e.Fields {
		// Fields that share a path are asked for once, their options merged
		// in order, each kept once.
		i := slices.IndexFunc(p.Fields, func(g errorx.Field) bool { return g.Path == f.Path })
		if i < 0 {
			r := sentence.RequiredField(f.Path)
			r.Options = slices.Clone(f.Options)
			p.Fields = append(p.Fields, r)
			continue
		}
		for _, o := range f.Options {
			if !slices.Contains(p.Fields[i].Options, o) {
				p.Fields[i].Options = append(p.Fields[i].Options, o)
			}
		}
	}
	for i := range p.Fields {
		if len(p.Fields[i].Options) == 0 {
			p.Fields[i].Options = nil
		}
	}
	mapStrings(p, jsonString)
	return p
}

// recoverable is the contract's recoverable, as docs/dialects.md says it:
// retryable, or, unless stated not retryable, the catalog's default.
func recoverable(e *errorx.Error) bool {
	return e.IsRetryable() || (e.Retryable == nil || *e.Retryable) && codes.DefaultRecoverable(e.Code, e.EffectiveClass().String())
}

// effectiveStatus is the status the envelope writes: the HTTP status, else
// the code's catalog status, else the class's.
func effectiveStatus(e *errorx.Error) int {
	if s := e.HTTPStatus(); s != 0 {
		return s
	}
	return codes.Status(e.Code, e.EffectiveClass().String())
}
