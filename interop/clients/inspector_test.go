package clients

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/mcperr/mcperr/render"
)

// The Inspector CLI's exit codes that a tool call may end with.
const (
	inspectorOK        = 0
	inspectorToolError = 5 // the result has isError: true
)

// A finding is one schema problem Inspector's --strict reports: rule is
// "type-union" (a type array such as ["integer","null"]), "untyped-schema"
// (a schema with no validation keyword, such as {}), "remote-ref" or
// "boolean-schema"; severity is "warning" or "error".
type finding struct {
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	Schema   string `json:"schema"` // inputSchema or outputSchema
	Path     string `json:"path"`
	Issue    string `json:"issue"`
}

// String is the finding on one line: the first sentence of its issue.
func (f finding) String() string {
	issue, _, _ := strings.Cut(f.Issue, ". ")
	return fmt.Sprintf("%s %s at %s.%s: %s", f.Severity, f.Rule, f.Schema, f.Path, issue)
}

// listEnvelope is what the Inspector CLI prints for tools/list with
// --format json --strict.
type listEnvelope struct {
	Result struct {
		Tools []struct {
			Name string `json:"name"`
		} `json:"tools"`
	} `json:"result"`
	SchemaFindings []struct {
		ToolName string    `json:"toolName"`
		Findings []finding `json:"findings"`
	} `json:"schemaFindings"`
}

// TestInspector runs MCP Inspector's CLI against every example in every
// dialect, over streamable HTTP: tools/list with --strict must report no
// schema finding at all (a warning fails too), and the calls of the
// example's calls.json (see inspectorCalls) must come back as calls.json
// says, a result (exit 0) or a tool error (exit 5), never a failure of the
// CLI.
func TestInspector(t *testing.T) {
	nodePath := node(t)
	cli := script(t, "inspector", ".bin/mcp-inspector")
	home := t.TempDir()
	for _, ex := range examples {
		calls := loadCalls(t, ex)
		for _, dialect := range render.Names() {
			t.Run(ex+"/"+dialect, func(t *testing.T) {
				t.Parallel()
				url, serverLog := serveExample(t, ex, dialect)
				inspector := func(args ...string) ([]byte, []byte, int) {
					t.Helper()
					base := []string{cli, "--cli", "--transport", "http", "--server-url", url, "--format", "json"}
					return runNode(t, nodePath, home, append(base, args...)...)
				}

				stdout, stderr, code := inspector("--method", "tools/list", "--strict")
				if code != inspectorOK {
					t.Fatalf("tools/list --strict: exit %d\n%s", code, clip(string(stderr), 4000))
				}
				var list listEnvelope
				if err := json.Unmarshal(stdout, &list); err != nil {
					t.Fatalf("tools/list: %v\n%s", err, clip(string(stdout), 2000))
				}
				n := 0
				for _, tf := range list.SchemaFindings {
					for _, f := range tf.Findings {
						t.Errorf("--strict: tool %s: %s", tf.ToolName, f)
						n++
					}
				}
				var listed []string
				for _, tool := range list.Result.Tools {
					listed = append(listed, tool.Name)
				}
				if len(listed) == 0 {
					t.Fatalf("tools/list: no tools\n%s", clip(string(stdout), 2000))
				}

				selected, uncalled := inspectorCalls(calls, listed, dialect)
				for _, tool := range uncalled {
					t.Errorf("examples/%s/testdata/calls.json has no call of %s with arguments its schema accepts", ex, tool)
				}
				callFailed := false
				for _, c := range selected {
					args := string(c.Arguments)
					if args == "" || args == "null" {
						args = "{}"
					}
					stdout, stderr, code := inspector("--method", "tools/call", "--tool-name", c.Tool, "--tool-args-json", args)
					want := inspectorToolError
					if c.Want.Success {
						want = inspectorOK
					}
					if code != want {
						t.Errorf("%s: tools/call %s %s: exit %d, want %d\n%s\n%s", c.Name, c.Tool, args, code, want,
							clip(string(stdout), 1000), clip(string(stderr), 2000))
						callFailed = true
						continue
					}
					var res struct {
						Result struct {
							IsError bool `json:"isError"`
						} `json:"result"`
					}
					if err := json.Unmarshal(stdout, &res); err != nil {
						t.Errorf("%s: tools/call %s: %v\n%s", c.Name, c.Tool, err, clip(string(stdout), 1000))
					} else if res.Result.IsError == c.Want.Success {
						t.Errorf("%s: tools/call %s: isError %v, calls.json says success %v", c.Name, c.Tool, res.Result.IsError, c.Want.Success)
					}
				}
				if callFailed {
					t.Logf("examples/%s -dialect %s, its standard error:\n%s", ex, dialect, serverLog)
				}
				t.Logf("tools/list --strict: %d tools, %d schema findings; %d tools/call", len(listed), n, len(selected))
			})
		}
	}
}

// inspectorCalls returns the calls the Inspector makes in dialect, of the
// tools in listed (a call whose Dialects leave dialect out is never made):
// every call in the examples' default dialect,
// otherwise one call per tool, its first call that succeeds or else its
// first whose arguments fit the schema (each Inspector run costs about a
// second). A call of a tool that is not listed is left out: the CLI
// refuses it without calling. uncalled lists the listed tools no call
// with schema-valid arguments reaches.
func inspectorCalls(calls []call, listed []string, dialect string) (selected []call, uncalled []string) {
	all := dialect == "interbase"
	calls = slices.DeleteFunc(slices.Clone(calls), func(c call) bool {
		return len(c.Dialects) > 0 && !slices.Contains(c.Dialects, dialect)
	})
	for _, tool := range listed {
		pick := -1
		for i, c := range calls {
			if c.Tool != tool || c.Want.SchemaRejects {
				continue
			}
			if pick < 0 || c.Want.Success && !calls[pick].Want.Success {
				pick = i
			}
		}
		switch {
		case pick < 0:
			uncalled = append(uncalled, tool)
		case !all:
			selected = append(selected, calls[pick])
		}
	}
	if all {
		for _, c := range calls {
			if slices.Contains(listed, c.Tool) {
				selected = append(selected, c)
			}
		}
	}
	return selected, uncalled
}
