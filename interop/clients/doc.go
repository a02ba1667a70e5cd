// Package clients holds the checks that run MCP clients no one here wrote
// against the examples, each example built and served over streamable HTTP
// (its -http flag):
//
//   - TestInspector: MCP Inspector's CLI (interop/inspector, pinned in its
//     package-lock.json) lists the tools of every example in every dialect
//     with --strict, which reports the tool schemas that strict clients
//     reject, and calls every call of each example's testdata/calls.json.
//     Any schema finding, warning or error, fails the test.
//   - TestConformance: the official MCP conformance suite
//     (interop/conformance) runs its server scenarios against every
//     example. A scenario must pass unless interop/conformance/
//     not-applicable.json lists it for something the example does not
//     have (a tool named test_*, a capability), with the reason; such a
//     scenario must then fail as a protocol error, never by a result the
//     example gave for a tool it does not have.
//
// Both need Node 22 or newer, named by MCPERR_NODE, and the packages
// installed with npm ci; interop/run-clients.sh (run by .ci/run) sees to
// both. Without MCPERR_NODE they skip.
package clients
