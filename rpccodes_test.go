package mcperr_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// reserved reports whether n, a JSON-RPC error code, is in the range the
// MCP specification keeps for itself: -32000 to -32019 legacy, -32020 to
// -32099 the specification's own. A server mints none of them.
func reserved(n int64) bool { return -32099 <= n && n <= -32000 }

// TestNoReservedRPCCodes: no code of the module (tests and testdata aside)
// writes a JSON-RPC error code in -32000…-32099, as a literal or as one of
// the SDKs' constants in that range (mcp-go's RESOURCE_NOT_FOUND, go-sdk's
// CodeURLElicitationRequired, …). The errors the SDKs answer with their own
// codes pass through unchanged; mcperr's own protocol error is -32602.
func TestNoReservedRPCCodes(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH")
	}
	// The SDKs' constants in the range, by package name and constant name.
	sdkConsts := map[string]bool{}
	for _, pkg := range []string{mcpGo + "/mcp", goSDK + "/mcp", goSDK + "/jsonrpc"} {
		out, err := exec.Command("go", "list", "-f", "{{.Dir}}", pkg).Output()
		if err != nil {
			t.Fatalf("go list %s: %v", pkg, err)
		}
		name := filepath.Base(pkg)
		for c := range reservedConsts(t, strings.TrimSpace(string(out))) {
			sdkConsts[name+"."+c] = true
		}
	}
	if !sdkConsts["mcp.RESOURCE_NOT_FOUND"] || !sdkConsts["mcp.CodeURLElicitationRequired"] {
		t.Fatalf("the SDKs' reserved constants were not found: %v", sdkConsts)
	}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".") && path != ".") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.UnaryExpr:
				if v, ok := intLit(x.X); ok && x.Op == token.SUB && reserved(-v) {
					t.Errorf("%s: the JSON-RPC code -%d is reserved", path, v)
				}
			case *ast.SelectorExpr:
				if id, ok := x.X.(*ast.Ident); ok && sdkConsts[id.Name+"."+x.Sel.Name] {
					t.Errorf("%s: %s.%s is a reserved JSON-RPC code", path, id.Name, x.Sel.Name)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// reservedConsts returns the names of the constants declared in the Go
// files of dir (tests aside) as a reserved code: = -320NN.
func reservedConsts(t *testing.T, dir string) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			g, ok := decl.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, spec := range g.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, v := range vs.Values {
					u, ok := v.(*ast.UnaryExpr)
					if !ok || u.Op != token.SUB || i >= len(vs.Names) {
						continue
					}
					if n, lit := intLit(u.X); lit && reserved(-n) {
						out[vs.Names[i].Name] = true
					}
				}
			}
		}
	}
	return out
}

// intLit returns the value of an integer literal.
func intLit(e ast.Expr) (int64, bool) {
	b, ok := e.(*ast.BasicLit)
	if !ok || b.Kind != token.INT {
		return 0, false
	}
	v, err := strconv.ParseInt(b.Value, 0, 64)
	return v, err == nil
}
