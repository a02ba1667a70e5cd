// Command selfheal is an MCP server over stdio whose errors tell the agent
// how to recover: projects.get with an unknown id fails with NOT_FOUND and
// names projects.list as the tool to call instead; projects.list works. An
// id that is missing is MISSING_REQUIRED_FIELD; one that is not a string
// (7, null) is INVALID_FIELD_TYPE, its field showing the value sent.
//
//	go run ./examples/selfheal -dialect toolerror
//
// With -http ADDR (such as 127.0.0.1:0 or :8931) it serves streamable HTTP
// at /mcp instead, and names the URL on standard error.
//
// main_test.go plays the agent: it reads the error back with mcpgo.Decode,
// calls the action it names and retries with a valid id, in every dialect.
package main
