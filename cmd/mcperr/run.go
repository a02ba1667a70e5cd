package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/format"
	"github.com/mcperr/mcperr/render"
)

const usage = `usage:
  mcperr render -dialect NAME [-format markdown|json|both] [-now RFC3339] [-version V]
  mcperr parse
  mcperr dialects
  mcperr tour`

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
		err = parseCmd(args[1:], stdin, out)
	case "dialects":
		err = dialectsCmd(args[1:], out)
	case "tour":
		err = tourCmd(args[1:], out)
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
		fmt.Fprintf(stderr, "mcperr %s: %s\n", args[0], strings.ReplaceAll(err.Error(), "\n", " "))
		return 2
	}
	return 0
}

func renderCmd(args []string, stdin io.Reader, out *bufio.Writer, stderr io.Writer) error {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	name := fs.String("dialect", "", "the dialect: "+strings.Join(render.Names(), ", "))
	mode := fs.String("format", "", "toolerror content gating: markdown, json or both")
	now := fs.String("now", "", "envelope timestamp, RFC 3339")
	version := fs.String("version", "", "envelope version string")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if *name == "" {
		return errors.New("-dialect is required (one of " + strings.Join(render.Names(), ", ") + ")")
	}
	d, err := render.ByName(*name)
	if err != nil {
		return fmt.Errorf("-dialect: unknown dialect %q (want one of %s)", *name, strings.Join(render.Names(), ", "))
	}
	m, err := format.ParseMode(*mode)
	if err != nil {
		return fmt.Errorf("-format: unknown mode %q (want markdown, json or both)", *mode)
	}
	switch d := d.(type) {
	case render.ToolError:
		d.Mode = m
		return renderStream(d, stdin, out)
	case render.Envelope:
		d.Version = *version
		if *now != "" {
			t, err := time.Parse(time.RFC3339, *now)
			if err != nil {
				return fmt.Errorf("-now: %q is not an RFC 3339 time", *now)
			}
			d.Now = func() time.Time { return t }
		}
		return renderStream(d, stdin, out)
	}
	return renderStream(d, stdin, out)
}

// renderStream renders every model object of in, one result per line,
// bounded by render.DefaultLimits as a server bounds them.
func renderStream(d render.Dialect, in io.Reader, out *bufio.Writer) error {
	dec := json.NewDecoder(bufio.NewReaderSize(in, 64<<10))
	for i := 1; ; i++ {
		var e errorx.Error
		start := nextOffset(dec)
		err := dec.Decode(&e)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return inputError("model", i, start, err)
		}
		b, err := json.Marshal(d.Render(render.DefaultLimits.Apply(&e)))
		if err != nil {
			return fmt.Errorf("model %d: cannot marshal the result: %v", i, err)
		}
		out.Write(b)
		out.WriteByte('\n')
	}
}

// nextOffset returns the offset of the next value of dec's stream, as far as
// the decoder's buffer shows the whitespace before it.
func nextOffset(dec *json.Decoder) int64 {
	off := dec.InputOffset()
	b, _ := io.ReadAll(io.LimitReader(dec.Buffered(), 4096))
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			break
		}
		off++
	}
	return off
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

func parseCmd(args []string, in io.Reader, out *bufio.Writer) error {
	if len(args) > 0 {
		return fmt.Errorf("unexpected argument %q", args[0])
	}
	dec := json.NewDecoder(bufio.NewReaderSize(in, 64<<10))
	for i := 1; ; i++ {
		var raw json.RawMessage
		start := nextOffset(dec)
		err := dec.Decode(&raw)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return inputError("result", i, start, err)
		}
		if t := strings.TrimSpace(string(raw)); !strings.HasPrefix(t, "{") {
			return inputError("result", i, start, errors.New("want a CallToolResult object"))
		}
		var res mcp.CallToolResult
		if err := json.Unmarshal(raw, &res); err != nil {
			return inputError("result", i, start, err)
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

func dialectsCmd(args []string, out *bufio.Writer) error {
	if len(args) > 0 {
		return fmt.Errorf("unexpected argument %q", args[0])
	}
	for _, n := range render.Names() {
		out.WriteString(n)
		out.WriteByte('\n')
	}
	return nil
}
