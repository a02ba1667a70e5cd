package errorx

// The unexported names the external tests check, under their old names.
var (
	AppendText    = appendText
	DeriveClass   = deriveClass
	IsStatus      = isStatus
	ParseClass    = parseClass
	ParseSeverity = parseSeverity
)

const (
	MaxLogFields  = maxLogFields
	MaxValueDepth = maxValueDepth
)
