package mcperr_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// A snippet is one fenced ```go block of a page.
type snippet struct {
	page string
	line int    // of the fence
	code string // the block's text
	// attrs are the attributes of the <!-- snippet … --> comment on the
	// line above the fence: a fragment, completed into a file (see
	// snippetFile); nil for a complete file (package clause first).
	attrs map[string]string
}

// snippetMarker is the comment that marks a fragment, on the line above
// its fence: <!-- snippet sdk=mcpgo given="s *server.MCPServer" -->.
var (
	snippetMarker = regexp.MustCompile(`^<!--\s*snippet\b(.*?)-->\s*$`)
	snippetAttr   = regexp.MustCompile(`(\w+)=("[^"]*"|\S+)`)
)

// snippets returns the ```go blocks of the pages.
func snippets(t *testing.T, pages []string) []snippet {
	t.Helper()
	var out []snippet
	for _, page := range pages {
		b, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(b), "\n")
		for i := 0; i < len(lines); i++ {
			if strings.TrimSpace(lines[i]) != "```go" {
				continue
			}
			s := snippet{page: page, line: i + 1}
			if i > 0 {
				if m := snippetMarker.FindStringSubmatch(strings.TrimSpace(lines[i-1])); m != nil {
					s.attrs = map[string]string{}
					for _, a := range snippetAttr.FindAllStringSubmatch(m[1], -1) {
						s.attrs[a[1]] = strings.Trim(a[2], `"`)
					}
				}
			}
			var code []string
			for i++; i < len(lines) && strings.TrimSpace(lines[i]) != "```"; i++ {
				code = append(code, lines[i])
			}
			s.code = strings.Join(code, "\n")
			out = append(out, s)
		}
	}
	return out
}

// preludes are what a fragment may use without importing it, by its sdk
// attribute: import path, then an expression that uses the package so an
// unused import is no error.
var preludes = map[string][][2]string{
	"": {
		{"context", "context.Background"},
		{"encoding/json", "json.Marshal"},
		{"errors", "errors.New"},
		{"fmt", "fmt.Sprint"},
		{"log/slog", "slog.Default"},
		{"os", "os.Exit"},
		{"time", "time.Second"},
		{"github.com/mcperr/mcperr/errorx", "errorx.New"},
		{"github.com/mcperr/mcperr/render", "render.NewRenderer"},
		{"github.com/mcperr/mcperr/validation", "validation.Bind[struct{}]"},
	},
	"mcpgo": {
		{"github.com/mark3labs/mcp-go/mcp", "mcp.NewTool"},
		{"github.com/mark3labs/mcp-go/server", "server.NewMCPServer"},
		{"github.com/mcperr/mcperr/mcpgo", "mcpgo.Middleware"},
	},
	"gosdk": {
		{"github.com/modelcontextprotocol/go-sdk/mcp", "mcp.NewServer"},
		{"github.com/modelcontextprotocol/go-sdk/jsonrpc", "jsonrpc.CodeInvalidParams"},
		{"github.com/mcperr/mcperr/gosdk", "gosdk.Middleware"},
	},
}

// importLine matches an import of a fragment: import "path" // comment.
var importLine = regexp.MustCompile(`^import\s+(\w+\s+)?"([^"]+)"`)

