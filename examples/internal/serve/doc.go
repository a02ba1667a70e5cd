// Package serve serves an example's MCP endpoint over streamable HTTP, for
// the examples' -http flag: it listens on an address (port 0 picks a free
// one), serves the SDK's streamable HTTP handler at Path and tells the URL
// a client connects to, so that a script (interop/run-clients.sh) can read
// it from the example's standard error.
package serve
