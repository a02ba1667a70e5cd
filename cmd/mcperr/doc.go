// Command mcperr renders mcperr's error model into any wire dialect and
// decodes tool results back, for debugging and for stacks that are not Go.
//
// Usage:
//
//	mcperr render -dialect NAME [-format markdown|json|both] [-now RFC3339] [-version V] [-max-line BYTES]
//	mcperr parse [-max-line BYTES]
//	mcperr dialects
//	mcperr tour
//
// render reads a stream of model JSON objects on standard input (one or
// many, any whitespace between) and writes, for each, one line: the
// CallToolResult as compact JSON, byte for byte as mcp-go marshals it (the
// command links no MCP SDK: it writes render.Result). A value that is not
// an object (null included) is bad input. -format selects the toolerror
// dialect's content gating; -now and -version fix the envelope's timestamp
// and version string. A dialect ignores the options it does not use (-format
// outside toolerror, -now and -version outside envelope), but every value is
// checked whatever the dialect: a -format other than markdown, json or both,
// or a -now that is not an RFC 3339 time, is bad input.
// Models are bounded as a server's render.Renderer bounds them (nothing is
// redacted, though): by render.DefaultLimits, so that a string or a value
// past 4 KiB is cut and says so, and the whole text of a result is kept
// within 64 KiB.
//
// The lines carry no resultType: they are the same for servers of every
// revision of MCP, and the 2025-11-25 revision has none. The 2026-07-28
// revision requires "resultType":"complete" on a CallToolResult; the SDK
// that sends the result to a client of that revision adds it (mcp-go and
// go-sdk do), and so must a server that sends these lines itself. With it
// added, every line is a valid 2026-07-28 CallToolResult.
//
// parse reads a stream of CallToolResult objects and writes, for each, one
// line {"dialect":NAME,"error":MODEL}: NAME is the dialect the result is in,
// "plain" for an error in none, or "none" (with a null error) for a result
// that is not an error.
//
// dialects lists the dialect names, one per line. tour prints one realistic
// error in every dialect.
//
// -max-line bounds the bytes of each input value, a model for render, a
// result for parse (default 8388608, 8 MiB; 0 means no limit): decoding a
// value takes several times its size in memory, so a longer one is bad
// input, refused once that many bytes of it have been read.
//
// Bad input gets a one-line message on standard error naming what was wrong
// and where, and exit status 2; lines already written stay written.
//
// -h (or -help) after a command prints that command's usage and flags on
// standard error and exits with status 0; "mcperr help" (or mcperr -h)
// prints the usage of every command on standard output.
package main
