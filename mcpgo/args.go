package mcpgo

import (
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/errtext"
	"github.com/mcperr/mcperr/internal/jsontype"
	"github.com/mcperr/mcperr/internal/sentence"
)

// argumentError turns the error of one of mcp-go's argument helpers
// (req.RequireString("id") and the other Require* methods of
// mcp.CallToolRequest, or BindArguments) into the error binding gives for
// the same call: errorx.Required for an argument not sent, sentence.WrongType
// with the value sent, read from the request, for one of the wrong type.
// The common handler
//
//	id, err := req.RequireString("id")
//	if err != nil {
//		return nil, err
//	}
//
// then tells the agent what to fix instead of failing with INTERNAL_ERROR.
// The helpers' errors are plain text: one is recognised only when its text
// (or that of an error it wraps) is exactly the helper's and the request
// agrees (the argument is missing, or present with a value the helper
// rejects). For any other error argumentError returns nil.
func argumentError(req mcp.CallToolRequest, err error) *errorx.Error {
	if err == nil || !errtext.Searchable(err) {
		return nil // a chain too long or branched to search: its texts are not read either
	}
	if _, ok := errorx.As(err); ok {
		return nil
	}
	args, isObject := requestArguments(req)
	if !isObject {
		return nil
	}
	depth := 0
	for e := err; e != nil && depth < maxUnwrap; e, depth = errors.Unwrap(e), depth+1 {
		if m, ok := parseHelperError(e.Error()); ok {
			return m.convert(args)
		}
	}
	if te, ok := errors.AsType[*json.UnmarshalTypeError](err); ok && te.Field != "" && te.Type != nil {
		if path, sent, entry, ok := findMistyped(args, te.Field, te.Value); ok {
			if entry {
				return wrongEntry(te.Field, path, sent, jsontype.OfKind(te.Type))
			}
			return sentence.WrongType(path, sent, jsontype.OfKind(te.Type))
		}
	}
	return nil
}

// wrongEntry is the error for an entry of the map argument field (a path
// of the tool's struct fields) whose value, sent at path, is not of the
// expected JSON type: as sentence.WrongType's, but its sentences name the
// map and never the entry's key, which the caller chose (a key can hold
// lines of markdown, or a secret); the key reaches the model only in the
// field's path, which every dialect escapes.
func wrongEntry(field, path string, sent any, expected string) *errorx.Error {
	e := errorx.New(codes.InvalidFieldType, "An entry of "+errorx.Quote(field)+" has the wrong type.")
	e.Recovery = codes.ValidationRecovery
	e.Fields = []errorx.Field{sentence.WrongTypeField(path, sent, expected)}
	return e
}

// maxUnwrap bounds the walk down an error's chain (a chain may loop).
const maxUnwrap = 64

// requestArguments returns the call's arguments as a JSON object, as the
// helpers read them.
func requestArguments(req mcp.CallToolRequest) (map[string]any, bool) {
	if args := req.GetArguments(); args != nil {
		return args, true
	}
	var raw []byte
	switch a := req.GetRawArguments().(type) {
	case json.RawMessage:
		raw = a
	case []byte:
		raw = a
	case nil:
		return map[string]any{}, true
	default:
		return nil, false
	}
	var args map[string]any
	if json.Unmarshal(raw, &args) != nil || args == nil {
		return nil, false
	}
	return args, true
}

// helperMistake is what the text of a helper's error says.
type helperMistake struct {
	key      string
	missing  bool
	item     int // the item of a slice argument, or -1
	expected string
}

// helperTexts are the texts of mcp-go's argument helpers (v1.2.1), %q
// standing for the key and %d for an item's index, with the JSON type each
// one expects.
var helperTexts = []struct{ prefix, suffix, expected string }{
	{`argument `, ` is not a string`, "string"},
	{`argument `, ` cannot be converted to int`, "integer"},
	{`argument `, ` is not an int`, "integer"},
	{`argument `, ` cannot be converted to float64`, "number"},
	{`argument `, ` is not a float64`, "number"},
	{`argument `, ` cannot be converted to bool`, "boolean"},
	{`argument `, ` is not a bool`, "boolean"},
	{`argument `, ` is not a string slice`, "array"},
	{`argument `, ` is not an int slice`, "array"},
	{`argument `, ` is not a float64 slice`, "array"},
	{`argument `, ` is not a bool slice`, "array"},
}

