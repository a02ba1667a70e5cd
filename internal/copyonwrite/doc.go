// Package copyonwrite edits the members of JSON-shaped values (objects as
// map[string]any, lists as []any) without changing the value it is given:
// the container is copied on the first member that changes, and returned
// as it is when none does. errorx and validation use it to redact secrets
// inside sent values they do not own. A Guard bounds such a walk: cycles,
// depth and the number of values visited.
package copyonwrite
