package errorx

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/mcperr/mcperr/internal/format"
	"github.com/mcperr/mcperr/internal/jsonw"
)

// MarshalJSON writes the model's JSON form (see the package documentation):
// unset and empty members are left out, class is always written, details
// keep their order and retry_after is in seconds.
func (e *Error) MarshalJSON() ([]byte, error) {
	w := jsonw.Writer{Style: jsonw.GoNoHTML}
	e.writeJSON(&w)
	return w.B, nil
}

func (e *Error) writeJSON(w *jsonw.Writer) {
	w.BeginObject()
	if e.Code != "" {
		w.Key("code")
		w.String(e.Code)
	}
	w.Key("class")
	w.String(e.EffectiveClass().String())
	if e.Severity != SeverityUnset {
		w.Key("severity")
		w.String(e.Severity.String())
	}
	if e.Message != "" {
		w.Key("message")
		w.String(e.Message)
	}
	if e.Recovery != "" {
		w.Key("recovery")
		w.String(e.Recovery)
	}
	if len(e.Actions) > 0 {
		w.Key("actions")
		w.Strings(e.Actions)
	}
	if e.Details.Len() > 0 {
		w.Key("details")
		w.BeginObject()
		for _, d := range e.Details.kv {
			w.Key(d.Key)
			w.Value(d.Value)
		}
		w.EndObject()
	}
	if e.RetryAfter > 0 {
		w.Key("retry_after")
		w.Float(min(e.RetryAfter.Seconds(), format.MaxSeconds))
	}
	if e.Retryable != nil {
		w.Key("retryable")
		w.Bool(*e.Retryable)
	}
	if s := e.HTTPStatus(); s != 0 {
		w.Key("status")
		w.Int(int64(s))
	}
	if e.Tool != "" {
		w.Key("tool")
		w.String(e.Tool)
	}
	if len(e.Fields) > 0 {
		w.Key("fields")
		w.BeginArray()
		for _, f := range e.Fields {
			f.write(w)
		}
		w.EndArray()
	}
	w.EndObject()
}

func (f Field) write(w *jsonw.Writer) {
	_, printed := f.Sent.(format.SentText)
	w.FieldObject(f.Path, f.Sent, f.WasSent, printed, f.Message, f.Expected, f.Options, f.Hint, f.Rule, f.Param)
}

// MarshalJSON writes the field's JSON form; "sent" is present exactly when
// WasSent is true, and "sent_text": true only when Sent is a format.SentText.
func (f Field) MarshalJSON() ([]byte, error) {
	w := jsonw.Writer{Style: jsonw.GoNoHTML}
	f.write(&w)
	return w.B, nil
}

// UnmarshalJSON reads the model's JSON form. Every key is optional; unknown
// keys and values of the wrong type are errors that name the key. A missing
// or empty class is derived from the code and the status (deriveClass). JSON null leaves e unchanged, as
// encoding/json does for other values.
func (e *Error) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		return nil // as encoding/json leaves a value for null: unchanged
	}
	var m struct {
		Code       string          `json:"code"`
		Class      *string         `json:"class"`
		Severity   *string         `json:"severity"`
		Message    string          `json:"message"`
		Recovery   string          `json:"recovery"`
		Actions    []string        `json:"actions"`
		Details    json.RawMessage `json:"details"`
		RetryAfter *float64        `json:"retry_after"`
		Retryable  *bool           `json:"retryable"`
		Status     int             `json:"status"`
		Tool       string          `json:"tool"`
		Fields     []Field         `json:"fields"`
	}
	if err := strictDecode(data, &m); err != nil {
		return err
	}
	out := Error{
		Code: m.Code, Message: m.Message, Recovery: m.Recovery, Actions: m.Actions,
		Status: m.Status, Tool: m.Tool, Fields: m.Fields,
	}
	if m.Class != nil && *m.Class != "" {
		c, ok := parseClass(*m.Class)
		if !ok {
			return fmt.Errorf(`"class": unknown class %q (want NOT_FOUND, CONFLICT, VALIDATION, PERMISSION, TRANSIENT or INTERNAL)`, *m.Class)
		}
		out.Class = c
	}
	if m.Severity != nil && *m.Severity != "" {
		s, ok := parseSeverity(*m.Severity)
		if !ok {
			return fmt.Errorf(`"severity": unknown severity %q (want warning, error or critical)`, *m.Severity)
		}
		out.Severity = s
	}
	if m.RetryAfter != nil {
		d, err := format.Seconds(*m.RetryAfter)
		if err != nil {
			return fmt.Errorf(`"retry_after": %w`, err)
		}
		out.RetryAfter = d
	}
	if m.Retryable != nil {
		out.Retryable = new(*m.Retryable)
	}
	if m.Status != 0 && !isStatus(m.Status) {
		return fmt.Errorf(`"status": %d is not an HTTP status (100 to 999)`, m.Status)
	}
	if out.Class == ClassUnset {
		out.Class = deriveClass(m.Code, m.Status)
	}
	if len(m.Details) > 0 && string(m.Details) != "null" {
		d, err := decodeDetails(m.Details)
		if err != nil {
			return fmt.Errorf(`"details": %w`, err)
		}
		out.Details = d
	}
	*e = out
	return nil
}

