package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"
)

// Path is the path of the MCP endpoint, as both SDKs and the MCP
// specification's examples name it.
const Path = "/mcp"

// A Server serves one MCP handler at Path on a listening socket.
type Server struct {
	// URL is the endpoint's URL, as a client on this machine reaches it:
	// http://127.0.0.1:PORT/mcp for an address without a host (":8931").
	URL string

	ln  net.Listener
	srv *http.Server
}

// Listen listens on addr (host:port; port 0 picks a free one) and returns
// a Server that serves h at Path once Serve is called. Requests for any
// other path get 404.
func Listen(addr string, h http.Handler) (*Server, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("serve: listen on %q: %w", addr, err)
	}
	mux := http.NewServeMux()
	mux.Handle(Path, h)
	return &Server{
		URL: endpointURL(ln.Addr()),
		ln:  ln,
		// No WriteTimeout: a streamable HTTP response may be a long-lived
		// event stream.
		srv: &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second},
	}, nil
}

// endpointURL returns the URL of Path at a, with 127.0.0.1 for an
// unspecified host (Go's "tcp" listener on ":PORT" or "[::]:PORT" accepts
// IPv4 too).
func endpointURL(a net.Addr) string {
	host, port := "127.0.0.1", "0"
	if tcp, ok := a.(*net.TCPAddr); ok {
		port = strconv.Itoa(tcp.Port)
		if len(tcp.IP) > 0 && !tcp.IP.IsUnspecified() {
			host = tcp.IP.String()
		}
	}
	return "http://" + net.JoinHostPort(host, port) + Path
}

// Serve serves until Close; it returns nil after Close.
func (s *Server) Serve() error {
	if err := s.srv.Serve(s.ln); !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	return nil
}

// Close closes the listener and every connection at once.
func (s *Server) Close() error { return s.srv.Close() }

// HTTP listens on addr, writes one line naming the endpoint's URL to w
// ("serving MCP over streamable HTTP at http://127.0.0.1:PORT/mcp") and
// serves h there until ctx is done.
func HTTP(ctx context.Context, addr string, h http.Handler, w io.Writer) error {
	s, err := Listen(addr, h)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "serving MCP over streamable HTTP at %s\n", s.URL)
	stop := context.AfterFunc(ctx, func() { s.Close() })
	defer stop()
	return s.Serve()
}

// Run is HTTP for an example's main: it names the URL on standard error
// and serves until SIGINT or SIGTERM, then returns nil.
func Run(addr string, h http.Handler) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return HTTP(ctx, addr, h, os.Stderr)
}
