package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"unicode"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/rendercheck"
	"github.com/mcperr/mcperr/internal/testsize"
	"github.com/mcperr/mcperr/render"
)

// mcperr runs the command and returns its exit status, stdout and stderr.
func mcperr(stdin string, args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func TestRenderEveryDialect(t *testing.T) {
	for _, name := range render.Names() {
		code, out, stderr := mcperr(`{"code":"NOT_FOUND","message":"x"}`, "render", "-dialect", name)
		if code != 0 || stderr != "" {
			t.Fatalf("%s: exit %d, stderr %q", name, code, stderr)
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != 1 {
			t.Fatalf("%s: %d lines, want 1:\n%s", name, len(lines), out)
		}
		var res render.Result
		if err := json.Unmarshal([]byte(lines[0]), &res); err != nil {
			t.Fatalf("%s: output is not a CallToolResult: %v", name, err)
		}
		e, dialect := render.Decode(&res)
		if dialect != name || e.Code != "NOT_FOUND" || e.Message != "x" || !res.IsError {
			t.Errorf("%s: decoded %s from %q, isError %v", name, rendercheck.Canonical(e), dialect, res.IsError)
		}
	}
}

func TestRenderMatchesMCPGoMarshal(t *testing.T) {
	// The line is the result as mcp-go marshals it, byte for byte.
	_, out, _ := mcperr(`{"code":"NOT_FOUND","message":"gone"}`, "render", "-dialect", "interbase")
	want, _ := json.Marshal(render.Interbase{}.Render(errorx.New("NOT_FOUND", "gone")))
	if out != string(want)+"\n" {
		t.Errorf("got  %s\nwant %s", out, want)
	}
	// The reference's own wire example (interbase over mcp-go).
	if out != `{"content":[{"type":"text","text":"{\"type\":\"NOT_FOUND\",\"message\":\"gone\",\"recoverable\":false}"}],"isError":true}`+"\n" {
		t.Errorf("interbase wire form differs from the reference: %s", out)
	}
}

func TestRenderStreamOfThousand(t *testing.T) {
	var in strings.Builder
	for i := range 1000 {
		fmt.Fprintf(&in, "{\"code\":\"RATE_LIMITED\",\"message\":\"call %d\",\"retry_after\":%d}%s", i, i%60+1, []string{"\n", " ", "\t\r\n", ""}[i%4])
	}
	for _, name := range render.Names() {
		code, out, stderr := mcperr(in.String(), "render", "-dialect", name, "-format", "both", "-now", "2026-01-19T19:08:56-08:00")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, stderr)
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != 1000 {
			t.Fatalf("%s: %d lines, want 1000", name, len(lines))
		}
		for i, l := range lines {
			var res render.Result
			if err := json.Unmarshal([]byte(l), &res); err != nil {
				t.Fatalf("%s line %d: %v", name, i, err)
			}
			if e, _ := render.Decode(&res); e.Message != fmt.Sprintf("call %d", i) {
				t.Fatalf("%s line %d decodes to message %q", name, i, e.Message)
			}
		}
	}
}

func TestRenderOptions(t *testing.T) {
	_, out, _ := mcperr(`{"code":"X","message":"m"}`, "render", "-dialect", "envelope", "-now", "2030-05-06T07:08:09+02:00", "-version", "9.9")
	if !strings.Contains(out, `\"timestamp\":\"2030-05-06T07:08:09+02:00\"`) || !strings.Contains(out, `\"version\":\"9.9\"`) {
		t.Errorf("envelope options not applied: %s", out)
	}
	for mode, blocks := range map[string]int{"markdown": 1, "json": 1, "both": 2, "": 1} {
		_, out, _ := mcperr(`{"code":"X","message":"m"}`, "render", "-dialect", "toolerror", "-format", mode)
		var res render.Result
		if err := json.Unmarshal([]byte(out), &res); err != nil || len(res.Content) != blocks {
			t.Errorf("-format %q: %d blocks (err %v), want %d", mode, len(res.Content), err, blocks)
		}
	}
	// Options a dialect does not have are ignored.
	if code, _, stderr := mcperr(`{}`, "render", "-dialect", "xml", "-format", "json", "-now", "2030-05-06T07:08:09Z"); code != 0 {
		t.Errorf("xml with toolerror/envelope options: exit %d %s", code, stderr)
	}
}

// modelLines writes models in the model's JSON form, one per line: the
// input of mcperr render.
func modelLines(t *testing.T, models []*errorx.Error) *bytes.Buffer {
	t.Helper()
	var in bytes.Buffer
	for _, e := range models {
		b, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		in.Write(b)
		in.WriteByte('\n')
	}
	return &in
}

// TestRenderParseRoundTrip pipes render into parse for the scenario models
// and generated ones: parse returns the model within the dialect's
// projection.
func TestRenderParseRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	var models []*errorx.Error
	for range 200 {
		models = append(models, rendercheck.Model(r))
	}
	in := modelLines(t, models)
	for _, name := range render.Names() {
		code, rendered, stderr := mcperr(in.String(), "render", "-dialect", name, "-format", "both")
		if code != 0 {
			t.Fatalf("%s render: exit %d %s", name, code, stderr)
		}
		code, parsed, stderr := mcperr(rendered, "parse")
		if code != 0 {
			t.Fatalf("%s parse: exit %d %s", name, code, stderr)
		}
		d, _ := render.ByName(name)
		if te, ok := d.(render.ToolError); ok {
			te.Mode = render.ModeBoth
			d = te
		}
		dec := json.NewDecoder(strings.NewReader(parsed))
		for i, e := range models {
			var line struct {
				Dialect string          `json:"dialect"`
				Error   json.RawMessage `json:"error"`
			}
			if err := dec.Decode(&line); err != nil {
				t.Fatalf("%s: parse line %d: %v", name, i, err)
			}
			// The model as the command read it: through its JSON form.
			var in errorx.Error
			b, _ := json.Marshal(e)
			_ = json.Unmarshal(b, &in)
			var got errorx.Error
			if err := json.Unmarshal(line.Error, &got); err != nil {
				t.Fatalf("%s line %d: %v", name, i, err)
			}
			want := rendercheck.Canonical(rendercheck.Project(d, &in))
			if line.Dialect != name || rendercheck.Canonical(&got) != want {
				t.Fatalf("%s line %d (%s):\n got %s\nwant %s", name, i, line.Dialect, rendercheck.Canonical(&got), want)
			}
		}
	}
}

