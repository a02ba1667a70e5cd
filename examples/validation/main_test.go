package main

import (
	"cmp"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"maps"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/server"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/examples/internal/e2e"
	"github.com/mcperr/mcperr/render"
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

// TestInputSchema checks users.create's advertised inputSchema against what
// binding createUser accepts, each probe a change to the valid_user call of
// testdata/calls.json. At every level the schema must list exactly the
// struct's properties, allow others exactly when binding does, and require
// a property exactly when the call without it fails on it; each property
// must have the JSON type binding expects (the Expected of its "Wrong type."
// field), and each enum, minimum and maximum must be where binding draws the
// line. A keyword the test does not check fails it: teach the test first.
func TestInputSchema(t *testing.T) {
	s := newServer(render.Interbase{}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	raw, err := json.Marshal(s.GetTool("users.create").Tool)
	if err != nil {
		t.Fatal(err)
	}
	var tool struct {
		InputSchema map[string]any `json:"inputSchema"`
	}
	if err := json.Unmarshal(raw, &tool); err != nil {
		t.Fatal(err)
	}
	var valid map[string]any
	for _, call := range e2e.LoadCalls(t, "testdata/calls.json") {
		if call.Name == "valid_user" {
			valid = call.Arguments
		}
	}
	c := e2e.Connect(t, s)
	p := prober{t: t, bind: func(change func(args map[string]any)) map[string]errorx.Field {
		t.Helper()
		var args map[string]any // a deep copy of valid
		b, _ := json.Marshal(valid)
		if err := json.Unmarshal(b, &args); err != nil {
			t.Fatal(err)
		}
		change(args)
		res, err := e2e.CallTool(context.Background(), c, e2e.Call{Tool: "users.create", Arguments: args})
		if err != nil {
			t.Fatal(err)
		}
		fields := map[string]errorx.Field{}
		if e, _ := render.Decode(res); e != nil {
			for _, f := range e.Fields {
				fields[f.Path] = f
			}
			if len(fields) == 0 {
				t.Fatalf("%v names no field", e)
			}
		}
		return fields
	}}
	if fields := p.bind(func(map[string]any) {}); len(fields) != 0 {
		t.Fatalf("valid_user fails: %v", fields)
	}
	p.object(nil, tool.InputSchema, reflect.TypeFor[createUser]())
}

// A prober checks a schema against binding: bind calls the tool with the
// valid arguments as change leaves them and returns the fields of its error
// by path (none when the call succeeds).
type prober struct {
	t    *testing.T
	bind func(change func(args map[string]any)) map[string]errorx.Field
}

// object checks the object schema at path (nil: the arguments) against
// struct type typ.
func (p prober) object(path []string, schema map[string]any, typ reflect.Type) {
	t := p.t
	for typ.Kind() == reflect.Pointer {
		typ = typ.Elem()
	}
	p.keywords(path, schema, "type", "properties", "required", "additionalProperties")
	if schema["type"] != "object" {
		t.Errorf("%s: type %v, want object", name(path), schema["type"])
	}
	props, _ := schema["properties"].(map[string]any)
	fields := map[string]reflect.Type{}
	for f := range typ.Fields() {
		if n, _, _ := strings.Cut(f.Tag.Get("json"), ","); n != "-" {
			fields[cmp.Or(n, f.Name)] = f.Type
		}
	}
	if got, want := slices.Sorted(maps.Keys(props)), slices.Sorted(maps.Keys(fields)); !slices.Equal(got, want) {
		t.Errorf("%s: properties %q, but %s has %q", name(path), got, typ, want)
	}
	var required []string
	list, _ := schema["required"].([]any)
	for _, r := range list {
		s, _ := r.(string)
		required = append(required, s)
	}
	for _, key := range slices.Sorted(maps.Keys(fields)) {
		at := append(slices.Clip(path), key)
		_, fails := p.bind(func(args map[string]any) { delete(object(args, path), key) })[name(at)]
		if slices.Contains(required, key) != fails {
			t.Errorf("%s: the schema says required: %v; binding rejects a call without it: %v",
				name(at), slices.Contains(required, key), fails)
		}
		if prop, ok := props[key].(map[string]any); ok {
			p.property(at, prop, fields[key])
		}
	}
	unknown := append(slices.Clip(path), "x_unknown")
	_, rejects := p.bind(func(args map[string]any) { object(args, path)["x_unknown"] = 1 })[name(unknown)]
	if closed := schema["additionalProperties"] == false; closed != rejects {
		t.Errorf("%s: additionalProperties false: %v; binding rejects an unknown key: %v", name(path), closed, rejects)
	}
}

// property checks the schema of the property at path against Go type typ.
func (p prober) property(path []string, schema map[string]any, typ reflect.Type) {
	t := p.t
	typeName, _ := schema["type"].(string)
	wrong := any(true)
	if typeName == "boolean" {
		wrong = "x"
	}
	if f := p.bind(set(path, wrong))[name(path)]; f.Rule != "type" || f.Expected != typeName {
		t.Errorf("%s: the schema says type %q; binding, sent %v, says %+v", name(path), typeName, wrong, f)
	}
	switch typeName {
	case "object":
		p.object(path, schema, typ)
		return
	case "array":
		p.keywords(path, schema, "type", "items")
		items, _ := schema["items"].(map[string]any)
		p.keywords(append(slices.Clip(path), "items"), items, "type")
		item := append(slices.Clip(path), "0")
		if f := p.bind(set(path, []any{wrong}))[name(item)]; f.Rule != "type" || f.Expected != items["type"] {
			t.Errorf("%s: the schema says items of type %v; binding, sent [%v], says %+v", name(path), items["type"], wrong, f)
		}
		return
	}
	p.keywords(path, schema, "type", "enum", "minimum", "maximum")
	if enum, ok := schema["enum"].([]any); ok {
		for _, v := range enum {
			if f, fails := p.bind(set(path, v))[name(path)]; fails {
				t.Errorf("%s: the enum lists %v, which binding rejects: %+v", name(path), v, f)
			}
		}
		var want []string
		for _, v := range enum {
			s, _ := v.(string)
			want = append(want, s)
		}
		f := p.bind(set(path, "x_not_an_option"))[name(path)]
		if !slices.Equal(slices.Sorted(slices.Values(f.Options)), slices.Sorted(slices.Values(want))) {
			t.Errorf("%s: the enum lists %q; binding's options are %q", name(path), want, f.Options)
		}
	}
	for keyword, past := range map[string]float64{"minimum": -1, "maximum": 1} {
		bound, ok := schema[keyword].(float64)
		if !ok {
			continue
		}
		if f, fails := p.bind(set(path, bound))[name(path)]; fails {
			t.Errorf("%s: %s %v, which binding rejects: %+v", name(path), keyword, bound, f)
		}
		if _, fails := p.bind(set(path, bound+past))[name(path)]; !fails {
			t.Errorf("%s: %s %v, but binding accepts %v", name(path), keyword, bound, bound+past)
		}
	}
}

// keywords fails the test for a keyword of schema not among known.
func (p prober) keywords(path []string, schema map[string]any, known ...string) {
	for k := range schema {
		if !slices.Contains(known, k) {
			p.t.Errorf("%s: the schema says %q, which TestInputSchema does not check", name(path), k)
		}
	}
}

// object returns the object at path in args.
func object(args map[string]any, path []string) map[string]any {
	for _, k := range path {
		args = args[k].(map[string]any)
	}
	return args
}

// set returns the change that sets the value at path to v.
func set(path []string, v any) func(map[string]any) {
	return func(args map[string]any) { object(args, path[:len(path)-1])[path[len(path)-1]] = v }
}

// name is the path as a field names it: "address.zip"; "(arguments)" for
// the arguments themselves.
func name(path []string) string {
	if len(path) == 0 {
		return "(arguments)"
	}
	return strings.Join(path, ".")
}
