package render

import (
	"slices"
	"strings"
	"time"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/jsonw"
)

// Envelope is the "success:false" envelope of Go HTTP MCP servers
// (stargate's HTTPMCPServer): one text block holding
//
//	{"success":false,"error":…,"error_code":…,"message":…,"code":N,"hint":…,
//	 "timestamp":…,"required_fields":[…],"request_id":…,"version":…,"details":{…}}
//
// in that key order, as encoding/json writes it (HTML-safe escaping, details
// keys sorted at every level, nested errorx.Details included), every member but success left out when empty. error and
// message both hold the message, error_code the code, hint the recovery
// (codes.ValidationRecovery, which says the fields are "above", says "listed in
// details.validation_errors" instead: the hint comes before them), code
// the HTTP status (only with HTTPCode, as the reference's current path
// leaves it out), timestamp the clock's time in RFC 3339 (seconds),
// required_fields the sorted paths of the fields that were required, and
// request_id the correlation id (only with RequestID).
// details holds tool, validation_errors ({path: {value, message, expected,
// required, type}}, value and message always present, and a field's
// options, hint, rule and param when it has them), the model's details and, under the model's key names,
// what has no slot: code (when error_code differs), class, severity,
// actions, retry_after, retryable (when stated), status and, when two fields
// share a path, fields.
type Envelope struct {
	// Now is the clock for timestamp; nil means time.Now.
	Now func() time.Time
	// Version is the version string; empty means "1.0.0".
	Version string
	// HTTPCode writes the HTTP status as "code", as the reference's legacy
	// path did.
	HTTPCode bool
	// ToolPrefix writes error_code as the tool's upper-snake name, an
	// underscore and the code (CLAIM_TASK_ALREADY_CLAIMED) when the error
	// names its tool and the code does not already start so.
	ToolPrefix bool
	// RequestID writes the model's correlation id (the string detail
	// codes.CorrelationIDKey, which a Renderer with WithCorrelationID adds) as
	// request_id, the reference's member for it (which the reference never
	// fills), instead of in details. Decode reads request_id back as that
	// detail whatever this says.
	RequestID bool
}

// defaultVersion is the envelope's version string when none is set.
const defaultVersion = "1.0.0"

// envelopeParts are the members the envelope's details may hold.
var envelopeParts = partsOf(pCode, pClass, pSeverity, pActions, pRetryAfter, pRetryable, pStatus, pTool, pFields, pValidationErrors)

// Name returns "envelope".
func (Envelope) Name() string { return nameEnvelope }

// Render returns e as an envelope result.
func (d Envelope) Render(e *errorx.Error) *Result {
	if e == nil {
		return nil
	}
	return renderText(d, e)
}

// errorCode returns the error_code the envelope writes for e.
func (d Envelope) errorCode(e *errorx.Error) string {
	if !d.ToolPrefix || e.Tool == "" || e.Code == "" {
		return e.Code
	}
	p := toolPrefix(e.Tool)
	if p == "" || strings.HasPrefix(e.Code, p) {
		return e.Code
	}
	return p + e.Code
}

// withRequestID returns d writing the correlation id in its request_id.
func (d Envelope) withRequestID() Dialect { d.RequestID = true; return d }

// toolPrefix returns the error-code prefix of a tool: its name in upper case
// with every run of other characters than ASCII letters and digits made one
// underscore, and a final underscore ("claim_task" and "claim-task" give
// "CLAIM_TASK_"); "" for a name without ASCII letters or digits.
func toolPrefix(tool string) string {
	var b strings.Builder
	under := false
	for _, r := range strings.ToUpper(tool) {
		if 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' {
			b.WriteRune(r)
			under = false
		} else if !under && b.Len() > 0 {
			b.WriteByte('_')
			under = true
		}
	}
	if b.Len() == 0 {
		return ""
	}
	if !under {
		b.WriteByte('_')
	}
	return b.String()
}

