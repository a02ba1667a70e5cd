package clients

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestJudgeScenario checks the verdicts TestConformance gives, on checks
// shaped as the suite writes them.
func TestJudgeScenario(t *testing.T) {
	pass := []check{{ID: "x", Status: "SUCCESS"}, {ID: "info", Status: "INFO"}, {ID: "w", Status: "WARNING", ErrorMessage: "recommended"}}
	unknownTool := []check{{ID: "x", Status: "FAILURE", ErrorMessage: "Failed: MCP error -32602: tool 'test_simple_text' not found: tool not found"}}
	noMethod := []check{{ID: "x", Status: "FAILURE", ErrorMessage: "Failed: MCP error -32601: logging not supported"}}
	onResult := []check{{ID: "x", Status: "FAILURE", ErrorMessage: "No audio content found"}}
	toolEntry := notApplicable{Scenario: "s", Tool: "test_simple_text", Reason: "r"}
	bothEntry := notApplicable{Scenario: "s", Tool: "test_tool_with_logging", Capability: "logging", Reason: "r"}
	capEntry := notApplicable{Scenario: "s", Capability: "prompts", Reason: "r"}
	none := map[string]bool{}
	logging := map[string]bool{"logging": true}
	tools := []string{"files.list"}

	for _, tc := range []struct {
		name        string
		entry       notApplicable
		listed      bool
		caps        map[string]bool
		tools       []string
		checks      []check
		verdict     string
		problemWith string // a word each problem has; "" for none
	}{
		{"unlisted passes", notApplicable{}, false, none, tools, pass, "pass", ""},
		{"unlisted fails", notApplicable{}, false, none, tools, unknownTool, "pass", "-32602"},
		{"unlisted wrote no checks", notApplicable{}, false, none, tools, nil, "pass", "no checks"},
		{"lacks the tool, -32602", toolEntry, true, none, tools, unknownTool, "not applicable", ""},
		{"lacks the tool, fails on a result", toolEntry, true, none, tools, onResult, "not applicable", "with a result"},
		{"lacks the tool, passes", toolEntry, true, none, tools, pass, "not applicable", "passed, but"},
		{"has the tool, fails", toolEntry, true, none, []string{"test_simple_text"}, unknownTool, "pass", "has what it needs"},
		{"has the tool, passes", toolEntry, true, none, []string{"test_simple_text"}, pass, "pass", ""},
		{"lacks tool and capability, -32601", bothEntry, true, none, tools, noMethod, "not applicable", ""},
		{"has the capability, lacks the tool, fails on a result", bothEntry, true, logging, tools, onResult, "not applicable", "with a result"},
		{"lacks the capability, fails", capEntry, true, none, tools, onResult, "not applicable", ""},
		{"lacks the capability, passes", capEntry, true, none, tools, pass, "not applicable", ""},
		{"has the capability, fails", capEntry, true, map[string]bool{"prompts": true}, tools, noMethod, "pass", "has what it needs"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			verdict, problems := judgeScenario("ex", tc.entry, tc.listed, tc.caps, tc.tools, tc.checks)
			assert.Equal(t, tc.verdict, verdict)
			if tc.problemWith == "" {
				assert.Empty(t, problems)
				return
			}
			if assert.NotEmpty(t, problems) {
				for _, p := range problems {
					assert.Contains(t, p, tc.problemWith)
				}
			}
		})
	}
}

// TestNotApplicableDocumented checks that docs/testing.md shows every
// entry of interop/conformance/not-applicable.json, as notApplicableRow
// writes it, and no other row: the list and its reasons live in that file,
// the page shows them.
func TestNotApplicableDocumented(t *testing.T) {
	b, err := os.ReadFile(root + "/docs/testing.md")
	if err != nil {
		t.Fatal(err)
	}
	var rows []string
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "| `") && strings.Count(line, "|") == 4 {
			rows = append(rows, line)
		}
	}
	var want []string
	for _, e := range loadNotApplicableList(t) {
		want = append(want, notApplicableRow(e))
	}
	assert.Equal(t, want, rows, "docs/testing.md's table of the conformance scenarios that do not apply, in the order of %s", notApplicablePath)
}
