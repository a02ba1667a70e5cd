package clients

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
)

// notApplicablePath is the one list of the conformance scenarios that do
// not apply to an example, each with its reason; docs/testing.md shows it.
const notApplicablePath = "../conformance/not-applicable.json"

// A notApplicable entry names a scenario that needs something an example
// may not have: a tool the scenario calls, a capability the server
// declares, or both. Where the example has all of it, the scenario
// applies and must pass.
type notApplicable struct {
	Scenario   string `json:"scenario"`
	Tool       string `json:"tool,omitempty"`
	Capability string `json:"capability,omitempty"`
	Reason     string `json:"reason"`
}

// loadNotApplicableList reads notApplicablePath, in its order.
func loadNotApplicableList(t *testing.T) []notApplicable {
	t.Helper()
	b, err := os.ReadFile(notApplicablePath)
	if err != nil {
		t.Fatal(err)
	}
	var list []notApplicable
	if err := json.Unmarshal(b, &list); err != nil {
		t.Fatalf("%s: %v", notApplicablePath, err)
	}
	return list
}

// loadNotApplicable reads notApplicablePath by scenario.
func loadNotApplicable(t *testing.T) map[string]notApplicable {
	t.Helper()
	out := map[string]notApplicable{}
	for _, e := range loadNotApplicableList(t) {
		if e.Scenario == "" || e.Reason == "" || e.Tool == "" && e.Capability == "" {
			t.Fatalf("%s: %+v: each entry names its scenario, what it needs (tool, capability) and the reason", notApplicablePath, e)
		}
		if _, dup := out[e.Scenario]; dup {
			t.Fatalf("%s lists %s twice", notApplicablePath, e.Scenario)
		}
		out[e.Scenario] = e
	}
	return out
}

// notApplicableRow is e as a row of docs/testing.md's table: the
// scenario, what it needs, the reason.
func notApplicableRow(e notApplicable) string {
	var needs []string
	if e.Tool != "" {
		needs = append(needs, "tool `"+e.Tool+"`")
	}
	if e.Capability != "" {
		needs = append(needs, "capability `"+e.Capability+"`")
	}
	return fmt.Sprintf("| `%s` | %s | %s |", e.Scenario, strings.Join(needs, ", "), e.Reason)
}

// A check is one entry of a scenario's checks.json, as the suite writes
// it.
type check struct {
	ID           string `json:"id"`
	Status       string `json:"status"` // SUCCESS, FAILURE, WARNING, INFO
	ErrorMessage string `json:"errorMessage"`
}

// resultDir is the name of the folder the suite writes a scenario's
// checks.json into: server-SCENARIO-TIMESTAMP.
var resultDir = regexp.MustCompile(`^server-(.+)-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z$`)

// readResults reads the checks of every scenario the suite wrote into dir.
func readResults(t *testing.T, dir string) map[string][]check {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]check{}
	for _, e := range entries {
		m := resultDir.FindStringSubmatch(e.Name())
		if m == nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name(), "checks.json"))
		if err != nil {
			t.Fatal(err)
		}
		var checks []check
		if err := json.Unmarshal(b, &checks); err != nil {
			t.Fatalf("%s: %v", e.Name(), err)
		}
		out[m[1]] = append(out[m[1]], checks...)
	}
	return out
}

// scenarioCount reads the number of scenarios the suite says it runs.
var scenarioCount = regexp.MustCompile(`Running active suite \((\d+) scenarios\)`)

// protocolError matches the message of a check that failed because the
// server answered with a JSON-RPC error (the TypeScript SDK client's
// McpError), rather than on the content of a result.
var protocolError = regexp.MustCompile(`MCP error -32\d\d\d\b`)

