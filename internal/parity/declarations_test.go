package parity_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mark3labs/mcp-go/client"
	mcpgomcp "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcperr/mcperr/gosdk"
	"github.com/mcperr/mcperr/mcpgo"
	"github.com/mcperr/mcperr/render"
)

// One tool, "order", declared the four ways a server declares arguments:
// a go-sdk typed tool (mcp.AddTool, the schema go-sdk infers from a plain
// struct, with the constraints an author adds by hand), a raw go-sdk tool
// with that schema written out, an mcp-go tool declared with mcp-go's
// helpers, and an mcpgo.Handler tool whose struct says the same in
// validate tags (and, for good measure, gosdk.AddTool with that struct).
// The properties are in alphabetical order, the order mcp-go writes them
// in.

// orderTagged is the struct mcpgo.Handler binds.
type orderTagged struct {
	Code  string   `json:"code" validate:"omitempty,alphanum"`
	Count int      `json:"count" validate:"omitempty,min=1,max=50"`
	Email string   `json:"email" validate:"omitempty,email"`
	Mode  string   `json:"mode" validate:"required,oneof=web news images"`
	Name  string   `json:"name" validate:"required,min=2,max=20"`
	Score float64  `json:"score" validate:"omitempty,gt=0,lt=1"`
	Tags  []string `json:"tags" validate:"omitempty,max=3,unique"`
}

// orderPlain is the struct of the go-sdk typed tool: no validate tags.
type orderPlain struct {
	Code  string   `json:"code,omitempty"`
	Count int      `json:"count,omitempty"`
	Email string   `json:"email,omitempty"`
	Mode  string   `json:"mode"`
	Name  string   `json:"name"`
	Score float64  `json:"score,omitempty"`
	Tags  []string `json:"tags,omitempty"`
}

// orderSchema is orderPlain's schema as go-sdk infers it, with the
// constraints added by hand.
func orderSchema(t *testing.T) *jsonschema.Schema {
	s, err := jsonschema.For[orderPlain](nil)
	if err != nil {
		t.Fatal(err)
	}
	one, two, three, twenty := 1.0, 2, 3, 20
	fifty, zero := 50.0, 0.0
	p := s.Properties
	p["code"].Pattern = "^[a-zA-Z0-9]+$"
	p["count"].Minimum, p["count"].Maximum = &one, &fifty
	p["email"].Format = "email"
	p["mode"].Enum = []any{"web", "news", "images"}
	p["name"].MinLength, p["name"].MaxLength = &two, &twenty
	p["score"].ExclusiveMinimum, p["score"].ExclusiveMaximum = &zero, &one
	p["tags"].MaxItems, p["tags"].UniqueItems = &three, true
	p["tags"].Types, p["tags"].Type = nil, "array"
	return s
}

// orderHelpers is the tool declared with mcp-go's helpers (those mcp-go
// lacks, format and the exclusive bounds, as property options of one's
// own).
func orderHelpers() mcpgomcp.Tool {
	set := func(k string, v any) mcpgomcp.PropertyOption { return func(m map[string]any) { m[k] = v } }
	return mcpgomcp.NewTool("order",
		mcpgomcp.WithString("code", mcpgomcp.Pattern("^[a-zA-Z0-9]+$")),
		mcpgomcp.WithInteger("count", mcpgomcp.Min(1), mcpgomcp.Max(50)),
		mcpgomcp.WithString("email", set("format", "email")),
		mcpgomcp.WithString("mode", mcpgomcp.Required(), mcpgomcp.Enum("web", "news", "images")),
		mcpgomcp.WithString("name", mcpgomcp.Required(), mcpgomcp.MinLength(2), mcpgomcp.MaxLength(20)),
		mcpgomcp.WithNumber("score", set("exclusiveMinimum", 0), set("exclusiveMaximum", 1)),
		mcpgomcp.WithArray("tags", mcpgomcp.WithStringItems(), mcpgomcp.MaxItems(3), mcpgomcp.UniqueItems(true)),
		mcpgomcp.WithSchemaAdditionalProperties(false),
	)
}

// badOrders are bad calls, one or more keywords each.
var badOrders = []map[string]any{
	{},                                // required
	{"mode": "web"},                   // required, one
	{"name": "ab", "mode": "newz"},    // enum, with a did-you-mean
	{"name": "ab", "mode": 5},         // type
	{"name": 5, "mode": []any{"web"}}, // type, two
	{"name": "ab", "mode": "web", "count": "ten"},
	{"name": "ab", "mode": "web", "count": 99},                       // maximum
	{"name": "ab", "mode": "web", "count": -5},                       // minimum
	{"name": "ab", "mode": "web", "count": 2.5},                      // integer
	{"name": "ab", "mode": "web", "score": 1.5},                      // exclusiveMaximum
	{"name": "ab", "mode": "web", "score": -0.5},                     // exclusiveMinimum
	{"name": "a", "mode": "web"},                                     // minLength
	{"name": strings.Repeat("n", 21), "mode": "web"},                 // maxLength
	{"name": "ab", "mode": "web", "code": "a-b"},                     // pattern
	{"name": "ab", "mode": "web", "email": "nope"},                   // format
	{"name": "ab", "mode": "web", "tags": []any{"a", "b", "c", "d"}}, // maxItems
	{"name": "ab", "mode": "web", "tags": []any{"a", "a"}},           // uniqueItems
	{"name": "ab", "mode": "web", "tags": []any{"a", 1}},             // items' type
	{"name": "ab", "mode": "web", "nmae": "x"},                       // additionalProperties, with a did-you-mean
	{"name": "ab", "mode": "web", "password": "hunter2"},             // an unknown secret: redacted
	{"name": "a", "mode": "newz", "count": 99, "score": 2, "code": "-", "email": "x", "tags": []any{"a", "a"}, "zz": 1}, // all at once
}

