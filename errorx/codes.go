package errorx

import "github.com/mcperr/mcperr/internal/codes"

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

// Well-known codes that errorx's constructors and the dialects use most.
// Codes are free strings; every well-known code (docs/codes.md) carries
// defaults for its class, HTTP status and retryability.
const (
	CodeNotFound             = codes.NotFound
	CodeConflict             = codes.Conflict
	CodeValidation           = codes.Validation
	CodePermission           = codes.Permission
	CodeTransient            = codes.Transient
	CodeInternal             = codes.Internal
	CodeRateLimited          = codes.RateLimited
	CodeMissingRequiredField = codes.MissingRequiredField
	CodeInvalidInput         = codes.InvalidInput
	CodeInternalError        = codes.InternalError
	CodeUnknownTool          = codes.UnknownTool
	CodeTimeout              = codes.Timeout
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

	{codes.NetworkError, ClassTransient, 0, true, true, "A network failure or timeout.", "toolerror"},
	{codes.ServerError, ClassTransient, 500, true, true, "The upstream server failed (5xx).", "toolerror"},
	{codes.ClientError, ClassValidation, 400, false, true, "The request was rejected (4xx).", "toolerror"},
	{codes.AuthenticationError, ClassPermission, 401, false, false, "Authentication is missing or invalid (401/403).", "toolerror"},
	{codes.UnknownError, ClassInternal, 500, false, false, "An unclassified error.", "toolerror"},

	{codes.ValidationError, ClassValidation, 400, false, true, "A business rule was violated.", "xml"},
	{codes.Unauthorized, ClassPermission, 401, false, false, "Credentials are missing or invalid.", "xml, envelope"},
	{codes.Forbidden, ClassPermission, 403, false, false, "The caller may not do this.", "xml, envelope"},
	{CodeRateLimited, ClassTransient, 429, true, true, "Too many requests; wait and retry.", "xml, contract, envelope"},
	{CodeTimeout, ClassTransient, 504, true, true, "The operation timed out.", "xml, contract"},
	{CodeInternalError, ClassInternal, 500, false, false, "An unexpected internal error.", "xml, contract, envelope"},
	{codes.Deprecated, ClassNotFound, 410, false, false, "The feature is being removed; use the replacement.", "xml"},
	{codes.ServerBusy, ClassTransient, 503, true, true, "The concurrency limit is reached.", "xml"},
	{CodeMissingRequiredField, ClassValidation, 400, false, true, "A required field is missing.", "xml, contract, envelope"},
	{codes.MissingDiscriminator, ClassValidation, 400, false, true, "The action discriminator is missing.", "xml"},
	{codes.UnknownAction, ClassValidation, 400, false, true, "The action does not exist.", "xml"},
	{codes.InvalidDiscriminator, ClassValidation, 400, false, true, "The action discriminator is not a string.", "xml"},
	{CodeUnknownTool, ClassNotFound, 404, false, false, "The tool does not exist.", "xml"},
	{codes.InvalidParams, ClassValidation, 400, false, true, "The parameters are invalid.", "xml"},
	{codes.InputRejected, ClassValidation, 400, false, true, "The input was rejected.", "xml"},

	{CodeInvalidInput, ClassValidation, 400, false, true, "The request payload does not match the expected schema.", "contract"},
	{codes.InvalidFieldType, ClassValidation, 400, false, true, "A field has the wrong type.", "contract, envelope"},
	{codes.InvalidFieldValue, ClassValidation, 400, false, true, "A field value is not allowed.", "contract, envelope"},
	{codes.AgentNotFound, ClassNotFound, 404, false, false, "The target agent does not exist.", "contract"},
	{codes.CapabilityNotFound, ClassNotFound, 404, false, false, "The agent does not have the requested capability.", "contract"},
	{codes.AgentUnavailable, ClassTransient, 503, true, true, "The agent is not responding.", "contract"},
	{codes.AgentBusy, ClassTransient, 503, true, true, "The agent is processing another request.", "contract"},
	{codes.MCPNotConnected, ClassTransient, 503, true, true, "A required MCP server is not connected; run setup.", "contract"},
	{codes.MCPAuthFailed, ClassPermission, 401, false, true, "MCP authentication failed; re-authenticate.", "contract"},
	{codes.MCPRateLimited, ClassTransient, 429, true, true, "The MCP rate limit is exceeded; wait.", "contract"},
	{codes.MCPError, ClassInternal, 502, false, false, "An MCP server returned an error.", "contract"},
	{codes.CoordinationFailed, ClassInternal, 500, false, false, "A multi-agent workflow failed.", "contract"},
	{codes.TaskGraphCycle, ClassValidation, 400, false, false, "The task graph has a circular dependency.", "contract"},
	{codes.DelegationFailed, ClassInternal, 502, false, false, "The task could not be delegated to a sub-agent.", "contract"},
	{codes.KnowledgeNotFound, ClassNotFound, 404, false, false, "A required knowledge file is missing.", "contract"},

	{codes.ValidationFailed, ClassValidation, 400, false, true, "The request parameters failed validation.", "envelope"},
	{codes.ResourceNotFound, ClassNotFound, 404, false, false, "The requested resource does not exist.", "envelope"},
	{codes.ResourceExists, ClassConflict, 409, false, false, "The resource already exists.", "envelope"},
	{codes.ServiceUnavailable, ClassTransient, 503, true, true, "An external service is down.", "envelope"},
	{codes.BadGateway, ClassTransient, 502, true, true, "An upstream service failed.", "envelope"},
	{codes.NotImplemented, ClassInternal, 501, false, false, "The operation is not implemented.", "envelope"},
	{codes.MethodNotAllowed, ClassValidation, 405, false, true, "The method is not allowed.", "envelope"},
	{codes.InvalidJSON, ClassValidation, 400, false, true, "The request body is not valid JSON.", "envelope"},
	{codes.APIKeyRequired, ClassPermission, 401, false, false, "An API key is required.", "envelope"},
	{codes.APIKeyInvalid, ClassPermission, 403, false, false, "The API key is invalid.", "envelope"},
	{codes.AlreadyClaimed, ClassConflict, 409, false, false, "The task has already been claimed.", "envelope"},
	{codes.LimitReached, ClassConflict, 409, false, false, "A limit has been reached.", "envelope"},
	{codes.AlreadyFinalized, ClassConflict, 409, false, false, "The resource is already finalized.", "envelope"},

	{codes.Cancelled, ClassInternal, 499, false, false, "The request was cancelled by the caller.", "mcperr"},
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
