package render

import (
	"strings"
	"unicode/utf8"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/adapt"
	"github.com/mcperr/mcperr/internal/format"
	"github.com/mcperr/mcperr/internal/jsonw"
)

// ToolError is the toolError:v1 dialect of the Effect Patterns MCP server.
// Every result carries structuredContent
//
//	{"kind":"toolError:v1","code":…,"message":…,"retryable":bool,"details":{…}}
//
// and, gated by Mode, a markdown block ("**Error:** " and the message) and a
// JSON block (the same object, pretty-printed with two spaces as
// JSON.stringify(obj, null, 2) writes it). code is one of the dialect's six
// (NETWORK_ERROR, SERVER_ERROR, CLIENT_ERROR, NOT_FOUND,
// AUTHENTICATION_ERROR, UNKNOWN_ERROR), mapped from the status as the
// reference maps it, else from the class; retryable is IsRetryable; details
// starts with statusCode (when Status is set), then the model's details,
// then, under the model's key names, what has no slot: code (the model's,
// when it is set and differs; an empty code reads back as the wire's),
// class (when the code and status read back do not imply it), fields,
// severity, recovery, actions, retry_after and tool.
//
// The markdown block carries the whole error, because hosts show a model
// only the first content block of an error: after the reference's
// "**Error:** " and the message come the code line, the invalid fields with
// what was sent, the recovery (below the fields it may refer to), the
// available actions, the retry delay and a details line holding the rest
// as JSON (see appendMarkdown). Decode of a result cut to that block gives
// what Decode of the whole result gives.
//
// With NeedsInput, an error whose every field is one the caller did not send
// (AsksForInput) is rendered as the reference's needsInput:v1 elicitation
// instead: asking for the missing input is not a failure, so the result has
// no isError.
type ToolError struct {
	// Mode gates the text blocks: Markdown (the default), JSON or Both.
	Mode Mode
	// NeedsInput renders errors that only lack input as needsInput:v1.
	NeedsInput bool
}

// toolErrorKind is the discriminator of a toolError:v1 object (its "kind"
// member), as needsInputKind is of a needsInput:v1 one.
const toolErrorKind = "toolError:v1"

// toolErrorParts are the members toolError:v1's details may hold.
var toolErrorParts = partsOf(pStatusCode, pCode, pClass, pSeverity, pRecovery, pActions, pRetryAfter, pTool, pFields)

// Name returns "toolerror".
func (ToolError) Name() string { return nameToolError }

// withMode returns d with its mode set to m.
func (d ToolError) withMode(m Mode) Dialect { d.Mode = m; return d }

// mode returns d's mode.
func (d ToolError) mode() Mode { return d.Mode }

// Render returns e as a toolError:v1 result.
func (d ToolError) Render(e *errorx.Error) *Result {
	if e == nil {
		return nil
	}
	if d.NeedsInput && adapt.AsksForInput(e) {
		return d.renderNeedsInput(e)
	}
	code := adapt.ToolErrorCode(e)
	b := getBufFor(e, d.copies())
	w := jsonw.Writer{B: *b, Style: jsonw.JS}
	writeToolErrorObject(&w, e, code)
	structured := append([]byte(nil), w.B...)

	// The text blocks are written one after the other and share one string.
	w.Reset()
	human := 0
	if d.Mode.human() {
		w.B = appendMarkdown(w.B, e, code)
		human = len(w.B)
	}
	if d.Mode.machine() {
		w.Indent = "  "
		writeToolErrorObject(&w, e, code)
	}
	text := string(w.B)
	*b = w.B
	putBuf(b)

	r := &resultAlloc{}
	n := 0
	if d.Mode.human() {
		r.content[n] = Text{Text: text[:human]}
		n++
	}
	if d.Mode.machine() {
		r.content[n] = Text{Text: text[human:]}
		n++
	}
	r.res.Content = r.content[:n]
	r.res.StructuredContent = structured
	r.res.IsError = isError(e)
	return &r.res
}

// copies is about how many renderings of an error the buffer of Render
// holds at once: the markdown block (which holds most of the details
// again), or it and the pretty JSON block.
func (d ToolError) copies() int {
	if d.Mode.machine() {
		return 4
	}
	return 2
}

