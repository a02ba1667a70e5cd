package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/errtext"
	"github.com/mcperr/mcperr/internal/format"
	"github.com/mcperr/mcperr/render"
)

// The synopsis of each command.
const (
	renderUsage   = "mcperr render -dialect NAME [-format markdown|json|both] [-now RFC3339] [-version V] [-max-line BYTES]"
	parseUsage    = "mcperr parse [-max-line BYTES]"
	dialectsUsage = "mcperr dialects"
	tourUsage     = "mcperr tour"
)

const usage = "usage:\n  " + renderUsage + "\n  " + parseUsage + "\n  " + dialectsUsage + "\n  " + tourUsage

// run is the command with its streams; it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, usage)
		return 2
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	var err error
	switch args[0] {
	case "render":
		err = renderCmd(args[1:], stdin, out, stderr)
	case "parse":
		err = parseCmd(args[1:], stdin, out, stderr)
	case "dialects":
		err = dialectsCmd(args[1:], out, stderr)
	case "tour":
		err = tourCmd(args[1:], out, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprintln(stdout, usage)
		return 0
	default:
		err = fmt.Errorf("unknown command %q (want render, parse, dialects or tour)", args[0])
	}
	if err != nil {
		out.Flush()
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		fmt.Fprintf(stderr, "mcperr %s: %s\n", oneLine(args[0], maxCommandName), oneLine(errtext.Text(err, maxErrorLine), maxErrorLine+64))
		return 2
	}
	return 0
}

// maxErrorLine bounds the error line on standard error: the input's own
// text (a key, a class, a content type) can be megabytes long.
const maxErrorLine = 1024

// maxCommandName bounds the command named on that line.
const maxCommandName = 64

