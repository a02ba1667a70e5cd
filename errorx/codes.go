package errorx

// Info describes a well-known code: the defaults an error with that code
// takes when it does not state its own class, status or retryability.
type Info struct {
	Code        string
	Class       Class
	Status      int  // HTTP status; 0 when the code stands for no HTTP exchange
	Retryable   bool // whether the same call may succeed later, unchanged
	Recoverable bool // whether the caller can still succeed: by retrying, or by fixing its input or setup
	Description string
	Seeds       string // the dialects whose documents define the code
}

// Well-known codes: the union of the codes the five dialects' documents
// define. Codes are free strings; these carry defaults (see Lookup).
const (
	// The six classes, used as codes (interbase).
	CodeNotFound   = "NOT_FOUND"
	CodeConflict   = "CONFLICT"
	CodeValidation = "VALIDATION"
	CodePermission = "PERMISSION"
	CodeTransient  = "TRANSIENT"
	CodeInternal   = "INTERNAL"

	// toolError:v1.
	CodeNetworkError        = "NETWORK_ERROR"
	CodeServerError         = "SERVER_ERROR"
	CodeClientError         = "CLIENT_ERROR"
	CodeAuthenticationError = "AUTHENTICATION_ERROR"
	CodeUnknownError        = "UNKNOWN_ERROR"

	// MCP Fusion.
	CodeValidationError      = "VALIDATION_ERROR"
	CodeUnauthorized         = "UNAUTHORIZED"
	CodeForbidden            = "FORBIDDEN"
	CodeRateLimited          = "RATE_LIMITED"
	CodeTimeout              = "TIMEOUT"
	CodeInternalError        = "INTERNAL_ERROR"
	CodeDeprecated           = "DEPRECATED"
	CodeServerBusy           = "SERVER_BUSY"
	CodeMissingRequiredField = "MISSING_REQUIRED_FIELD"
	CodeMissingDiscriminator = "MISSING_DISCRIMINATOR"
	CodeUnknownAction        = "UNKNOWN_ACTION"
	CodeInvalidDiscriminator = "INVALID_DISCRIMINATOR"
	CodeUnknownTool          = "UNKNOWN_TOOL"
	CodeInvalidParams        = "INVALID_PARAMS"

	// Error contracts.
	CodeInvalidInput       = "INVALID_INPUT"
	CodeInvalidFieldType   = "INVALID_FIELD_TYPE"
	CodeInvalidFieldValue  = "INVALID_FIELD_VALUE"
	CodeAgentNotFound      = "AGENT_NOT_FOUND"
	CodeCapabilityNotFound = "CAPABILITY_NOT_FOUND"
	CodeAgentUnavailable   = "AGENT_UNAVAILABLE"
	CodeAgentBusy          = "AGENT_BUSY"
	CodeMCPNotConnected    = "MCP_NOT_CONNECTED"
	CodeMCPAuthFailed      = "MCP_AUTH_FAILED"
	CodeMCPRateLimited     = "MCP_RATE_LIMITED"
	CodeMCPError           = "MCP_ERROR"
	CodeCoordinationFailed = "COORDINATION_FAILED"
	CodeTaskGraphCycle     = "TASK_GRAPH_CYCLE"
	CodeDelegationFailed   = "DELEGATION_FAILED"
	CodeKnowledgeNotFound  = "KNOWLEDGE_NOT_FOUND"
	CodeValidationFailed   = "VALIDATION_FAILED"
	CodeResourceNotFound   = "RESOURCE_NOT_FOUND"
	CodeResourceExists     = "RESOURCE_ALREADY_EXISTS"
	CodeServiceUnavailable = "SERVICE_UNAVAILABLE"
	CodeBadGateway         = "BAD_GATEWAY"
	CodeCancelled          = "CANCELLED"
	CodeNotImplemented     = "NOT_IMPLEMENTED"
	CodeMethodNotAllowed   = "METHOD_NOT_ALLOWED"
	CodeInvalidJSON        = "INVALID_JSON"
	CodeAPIKeyRequired     = "API_KEY_REQUIRED"
	CodeAPIKeyInvalid      = "API_KEY_INVALID"
	CodeAlreadyClaimed     = "ALREADY_CLAIMED"
	CodeLimitReached       = "LIMIT_REACHED"
	CodeAlreadyFinalized   = "ALREADY_FINALIZED"
	CodeInputRejected      = "INPUT_REJECTED"
)

