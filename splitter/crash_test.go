package splitter

// Tests of recovery from a split cut short by a crash (split.go: rollback, resolve,
// recover, presplit): the next start completes or rolls back what the crash left.

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/sobjects/sobjects/host"
)

// A split cut short at each step as by a crash, with writers running through the
// split and through the recovery that their retries trigger in the same process; then
// the engine restarts on the same directory. Every acknowledged add is there once, every
// key is on exactly one leaf, and the leaf splits again.
func TestSplitCrashWithWritersRecoversAfterRestart(t *testing.T) {
	for _, step := range []int{stepMoving, stepCopied, stepSwitched} {
		t.Run(fmt.Sprint("step", step), func(t *testing.T) {
			dir := t.TempDir()
			e, s := newEngine(t, dir, Policy{Disabled: true})
			keys := keysN("cw", 64)
			a := newAcked()
			// Every key has a row before the writers start: they pick keys at random, and
			// a slow machine makes few enough calls that some key would have none.
			if _, err := s.Client().Call(ctx, "ledger", "crash", "add", Request{Keys: keys, Payloads: repeat(raw(2), len(keys))}); err != nil {
				t.Fatal(err)
			}
			for _, k := range keys {
				a.add(k, 2)
			}
			cr := newCrew(t)
			var calls atomic.Int64
			writers(t, cr, s, "crash", keys, 6, a, &calls)
			waitCalls(t, &calls, 30)
			s.crashAt = func(st int) bool { return st == step }
			if err := s.Split(ctx, "ledger", "crash", ""); !errors.Is(err, errCrash) {
				t.Fatalf("split: %v", err)
			}
			waitCalls(t, &calls, 100) // the writers get past the crashed split
			cr.halt()
			a.check(t, s, "crash", keys)
			s.Close()
			e.Close(ctx)

			e2, s2 := newEngine(t, dir, Policy{Disabled: true})
			a.check(t, s2, "crash", keys)
			info := waitCleanup(t, s2, "crash")
			rows, bits := sumRows(info)
			want := "0,1"
			if step < stepSwitched {
				want = ""
			}
			if strings.Join(bits, ",") != want || rows != int64(len(keys)) {
				t.Fatalf("leaves %v with %d rows; want %q with %d", bits, rows, want, len(keys))
			}
			for _, l := range info {
				if l.Splitting {
					t.Errorf("leaf %q still splitting", l.Leaf)
				}
			}
			rawRows(t, e2, "crash", info)
			// Writers again, across a new split of the last leaf.
			cr2 := newCrew(t)
			writers(t, cr2, s2, "crash", keys, 4, a, &calls)
			waitCalls(t, &calls, 20)
			if err := s2.Split(ctx, "ledger", "crash", info[len(info)-1].Leaf); err != nil {
				t.Fatal(err)
			}
			waitCalls(t, &calls, 20)
			cr2.halt()
			a.check(t, s2, "crash", keys)
		})
	}
}