// TestSameFieldsFromEveryDeclaration: a bad call of the tool gives the
// same result in every dialect, whichever way it was declared: the
// content and structuredContent a client receives are the same bytes
// (paths, rules, sent values, options, hints, the summary), the go-sdk
// tools' under gosdk.Middleware's schema check, the mcp-go helpers' under
// mcpgo.Middleware's, the tagged struct's from mcpgo.Handler's binding.
func TestSameFieldsFromEveryDeclaration(t *testing.T) {
	for _, name := range render.Names() {
		d, _ := render.ByName(name)
		if name == "envelope" {
			d = render.Envelope{Now: func() time.Time { return time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC) }}
		}
		r := render.NewRenderer(d, render.WithLogger(slog.New(slog.DiscardHandler)))
		ran := 0
		typed := goSDKOrder(t, r, func(s *mcp.Server) {
			mcp.AddTool(s, &mcp.Tool{Name: "order", InputSchema: orderSchema(t)}, func(context.Context, *mcp.CallToolRequest, orderPlain) (*mcp.CallToolResult, any, error) {
				ran++
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil, nil
			})
		})
		raw, err := json.Marshal(orderSchema(t))
		if err != nil {
			t.Fatal(err)
		}
		rawTool := goSDKOrder(t, r, func(s *mcp.Server) {
			s.AddTool(&mcp.Tool{Name: "order", InputSchema: json.RawMessage(raw)}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				ran++
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil
			})
		})
		helpers := mcpGoOrder(t, r, func(s *server.MCPServer) {
			s.AddTool(orderHelpers(), func(context.Context, mcpgomcp.CallToolRequest) (*mcpgomcp.CallToolResult, error) {
				ran++
				return mcpgomcp.NewToolResultText("ok"), nil
			})
		})
		tagged := mcpGoOrder(t, r, func(s *server.MCPServer) {
			s.AddTool(mcpgomcp.NewTool("order"), mcpgo.Handler(func(context.Context, mcpgomcp.CallToolRequest, orderTagged) (*mcpgomcp.CallToolResult, error) {
				ran++
				return mcpgomcp.NewToolResultText("ok"), nil
			}))
		})
		taggedSDK := goSDKOrder(t, r, func(s *mcp.Server) {
			gosdk.AddTool(s, &mcp.Tool{Name: "order"}, func(context.Context, *mcp.CallToolRequest, orderTagged) (*mcp.CallToolResult, any, error) {
				ran++
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil, nil
			})
		})
		for _, args := range badOrders {
			results := map[string]string{
				"go-sdk typed": wire(t, callGoSDK(t, typed, args)),
				"go-sdk raw":   wire(t, callGoSDK(t, rawTool, args)),
				"mcp-go":       wire(t, callMCPGo(t, helpers, args)),
				"tags":         wire(t, callMCPGo(t, tagged, args)),
				"go-sdk tags":  wire(t, callGoSDK(t, taggedSDK, args)),
			}
			want := results["tags"]
			if !strings.Contains(want, `isError":true`) {
				t.Fatalf("%s %v: binding accepts it: %s", name, args, want)
			}
			for decl, got := range results {
				if got != want {
					t.Errorf("%s %v:\n%-12s %s\n%-12s %s", name, args, decl, got, "tags", want)
				}
			}
			if strings.Contains(want, "hunter2") {
				t.Errorf("%s: the secret is echoed: %s", name, want)
			}
		}
		if ran != 0 {
			t.Errorf("%s: handlers ran %d times on bad arguments", name, ran)
		}
	}
}

// goSDKOrder serves the tool add adds on go-sdk under r's middleware.
func goSDKOrder(t *testing.T, r *render.Renderer, add func(*mcp.Server)) *mcp.ClientSession {
	s := mcp.NewServer(&mcp.Implementation{Name: "parity", Version: "0"}, nil)
	s.AddReceivingMiddleware(gosdk.Middleware(r))
	add(s)
	ct, st := mcp.NewInMemoryTransports()
	ss, err := s.Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "parity", Version: "0"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Close() })
	return cs
}

// mcpGoOrder serves the tool add adds on mcp-go under r's middleware.
func mcpGoOrder(t *testing.T, r *render.Renderer, add func(*server.MCPServer)) *client.Client {
	s := server.NewMCPServer("parity", "0", server.WithToolHandlerMiddleware(mcpgo.Middleware(r)))
	add(s)
	c, err := client.NewInProcessClient(s)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	if err := c.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	var init mcpgomcp.InitializeRequest
	init.Params.ProtocolVersion = mcpgomcp.LATEST_LEGACY_PROTOCOL_VERSION
	init.Params.ClientInfo = mcpgomcp.Implementation{Name: "parity", Version: "0"}
	if _, err := c.Initialize(context.Background(), init); err != nil {
		t.Fatal(err)
	}
	return c
}

func callGoSDK(t *testing.T, cs *mcp.ClientSession, args map[string]any) *mcp.CallToolResult {
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "order", Arguments: args})
	if err != nil {
		t.Fatalf("go-sdk %v: %v", args, err)
	}
	return res
}

func callMCPGo(t *testing.T, c *client.Client, args map[string]any) *mcpgomcp.CallToolResult {
	var req mcpgomcp.CallToolRequest
	req.Params.Name, req.Params.Arguments = "order", args
	res, err := c.CallTool(context.Background(), req)
	if err != nil {
		t.Fatalf("mcp-go %v: %v", args, err)
	}
	return res
}