func TestParseNotErrors(t *testing.T) {
	in := `{"content":[{"type":"text","text":"all good"}]}
{"content":[{"type":"text","text":"boom: disk full"}],"isError":true}`
	code, out, _ := mcperr(in, "parse")
	want := `{"dialect":"none","error":null}
{"dialect":"plain","error":{"code":"INTERNAL_ERROR","class":"INTERNAL","message":"boom: disk full"}}
`
	if code != 0 || out != want {
		t.Errorf("exit %d\n got %s\nwant %s", code, out, want)
	}
}

func TestDialects(t *testing.T) {
	code, out, _ := mcperr("", "dialects")
	if code != 0 || out != "interbase\ntoolerror\nxml\ncontract\nenvelope\n" {
		t.Errorf("exit %d, output %q", code, out)
	}
}

func TestTour(t *testing.T) {
	code, out, stderr := mcperr("", "tour")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"== interbase (isError: true) ==", "== toolerror, format=both (isError: true) ==",
		"== xml (isError: true) ==", "== contract (isError: true) ==", "== envelope (isError: true) ==",
		`<tool_error code="ProjectNotFound" severity="error"`, `"type":"NOT_FOUND"`,
		`"kind": "toolError:v1"`, `"success":false`, `"recoverable":false`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("tour output lacks %q", want)
		}
	}
}

