package render

import (
	"time"

	"github.com/mcperr/mcperr/internal/toolfailure"
)

// WithToolFailure adds the ToolFailure block to every error result r
// renders (isError set), in _meta under key: "dev.mcperr/toolFailure", mcperr's own key outside the reserved prefix, when
// key is ""; "io.modelcontextprotocol/toolFailure" for the key SEP-3313's
// draft reserves (the proposal has no sponsor yet: write it only when the
// clients you serve read it). The dialect's text is
// unchanged. The block's correlationId is the id WithCorrelationID gives the
// error; without that option, an id is still chosen the same way (the
// context's when safe, else a fresh one) and logged with the error, but it
// appears on the wire only in the block. A result a handler built itself
// (HandleResult) gets no block.
//
// The block is mapped from the model as docs/clients.md says.
func WithToolFailure(key string) Option {
	if key == "" {
		key = toolfailure.VendorKey
	}
	return func(r *Renderer) { r.toolFailure = key }
}

// now is the clock of retryNotBefore, set by tests.
var now = time.Now