// appendJSON appends the toolError:v1 object as compact JSON (the bytes of
// structuredContent).
func (d ToolError) appendJSON(dst []byte, e *errorx.Error) []byte {
	w := jsonw.Writer{B: dst, Style: jsonw.JS}
	writeToolErrorObject(&w, e, adapt.ToolErrorCode(e))
	return w.B
}

// appendMarkdown appends the human-readable block, which carries the whole
// error (see the type's documentation).
func (d ToolError) appendMarkdown(dst []byte, e *errorx.Error) []byte {
	return appendMarkdown(dst, e, adapt.ToolErrorCode(e))
}

func writeToolErrorObject(w *jsonw.Writer, e *errorx.Error, code string) {
	w.BeginObject()
	w.Key("kind")
	w.String(toolErrorKind)
	w.Key("code")
	w.String(code)
	w.Key("message")
	w.String(e.Message)
	w.Key("retryable")
	w.Bool(e.IsRetryable())
	o := object{e: e}
	o.add(pStatusCode, e.HTTPStatus() != 0)
	o.details(toolErrorParts)
	o.add(pCode, e.Code != "" && e.Code != code)
	o.add(pClass, classUnsaid(e, orDefault(e.Code, code), e.HTTPStatus()))
	o.add(pFields, len(e.Fields) > 0) // above the recovery that may refer to them
	o.common()
	o.add(pTool, e.Tool != "")
	w.Key("details")
	o.write(w, false)
	w.EndObject()
}

// appendMarkdown writes the human-readable block: the reference's
// "**Error:** " and the message, then what lets a reader that gets only
// this block (hosts show a model the first block alone) recover the whole
// error, each in a paragraph of its own:
//
//	**Code:** CODE (class CLASS, retryable)
//	**Invalid fields:** one "- PATH: SENTENCE" item per field
//	**Recovery:** RECOVERY
//	**Available actions:** A, B
//	**Retry after:** N seconds
//	**Details:** {…}
//
// The code line always comes: the model's code, or the wire's when it has
// none, then the class when the code and status read back do not imply it,
// and whether the call may be retried. The details line holds, as compact
// JSON, what toolError:v1's details hold less what the lines above show:
// statusCode, the model's details, the fields whole (the values sent
// exactly, rules and parameters), severity and tool.
//
// The tool's own text (the message, the recovery, a field's message,
// expected, options and hint) goes in as written, markdown included, as
// the reference writes it, but for the start of its lines (appendText): a
// handler builds it from what the caller sent, and no line of it may read
// as a line of the block. In the paragraphs after the message, a line
// feed in it is followed by two spaces, which make the next line a
// continuation of the same paragraph or item, so that readMarkdown tells
// every paragraph apart and reads the block back exactly. Names that may come from elsewhere (the code, an action, which
// a server may take from a list it did not write), what the caller chose
// (a field's path, which may be a key it sent, and the value it sent) and
// the details line are escaped (format.AppendMarkdownText; a comma in an
// action is \,), so that they cannot start a block or forge a label.
// Invalid UTF-8 becomes U+FFFD, byte by byte, as a JSON encoder would make
// it.
func appendMarkdown(dst []byte, e *errorx.Error, code string) []byte {
	start := len(dst)
	dst = append(dst, markdownPrefix...)
	dst = appendText(dst, e.Message, "", false)
	shown := orDefault(e.Code, code)
	dst = append(dst, "\n\n"+codeLabel...)
	dst = format.AppendMarkdownText(dst, shown)
	dst = append(dst, " ("...)
	if classUnsaid(e, shown, e.HTTPStatus()) {
		dst = append(dst, classWord...)
		dst = append(dst, e.EffectiveClass().String()...)
		dst = append(dst, ", "...)
	}
	if !e.IsRetryable() {
		dst = append(dst, "not "...)
	}
	dst = append(dst, "retryable)"...)
	if len(e.Fields) > 0 {
		dst = append(dst, "\n\n"+fieldsLabel...)
		for _, f := range e.Fields {
			dst = append(dst, "\n- "...)
			dst = appendFieldName(dst, f.Path)
			dst = append(dst, ": "...)
			dst = appendFieldSentence(dst, f, true)
		}
	}
	if e.Recovery != "" {
		dst = append(dst, "\n\n"+recoveryLabel...)
		dst = appendLine(dst, e.Recovery)
	}
	if len(e.Actions) > 0 {
		dst = append(dst, "\n\n"+actionsLabel...)
		for i, a := range e.Actions {
			if i > 0 {
				dst = append(dst, ", "...)
			}
			dst = appendAction(dst, a)
		}
	}
	if e.RetryAfter > 0 {
		dst = append(dst, "\n\n"+retryLabel...)
		dst = appendSeconds(dst, e)
	}
	dst = appendMarkdownDetails(dst, e)
	if !utf8.Valid(dst[start:]) {
		dst = append(dst[:start], validUTF8(dst[start:])...)
	}
	return dst
}

