package adapt_test

import (
	"fmt"

	"github.com/mcperr/mcperr/internal/adapt"
	_ "github.com/mcperr/mcperr/render" // sets the seam
)

func ExampleReadFusionField() {
	f := adapt.ReadFusionField("age", "Number must be greater than or equal to 18 You sent: 10. Must be >= 18.")
	fmt.Printf("%s | %v | %s\n", f.Message, f.Sent, f.Hint)
	f = adapt.ReadFusionField("tags", "Expected string, received array You sent: array(3). Expected type: string.")
	fmt.Printf("%s | %v (%T) | %s\n", f.Message, f.Sent, f.Sent, f.Hint)
	// Output:
	// Number must be greater than or equal to 18 | 10 | Must be >= 18.
	// Expected string, received array | array(3) (format.SentText) | Expected type: string.
}
