package render

import (
	"log/slog"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/adapt"
)

// The seams the adapters and mcperr's tests reach render's own reads by.
func init() {
	adapt.Logger = func(r any) *slog.Logger { return r.(*Renderer).log() }
	adapt.ReadFusionField = readFusionField
	adapt.Bound = func(e *errorx.Error) *errorx.Error { return DefaultLimits.apply(e) }
}