// TestBadInput: one line on stderr naming what and where, exit 2, the lines
// already written kept, never a panic.
func TestBadInput(t *testing.T) {
	good := `{"code":"A","message":"one"}` + "\n"
	cases := []struct {
		name, stdin string
		args        []string
		stderr      string // a substring of the one line
		lines       int    // lines written before the failure
	}{
		{"no command", "", nil, "usage", 0},
		{"unknown command", "", []string{"frobnicate"}, `unknown command "frobnicate"`, 0},
		{"no dialect", good, []string{"render"}, "-dialect is required", 0},
		{"unknown dialect", good, []string{"render", "-dialect", "yaml"}, `unknown dialect "yaml"`, 0},
		{"unknown flag", good, []string{"render", "-dialect", "xml", "-colour"}, "flag provided but not defined: -colour", 0},
		{"bad format", good, []string{"render", "-dialect", "toolerror", "-format", "html"}, `unknown mode "html"`, 0},
		{"bad now", good, []string{"render", "-dialect", "envelope", "-now", "yesterday"}, `-now: "yesterday" is not an RFC 3339 time`, 0},
		{"truncated", good + `{"code":"B","mess`, []string{"render", "-dialect", "xml"}, "input model 2 (from byte 29): truncated JSON", 1},
		{"garbage", good + good + "\x00\x01binary", []string{"render", "-dialect", "interbase"}, "input model 3: invalid JSON at byte", 2},
		{"not an object", good + `[1,2]`, []string{"render", "-dialect", "contract"}, "input model 2 (from byte 29): want a JSON object, not array", 1},
		{"wrong type", `{"code":7}`, []string{"render", "-dialect", "envelope"}, `input model 1 (from byte 0): "code": want a string, not number`, 0},
		{"unknown key", `{"cod":"x"}`, []string{"render", "-dialect", "envelope"}, `unknown field "cod"`, 0},
		{"bad class", `{"class":"FATAL"}`, []string{"render", "-dialect", "xml"}, `"class": unknown class "FATAL"`, 0},
		{"deep", strings.Repeat("[", 20000), []string{"render", "-dialect", "xml"}, "input model 1", 0},
		{"parse garbage", "nope", []string{"parse"}, "input result 1: invalid JSON at byte 2", 0},
		{"parse unknown content", `{"content":[{"type":"hologram"}],"isError":true}`, []string{"parse"}, "unknown content type: hologram", 0},
		{"parse not object", `"text"`, []string{"parse"}, "want a CallToolResult object", 0},
		{"dialects with argument", "", []string{"dialects", "x"}, `unexpected argument "x"`, 0},
		{"render with argument", good, []string{"render", "-dialect", "xml", "x"}, `unexpected argument "x"`, 0},
		{"null model", "null", []string{"render", "-dialect", "contract"}, "input model 1 (from byte 0): want a JSON object, not null", 0},
		{"null after a model", good + " null\n", []string{"render", "-dialect", "interbase"}, "input model 2 (from byte 30): want a JSON object, not null", 1},
		{"string model", `"x"`, []string{"render", "-dialect", "xml"}, "input model 1 (from byte 0): want a JSON object, not string", 0},
		{"number model", good + `7`, []string{"render", "-dialect", "toolerror"}, "input model 2 (from byte 29): want a JSON object, not number", 1},
		{"boolean model", `true`, []string{"render", "-dialect", "envelope"}, "want a JSON object, not boolean", 0},
		{"retry_after too long", `{"retry_after":9223372036.854775807}`, []string{"render", "-dialect", "contract"}, `"retry_after": 9223372036.854776 seconds is too long a delay`, 0},
		// A dialect ignores the options it does not use, not malformed values.
		{"bad now, xml", good, []string{"render", "-dialect", "xml", "-now", "yesterday"}, `-now: "yesterday" is not an RFC 3339 time`, 0},
		{"bad now, toolerror", good, []string{"render", "-dialect", "toolerror", "-now", "2030-13-01T00:00:00Z"}, `-now: "2030-13-01T00:00:00Z" is not an RFC 3339 time`, 0},
		{"bad format, envelope", good, []string{"render", "-dialect", "envelope", "-format", "html"}, `unknown mode "html"`, 0},
		{"whitespace first", "\n\t  null", []string{"render", "-dialect", "xml"}, "input model 1 (from byte 4): want a JSON object, not null", 0},
		{"parse whitespace first", "  \r\n7", []string{"parse"}, "input result 1 (from byte 4): want a CallToolResult object, not number", 0},
		{"parse null", "null", []string{"parse"}, "input result 1 (from byte 0): want a CallToolResult object, not null", 0},
		{"parse with flag", "", []string{"parse", "-x"}, "flag provided but not defined: -x", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, stderr := mcperr(c.stdin, c.args...)
			if code != 2 {
				t.Errorf("exit %d, want 2", code)
			}
			if !strings.Contains(stderr, c.stderr) {
				t.Errorf("stderr %q lacks %q", stderr, c.stderr)
			}
			if c.name != "no command" && strings.Count(stderr, "\n") != 1 {
				t.Errorf("stderr is not one line: %q", stderr)
			}
			if strings.Contains(stderr, "goroutine") || strings.Contains(stderr, "panic") {
				t.Errorf("stack trace on stderr: %s", stderr)
			}
			if n := strings.Count(out, "\n"); n != c.lines {
				t.Errorf("%d lines written before the failure, want %d", n, c.lines)
			}
		})
	}
}

