package errorx_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/golden"
)

// catalogTable renders Catalog as docs/codes.md's table.
func catalogTable() string {
	var b strings.Builder
	b.WriteString("| code | class | HTTP | retryable | recoverable | from | meaning |\n|---|---|---|---|---|---|---|\n")
	yes := map[bool]string{true: "yes", false: "no"}
	for _, in := range codes.Catalog() {
		status := "–"
		if in.Status != 0 {
			status = fmt.Sprint(in.Status)
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s | %s | %s |\n", in.Code, in.Class, status, yes[in.Retryable], yes[in.Recoverable], in.Seeds, in.Description)
	}
	return b.String()
}

// TestREADMECatalog keeps docs/codes.md's table of well-known codes equal to
// Catalog; with -update it rewrites the table.
func TestREADMECatalog(t *testing.T) {
	const path = "../docs/codes.md"
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	const begin, end = "<!-- catalog:begin -->\n", "<!-- catalog:end -->"
	i, j := strings.Index(readme, begin), strings.Index(readme, end)
	if i < 0 || j < i {
		t.Fatal("docs/codes.md lacks the catalog markers")
	}
	want := readme[:i+len(begin)] + catalogTable() + readme[j:]
	golden.EqualString(t, path, want)
}
