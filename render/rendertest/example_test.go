package rendertest_test

import (
	"fmt"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/render"
	"github.com/mcperr/mcperr/render/rendertest"
)

// Check renders a model in a dialect and verifies the output (valid,
// deterministic, isError) and that Decode reads back exactly what the projection
// says the dialect keeps (the table of docs/dialects.md; nil picks it for
// the built-in dialects). A dialect of one's own passes its own projection
// function.
func ExampleCheck() {
	e := errorx.New("NOT_FOUND", "Project 'proj_xyz' does not exist.").
		WithRecovery("Call projects.list first.").
		WithDetail("entity_id", "proj_xyz")
	for _, d := range []render.Dialect{render.Interbase{}, render.XML{}, render.Envelope{}} {
		fmt.Println(d.Name(), rendertest.Check(d, e, nil))
	}
	// Output:
	// interbase <nil>
	// xml <nil>
	// envelope <nil>
}
