package render_test

import (
	"testing"

	"github.com/mcperr/mcperr/internal/testsize"
	"github.com/mcperr/mcperr/render/rendertest"
)

// TestConformance runs every dialect (and every toolerror mode, and the
// envelope's options) over generated models: valid output, determinism,
// isError, and the round trip through Decode onto the documented projection:
// 500 models per configuration by default and with -short, 10,000 in the
// long run (testsize.Long).
func TestConformance(t *testing.T) {
	n := testsize.N(500, 10_000)
	if testing.Short() {
		n = 500
	}
	for i, d := range everyConfiguration() {
		t.Run(d.Name(), func(t *testing.T) {
			t.Parallel()
			rendertest.Run(t, d, n, uint64(i+1))
		})
	}
}