// appendText appends the envelope's JSON to dst.
func (d Envelope) appendText(dst []byte, e *errorx.Error) []byte {
	w := jsonw.Writer{B: dst, Style: jsonw.Go, SortKeys: true}
	code := d.errorCode(e)
	w.BeginObject()
	w.Key("success")
	w.Bool(false)
	if e.Message != "" {
		w.Key("error")
		w.String(e.Message)
	}
	if code != "" {
		w.Key("error_code")
		w.String(code)
	}
	if e.Message != "" {
		w.Key("message")
		w.String(e.Message)
	}
	if d.HTTPCode {
		w.Key("code")
		w.Int(int64(effectiveStatus(e)))
	}
	if e.Recovery != "" {
		w.Key("hint")
		w.String(envelopeHint(e))
	}
	now := time.Now
	if d.Now != nil {
		now = d.Now
	}
	w.Key("timestamp")
	w.Time(now(), time.RFC3339)
	if req := requiredFields(e.Fields); len(req) > 0 {
		w.Key("required_fields")
		w.Strings(req)
	}
	var requestID string
	if d.RequestID {
		if v, ok := e.Details.Get(codes.CorrelationIDKey); ok {
			requestID, _ = v.(string)
		}
	}
	if requestID != "" {
		w.Key("request_id")
		w.String(requestID)
		cp := *e
		cp.Details = e.Details.Clone()
		cp.Details.Delete(codes.CorrelationIDKey)
		e = &cp
	}
	w.Key("version")
	if d.Version != "" {
		w.String(d.Version)
	} else {
		w.String(defaultVersion)
	}
	o := object{e: e}
	if len(e.Fields) > 0 {
		o.firsts = firstPaths(e.Fields)
	}
	o.add(pTool, e.Tool != "")
	o.add(pValidationErrors, len(e.Fields) > 0)
	o.details(envelopeParts)
	o.add(pCode, code != e.Code)
	status := e.HTTPStatus()
	if d.HTTPCode {
		status = effectiveStatus(e)
	}
	o.add(pClass, classUnsaid(e, e.Code, status))
	o.add(pSeverity, e.Severity != errorx.SeverityUnset)
	o.add(pActions, len(e.Actions) > 0)
	o.add(pRetryAfter, e.RetryAfter > 0)
	o.add(pRetryable, e.Retryable != nil)
	o.add(pStatus, e.HTTPStatus() != 0 && !d.HTTPCode)
	o.add(pFields, len(o.firsts) < len(e.Fields))
	if !o.empty() {
		w.Key("details")
		o.write(&w, true)
	}
	w.EndObject()
	return w.B
}

// listedRecovery is codes.ValidationRecovery as the envelope writes it: its
// hint comes before the fields, so it cannot say "above".
const listedRecovery = "Fix the fields listed in details.validation_errors and call the tool again. Do not explain the error."

// envelopeHint is the hint the envelope writes for e's recovery.
func envelopeHint(e *errorx.Error) string {
	if e.Recovery == codes.ValidationRecovery && len(e.Fields) > 0 {
		return listedRecovery
	}
	return e.Recovery
}

// fieldRequired reports whether the envelope flags f as required: nothing
// was sent, or a required rule failed.
func fieldRequired(f errorx.Field) bool {
	return !f.WasSent || strings.HasPrefix(f.Rule, "required")
}