// TestHelp: -h, -help or --help after a command prints its usage and flags
// on stderr, not stdout (which carries results), reads no input and exits 0.
func TestHelp(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string // in the usage on stderr
	}{
		{[]string{"render", "-h"}, []string{"usage: mcperr render -dialect NAME", "-dialect", "-format", "-now", "-version", "interbase, toolerror"}},
		{[]string{"render", "-help"}, []string{"usage: mcperr render -dialect NAME"}},
		{[]string{"render", "--help"}, []string{"usage: mcperr render -dialect NAME"}},
		{[]string{"render", "-dialect", "xml", "-h"}, []string{"usage: mcperr render -dialect NAME"}},
		{[]string{"parse", "-h"}, []string{"usage: mcperr parse"}},
		{[]string{"dialects", "-help"}, []string{"usage: mcperr dialects"}},
		{[]string{"tour", "--help"}, []string{"usage: mcperr tour"}},
	} {
		code, out, stderr := mcperr(`{"code":"A","message":"one"}`, c.args...)
		if code != 0 || out != "" {
			t.Errorf("%q: exit %d, stdout %q; want 0 and nothing", c.args, code, out)
		}
		for _, w := range c.want {
			if !strings.Contains(stderr, w) {
				t.Errorf("%q: stderr %q lacks %q", c.args, stderr, w)
			}
		}
	}
	// The whole usage, on stdout, for the help command.
	if code, out, _ := mcperr("", "help"); code != 0 || !strings.Contains(out, "mcperr render -dialect NAME") || !strings.Contains(out, "mcperr tour") {
		t.Errorf("help: exit %d, %q", code, out)
	}
}

