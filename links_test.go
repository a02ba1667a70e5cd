package mcperr_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// markdownLink matches the target of an inline markdown link: [text](target).
var markdownLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// docs lists the markdown files a reader of the repository follows links in.
func docs(t *testing.T) []string {
	t.Helper()
	files := []string{"README.md", "examples/README.md"}
	more, err := filepath.Glob("docs/*.md")
	require.NoError(t, err)
	require.NotEmpty(t, more, "docs/ holds the reference pages")
	return append(files, more...)
}

// TestDocLinksResolve checks that every relative link in the README and the
// docs names a file or folder of the repository, and that none leaves it.
func TestDocLinksResolve(t *testing.T) {
	root, err := filepath.Abs(".")
	require.NoError(t, err)
	for _, file := range docs(t) {
		text, err := os.ReadFile(file)
		require.NoError(t, err)
		for _, m := range markdownLink.FindAllStringSubmatch(withoutCode(string(text)), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") || strings.HasPrefix(target, "#") {
				continue
			}
			target, _, _ = strings.Cut(target, "#")
			path, err := filepath.Abs(filepath.Join(filepath.Dir(file), target))
			require.NoError(t, err)
			rel, err := filepath.Rel(root, path)
			require.NoError(t, err)
			if !assert.False(t, strings.HasPrefix(rel, ".."), "%s links outside the repository: %s", file, m[1]) {
				continue
			}
			_, err = os.Stat(path)
			assert.NoError(t, err, "%s links to %s", file, m[1])
		}
	}
}

// fence matches a fenced code block: its text is code, not links
// (mcpgo.WithInputSchema[Args](opts) is no link).
var fence = regexp.MustCompile("(?ms)^```.*?^```")

// withoutCode is a markdown page without its fenced code blocks.
func withoutCode(page string) string { return fence.ReplaceAllString(page, "") }

// parentPath matches a relative path that climbs out of its folder, in a
// link or in the text: ../errorx/doc.go.
var parentPath = regexp.MustCompile(`(?:\.\./)+[\w.-]+(?:/[\w.-]*)*`)

// TestDocsStandAlone checks that every path a page names relative to its
// folder's parents, linked or not, is in the repository: the project reads
// without the folders beside it.
func TestDocsStandAlone(t *testing.T) {
	root, err := filepath.Abs(".")
	require.NoError(t, err)
	for _, file := range docs(t) {
		text, err := os.ReadFile(file)
		require.NoError(t, err)
		for _, p := range parentPath.FindAllString(string(text), -1) {
			path, err := filepath.Abs(filepath.Join(filepath.Dir(file), p))
			require.NoError(t, err)
			rel, err := filepath.Rel(root, path)
			require.NoError(t, err)
			if assert.False(t, strings.HasPrefix(rel, ".."), "%s names %s, outside the repository", file, p) {
				_, err := os.Stat(path)
				assert.NoError(t, err, "%s names %s, which the repository does not hold", file, p)
			}
		}
	}
}
