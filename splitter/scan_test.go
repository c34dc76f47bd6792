package splitter

import (
	"errors"
	"testing"

	"github.com/sobjects/sobjects/host"
)

// A scan answers the outputs of every leaf, bounded in all by the output limit of one
// call: past it, the scan fails with too_large instead of gathering without end.
func TestScanOutputsBoundedInAll(t *testing.T) {
	const limit = 256 // bytes, more than one leaf's stats
	presplit := Policy{Disabled: true, InitialDepth: 3}

	_, s := newEngineWith(t, t.TempDir(), host.Options{}, presplit)
	res, err := s.Client().Scan(ctx, "ledger", "book", "stats", nil)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, r := range res {
		if len(r.Output) > limit {
			t.Fatalf("one leaf's stats of %d bytes, over %d", len(r.Output), limit)
		}
		total += len(r.Output)
	}
	if len(res) != 8 || total <= limit {
		t.Fatalf("scan of %d leaves with %d bytes of outputs: want 8 leaves with more than %d", len(res), total, limit)
	}

	_, s = newEngineWith(t, t.TempDir(), host.Options{MaxOutputBytes: limit}, presplit)
	res, err = s.Client().Scan(ctx, "ledger", "book", "stats", nil)
	if !errors.Is(err, host.ErrTooLarge) || res != nil {
		t.Fatalf("scan whose outputs come to more than %d bytes: %d results, %v; want host.ErrTooLarge", limit, len(res), err)
	}
}
