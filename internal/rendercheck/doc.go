// Package rendercheck holds the conformance checks of package
// render/rendertest and the helpers mcperr's own tests share: the
// documented projection of each built-in dialect (Project,
// ProjectNeedsInput), a generator of hostile models (Model, Value, String,
// HostileTexts) and the output checks (Canonical, Valid, WellFormedXML).
// render/rendertest exports Check and Run, which call it.
package rendercheck
