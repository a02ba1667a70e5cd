package render

import (
	"strconv"
	"strings"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/format"
	"github.com/mcperr/mcperr/internal/jsonw"
	"github.com/mcperr/mcperr/internal/sentence"
)

// XML is the MCP Fusion dialect: one text block holding a small XML
// document, byte-identical to what Fusion's helpers write.
//
//   - An error with fields is a <validation_error action="TOOL"> with one
//     <field name="PATH"> line per field ("message You sent: X. Expected: …";
//     with FieldRules, a field with a rule parameter also has rule and param
//     attributes) and a <recovery>: the model's, or Fusion's
//     codes.ValidationRecovery. Its code and message have no element: the
//     field lines are the message.
//   - A routing error (MISSING_DISCRIMINATOR, UNKNOWN_ACTION,
//     INVALID_DISCRIMINATOR) without a severity is Fusion's routing form:
//     message, one comma-separated <available_actions> line, recovery.
//   - Anything else is a <tool_error>: with a severity attribute it is
//     toolError()'s form, without one it is error()'s (and required()'s):
//     message, recovery, one <action> per action, <details> with one
//     <detail key> each, <retry_after>N seconds</retry_after>.
//
// Content escapes & and <, attributes the five XML specials, as Fusion does;
// what Fusion would leave ill-formed or lossy is escaped too (see
// format.AppendXMLText). What has no element rides as attributes: class
// (when the code and status read back do not imply it), status, retryable
// (when stated) and tool. An empty code is never written: a <tool_error>
// without one reads back without one, a <validation_error> as INVALID_INPUT. Detail values that are not strings are written as compact JSON.
// Decoding drops a <retry_after> that is not a positive number of seconds
// within format.MaxSeconds, and reads the rule and param attributes
// whether FieldRules is set or not.
type XML struct {
	// FieldRules writes a field's rule and param as attributes of its
	// <field> when it has a param (<field name="age" rule="max"
	// param="130">), so that a program can repair the call without reading
	// the line. Off, the dialect writes Fusion's <field name="age"> alone.
	FieldRules bool
}

// validationCode is the code of a <validation_error> that states none.
const validationCode = errorx.CodeInvalidInput

// Name returns "xml".
func (XML) Name() string { return nameXML }

// Render returns e as an MCP Fusion result.
func (d XML) Render(e *errorx.Error) *Result {
	if e == nil {
		return nil
	}
	return renderText(d, e)
}

// appendText appends the XML document to dst.
func (d XML) appendText(dst []byte, e *errorx.Error) []byte {
	switch {
	case len(e.Fields) > 0 && !impliedRequired(e):
		return appendValidationError(dst, e, d.FieldRules)
	case isRouting(e.Code) && e.Severity == errorx.SeverityUnset:
		return appendToolErrorXML(dst, e, true)
	}
	return appendToolErrorXML(dst, e, false)
}

func isRouting(code string) bool {
	switch code {
	case codes.MissingDiscriminator, codes.UnknownAction, codes.InvalidDiscriminator:
		return true
	}
	return false
}

// requiredMessage is the message of Fusion's required(field).
func requiredMessage(path string) string { return `Required field "` + path + `" is missing.` }

// impliedRequired reports whether e is required()'s error, whose one field
// the message already names.
func impliedRequired(e *errorx.Error) bool {
	return e.Code == errorx.CodeMissingRequiredField && len(e.Fields) == 1 &&
		e.Fields[0].IsRequired() && e.Message == requiredMessage(e.Fields[0].Path)
}

func appendAttr(dst []byte, name, value string) []byte {
	dst = append(dst, ' ')
	dst = append(dst, name...)
	dst = append(dst, `="`...)
	dst = format.AppendXMLAttr(dst, value)
	return append(dst, '"')
}

// appendExtraAttrs writes the attributes Fusion has no equivalent for;
// shownCode is the code a reader will see.
func appendExtraAttrs(dst []byte, e *errorx.Error, shownCode string) []byte {
	if classUnsaid(e, shownCode, e.HTTPStatus()) {
		dst = appendAttr(dst, "class", e.EffectiveClass().String())
	}
	if s := e.HTTPStatus(); s != 0 {
		dst = append(dst, ` status="`...)
		dst = strconv.AppendInt(dst, int64(s), 10)
		dst = append(dst, '"')
	}
	if e.Retryable != nil {
		dst = append(dst, ` retryable="`...)
		dst = strconv.AppendBool(dst, e.Retryable != nil && *e.Retryable)
		dst = append(dst, '"')
	}
	return dst
}