// oneLine returns s as one line a terminal shows as it is, at most max
// bytes of it: a line break becomes a space, and each control character
// (C0, DEL, C1, the line and paragraph separators, bidirectional
// controls), which a terminal would act on, becomes a visible \uXXXX.
func oneLine(s string, max int) string {
	var b strings.Builder
	for _, r := range s {
		if b.Len() >= max {
			b.WriteString("…")
			break
		}
		switch {
		case r == '\n':
			b.WriteByte(' ')
		case unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || unicode.Is(unicode.Bidi_Control, r):
			fmt.Fprintf(&b, "\\u%04x", r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// parseFlags parses a command's arguments with fs. -h or -help prints the
// command's usage and flags on stderr and returns flag.ErrHelp (exit status
// 0, as Go's flag package exits for an explicit -h). A bad flag is a
// one-line error, without the usage; so is an argument after the flags.
func parseFlags(fs *flag.FlagSet, synopsis string, args []string, stderr io.Writer) error {
	fs.SetOutput(io.Discard) // the flag package would print the usage after every error
	fs.Usage = func() {}
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(stderr, "usage: "+synopsis)
		fs.SetOutput(stderr)
		fs.PrintDefaults()
		return err
	}
	if err == nil && fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	return err
}

func renderCmd(args []string, stdin io.Reader, out *bufio.Writer, stderr io.Writer) error {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	name := fs.String("dialect", "", "the dialect: "+strings.Join(render.Names(), ", "))
	mode := fs.String("format", "", "toolerror content gating: markdown, json or both (default markdown)")
	now := fs.String("now", "", "envelope timestamp, RFC 3339 (default the current time)")
	version := fs.String("version", "", "envelope version string")
	maxLine := maxLineFlag(fs)
	if err := parseFlags(fs, renderUsage, args, stderr); err != nil {
		return err
	}
	if err := checkMaxLine(*maxLine); err != nil {
		return err
	}
	if *name == "" {
		return errors.New("-dialect is required (one of " + strings.Join(render.Names(), ", ") + ")")
	}
	d, err := render.ByName(*name)
	if err != nil {
		return fmt.Errorf("-dialect: unknown dialect %q (want one of %s)", *name, strings.Join(render.Names(), ", "))
	}
	// Every value is checked, whether or not the dialect uses it.
	m := slices.Index(format.Modes[:], *mode)
	if *mode == "" {
		m = int(render.ModeMarkdown)
	}
	if m < 0 {
		return fmt.Errorf("-format: unknown mode %q (want markdown, json or both)", *mode)
	}
	var t time.Time
	if *now != "" {
		if t, err = time.Parse(time.RFC3339, *now); err != nil {
			return fmt.Errorf("-now: %q is not an RFC 3339 time", *now)
		}
	}
	switch x := d.(type) {
	case render.ToolError:
		x.Mode = render.Mode(m)
		d = x
	case render.Envelope:
		x.Version = *version
		if *now != "" {
			x.Now = func() time.Time { return t }
		}
		d = x
	}
	return renderStream(d, stdin, out, *maxLine)
}

// maxLineFlag defines -max-line on fs.
func maxLineFlag(fs *flag.FlagSet) *int {
	return fs.Int("max-line", defaultMaxLine, "the most bytes one input value may take; 0 means no limit")
}

func checkMaxLine(n int) error {
	if n < 0 {
		return fmt.Errorf("-max-line: %d is negative (want a number of bytes, or 0 for no limit)", n)
	}
	return nil
}

// model is one model object of render's input: the model's JSON form, which
// must be an object (errorx.Error reads a JSON null as the empty error).
type model struct{ errorx.Error }

func (m *model) UnmarshalJSON(b []byte) error {
	if len(b) == 0 || b[0] != '{' {
		return errors.New("want a JSON object, not " + jsonKind(b))
	}
	return m.Error.UnmarshalJSON(b)
}

// jsonKind names the kind of the JSON value b.
func jsonKind(b []byte) string {
	if len(b) == 0 {
		return "nothing"
	}
	switch b[0] {
	case 'n':
		return "null"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case '{':
		return "object"
	}
	return "number"
}

// renderStream renders every model object of in, one result per line, as
// a server's Renderer renders an error: bounded by render.DefaultLimits,
// the whole text within its MaxOutput. Nothing is redacted: the model is
// shown as given. A value longer than maxLine bytes is bad input.
func renderStream(d render.Dialect, in io.Reader, out *bufio.Writer, maxLine int) error {
	r := render.NewRenderer(d, render.WithSecretNames())
	f := framer{r: bufio.NewReaderSize(in, 64<<10), max: maxLine}
	for i := 1; ; i++ {
		frame, start, err := f.next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return frameError("model", i, start, err, maxLine)
		}
		var e model
		if err := json.Unmarshal(frame, &e); err != nil {
			return inputError("model", i, start, offsetBy(err, start))
		}
		b, err := json.Marshal(r.Render(&e.Error))
		if err != nil {
			return fmt.Errorf("model %d: cannot marshal the result: %v", i, err)
		}
		out.Write(b)
		out.WriteByte('\n')
	}
}

// offsetBy moves the offset of a syntax error in one value by start, the
// value's offset in the stream.
func offsetBy(err error, start int64) error {
	if se, ok := errors.AsType[*json.SyntaxError](err); ok {
		moved := *se
		moved.Offset += start
		return &moved
	}
	return err
}

// inputError names the object that was wrong and where it starts.
func inputError(what string, i int, start int64, err error) error {
	if se, ok := errors.AsType[*json.SyntaxError](err); ok {
		return fmt.Errorf("input %s %d: invalid JSON at byte %d: %s", what, i, se.Offset, se.Error())
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("input %s %d (from byte %d): truncated JSON", what, i, start)
	}
	return fmt.Errorf("input %s %d (from byte %d): %s", what, i, start, strings.TrimPrefix(err.Error(), "json: "))
}

// parsed is one line of parse's output.
type parsed struct {
	Dialect string        `json:"dialect"`
	Error   *errorx.Error `json:"error"`
}

func parseCmd(args []string, in io.Reader, out *bufio.Writer, stderr io.Writer) error {
	fs := flag.NewFlagSet("parse", flag.ContinueOnError)
	maxLine := maxLineFlag(fs)
	if err := parseFlags(fs, parseUsage, args, stderr); err != nil {
		return err
	}
	if err := checkMaxLine(*maxLine); err != nil {
		return err
	}
	f := framer{r: bufio.NewReaderSize(in, 64<<10), max: *maxLine}
	for i := 1; ; i++ {
		raw, start, err := f.next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return frameError("result", i, start, err, *maxLine)
		}
		if raw[0] != '{' {
			if !json.Valid(raw) {
				return inputError("result", i, start, offsetBy(json.Unmarshal(raw, new(any)), start))
			}
			return inputError("result", i, start, errors.New("want a CallToolResult object, not "+jsonKind(raw)))
		}
		var res render.Result
		if err := json.Unmarshal(raw, &res); err != nil {
			return inputError("result", i, start, offsetBy(err, start))
		}
		e, name := render.Decode(&res)
		if name == "" {
			name = "none"
		}
		b, err := json.Marshal(parsed{Dialect: name, Error: e})
		if err != nil {
			return fmt.Errorf("result %d: cannot marshal the model: %v", i, err)
		}
		out.Write(b)
		out.WriteByte('\n')
	}
}

func dialectsCmd(args []string, out *bufio.Writer, stderr io.Writer) error {
	if err := parseFlags(flag.NewFlagSet("dialects", flag.ContinueOnError), dialectsUsage, args, stderr); err != nil {
		return err
	}
	for _, n := range render.Names() {
		out.WriteString(n)
		out.WriteByte('\n')
	}
	return nil
}
