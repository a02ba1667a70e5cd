// Package forgerytest checks that caller text cannot forge the structure of
// a rendered tool error.
//
// A server's sentences (message, recovery, summary, hint, did-you-mean) are
// its own; what the caller chose (a key, a path, a value, a tool or action
// name) may reach the wire only in slots each dialect escapes, or quoted and
// escaped where a sentence names it. The proof is a comparison: the same call
// is made twice, once with a benign text (Benign) and once with a hostile one
// (Texts) in the same role, and what a client reads from the two results must
// have the same shape (Read, Compare):
//
//   - a markdown block (toolError:v1's and needsInput:v1's human block),
//     parsed by a CommonMark parser (github.com/yuin/goldmark), has the same
//     tree of block and inline nodes: no extra paragraph, heading, list,
//     emphasis, link, image, raw HTML or code span;
//   - an XML document (the xml dialect) is well-formed and has the same
//     elements and attribute names;
//   - a JSON text block, the structuredContent and the _meta (where the
//     ToolFailure block travels) parse and have the same key skeleton, a
//     key that held the benign text excepted;
//   - render.Decode reads back the same dialect and the same number of
//     fields, actions and details;
//   - every text block has the same structure lines (Lines): the lines a
//     reader, a model reading the raw text among them, takes for a label,
//     an item, a heading, a fence, a quote or a new paragraph (markdown),
//     for a tag (XML), or any line at all (JSON).
//
// A server's sentence may hold the caller's text too: a handler writes
// errorx.NotFound("No user has the id " + id + "."). Its author's inline
// markdown is the server's to write, so CompareServerText lets a markdown
// block's inline nodes differ; its blocks and structure lines may not.
//
// Leaks reports a secret or a hidden text that reached the wire.
//
// The cases (every sentence builder of errorx, validation, render and gosdk,
// driven with every hostile text in every dialect), the table of cases known
// to fail and the fuzz target are in this package's tests.
package forgerytest
