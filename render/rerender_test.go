package render_test

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/rendercheck"
	"github.com/mcperr/mcperr/internal/testsize"
	"github.com/mcperr/mcperr/render"
)

// TestRerenderIdentical is the property that a client reading a result can
// hand it on unchanged: for every dialect, rendering what Decode read back
// gives the bytes of the first render, for generated models (500 per
// configuration by default and with -short, 4,000 in the long run).
func TestRerenderIdentical(t *testing.T) {
	n := testsize.N(500, 4000)
	if testing.Short() {
		n = 500
	}
	for i, d := range everyConfiguration() {
		r := rand.New(rand.NewPCG(uint64(i+7), 99))
		fails, skipped := 0, 0
		for range n {
			e := validModel(t, rendercheck.Model(r))
			first, _ := json.Marshal(d.Render(e))
			got, _ := render.Decode(d.Render(e))
			if d.Name() == "xml" && got.Details.Len() != e.Details.Len() {
				// Two detail keys that differ only in characters XML
				// forbids (both U+FFFD on the wire) are one key: the
				// model is not one the dialect can hold.
				skipped++
				continue
			}
			again, _ := json.Marshal(d.Render(got))
			if string(first) != string(again) {
				if fails < 3 {
					t.Errorf("%s: re-render differs\nmodel %s\nfirst %s\nagain %s", d.Name(), rendercheck.Canonical(e), first, again)
				}
				fails++
			}
		}
		if fails > 0 {
			t.Errorf("%s: %d of %d re-renders differ", d.Name(), fails, n)
		}
		t.Logf("%s: %d of %d models re-render identically, %d skipped", d.Name(), n-skipped-fails, n, skipped)
		if skipped > n/100 {
			t.Errorf("%s: %d of %d models skipped", d.Name(), skipped, n)
		}
	}
}

// validModel returns e as it reads back from its JSON form: the same model
// with invalid UTF-8 made U+FFFD, which no JSON dialect can carry (Go's
// encoding/json writes it as \ufffd, a decoder reads a real U+FFFD).
func validModel(t *testing.T, e *errorx.Error) *errorx.Error {
	t.Helper()
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	var v errorx.Error
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return &v
}