// UnmarshalJSON reads a field's JSON form; a "sent" key, even null, means the
// caller sent something. With "sent_text": true, "sent" must be a string,
// which reads back as a format.SentText.
func (f *Field) UnmarshalJSON(data []byte) error {
	var m struct {
		Path     string          `json:"path"`
		Sent     json.RawMessage `json:"sent"`
		SentText bool            `json:"sent_text"`
		Message  string          `json:"message"`
		Expected string          `json:"expected"`
		Options  []string        `json:"options"`
		Hint     string          `json:"hint"`
		Rule     string          `json:"rule"`
		Param    string          `json:"param"`
	}
	if err := strictDecode(data, &m); err != nil {
		return fmt.Errorf("field: %w", err)
	}
	*f = Field{Path: m.Path, Message: m.Message, Expected: m.Expected, Hint: m.Hint, Rule: m.Rule, Param: m.Param}
	if len(m.Options) > 0 {
		f.Options = m.Options
	}
	if m.Sent != nil {
		v, err := decodeValue(m.Sent)
		if err != nil {
			return fmt.Errorf(`field "sent": %w`, err)
		}
		f.Sent, f.WasSent = v, true
	}
	if m.SentText {
		s, ok := f.Sent.(string)
		if !ok || !f.WasSent {
			return errors.New(`field "sent_text": true needs "sent" to be a string`)
		}
		f.Sent = format.SentText(s)
	}
	return nil
}

// strictDecode decodes one JSON object into v, rejecting unknown keys and
// naming the key of a value with the wrong type.
func strictDecode(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if te, ok := errors.AsType[*json.UnmarshalTypeError](err); ok {
			if te.Field == "" {
				return fmt.Errorf("want a JSON object, not %s", te.Value)
			}
			return fmt.Errorf("%q: want %s, not %s", te.Field, jsonKind(te.Type.Kind().String()), te.Value)
		}
		return errors.New(trimJSONPrefix(err.Error()))
	}
	return nil
}

func jsonKind(goKind string) string {
	switch goKind {
	case "string":
		return "a string"
	case "bool":
		return "a boolean"
	case "slice":
		return "an array"
	case "struct", "map":
		return "an object"
	case "float64", "int", "int64":
		return "a number"
	}
	return goKind
}

func trimJSONPrefix(s string) string {
	if len(s) > 6 && s[:6] == "json: " {
		return s[6:]
	}
	return s
}

// decodeDetails reads a JSON object into Details, keeping its key order.
// Nested values decode as with encoding/json into any, except that numbers
// are json.Number so that no digit is lost.
func decodeDetails(data []byte) (Details, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var d Details
	tok, err := dec.Token()
	if err != nil {
		return d, errors.New(trimJSONPrefix(err.Error()))
	}
	if tok != json.Delim('{') {
		return d, fmt.Errorf("want a JSON object, not %v", describeToken(tok))
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return d, errors.New(trimJSONPrefix(err.Error()))
		}
		key := tok.(string)
		var v any
		if err := dec.Decode(&v); err != nil {
			return d, fmt.Errorf("%q: %s", key, trimJSONPrefix(err.Error()))
		}
		d.Set(key, v)
	}
	if _, err := dec.Token(); err != nil {
		return d, errors.New(trimJSONPrefix(err.Error()))
	}
	if _, err := dec.Token(); err != io.EOF {
		return d, errors.New("unexpected data after the object")
	}
	return d, nil
}

func describeToken(t json.Token) string {
	switch t.(type) {
	case json.Delim:
		return "an array"
	case string:
		return "a string"
	case json.Number, float64:
		return "a number"
	case bool:
		return "a boolean"
	case nil:
		return "null"
	}
	return fmt.Sprint(t)
}

func decodeValue(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, errors.New(trimJSONPrefix(err.Error()))
	}
	return v, nil
}