// snippetFile completes s into a Go file of a package of its own (not
// main: the build compiles, and links nothing), the function snippetN
// holding its statements. A fragment's attributes:
//
//   - sdk: mcpgo or gosdk, whose packages (mcp, server or jsonrpc, the
//     adapter) it may use beside the standard ones and mcperr's core;
//   - given: the parameters of the function, the names the fragment uses
//     without declaring them ("s *server.MCPServer, res *mcp.CallToolResult");
//   - returns: the function's results, for a fragment that returns;
//   - decl: top-level declarations the fragment needs ("type Args struct{}");
//   - keep: names the fragment declares for code that follows it on the
//     page ("s"): used, so that they are no unused variables.
//
// A fragment that shows import lines or an import block may use those
// packages alone (so an import it lacks fails); the others may use the
// prelude of their sdk. Its top-level type and func declarations (at
// column 0) stay top-level.
func snippetFile(n int, s snippet) (string, error) {
	if s.attrs == nil {
		if !strings.HasPrefix(strings.TrimSpace(s.code), "package ") {
			return "", fmt.Errorf("neither a file (package clause first) nor marked as a fragment (<!-- snippet … --> on the line above)")
		}
		return s.code, nil
	}
	sdk := s.attrs["sdk"]
	if _, ok := preludes[sdk]; !ok {
		return "", fmt.Errorf("sdk=%q: want mcpgo or gosdk", sdk)
	}
	imports := map[string]string{} // path → name ("" for the package's own)
	var decls, body []string
	lines := strings.Split(s.code, "\n")
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		switch {
		case line == "import (":
			for i++; i < len(lines) && lines[i] != ")"; i++ {
				if m := regexp.MustCompile(`^\s*(\w+\s+)?"([^"]+)"`).FindStringSubmatch(lines[i]); m != nil {
					imports[m[2]] = strings.TrimSpace(m[1])
				}
			}
		case importLine.MatchString(line):
			m := importLine.FindStringSubmatch(line)
			imports[m[2]] = strings.TrimSpace(m[1])
		case strings.HasPrefix(line, "type ") || strings.HasPrefix(line, "func "):
			depth := 0
			for ; i < len(lines); i++ {
				decls = append(decls, lines[i])
				depth += strings.Count(lines[i], "{") - strings.Count(lines[i], "}")
				if depth <= 0 {
					break
				}
			}
		default:
			body = append(body, line)
		}
	}
	// A fragment that shows imports shows them all; the others get the
	// prelude of their sdk.
	var sinks []string
	if len(imports) == 0 {
		for _, p := range append(slices.Clone(preludes[""]), preludes[sdk]...) {
			imports[p[0]] = ""
			sinks = append(sinks, p[1])
		}
	}
	var f strings.Builder
	f.WriteString("package snippet\n\nimport (\n")
	for _, p := range slices.Sorted(mapsKeys(imports)) {
		fmt.Fprintf(&f, "\t%s %q\n", imports[p], p)
	}
	f.WriteString(")\n\n")
	for _, sink := range sinks {
		fmt.Fprintf(&f, "var _ = %s\n", sink)
	}
	fmt.Fprintf(&f, "\n%s\n\n%s\n\n", s.attrs["decl"], strings.Join(decls, "\n"))
	fmt.Fprintf(&f, "// From %s:%d.\nfunc snippet%d(%s) %s {\n%s\n", s.page, s.line, n, s.attrs["given"], s.attrs["returns"], strings.Join(body, "\n"))
	for _, k := range strings.Fields(strings.ReplaceAll(s.attrs["keep"], ",", " ")) {
		fmt.Fprintf(&f, "\t_ = %s\n", k)
	}
	if s.attrs["returns"] != "" {
		f.WriteString("\tpanic(\"end of the snippet\")\n")
	}
	f.WriteString("}\n")
	return f.String(), nil
}

func mapsKeys(m map[string]string) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// TestSnippetsCompile builds every ```go block of the README and the docs
// (fragments completed by snippetFile) in one go build of a temporary
// module that uses this repository: a snippet that does not compile,
// that declares a variable it never uses, or that names what it never
// declares fails, with the page and line.
func TestSnippetsCompile(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH")
	}
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	pages := []string{"README.md", "examples/README.md"}
	more, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	all := snippets(t, append(pages, more...))
	if len(all) < 10 {
		t.Fatalf("found %d go snippets, want the README's and the docs'", len(all))
	}

	dir := t.TempDir()
	gomod, err := os.ReadFile("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	mod := strings.Replace(string(gomod), "module github.com/mcperr/mcperr", "module snippets", 1) +
		"\nrequire github.com/mcperr/mcperr v0.0.0\n\nreplace github.com/mcperr/mcperr => " + root + "\n"
	write := func(name, text string) {
		t.Helper()
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", mod)
	sum, err := os.ReadFile("go.sum")
	if err != nil {
		t.Fatal(err)
	}
	write("go.sum", string(sum))
	where := map[string]snippet{}
	for i, s := range all {
		file, err := snippetFile(i, s)
		if err != nil {
			t.Errorf("%s:%d: %v", s.page, s.line, err)
			continue
		}
		name := fmt.Sprintf("s%02d", i)
		where[name] = s
		write(filepath.Join(name, "main.go"), file)
	}

	cmd := exec.Command("go", "build", "-o", os.DevNull, "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GOPROXY=off")
	out, err := cmd.CombinedOutput()
	if err == nil {
		return
	}
	// Name each failing snippet by its page and line.
	for _, line := range strings.Split(string(out), "\n") {
		if m := regexp.MustCompile(`^(?:\./)?(s\d+)/main\.go:(\d+)`).FindStringSubmatch(line); m != nil {
			s := where[m[1]]
			t.Errorf("%s:%d (the snippet's fence): %s", s.page, s.line, line)
		} else if strings.TrimSpace(line) != "" && !strings.HasPrefix(line, "#") {
			t.Log(line)
		}
	}
	t.Errorf("go build: %v", err)
	for name, s := range where {
		if strings.Contains(string(out), name+"/") {
			file, _ := snippetFile(0, s)
			t.Logf("%s (%s:%d) completed:\n%s", name, s.page, s.line, file)
		}
	}
}
