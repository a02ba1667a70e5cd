// Command selfheal is an MCP server over stdio whose errors tell the agent
// how to recover: projects.get with an unknown id fails with NOT_FOUND and
// names projects.list as the tool to call instead; projects.list works.
//
//	go run ./examples/selfheal -dialect toolerror
//
// main_test.go plays the agent: it reads the error back with render.Decode,
// calls the action it names and retries with a valid id, in every dialect.
package main
