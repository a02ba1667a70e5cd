// Package format holds the text primitives mcperr's dialects share: JSON
// strings and numbers byte-identical to encoding/json (with or without HTML
// escaping) or to JavaScript's JSON.stringify, JavaScript number formatting,
// XML content and attribute escaping as MCP Fusion writes it (but never a
// character XML 1.0 forbids), the "You sent" value formatter of validation
// messages, and the markdown / json / both content gating mode.
//
// Every function appends to a byte slice and allocates only when the slice
// must grow.
package format
