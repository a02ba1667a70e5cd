package golden

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDiff(t *testing.T) {
	d := Diff([]byte("a\nb\nc\nd"), []byte("a\nb\nX\nd"))
	for _, want := range []string{"     1  a", "     2  b", `-    3  "c"`, `+    3  "X"`, "first difference at byte 4 (want 7 bytes, got 7)"} {
		if !strings.Contains(d, want) {
			t.Errorf("Diff lacks %q:\n%s", want, d)
		}
	}
	// The unchanged line after the change is context, not "-"/"+".
	if want := "     4  d"; !strings.Contains(d, want) || strings.Contains(d, `"d"`) {
		t.Errorf("line 4 is not shown as context:\n%s", d)
	}
	// An inserted line: only it is "+", what follows is context.
	d = Diff([]byte("a\nb\nc"), []byte("a\nNEW\nb\nc"))
	if strings.Contains(d, `- `) || !strings.Contains(d, `+    2  "NEW"`) || !strings.Contains(d, "     2  b") {
		t.Errorf("insertion:\n%s", d)
	}
}

// TestEqualAndUpdate: Equal passes on equal bytes; with -update it writes
// the file (creating its directory) instead of comparing.
func TestEqualAndUpdate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "x.golden")
	*update = true
	Equal(t, path, []byte("hello\n"))
	*update = false
	b, err := os.ReadFile(path)
	if err != nil || string(b) != "hello\n" {
		t.Fatalf("-update wrote %q, %v", b, err)
	}
	Equal(t, path, []byte("hello\n"))
	EqualString(t, path, "hello\n")
	if Updating() {
		t.Error("Updating after the flag was reset")
	}
}
