package validation

import (
	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/format"
)

// WithFormatArgument turns on the per-call format argument of the
// toolerror dialect under the top-level key name (format.Argument,
// "format", unless the server's Renderer reads another one): the schema
// of InputSchema and WithInputSchema lists it as
//
//	{"type": "string", "enum": ["markdown", "json", "both"], "description": …}
//
// and Bind and Check accept it with one of those values, beside the
// struct's own fields (a struct field of that name stays the struct's).
// Give it, with the same name, wherever the server's Renderer reads the
// argument from calls; without it, the key is unknown, as the schema
// says. The empty name turns the argument off.
func WithFormatArgument(name string) Option {
	return func(c *config) { c.formatArg = name }
}

// formatModes are the values of the format argument, as render reads them.
var formatModes = format.Modes[:]

// formatDescription is the description of the format argument.
const formatDescription = format.ArgumentDescription

// formatSchema is the schema of the format argument: format.ArgumentSchema.
func formatSchema() obj {
	enum := make([]any, len(formatModes))
	for i, m := range formatModes {
		enum[i] = m
	}
	return obj{{"type", "string"}, {"enum", enum}, {"description", formatDescription}}
}

// formatValue checks the format argument's value at the cursor, and moves
// past it: a string, one of formatModes, as the schema says.
func (d *decoder) formatValue() {
	if d.peek() != '"' {
		d.wrongType("string")
		return
	}
	start := d.i
	s := d.str()
	for _, m := range formatModes {
		if s == m {
			return
		}
	}
	d.i = start
	t := postOneOf.apply(Text{Message: "Not one of the valid options.", Options: formatModes}, s, true, nil)
	d.problem(errorx.Field{Message: t.Message, Options: t.Options, Hint: t.Hint, Rule: "oneof"})
}