// catalog is the table docs/codes.md reproduces; its order is the documented
// order. Retryable means the same call may succeed later: only transient
// failures are. Recoverable is the error-contract document's column: input
// errors are recoverable (fix the input) though not retryable; its "Maybe"
// is read as recoverable exactly when the class is TRANSIENT. Codes the
// contract does not list are recoverable when retryable or VALIDATION.
var catalog = []Info{
	{CodeNotFound, ClassNotFound, 404, false, false, "The resource does not exist.", "interbase, toolerror, xml"},
	{CodeConflict, ClassConflict, 409, false, false, "A concurrent change or the current state conflicts with the request.", "interbase, xml, envelope"},
	{CodeValidation, ClassValidation, 400, false, true, "The input or arguments are wrong.", "interbase"},
	{CodePermission, ClassPermission, 403, false, false, "Access is denied.", "interbase"},
	{CodeTransient, ClassTransient, 503, true, true, "A temporary failure; retrying is safe.", "interbase"},
	{CodeInternal, ClassInternal, 500, false, false, "An unexpected server error.", "interbase"},

	{CodeNetworkError, ClassTransient, 0, true, true, "A network failure or timeout.", "toolerror"},
	{CodeServerError, ClassTransient, 500, true, true, "The upstream server failed (5xx).", "toolerror"},
	{CodeClientError, ClassValidation, 400, false, true, "The request was rejected (4xx).", "toolerror"},
	{CodeAuthenticationError, ClassPermission, 401, false, false, "Authentication is missing or invalid (401/403).", "toolerror"},
	{CodeUnknownError, ClassInternal, 500, false, false, "An unclassified error.", "toolerror"},

	{CodeValidationError, ClassValidation, 400, false, true, "A business rule was violated.", "xml"},
	{CodeUnauthorized, ClassPermission, 401, false, false, "Credentials are missing or invalid.", "xml, envelope"},
	{CodeForbidden, ClassPermission, 403, false, false, "The caller may not do this.", "xml, envelope"},
	{CodeRateLimited, ClassTransient, 429, true, true, "Too many requests; wait and retry.", "xml, contract, envelope"},
	{CodeTimeout, ClassTransient, 504, true, true, "The operation timed out.", "xml, contract"},
	{CodeInternalError, ClassInternal, 500, false, false, "An unexpected internal error.", "xml, contract, envelope"},
	{CodeDeprecated, ClassNotFound, 410, false, false, "The feature is being removed; use the replacement.", "xml"},
	{CodeServerBusy, ClassTransient, 503, true, true, "The concurrency limit is reached.", "xml"},
	{CodeMissingRequiredField, ClassValidation, 400, false, true, "A required field is missing.", "xml, contract, envelope"},
	{CodeMissingDiscriminator, ClassValidation, 400, false, true, "The action discriminator is missing.", "xml"},
	{CodeUnknownAction, ClassValidation, 400, false, true, "The action does not exist.", "xml"},
	{CodeInvalidDiscriminator, ClassValidation, 400, false, true, "The action discriminator is not a string.", "xml"},
	{CodeUnknownTool, ClassNotFound, 404, false, false, "The tool does not exist.", "xml"},
	{CodeInvalidParams, ClassValidation, 400, false, true, "The parameters are invalid.", "xml"},
	{CodeInputRejected, ClassValidation, 400, false, true, "The input was rejected.", "xml"},

	{CodeInvalidInput, ClassValidation, 400, false, true, "The request payload does not match the expected schema.", "contract"},
	{CodeInvalidFieldType, ClassValidation, 400, false, true, "A field has the wrong type.", "contract, envelope"},
	{CodeInvalidFieldValue, ClassValidation, 400, false, true, "A field value is not allowed.", "contract, envelope"},
	{CodeAgentNotFound, ClassNotFound, 404, false, false, "The target agent does not exist.", "contract"},
	{CodeCapabilityNotFound, ClassNotFound, 404, false, false, "The agent does not have the requested capability.", "contract"},
	{CodeAgentUnavailable, ClassTransient, 503, true, true, "The agent is not responding.", "contract"},
	{CodeAgentBusy, ClassTransient, 503, true, true, "The agent is processing another request.", "contract"},
	{CodeMCPNotConnected, ClassTransient, 503, true, true, "A required MCP server is not connected; run setup.", "contract"},
	{CodeMCPAuthFailed, ClassPermission, 401, false, true, "MCP authentication failed; re-authenticate.", "contract"},
	{CodeMCPRateLimited, ClassTransient, 429, true, true, "The MCP rate limit is exceeded; wait.", "contract"},
	{CodeMCPError, ClassInternal, 502, false, false, "An MCP server returned an error.", "contract"},
	{CodeCoordinationFailed, ClassInternal, 500, false, false, "A multi-agent workflow failed.", "contract"},
	{CodeTaskGraphCycle, ClassValidation, 400, false, false, "The task graph has a circular dependency.", "contract"},
	{CodeDelegationFailed, ClassInternal, 502, false, false, "The task could not be delegated to a sub-agent.", "contract"},
	{CodeKnowledgeNotFound, ClassNotFound, 404, false, false, "A required knowledge file is missing.", "contract"},

	{CodeValidationFailed, ClassValidation, 400, false, true, "The request parameters failed validation.", "envelope"},
	{CodeResourceNotFound, ClassNotFound, 404, false, false, "The requested resource does not exist.", "envelope"},
	{CodeResourceExists, ClassConflict, 409, false, false, "The resource already exists.", "envelope"},
	{CodeServiceUnavailable, ClassTransient, 503, true, true, "An external service is down.", "envelope"},
	{CodeBadGateway, ClassTransient, 502, true, true, "An upstream service failed.", "envelope"},
	{CodeNotImplemented, ClassInternal, 501, false, false, "The operation is not implemented.", "envelope"},
	{CodeMethodNotAllowed, ClassValidation, 405, false, true, "The method is not allowed.", "envelope"},
	{CodeInvalidJSON, ClassValidation, 400, false, true, "The request body is not valid JSON.", "envelope"},
	{CodeAPIKeyRequired, ClassPermission, 401, false, false, "An API key is required.", "envelope"},
	{CodeAPIKeyInvalid, ClassPermission, 403, false, false, "The API key is invalid.", "envelope"},
	{CodeAlreadyClaimed, ClassConflict, 409, false, false, "The task has already been claimed.", "envelope"},
	{CodeLimitReached, ClassConflict, 409, false, false, "A limit has been reached.", "envelope"},
	{CodeAlreadyFinalized, ClassConflict, 409, false, false, "The resource is already finalized.", "envelope"},

	{CodeCancelled, ClassInternal, 499, false, false, "The request was cancelled by the caller.", "mcperr"},
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

// classOf returns the class a code implies: its catalog class for a
// well-known code, else INTERNAL. DeriveClass(code, 0) is its exported form.
func classOf(code string) Class {
	if i, ok := byCode[code]; ok {
		return catalog[i].Class
	}
	return ClassInternal
}
