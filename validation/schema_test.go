package validation_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/mcperr/mcperr/validation"
)

// SearchArgs is a tool's whole contract: the inputSchema and the binding
// both come from these tags.
type SearchArgs struct {
	Query string   `json:"query" validate:"required,max=200" description:"What to look for."`
	Limit int      `json:"limit" validate:"omitempty,min=1,max=50"`
	Kinds []string `json:"kinds" validate:"max=3,dive,oneof=file dir"`
}

// The inputSchema of a tool, from the struct its handler binds.
func ExampleWithInputSchema() {
	tool := mcp.NewTool("search",
		mcp.WithDescription("Search the workspace."),
		validation.WithInputSchema[SearchArgs](),
	)
	var schema any
	_ = json.Unmarshal(tool.RawInputSchema, &schema)
	out, _ := json.MarshalIndent(schema, "", "  ")
	fmt.Println(string(out))
	// Output:
	// {
	//   "additionalProperties": false,
	//   "properties": {
	//     "kinds": {
	//       "items": {
	//         "enum": [
	//           "file",
	//           "dir"
	//         ],
	//         "type": "string"
	//       },
	//       "maxItems": 3,
	//       "type": "array"
	//     },
	//     "limit": {
	//       "anyOf": [
	//         {
	//           "const": 0
	//         },
	//         {
	//           "maximum": 50,
	//           "minimum": 1
	//         }
	//       ],
	//       "type": "integer"
	//     },
	//     "query": {
	//       "description": "What to look for.",
	//       "maxLength": 200,
	//       "minLength": 1,
	//       "type": "string"
	//     }
	//   },
	//   "required": [
	//     "query"
	//   ],
	//   "type": "object"
	// }
}

// InputSchema serves SDKs other than mcp-go.
func ExampleInputSchema() {
	raw, err := validation.InputSchema[SearchArgs](validation.IgnoreKeys("action"))
	if err != nil {
		panic(err)
	}
	var s struct {
		Required   []string                   `json:"required"`
		Properties map[string]json.RawMessage `json:"properties"`
	}
	_ = json.Unmarshal(raw, &s)
	fmt.Println(s.Required, string(s.Properties["action"]), len(s.Properties))
	// Output: [query] {} 4
}

func TestWithInputSchemaKeepsTheTool(t *testing.T) {
	tool := mcp.NewTool("search",
		mcp.WithDescription("Search the workspace."),
		validation.WithInputSchema[SearchArgs](),
		mcp.WithReadOnlyHintAnnotation(true),
	)
	b, err := json.Marshal(tool)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Description string         `json:"description"`
		InputSchema map[string]any `json:"inputSchema"`
		Annotations map[string]any `json:"annotations"`
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if got.Description != "Search the workspace." || got.Annotations["readOnlyHint"] != true {
		t.Errorf("the tool lost its fields: %s", b)
	}
	if got.InputSchema["type"] != "object" || got.InputSchema["additionalProperties"] != false {
		t.Errorf("inputSchema = %v", got.InputSchema)
	}
}

func TestInputSchemaNotAStruct(t *testing.T) {
	for name, f := range map[string]func() error{
		"int":     func() error { _, err := validation.InputSchema[int](); return err },
		"map":     func() error { _, err := validation.InputSchema[map[string]any](); return err },
		"**int":   func() error { _, err := validation.InputSchema[**int](); return err },
		"[]Args":  func() error { _, err := validation.InputSchema[[]SearchArgs](); return err },
		"**Args":  func() error { _, err := validation.InputSchema[**SearchArgs](); return err },
		"badtags": func() error { _, err := validation.InputSchema[badTags](); return err },
	} {
		err := f()
		want := name != "**Args" && name != "badtags"
		if (err != nil) != want || (err != nil && !errors.Is(err, validation.ErrSchema)) {
			t.Errorf("%s: err = %v", name, err)
		}
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "not a struct") {
			t.Errorf("WithInputSchema[int] recovered %v, want a panic naming the mistake", r)
		}
	}()
	mcp.NewTool("x", validation.WithInputSchema[int]())
}

// badTags has a tag validator panics on: the schema leaves it out.
type badTags struct {
	N int `json:"n" validate:"min=abc"`
}