// itemTexts are the suffixes of "item %d in argument %q …".
var itemTexts = []struct{ suffix, expected string }{
	{` is not a string`, "string"},
	{` cannot be converted to int`, "integer"},
	{` is not an int`, "integer"},
	{` cannot be converted to float64`, "number"},
	{` is not a float64`, "number"},
	{` cannot be converted to bool`, "boolean"},
	{` is not a bool`, "boolean"},
}

func parseHelperError(text string) (helperMistake, bool) {
	if rest, ok := strings.CutPrefix(text, "required argument "); ok {
		if q, ok := strings.CutSuffix(rest, " not found"); ok {
			if key, err := strconv.Unquote(q); err == nil {
				return helperMistake{key: key, missing: true, item: -1}, true
			}
		}
		return helperMistake{}, false
	}
	if rest, ok := strings.CutPrefix(text, "item "); ok {
		num, rest, _ := strings.Cut(rest, " in argument ")
		i, err := strconv.Atoi(num)
		if err != nil || i < 0 {
			return helperMistake{}, false
		}
		for _, t := range itemTexts {
			if q, ok := strings.CutSuffix(rest, t.suffix); ok {
				if key, err := strconv.Unquote(q); err == nil {
					return helperMistake{key: key, item: i, expected: t.expected}, true
				}
			}
		}
		return helperMistake{}, false
	}
	for _, t := range helperTexts {
		if rest, ok := strings.CutPrefix(text, t.prefix); ok {
			if q, ok := strings.CutSuffix(rest, t.suffix); ok {
				if key, err := strconv.Unquote(q); err == nil {
					return helperMistake{key: key, item: -1, expected: t.expected}, true
				}
			}
		}
	}
	return helperMistake{}, false
}

// convert returns the error for m if the arguments agree with it, else nil.
func (m helperMistake) convert(args map[string]any) *errorx.Error {
	v, sent := args[m.key]
	switch {
	case m.missing && !sent:
		return errorx.Required(m.key)
	case m.missing || !sent:
		return nil
	case m.item < 0:
		return sentence.WrongType(m.key, v, m.expected)
	}
	items, ok := v.([]any)
	if !ok || m.item >= len(items) {
		return nil
	}
	return sentence.WrongType(m.key+"."+strconv.Itoa(m.item), items[m.item], m.expected)
}

// findMistyped finds the value encoding/json's UnmarshalTypeError is about:
// field is the dotted path of the struct fields, which leaves out slice
// indexes and map keys, and kind the JSON type sent ("string", "number"…).
// The value at field, or else the first item or entry below it of that
// kind, is the one; entry reports that it is a map's entry, whose key the
// caller chose.
func findMistyped(args map[string]any, field, kind string) (path string, sent any, entry, ok bool) {
	var v any = args
	for _, seg := range strings.Split(field, ".") {
		m, isMap := v.(map[string]any)
		if !isMap {
			return "", nil, false, false
		}
		if v, ok = m[seg]; !ok {
			return "", nil, false, false
		}
	}
	if strings.HasPrefix(kind, "number") {
		kind = "number" // "number -1", "number 1.5": a number out of the Go type's range
	}
	if jsonKind(v) == kind {
		return field, v, false, true
	}
	switch c := v.(type) {
	case []any:
		for i, x := range c {
			if jsonKind(x) == kind {
				return field + "." + strconv.Itoa(i), x, false, true
			}
		}
	case map[string]any:
		keys := make([]string, 0, len(c))
		for k := range c {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			if jsonKind(c[k]) == kind {
				return field + "." + k, c[k], true, true
			}
		}
	}
	return "", nil, false, false
}

// jsonKind is the JSON type name encoding/json's UnmarshalTypeError gives
// a decoded value.
func jsonKind(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case float64, json.Number, int, int64:
		return "number"
	case bool:
		return "bool"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return ""
}
