package clients

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// examples are the example servers, each a folder of examples/.
var examples = []string{"server", "selfheal", "validation", "gosdk"}

// root is the repository's root, from this package's folder.
const root = "../.."

// bin is the folder the examples are built into, once for both tests.
var bin struct {
	once sync.Once
	dir  string
	err  error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if bin.dir != "" {
		os.RemoveAll(bin.dir)
	}
	os.Exit(code)
}

// node returns the Node binary named by MCPERR_NODE, or skips t when it is
// not set. A Node older than 22 fails t: the Inspector 2.x and the
// conformance suite need 22.
func node(t *testing.T) string {
	t.Helper()
	path := os.Getenv("MCPERR_NODE")
	if path == "" {
		t.Skip("MCPERR_NODE is not set: interop/run-clients.sh sets it to a Node >= 22 and runs this test")
	}
	out, err := exec.Command(path, "--version").Output()
	if err != nil {
		t.Fatalf("MCPERR_NODE=%s: %v", path, err)
	}
	v := strings.TrimSpace(string(out))
	major, _ := strconv.Atoi(strings.SplitN(strings.TrimPrefix(v, "v"), ".", 2)[0])
	if major < 22 {
		t.Fatalf("MCPERR_NODE=%s is Node %s: the checks need 22 or newer", path, v)
	}
	return path
}

// script returns the path of a package's script under interop/, failing t
// when npm ci has not installed it.
func script(t *testing.T, pkg, rel string) string {
	t.Helper()
	path, err := filepath.Abs(filepath.Join("..", pkg, "node_modules", rel))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("%v: run npm ci in interop/%s (interop/run-clients.sh does)", err, pkg)
	}
	return path
}

// exampleBinary returns the path of the built example ex, building every
// example on the first call.
func exampleBinary(t *testing.T, ex string) string {
	t.Helper()
	bin.once.Do(func() {
		if bin.dir, bin.err = os.MkdirTemp("", "mcperr-clients-"); bin.err != nil {
			return
		}
		gocmd := filepath.Join(runtime.GOROOT(), "bin", "go")
		for _, e := range examples {
			out, err := exec.Command(gocmd, "build", "-o", filepath.Join(bin.dir, e), filepath.Join(root, "examples", e)).CombinedOutput()
			if err != nil {
				bin.err = fmt.Errorf("go build examples/%s: %v\n%s", e, err, out)
				return
			}
		}
	})
	if bin.err != nil {
		t.Fatal(bin.err)
	}
	return filepath.Join(bin.dir, ex)
}

// urlLine is the line an example writes on standard error when it serves
// streamable HTTP (examples/internal/serve).
var urlLine = regexp.MustCompile(`^serving MCP over streamable HTTP at (http://\S+/mcp)$`)

// serveExample starts the example ex with -http 127.0.0.1:0 and the
// dialect's flag, and returns its endpoint's URL and its standard error
// (the last 16 KiB). The server is stopped when t ends.
func serveExample(t *testing.T, ex, dialect string) (string, *boundedBuffer) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, exampleBinary(t, ex), "-http", "127.0.0.1:0", "-dialect", dialect)
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = 10 * time.Second
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(stderr)
	var first string
	if lines.Scan() {
		first = lines.Text()
	}
	log := &boundedBuffer{max: 16 << 10}
	drained := make(chan struct{})
	go func() {
		for lines.Scan() {
			log.WriteString(lines.Text() + "\n")
		}
		io.Copy(io.Discard, stderr) // past a line too long to scan
		close(drained)
	}()
	t.Cleanup(func() {
		cancel()
		<-drained
		cmd.Wait()
	})
	m := urlLine.FindStringSubmatch(first)
	if m == nil {
		t.Fatalf("examples/%s -http 127.0.0.1:0: first line on standard error %q, want its URL", ex, first)
	}
	return m[1], log
}

// boundedBuffer keeps the last max bytes written to it, and says how many
// it dropped before them.
type boundedBuffer struct {
	mu      sync.Mutex
	max     int
	data    []byte
	dropped int
}

func (b *boundedBuffer) WriteString(s string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.data = append(b.data, s...)
	if over := len(b.data) - b.max; over > 0 {
		b.dropped += over
		b.data = append(b.data[:0:0], b.data[over:]...)
	}
}

func (b *boundedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.dropped > 0 {
		return fmt.Sprintf("(%d bytes before) …%s", b.dropped, b.data)
	}
	return string(b.data)
}

// clip returns s cut to n bytes, for a failure message.
func clip(s string, n int) string {
	s = strings.TrimSpace(s)
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// A call is one call of an example's testdata/calls.json, as far as these
// checks read it.
type call struct {
	Name      string          `json:"name"`
	Tool      string          `json:"tool"`
	Arguments json.RawMessage `json:"arguments"`
	Want      struct {
		Success       bool `json:"success"`
		SchemaRejects bool `json:"schema_rejects"`
	} `json:"want"`
	Dialects []string `json:"dialects"` // the dialects it is made in; every one when empty
}

// loadCalls reads the calls of examples/ex/testdata/calls.json.
func loadCalls(t *testing.T, ex string) []call {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, "examples", ex, "testdata", "calls.json"))
	if err != nil {
		t.Fatal(err)
	}
	var calls []call
	if err := json.Unmarshal(b, &calls); err != nil {
		t.Fatalf("examples/%s/testdata/calls.json: %v", ex, err)
	}
	return calls
}

// nodeSlots bounds the Node processes the checks run at once: two per CPU
// (a run of the Inspector waits on the server about a third of its time).
var nodeSlots = make(chan struct{}, 2*runtime.NumCPU())

// runNode runs a Node script with args, one of at most nodeSlots at once,
// with HOME in a folder of t's (the Inspector keeps its catalog and
// secrets there), and returns its standard output and error and its exit
// code. A process that cannot be started, or that runs out of time, fails
// t.
func runNode(t *testing.T, nodePath, home string, args ...string) (stdout, stderr []byte, code int) {
	t.Helper()
	nodeSlots <- struct{}{}
	defer func() { <-nodeSlots }()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, nodePath, args...)
	cmd.Env = append(os.Environ(), "HOME="+home, "NO_COLOR=1")
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("node %s: no answer in 2 minutes\n%s", strings.Join(args, " "), clip(errOut.String(), 2000))
	}
	if exit := (*exec.ExitError)(nil); errors.As(err, &exit) {
		return out.Bytes(), errOut.Bytes(), exit.ExitCode()
	}
	if err != nil {
		t.Fatalf("node %s: %v", strings.Join(args, " "), err)
	}
	return out.Bytes(), errOut.Bytes(), 0
}

// TestBoundedBuffer checks that the buffer keeps the last bytes written
// and counts the ones it dropped.
func TestBoundedBuffer(t *testing.T) {
	b := &boundedBuffer{max: 8}
	b.WriteString("abc")
	assert.Equal(t, "abc", b.String())
	b.WriteString("defghij")
	assert.Equal(t, "(2 bytes before) …cdefghij", b.String())
	b.WriteString("0123456789")
	assert.Equal(t, "(12 bytes before) …23456789", b.String())
}
