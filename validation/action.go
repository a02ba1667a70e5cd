package validation

import (
	"encoding/json"
	"reflect"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/sentence"
)

// Action checks the discriminator of a grouped tool (MCP Fusion's routing)
// and returns the action it names. value is what the arguments hold under
// field, as decoding them gave it: nil when the key is absent (what
// map[string]any lookups return). Pass json.RawMessage("null") to say the
// caller sent null; a json.RawMessage is read by its JSON type.
//
// It returns sentence.MissingDiscriminator when the value is absent or an
// empty string, sentence.InvalidDiscriminator when it is not a string (with
// JavaScript's typeof name: number, boolean, or object for null, arrays and
// objects) and sentence.UnknownAction when it names no action, with the
// closest action appended to the recovery when one is near
// (` Did you mean "delete"?`). The errors list actions as available actions
// and name no tool; see ActionOf.
func Action(field string, value any, actions ...string) (string, *errorx.Error) {
	s, kind := discriminator(value)
	switch kind {
	case "absent":
		return "", sentence.MissingDiscriminator(field, actions...)
	case "string":
		if s == "" {
			return "", sentence.MissingDiscriminator(field, actions...)
		}
	default:
		return "", sentence.InvalidDiscriminator(field, kind, actions...)
	}
	for _, a := range actions {
		if a == s {
			return s, nil
		}
	}
	e := sentence.UnknownAction(field, s, actions...)
	if best, ok := Closest(s, actions...); ok {
		e.Recovery += ` Did you mean "` + best + `"?`
	}
	return "", e
}

// ActionOf is Action for the discriminator field of the JSON arguments
// args of a call of the tool named tool (the adapters' RequestAction reads
// an SDK's request with it): it tells a missing key from a null one, and
// sets the tool name on the error. Arguments that are not a JSON object
// hold no discriminator.
func ActionOf(tool string, args json.RawMessage, field string, actions ...string) (string, *errorx.Error) {
	var value any
	if v, ok := lookupRaw(string(args), field); ok {
		value = json.RawMessage(v)
	}
	a, e := Action(field, value, actions...)
	if e != nil {
		e.Tool = tool
	}
	return a, e
}

// lookupRaw returns the raw JSON of a top-level key of valid JSON text.
func lookupRaw(s, key string) (string, bool) {
	if !validJSON([]byte(s)) {
		return "", false
	}
	p := scanner{s: s}
	p.ws()
	if p.peek() != '{' {
		return "", false
	}
	p.i++
	at, end := -1, -1
	for p.i < len(p.s) {
		p.ws()
		c := p.peek()
		if c == '}' || c == 0 {
			break
		}
		if c == ',' {
			p.i++
			p.ws()
		}
		k := p.str()
		p.ws()
		p.i++ // ':'
		p.ws()
		start := p.i
		p.skipValue()
		if k == key {
			at, end = start, p.i
		}
	}
	if at < 0 {
		return "", false
	}
	return s[at:end], true
}

// discriminator returns the string value and the JavaScript typeof name of
// a discriminator value ("absent" when there is none).
func discriminator(v any) (string, string) {
	switch x := v.(type) {
	case nil:
		return "", "absent"
	case string:
		return x, "string"
	case bool:
		return "", "boolean"
	case json.Number:
		return "", "number"
	case json.RawMessage:
		p := scanner{s: string(x)}
		switch p.kind() {
		case "string":
			if !json.Valid(x) {
				return "", "object"
			}
			return p.str(), "string"
		case "number":
			if len(x) == 0 {
				return "", "absent"
			}
			return "", "number"
		case "boolean":
			return "", "boolean"
		}
		return "", "object"
	}
	switch reflect.ValueOf(v).Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
		return "", "number"
	case reflect.Bool:
		return "", "boolean"
	case reflect.String:
		return reflect.ValueOf(v).String(), "string"
	}
	return "", "object"
}
