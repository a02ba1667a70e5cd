package serve

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// echo answers every request with its method and path.
var echo = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
	io.WriteString(w, r.Method+" "+r.URL.Path)
})

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	res, err := http.Get(url)
	require.NoError(t, err)
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return res.StatusCode, string(b)
}

// TestListenServesPath checks that the handler gets the requests for Path,
// at the URL Listen returns, and only those.
func TestListenServesPath(t *testing.T) {
	s, err := Listen("127.0.0.1:0", echo)
	require.NoError(t, err)
	go s.Serve()
	defer s.Close()

	require.Regexp(t, `^http://127\.0\.0\.1:[1-9][0-9]*/mcp$`, s.URL)
	code, body := get(t, s.URL)
	assert.Equal(t, http.StatusOK, code)
	assert.Equal(t, "GET /mcp", body)
	code, _ = get(t, strings.TrimSuffix(s.URL, Path)+"/other")
	assert.Equal(t, http.StatusNotFound, code)
}

// TestURLOfUnspecifiedHost checks that an address without a host (":0",
// as -http :8931 gives) is told as 127.0.0.1, which reaches it.
func TestURLOfUnspecifiedHost(t *testing.T) {
	for _, addr := range []string{":0", "0.0.0.0:0", "[::]:0"} {
		t.Run(addr, func(t *testing.T) {
			s, err := Listen(addr, echo)
			if err != nil && strings.Contains(addr, "::") {
				t.Skipf("no IPv6 here: %v", err)
			}
			require.NoError(t, err)
			go s.Serve()
			defer s.Close()
			require.Regexp(t, `^http://127\.0\.0\.1:[1-9][0-9]*/mcp$`, s.URL)
			code, _ := get(t, s.URL)
			assert.Equal(t, http.StatusOK, code)
		})
	}
}

// TestListenBadAddress checks that an address that cannot be listened on
// is an error naming it.
func TestListenBadAddress(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	_, err = Listen(ln.Addr().String(), echo)
	require.Error(t, err)
	assert.Contains(t, err.Error(), ln.Addr().String())
	_, err = Listen("no-port", echo)
	assert.Error(t, err)
}

// TestHTTPTellsURLAndStops checks the line a script reads (the URL, on
// the first line of w) and that HTTP returns nil once ctx is done.
func TestHTTPTellsURLAndStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	r, w := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- HTTP(ctx, "127.0.0.1:0", echo, w) }()

	line, err := bufio.NewReader(r).ReadString('\n')
	require.NoError(t, err)
	const prefix = "serving MCP over streamable HTTP at "
	require.True(t, strings.HasPrefix(line, prefix), "line %q", line)
	url := strings.TrimSpace(strings.TrimPrefix(line, prefix))
	code, body := get(t, url)
	assert.Equal(t, http.StatusOK, code)
	assert.Equal(t, "GET /mcp", body)

	cancel()
	select {
	case err := <-done:
		assert.NoError(t, err)
	case <-time.After(10 * time.Second):
		t.Fatal("HTTP did not return after its context was done")
	}
	_, err = http.Get(url)
	assert.Error(t, err, "the port still answers after HTTP returned")
}
