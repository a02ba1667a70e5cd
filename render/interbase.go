package render

import (
	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/jsonw"
)

// Interbase is the interbase ToolError dialect: one text block holding
//
//	{"type":CLASS,"message":…,"recoverable":bool,"data":{…}}
//
// byte-identical to Go's encoding/json with its defaults (HTML-safe escaping,
// data keys sorted at every level, nested errorx.Details included; data left
// out when empty). type is the
// class, recoverable is IsRetryable, and data holds the details and, under
// the model's key names, what has no slot: code (when it is set and differs
// from the class name; an empty code reads back as the class name), severity, recovery, actions, retry_after (whole seconds,
// rounded up, as interlock writes it), status, tool and fields.
type Interbase struct{}

// interbaseParts are the members interbase's data may hold.
var interbaseParts = partsOf(pCode, pSeverity, pRecovery, pActions, pRetryAfter, pStatus, pTool, pFields)

// Name returns "interbase".
func (Interbase) Name() string { return nameInterbase }

// Render returns e as an interbase tool result.
func (d Interbase) Render(e *errorx.Error) *Result {
	if e == nil {
		return nil
	}
	return renderText(d, e)
}

// appendText appends the text block's JSON to dst.
func (Interbase) appendText(dst []byte, e *errorx.Error) []byte {
	w := jsonw.Writer{B: dst, Style: jsonw.Go, SortKeys: true}
	class := e.EffectiveClass().String()
	w.BeginObject()
	w.Key("type")
	w.String(class)
	w.Key("message")
	w.String(e.Message)
	w.Key("recoverable")
	w.Bool(e.IsRetryable())
	o := object{e: e, wholeSeconds: true}
	o.add(pCode, e.Code != "" && e.Code != class)
	o.common()
	o.add(pStatus, e.HTTPStatus() != 0)
	o.add(pTool, e.Tool != "")
	o.add(pFields, len(e.Fields) > 0)
	o.details(interbaseParts)
	if !o.empty() {
		w.Key("data")
		o.write(&w, true)
	}
	w.EndObject()
	return w.B
}

// Decode reads an interbase result: the first text block that is a JSON
// object with a string "type" and a boolean "recoverable". A type that is not
// one of the six classes is read as the code.
func (Interbase) Decode(res *Result) (*errorx.Error, error) {
	for _, b := range blocks(res) {
		if e, ok := decodeInterbase(b.Text); ok {
			return e, nil
		}
	}
	return nil, ErrNotDialect
}

func decodeInterbase(text string) (*errorx.Error, bool) {
	ms, ok := jsonw.Object(text)
	if !ok {
		return nil, false
	}
	var typ, msg, data string
	var recoverable, hasType, hasRec bool
	for _, m := range ms {
		switch m.Key {
		case "type":
			typ, hasType = jsonw.String(m.Raw)
		case "message":
			msg, _ = jsonw.String(m.Raw)
		case "recoverable":
			recoverable, hasRec = jsonw.Bool(m.Raw)
		case "data":
			data = m.Raw
		}
	}
	if !hasType || !hasRec {
		return nil, false
	}
	e := &errorx.Error{Code: typ, Message: msg}
	codeSet, _ := readExtras(e, data, interbaseParts, "")
	if class, ok := parseClass(typ); ok {
		e.Class = class
	} else {
		finishClass(e, errorx.ClassUnset)
	}
	if !codeSet {
		e.Code = typ
	}
	normalizeRetryable(e, recoverable)
	return e, true
}
