package errorx

import (
	"strconv"

	"github.com/mcperr/mcperr/internal/errtext"
)

// maxLogFields is how many field paths an *Error's log record lists
// (LogValue); the rest are counted.
const maxLogFields = 32

// logPaths returns the paths of fields as LogValue lists them: at most
// maxLogFields, each cut by logText, then "(truncated: N more fields)"
// when there are more.
func logPaths(fields []Field) []string {
	n := min(len(fields), maxLogFields)
	paths := make([]string, n, n+1)
	for i, f := range fields[:n] {
		paths[i] = errtext.LogText(f.Path)
	}
	if more := len(fields) - n; more > 0 {
		paths = append(paths, "(truncated: "+strconv.Itoa(more)+" more fields)")
	}
	return paths
}
