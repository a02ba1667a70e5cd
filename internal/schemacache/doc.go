// Package schemacache keeps the inputSchemas of a server's tools compiled
// for validation's Check, for the adapters' middlewares: each schema is
// compiled once, however many calls ask for it at the same time, and a
// schema that does not compile is remembered as such (the adapter logs it
// once). The key is the adapter's: what tells one declaration of a tool
// from the next in its SDK's types (go-sdk's *mcp.Tool and the schema
// value it holds; mcp-go's tool name and the identity of its schema), so
// that a tool added again with another schema is compiled again and the
// old entry is never read. The cache is bounded: past MaxEntries it
// evicts one entry, a stale one (not asked for lately: a tool replaced or
// removed) first, so that a server with more tools than the bound
// compiles again only about as many as exceed it.
package schemacache
