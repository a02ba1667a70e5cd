package main

import (
	"bufio"
	"context"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcperr/mcperr/examples/internal/e2e"
	"github.com/mcperr/mcperr/gosdk"
	"github.com/mcperr/mcperr/render"
)

// connectHTTP serves s with go-sdk's streamable HTTP handler, as -http
// does, and connects go-sdk's streamable HTTP client to it.
func connectHTTP(t testing.TB, s *mcp.Server) session {
	t.Helper()
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Logger: discard()})
	url := e2e.ServeHTTP(t, h)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "mcperr-e2e", Version: "0.0.0"}, nil).
		Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: url}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return session{cs}
}

// TestHTTP calls every tool of testdata/calls.json in every dialect over
// streamable HTTP through go-sdk's client, and reads each error back with
// gosdk.Decode.
func TestHTTP(t *testing.T) {
	e2e.RunSessions(t, func(t testing.TB, d render.Dialect) e2e.Session {
		return connectHTTP(t, newServer(d, discard()))
	}, e2e.LoadCalls(t, "testdata/calls.json"))
}

// TestHTTPFlag runs the server as its own process with -http 127.0.0.1:0,
// as interop/run-clients.sh does: it names its URL on standard error, a
// client calls a tool there, and SIGTERM ends it with status 0.
func TestHTTPFlag(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0])
	cmd.Env = append(os.Environ(), serveEnv+"=-http 127.0.0.1:0 -dialect xml")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(stderr)
	if !lines.Scan() {
		t.Fatalf("no line on standard error: %v", lines.Err())
	}
	url := regexp.MustCompile(`^serving MCP over streamable HTTP at (http://127\.0\.0\.1:[0-9]+/mcp)$`).FindStringSubmatch(lines.Text())
	if url == nil {
		t.Fatalf("first line on standard error: %q, want the URL", lines.Text())
	}
	drained := make(chan struct{})
	go func() { // the panic's log, until the process ends
		for lines.Scan() {
		}
		close(drained)
	}()

	cs, err := mcp.NewClient(&mcp.Implementation{Name: "host", Version: "0"}, nil).
		Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url[1]}, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "reports.build", Arguments: map[string]any{"month": "2026-10"}})
	if err != nil {
		t.Fatalf("reports.build: %v", err)
	}
	if e, dialect := gosdk.Decode(res); e == nil || dialect != "xml" || e.Code != "INTERNAL_ERROR" {
		t.Errorf("reports.build: %s %v", dialect, e)
	}
	cs.Close()

	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	<-drained
	if err := cmd.Wait(); err != nil {
		t.Errorf("after SIGTERM: %v, want exit status 0", err)
	}
}
