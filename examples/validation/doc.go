// Command validation is an MCP server over stdio whose tools declare their
// arguments as Go structs with validate tags: every call that does not fit
// gets one error naming each bad argument, what was sent and what to send,
// in the dialect chosen by -dialect:
//
//	go run ./examples/validation -dialect xml
//
// With -http ADDR (such as 127.0.0.1:0 or :8931) it serves streamable HTTP
// at /mcp instead, and names the URL on standard error.
//
// Its tools: users.create (a struct with nested, slice and secret fields)
// and billing, a grouped tool whose "action" (list, create, refund) picks
// the arguments. users.create's inputSchema comes from the struct its
// handler binds (mcpgo.WithInputSchema): one struct is the tool's
// whole contract. examples/README.md says how to call them.
package main