// A crash in the middle of a rollback: the parent's Moving was cleared (the
// rollback's first commit) but the provisional copy was not removed. After a restart
// the object serves from its one leaf, writes to the half that was moving are kept, and
// a new split replaces the leftover copy.
func TestRollbackCutShortByCrashRecoversAfterRestart(t *testing.T) {
	dir := t.TempDir()
	e, s := newEngine(t, dir, Policy{Disabled: true})
	keys := keysN("rb", 100)
	a := newAcked()
	if _, err := s.Client().Call(ctx, "ledger", "rb", "add", Request{Keys: keys, Payloads: repeat(raw(2), len(keys))}); err != nil {
		t.Fatal(err)
	}
	for _, k := range keys {
		a.add(k, 2)
	}
	s.crashAt = func(st int) bool { return st == stepCopied }
	if err := s.Split(ctx, "ledger", "rb", ""); !errors.Is(err, errCrash) {
		t.Fatalf("split: %v", err)
	}
	// The rollback's first step, then the crash.
	if _, err := e.Run(ctx, "ledger", "rb", func(tx *host.Tx) ([]byte, error) {
		l, err := tx.DB().Leaf()
		if err != nil || l.Moving != "1" {
			return nil, fmt.Errorf("leaf %+v: %v", l, err)
		}
		l.Moving = ""
		return nil, tx.DB().SetLeaf(l)
	}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	e.Close(ctx)

	e2, s2 := newEngine(t, dir, Policy{Disabled: true})
	if !dbExists(e2, "ledger", LeafObject("rb", "1")) {
		t.Fatal("test setup: the leftover copy is gone")
	}
	c := s2.Client()
	if _, err := c.Call(ctx, "ledger", "rb", "add", Request{Keys: keys, Payloads: repeat(raw(5), len(keys))}); err != nil {
		t.Fatal(err)
	}
	for _, k := range keys {
		a.add(k, 5)
	}
	a.check(t, s2, "rb", keys)
	if _, bits := sumRows(leaves(t, s2, "rb")); strings.Join(bits, ",") != "" {
		t.Fatalf("leaves %v, want the root only", bits)
	}
	if err := s2.Split(ctx, "ledger", "rb", ""); err != nil {
		t.Fatalf("split after a rollback cut short: %v", err)
	}
	a.check(t, s2, "rb", keys)
	info := waitCleanup(t, s2, "rb")
	if rows, bits := sumRows(info); strings.Join(bits, ",") != "0,1" || rows != int64(len(keys)) {
		t.Fatalf("leaves %v with %d rows", bits, rows)
	}
	rawRows(t, e2, "rb", info)
}

// A presplit (InitialDepth) cut short by a crash is completed at the next start:
// the object ends with 2^InitialDepth leaves of that depth.
func TestPresplitResumesAfterCrash(t *testing.T) {
	dir := t.TempDir()
	p := Policy{Disabled: true, InitialDepth: 2}
	e, s := newEngine(t, dir, p)
	var n atomic.Int32
	s.crashAt = func(st int) bool { return st == stepCopied && n.Add(1) == 3 } // the third of 3 splits
	r := Request{Keys: []string{"a"}, Payloads: []json.RawMessage{raw(1)}}
	if _, err := s.Client().Call(ctx, "ledger", "pre", "put", r); !errors.Is(err, errCrash) {
		t.Fatalf("first call: %v, want the presplit's crash", err)
	}
	s.Close()
	e.Close(ctx)
	_, s2 := newEngine(t, dir, p)
	if _, err := s2.Client().Call(ctx, "ledger", "pre", "put", r); err != nil {
		t.Fatal(err)
	}
	if _, bits := sumRows(leaves(t, s2, "pre")); strings.Join(bits, ",") != "00,01,10,11" {
		t.Fatalf("leaves %v after a presplit to depth 2 cut short and a restart; want 00,01,10,11", bits)
	}
}

// After a crash that left a provisional new leaf (before or after the switch),
// the first calls after the restart come all at once, from many clients, to both the
// parent and the new leaf, with Describe and Scan among them: each call succeeds, every
// acknowledged add is applied once, and the split ends rolled back or complete.
func TestConcurrentFirstCallsAfterCrashResolveProvisionalLeaf(t *testing.T) {
	dir := t.TempDir()
	e, s := newEngine(t, dir, Policy{Disabled: true})
	keys := keysN("pf", 128)
	steps := []int{stepCopied, stepSwitched}
	acks := map[int]*acked{}
	for _, step := range steps {
		name := fmt.Sprint("pf", step)
		a := newAcked()
		acks[step] = a
		if _, err := s.Client().Call(ctx, "ledger", name, "add", Request{Keys: keys, Payloads: repeat(raw(1), len(keys))}); err != nil {
			t.Fatal(err)
		}
		for _, k := range keys {
			a.add(k, 1)
		}
		s.crashAt = func(st int) bool { return st == step }
		if err := s.Split(ctx, "ledger", name, ""); !errors.Is(err, errCrash) {
			t.Fatalf("split: %v", err)
		}
	}
	s.Close()
	e.Close(ctx)

	e2, s2 := newEngine(t, dir, Policy{Disabled: true})
	for _, step := range steps {
		t.Run(fmt.Sprint("step", step), func(t *testing.T) {
			name, a := fmt.Sprint("pf", step), acks[step]
			// Clients that knew the split (so they go to the new leaf first) and fresh ones.
			k0, k1 := keyIn(t, keys, "0"), keyIn(t, keys, "1")
			start := make(chan struct{})
			var wg sync.WaitGroup
			for w := range 16 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					cl := s2.Client()
					if w%2 == 0 {
						cl.learn("ledger", name, "", 1) // knew the root held leaf 0
					}
					rng := rand.New(rand.NewPCG(uint64(w), 4))
					<-start
					for range 10 {
						var sub []string
						switch rng.IntN(3) {
						case 0:
							sub = []string{k1}
						case 1:
							sub = []string{k0, k1}
						default:
							sub = []string{keys[rng.IntN(len(keys))], k1}
							if sub[0] == k1 {
								sub = sub[1:]
							}
						}
						r := Request{Keys: sub, Payloads: repeat(raw(1), len(sub))}
						res, err := cl.Call(ctx, "ledger", name, "add", r)
						if err == nil {
							err = checkOwners(sub, res)
						}
						if err != nil {
							t.Errorf("writer %d: %v", w, err)
							return
						}
						for _, k := range sub {
							a.add(k, 1)
						}
					}
				}()
			}
			for range 2 {
				wg.Add(2)
				go func() {
					defer wg.Done()
					<-start
					info, err := s2.Describe(ctx, "ledger", name)
					if err == nil {
						if rows, bits := sumRows(info); rows != int64(len(keys)) {
							err = fmt.Errorf("leaves %v hold %d rows, want %d", bits, rows, len(keys))
						}
					}
					if err != nil {
						t.Errorf("describe: %v", err)
					}
				}()
				go func() {
					defer wg.Done()
					<-start
					res, err := s2.Client().Scan(ctx, "ledger", name, "stats", nil)
					total := 0
					for _, r := range res {
						var st struct{ Rows int }
						json.Unmarshal(r.Output, &st)
						total += st.Rows
					}
					if err == nil && total != len(keys) {
						err = fmt.Errorf("%d leaves count %d rows, want %d", len(res), total, len(keys))
					}
					if err != nil {
						t.Errorf("scan: %v", err)
					}
				}()
			}
			close(start)
			wg.Wait()
			a.check(t, s2, name, keys)
			info := waitCleanup(t, s2, name)
			want := "0,1"
			if step < stepSwitched {
				want = ""
			}
			if rows, bits := sumRows(info); strings.Join(bits, ",") != want || rows != int64(len(keys)) {
				t.Errorf("leaves %v with %d rows; want %q with %d", bits, rows, want, len(keys))
			}
			rawRows(t, e2, name, info)
		})
	}
}
