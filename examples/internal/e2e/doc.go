// Package e2e runs an example server's tool calls through real MCP clients
// and checks what the agent would read: in go test, mcp-go's in-process
// client (RunInProcess) or another SDK's client behind a Session
// (RunSessions: examples/gosdk uses go-sdk's), and the lines
// interop/ts/check.mjs writes for the official TypeScript SDK client.
//
// Each example lists its calls, with what each must give, in
// testdata/calls.json (see Call); check.mjs reads the same file.
package e2e
