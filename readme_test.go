package mcperr_test

import (
	"context"
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	mcpgomcp "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcperr/mcperr/gosdk"
	"github.com/mcperr/mcperr/mcpgo"
	"github.com/mcperr/mcperr/render"
)

// SendInvite is the README's struct, as its snippet declares it (checked
// below).
type SendInvite struct {
	Email string `json:"email" validate:"required,email" description:"Who to invite."`
	Role  string `json:"role" validate:"oneof=admin member"`
}

const sendInviteSource = "type SendInvite struct {\n" +
	"\tEmail string `json:\"email\" validate:\"required,email\" description:\"Who to invite.\"`\n" +
	"\tRole  string `json:\"role\" validate:\"oneof=admin member\"`\n}"

// TestREADMEValidationOutput runs the README's SendInvite tool, on both
// SDKs as its snippets register it, under an xml Renderer, with the
// arguments the README says an agent sends, and compares what the agent
// gets with the README's xml block.
func TestREADMEValidationOutput(t *testing.T) {
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	if !strings.Contains(readme, sendInviteSource) {
		t.Fatalf("the README's SendInvite is not the test's:\n%s", sendInviteSource)
	}
	m := regexp.MustCompile("(?s)An agent sending\\s+`([^`]+)`.*?```xml\\n(.*?)```").FindStringSubmatch(readme)
	if m == nil {
		t.Fatal("the README shows no call with its xml answer")
	}
	args, want := m[1], strings.TrimSuffix(m[2], "\n")

	r := render.NewRenderer(render.XML{})
	m1 := server.NewMCPServer("app", "1.0.0", server.WithToolHandlerMiddleware(mcpgo.Middleware(r)))
	m1.AddTool(mcpgomcp.NewTool("invites/send", mcpgo.WithInputSchema[SendInvite]()),
		mcpgo.Handler(func(ctx context.Context, req mcpgomcp.CallToolRequest, args SendInvite) (*mcpgomcp.CallToolResult, error) {
			return mcpgomcp.NewToolResultText("invited " + args.Email), nil
		}))
	c, err := client.NewInProcessClient(m1)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var init mcpgomcp.InitializeRequest
	init.Params.ProtocolVersion = mcpgomcp.LATEST_LEGACY_PROTOCOL_VERSION
	if _, err := c.Initialize(context.Background(), init); err != nil {
		t.Fatal(err)
	}
	var req mcpgomcp.CallToolRequest
	req.Params.Name, req.Params.Arguments = "invites/send", json.RawMessage(args)
	res, err := c.CallTool(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if got := mcpgomcp.GetTextFromContent(res.Content[0]); got != want {
		t.Errorf("mcp-go: the agent gets\n%s\nthe README shows\n%s", got, want)
	}

	s := mcp.NewServer(&mcp.Implementation{Name: "app", Version: "1.0.0"}, nil)
	s.AddReceivingMiddleware(gosdk.Middleware(r))
	gosdk.AddTool(s, &mcp.Tool{Name: "invites/send"},
		func(ctx context.Context, req *mcp.CallToolRequest, args SendInvite) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "invited " + args.Email}}}, nil, nil
		})
	ct, st := mcp.NewInMemoryTransports()
	ss, err := s.Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "agent", Version: "0"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	gres, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "invites/send", Arguments: json.RawMessage(args)})
	if err != nil {
		t.Fatal(err)
	}
	if got := gres.Content[0].(*mcp.TextContent).Text; got != want {
		t.Errorf("go-sdk: the agent gets\n%s\nthe README shows\n%s", got, want)
	}
}
