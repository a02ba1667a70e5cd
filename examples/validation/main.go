package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/mcperr/mcperr/examples/internal/serve"
	"github.com/mcperr/mcperr/mcpgo"
	"github.com/mcperr/mcperr/render"
	"github.com/mcperr/mcperr/validation"
)

func main() {
	name := flag.String("dialect", "interbase", "error dialect: "+strings.Join(render.Names(), ", "))
	addr := flag.String("http", "", "serve streamable HTTP at this address (host:port; port 0 picks one) instead of stdio; the endpoint's URL goes to standard error")
	flag.Parse()
	d, err := render.ByName(*name)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	logger := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	s := newServer(d, logger)
	// -http: mcp-go's streamable HTTP transport, at /mcp until SIGINT or SIGTERM.
	if *addr != "" {
		err = serve.Run(*addr, server.NewStreamableHTTPServer(s, server.WithStreamableHTTPLogger(logger)))
	} else {
		err = server.ServeStdio(s)
	}
	if err != nil {
		logger.Error("serve", slog.Any("error", err))
		os.Exit(1)
	}
}

// createUser is users.create's arguments, its whole contract: Bind checks
// these tags and mcpgo.WithInputSchema advertises them as the tool's
// inputSchema (types, required properties, bounds, enum, the nested
// address with its own required list, no unknown keys).
type createUser struct {
	Name     string   `json:"name" validate:"required,min=2,max=50" description:"The user's full name."`
	Email    string   `json:"email" validate:"required,email"`
	Role     string   `json:"role" validate:"required,oneof=admin editor viewer"`
	Age      int      `json:"age" validate:"gte=18,lte=130"`
	Tags     []string `json:"tags" validate:"max=5,dive,alphanum"`
	Address  *address `json:"address" validate:"required"`
	Password string   `json:"password" validate:"required,min=12"`                         // redacted by name
	Recovery string   `json:"recovery_phrase" mcperr:"secret" validate:"omitempty,min=24"` // redacted by tag
}

type address struct {
	City string `json:"city" validate:"required"`
	Zip  string `json:"zip" validate:"required,numeric,len=5"`
}

// invoice is billing's create arguments; refund is its refund arguments.
type invoice struct {
	Customer string  `json:"customer" validate:"required,startswith=cus_"`
	Amount   float64 `json:"amount" validate:"gt=0"`
	Currency string  `json:"currency" validate:"required,oneof=usd eur gbp"`
}

type refund struct {
	Invoice string `json:"invoice" validate:"required,startswith=inv_"`
}

// newServer returns the example server, its tool errors rendered in d.
func newServer(d render.Dialect, logger *slog.Logger) *server.MCPServer {
	r := render.NewRenderer(d, render.WithLogger(logger))
	s := server.NewMCPServer("mcperr-validation", "0.1.0",
		server.WithToolHandlerMiddleware(mcpgo.Middleware(r)),
	)
	s.AddTool(mcp.NewTool("users.create", mcp.WithDescription("Create a user."), mcpgo.WithInputSchema[createUser]()),
		mcpgo.Handler(func(ctx context.Context, req mcp.CallToolRequest, u createUser) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultText("Created " + u.Email + " as " + u.Role + "."), nil
		}))
	s.AddTool(mcp.NewTool("billing",
		mcp.WithDescription("Billing: action list, create or refund."),
		mcp.WithString("action", mcp.Required(), mcp.Enum("list", "create", "refund")),
	), billing)
	// search is declared with mcp-go's own helpers, no struct: the
	// middleware checks each call against the schema they write and
	// answers a bad one with the fields binding would give.
	s.AddTool(mcp.NewTool("search",
		mcp.WithDescription("Search the web, the news or images."),
		mcp.WithString("query", mcp.Required(), mcp.MinLength(1), mcp.Description("What to look for.")),
		mcp.WithString("mode", mcp.Required(), mcp.Enum("web", "news", "images")),
		mcp.WithNumber("limit", mcp.Min(1), mcp.Max(50), mcp.Description("How many results, 10 if left out.")),
		mcp.WithSchemaAdditionalProperties(false),
	), search)
	return s
}

// search runs only with arguments that fit its schema.
func search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	limit := req.GetInt("limit", 10)
	return mcp.NewToolResultText(fmt.Sprintf("%d %s results for %q.", limit, req.GetString("mode", ""), req.GetString("query", ""))), nil
}

// billing routes on its "action" argument, then binds that action's
// arguments; the "action" key itself is not one of them. Its schema
// declares the action (required, one of three): the middleware's schema
// check answers a call without one, or with a typo, before the handler
// runs; mcpgo.RequestAction is what checks it where the schema does not
// (and with mcpgo.WithSchemaCheck(false)).
func billing(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	action, e := mcpgo.RequestAction(req, "action", "list", "create", "refund")
	if e != nil {
		return nil, e
	}
	opts := []validation.Option{validation.IgnoreKeys("action"), validation.WithTool("billing/" + action)}
	switch action {
	case "create":
		inv, err := mcpgo.Bind[invoice](req, opts...)
		if err != nil {
			return nil, err
		}
		return mcp.NewToolResultText(fmt.Sprintf("Invoiced %s %.2f %s.", inv.Customer, inv.Amount, inv.Currency)), nil
	case "refund":
		rf, err := mcpgo.Bind[refund](req, opts...)
		if err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Refunded " + rf.Invoice + "."), nil
	}
	return mcp.NewToolResultText("inv_1, inv_2"), nil
}
