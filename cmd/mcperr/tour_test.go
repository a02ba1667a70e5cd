package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTourSuggestionsWork: every command the tour suggests ("Try:") runs
// on a fresh clone: each pipeline of echo, mcperr and < redirections of
// files of the repository is run in process, and ends with status 0 and
// some output.
func TestTourSuggestionsWork(t *testing.T) {
	code, out, _ := mcperr("", "tour")
	if code != 0 {
		t.Fatal("tour failed")
	}
	_, try, ok := strings.Cut(out, "Try:\n")
	if !ok {
		t.Fatalf("the tour suggests no command:\n%s", out)
	}
	n := 0
	for _, line := range strings.Split(try, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		n++
		var stdin string
		for _, stage := range strings.Split(line, " | ") {
			stage = strings.TrimSpace(stage)
			if s, ok := strings.CutPrefix(stage, "echo '"); ok {
				stdin = strings.TrimSuffix(s, "'") + "\n"
				continue
			}
			args, ok := strings.CutPrefix(stage, "go run ./cmd/mcperr ")
			if !ok {
				t.Fatalf("%q: stage %q is neither echo nor mcperr", line, stage)
			}
			if before, file, redirected := strings.Cut(args, " < "); redirected {
				b, err := os.ReadFile(filepath.Join("..", "..", file))
				if err != nil {
					t.Fatalf("%q reads %s, which a fresh clone does not have: %v", line, file, err)
				}
				args, stdin = before, string(b)
			}
			code, out, stderr := mcperr(stdin, strings.Fields(args)...)
			if code != 0 || out == "" {
				t.Fatalf("%q: %q exits %d: %s", line, stage, code, stderr)
			}
			stdin = out
		}
	}
	if n == 0 {
		t.Error("the tour suggests no command")
	}
}
