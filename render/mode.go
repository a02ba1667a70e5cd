package render

import (
	"fmt"

	"github.com/mcperr/mcperr/internal/format"
)

// Mode is the content gating of the toolError:v1 dialect ([ToolError]):
// which text blocks a result carries. The zero Mode is [ModeMarkdown], the
// default.
type Mode uint8

const (
	// ModeMarkdown carries the human-readable block only.
	ModeMarkdown Mode = iota
	// ModeJSON carries the JSON block only.
	ModeJSON
	// ModeBoth carries the human-readable block first and the JSON block last.
	ModeBoth
)

// String returns "markdown", "json" or "both", the values of the per-call
// format argument ([WithFormatArgument]).
func (m Mode) String() string {
	if int(m) < len(format.Modes) {
		return format.Modes[m]
	}
	return format.Modes[ModeMarkdown]
}

// human reports whether m carries the human-readable block.
func (m Mode) human() bool { return m != ModeJSON }

// machine reports whether m carries the JSON block.
func (m Mode) machine() bool { return m == ModeJSON || m == ModeBoth }

// parseMode reads a format argument. The empty string means ModeMarkdown,
// as the reference server reads `format || "markdown"`; anything but
// "markdown", "json" and "both" is an error.
func parseMode(s string) (Mode, error) {
	if s == "" {
		return ModeMarkdown, nil
	}
	for i, name := range format.Modes {
		if s == name {
			return Mode(i), nil
		}
	}
	return ModeMarkdown, fmt.Errorf("format: unknown mode %q (want markdown, json or both)", s)
}
