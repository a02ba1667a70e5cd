package render

import (
	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/jsonw"
)

// Contract is the agent-system "Error Contracts" dialect: one text block
// holding
//
//	{"code":…,"message":…,"details":{…},"recoverable":bool}
//
// as compact JSON (Go's encoding/json without HTML escaping). code is the
// model's code (its class's name when it has none), recoverable is the contract's recoverable (retryable, or fixable like an
// input error; the catalog reads the contract's "Maybe" as recoverable only
// for TRANSIENT codes), and details holds the
// model's details and, under the model's key names, what has no slot: class
// (when the code and status do not imply it), fields, severity, recovery
// (below the fields it may refer to), actions, retry_after, status and
// tool. details is left out when empty.
//
// The contract's failed-task response, span attributes and log record are
// AppendFailedTask, SpanAttrs and LogAttrs.
type Contract struct{}

// contractParts are the members the contract's details may hold.
var contractParts = partsOf(pClass, pSeverity, pRecovery, pActions, pRetryAfter, pStatus, pTool, pFields)

// Name returns "contract".
func (Contract) Name() string { return nameContract }

// Render returns e as an error-contract result.
func (d Contract) Render(e *errorx.Error) *Result {
	if e == nil {
		return nil
	}
	return renderText(d, e)
}

// appendText appends the error object's JSON to dst.
func (Contract) appendText(dst []byte, e *errorx.Error) []byte {
	w := jsonw.Writer{B: dst, Style: jsonw.GoNoHTML}
	writeContractObject(&w, e)
	return w.B
}

func writeContractObject(w *jsonw.Writer, e *errorx.Error) {
	w.BeginObject()
	code := contractCode(e)
	w.Key("code")
	w.String(code)
	w.Key("message")
	w.String(e.Message)
	o := object{e: e}
	o.details(contractParts)
	o.add(pClass, classUnsaid(e, code, e.HTTPStatus()))
	o.add(pFields, len(e.Fields) > 0) // above the recovery that may refer to them
	o.common()
	o.add(pStatus, e.HTTPStatus() != 0)
	o.add(pTool, e.Tool != "")
	if !o.empty() {
		w.Key("details")
		o.write(w, false)
	}
	w.Key("recoverable")
	w.Bool(recoverable(e))
	w.EndObject()
}

// contractCode is the code the contract writes for e: its code, or when it
// has none its class's name (the contract's code is required).
func contractCode(e *errorx.Error) string {
	return orDefault(e.Code, e.EffectiveClass().String())
}

// Decode reads an error-contract result: the first text block that is a JSON
// object with a string "code" and a boolean "recoverable", or a failed-task
// response holding one under "error".
func (Contract) Decode(res *Result) (*errorx.Error, error) {
	for _, b := range blocks(res) {
		if e, ok := decodeContract(b.Text); ok {
			return e, nil
		}
	}
	return nil, ErrNotDialect
}

func decodeContract(data string) (*errorx.Error, bool) {
	ms, ok := jsonw.Object(data)
	if !ok {
		return nil, false
	}
	return decodeContractMembers(ms, true)
}

func decodeContractMembers(ms []jsonw.Member, outer bool) (*errorx.Error, bool) {
	var code, msg, details string
	var recoverable, hasCode, hasRec bool
	for _, m := range ms {
		switch m.Key {
		case "code":
			code, hasCode = jsonw.String(m.Raw)
		case "message":
			msg, _ = jsonw.String(m.Raw)
		case "recoverable":
			recoverable, hasRec = jsonw.Bool(m.Raw)
		case "details":
			details = m.Raw
		case "type", "kind", "success":
			return nil, false // another dialect
		case "error":
			if inner, ok := jsonw.Members(m.Raw); ok && outer {
				return decodeContractMembers(inner, false)
			}
		}
	}
	if !hasCode || !hasRec {
		return nil, false
	}
	e := &errorx.Error{Code: code, Message: msg}
	_, class := readExtras(e, details, contractParts, "")
	finishClass(e, class)
	// recoverable is retryable or fixable: it says something of Retryable
	// only when it differs from what the code and class imply.
	if recoverable != (defaultRetryable(e.Code, e.EffectiveClass()) || codes.DefaultRecoverable(e.Code, e.EffectiveClass().String())) {
		e.Retryable = new(recoverable)
	}
	return e, true
}
