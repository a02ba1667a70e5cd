package gosdk

import (
	"context"
	"slices"
	"strings"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/validation"
)

// maxSuggested is how many of the closest tools an unknown tool's error
// names.
const maxSuggested = 3

// unknownTool returns the error for the call of a tool the server does not
// have: UNKNOWN_TOOL (class NOT_FOUND), the closest tools as actions and in
// a did-you-mean, and the advice to list the tools again. It does not wrap
// go-sdk's JSON-RPC error: an error that does is one the handler meant as
// a protocol error (render.Call.Protocol).
func (s *serverTools) unknownTool(ctx context.Context) *errorx.Error {
	var names []string
	for _, t := range s.list(ctx) {
		if t != nil {
			names = append(names, t.Name)
		}
	}
	return unknownToolError(s.req.Params.Name, names)
}

// unknownToolError returns the error for a call of the tool name, which is
// not among tools: UNKNOWN_TOOL (class NOT_FOUND, not retryable), with the
// closest of tools (up to maxSuggested, by validation.Closest) as its
// actions and in a "Did you mean" recovery that tells the agent to list the
// tools again and call one by its exact name. The message names the tool
// called through errorx.Quote, as every sentence names caller text: a name cannot add markdown
// (a link, an image a client would fetch, a heading) to the sentence.
func unknownToolError(name string, tools []string) *errorx.Error {
	near := closestTools(name, tools)
	recovery := "List the tools again (tools/list) and call one of them by its exact name."
	if len(near) > 0 {
		recovery = "Did you mean " + orList(near) + "? " + recovery
	}
	return errorx.New(errorx.CodeUnknownTool, "The server has no tool named "+errorx.Quote(name)+".").
		WithRecovery(recovery).
		WithActions(near...)
}

// closestTools returns up to maxSuggested tools near name, the nearest
// first: validation.Closest, asked again without the tools it already gave.
func closestTools(name string, tools []string) []string {
	rest := slices.Clone(tools)
	var near []string
	for len(near) < maxSuggested {
		best, ok := validation.Closest(name, rest...)
		if !ok {
			break
		}
		near = append(near, best)
		rest = slices.DeleteFunc(rest, func(t string) bool { return t == best })
	}
	return near
}

// orList writes names as "a", "a or b", "a, b or c".
func orList(names []string) string {
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