// The labels of the markdown block's paragraphs after the message.
const (
	codeLabel     = "**Code:** "
	classWord     = "class "
	fieldsLabel   = "**Invalid fields:**"
	recoveryLabel = "**Recovery:** "
	actionsLabel  = "**Available actions:** "
	retryLabel    = "**Retry after:** "
	detailsLabel  = "**Details:** "
)

// appendMarkdownDetails appends the details paragraph when there is
// anything for it: toolError:v1's details object less the code, class,
// recovery, actions and retry delay the other lines show, as compact JSON
// escaped as text the caller chose (what it holds may be), so that nothing
// in it is markdown.
func appendMarkdownDetails(dst []byte, e *errorx.Error) []byte {
	o := object{e: e}
	o.add(pStatusCode, e.HTTPStatus() != 0)
	o.details(toolErrorParts)
	o.add(pFields, len(e.Fields) > 0)
	o.add(pSeverity, e.Severity != errorx.SeverityUnset)
	o.add(pTool, e.Tool != "")
	if o.empty() {
		return dst
	}
	dst = append(dst, "\n\n"+detailsLabel...)
	at := len(dst)
	w := jsonw.Writer{B: dst, Style: jsonw.JS}
	o.write(&w, false)
	dst = w.B
	if markdownPlain(dst[at:]) {
		return dst // no copy: the common case
	}
	return format.AppendMarkdownText(dst[:at], string(dst[at:]))
}

// markdownPlain reports, erring towards false, whether
// format.AppendMarkdownText copies b unchanged: it holds no character
// that it escapes, and each _ sits between two ASCII letters or digits.
func markdownPlain(b []byte) bool {
	alnum := func(i int) bool {
		if i < 0 || i >= len(b) {
			return false
		}
		c := b[i]
		return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
	}
	for i, c := range b {
		switch {
		case c < 0x20, c >= 0x80, c == '\\', c == '`', c == '*', c == '[', c == ']', c == '<', c == '~':
			return false
		case c == '_' && !(alnum(i-1) && alnum(i+1)):
			return false
		}
	}
	return true
}

// appendLine appends the tool's own text s to a paragraph or an item of
// the markdown block after its first words (appendText): each line after
// the first is a continuation line, two spaces in (textIndent), in the
// paragraph or item it belongs to, so that readMarkdown tells every
// paragraph apart, and no line of it reads as a line of the block's own.
func appendLine(dst []byte, s string) []byte {
	return appendText(dst, s, textIndent, false)
}

// textIndent starts every line after the first of the tool's text in a
// paragraph after the message.
const textIndent = "  "

// appendAction appends an action's name as format.AppendMarkdownText
// escapes it, with each comma written \, so that the list splits back.
func appendAction(dst []byte, a string) []byte {
	for {
		i := strings.IndexByte(a, ',')
		if i < 0 {
			return format.AppendMarkdownText(dst, a)
		}
		dst = format.AppendMarkdownText(dst, a[:i])
		dst = append(dst, `\,`...)
		a = a[i+1:]
	}
}

// validUTF8 returns b with each byte of invalid UTF-8 replaced by U+FFFD.
func validUTF8(b []byte) []byte {
	out := make([]byte, 0, len(b)+8)
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			out = append(out, "\uFFFD"...)
		} else {
			out = append(out, b[i:i+n]...)
		}
		i += n
	}
	return out
}

// Decode reads a toolError:v1 (or needsInput:v1) result from
// structuredContent or, when that was dropped, from the last text block
// holding such a JSON object, as the reference's client guideline says.
func (ToolError) Decode(res *Result) (*errorx.Error, error) {
	if res == nil {
		return nil, ErrNotDialect
	}
	if raw := res.StructuredContent; raw != nil {
		if e, ok := decodeToolErrorOrNeeds(string(raw)); ok {
			return e, nil
		}
	}
	for i := len(res.Content) - 1; i >= 0; i-- {
		if e, ok := decodeToolErrorOrNeeds(res.Content[i].Text); ok {
			return e, nil
		}
	}
	return nil, ErrNotDialect
}

