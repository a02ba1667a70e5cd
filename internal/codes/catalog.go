package codes

// Info describes a well-known code: the defaults an error with that code
// takes when it does not state its own class, status or retryability.
type Info struct {
	Code        string
	Class       string // the class's wire name: NOT_FOUND, …, INTERNAL
	Status      int    // HTTP status; 0 when the code stands for no HTTP exchange
	Retryable   bool   // whether the same call may succeed later, unchanged
	Recoverable bool   // whether the caller can still succeed: by retrying, or by fixing its input or setup
	Description string
	Seeds       string // the dialects whose documents define the code
}

// catalog is the table docs/codes.md reproduces; its order is the documented
// order. Retryable means the same call may succeed later: only transient
// failures are. Recoverable is the error-contract document's column: input
// errors are recoverable (fix the input) though not retryable; its "Maybe"
// is read as recoverable exactly when the class is TRANSIENT. Codes the
// contract does not list are recoverable when retryable or VALIDATION.
var catalog = []Info{
	{NotFound, "NOT_FOUND", 404, false, false, "The resource does not exist.", "interbase, toolerror, xml"},
	{Conflict, "CONFLICT", 409, false, false, "A concurrent change or the current state conflicts with the request.", "interbase, xml, envelope"},
	{Validation, "VALIDATION", 400, false, true, "The input or arguments are wrong.", "interbase"},
	{Permission, "PERMISSION", 403, false, false, "Access is denied.", "interbase"},
	{Transient, "TRANSIENT", 503, true, true, "A temporary failure; retrying is safe.", "interbase"},
	{Internal, "INTERNAL", 500, false, false, "An unexpected server error.", "interbase"},

	{NetworkError, "TRANSIENT", 0, true, true, "A network failure or timeout.", "toolerror"},
	{ServerError, "TRANSIENT", 500, true, true, "The upstream server failed (5xx).", "toolerror"},
	{ClientError, "VALIDATION", 400, false, true, "The request was rejected (4xx).", "toolerror"},
	{AuthenticationError, "PERMISSION", 401, false, false, "Authentication is missing or invalid (401/403).", "toolerror"},
	{UnknownError, "INTERNAL", 500, false, false, "An unclassified error.", "toolerror"},

	{ValidationError, "VALIDATION", 400, false, true, "A business rule was violated.", "xml"},
	{Unauthorized, "PERMISSION", 401, false, false, "Credentials are missing or invalid.", "xml, envelope"},
	{Forbidden, "PERMISSION", 403, false, false, "The caller may not do this.", "xml, envelope"},
	{RateLimited, "TRANSIENT", 429, true, true, "Too many requests; wait and retry.", "xml, contract, envelope"},
	{Timeout, "TRANSIENT", 504, true, true, "The operation timed out.", "xml, contract"},
	{InternalError, "INTERNAL", 500, false, false, "An unexpected internal error.", "xml, contract, envelope"},
	{Deprecated, "NOT_FOUND", 410, false, false, "The feature is being removed; use the replacement.", "xml"},
	{ServerBusy, "TRANSIENT", 503, true, true, "The concurrency limit is reached.", "xml"},
	{MissingRequiredField, "VALIDATION", 400, false, true, "A required field is missing.", "xml, contract, envelope"},
	{MissingDiscriminator, "VALIDATION", 400, false, true, "The action discriminator is missing.", "xml"},
	{UnknownAction, "VALIDATION", 400, false, true, "The action does not exist.", "xml"},
	{InvalidDiscriminator, "VALIDATION", 400, false, true, "The action discriminator is not a string.", "xml"},
	{UnknownTool, "NOT_FOUND", 404, false, false, "The tool does not exist.", "xml"},
	{InvalidParams, "VALIDATION", 400, false, true, "The parameters are invalid.", "xml"},
	{InputRejected, "VALIDATION", 400, false, true, "The input was rejected.", "xml"},

	{InvalidInput, "VALIDATION", 400, false, true, "The request payload does not match the expected schema.", "contract"},
	{InvalidFieldType, "VALIDATION", 400, false, true, "A field has the wrong type.", "contract, envelope"},
	{InvalidFieldValue, "VALIDATION", 400, false, true, "A field value is not allowed.", "contract, envelope"},
	{AgentNotFound, "NOT_FOUND", 404, false, false, "The target agent does not exist.", "contract"},
	{CapabilityNotFound, "NOT_FOUND", 404, false, false, "The agent does not have the requested capability.", "contract"},
	{AgentUnavailable, "TRANSIENT", 503, true, true, "The agent is not responding.", "contract"},
	{AgentBusy, "TRANSIENT", 503, true, true, "The agent is processing another request.", "contract"},
	{MCPNotConnected, "TRANSIENT", 503, true, true, "A required MCP server is not connected; run setup.", "contract"},
	{MCPAuthFailed, "PERMISSION", 401, false, true, "MCP authentication failed; re-authenticate.", "contract"},
	{MCPRateLimited, "TRANSIENT", 429, true, true, "The MCP rate limit is exceeded; wait.", "contract"},
	{MCPError, "INTERNAL", 502, false, false, "An MCP server returned an error.", "contract"},
	{CoordinationFailed, "INTERNAL", 500, false, false, "A multi-agent workflow failed.", "contract"},
	{TaskGraphCycle, "VALIDATION", 400, false, false, "The task graph has a circular dependency.", "contract"},
	{DelegationFailed, "INTERNAL", 502, false, false, "The task could not be delegated to a sub-agent.", "contract"},
	{KnowledgeNotFound, "NOT_FOUND", 404, false, false, "A required knowledge file is missing.", "contract"},

	{ValidationFailed, "VALIDATION", 400, false, true, "The request parameters failed validation.", "envelope"},
	{ResourceNotFound, "NOT_FOUND", 404, false, false, "The requested resource does not exist.", "envelope"},
	{ResourceExists, "CONFLICT", 409, false, false, "The resource already exists.", "envelope"},
	{ServiceUnavailable, "TRANSIENT", 503, true, true, "An external service is down.", "envelope"},
	{BadGateway, "TRANSIENT", 502, true, true, "An upstream service failed.", "envelope"},
	{NotImplemented, "INTERNAL", 501, false, false, "The operation is not implemented.", "envelope"},
	{MethodNotAllowed, "VALIDATION", 405, false, true, "The method is not allowed.", "envelope"},
	{InvalidJSON, "VALIDATION", 400, false, true, "The request body is not valid JSON.", "envelope"},
	{APIKeyRequired, "PERMISSION", 401, false, false, "An API key is required.", "envelope"},
	{APIKeyInvalid, "PERMISSION", 403, false, false, "The API key is invalid.", "envelope"},
	{AlreadyClaimed, "CONFLICT", 409, false, false, "The task has already been claimed.", "envelope"},
	{LimitReached, "CONFLICT", 409, false, false, "A limit has been reached.", "envelope"},
	{AlreadyFinalized, "CONFLICT", 409, false, false, "The resource is already finalized.", "envelope"},

	{Cancelled, "INTERNAL", 499, false, false, "The request was cancelled by the caller.", "mcperr"},
}

