// check.mjs calls an mcperr example server through the official TypeScript
// MCP SDK v1 client (@modelcontextprotocol/sdk, pinned in package-lock.json),
// the strictest client there is about error results and outputSchema.
//
//   node check.mjs --server ./server-binary --calls calls.json \
//     --dialects interbase,toolerror,xml,contract,envelope [--stderr server.log]
//
// For every dialect it starts the server over stdio with "-dialect NAME",
// lists the tools (so the client caches their outputSchema validators, as
// real hosts do), validates each call's arguments against the called tool's
// advertised inputSchema with the SDK's own JSON Schema validator
// (AjvJsonSchemaValidator, formats asserted), then makes every call of
// calls.json (the example's testdata/calls.json) in order. It writes one
// JSON line per call on standard output:
//
//   {"dialect","name","tool","output_schema","schema_valid","schema_error"?,
//    "threw","error"?,"result"?}
//
// where schema_valid is the validator's verdict (null when the tool has no
// inputSchema), result is what callTool returned and error what it threw.
// It checks nothing itself: the example's Go test TestTypeScriptClient reads
// the lines, checks the verdicts against calls.json and decodes every result
// with render.Decode, whole and cut to its first content block without
// structuredContent, as hosts that show a model only the first block pass
// it on, which must decode the same (.ci/run wires the two).
// The server's standard error goes to --stderr, or is dropped.

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { createWriteStream, readFileSync } from "node:fs";
import { parseArgs } from "node:util";

const { values: opts } = parseArgs({
  options: {
    server: { type: "string" },
    calls: { type: "string" },
    dialects: { type: "string" },
    stderr: { type: "string" },
  },
});
for (const name of ["server", "calls", "dialects"]) {
  if (!opts[name]) {
    console.error(`check.mjs: missing --${name}`);
    process.exit(2);
  }
}

const calls = JSON.parse(readFileSync(opts.calls, "utf8"));
const validator = new AjvJsonSchemaValidator();
const log = opts.stderr ? createWriteStream(opts.stderr, { flags: "a" }) : null;

for (const dialect of opts.dialects.split(",")) {
  const transport = new StdioClientTransport({
    command: opts.server,
    args: ["-dialect", dialect],
    stderr: "pipe",
  });
  if (log) {
    transport.stderr.pipe(log, { end: false });
  } else {
    transport.stderr.resume();
  }
  const client = new Client({ name: "mcperr-interop", version: "0.0.0" });
  await client.connect(transport);
  const { tools } = await client.listTools();
  const schemas = new Map(tools.map((t) => [t.name, t.outputSchema !== undefined]));
  const inputs = new Map(tools.map((t) => [t.name, t.inputSchema ? validator.getValidator(t.inputSchema) : null]));

  for (const call of calls) {
    const line = {
      dialect,
      name: call.name,
      tool: call.tool,
      output_schema: schemas.get(call.tool) ?? false,
      schema_valid: null,
      threw: false,
    };
    const validate = inputs.get(call.tool);
    if (validate) {
      const verdict = validate(call.arguments ?? {});
      line.schema_valid = verdict.valid;
      if (!verdict.valid) {
        line.schema_error = verdict.errorMessage;
      }
    }
    try {
      line.result = await client.callTool({ name: call.tool, arguments: call.arguments ?? {} });
    } catch (e) {
      line.threw = true;
      line.error = { code: e?.code ?? null, message: String(e?.message ?? e) };
    }
    process.stdout.write(JSON.stringify(line) + "\n");
  }
  await client.close();
}
log?.end();
