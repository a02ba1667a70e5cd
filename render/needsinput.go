package render

import (
	"strings"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/jsonw"
)

// NeedsInputKind is the discriminator of an elicitation object.
const NeedsInputKind = "needsInput:v1"

// AsksForInput reports whether e is only missing input: it has fields and
// the caller sent none of them. With NeedsInput set, the toolerror dialect
// renders such an error as a needsInput:v1 elicitation.
func AsksForInput(e *errorx.Error) bool {
	if len(e.Fields) == 0 {
		return false
	}
	for _, f := range e.Fields {
		if f.WasSent || f.Path == "" {
			return false
		}
	}
	return true
}

// renderNeedsInput writes e as the reference's needsInput:v1 elicitation:
//
//	{"kind":"needsInput:v1","type":"elicitation","message":…,
//	 "needsInput":{"fields":[…],"reason":…,"suggestions":{field:[…]}},
//	 "options":[{"label":…,"value":…,"field":…}]}
//
// with no isError (asking is not failing). A field's Options are its
// suggestions; reason names the missing fields. The human block is a
// "## Input Needed" heading, the message and the suggestions, annotated for
// the user with priority 1 as the reference annotates it.
func (d ToolError) renderNeedsInput(e *errorx.Error) *mcp.CallToolResult {
	b := getBuf()
	w := jsonw.Writer{B: *b, Style: jsonw.JS}
	writeNeedsInput(&w, e)
	structured := append([]byte(nil), w.B...)
	r := &resultAlloc{}
	n := 0
	if d.Mode.Human() {
		md := append(w.B[:0], "## Input Needed\n\n"...)
		md = append(md, e.Message...)
		for _, f := range e.Fields {
			if len(f.Options) == 0 {
				continue
			}
			md = append(md, "\n\n**Suggestions for "...)
			md = append(md, f.Path...)
			md = append(md, ":**"...)
			for _, o := range f.Options {
				md = append(md, "\n- `"...)
				md = append(md, o...)
				md = append(md, '`')
			}
		}
		w.B = md
		tc := mcp.NewTextContent(string(validUTF8(md)))
		tc.Annotations = &mcp.Annotations{Audience: []mcp.Role{mcp.RoleUser}, Priority: new(1.0)}
		r.content[n] = tc
		n++
	}
	if d.Mode.Machine() {
		w.Reset()
		w.Indent = "  "
		writeNeedsInput(&w, e)
		r.content[n] = mcp.NewTextContent(string(w.B))
		n++
	}
	*b = w.B
	putBuf(b)
	r.res.Content = r.content[:n]
	r.setStructured(structured)
	return &r.res
}

func writeNeedsInput(w *jsonw.Writer, e *errorx.Error) {
	w.BeginObject()
	w.Key("kind")
	w.String(NeedsInputKind)
	w.Key("type")
	w.String("elicitation")
	w.Key("message")
	w.String(e.Message)
	w.Key("needsInput")
	w.BeginObject()
	w.Key("fields")
	w.BeginArray()
	for _, f := range e.Fields {
		w.String(f.Path)
	}
	w.EndArray()
	w.Key("reason")
	w.String(needsInputReason(e))
	suggest := false
	for _, f := range e.Fields {
		suggest = suggest || len(f.Options) > 0
	}
	if suggest {
		w.Key("suggestions")
		w.BeginObject()
		for _, f := range e.Fields {
			if len(f.Options) > 0 {
				w.Key(f.Path)
				w.Strings(f.Options)
			}
		}
		w.EndObject()
	}
	w.EndObject()
	if suggest {
		w.Key("options")
		w.BeginArray()
		for _, f := range e.Fields {
			for _, o := range f.Options {
				w.BeginObject()
				w.Key("label")
				w.String(o)
				w.Key("value")
				w.String(o)
				w.Key("field")
				w.String(f.Path)
				w.EndObject()
			}
		}
		w.EndArray()
	}
	w.EndObject()
}

func needsInputReason(e *errorx.Error) string {
	paths := make([]string, len(e.Fields))
	for i, f := range e.Fields {
		paths[i] = f.Path
	}
	if len(paths) == 1 {
		return "The argument " + paths[0] + " is required."
	}
	return "The arguments " + strings.Join(paths, ", ") + " are required."
}

// decodeNeedsInput reads a needsInput:v1 object: a VALIDATION error
// (INVALID_INPUT) with one required field per needed field, its
// suggestions as the field's options.
func decodeNeedsInput(data string) (*errorx.Error, bool) {
	ms, ok := jsonw.Object(data)
	if !ok {
		return nil, false
	}
	var kind, msg string
	var need []jsonw.Member
	for _, m := range ms {
		switch m.Key {
		case "kind":
			kind, _ = jsonw.String(m.Raw)
		case "message":
			msg, _ = jsonw.String(m.Raw)
		case "needsInput":
			need, _ = jsonw.Members(m.Raw)
		}
	}
	if kind != NeedsInputKind {
		return nil, false
	}
	e := errorx.New(errorx.CodeInvalidInput, msg)
	var suggestions []jsonw.Member
	for _, m := range need {
		switch m.Key {
		case "fields":
			paths, _ := jsonw.Strings(m.Raw)
			for _, p := range paths {
				e.Fields = append(e.Fields, errorx.RequiredField(p))
			}
		case "suggestions":
			suggestions, _ = jsonw.Members(m.Raw)
		}
	}
	for _, s := range suggestions {
		opts, ok := jsonw.Strings(s.Raw)
		if !ok {
			continue
		}
		for i := range e.Fields {
			if e.Fields[i].Path == s.Key {
				e.Fields[i].Options = opts
			}
		}
	}
	return e, true
}
