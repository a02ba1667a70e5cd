package format

// Argument is the name of the tool argument by which a caller picks the
// mode for one call ({"format":"json"}), as the reference server reads it.
// It is off unless the server turns it on: render's Renderer reads it
// (render.WithFormatArgument), and validation's strict binding and schema
// take it (validation.WithFormatArgument).
const Argument = "format"

// ArgumentDescription is the description of the format argument in a
// tool's inputSchema (ArgumentSchema).
const ArgumentDescription = "How to write this call's error, if it fails: markdown, json or both. Leave it out for the server's choice."

// ArgumentSchema is the JSON Schema of the per-call format argument, as a
// tool's inputSchema lists it among its properties: a string, one of the
// modes, with ArgumentDescription. validation.WithFormatArgument writes it;
// render's Renderer reads the argument only from the calls of a tool whose
// inputSchema lists it so (any spacing or key order), never from a tool's
// own argument of the same name. A hand-written inputSchema lists the
// argument by holding this schema under its name.
const ArgumentSchema = `{"type":"string","enum":["markdown","json","both"],"description":"` + ArgumentDescription + `"}`

// Modes are the values of the format argument, indexed by render.Mode:
// "markdown", "json" and "both".
var Modes = [...]string{"markdown", "json", "both"}