// TestBigInput: a 100 MB model (in the long run of testsize.Long; 10 MB,
// still past the default -max-line of 8 MiB, otherwise) is refused at the
// default -max-line after reading 8 MiB of it, with little memory; with
// -max-line 0 it is rendered within the default limits. A stream of
// garbage as long fails at its first byte.
func TestBigInput(t *testing.T) {
	if testing.Short() {
		t.Skip("big input")
	}
	size := testsize.N(10<<20, 100<<20)
	if testsize.Race {
		size = 10 << 20 // the race detector makes 100 MB take minutes; the property is the same
	}
	big := `{"code":"BIG","message":"` + strings.Repeat("é<", size/3) + `"}`
	in := good + big
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	code, out, stderr := mcperr(in, "render", "-dialect", "xml")
	runtime.ReadMemStats(&after)
	if code != 2 || strings.Count(out, "\n") != 1 || stderr != "mcperr render: input model 2 (from byte 29): longer than -max-line (8388608 bytes)\n" {
		t.Errorf("default -max-line: exit %d, %d lines, stderr %q", code, strings.Count(out, "\n"), stderr)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 4*8<<20 { // a few times -max-line, not the input's size

		t.Errorf("refusing a %d MB model allocated %d MB", size>>20, alloc>>20)
	}
	code, out, stderr = mcperr(big, "render", "-dialect", "xml", "-max-line", "0")
	if code != 0 || !strings.HasPrefix(out, `{"content":[{"type":"text","text":"\u003ctool_error code=\"BIG\"`) ||
		!strings.Contains(out, "…(truncated, ") || len(out) > 64<<10 {
		t.Errorf("exit %d, %d bytes %s", code, len(out), stderr)
	}
	code, _, stderr = mcperr(strings.Repeat("\xff", size), "render", "-dialect", "xml")
	if code != 2 || !strings.Contains(stderr, "invalid JSON at byte 1") {
		t.Errorf("garbage: exit %d %s", code, stderr)
	}
}

const good = `{"code":"A","message":"one"}` + "\n"

// TestMaxLine: a value longer than -max-line bytes (a model for render, a
// result for parse, an object, a string or a number) is bad input: exit 2,
// one line naming the value and where it starts, the lines before it
// written. A value of exactly -max-line bytes passes.
func TestMaxLine(t *testing.T) {
	result := func(n int) string { // a result of n bytes
		head, tail := `{"content":[{"type":"text","text":"`, `"}],"isError":true}`
		return head + strings.Repeat("x", n-len(head)-len(tail)) + tail
	}
	model := func(n int) string {
		head, tail := `{"code":"A","message":"`, `"}`
		return head + strings.Repeat("m", n-len(head)-len(tail)) + tail
	}
	escaped := func(n int) string { // escapes across buffer boundaries
		head, tail := `{"code":"A","message":"`, `"}`
		return head + strings.Repeat(`\"`, (n-len(head)-len(tail))/2) + tail
	}
	for _, c := range []struct {
		name, stdin string
		args        []string
		code, lines int
		stderr      string
	}{
		{"model at the limit", good + model(100_000), []string{"render", "-dialect", "xml", "-max-line", "100000"}, 0, 2, ""},
		{"model past the limit", good + model(100_001) + good, []string{"render", "-dialect", "xml", "-max-line", "100000"}, 2, 1,
			"mcperr render: input model 2 (from byte 29): longer than -max-line (100000 bytes)\n"},
		{"escapes at the limit", good + escaped(200_000), []string{"render", "-dialect", "interbase", "-max-line", "200000"}, 0, 2, ""},
		{"escapes past the limit", good + escaped(200_002), []string{"render", "-dialect", "interbase", "-max-line", "200000"}, 2, 1,
			"mcperr render: input model 2 (from byte 29): longer than -max-line (200000 bytes)\n"},
		{"string model past the limit", `"` + strings.Repeat("s", 200) + `"`, []string{"render", "-dialect", "xml", "-max-line", "100"}, 2, 0,
			"mcperr render: input model 1 (from byte 0): longer than -max-line (100 bytes)\n"},
		{"number past the limit", " " + strings.Repeat("9", 200), []string{"render", "-dialect", "xml", "-max-line", "100"}, 2, 0,
			"mcperr render: input model 1 (from byte 1): longer than -max-line (100 bytes)\n"},
		{"result at the limit", result(100_000) + "\n" + result(80), []string{"parse", "-max-line", "100000"}, 0, 2, ""},
		{"result past the limit", result(80) + "\n" + result(100_001), []string{"parse", "-max-line", "100000"}, 2, 1,
			"mcperr parse: input result 2 (from byte 81): longer than -max-line (100000 bytes)\n"},
		{"no limit", result(100_001), []string{"parse", "-max-line", "0"}, 0, 1, ""},
		{"negative", good, []string{"parse", "-max-line", "-1"}, 2, 0,
			"mcperr parse: -max-line: -1 is negative (want a number of bytes, or 0 for no limit)\n"},
		{"not a number", good, []string{"render", "-dialect", "xml", "-max-line", "8M"}, 2, 0,
			"mcperr render: invalid value \"8M\" for flag -max-line: parse error\n"},
	} {
		code, out, stderr := mcperr(c.stdin, c.args...)
		if code != c.code || strings.Count(out, "\n") != c.lines || stderr != c.stderr {
			t.Errorf("%s: exit %d, %d lines, stderr %q; want %d, %d, %q", c.name, code, strings.Count(out, "\n"), stderr, c.code, c.lines, c.stderr)
		}
	}
	// The usage names the flag and its default.
	for _, cmd := range []string{"render", "parse"} {
		if _, _, stderr := mcperr("", cmd, "-h"); !strings.Contains(stderr, "-max-line") || !strings.Contains(stderr, "8388608") {
			t.Errorf("%s -h: %q", cmd, stderr)
		}
	}
}

// TestRenderBounded: the command bounds what it writes as a server's
// Renderer does: a 1 MiB number in a detail or a sent value is cut, and 64
// details of 4 KiB each do not take the text past 64 KiB.
func TestRenderBounded(t *testing.T) {
	number := strings.Repeat("9", 1<<20)
	var many strings.Builder
	many.WriteString(`{"code":"MANY","details":{`)
	for i := range 64 {
		if i > 0 {
			many.WriteByte(',')
		}
		fmt.Fprintf(&many, `"k%d":"%s"`, i, strings.Repeat("v", 4000))
	}
	many.WriteString("}}")
	for name, in := range map[string]string{
		"number detail": `{"code":"BIG","details":{"n":` + number + `}}`,
		"number sent":   `{"code":"BIG","fields":[{"path":"n","sent":` + number + `}]}`,
		"64 details":    many.String(),
	} {
		for _, d := range render.Names() {
			code, out, stderr := mcperr(in, "render", "-dialect", d, "-format", "both")
			var res render.Result
			if code != 0 || json.Unmarshal([]byte(out), &res) != nil {
				t.Fatalf("%s, %s: exit %d %s", name, d, code, stderr)
			}
			n := len(res.StructuredContent)
			for _, c := range res.Content {
				n += len(c.Text)
			}
			if n > render.DefaultLimits.MaxOutput {
				t.Errorf("%s, %s: %d bytes of text, limit %d", name, d, n, render.DefaultLimits.MaxOutput)
			}
		}
	}
}

// TestBadInputOneSafeLine: whatever the input holds, the error line on
// standard error is one line of at most maxErrorLine bytes and the notice,
// with no control character a terminal would act on: a content type or a
// class the caller chose is quoted back, cut and escaped.
func TestBadInputOneSafeLine(t *testing.T) {
	long := strings.Repeat("x", 1<<20)
	for name, c := range map[string]struct {
		stdin string
		args  []string
	}{
		"content type with escapes": {`{"content":[{"type":"\u001b[2J\u001b]0;title\u0007red\nline\r\u0085\u2028\u202e"}],"isError":true}`, []string{"parse"}},
		"long content type":         {`{"content":[{"type":"` + long + `"}],"isError":true}`, []string{"parse"}},
		"long class":                {`{"class":"` + long + `"}`, []string{"render", "-dialect", "xml"}},
		"long detail key":           {`{"details":{"` + long + `":}}`, []string{"render", "-dialect", "xml"}},
		"long command":              {"", []string{long}},
	} {
		t.Run(name, func(t *testing.T) {
			code, _, stderr := mcperr(c.stdin, c.args...)
			if code != 2 {
				t.Errorf("exit %d, want 2", code)
			}
			if strings.Count(stderr, "\n") != 1 || !strings.HasSuffix(stderr, "\n") {
				t.Errorf("stderr is not one line: %.300q", stderr)
			}
			if len(stderr) > maxErrorLine+maxCommandName+100 {
				t.Errorf("stderr holds %d bytes", len(stderr))
			}
			for _, r := range strings.TrimSuffix(stderr, "\n") {
				if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || unicode.Is(unicode.Bidi_Control, r) {
					t.Errorf("stderr holds %U: %.300q", r, stderr)
					break
				}
			}
		})
	}
}