func appendElem(dst []byte, name, text string) []byte {
	dst = append(dst, "\n<"...)
	dst = append(dst, name...)
	dst = append(dst, '>')
	dst = format.AppendXMLText(dst, text)
	dst = append(dst, "</"...)
	dst = append(dst, name...)
	return append(dst, '>')
}

func appendToolErrorXML(dst []byte, e *errorx.Error, routing bool) []byte {
	dst = append(dst, "<tool_error"...)
	if e.Code != "" {
		dst = appendAttr(dst, "code", e.Code)
	}
	if e.Severity != errorx.SeverityUnset {
		dst = appendAttr(dst, "severity", e.Severity.String())
	}
	dst = appendExtraAttrs(dst, e, e.Code)
	if e.Tool != "" {
		dst = appendAttr(dst, "tool", e.Tool)
	}
	dst = append(dst, '>')
	dst = appendElem(dst, "message", e.Message)
	if routing {
		if len(e.Actions) > 0 {
			dst = appendElem(dst, "available_actions", strings.Join(e.Actions, ", "))
		}
		if e.Recovery != "" {
			dst = appendElem(dst, "recovery", e.Recovery)
		}
	} else {
		if e.Recovery != "" {
			dst = appendElem(dst, "recovery", e.Recovery)
		}
		dst = appendActionList(dst, e.Actions)
	}
	dst = appendDetailsXML(dst, e.Details)
	dst = appendRetryAfterXML(dst, e)
	return append(dst, "\n</tool_error>"...)
}

func appendActionList(dst []byte, actions []string) []byte {
	if len(actions) == 0 {
		return dst
	}
	dst = append(dst, "\n<available_actions>"...)
	for _, a := range actions {
		dst = append(dst, "\n  <action>"...)
		dst = format.AppendXMLText(dst, a)
		dst = append(dst, "</action>"...)
	}
	return append(dst, "\n</available_actions>"...)
}

func appendDetailsXML(dst []byte, d errorx.Details) []byte {
	if d.Len() == 0 {
		return dst
	}
	dst = append(dst, "\n<details>"...)
	for _, p := range d.Pairs() {
		dst = append(dst, "\n  <detail"...)
		dst = appendAttr(dst, "key", p.Key)
		dst = append(dst, '>')
		if s, ok := p.Value.(string); ok {
			dst = format.AppendXMLText(dst, s)
		} else {
			dst = format.AppendXMLText(dst, detailText(p.Value))
		}
		dst = append(dst, "</detail>"...)
	}
	return append(dst, "\n</details>"...)
}

// detailText is the text of a detail value that is not a string: its compact
// JSON, or its mask when it is redacted.
func detailText(v any) string {
	if m, ok := v.(format.Masked); ok {
		return m.Masked()
	}
	w := jsonw.Writer{Style: jsonw.JS}
	w.Value(v)
	return string(w.B)
}

func appendRetryAfterXML(dst []byte, e *errorx.Error) []byte {
	if e.RetryAfter <= 0 {
		return dst
	}
	dst = append(dst, "\n<retry_after>"...)
	dst = appendSeconds(dst, e)
	return append(dst, "</retry_after>"...)
}

