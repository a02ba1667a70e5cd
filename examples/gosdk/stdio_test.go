package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcperr/mcperr/gosdk"
)

// serveEnv makes the test binary run main() instead of the tests: the
// stdio test starts it as the server process.
const serveEnv = "MCPERR_GOSDK_EXAMPLE_SERVE"

func TestMain(m *testing.M) {
	if os.Getenv(serveEnv) != "" {
		os.Args = append([]string{os.Args[0]}, strings.Fields(os.Getenv(serveEnv))...)
		flag.CommandLine = flag.NewFlagSet(os.Args[0], flag.ExitOnError)
		main()
		return
	}
	os.Exit(m.Run())
}

// TestStdioPanicKeepsServing runs the server as its own process over
// stdio, as a host runs it: the panicking tool's call gets an INTERNAL_ERROR
// tool result, the process lives on and answers the next call, and the
// panic's stack goes to standard error, not standard output.
func TestStdioPanicKeepsServing(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0])
	cmd.Env = append(os.Environ(), serveEnv+"=-dialect xml")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "host", Version: "0"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()

	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "reports.build", Arguments: map[string]any{"month": "2026-10"}})
	if err != nil {
		t.Fatalf("reports.build: %v (stderr: %s)", err, stderr.String())
	}
	if e, dialect := gosdk.Decode(res); e == nil || dialect != "xml" || e.Code != "INTERNAL_ERROR" {
		t.Errorf("reports.build: %s %v", dialect, e)
	}
	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "files.list"})
	if err != nil || res.IsError {
		t.Fatalf("the call after the panic: %+v, %v (stderr: %s)", res, err, stderr.String())
	}
	if err := cs.Close(); err != nil {
		t.Logf("close: %v", err)
	}
	if !strings.Contains(stderr.String(), "tool handler panicked") || !strings.Contains(stderr.String(), "goroutine") {
		t.Errorf("standard error lacks the panic and its stack:\n%s", stderr.String())
	}
}
