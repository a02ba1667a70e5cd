// Package jsontype names the JSON type a Go type's values decode from, as
// encoding/json decodes them by kind.
package jsontype

import "reflect"

// OfKind returns the JSON type (string, boolean, integer, number, object,
// array) that values of t decode from by their kind, pointers followed;
// []byte is a string (base64); "" for kinds JSON has no type for
// (interfaces, channels, functions).
func OfKind(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return "integer"
	case reflect.Float32, reflect.Float64:
		return "number"
	case reflect.Struct, reflect.Map:
		return "object"
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return "string"
		}
		return "array"
	case reflect.Array:
		return "array"
	}
	return ""
}
