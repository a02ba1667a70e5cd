// Package validation turns tool arguments that do not fit into one
// *errorx.Error that names every bad field, the value the caller sent and
// what to send instead, so an agent can fix its call in one round trip.
//
// A server author declares the arguments as a Go struct with json and
// validate (github.com/go-playground/validator/v10) tags and binds each
// call's raw JSON arguments with one line:
//
//	type CreateUser struct {
//		Email string `json:"email" validate:"required,email"`
//		Role  string `json:"role" validate:"oneof=admin user guest"`
//	}
//
//	args, err := validation.Bind[CreateUser](tool, rawArguments)
//	if err != nil {
//		return nil, err // an *errorx.Error, rendered by the server's Renderer
//	}
//
// The package imports no MCP SDK: the adapters bind their SDK's requests
// with it (mcpgo.Bind and mcpgo.Handler on mark3labs/mcp-go, gosdk.AddTool
// on the official Go SDK). For grouped tools, Action and ActionOf check the
// discriminator ("action") first (mcpgo.RequestAction on mcp-go). Code
// that runs validator itself turns its error into the model with
// (*Validator).Translate (or Fields, for the fields alone).
//
// # What is reported
//
// Bind decodes the JSON arguments strictly and validates what it decoded;
// every problem of the call becomes one errorx.Field:
//
//   - arguments that are not JSON (rule "syntax") or not an object (path "",
//     rule "type", expected "object");
//   - unknown keys, at every level of nested structs (rule "unknown"), with
//     "Did you mean 'email'?" when a valid name is near (see Closest); the
//     keys given to IgnoreKeys are let through, and the toolerror dialect's
//     top-level format argument when the server turns it on
//     (WithFormatArgument: one of markdown, json, both);
//   - values of the wrong JSON type (rule "type", Expected the JSON type:
//     string, number, integer, boolean, object or array), null among them
//     for every value that is not a pointer (a pointer takes it as nil;
//     any and json.RawMessage as a value), numbers out of
//     range for their Go type (rule "overflow"), values a type's own
//     UnmarshalJSON rejects (rule "format");
//   - every failed validate tag (rule = the tag), with a message, the
//     expected form, the valid options of oneof and bounds as hints;
//   - a key sent twice in one object, at any depth and whatever decodes
//     the value (rule "duplicate", message "Sent twice.", Sent the repeated
//     value): parsers disagree on which of the two wins, so neither is
//     taken, and nothing else is reported at or below that key;
//   - objects and arrays nested more than MaxDepth (256) levels deep, the
//     arguments object counting as one (rule "depth", message "Nested too
//     deeply.", at the first object or array too deep), however deep
//     (encoding/json's limit of 10,000 levels does not make them "not valid
//     JSON"): binding never succeeds with less than was sent.
//
// Missing values are reported as not sent (WasSent false); a JSON null as
// sent null. A validate failure at or below a path that already has a
// decoding problem is dropped: "Wrong type" already says it.
//
// # Fields
//
// Path uses JSON names (the json tag; the Go name for fields without one),
// dots and numeric segments: email, tags.0, members.1.email, labels.<key>;
// the empty path is the arguments object. Paths are built by walking the
// Go value along validator's StructNamespace, so promoted embedded structs
// and map keys containing '.' or ']' come out right. A json:"-" field is not
// an argument (sending its name is an unknown key); if its own validation
// fails, it is reported under its Go name and, since nothing was decoded
// into it, as not sent (WasSent false), whatever the JSON holds under that
// name.
//
// Sent is the value the caller sent at Path, read from the raw JSON, not
// the Go value it decoded to: strings, bool, nil for null, []any, map[string]any
// and json.Number for numbers (so big integers stay exact). For a failing
// map key, Sent is the key and Message starts with "Invalid key." (Fields
// needs the validated struct to tell a key from its value). Message is a
// sentence ending with a period that does not repeat the value; Expected
// has no trailing period ("a valid email address (e.g. user@example.com)";
// a JSON type name when Rule is "type"); Hint holds whole sentences
// ("Minimum length: 2 characters.", "Must be >= 18.", "Did you mean
// 'admin'?"). Sizes count characters for strings, bytes for []byte (sent
// as base64) and items for arrays, slices and maps. Options of oneof
// failures are shared between errors: copy them before modifying
// (errorx.Error.Clone does).
//
// Rule is the validator tag that failed. For an alias it is the tag the
// alias stands for (role=oneof=… reports "oneof"), unless a translation is
// registered for the alias name itself; for an or-group it is the group
// ("hexcolor|rgb", "len=0|len=6"), and Expected joins what each
// alternative expects ("empty or exactly 6 characters"). Rules that are
// not tags are "type", "unknown", "overflow", "format", "syntax",
// "duplicate", "depth" and "path". Every variant of required reads "Required."
// with the condition in Hint, like sentence.RequiredField, and the options
// of the field's own oneof when it has one. A oneof that fails on nothing
// (a value not sent, a pointer sent null) reads as required too (rule
// required, "Required.", the options): the schema lists such a field as
// required, since its empty value is not an option.
//
// # Order
//
// Fields come in the order of the struct's declaration (embedded fields at
// their place), elements by index, map entries by key; in each object,
// struct-level failures come after its fields and unknown keys last, in the
// order they were sent (as MCP Fusion puts unrecognized keys last), then
// problems of the keys IgnoreKeys lets through, by name.
//
// # Hostile input
//
// The work is linear in the size of the arguments and the number of
// failures, however many elements of a list or map fail: the sent values
// are located without rescanning the arguments, and an error keeps at most
// MaxFields (100) fields, the first ones in the order above; only those
// are translated, and the others are counted, exactly, under the detail
// key codes.TruncatedKey ("…": "(truncated: N more fields)", the render
// package's wording) and in the summary message. Only those are built
// either: a decoding problem (a wrong type, an unknown key…) that sorts
// after the first MaxFields is counted without its path or field, and a
// validator failure past them is known by its sort key alone, so that
// arguments whose every element fails cost about what encoding/json and
// validator cost on them. Arguments that send a key twice above many
// problems, or whose validator failures sort among problems past the
// first MaxFields, are read a second time to tell what hides what.
// Fields and AppendFields are not bounded. A sent value is read at most
// MaxDepth levels deep. Messages, Expected and hints never hold the value
// sent (only Sent does).
//
// Keys the caller chose can be long, and validator names every value it
// checks by its whole path. Binding therefore adds up the bytes of the
// path of every value it reads; past 64 times the size of the arguments
// (plus 64 KiB) it stops there, with one field of rule RulePath ("Keys too
// long for what is below them."), and validates nothing. A path longer
// than MaxPath (4,096 bytes) is written cut in the middle, and its field's
// Sent redacted.
//
// # The error
//
// The error has code INVALID_INPUT, class VALIDATION, the tool name, the
// recovery line "Fix the fields above and call the tool again. Do not
// explain the error." (MCP Fusion's) and a summary message naming the
// top-level arguments concerned (ten of them, then how many more), then
// the unknown keys in a clause of their own, never a value the caller
// sent: "2 arguments of users/create are invalid: email, role; and 1
// unknown key was sent.", "1 unknown key was sent to users/create.".
// A server-side mistake gives an INTERNAL_ERROR instead: an invalid
// validate tag (which makes validator panic), or a key sent for a field
// promoted through a nil embedded pointer to an unexported struct type
// (which cannot be set; encoding/json rejects it too). Bind never panics.
//
// # One struct, one contract
//
// The struct's tags are also the tool's inputSchema: InputSchema[T]
// returns it as JSON Schema (draft 2020-12), which mcpgo.WithInputSchema
// sets on an mcp-go tool and gosdk.AddTool on a go-sdk one. The schema is
// computed once per type and options, says what binding checks (types, required properties, unknown
// keys rejected, bounds, enums, patterns, formats; a description per
// property from the DescriptionTag tag) and leaves out the tags it cannot
// express: it may be looser than binding, never stricter. Bounds on a
// float64 (min, max, gte, lte, gt, lt, eq, len, ne, and required and
// omitempty at zero) are decided on the number as sent, exactly, as the
// schema's minimum and maximum are, not on the float64 it rounds to:
// 0.30000000000000001 is more than max=0.3.
//
// # JSON Schema
//
// Tools whose arguments are declared as JSON Schema rather than as a
// tagged struct (a hand-written inputSchema, the schema an SDK infers from
// a struct, mcp-go's WithString and the like) get the same errors:
// CompileSchema compiles the schema once, (*Schema).Check checks each
// call's JSON arguments against it. A keyword's failure reads as the
// validate tag that says the same: enum as oneof (Options, "Did you
// mean"), minLength, minItems, minProperties and minimum as min (len when
// the schema pins both bounds to one value), maximum and the others as max,
// exclusiveMinimum as gt, exclusiveMaximum as lt, const as eq, not const as
// ne, additionalProperties as an unknown key (with "Did you mean" against
// the properties), uniqueItems as unique, dependentRequired as
// required_with, formats and InputSchema's patterns as their tags (email,
// url, uuid4, alphanum, startswith…), an anyOf or oneOf of such keywords as
// their or-group ("len=0|len=5"); a property the object requires that is
// sent empty ("" against minLength 1, 0 against not 0, false against const
// true) as required. Keywords no tag says keep their name as Rule
// (multipleOf, pattern, format for the formats validator lacks, anyOf,
// oneOf, not, false, contains) with a text of their own. Paths, order,
// the summary, the bound on fields, duplicates, depth and redaction are
// Bind's; see Check.
//
// # Messages and stdout
//
// The package owns its message catalogue and never calls validator's
// Translate: the universal translators print to stdout when a translation
// fails, which would corrupt a stdio MCP stream. Register texts for custom
// tags with (*Validator).RegisterValidation or RegisterTranslation; tags
// without a text get a generic message that names the rule and its
// parameter.
package validation
