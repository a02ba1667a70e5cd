package validation

import (
	"reflect"
	"strings"
	"sync"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/copyonwrite"
	isecret "github.com/mcperr/mcperr/internal/secret"
)

// SecretTag is the struct tag that marks an argument whose value must never
// be echoed back: `mcperr:"secret"`. A field that fails validation under a
// secret field (the field itself, anything inside it, or a field promoted
// from an embedded struct tagged secret) reports its sent value as
// errorx.Redact(value), which every dialect writes "[redacted]" ("You sent:
// [redacted]."); so does an unknown key whose nearest field is secret. A
// value echoed for a field that holds secret fields (a list of structs with
// a secret field, say) has those members redacted, and is redacted whole
// when its shape does not match its type, or when it is below an entry of
// a map whose values hold secret fields (the path cannot tell dots in the
// key from its own). The render.Renderer also redacts
// arguments by name (password, token, …); the tag is for secrets with other
// names.
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

// redactTagged redacts what is secret in the sent value of every field,
// going by the Go type the arguments were decoded into (root, a struct
// type): all of a value sent at or under a field tagged secret (directly,
// or through an embedded struct tagged secret), all of an unknown key's
// value when the field it is nearest to is secret (tagged, or named so:
// the Renderer cannot tell that "pasword" was meant as "password"), and, inside an object
// or list sent for a type that holds secret fields, the members that are
// secret (a value whose shape does not match its type is redacted whole:
// its members cannot be told apart).
func redactTagged(fields []errorx.Field, root reflect.Type) {
	if root == nil {
		return
	}
	tagged := hasSecrets(root)
	for i := range fields {
		f := &fields[i]
		if _, done := f.Sent.(isecret.Redacted); !f.WasSent || f.Sent == nil || done || !tagged && f.Rule != RuleUnknown {
			continue
		}
		if v, changed := redactPath(root, f.Path, f.Rule == RuleUnknown, f.Sent); changed {
			f.Sent = v
		}
	}
}

// redactPath redacts sent, the value sent at path of a root-typed
// argument; unknown says path's last segment is a key the type does not
// have.
func redactPath(root reflect.Type, path string, unknown bool, sent any) (any, bool) {
	var segs []string
	if path != "" {
		segs = strings.Split(path, ".")
	}
	if unknown && len(segs) > 0 {
		last := segs[len(segs)-1]
		t, secret, ok := typeAt(root, segs[:len(segs)-1])
		if secret || ok && nearSecret(t, last) || !ok && hasSecrets(t) {
			return errorx.Redact(sent), true
		}
		return sent, false
	}
	t, secret, ok := typeAt(root, segs)
	switch {
	case secret, !ok && hasSecrets(t):
		return errorx.Redact(sent), true
	case !ok:
		return sent, false
	}
	return redactValue(sent, t)
}

// typeAt follows segs (JSON names, indexes and map keys) from t. It
// returns the type reached (the last one resolved when ok is false),
// whether the way went through a field tagged secret, and whether every
// segment resolved. A map key may hold dots: the ways to split the path
// there are tried, at most maxSplits in all (a key of many dots under
// nested maps would otherwise cost time quadratic in its length, or
// worse); past them, or when two ways resolve, the path is unresolved, and
// the value is redacted whole when the type reached holds secrets.
func typeAt(t reflect.Type, segs []string) (reflect.Type, bool, bool) {
	budget := maxSplits
	return typeAtBudget(t, segs, &budget)
}

// maxSplits bounds the ways typeAt tries to split one path.
const maxSplits = 256

func typeAtBudget(t reflect.Type, segs []string, budget *int) (reflect.Type, bool, bool) {
	for i := 0; i < len(segs); i++ {
		t = deref(t)
		switch t.Kind() {
		case reflect.Struct:
			si := infoOf(t)
			n, ok := si.byName[segs[i]]
			if !ok {
				return t, false, false
			}
			jf := si.fields[n]
			if taggedSecret(t, jf.index) {
				return jf.typ, true, true
			}
			t = jf.typ
		case reflect.Slice, reflect.Array:
			t = t.Elem()
		case reflect.Map:
			// The key is segs[i] and more when it holds dots: every way
			// but the last (the whole rest is the key) is tried. When one
			// resolves, two readings of the path do, and neither can be
			// trusted to tell what is secret: the path is unresolved.
			for j := i; j < len(segs)-1; j++ {
				if *budget--; *budget < 0 {
					return t, false, false
				}
				if _, sec, k := typeAtBudget(t.Elem(), segs[j+1:], budget); k || sec {
					return t, false, false
				}
			}
			t = t.Elem()
		case reflect.Interface:
			return t, false, true // nothing is known below an interface
		default:
			return t, false, false
		}
	}
	return t, false, true
}

func deref(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

// taggedSecret reports whether the field at index in struct type t, or an
// embedded struct field it is promoted through, is tagged secret.
func taggedSecret(t reflect.Type, index []int) bool {
	for k := range index {
		if isSecretTag(t.FieldByIndex(index[:k+1])) {
			return true
		}
	}
	return false
}

// nearSecret reports whether key, unknown in t, is near a secret field
// (a hint may say "Did you mean 'api_key'?"): one tagged secret,
// or one whose name is secret by isecret.Names ("pasword" is nearest
// to "password").
func nearSecret(t reflect.Type, key string) bool {
	t = deref(t)
	if t.Kind() != reflect.Struct {
		return false
	}
	si := infoOf(t)
	return nearAny(key, si.names, func(i int) bool { // any name a hint may offer
		return isecret.Is(si.names[i], nil) || taggedSecret(t, si.fields[i].index)
	})
}

// redactValue redacts the secret members of v, a value decoded from JSON
// for type t, copying what it changes.
func redactValue(v any, t reflect.Type) (any, bool) {
	t = deref(t)
	if v == nil || !hasSecrets(t) {
		return v, false
	}
	switch x := v.(type) {
	case map[string]any:
		switch t.Kind() {
		case reflect.Struct:
			si := infoOf(t)
			return copyonwrite.Map(x, func(k string, m any) (any, bool) {
				n, ok := si.byName[k]
				switch {
				case ok && taggedSecret(t, si.fields[n].index):
					return errorx.Redact(m), true
				case ok:
					return redactValue(m, si.fields[n].typ)
				case nearSecret(t, k):
					return errorx.Redact(m), true
				}
				return m, false
			})
		case reflect.Map:
			return copyonwrite.Map(x, func(_ string, m any) (any, bool) { return redactValue(m, t.Elem()) })
		}
	case []any:
		if t.Kind() == reflect.Slice || t.Kind() == reflect.Array {
			return copyonwrite.Slice(x, func(m any) (any, bool) { return redactValue(m, t.Elem()) })
		}
	}
	return errorx.Redact(v), true
}
