// Package typeunion rewrites the type arrays of a JSON Schema
// (`"type": ["null", "array"]`, which both SDKs' schema inference writes
// for a Go slice, map or pointer) as the anyOf of one schema per type,
// which accepts the same values. Clients that map tool schemas onto a
// narrower schema dialect reject type arrays (MCP Inspector's --strict
// warns on them); anyOf they take.
package typeunion

import (
	"bytes"
	"encoding/json"
	"slices"
)

// maxDepth bounds the schemas Split walks: a schema the adapters infer from
// a Go type is far shallower, and a deeper one is left as it is.
const maxDepth = 256

// generic are the keywords that apply to a value whatever its type: they
// stay on the schema, beside the anyOf of its types. Every other keyword
// (items, properties, minLength…) applies to one type and goes into the
// branch of each type that is not null.
var generic = []string{
	"$schema", "$id", "$anchor", "$dynamicAnchor", "$ref", "$dynamicRef", "$defs", "definitions", "$comment",
	"title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly",
	"enum", "const", "not", "allOf", "anyOf", "oneOf", "if", "then", "else",
}

// subschemas are the keywords whose value is a schema, or an array or an
// object of schemas, that Split walks into.
var subschemas = []string{
	"properties", "patternProperties", "additionalProperties", "items", "prefixItems", "contains",
	"propertyNames", "dependentSchemas", "unevaluatedItems", "unevaluatedProperties",
	"$defs", "definitions", "not", "allOf", "anyOf", "oneOf", "if", "then", "else",
}

// Split returns schema with every type array written as an anyOf, and
// whether it changed anything. A schema that is not valid JSON, or nests
// deeper than maxDepth, comes back unchanged. Key order is not kept: the
// result's objects have their keys sorted, as encoding/json writes maps.
func Split(schema []byte) ([]byte, bool) {
	var v any
	d := json.NewDecoder(bytes.NewReader(schema))
	d.UseNumber()
	if d.Decode(&v) != nil {
		return schema, false
	}
	changed, ok := walk(v, 0)
	if !ok || !changed {
		return schema, false
	}
	out, err := json.Marshal(v)
	if err != nil {
		return schema, false
	}
	return out, true
}

// walk rewrites the schema v in place (it must be an object to change) and
// walks its subschemas; ok is false past maxDepth.
func walk(v any, depth int) (changed, ok bool) {
	if depth > maxDepth {
		return false, false
	}
	s, isObject := v.(map[string]any)
	if !isObject {
		return false, true
	}
	for _, k := range subschemas {
		sub, present := s[k]
		if !present {
			continue
		}
		var c bool
		switch k {
		case "properties", "patternProperties", "dependentSchemas", "$defs", "definitions":
			m, _ := sub.(map[string]any)
			for _, x := range m {
				cx, okx := walk(x, depth+1)
				if !okx {
					return false, false
				}
				c = c || cx
			}
		default:
			if list, isList := sub.([]any); isList {
				for _, x := range list {
					cx, okx := walk(x, depth+1)
					if !okx {
						return false, false
					}
					c = c || cx
				}
			} else {
				var okx bool
				if c, okx = walk(sub, depth+1); !okx {
					return false, false
				}
			}
		}
		changed = changed || c
	}
	types, isArray := s["type"].([]any)
	if !isArray {
		return changed, true
	}
	split(s, types)
	return true, true
}

// split replaces the type array types of the schema s with the anyOf of
// one schema per type: {"type": T} and the keywords of one type for each T
// but null, {"type": "null"} for null. The generic keywords stay on s.
func split(s map[string]any, types []any) {
	delete(s, "type")
	specific := map[string]any{}
	for k, v := range s {
		if !slices.Contains(generic, k) {
			specific[k] = v
			delete(s, k)
		}
	}
	branches := make([]any, 0, len(types))
	for _, t := range types {
		b := map[string]any{"type": t}
		if t != "null" {
			for k, v := range specific {
				b[k] = v
			}
		}
		branches = append(branches, b)
	}
	if len(branches) == 1 {
		for k, v := range branches[0].(map[string]any) {
			s[k] = v
		}
		return
	}
	if existing, has := s["anyOf"]; has {
		// The schema has an anyOf of its own: both must hold.
		delete(s, "anyOf")
		all, _ := s["allOf"].([]any)
		s["allOf"] = append(all, map[string]any{"anyOf": existing}, map[string]any{"anyOf": branches})
		return
	}
	s["anyOf"] = branches
}
