// Package parity holds the tests that one error gives one answer on both
// SDKs: the same call through mcpgo.Middleware on mark3labs/mcp-go and
// through gosdk.Middleware on the official Go SDK gives the same result,
// in every dialect. Each adapter's own package tests it alone and links
// only its SDK; these tests link both. Signup and BadSignups are the
// fixtures they share with the adapters' tests.
package parity
