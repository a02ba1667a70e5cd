// Command server is an MCP server over stdio whose tools fail in realistic
// ways, every failure rendered in the dialect chosen by -dialect:
//
//	go run ./examples/server -dialect xml
//
// With -http ADDR (such as 127.0.0.1:0 or :8931) it serves streamable HTTP
// at /mcp instead, and names the URL on standard error.
//
// Its tools: files.list and files.read, over a workspace held in memory
// (files.read reads every path files.list shows; another path is not found,
// with the tool to call instead; a missing path, or one that is not a
// string, is reported as such, with the value sent), search (rate limited,
// with a retry delay), files.reserve (conflict, with details), users.create
// (several invalid fields), reports.build (panics), weather.get (declares an
// outputSchema; its upstream times out), files.find (deprecated: a warning,
// and it declares an outputSchema) and db.query (an unclassified Go error
// whose text must not reach the agent). examples/README.md says how to call
// them.
package main
