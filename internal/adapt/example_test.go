package adapt_test

import (
	"log/slog"
	"os"

	"github.com/mcperr/mcperr/internal/adapt"
	"github.com/mcperr/mcperr/render"
)

func ExampleLogger() {
	// An adapter logs what it keeps off the wire where the Renderer logs.
	dropTime := func(groups []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey {
			return slog.Attr{}
		}
		return a
	}
	r := render.NewRenderer(render.XML{},
		render.WithLogger(slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: dropTime}))))
	adapt.Logger(r).Info("adapter: the SDK rejected the arguments", "tool", "login")
	// Output:
	// level=INFO msg="adapter: the SDK rejected the arguments" tool=login
}
