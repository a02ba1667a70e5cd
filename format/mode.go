package format

import "fmt"

// Argument is the name of the tool argument by which a caller picks the
// mode for one call ({"format":"json"}), as the reference server reads it.
// It is off unless the server turns it on: render's Renderer reads it
// (render.WithFormatArgument), and validation's strict binding and schema
// take it (validation.WithFormatArgument).
const Argument = "format"

// ArgumentDescription is the description of the format argument in a
// tool's inputSchema (ArgumentSchema).
const ArgumentDescription = "How to write this call's error, if it fails: markdown, json or both. Leave it out for the server's choice."

// ArgumentSchema is the JSON Schema of the per-call format argument, as a
// tool's inputSchema lists it among its properties: a string, one of the
// modes, with ArgumentDescription. validation.WithFormatArgument writes it;
// render's Renderer reads the argument only from the calls of a tool whose
// inputSchema lists it so (any spacing or key order), never from a tool's
// own argument of the same name. A hand-written inputSchema lists the
// argument by holding this schema under its name.
const ArgumentSchema = `{"type":"string","enum":["markdown","json","both"],"description":"` + ArgumentDescription + `"}`

// Mode is the content gating of the toolError:v1 dialect: which text blocks
// a result carries. The zero Mode is Markdown, the default.
type Mode uint8

const (
	// Markdown carries the human-readable block only.
	Markdown Mode = iota
	// JSON carries the JSON block only.
	JSON
	// Both carries the human-readable block first and the JSON block last.
	Both
)

// String returns "markdown", "json" or "both".
func (m Mode) String() string {
	switch m {
	case JSON:
		return "json"
	case Both:
		return "both"
	}
	return "markdown"
}

// Human reports whether m carries the human-readable block.
func (m Mode) Human() bool { return m != JSON }

// Machine reports whether m carries the JSON block.
func (m Mode) Machine() bool { return m == JSON || m == Both }

// ParseMode reads a format argument. The empty string means Markdown, as the
// reference server reads `format || "markdown"`; anything but "markdown",
// "json" and "both" is an error.
func ParseMode(s string) (Mode, error) {
	switch s {
	case "", "markdown":
		return Markdown, nil
	case "json":
		return JSON, nil
	case "both":
		return Both, nil
	}
	return Markdown, fmt.Errorf("format: unknown mode %q (want markdown, json or both)", s)
}
