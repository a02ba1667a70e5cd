// Package errorx is mcperr's error model: one *Error that an MCP tool returns
// and that every wire dialect (package render) can express.
//
// An Error has a stable Code, a Class (the agent's decision branch: retry
// unchanged, fix the input, work around, give up), a Severity, a Message, a
// Recovery suggestion, the Actions (tools) the agent may call instead,
// ordered Details, a RetryAfter delay, an explicit Retryable answer, an HTTP
// Status, the Tool it belongs to and per-field violations (Fields) that carry
// the value the caller sent. The wrapped cause is reachable with errors.Is,
// errors.As and Unwrap and is never rendered.
//
// # Building errors
//
// New never treats its message as a format; Newf does, and turns a %w
// argument into the cause. Class helpers (NotFound, Conflict, Validation,
// Permission, Transient, Internal), RateLimited and Required cover the
// common cases (validation builds the field and routing errors); the With
// methods chain the rest:
//
//	return errorx.New("ProjectNotFound", "Project 'proj_xyz' does not exist.").
//		WithClass(errorx.ClassNotFound).
//		WithRecovery("Call projects.list first to get valid IDs, then retry.").
//		WithActions("projects.list")
//
// # Caller text in sentences
//
// Message and Recovery are the server's own sentences: toolError:v1 writes
// them as markdown. Where a constructor's sentence names a parameter that
// may be caller text (Required's field, which can be a key the caller
// sent; the value of an unknown action, which the caller sent), it names
// it through Quote (with the credentials it spells out masked first
// as the redaction masks a string: between double quotes, on one line,
// unable to add markdown, at most 64 bytes). An ordinary name
// is written unchanged, so the sentences stay MCP Fusion's (`The action
// "destory" does not exist.`). Words that are usually the server's (a
// discriminator's name, a JSON type) are written bare when they are plain
// words, else quoted the same way. A message built with New or Newf from
// caller text is the tool's own: its inline markdown is written as it is,
// but no line of it can read as a line of toolError:v1's markdown block
// (a label, an item, a heading: package render guards the start of each
// line of the tool's texts).
//
// # Defaults
//
// Unset values are derived, never guessed by a dialect: the class from a
// well-known code, else from the HTTP status, else INTERNAL
// (EffectiveClass), retryability from the code or the class (IsRetryable).
// The well-known codes of the five dialects' documents and their defaults
// are listed in docs/codes.md.
//
// # Classifying Go errors
//
// From turns any error into an *Error: the first non-nil *Error in the chain
// is used as it is (As skips a nil *Error, such as a typed nil joined with
// errors.Join); deadlines, network failures, os.ErrNotExist, os.ErrPermission and
// HTTP statuses (an error with a StatusCode() int method, FromStatus) are classified; anything else is an
// INTERNAL_ERROR whose message does not leak the error's text.
//
// # Secrets and hostile values
//
// The redaction, which the renderer and the middleware run on every error,
// replaces secrets with Redact: values named secret (by the names of render.WithSecretNames,
// matched by words: "db_pass" and "passwordConfirm" are secret,
// "max_tokens" and "compass" are not), at any depth of a sent or detail
// value, name/value pairs by their name, inside strings that hold JSON, and
// the credentials a string spells out: URL and DSN passwords, key=value,
// key: value and --flag value pairs, YAML blocks, JSON Web Tokens and
// Bearer tokens.
// Its walk is bounded whatever a handler built: a cycle (a map, a list or a
// Details that holds itself) becomes "!ERROR:cycle" where it recurs, a
// value nested maxValueDepth (200) deep becomes "!ERROR:value nested too
// deeply", as every writer writes them, and a value whose walk passes
// maxValueNodes values is redacted whole. Details find keys through an
// index, so that n details cost O(n) to build or to decode.
//
// # Logging
//
// An *Error is a slog.LogValuer: log/slog writes it as a group of its code,
// class, message, tool and the like, with the paths of invalid fields but
// never the values a caller sent or the details. Every text in it, and
// its cause's text, is bounded (4096 bytes) and has the credentials it spells
// out masked, as the redaction masks a string.
//
// # JSON form
//
// *Error marshals to and from one JSON object, the form the mcperr command
// reads and writes. Every key is optional and the order of details is kept
// both ways:
//
//	{"code":"ProjectNotFound","class":"NOT_FOUND","severity":"error",
//	 "message":"…","recovery":"…","actions":["projects.list"],
//	 "details":{"entity_id":"proj_xyz"},"retry_after":30,"retryable":false,
//	 "status":404,"tool":"projects.get",
//	 "fields":[{"path":"email","sent":"bad-email","message":"…","expected":"…",
//	            "options":["a"],"hint":"…","rule":"email"}]}
//
// An absent or empty "code" is unset, and so is an absent or empty "class":
// the class is then derived as EffectiveClass says.
// A field without a "sent" key means the caller sent nothing; "sent": null
// means it sent null. "sent_text": true, written only then, says that "sent"
// is the printed form of what was sent (such as array(3)), not the value:
// it reads back as a printed form, not a string, so that a "You sent" line prints
// it again as it was. retry_after is in seconds and may have a fraction; a
// negative one, or one past the longest time.Duration (about 292
// years), is an error. status is an HTTP status, 100 to 999; 0
// or absent means none. A number too large for a float64 (a caller may send
// 1e400) is written as a string of its literal, so every JSON reader can
// read the form.
package errorx
