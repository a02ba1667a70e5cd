package codes

// ValidationRecovery is the line MCP Fusion ends every validation error
// with, after the fields: the validation package's errors carry it as their
// Recovery, and the xml dialect writes it in a <validation_error> whose
// model has no recovery of its own.
const ValidationRecovery = "Fix the fields above and call the tool again. Do not explain the error."

// InternalRecovery is the recovery of the errors that say nothing of what
// went wrong inside the server: the INTERNAL_ERROR From gives an error it
// cannot classify, and the one a server renders for a panicking tool. The
// same call would fail again; the agent is told to move on.
const InternalRecovery = "Do not retry the same call. Try another approach, or report the problem."

// TruncatedKey is the detail key under which a bounded error counts what
// was cut from it: "(truncated: 3 more fields)". The render package's
// Limits and the validation package's MaxFields bound both write it.
const TruncatedKey = "…"

// CorrelationIDKey is the detail under which a Renderer with
// render.WithCorrelationID writes an error's correlation id, in every dialect but
// the envelope, whose own request_id member holds it. Decode reads the
// envelope's request_id back under this key, so the id is found in the same
// place whatever the dialect.
const CorrelationIDKey = "correlation_id"
