package golden

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files with the output the tests get")

// Updating reports whether the tests run with -update.
func Updating() bool { return *update }

// Equal fails t unless got is byte for byte the content of the golden file
// at path. With -update it writes got to path (creating directories) instead.
func Equal(t testing.TB, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatalf("golden: %v", err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatalf("golden: %v", err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("golden: %v (run the test with -update to create it)", err)
	}
	if bytes.Equal(got, want) {
		return
	}
	if dir := artifactDir(t); dir != "" {
		out := filepath.Join(dir, filepath.Base(path))
		if os.WriteFile(out, got, 0o644) == nil {
			t.Logf("golden: wrote the output to %s", out)
		}
	}
	t.Errorf("golden: %s differs:\n%s", path, Diff(want, got))
}

// EqualString is Equal for a string.
func EqualString(t testing.TB, path, got string) {
	t.Helper()
	Equal(t, path, []byte(got))
}

func artifactDir(t testing.TB) (dir string) {
	defer func() {
		if recover() != nil {
			dir = ""
		}
	}()
	return t.ArtifactDir()
}

// Diff describes how got differs from want: the lines that differ (at
// most four of each, "-" for want and "+" for got) between up to three
// unchanged lines of context on each side, and where the bytes first
// differ. Lines both have in common before and after the change are shown
// as context, never as removed and added.
func Diff(want, got []byte) string {
	wl := strings.Split(string(want), "\n")
	gl := strings.Split(string(got), "\n")
	i := 0
	for i < len(wl) && i < len(gl) && wl[i] == gl[i] {
		i++
	}
	we, ge := len(wl), len(gl) // the changed lines are wl[i:we] and gl[i:ge]
	for we > i && ge > i && wl[we-1] == gl[ge-1] {
		we, ge = we-1, ge-1
	}
	var b strings.Builder
	for j := max(i-3, 0); j < i; j++ {
		fmt.Fprintf(&b, "  %4d  %s\n", j+1, wl[j])
	}
	for j := i; j < min(we, i+4); j++ {
		fmt.Fprintf(&b, "- %4d  %q\n", j+1, wl[j])
	}
	for j := i; j < min(ge, i+4); j++ {
		fmt.Fprintf(&b, "+ %4d  %q\n", j+1, gl[j])
	}
	for j := we; j < min(we+3, len(wl)); j++ {
		fmt.Fprintf(&b, "  %4d  %s\n", j+1, wl[j])
	}
	k := 0
	for k < len(want) && k < len(got) && want[k] == got[k] {
		k++
	}
	fmt.Fprintf(&b, "first difference at byte %d (want %d bytes, got %d)", k, len(want), len(got))
	return b.String()
}