func appendValidationError(dst []byte, e *errorx.Error, rules bool) []byte {
	dst = append(dst, "<validation_error"...)
	if e.Tool != "" {
		dst = appendAttr(dst, "action", e.Tool)
	}
	if e.Code != "" && e.Code != validationCode {
		dst = appendAttr(dst, "code", e.Code)
	}
	shown := orDefault(e.Code, validationCode)
	if e.Severity != errorx.SeverityUnset {
		dst = appendAttr(dst, "severity", e.Severity.String())
	}
	dst = appendExtraAttrs(dst, e, shown)
	dst = append(dst, '>')
	b := getBuf()
	for _, f := range e.Fields {
		dst = append(dst, "\n<field"...)
		dst = appendAttr(dst, "name", fieldName(f.Path))
		if rules && f.Param != "" {
			if f.Rule != "" {
				dst = appendAttr(dst, "rule", f.Rule)
			}
			dst = appendAttr(dst, "param", f.Param)
		}
		dst = append(dst, '>')
		*b = appendFieldText((*b)[:0], f)
		dst = format.AppendXMLText(dst, string(*b))
		dst = append(dst, "</field>"...)
	}
	putBuf(b)
	dst = appendActionList(dst, e.Actions)
	dst = appendDetailsXML(dst, e.Details)
	dst = appendRetryAfterXML(dst, e)
	dst = appendElem(dst, "recovery", orDefault(e.Recovery, codes.ValidationRecovery))
	return append(dst, "\n</validation_error>"...)
}

// Decode reads an MCP Fusion result: the first text block that is a
// <tool_error> or <validation_error> document. It accepts what Fusion
// really writes, including characters XML 1.0 forbids.
func (XML) Decode(res *Result) (*errorx.Error, error) {
	for _, b := range blocks(res) {
		if e, ok := decodeXML(b.Text); ok {
			return e, nil
		}
	}
	return nil, ErrNotDialect
}

func decodeXML(text string) (*errorx.Error, bool) {
	root, ok := parseXML(strings.TrimSpace(text))
	if !ok {
		return nil, false
	}
	e := &errorx.Error{}
	switch root.name {
	case "tool_error":
		e.Code = root.attr("code")
	case "validation_error":
		e.Code = validationCode
		if c, ok := root.lookup("code"); ok {
			e.Code = c
		}
		e.Tool = root.attr("action")
		for _, k := range root.kids {
			if k.name == "field" {
				f := readFusionField(k.attr("name"), k.text)
				if p, ok := k.lookup("param"); ok {
					f.Rule, f.Param = k.attr("rule"), p
				}
				e.Fields = append(jsonw.Grow(e.Fields), f)
			}
		}
	default:
		return nil, false
	}
	if s := root.attr("severity"); s != "" {
		sev, ok := parseSeverity(s)
		if !ok {
			sev = errorx.SeverityError // Fusion prints any string; treat it as an error
		}
		e.Severity = sev
	}
	if t, ok := root.lookup("tool"); ok {
		e.Tool = t
	}
	if s, ok := root.lookup("status"); ok {
		if n, err := strconv.Atoi(s); err == nil && isStatus(n) {
			e.Status = n
		}
	}
	if s, ok := root.lookup("retryable"); ok {
		if b, err := strconv.ParseBool(s); err == nil {
			e.Retryable = new(b)
		}
	}
	class := errorx.ClassUnset
	if s, ok := root.lookup("class"); ok {
		class, _ = parseClass(s)
	}
	for _, k := range root.kids {
		switch k.name {
		case "message":
			e.Message = k.text
		case "recovery":
			e.Recovery = k.text
		case "available_actions":
			if len(k.kids) == 0 {
				e.Actions = strings.Split(k.text, ", ")
				continue
			}
			e.Actions = []string{}
			for _, a := range k.kids {
				if a.name == "action" {
					e.Actions = append(jsonw.Grow(e.Actions), a.text)
				}
			}
		case "details":
			for _, d := range k.kids {
				if d.name == "detail" {
					e.Details.Set(d.attr("key"), d.text)
				}
			}
		case "retry_after":
			n, _, _ := strings.Cut(strings.TrimSpace(k.text), " ")
			if f, err := strconv.ParseFloat(n, 64); err == nil && f > 0 {
				if d, err := format.Seconds(f); err == nil {
					e.RetryAfter = d
				}
			}
		}
	}
	if e.Code == errorx.CodeMissingRequiredField && len(e.Fields) == 0 {
		if p, ok := strings.CutPrefix(e.Message, `Required field "`); ok {
			if p, ok := strings.CutSuffix(p, `" is missing.`); ok {
				e.Fields = []errorx.Field{sentence.RequiredField(p)}
			}
		}
	}
	finishClass(e, class)
	return e, true
}
