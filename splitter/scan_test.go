package splitter

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
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

// A keyed call's leaves answer at most the output limit in all: once the answers so far
// come to it, the leaves not yet called fail with too_large without running, so a call
// whose keys reach thousands of leaves cannot gather thousands of outputs.
func TestKeyedCallOutputsBoundedInAll(t *testing.T) {
	const limit = 12 << 10 // bytes: one leaf's answer (8 values of 1 KB) fits, the 8 leaves' do not
	presplit := Policy{Disabled: true, InitialDepth: 3}
	_, s := newEngineWith(t, t.TempDir(), host.Options{MaxOutputBytes: limit}, presplit)
	c := s.Client()
	var keys []string
	var payloads []json.RawMessage
	value, _ := json.Marshal(strings.Repeat("v", 1000))
	for i := range 64 {
		keys = append(keys, fmt.Sprintf("key-%d", i))
		payloads = append(payloads, value)
	}
	if _, err := c.Call(ctx, "ledger", "big", "put", Request{Keys: keys, Payloads: payloads}); err != nil {
		t.Fatal(err)
	}
	res, err := c.Call(ctx, "ledger", "big", "get", Request{Keys: keys})
	failed := LeafErrors(err)
	total, largest := 0, 0
	for _, r := range res {
		total, largest = total+len(r.Output), max(largest, len(r.Output))
	}
	for _, f := range failed {
		if !errors.Is(f.Err, host.ErrTooLarge) {
			t.Fatalf("leaf %q failed with %v, want host.ErrTooLarge", f.Leaf, f.Err)
		}
	}
	if len(failed) == 0 || len(res)+len(failed) != 8 {
		t.Fatalf("a get of 64 KB over 8 leaves under a %d-byte limit: %d answered, %d failed; want some refused", limit, len(res), len(failed))
	}
	// What is held at once: the limit, and one answer per leaf running meanwhile.
	if bound := limit + s.e.Options().Threads*largest; total > bound {
		t.Fatalf("the answers come to %d bytes, over %d", total, bound)
	}
}
