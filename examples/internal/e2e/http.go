package e2e

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/mcperr/mcperr/examples/internal/serve"
	"github.com/mcperr/mcperr/render"
)

// ServeHTTP serves h, an SDK's streamable HTTP handler, at serve.Path on a
// free port of 127.0.0.1, as an example's -http flag does, until t ends;
// it returns the endpoint's URL.
func ServeHTTP(t testing.TB, h http.Handler) string {
	t.Helper()
	s, err := serve.Listen("127.0.0.1:0", h)
	if err != nil {
		t.Fatal(err)
	}
	go s.Serve()
	t.Cleanup(func() { s.Close() })
	return s.URL
}

// ConnectHTTP returns an initialised mcp-go client of the streamable HTTP
// endpoint at url, speaking the legacy protocol revision as Connect does.
func ConnectHTTP(t testing.TB, url string) *client.Client {
	t.Helper()
	c, err := client.NewStreamableHttpClient(url)
	if err != nil {
		t.Fatal(err)
	}
	initialize(t, c)
	return c
}

// initialize starts c, closed when t ends, and initialises it as a client
// speaking the legacy protocol revision (see Connect).
func initialize(t testing.TB, c *client.Client) {
	t.Helper()
	t.Cleanup(func() { c.Close() })
	if err := c.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	var init mcp.InitializeRequest
	init.Params.ProtocolVersion = mcp.LATEST_LEGACY_PROTOCOL_VERSION
	init.Params.ClientInfo = mcp.Implementation{Name: "mcperr-e2e", Version: "0.0.0"}
	if _, err := c.Initialize(context.Background(), init); err != nil {
		t.Fatal(err)
	}
}

// RunHTTP is RunInProcess over streamable HTTP: each dialect's server is
// served by mcp-go's streamable HTTP transport on a free port of
// 127.0.0.1 (as an example's -http flag serves it) and called through
// mcp-go's streamable HTTP client.
func RunHTTP(t *testing.T, newServer func(render.Dialect) *server.MCPServer, calls []Call) {
	RunSessions(t, func(t testing.TB, d render.Dialect) Session {
		quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
		h := server.NewStreamableHTTPServer(newServer(d), server.WithStreamableHTTPLogger(quiet))
		return MCPGoSession(ConnectHTTP(t, ServeHTTP(t, h)))
	}, calls)
}
