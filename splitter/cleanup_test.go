package splitter

// Tests of the background deletion of given-away rows after a split (split.go:
// cleanup, clean).

import (
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// Crash during recovery: a split that switched is completed at the next start and
// its given-away rows are deleted in the background; the engine closes while that
// deletion runs (and once more right after a normal split), and at the next start every
// row is where it belongs, none lost, none back.
func TestRestartDuringCleanupKeepsEveryRowInPlace(t *testing.T) {
	dir := t.TempDir()
	e, s := newEngine(t, dir, Policy{Disabled: true})
	keys := keysN("cl", 3000)
	payloads := make([]json.RawMessage, len(keys))
	for i := range keys {
		payloads[i] = raw(i)
	}
	if _, err := s.Client().Call(ctx, "ledger", "cl", "put", Request{Keys: keys, Payloads: payloads}); err != nil {
		t.Fatal(err)
	}
	s.crashAt = func(st int) bool { return st == stepSwitched }
	if err := s.Split(ctx, "ledger", "cl", ""); !errors.Is(err, errCrash) {
		t.Fatalf("split: %v", err)
	}
	s.Close()
	e.Close(ctx)

	check := func(s *Splitter) {
		t.Helper()
		vals := get(t, s.Client(), "cl", keys)
		for i, k := range keys {
			if string(vals[k]) != fmt.Sprint(i) {
				t.Fatalf("key %s = %s, want %d", k, vals[k], i)
			}
		}
	}
	// Recovery: the first call completes the split and starts both deletions; the
	// engine closes under them.
	e2, s2 := newEngine(t, dir, Policy{Disabled: true})
	check(s2)
	s2.Close()
	e2.Close(ctx)

	e3, s3 := newEngine(t, dir, Policy{Disabled: true})
	check(s3)
	// A normal split, and a close right after it.
	if err := s3.Split(ctx, "ledger", "cl", "1"); err != nil {
		t.Fatal(err)
	}
	s3.Close()
	e3.Close(ctx)

	e4, s4 := newEngine(t, dir, Policy{Disabled: true})
	check(s4)
	info := waitCleanup(t, s4, "cl")
	if rows, bits := sumRows(info); strings.Join(bits, ",") != "0,10,11" || rows != int64(len(keys)) {
		t.Fatalf("leaves %v with %d rows; want 0,10,11 with %d", bits, rows, len(keys))
	}
	rawRows(t, e4, "cl", info)
	check(s4)
}

// Cleanup of given-away rows races writes and further splits (of both halves, and
// of their halves, while the first deletions still run): no row comes back and none
// vanishes; each database ends up holding only its own rows.
func TestCleanupRacingWritesAndSplitsLosesNoRow(t *testing.T) {
	e, s := newEngine(t, t.TempDir(), Policy{Disabled: true})
	keys := keysN("cr", 4000)
	a := newAcked()
	if _, err := s.Client().Call(ctx, "ledger", "cr", "add", Request{Keys: keys, Payloads: repeat(raw(1), len(keys))}); err != nil {
		t.Fatal(err)
	}
	for _, k := range keys {
		a.add(k, 1)
	}
	cr := newCrew(t)
	var calls atomic.Int64
	writers(t, cr, s, "cr", keys, 4, a, &calls)
	var splits sync.WaitGroup
	for _, level := range [][]string{{""}, {"0", "1"}, {"00", "01", "10", "11"}} {
		for _, bits := range level {
			splits.Add(1)
			go func() {
				defer splits.Done()
				for {
					err := s.Split(ctx, "ledger", "cr", bits)
					// A split refused as stale while its leaf is still there is
					// TestSplitNotRefusedWhileAnotherLeafResolves's bug: ask again.
					if errors.Is(err, ErrStale) && strings.Contains(err.Error(), "was being split or rolled back") {
						continue
					}
					if err != nil {
						t.Errorf("split %q: %v", bits, err)
					}
					return
				}
			}()
		}
		splits.Wait()
		if t.Failed() {
			break
		}
	}
	waitCalls(t, &calls, 50)
	cr.halt()
	a.check(t, s, "cr", keys)
	info := settle(t, s, "cr")
	if rows, bits := sumRows(info); len(info) != 8 || rows != int64(len(keys)) {
		t.Errorf("leaves %v with %d rows; want 8 leaves with %d", bits, rows, len(keys))
	}
	rawRows(t, e, "cr", info)
	// The sum over all leaves equals the acknowledged adds.
	res, err := s.Client().Scan(ctx, "ledger", "cr", "stats", nil)
	if err != nil {
		t.Fatal(err)
	}
	var sum, want int64
	for _, r := range res {
		var st struct{ Sum int64 }
		json.Unmarshal(r.Output, &st)
		sum += st.Sum
	}
	a.mu.Lock()
	for _, v := range a.m {
		want += v
	}
	a.mu.Unlock()
	if sum != want {
		t.Errorf("scan sums to %d, acknowledged adds to %d", sum, want)
	}
}

// The deletion of given-away rows is not lost when a split of the same object
// switches just as the previous deletion finishes: every leaf ends up clean. The race
// is timing-dependent (the previous deletion's goroutine must be slow to exit between
// its last transaction and clearing its mark), so the CPUs are kept busy meanwhile; it
// fails in some runs only.
func TestCleanupNotLostToARacingSplit(t *testing.T) {
	_, s := newEngine(t, t.TempDir(), Policy{Disabled: true})
	spin := make(chan struct{})
	var spinners sync.WaitGroup
	for range 4 * runtime.GOMAXPROCS(0) {
		spinners.Add(1)
		go func() {
			defer spinners.Done()
			x := 0
			for {
				select {
				case <-spin:
					return
				default:
				}
				for i := range 1 << 20 {
					x += i
				}
			}
		}()
	}
	var wg sync.WaitGroup
	names := keysN("cln", 6)
	for _, name := range names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			keys := keysN("q", 1500)
			if _, err := s.Client().Call(ctx, "ledger", name, "put", Request{Keys: keys, Payloads: repeat(raw(1), len(keys))}); err != nil {
				t.Error(err)
				return
			}
			// Each split of the root object's leaf switches while the deletion of the
			// rows the previous one gave away may be ending.
			for d := range 8 {
				if err := s.Split(ctx, "ledger", name, strings.Repeat("0", d)); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(spin)
	spinners.Wait()
	for _, name := range names {
		info := waitCleanup(t, s, name)
		if rows, _ := sumRows(info); rows != 1500 {
			t.Errorf("%s: %d rows, want 1500", name, rows)
		}
	}
}
