package errorx

// The unexported names the external tests check, under their old names.
var (
	DeriveClass   = deriveClass
	IsStatus      = isStatus
	ParseClass    = parseClass
	ParseSeverity = parseSeverity
)

const (
	MaxLogFields  = maxLogFields
	MaxValueDepth = maxValueDepth
)
