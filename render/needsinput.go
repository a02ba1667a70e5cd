package render

import (
	"slices"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/format"
	"github.com/mcperr/mcperr/internal/jsonw"
	"github.com/mcperr/mcperr/internal/sentence"
)

// needsInputKind is the discriminator of an elicitation object.
const needsInputKind = "needsInput:v1"

// renderNeedsInput writes e as the reference's needsInput:v1 elicitation:
//
//	{"kind":"needsInput:v1","type":"elicitation","message":…,
//	 "needsInput":{"fields":[…],"reason":…,"suggestions":{field:[…]}},
//	 "options":[{"label":…,"value":…,"field":…}]}
//
// with no isError (asking is not failing). A field's Options are its
// suggestions; reason names the missing fields. Each path is asked for
// once: fields that share a path are merged into one, at the first one's
// place, whose suggestions are theirs in order with repeats left out (an
// object with a repeated key is read differently by different readers, and
// the caller has one value to give per path). The human block is a
// "## Input Needed" heading, the message and the suggestions, annotated for
// the user with priority 1 as the reference annotates it; a path in it is
// escaped as text the caller chose, each suggestion is a code span that
// cannot end its line.
func (d ToolError) renderNeedsInput(e *errorx.Error) *Result {
	asks := askedInputs(e)
	b := getBufFor(e, d.copies())
	w := jsonw.Writer{B: *b, Style: jsonw.JS}
	writeNeedsInput(&w, e.Message, asks)
	structured := append([]byte(nil), w.B...)
	r := &resultAlloc{}
	n := 0
	if d.Mode.human() {
		md := append(w.B[:0], "## Input Needed\n\n"...)
		md = appendText(md, e.Message, "", true)
		for _, a := range asks {
			if len(a.options) == 0 {
				continue
			}
			md = append(md, "\n\n**Suggestions for "...)
			md = format.AppendMarkdownText(md, a.path)
			md = append(md, ":**"...)
			for _, o := range a.options {
				md = append(md, "\n- "...)
				md = format.AppendMarkdownCode(md, o)
			}
		}
		w.B = md
		r.content[n] = Text{Text: string(validUTF8(md))}
		r.forUser(&r.content[n])
		n++
	}
	if d.Mode.machine() {
		w.Reset()
		w.Indent = "  "
		writeNeedsInput(&w, e.Message, asks)
		r.content[n] = Text{Text: string(w.B)}
		n++
	}
	*b = w.B
	putBuf(b)
	r.res.Content = r.content[:n]
	r.res.StructuredContent = structured
	return &r.res
}

// askedInput is one input an elicitation asks for: a path and the
// suggestions for it.
type askedInput struct {
	path    string
	options []string
	// own says options is askedInputs' own copy, which merging may
	// append to; until then it is the first field's, which it must not.
	own bool
}

// askedInputs returns the inputs e's fields ask for, one per path, in the
// order of each path's first field; the options of the fields that share
// a path are merged in order, each kept once. A path's options are copied
// once, at its first merge, and appended to from then on: n fields of one
// path cost O(n) (a copy per merge was O(n²)).
func askedInputs(e *errorx.Error) []askedInput {
	asks := make([]askedInput, 0, len(e.Fields))
	paths := indexPaths(e.Fields)
	// Once a path repeats: the place in asks of each field that is its
	// path's first, and the options seen for each path.
	var at []int
	var seen map[[2]string]bool
	for i, f := range e.Fields {
		j := paths.first(i)
		if j == i {
			if at != nil {
				at[i] = len(asks)
				for _, o := range f.Options {
					seen[[2]string{f.Path, o}] = true
				}
			}
			asks = append(asks, askedInput{path: f.Path, options: f.Options})
			continue
		}
		if at == nil {
			// Every field before this one was its path's first.
			at, seen = make([]int, len(e.Fields)), map[[2]string]bool{}
			for k, a := range asks {
				at[k] = k
				for _, o := range a.options {
					seen[[2]string{a.path, o}] = true
				}
			}
		}
		a := &asks[at[j]]
		for _, o := range f.Options {
			if k := [2]string{f.Path, o}; !seen[k] {
				seen[k] = true
				if !a.own {
					a.options, a.own = slices.Clone(a.options), true
				}
				a.options = append(a.options, o)
			}
		}
	}
	return asks
}

func writeNeedsInput(w *jsonw.Writer, message string, asks []askedInput) {
	w.BeginObject()
	w.Key("kind")
	w.String(needsInputKind)
	w.Key("type")
	w.String("elicitation")
	w.Key("message")
	w.String(message)
	w.Key("needsInput")
	w.BeginObject()
	w.Key("fields")
	w.BeginArray()
	for _, a := range asks {
		w.String(a.path)
	}
	w.EndArray()
	w.Key("reason")
	w.String(needsInputReason(asks))
	suggest := slices.ContainsFunc(asks, func(a askedInput) bool { return len(a.options) > 0 })
	if suggest {
		w.Key("suggestions")
		w.BeginObject()
		for _, a := range asks {
			if len(a.options) > 0 {
				w.Key(a.path)
				w.Strings(a.options)
			}
		}
		w.EndObject()
	}
	w.EndObject()
	if suggest {
		w.Key("options")
		w.BeginArray()
		for _, a := range asks {
			for _, o := range a.options {
				w.BeginObject()
				w.Key("label")
				w.String(o)
				w.Key("value")
				w.String(o)
				w.Key("field")
				w.String(a.path)
				w.EndObject()
			}
		}
		w.EndArray()
	}
	w.EndObject()
}

// needsInputReason is the reason of an elicitation, a sentence of the
// server's: The arguments "a", "b" are required. A path may hold a key the
// caller chose (an entry of a map), so each is named through errorx.Quote.
func needsInputReason(asks []askedInput) string {
	if len(asks) == 1 {
		return "The argument " + errorx.Quote(asks[0].path) + " is required."
	}
	b := []byte("The arguments ")
	for i, a := range asks {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, errorx.Quote(a.path)...)
	}
	return string(append(b, " are required."...))
}

// decodeNeedsInput reads the members of a needsInput:v1 object: a
// VALIDATION error (INVALID_INPUT) with one required field per needed
// field, its suggestions as the field's options.
func decodeNeedsInput(ms []jsonw.Member) *errorx.Error {
	var msg string
	var need []jsonw.Member
	for _, m := range ms {
		switch m.Key {
		case "message":
			msg, _ = jsonw.String(m.Raw)
		case "needsInput":
			need, _ = jsonw.Members(m.Raw)
		}
	}
	e := errorx.New(errorx.CodeInvalidInput, msg)
	var suggestions []jsonw.Member
	for _, m := range need {
		switch m.Key {
		case "fields":
			paths, _ := jsonw.Strings(m.Raw)
			e.Fields = make([]errorx.Field, 0, len(paths))
			for _, p := range paths {
				e.Fields = append(e.Fields, sentence.RequiredField(p))
			}
		case "suggestions":
			suggestions, _ = jsonw.Members(m.Raw)
		}
	}
	if len(suggestions) == 0 {
		return e
	}
	// A path's suggestions are its last entry's that is a list of strings.
	byPath := make(map[string][]string, len(suggestions))
	for _, s := range suggestions {
		if opts, ok := jsonw.Strings(s.Raw); ok {
			byPath[s.Key] = opts
		}
	}
	for i := range e.Fields {
		if opts, ok := byPath[e.Fields[i].Path]; ok {
			e.Fields[i].Options = opts
		}
	}
	return e
}
