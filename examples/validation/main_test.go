package main

import (
	"encoding/json"
	"io"
	"log/slog"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/server"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/examples/internal/e2e"
	"github.com/mcperr/mcperr/render"
	"github.com/mcperr/mcperr/validation"
)

// TestInProcess calls every tool of testdata/calls.json in every dialect
// through mcp-go's in-process client.
func TestInProcess(t *testing.T) {
	e2e.RunInProcess(t, func(d render.Dialect) *server.MCPServer {
		return newServer(d, slog.New(slog.NewTextHandler(io.Discard, nil)))
	}, e2e.LoadCalls(t, "testdata/calls.json"))
}

// TestTypeScriptClient checks what the official TypeScript SDK client
// returned for the same calls (see .ci/run).
func TestTypeScriptClient(t *testing.T) {
	path := os.Getenv("MCPERR_TS_RESULTS")
	if path == "" {
		t.Skip("MCPERR_TS_RESULTS is not set: .ci/run sets it to the output of interop/ts/check.mjs")
	}
	e2e.CheckTypeScript(t, path, e2e.LoadCalls(t, "testdata/calls.json"))
}

// TestInputSchema validates the calls of testdata/calls.json against the
// inputSchema each tool advertises: users.create's comes from createUser
// (validation.WithInputSchema), whose tags binding checks.
func TestInputSchema(t *testing.T) {
	s := newServer(render.Interbase{}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	e2e.CheckInputSchemas(t, e2e.Connect(t, s), e2e.LoadCalls(t, "testdata/calls.json"))
}

// TestDidYouMeanEveryTypo misspells every key of the example's argument
// structs by one letter (a letter dropped, changed or added) and checks the
// unknown key's hint: beside all the other keys it names exactly the key
// meant; sent alone, the key meant is among the names it offers.
func TestDidYouMeanEveryTypo(t *testing.T) {
	letters := "abcdefghijklmnopqrstuvwxyz_"
	for _, typ := range []reflect.Type{reflect.TypeFor[createUser](), reflect.TypeFor[address](), reflect.TypeFor[invoice](), reflect.TypeFor[refund]()} {
		var keys []string
		for i := range typ.NumField() {
			keys = append(keys, strings.Split(typ.Field(i).Tag.Get("json"), ",")[0])
		}
		for _, key := range keys {
			typos := map[string]bool{}
			for i := 0; i <= len(key); i++ {
				if i < len(key) {
					typos[key[:i]+key[i+1:]] = true
				}
				for _, c := range letters {
					if i < len(key) {
						typos[key[:i]+string(c)+key[i+1:]] = true
					}
					typos[key[:i]+string(c)+key[i:]] = true
				}
			}
			for typo := range typos {
				if typo == "" || slices.Contains(keys, typo) {
					continue
				}
				all := map[string]any{typo: nil}
				for _, k := range keys {
					if k != key {
						all[k] = nil
					}
				}
				if hint := typoHint(t, typ, all, typo); hint != "Did you mean '"+key+"'?" {
					t.Errorf("%v: %s beside the other keys: hint %q, want the one for %s", typ, typo, hint, key)
				}
				if hint := typoHint(t, typ, map[string]any{typo: nil}, typo); !strings.Contains(hint, "'"+key+"'") {
					t.Errorf("%v: %s alone: hint %q does not name %s", typ, typo, hint, key)
				}
			}
		}
	}
}

func typoHint(t *testing.T, typ reflect.Type, args map[string]any, typo string) string {
	t.Helper()
	raw, _ := json.Marshal(args)
	err := validation.Default().BindJSON("t", raw, reflect.New(typ).Interface())
	e, _ := errorx.As(err)
	if e == nil {
		t.Fatalf("%s: no error", raw)
	}
	for _, f := range e.Fields {
		if f.Path == typo {
			return f.Hint
		}
	}
	t.Fatalf("%s: no field for %s", raw, typo)
	return ""
}