// decodeToolErrorOrNeeds reads a toolError:v1 or needsInput:v1 object, as
// its kind says: data is read once.
func decodeToolErrorOrNeeds(data string) (*errorx.Error, bool) {
	ms, ok := jsonw.Object(data)
	if !ok {
		return nil, false
	}
	var kind string
	for _, m := range ms {
		if m.Key == "kind" {
			kind, _ = jsonw.String(m.Raw) // the last one, as for every member
		}
	}
	switch kind {
	case toolErrorKind:
		return decodeToolError(ms), true
	case needsInputKind:
		return decodeNeedsInput(ms), true
	}
	return nil, false
}

// decodeToolError reads the members of a toolError:v1 object.
func decodeToolError(ms []jsonw.Member) *errorx.Error {
	var code, msg, details string
	var retryable, hasRetryable bool
	for _, m := range ms {
		switch m.Key {
		case "code":
			code, _ = jsonw.String(m.Raw)
		case "message":
			var isStr bool
			if msg, isStr = jsonw.String(m.Raw); !isStr {
				msg = m.Raw // the reference can put a non-string here
			}
		case "retryable":
			retryable, hasRetryable = jsonw.Bool(m.Raw)
		case "details":
			details = m.Raw
		}
	}
	e := &errorx.Error{Code: code, Message: msg}
	_, class := readExtras(e, details, toolErrorParts, "")
	finishClass(e, class)
	if hasRetryable {
		normalizeRetryable(e, retryable)
	}
	return e
}

// fieldName is the name a field's path is shown under: "(root)" for the
// arguments object itself.
func fieldName(path string) string {
	if path == "" {
		return "(root)"
	}
	return path
}

// appendFieldName appends the name a field's path is shown under at the
// start of a list item: "(root)" for the arguments object itself, else the
// path escaped as text the caller chose.
func appendFieldName(dst []byte, path string) []byte {
	if path == "" {
		return append(dst, fieldName(path)...)
	}
	return format.AppendMarkdownLineStart(dst, path)
}

// appendFieldText appends the sentence MCP Fusion writes for one invalid
// field: the message, " You sent: " and the sent value, then what was
// expected, the valid options and the hint.
func appendFieldText(dst []byte, f errorx.Field) []byte {
	return appendFieldSentence(dst, f, false)
}

// appendFieldSentence is appendFieldText for markdown when markdown is set:
// the sent value escaped as text the caller chose, the tool's texts as
// appendLine writes them.
func appendFieldSentence(dst []byte, f errorx.Field, markdown bool) []byte {
	text := func(dst []byte, s string) []byte {
		if markdown {
			return appendLine(dst, s)
		}
		return append(dst, s...)
	}
	dst = text(dst, f.Message)
	dst = append(dst, " You sent: "...)
	if markdown {
		dst = format.AppendSentMarkdown(dst, f.Sent, f.WasSent)
	} else {
		dst = format.AppendSent(dst, f.Sent, f.WasSent)
	}
	dst = append(dst, '.')
	if f.Expected != "" {
		if f.Rule == "type" {
			dst = append(dst, " Expected type: "...)
		} else {
			dst = append(dst, " Expected: "...)
		}
		dst = text(dst, f.Expected)
		dst = append(dst, '.')
	}
	if len(f.Options) > 0 {
		dst = append(dst, " Valid options: "...)
		for i, o := range f.Options {
			if i > 0 {
				dst = append(dst, ", "...)
			}
			dst = append(dst, '\'')
			dst = text(dst, o)
			dst = append(dst, '\'')
		}
		dst = append(dst, '.')
	}
	if f.Hint != "" {
		dst = append(dst, ' ')
		dst = text(dst, f.Hint)
	}
	return dst
}

// appendSeconds appends e's retry delay as "N seconds", N as JavaScript
// prints a number (at most format.MaxSeconds, so that it reads back).
func appendSeconds(dst []byte, e *errorx.Error) []byte {
	dst = format.AppendJSNumber(dst, min(e.RetryAfter.Seconds(), format.MaxSeconds))
	return append(dst, " seconds"...)
}
