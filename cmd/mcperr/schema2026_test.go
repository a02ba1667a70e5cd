package main

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/internal/sentence"
	"github.com/mcperr/mcperr/render"
)

// callToolResult2026 is the CallToolResult of the 2026-07-28 revision of
// the MCP schema, restated for this test (draft 2020-12): content and
// resultType required; text blocks with optional annotations (audience of
// user and assistant, priority 0 to 1) and _meta; isError a boolean;
// structuredContent any JSON value (SEP-2106); _meta an object. The other
// block types are left out: the command writes text blocks only.
const callToolResult2026 = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["content", "resultType"],
  "properties": {
    "_meta": {"type": "object"},
    "content": {"type": "array", "items": {"$ref": "#/$defs/TextContent"}},
    "isError": {"type": "boolean"},
    "resultType": {"type": "string"},
    "structuredContent": true
  },
  "$defs": {
    "TextContent": {
      "type": "object",
      "required": ["text", "type"],
      "properties": {
        "_meta": {"type": "object"},
        "annotations": {
          "type": "object",
          "properties": {
            "audience": {"type": "array", "items": {"enum": ["user", "assistant"]}},
            "lastModified": {"type": "string"},
            "priority": {"type": "number", "minimum": 0, "maximum": 1}
          }
        },
        "text": {"type": "string"},
        "type": {"const": "text"}
      }
    }
  }
}`

// TestRenderSchema2026: every line mcperr render writes, in every dialect
// and toolerror mode, is a 2026-07-28 CallToolResult once the resultType
// that revision requires is added, and lacks only that as it is. The
// command's output is a fixed contract, the same for servers of every
// revision (2025-11-25 has no resultType): the server's SDK adds
// "resultType":"complete" when it answers a 2026-07-28 client, as mcp-go
// and go-sdk do (their adapters' tests show it).
func TestRenderSchema2026(t *testing.T) {
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(callToolResult2026))
	if err != nil {
		t.Fatal(err)
	}
	comp := jsonschema.NewCompiler()
	comp.DefaultDraft(jsonschema.Draft2020)
	if err := comp.AddResource("mem://calltoolresult.json", doc); err != nil {
		t.Fatal(err)
	}
	schema, err := comp.Compile("mem://calltoolresult.json")
	if err != nil {
		t.Fatal(err)
	}
	models := []*errorx.Error{
		errorx.NotFound("Project p-1 does not exist.").WithRecovery("Call projects.list.").WithActions("projects.list").WithDetail("project", "p-1"),
		errorx.Validation("Invalid arguments.").WithFields(sentence.SentField("age", 200, "At most 150."), sentence.RequiredField("name")),
		errorx.New(errorx.CodeRateLimited, "Slow down.").WithRetryAfter(30 * time.Second),
		errorx.New(codes.Deprecated, "Use files.find.").WithSeverity(errorx.SeverityWarning),
	}
	in := modelLines(t, models)
	runs := [][]string{}
	for _, name := range render.Names() {
		runs = append(runs, []string{"render", "-dialect", name})
	}
	runs = append(runs, []string{"render", "-dialect", "toolerror", "-format", "json"}, []string{"render", "-dialect", "toolerror", "-format", "both"})
	for _, args := range runs {
		code, out, stderr := mcperr(in.String(), args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		for i, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			var res map[string]any
			if err := json.Unmarshal([]byte(line), &res); err != nil {
				t.Fatalf("%v, line %d: %v", args, i, err)
			}
			if _, ok := res["resultType"]; ok {
				t.Errorf("%v, line %d: the command's output changed: it writes a resultType", args, i)
			}
			if schema.Validate(res) == nil {
				t.Errorf("%v, line %d: valid without the resultType 2026-07-28 requires", args, i)
			}
			res["resultType"] = "complete"
			if err := schema.Validate(res); err != nil {
				t.Errorf("%v, line %d: not a 2026-07-28 CallToolResult: %v\n%s", args, i, err, line)
			}
		}
	}
}