var byCode = func() map[string]int {
	m := make(map[string]int, len(catalog))
	for i, in := range catalog {
		m[in.Code] = i
	}
	return m
}()

// Lookup returns the defaults of a well-known code.
func Lookup(code string) (Info, bool) {
	if i, ok := byCode[code]; ok {
		return catalog[i], true
	}
	return Info{}, false
}

// Catalog returns every well-known code in the documented order.
func Catalog() []Info { return append([]Info(nil), catalog...) }

// DefaultRetryable is the retryability of an error that does not state it:
// the catalog's for a well-known code whose class matches, else true only
// for TRANSIENT.
func DefaultRetryable(code, class string) bool {
	if in, ok := Lookup(code); ok && in.Class == class {
		return in.Retryable
	}
	return class == "TRANSIENT"
}

// DefaultRecoverable is the recoverability of an error that does not state
// its retryability: the catalog's for a well-known code whose class
// matches, else true for VALIDATION and TRANSIENT.
func DefaultRecoverable(code, class string) bool {
	if in, ok := Lookup(code); ok && in.Class == class {
		return in.Recoverable
	}
	return class == "VALIDATION" || class == "TRANSIENT"
}

// Status is the HTTP status of an error that states none: its code's
// catalog status, else its class's (the status of the class's own code).
func Status(code, class string) int {
	if in, ok := Lookup(code); ok && in.Status != 0 {
		return in.Status
	}
	if in, ok := Lookup(class); ok {
		return in.Status
	}
	return 500
}