func requiredFields(fields []errorx.Field) []string {
	n := 0
	for _, f := range fields {
		if fieldRequired(f) {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	out := make([]string, 0, n)
	for _, f := range fields {
		if fieldRequired(f) {
			out = append(out, f.Path)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// impliedRule is the rule a reader infers from a validation_errors entry
// without a "rule" key: "required" when it is flagged required, else none.
func impliedRule(f errorx.Field) string {
	if fieldRequired(f) {
		return "required"
	}
	return ""
}

// firstPaths returns the index of the first field of each path, in
// order: a field after it with the same path has no place of its own in
// validation_errors.
func firstPaths(fields []errorx.Field) []int {
	idx := make([]int, 0, len(fields))
	paths := indexPaths(fields)
	for i := range fields {
		if paths.first(i) == i {
			idx = append(idx, i)
		}
	}
	return idx
}

// writeValidationErrors writes {path: {value, message, expected, required,
// type}} sorted by path, for the fields firsts lists (the first of each
// path: firstPaths), with a field's options, hint, rule and param beside
// them when it has them (the rule only when the required flag does not
// imply it). It sorts firsts.
func writeValidationErrors(w *jsonw.Writer, fields []errorx.Field, firsts []int) {
	slices.SortStableFunc(firsts, func(a, b int) int { return strings.Compare(fields[a].Path, fields[b].Path) })
	w.BeginObject()
	for _, i := range firsts {
		f := fields[i]
		w.Key(f.Path)
		w.BeginObject()
		w.Key("value")
		if f.WasSent {
			w.Value(f.Sent)
		} else {
			w.Null()
		}
		w.Key("message") // always, as the reference's FieldError writes it
		w.String(f.Message)
		if f.Expected != "" {
			w.Key("expected")
			w.String(f.Expected)
		}
		w.Key("required")
		w.Bool(fieldRequired(f))
		if f.Rule == "type" {
			w.Key("type")
			w.String("type")
		}
		if len(f.Options) > 0 {
			w.Key("options")
			w.Strings(f.Options)
		}
		if f.Hint != "" {
			w.Key("hint")
			w.String(f.Hint)
		}
		if f.Rule != "type" && f.Rule != impliedRule(f) {
			w.Key("rule")
			w.String(f.Rule)
		}
		if f.Param != "" {
			w.Key("param")
			w.String(f.Param)
		}
		w.EndObject()
	}
	w.EndObject()
}

// Decode reads an envelope result: the first text block that is a JSON
// object with "success": false.
func (Envelope) Decode(res *Result) (*errorx.Error, error) {
	for _, b := range blocks(res) {
		if e, ok := decodeEnvelope(b.Text); ok {
			return e, nil
		}
	}
	return nil, ErrNotDialect
}

func decodeEnvelope(data string) (*errorx.Error, bool) {
	ms, ok := jsonw.Object(data)
	if !ok {
		return nil, false
	}
	e := &errorx.Error{}
	var success, hasSuccess bool
	var errText, details, requestID string
	for _, m := range ms {
		switch m.Key {
		case "success":
			success, hasSuccess = jsonw.Bool(m.Raw)
		case "error":
			errText, _ = jsonw.String(m.Raw)
		case "error_code":
			e.Code, _ = jsonw.String(m.Raw)
		case "message":
			e.Message, _ = jsonw.String(m.Raw)
		case "hint":
			e.Recovery, _ = jsonw.String(m.Raw)
		case "code":
			if f, ok := jsonw.Float(m.Raw); ok && f == float64(int(f)) && isStatus(int(f)) {
				e.Status = int(f)
			}
		case "details":
			details = m.Raw
		case "request_id":
			requestID, _ = jsonw.String(m.Raw)
		}
	}
	if !hasSuccess || success {
		return nil, false
	}
	if e.Message == "" {
		e.Message = errText
	}
	var verrs string
	it, _ := jsonw.Iterate(details)
	for key, raw, ok := it.Next(); ok; key, raw, ok = it.Next() {
		if key == "validation_errors" {
			verrs = raw
		}
	}
	_, class := readExtras(e, details, envelopeParts, "validation_errors")
	if errText != "" && errText != e.Message && !hasDetail(e.Details, "error") {
		// An older envelope put a different text in "error" (the seed's
		// "before" example): keep it.
		e.Details.Set("error", errText)
	}
	if requestID != "" && !hasDetail(e.Details, codes.CorrelationIDKey) {
		e.Details.Set(codes.CorrelationIDKey, requestID)
	}
	if len(e.Fields) == 0 {
		e.Fields = decodeValidationErrors(verrs)
	}
	if e.Recovery == listedRecovery && len(e.Fields) > 0 {
		e.Recovery = codes.ValidationRecovery
	}
	finishClass(e, class)
	return e, true
}

// decodeValidationErrors reads the envelope's validation_errors object
// (raw JSON of a valid document; "" for none): one field per member that
// is an object.
func decodeValidationErrors(raw string) []errorx.Field {
	ms, _ := jsonw.Iterate(raw)
	n := ms.Count()
	if n == 0 {
		return nil
	}
	out := make([]errorx.Field, 0, n)
	for path, fraw, ok := ms.Next(); ok; path, fraw, ok = ms.Next() {
		f := errorx.Field{Path: path}
		fm, ok := jsonw.Iterate(fraw)
		if !ok {
			continue
		}
		var value string
		var required, hasRule bool
		for key, x, ok := fm.Next(); ok; key, x, ok = fm.Next() {
			switch key {
			case "value":
				value = x
			case "message":
				f.Message, _ = jsonw.String(x)
			case "expected":
				f.Expected, _ = jsonw.String(x)
			case "required":
				required, _ = jsonw.Bool(x)
			case "type", "field_type":
				if s, _ := jsonw.String(x); s == "type" {
					f.Rule = "type"
				}
			case "options":
				f.Options, _ = jsonw.Strings(x)
			case "hint":
				f.Hint, _ = jsonw.String(x)
			case "rule":
				f.Rule, hasRule = jsonw.String(x)
			case "param":
				f.Param, _ = jsonw.String(x)
			}
		}
		if !(value == "null" && required) && value != "" {
			f.Sent, f.WasSent = jsonw.Decode(value), true
		}
		if !hasRule && f.Rule == "" && required {
			f.Rule = "required"
		}
		out = append(out, f)
	}
	return out
}
