// Package rendertest checks that a render.Dialect keeps the rules every
// mcperr dialect follows, in the spirit of testing/slogtest: Check renders a
// model and verifies valid output (JSON or well-formed XML), determinism,
// isError, and that render.Decode reads back exactly the dialect's
// projection of the model, both in process and after a round trip through
// the result's JSON form (render.Result's MarshalJSON and UnmarshalJSON).
// Run does it for many generated models, hostile ones (unicode, escapes,
// characters XML forbids, invalid UTF-8, text that imitates each dialect's
// structure, reserved detail keys).
//
// The five built-in dialects have a documented projection (the table of
// docs/dialects.md): what Decode(Render(e)) must equal. A dialect of one's
// own is checked with Check and its own projection function.
package rendertest
