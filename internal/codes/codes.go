// Package codes names the well-known error codes, for errorx's catalogue
// and the dialects of render that map them; docs/codes.md lists them.
package codes

// The well-known codes: the union of the codes the five dialects'
// documents define. errorx's catalogue gives each its defaults and
// exports the common ones (errorx.CodeNotFound and the like).
const (
	// The six classes, used as codes (interbase).
	NotFound   = "NOT_FOUND"
	Conflict   = "CONFLICT"
	Validation = "VALIDATION"
	Permission = "PERMISSION"
	Transient  = "TRANSIENT"
	Internal   = "INTERNAL"

	// toolError:v1.
	NetworkError        = "NETWORK_ERROR"
	ServerError         = "SERVER_ERROR"
	ClientError         = "CLIENT_ERROR"
	AuthenticationError = "AUTHENTICATION_ERROR"
	UnknownError        = "UNKNOWN_ERROR"

	// MCP Fusion.
	ValidationError      = "VALIDATION_ERROR"
	Unauthorized         = "UNAUTHORIZED"
	Forbidden            = "FORBIDDEN"
	RateLimited          = "RATE_LIMITED"
	Timeout              = "TIMEOUT"
	InternalError        = "INTERNAL_ERROR"
	Deprecated           = "DEPRECATED"
	ServerBusy           = "SERVER_BUSY"
	MissingRequiredField = "MISSING_REQUIRED_FIELD"
	MissingDiscriminator = "MISSING_DISCRIMINATOR"
	UnknownAction        = "UNKNOWN_ACTION"
	InvalidDiscriminator = "INVALID_DISCRIMINATOR"
	UnknownTool          = "UNKNOWN_TOOL"
	InvalidParams        = "INVALID_PARAMS"

	// Error contracts.
	InvalidInput       = "INVALID_INPUT"
	InvalidFieldType   = "INVALID_FIELD_TYPE"
	InvalidFieldValue  = "INVALID_FIELD_VALUE"
	AgentNotFound      = "AGENT_NOT_FOUND"
	CapabilityNotFound = "CAPABILITY_NOT_FOUND"
	AgentUnavailable   = "AGENT_UNAVAILABLE"
	AgentBusy          = "AGENT_BUSY"
	MCPNotConnected    = "MCP_NOT_CONNECTED"
	MCPAuthFailed      = "MCP_AUTH_FAILED"
	MCPRateLimited     = "MCP_RATE_LIMITED"
	MCPError           = "MCP_ERROR"
	CoordinationFailed = "COORDINATION_FAILED"
	TaskGraphCycle     = "TASK_GRAPH_CYCLE"
	DelegationFailed   = "DELEGATION_FAILED"
	KnowledgeNotFound  = "KNOWLEDGE_NOT_FOUND"
	ValidationFailed   = "VALIDATION_FAILED"
	ResourceNotFound   = "RESOURCE_NOT_FOUND"
	ResourceExists     = "RESOURCE_ALREADY_EXISTS"
	ServiceUnavailable = "SERVICE_UNAVAILABLE"
	BadGateway         = "BAD_GATEWAY"
	Cancelled          = "CANCELLED"
	NotImplemented     = "NOT_IMPLEMENTED"
	MethodNotAllowed   = "METHOD_NOT_ALLOWED"
	InvalidJSON        = "INVALID_JSON"
	APIKeyRequired     = "API_KEY_REQUIRED"
	APIKeyInvalid      = "API_KEY_INVALID"
	AlreadyClaimed     = "ALREADY_CLAIMED"
	LimitReached       = "LIMIT_REACHED"
	AlreadyFinalized   = "ALREADY_FINALIZED"
	InputRejected      = "INPUT_REJECTED"
)