// probe initialises a client of the example at url and returns the
// capabilities it declares and the names of its tools.
func probe(t *testing.T, url string) (capabilities map[string]bool, tools []string) {
	t.Helper()
	c, err := client.NewStreamableHttpClient(url)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	var init mcp.InitializeRequest
	init.Params.ProtocolVersion = mcp.LATEST_LEGACY_PROTOCOL_VERSION // as the suite speaks
	init.Params.ClientInfo = mcp.Implementation{Name: "mcperr-conformance-probe", Version: "0.0.0"}
	res, err := c.Initialize(ctx, init)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(res.Capabilities)
	if err != nil {
		t.Fatal(err)
	}
	var declared map[string]json.RawMessage
	if err := json.Unmarshal(b, &declared); err != nil {
		t.Fatal(err)
	}
	capabilities = map[string]bool{}
	for name, v := range declared {
		capabilities[name] = string(v) != "null"
	}
	list, err := c.ListTools(ctx, mcp.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range list.Tools {
		tools = append(tools, tool.Name)
	}
	return capabilities, tools
}

// TestConformance runs the official conformance suite's server scenarios
// (its active suite) against every example, served over streamable HTTP in
// its default dialect, and judges each scenario with
// judgeScenario. MCPERR_CLIENTS_OUT, when set, keeps the suite's result
// folders there, one folder per example.
func TestConformance(t *testing.T) {
	nodePath := node(t)
	suite := script(t, "conformance", "@modelcontextprotocol/conformance/dist/index.js")
	na := loadNotApplicable(t)
	out := os.Getenv("MCPERR_CLIENTS_OUT")
	if out == "" {
		out = t.TempDir()
	}
	ran := map[string]bool{}
	for _, ex := range examples {
		t.Run(ex, func(t *testing.T) {
			url, _ := serveExample(t, ex, "interbase")
			capabilities, tools := probe(t, url)
			dir := filepath.Join(out, "conformance-"+ex)
			if err := os.RemoveAll(dir); err != nil {
				t.Fatal(err)
			}
			stdout, stderr, code := runNode(t, nodePath, t.TempDir(), suite, "server", "--url", url, "-o", dir)
			// The suite exits 1 when a scenario fails: the verdict is
			// judgeScenario's, on the checks it wrote.
			if code != 0 && code != 1 {
				t.Fatalf("conformance server: exit %d\n%s\n%s", code, clip(string(stdout), 2000), clip(string(stderr), 2000))
			}
			results := readResults(t, dir)
			m := scenarioCount.FindSubmatch(stdout)
			if m == nil {
				t.Fatalf("conformance server: no scenario count in its output\n%s", clip(string(stdout), 2000))
			}
			if n, _ := strconv.Atoi(string(m[1])); n != len(results) {
				t.Errorf("the suite ran %d scenarios, wrote results for %d (%s)", n, len(results), dir)
			}
			var passed, notApplicable []string
			for _, scenario := range slices.Sorted(maps.Keys(results)) {
				ran[scenario] = true
				entry, listed := na[scenario]
				verdict, problems := judgeScenario(ex, entry, listed, capabilities, tools, results[scenario])
				for _, p := range problems {
					t.Errorf("%s: %s", scenario, p)
				}
				switch {
				case len(problems) > 0:
				case verdict == "not applicable":
					notApplicable = append(notApplicable, scenario)
				default:
					passed = append(passed, scenario)
				}
			}
			t.Logf("%d scenarios: %d pass (%s); %d not applicable (%s); results in %s",
				len(results), len(passed), strings.Join(passed, ", "), len(notApplicable), strings.Join(notApplicable, ", "), dir)
		})
	}
	for _, scenario := range slices.Sorted(maps.Keys(na)) {
		if !t.Failed() && !ran[scenario] {
			t.Errorf("%s lists %s, which the suite no longer runs: remove it (and its row in docs/testing.md)", notApplicablePath, scenario)
		}
	}
}

// judgeScenario judges the checks one scenario wrote against example ex,
// which declares capabilities and has tools. entry is the scenario's
// not-applicable entry, if listed.
//
// A scenario applies when it is not listed, or when the example has the
// tool and the capability its entry names: then it must pass (no check
// FAILURE). Otherwise it is not applicable, and:
//   - where the example lacks the scenario's tool, the scenario must fail,
//     and as a protocol error (the suite's call of a tool the server does
//     not have answered with JSON-RPC -32602, as the MCP specification
//     has it): a pass, or a failure on the content of a result, means the
//     example answered a call of a tool it does not have with a result;
//   - where it lacks only a capability, any outcome is accepted.
func judgeScenario(ex string, entry notApplicable, listed bool, capabilities map[string]bool, tools []string, checks []check) (verdict string, problems []string) {
	var failures []check
	for _, c := range checks {
		if c.Status == "FAILURE" {
			failures = append(failures, c)
		}
	}
	lacksTool := listed && entry.Tool != "" && !slices.Contains(tools, entry.Tool)
	lacksCapability := listed && entry.Capability != "" && !capabilities[entry.Capability]
	if !lacksTool && !lacksCapability {
		for _, f := range failures {
			p := fmt.Sprintf("%s failed: %s", f.ID, clip(f.ErrorMessage, 500))
			if listed {
				p += fmt.Sprintf(" (listed as not applicable, but examples/%s has what it needs)", ex)
			}
			problems = append(problems, p)
		}
		if len(checks) == 0 {
			problems = append(problems, "no checks")
		}
		return "pass", problems
	}
	if !lacksTool {
		return "not applicable", nil
	}
	if len(failures) == 0 {
		return "not applicable", []string{fmt.Sprintf(
			"passed, but examples/%s has no tool %s: it answered the call of a tool it does not have with a result, not the JSON-RPC -32602 error the MCP specification gives an unknown tool",
			ex, entry.Tool)}
	}
	for _, f := range failures {
		if !protocolError.MatchString(f.ErrorMessage) {
			problems = append(problems, fmt.Sprintf(
				"%s failed on a result (%s): examples/%s answered the call of %s, a tool it does not have, with a result, not the JSON-RPC -32602 error the MCP specification gives an unknown tool",
				f.ID, clip(f.ErrorMessage, 300), ex, entry.Tool))
		}
	}
	return "not applicable", problems
}
