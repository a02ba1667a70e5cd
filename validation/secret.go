package validation

import (
	"reflect"
	"strings"
	"sync"

	"github.com/mcperr/mcperr/errorx"
)

// SecretTag is the struct tag that marks an argument whose value must never
// be echoed back: `mcperr:"secret"`. A field that fails validation under a
// secret field (the field itself, or anything inside it) reports its sent
// value as errorx.Redact(value), which every dialect writes "[redacted]"
// ("You sent: [redacted]."). The render.Renderer also redacts arguments by
// name (password, token, …); the tag is for secrets with other names.
const SecretTag = "mcperr"

// isSecretTag reports whether a struct field's mcperr tag lists "secret".
func isSecretTag(sf reflect.StructField) bool {
	tag, ok := sf.Tag.Lookup(SecretTag)
	if !ok {
		return false
	}
	for opt := range strings.SplitSeq(tag, ",") {
		if strings.TrimSpace(opt) == "secret" {
			return true
		}
	}
	return false
}

// secretTypes caches, per type, whether a secret field is reachable in it.
var secretTypes sync.Map // reflect.Type → bool

// hasSecrets reports whether t (through pointers, slices, arrays, maps and
// struct fields) holds a field tagged secret.
func hasSecrets(t reflect.Type) bool {
	if v, ok := secretTypes.Load(t); ok {
		return v.(bool)
	}
	secretTypes.Store(t, false) // a recursive type is answered by its other fields
	found := false
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		found = hasSecrets(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			sf := t.Field(i)
			if isSecretTag(sf) || hasSecrets(sf.Type) {
				found = true
				break
			}
		}
	}
	secretTypes.Store(t, found)
	return found
}

// redactTagged redacts the sent value of every field whose path goes
// through a field of root (a struct type) tagged secret.
func redactTagged(fields []errorx.Field, root reflect.Type) {
	if root == nil || !hasSecrets(root) {
		return
	}
	for i := range fields {
		f := &fields[i]
		if _, done := f.Sent.(errorx.Redacted); f.WasSent && f.Sent != nil && !done && secretPath(root, f.Path) {
			f.Sent = errorx.Redact(f.Sent)
		}
	}
}

// secretPath reports whether path (JSON names and indexes, dotted) goes
// through a struct field of t tagged secret.
func secretPath(t reflect.Type, path string) bool {
	if path == "" {
		return false
	}
	for seg := range strings.SplitSeq(path, ".") {
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		switch t.Kind() {
		case reflect.Struct:
			si := infoOf(t)
			n, ok := si.byName[seg]
			if !ok {
				return false
			}
			jf := si.fields[n]
			if isSecretTag(t.FieldByIndex(jf.index)) {
				return true
			}
			t = jf.typ
		case reflect.Slice, reflect.Array, reflect.Map:
			t = t.Elem()
		default:
			return false
		}
	}
	return false
}
