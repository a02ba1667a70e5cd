package validation_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

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
func ExampleInputSchema() {
	raw, err := validation.InputSchema[SearchArgs]()
	if err != nil {
		panic(err)
	}
	var schema any
	_ = json.Unmarshal(raw, &schema)
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

// IgnoreKeys adds the keys binding lets through as properties.
func ExampleInputSchema_ignoreKeys() {
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
	if _, err := validation.InputSchema[int](); err == nil || !strings.Contains(err.Error(), "not a struct") {
		t.Errorf("InputSchema[int]: %v, want an error naming the mistake", err)
	}
}

// badTags has a tag validator panics on: the schema leaves it out.
type badTags struct {
	N int `json:"n" validate:"min=abc"`
}
