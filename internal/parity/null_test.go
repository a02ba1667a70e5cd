package parity_test

import (
	"encoding/json"
	"log/slog"
	"strings"
	"testing"

	mcpgomcp "github.com/mark3labs/mcp-go/mcp"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/gosdk"
	"github.com/mcperr/mcperr/internal/format"
	"github.com/mcperr/mcperr/render"
)

// TestSchemaAndNullOnBothSDKs: what validation says of a typed tool holds
// through both adapters, in every dialect: the inputSchema both SDKs list
// has no type array and no format property (the server did not turn it
// on), and null sent for a value that is not a pointer is the same field on
// both, rule type, "You sent: null", never a zero value bound.
func TestSchemaAndNullOnBothSDKs(t *testing.T) {
	for _, name := range render.Names() {
		r := render.NewRenderer(fixedClock(name), render.WithLogger(slog.New(slog.DiscardHandler)))
		sdk, mgo := goSDKServer(t, r), mcpGoServer(t, r)

		list, err := mgo.ListTools(t.Context(), mcpgomcp.ListToolsRequest{})
		if err != nil {
			t.Fatal(err)
		}
		schemas := map[string]string{}
		for _, tool := range list.Tools {
			if tool.Name == "signup" {
				b, _ := json.Marshal(tool)
				var s struct {
					InputSchema json.RawMessage `json:"inputSchema"`
				}
				_ = json.Unmarshal(b, &s)
				schemas["mcp-go"] = string(s.InputSchema)
			}
		}
		for tool, err := range sdk.Tools(t.Context(), nil) {
			if err != nil {
				t.Fatal(err)
			}
			if tool.Name == "signup" {
				b, _ := json.Marshal(tool.InputSchema)
				schemas["go-sdk"] = string(b)
			}
		}
		if canonical(schemas["mcp-go"]) != canonical(schemas["go-sdk"]) {
			t.Errorf("%s: the SDKs list different inputSchemas for signup:\ngo-sdk %s\nmcp-go %s", name, schemas["go-sdk"], schemas["mcp-go"])
		}
		var top struct {
			Properties map[string]json.RawMessage `json:"properties"`
		}
		if err := json.Unmarshal([]byte(schemas["go-sdk"]), &top); err != nil || len(top.Properties) == 0 {
			t.Fatalf("%s: signup's inputSchema %s: %v", name, schemas["go-sdk"], err)
		}
		if _, ok := top.Properties[format.Argument]; ok || strings.Contains(schemas["go-sdk"], `"type":[`) {
			t.Errorf("%s: signup's inputSchema has a type array or a format property: %s", name, schemas["go-sdk"])
		}

		args := map[string]any{"login": "ann", "contact": "ann@example.com", "plan": "pro", "seats": nil,
			"billing": map[string]any{"country": "FR"}, "api_secret": "correct horse battery"}
		got, want := callBoth(t, sdk, mgo, "signup", args)
		if g, w := wire(t, got), wire(t, want); g != w {
			t.Errorf("%s:\ngo-sdk %s\nmcp-go %s", name, g, w)
		}
		e, _ := gosdk.Decode(got)
		if e == nil || e.Code != errorx.CodeInvalidInput || len(e.Fields) != 1 || e.Fields[0].Path != "seats" ||
			!e.Fields[0].WasSent || e.Fields[0].Sent != nil || e.Fields[0].Message != "Wrong type." {
			t.Errorf("%s: %+v, want one field: seats, wrong type, sent null", name, e)
		}
	}
}
