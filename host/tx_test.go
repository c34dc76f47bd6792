package host

import (
	"context"
	"testing"
)

// Tx.HasExport answers for an object of any plugin format, through the format's
// instance: for an Extism plugin it used to dereference the native module, which an
// Extism instance does not have, and the host function's panic failed the work.
func TestTxHasExportAnswersForEveryFormat(t *testing.T) {
	native := newEngine(t, Options{})
	ext := newExtismEngine(t, Options{})
	for _, c := range []struct {
		e     *Engine
		class string
	}{{native, "counter"}, {ext, extismCounters[0].class}, {ext, extismCounters[1].class}} {
		t.Run(c.class, func(t *testing.T) {
			var has, hasNot bool
			_, err := c.e.Run(context.Background(), c.class, "a", func(tx *Tx) ([]byte, error) {
				has, hasNot = tx.HasExport("increment"), tx.HasExport("no_such_export")
				return nil, nil
			})
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			if !has || hasNot {
				t.Fatalf("HasExport(increment) = %v, HasExport(no_such_export) = %v; want true, false", has, hasNot)
			}
			// The object still serves calls afterwards.
			if got := mustCall(t, c.e, c.class, "a", "increment", `{"by":3}`)["value"]; got != 3.0 {
				t.Fatalf("increment after Run: value %v, want 3", got)
			}
		})
	}
}
