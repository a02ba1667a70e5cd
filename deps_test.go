package mcperr_test

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// The MCP SDKs, by module path.
const (
	mcpGo = "github.com/mark3labs/mcp-go"
	goSDK = "github.com/modelcontextprotocol/go-sdk"
)

// TestDependencies: the core (the model, the dialects, binding, the
// command) links no MCP SDK, and each SDK's adapter links no other SDK,
// as go list -deps sees the packages built (tests aside). A failure names
// the chain of imports that brings the SDK in.
func TestDependencies(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH")
	}
	for _, c := range []struct {
		pattern   string
		forbidden []string
	}{
		{"./errorx", []string{mcpGo, goSDK}},
		{"./render/...", []string{mcpGo, goSDK}},
		{"./validation", []string{mcpGo, goSDK}},
		{"./internal/...", []string{mcpGo, goSDK}},
		{"./cmd/mcperr", []string{mcpGo, goSDK}},
		{"./mcpgo", []string{goSDK}},
		{"./gosdk", []string{mcpGo}},
	} {
		roots, imports := packageGraph(t, c.pattern)
		for _, root := range roots {
			for _, module := range c.forbidden {
				if chain := importChain(imports, root, module); chain != nil {
					t.Errorf("%s depends on %s: %s", root, module, strings.Join(chain, " → "))
				}
			}
		}
	}
}

// packageGraph returns the packages pattern names and, for each package
// they depend on, what it imports.
func packageGraph(t *testing.T, pattern string) (roots []string, imports map[string][]string) {
	t.Helper()
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}}", pattern).Output()
	if err != nil {
		t.Fatalf("go list %s: %v", pattern, err)
	}
	roots = strings.Fields(string(out))
	out, err = exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", pattern).Output()
	if err != nil {
		t.Fatalf("go list -deps %s: %v", pattern, err)
	}
	imports = map[string][]string{}
	for line := range strings.Lines(string(out)) {
		f := strings.Fields(line)
		if len(f) > 0 {
			imports[f[0]] = f[1:]
		}
	}
	return roots, imports
}

// importChain returns a shortest chain of imports from root to a package
// of module, or nil when root does not depend on it.
func importChain(imports map[string][]string, root, module string) []string {
	from := map[string]string{root: ""}
	queue := []string{root}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if p == module || strings.HasPrefix(p, module+"/") {
			var chain []string
			for ; p != ""; p = from[p] {
				chain = append(chain, p)
			}
			slices.Reverse(chain)
			return chain
		}
		for _, q := range imports[p] {
			if _, seen := from[q]; !seen {
				from[q] = p
				queue = append(queue, q)
			}
		}
	}
	return nil
}
