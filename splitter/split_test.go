package splitter

// Tests of the split protocol (split.go): splits racing each other, writers, calls
// that wait on them and their contexts; the plugin's lifecycle exports and alarms
// across a split.

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/storage"
)

// pauseAt makes the next split that reaches step stop there until release is called:
// reached closes when it does.
func pauseAt(s *Splitter, step int) (reached chan struct{}, release func()) {
	reached = make(chan struct{})
	gate := make(chan struct{})
	var once sync.Once
	s.crashAt = func(st int) bool {
		if st == step {
			fired := false
			once.Do(func() { fired = true })
			if fired {
				close(reached)
				<-gate
			}
		}
		return false
	}
	var ronce sync.Once
	return reached, func() { ronce.Do(func() { close(gate) }) }
}

// Explicit splits of the same leaf and of parent and child leaves (leaves that live
// in one object: "0" and "00", "1" and "10") race each other, writers, Describe and Scan.
// Each split succeeds or is refused as stale; Describe and Scan always count every row
// once; every acknowledged add is applied once.
func TestRacingSplitsCountEveryRowOnce(t *testing.T) {
	e, s := newEngine(t, t.TempDir(), Policy{Disabled: true})
	keys := keysN("race", 128)
	a := newAcked()
	if _, err := s.Client().Call(ctx, "ledger", "race", "add", Request{Keys: keys, Payloads: repeat(raw(1), len(keys))}); err != nil {
		t.Fatal(err)
	}
	for _, k := range keys {
		a.add(k, 1)
	}
	if err := s.Split(ctx, "ledger", "race", ""); err != nil {
		t.Fatal(err)
	}
	cr := newCrew(t)
	var calls atomic.Int64
	writers(t, cr, s, "race", keys, 4, a, &calls)

	// Observers: every key is in exactly one leaf at any time, so each Describe and each
	// Scan counts all 128 rows.
	var observed atomic.Int64
	cr.run(func() bool {
		info, err := s.Describe(ctx, "ledger", "race")
		if err != nil {
			t.Errorf("describe: %v", err)
			return false
		}
		if rows, bits := sumRows(info); rows != int64(len(keys)) {
			t.Errorf("describe during splits: leaves %v hold %d rows, want %d", bits, rows, len(keys))
			return false
		}
		observed.Add(1)
		return true
	})
	scanner := s.Client()
	cr.run(func() bool {
		res, err := scanner.Scan(ctx, "ledger", "race", "stats", nil)
		if err != nil {
			t.Errorf("scan: %v", err)
			return false
		}
		total := 0
		for _, r := range res {
			var st struct{ Rows int }
			json.Unmarshal(r.Output, &st)
			total += st.Rows
		}
		if total != len(keys) {
			t.Errorf("scan during splits: %d leaves count %d rows, want %d", len(res), total, len(keys))
			return false
		}
		observed.Add(1)
		return true
	})

	// Leaves whose objects exist (the root and race~1; see TestSplitOfUnmadeLeafIsStaleAndLeavesNothing
	// for leaves whose objects do not): each asked three times at once, in random orders.
	cands := []string{"0", "1", "00", "10", "000", "100"}
	var splits sync.WaitGroup
	var done atomic.Int64
	for g := range 3 {
		splits.Add(1)
		go func() {
			defer splits.Done()
			order := rand.New(rand.NewPCG(uint64(g), 3)).Perm(len(cands))
			for _, i := range order {
				err := s.Split(ctx, "ledger", "race", cands[i])
				switch {
				case err == nil:
					done.Add(1)
				case errors.Is(err, ErrStale):
				default:
					t.Errorf("split %q: %v", cands[i], err)
				}
			}
		}()
	}
	splits.Wait()
	waitCalls(t, &calls, 50)
	cr.halt()
	a.check(t, s, "race", keys)
	info := settle(t, s, "race")
	rows, bits := sumRows(info)
	if rows != int64(len(keys)) {
		t.Errorf("leaves %v hold %d rows, want %d", bits, rows, len(keys))
	}
	rawRows(t, e, "race", info)
	// No leaf is split twice, none is lost: the leaves cover the key space once.
	var cover float64
	for _, b := range bits {
		cover += 1 / float64(uint64(1)<<len(b))
	}
	if cover != 1 {
		t.Errorf("leaves %v cover %v of the key space", bits, cover)
	}
	t.Logf("%d splits succeeded; leaves %v; %d calls, %d observations", done.Load(), bits, calls.Load(), observed.Load())
}

// A call that waits on a split (its write was refused as Moving, or the new leaf is
// still provisional) ends with its context, applying nothing; reads of the moving half
// and writes to the staying half go on meanwhile; a second split of the same leaf
// gives up with its context.
func TestCallWaitingOnASplitEndsWithItsContext(t *testing.T) {
	for _, step := range []int{stepMoving, stepSwitched} {
		t.Run(fmt.Sprint("step", step), func(t *testing.T) {
			_, s := newEngine(t, t.TempDir(), Policy{Disabled: true})
			keys := keysN("mv", 64)
			k0, k1 := keyIn(t, keys, "0"), keyIn(t, keys, "1")
			c := s.Client()
			if _, err := c.Call(ctx, "ledger", "mv", "add", Request{Keys: []string{k0, k1}, Payloads: []json.RawMessage{raw(1), raw(1)}}); err != nil {
				t.Fatal(err)
			}
			reached, release := pauseAt(s, step)
			defer release()
			errc := make(chan error, 1)
			go func() { errc <- s.Split(ctx, "ledger", "mv", "") }()
			<-reached

			if step == stepMoving {
				// Reads of the moving half go on.
				if v := get(t, c, "mv", []string{k1})[k1]; string(v) != "1" {
					t.Fatalf("read of %s during the copy: %s", k1, v)
				}
			}
			// Writes to the half that stays go on.
			if _, err := c.Call(ctx, "ledger", "mv", "add", Request{Keys: []string{k0}, Payloads: []json.RawMessage{raw(1)}}); err != nil {
				t.Fatalf("write to the staying half during the split: %v", err)
			}
			// A write to the moving half waits for the split; its context ends first.
			for _, cl := range []*Client{c, s.Client()} {
				cctx, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
				_, err := cl.Call(cctx, "ledger", "mv", "add", Request{Keys: []string{k1}, Payloads: []json.RawMessage{raw(100)}})
				cancel()
				if !errors.Is(err, context.DeadlineExceeded) {
					t.Fatalf("write to the moving half with a context that ends during the split: %v", err)
				}
			}
			// A split of the same leaf gives up with its context.
			cctx, cancel := context.WithCancel(ctx)
			cancel()
			if err := s.Split(cctx, "ledger", "mv", ""); !errors.Is(err, context.Canceled) {
				t.Fatalf("second split with a cancelled context: %v", err)
			}
			release()
			if err := <-errc; err != nil {
				t.Fatal(err)
			}
			vals := get(t, s.Client(), "mv", []string{k0, k1})
			if string(vals[k0]) != "2" || string(vals[k1]) != "1" {
				t.Fatalf("after the split: %s = %s (want 2), %s = %s (want 1: the cancelled writes applied nothing)", k0, vals[k0], k1, vals[k1])
			}
			if _, err := c.Call(ctx, "ledger", "mv", "add", Request{Keys: []string{k1}, Payloads: []json.RawMessage{raw(1)}}); err != nil {
				t.Fatal(err)
			}
			if v := get(t, s.Client(), "mv", []string{k1})[k1]; string(v) != "2" {
				t.Fatalf("%s = %s, want 2", k1, v)
			}
		})
	}
}

// Keys with unusual bytes (unicode, NUL, quotes, control characters, 2048 bytes) and
// keys whose hashes share a 20-bit prefix, in an object with the longest name, split
// along one key's path down to MaxDepth 32: every key keeps its value and is answered
// by its owner. Splits of invalid or too deep leaves are refused.
func TestUnusualKeysSurviveSplitsToMaxDepth(t *testing.T) {
	e, s := newEngine(t, t.TempDir(), Policy{Disabled: true, MaxDepth: 32})
	name := strings.Repeat("n", MaxNameBytes)
	keys := []string{"ключ-🔑", "a\x00b", "quote\"back\\slash", "ctl\n\t\x01\x1f", "\u2028\u2029", "\x7f",
		strings.Repeat("k", abi.MaxKVKeyBytes), strings.Repeat("é", abi.MaxKVKeyBytes/2), "{\"keys\":[]}"}
	// Two keys whose hashes share their first 20 bits.
	seen := map[string]string{}
	var p1, p2 string
	for i := 0; p1 == ""; i++ {
		k := fmt.Sprint("p", i)
		pre := storage.HashBits(storage.KeyHash(k), 20)
		if o, ok := seen[pre]; ok {
			p1, p2 = o, k
		}
		seen[pre] = k
	}
	keys = append(keys, p1, p2)
	keys = append(keys, keysN("f", 50)...)
	payloads := make([]json.RawMessage, len(keys))
	for i := range keys {
		payloads[i] = raw(i)
	}
	c := s.Client()
	if _, err := c.Call(ctx, "ledger", name, "put", Request{Keys: keys, Payloads: payloads}); err != nil {
		t.Fatal(err)
	}
	check := func(cl *Client) {
		t.Helper()
		vals := get(t, cl, name, keys)
		for i, k := range keys {
			if string(vals[k]) != fmt.Sprint(i) {
				t.Fatalf("key %q = %s, want %d", k, vals[k], i)
			}
		}
	}
	stale := s.Client()
	check(stale)
	h := storage.KeyHash(p1)
	for d := 0; d < 32; d++ {
		bits := storage.HashBits(h, d)
		if err := s.Split(ctx, "ledger", name, bits); err != nil {
			t.Fatalf("split %q: %v", bits, err)
		}
		if d%8 == 7 {
			check(c)
		}
	}
	check(c)
	check(stale) // learns 32 splits by hops
	check(s.Client())
	info := leaves(t, s, name)
	if len(info) != 33 {
		t.Errorf("%d leaves, want 33", len(info))
	}
	for _, l := range info {
		if len(l.Object) > abi.MaxNameLen {
			t.Errorf("leaf object name of %d bytes", len(l.Object))
		}
	}
	if rows, _ := sumRows(info); rows != int64(len(keys)) {
		t.Errorf("%d rows, want %d", rows, len(keys))
	}
	res, err := c.Scan(ctx, "ledger", name, "stats", nil)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, r := range res {
		var st struct{ Rows int }
		json.Unmarshal(r.Output, &st)
		total += st.Rows
	}
	if len(res) != 33 || total != len(keys) {
		t.Errorf("scan: %d leaves, %d rows; want 33 and %d", len(res), total, len(keys))
	}
	// Invalid splits are refused and change nothing.
	for _, bits := range []string{strings.Repeat("0", 65), "2", "0 1"} {
		if err := s.Split(ctx, "ledger", name, bits); !errors.Is(err, host.ErrInvalidName) {
			t.Errorf("split of leaf %q: %v, want ErrInvalidName", bits, err)
		}
	}
	if err := s.Split(ctx, "ledger", name, storage.HashBits(h, 32)); !errors.Is(err, ErrMaxDepth) {
		t.Errorf("split of a leaf at max depth: %v, want ErrMaxDepth", err)
	}
	if err := s.Split(ctx, "ledger", name+"n", ""); !errors.Is(err, host.ErrInvalidName) {
		t.Errorf("split of an object with a name too long: %v", err)
	}
	for _, bad := range []string{"", "bad\xff"} {
		if _, err := c.Call(ctx, "ledger", name, "get", Request{Keys: []string{bad}}); !codeIs(abi.CodeBadInput)(err) {
			t.Errorf("key of %d bytes: %v, want bad_input", len(bad), err)
		}
	}
	if _, err := c.Call(ctx, "ledger", name, "get", Request{Keys: []string{strings.Repeat("k", abi.MaxKVKeyBytes+1)}}); !codeIs(abi.CodeTooLarge)(err) {
		t.Errorf("key over the limit: %v, want too_large", err)
	}
	info = waitCleanup(t, s, name)
	rawRows(t, e, name, info)
	check(s.Client())
}

// A split asked of a leaf that does not exist yet (leaf "1" of an object that
// never split; leaf "01" before "0" split) is refused as stale, and must leave nothing
// behind: the real split of the parent leaf still works.
func TestSplitOfUnmadeLeafIsStaleAndLeavesNothing(t *testing.T) {
	e, s := newEngine(t, t.TempDir(), Policy{Disabled: true})
	keys := keysN("st", 100)
	a := newAcked()
	if _, err := s.Client().Call(ctx, "ledger", "st", "add", Request{Keys: keys, Payloads: repeat(raw(1), len(keys))}); err != nil {
		t.Fatal(err)
	}
	for _, k := range keys {
		a.add(k, 1)
	}
	for _, step := range []struct{ stale, real string }{{"1", ""}, {"01", "0"}, {"11", "1"}} {
		if err := s.Split(ctx, "ledger", "st", step.stale); !errors.Is(err, ErrStale) {
			t.Errorf("split of leaf %q, which does not exist: %v, want ErrStale", step.stale, err)
		}
		if obj := LeafObject("st", step.stale); dbExists(e, "ledger", obj) {
			t.Errorf("a split refused as stale created object %s", obj)
		}
		if err := s.Split(ctx, "ledger", "st", step.real); err != nil {
			t.Fatalf("split of leaf %q after a stale split of %q: %v", step.real, step.stale, err)
		}
	}
	a.check(t, s, "st", keys)
	if _, bits := sumRows(waitCleanup(t, s, "st")); strings.Join(bits, ",") != "00,01,10,11" {
		t.Fatalf("leaves %v", bits)
	}
}

// Splits whose context ends at a random point (before, during or after any step)
// while writers run: each split either completes or rolls back, nothing is left
// splitting or provisional, every acknowledged add is applied once, and every leaf can
// still split.
func TestSplitsCutShortByContextCompleteOrRollBack(t *testing.T) {
	e, s := newEngine(t, t.TempDir(), Policy{Disabled: true, MaxDepth: 6})
	keys := keysN("to", 256)
	a := newAcked()
	if _, err := s.Client().Call(ctx, "ledger", "to", "add", Request{Keys: keys, Payloads: repeat(raw(1), len(keys))}); err != nil {
		t.Fatal(err)
	}
	for _, k := range keys {
		a.add(k, 1)
	}
	cr := newCrew(t)
	var calls atomic.Int64
	writers(t, cr, s, "to", keys, 4, a, &calls)
	waitCalls(t, &calls, 20)
	rng := rand.New(rand.NewPCG(5, 5))
	var ok, cut int
	for i := 0; i < 40 && !t.Failed(); i++ {
		info := leaves(t, s, "to")
		l := info[rng.IntN(len(info))]
		if len(l.Leaf) >= 5 {
			continue
		}
		cctx, cancel := context.WithTimeout(ctx, time.Duration(rng.IntN(10000))*time.Microsecond)
		err := s.Split(cctx, "ledger", "to", l.Leaf)
		cancel()
		switch {
		case err == nil:
			ok++
		case errors.Is(err, context.DeadlineExceeded):
			cut++
		default:
			t.Errorf("split %q: %v", l.Leaf, err)
		}
	}
	waitCalls(t, &calls, 20)
	cr.halt()
	a.check(t, s, "to", keys)
	info := waitCleanup(t, s, "to")
	for _, l := range info {
		if l.Splitting {
			t.Errorf("leaf %q still splitting", l.Leaf)
		}
	}
	if rows, bits := sumRows(info); rows != int64(len(keys)) {
		t.Errorf("leaves %v hold %d rows, want %d", bits, rows, len(keys))
	}
	rawRows(t, e, "to", info)
	for _, l := range info {
		if len(l.Leaf) < 6 {
			if err := s.Split(ctx, "ledger", "to", l.Leaf); err != nil {
				t.Errorf("split %q after the cut splits: %v", l.Leaf, err)
			}
		}
	}
	a.check(t, s, "to", keys)
	t.Logf("%d splits completed, %d cut short; %d leaves", ok, cut, len(info))
}

// A split of a leaf that exists and is not splitting is not refused because a
// check of another leaf (the resolution of a provisional leaf, which takes the parent
// object's operation slot) happens to run at the same time.
func TestSplitNotRefusedWhileAnotherLeafResolves(t *testing.T) {
	e, s := newEngine(t, t.TempDir(), Policy{Disabled: true})
	keys := keysN("rs", 50)
	if _, err := s.Client().Call(ctx, "ledger", "rs", "add", Request{Keys: keys, Payloads: repeat(raw(1), len(keys))}); err != nil {
		t.Fatal(err)
	}
	k0, k1 := keyIn(t, keys, "0"), keyIn(t, keys, "1")
	// A split of the root stops after its switch: the root holds leaf 0, rs~1 is provisional.
	s.crashAt = func(st int) bool { return st == stepSwitched }
	if err := s.Split(ctx, "ledger", "rs", ""); !errors.Is(err, errCrash) {
		t.Fatalf("split: %v", err)
	}
	s.crashAt = nil
	c := s.Client()
	get(t, c, "rs", []string{k0}) // c learns that the root holds leaf 0
	// Hold the root's input gate, so that the resolution below waits in it.
	entered, gate := make(chan struct{}), make(chan struct{})
	held := make(chan error, 1)
	go func() {
		_, err := e.Run(ctx, "ledger", "rs", func(*host.Tx) ([]byte, error) {
			close(entered)
			<-gate
			return nil, nil
		})
		held <- err
	}()
	<-entered
	defer close(gate)
	// A read of k1 reaches the provisional rs~1 and resolves it under the root's slot.
	read := make(chan error, 1)
	go func() {
		_, err := c.Call(ctx, "ledger", "rs", "get", Request{Keys: []string{k1}})
		read <- err
	}()
	for s.running(objKey("ledger", "rs", "")) == nil {
		time.Sleep(time.Millisecond) // until the resolution holds the root's slot
	}
	split := make(chan error, 1)
	go func() { split <- s.Split(ctx, "ledger", "rs", "0") }()
	// Give the split time to reach the slot (if it has not, it cannot fail as below).
	time.Sleep(50 * time.Millisecond)
	gate <- struct{}{}
	if err := <-held; err != nil {
		t.Fatal(err)
	}
	if err := <-read; err != nil {
		t.Fatal(err)
	}
	if err := <-split; err != nil {
		t.Fatalf("split of leaf 0, which exists and is not splitting: %v", err)
	}
	if _, bits := sumRows(leaves(t, s, "rs")); strings.Join(bits, ",") != "00,01,1" {
		t.Fatalf("leaves %v", bits)
	}
}

// kwWasm is a small splittable class "kw" written in WAT (wat2wasm): one-character keys,
// the split lifecycle exports made to fail or trap on demand, and an alarm.
//
//   - put with {"keys":["X"],"payloads":[D]} (D one digit) writes keyed X = D;
//   - get with {"keys":["X"],...} answers X's value (one digit) or null;
//   - mode (a plain call, input one byte) stores the mode in KV key "m": 'b' makes
//     before_hand_out fail (code unavailable), 'B' makes it trap; 'a' makes after_clone
//     fail, 'A' makes it trap; anything else neither;
//   - alarm_in sets the alarm 150 ms from now; alarm counts its runs in KV key "n"
//     (as one character from '1'); fires answers the count ("0" when none).
//
// Source:
//
//	(module
//	  (import "sobjects" "keyed_read" (func $kread (param i32 i32 i32 i32) (result i64)))
//	  (import "sobjects" "keyed_write" (func $kwrite (param i32 i32) (result i64)))
//	  (import "sobjects" "kv_get" (func $kvget (param i32 i32 i32 i32) (result i64)))
//	  (import "sobjects" "kv_put" (func $kvput (param i32 i32 i32 i32) (result i64)))
//	  (import "sobjects" "alarm_set" (func $alarmset (param i64) (result i64)))
//	  (import "sobjects" "now_ms" (func $now (result i64)))
//	  (import "sobjects" "fail" (func $fail (param i32 i32 i32)))
//	  (memory (export "memory") 2)
//	  (data (i32.const 16) "null0")
//	  (data (i32.const 24) "true")
//	  (data (i32.const 32) "nm")
//	  (data (i32.const 40) "deliberate")
//	  (func (export "sobjects_abi_v1"))
//	  (func (export "sobjects_splittable"))
//	  (func (export "sobjects_alloc") (param i32) (result i32) (i32.const 4096))
//	  (func $ret (param $p i32) (param $n i32) (result i64)
//	    (i64.or (i64.shl (i64.extend_i32_u (local.get $p)) (i64.const 32)) (i64.extend_i32_u (local.get $n))))
//	  (func $mode (result i32)
//	    (if (result i32) (i64.gt_s (call $kvget (i32.const 33) (i32.const 1) (i32.const 400) (i32.const 16)) (i64.const 0))
//	      (then (i32.load8_u (i32.const 400))) (else (i32.const 0))))
//	  (func (export "put") (param $p i32) (param $n i32) (result i64)
//	    (local $r i64)
//	    (i32.store8 (i32.const 100) (i32.const 0x91))
//	    (i32.store8 (i32.const 101) (i32.const 0x92))
//	    (i32.store8 (i32.const 102) (i32.const 0xa1))
//	    (i32.store8 (i32.const 103) (i32.load8_u offset=10 (local.get $p)))
//	    (i32.store8 (i32.const 104) (i32.const 0xc4))
//	    (i32.store8 (i32.const 105) (i32.const 1))
//	    (i32.store8 (i32.const 106) (i32.load8_u offset=26 (local.get $p)))
//	    (local.set $r (call $kwrite (i32.const 100) (i32.const 7)))
//	    (if (i64.lt_s (local.get $r) (i64.const 0)) (then (return (local.get $r))))
//	    (call $ret (i32.const 24) (i32.const 4)))
//	  (func (export "get") (param $p i32) (param $n i32) (result i64)
//	    (local $r i64)
//	    (i32.store8 (i32.const 100) (i32.const 0x91))
//	    (i32.store8 (i32.const 101) (i32.const 0xa1))
//	    (i32.store8 (i32.const 102) (i32.load8_u offset=10 (local.get $p)))
//	    (local.set $r (call $kread (i32.const 100) (i32.const 3) (i32.const 200) (i32.const 64)))
//	    (if (i64.lt_s (local.get $r) (i64.const 0)) (then (return (local.get $r))))
//	    (if (i32.eq (i32.load8_u (i32.const 201)) (i32.const 0xc0)) (then (return (call $ret (i32.const 16) (i32.const 4)))))
//	    (call $ret (i32.const 203) (i32.const 1)))
//	  (func (export "mode") (param $p i32) (param $n i32) (result i64)
//	    (drop (call $kvput (i32.const 33) (i32.const 1) (local.get $p) (i32.const 1)))
//	    (call $ret (i32.const 24) (i32.const 4)))
//	  (func (export "alarm_in") (param $p i32) (param $n i32) (result i64)
//	    (local $r i64)
//	    (local.set $r (call $alarmset (i64.add (call $now) (i64.const 150))))
//	    (if (i64.lt_s (local.get $r) (i64.const 0)) (then (return (local.get $r))))
//	    (call $ret (i32.const 24) (i32.const 4)))
//	  (func (export "fires") (param $p i32) (param $n i32) (result i64)
//	    (if (i64.le_s (call $kvget (i32.const 32) (i32.const 1) (i32.const 400) (i32.const 16)) (i64.const 0))
//	      (then (return (call $ret (i32.const 20) (i32.const 1)))))
//	    (call $ret (i32.const 400) (i32.const 1)))
//	  (func (export "alarm") (param $p i32) (param $n i32) (result i64)
//	    (if (i64.le_s (call $kvget (i32.const 32) (i32.const 1) (i32.const 400) (i32.const 16)) (i64.const 0))
//	      (then (i32.store8 (i32.const 400) (i32.const 0x30))))
//	    (i32.store8 (i32.const 400) (i32.add (i32.load8_u (i32.const 400)) (i32.const 1)))
//	    (drop (call $kvput (i32.const 32) (i32.const 1) (i32.const 400) (i32.const 1)))
//	    (i64.const 0))
//	  (func $lifecycle (param $failc i32) (param $trapc i32) (result i64)
//	    (local $m i32)
//	    (local.set $m (call $mode))
//	    (if (i32.eq (local.get $m) (local.get $trapc)) (then unreachable))
//	    (if (i32.eq (local.get $m) (local.get $failc)) (then
//	      (call $fail (i32.const 6) (i32.const 40) (i32.const 10))
//	      (return (i64.const -1))))
//	    (i64.const 0))
//	  (func (export "before_hand_out") (param i32 i32) (result i64) (call $lifecycle (i32.const 98) (i32.const 66)))
//	  (func (export "after_clone") (param i32 i32) (result i64) (call $lifecycle (i32.const 97) (i32.const 65))))
const kwWasm = "" +
	"0061736d01000000012a0860047f7f7f7f017e60027f7f017e60017e017e6000017e60037f7f7f0060000060017f017f6000" +
	"017f0289010708736f626a656374730a6b657965645f72656164000008736f626a656374730b6b657965645f777269746500" +
	"0108736f626a65637473066b765f676574000008736f626a65637473066b765f707574000008736f626a6563747309616c61" +
	"726d5f736574000208736f626a65637473066e6f775f6d73000308736f626a65637473046661696c0004030f0e0505060107" +
	"01010101010101010105030100020791010c066d656d6f727902000f736f626a656374735f6162695f7631000713736f626a" +
	"656374735f73706c69747461626c6500080e736f626a656374735f616c6c6f63000903707574000c03676574000d046d6f64" +
	"65000e08616c61726d5f696e000f056669726573001005616c61726d00110f6265666f72655f68616e645f6f757400130b61" +
	"667465725f636c6f6e6500140abb030e02000b02000b05004180200b0c002000ad4220862001ad840b1c0041214101419003" +
	"41101002420055047f4190032d00000541000b0b6001017e41e4004191013a000041e5004192013a000041e60041a1013a00" +
	"0041e70020002d000a3a000041e80041c4013a000041e90041013a000041ea0020002d001a3a000041e40041071001210220" +
	"02420053044020020f0b41184104100a0b5601017e41e4004191013a000041e50041a1013a000041e60020002d000a3a0000" +
	"41e400410341c80141c000100021022002420053044020020f0b41c9012d000041c00146044041104104100a0f0b41cb0141" +
	"01100a0b1300412141012000410110031a41184104100a0b1f01017e10054296017c100421022002420053044020020f0b41" +
	"184104100a0b21004120410141900341101002420057044041144101100a0f0b4190034101100a0b38004120410141900341" +
	"101002420057044041900341303a00000b4190034190032d000041016a3a000041204101419003410110031a42000b260101" +
	"7f100b210220022001460440000b2002200046044041064128410a1006427f0f0b42000b0a0041e20041c20010120b0a0041" +
	"e10041c10010120b0b2a040041100b056e756c6c300041180b04747275650041200b026e6d0041280b0a64656c6962657261" +
	"7465" +
	""

// deployKW deploys the class "kw" (kwWasm).
func deployKW(t *testing.T, e *host.Engine) {
	t.Helper()
	wasm, err := hex.DecodeString(kwWasm)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.DeployIfAbsent(ctx, "kw", wasm); err != nil {
		t.Fatal(err)
	}
}

// newKWEngine opens an engine with the class kw only, and a Splitter with splits by
// load off.
func newKWEngine(t *testing.T) (*host.Engine, *Splitter) {
	t.Helper()
	e, s := newEngineWith(t, t.TempDir(), host.Options{}, Policy{Disabled: true})
	deployKW(t, e)
	return e, s
}

// kwKeys are the one-character keys the kw class takes.
var kwKeys = strings.Split("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", "")

// kwPut writes key = digit through c.
func kwPut(c *Client, name, key string, digit int) error {
	_, err := c.Call(ctx, "kw", name, "put", Request{Keys: []string{key}, Payloads: []json.RawMessage{raw(digit)}})
	return err
}

// kwGet reads key through c: its digit, or -1 for none.
func kwGet(c *Client, name, key string) (int, error) {
	res, err := c.Call(ctx, "kw", name, "get", Request{Keys: []string{key}})
	if err != nil {
		return 0, err
	}
	if len(res) != 1 {
		return 0, fmt.Errorf("get %q: %d leaves answered", key, len(res))
	}
	if !storage.PrefixOwns(res[0].Leaf, storage.KeyHash(key)) {
		return 0, fmt.Errorf("get %q: answered by leaf %q, which does not own it", key, res[0].Leaf)
	}
	if string(res[0].Output) == "null" {
		return -1, nil
	}
	var d int
	if err := json.Unmarshal(res[0].Output, &d); err != nil {
		return 0, fmt.Errorf("get %q: %s", key, res[0].Output)
	}
	return d, nil
}

// kwCheckAll reads every kw key through a fresh client and compares with want; it
// returns the errors.
func kwCheckAll(s *Splitter, name string, want map[string]int) []error {
	c := s.Client()
	var errs []error
	for _, k := range kwKeys {
		got, err := kwGet(c, name, k)
		if err != nil {
			errs = append(errs, fmt.Errorf("key %q (half %s): %w", k, storage.HashBits(storage.KeyHash(k), 1), err))
			continue
		}
		w, ok := want[k]
		if !ok {
			w = -1
		}
		if got != w {
			errs = append(errs, fmt.Errorf("key %q = %d, want %d", k, got, w))
		}
	}
	return errs
}

// The split's lifecycle exports failing or trapping (ABI.md 4.7: "a failure fails
// the split, which is then rolled back"): the split fails, nothing of the new leaf is
// left, the leaf is not left splitting, every key reads and both halves take writes,
// and once the plugin is mended the leaf splits. (Before c684b74, after_clone ran
// after the switch: a failing one left the moved half unreadable while Split reported
// success.)
func TestFailingLifecycleExportsRollTheSplitBack(t *testing.T) {
	e, s := newKWEngine(t)
	for _, tc := range []struct {
		mode   string
		export string
	}{{"b", "before_hand_out fails"}, {"B", "before_hand_out traps"}} {
		t.Run(tc.export, func(t *testing.T) {
			name := "lc" + tc.mode
			c := s.Client()
			want := map[string]int{}
			for i, k := range kwKeys {
				if err := kwPut(c, name, k, i%10); err != nil {
					t.Fatal(err)
				}
				want[k] = i % 10
			}
			if _, err := e.Call(ctx, "kw", name, "mode", []byte(tc.mode)); err != nil {
				t.Fatal(err)
			}
			if err := s.Split(ctx, "kw", name, ""); err == nil {
				t.Fatalf("split with %s succeeded", tc.export)
			} else {
				t.Logf("split: %v", err)
			}
			if hasDB(e, "kw", LeafObject(name, "1")) {
				t.Errorf("a split whose %s left the new leaf's object behind", tc.export)
			}
			info, err := s.Describe(ctx, "kw", name)
			if err != nil {
				t.Fatal(err)
			}
			if len(info) != 1 || info[0].Leaf != "" || info[0].Splitting {
				t.Errorf("after a failed split: %+v, want the root leaf, not splitting", info)
			}
			reportErrs(t, "read after the failed split", kwCheckAll(s, name, want))
			// Writes to both halves go on.
			for _, k := range []string{keyIn(t, kwKeys, "0"), keyIn(t, kwKeys, "1")} {
				if err := kwPut(c, name, k, 7); err != nil {
					t.Errorf("write of %q after the failed split: %v", k, err)
				}
				want[k] = 7
			}
			// The plugin mended, the split works.
			if _, err := e.Call(ctx, "kw", name, "mode", []byte("0")); err != nil {
				t.Fatal(err)
			}
			if err := s.Split(ctx, "kw", name, ""); err != nil {
				t.Fatalf("split after the plugin was mended: %v", err)
			}
			reportErrs(t, "read after the split", kwCheckAll(s, name, want))
		})
	}
	for _, tc := range []struct {
		mode   string
		export string
	}{{"a", "after_clone fails"}, {"A", "after_clone traps"}} {
		t.Run(tc.export, func(t *testing.T) {
			name := "lc" + tc.mode
			c := s.Client()
			want := map[string]int{}
			for i, k := range kwKeys {
				if err := kwPut(c, name, k, i%10); err != nil {
					t.Fatal(err)
				}
				want[k] = i % 10
			}
			// The mode is copied to the new leaf with the rest of the database.
			if _, err := e.Call(ctx, "kw", name, "mode", []byte(tc.mode)); err != nil {
				t.Fatal(err)
			}
			err := s.Split(ctx, "kw", name, "")
			t.Logf("split with %s: %v", tc.export, err)
			errs := kwCheckAll(s, name, want)
			if err == nil && len(errs) > 0 {
				t.Errorf("the split reported success, but the new leaf does not serve (%d of %d keys unreadable), and cannot be rolled back any more", len(errs), len(kwKeys))
			}
			reportErrs(t, "read after the split", errs)
			if err == nil {
				return
			}
			// Failed: rolled back, with nothing left of the new leaf.
			if hasDB(e, "kw", LeafObject(name, "1")) {
				t.Errorf("a split whose %s left the new leaf's object behind", tc.export)
			}
			if info, err := s.Describe(ctx, "kw", name); err != nil || len(info) != 1 || info[0].Splitting {
				t.Errorf("after a failed split: %+v %v, want the root leaf, not splitting", info, err)
			}
			for _, k := range []string{keyIn(t, kwKeys, "0"), keyIn(t, kwKeys, "1")} {
				if err := kwPut(c, name, k, 8); err != nil {
					t.Errorf("write of %q after the failed split: %v", k, err)
				}
				want[k] = 8
			}
			if _, err := e.Call(ctx, "kw", name, "mode", []byte("0")); err != nil {
				t.Fatal(err)
			}
			if err := s.Split(ctx, "kw", name, ""); err != nil {
				t.Fatalf("split after the plugin was mended: %v", err)
			}
			reportErrs(t, "read after the split", kwCheckAll(s, name, want))
		})
	}
}

// kwFires is the number of alarm runs the kw object name has counted.
func kwFires(t *testing.T, e *host.Engine, name string) int {
	t.Helper()
	out, err := e.Call(ctx, "kw", name, "fires", nil)
	if err != nil {
		t.Fatal(err)
	}
	return int(out[0] - '0')
}

// Alarms across a split: the parent's alarm, set just before a split and due just
// after it, fires once, on the parent; the new leaf inherits neither the alarm nor
// (in the alarm index) a delivery; an alarm set on the new leaf fires there only.
func TestAlarmsStayWithTheirLeafAcrossASplit(t *testing.T) {
	e, s := newKWEngine(t)
	c := s.Client()
	for i, k := range kwKeys {
		if err := kwPut(c, "al", k, i%10); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := e.Call(ctx, "kw", "al", "alarm_in", nil); err != nil {
		t.Fatal(err)
	}
	before, err := e.Describe("kw", "al")
	if err != nil || before.AlarmMs == 0 {
		t.Fatalf("parent's alarm not set: %+v %v", before, err)
	}
	if err := s.Split(ctx, "kw", "al", ""); err != nil {
		t.Fatal(err)
	}
	child := LeafObject("al", "1")
	if info, err := e.Describe("kw", child); err != nil || info.AlarmMs != 0 {
		t.Errorf("the new leaf has an alarm (%d) after the split: %v", info.AlarmMs, err)
	}
	if info, err := e.Describe("kw", "al"); err != nil || info.AlarmMs != before.AlarmMs {
		t.Errorf("the parent's alarm is %d after the split, was %d: %v", info.AlarmMs, before.AlarmMs, err)
	}
	for i := 0; kwFires(t, e, "al") == 0; i++ {
		if i > 500 {
			t.Fatal("the parent's alarm did not fire after the split")
		}
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond) // a wrongly copied alarm would be due by now
	if n := kwFires(t, e, child); n != 0 {
		t.Errorf("the new leaf ran the parent's alarm %d times", n)
	}
	if n := kwFires(t, e, "al"); n != 1 {
		t.Errorf("the parent's alarm ran %d times, want 1", n)
	}
	// An alarm of the new leaf, set while the leaf splits again, is its own.
	if _, err := e.Call(ctx, "kw", child, "alarm_in", nil); err != nil {
		t.Fatal(err)
	}
	if err := s.Split(ctx, "kw", "al", "1"); err != nil {
		t.Fatal(err)
	}
	for i := 0; kwFires(t, e, child) == 0; i++ {
		if i > 500 {
			t.Fatal("the new leaf's alarm did not fire")
		}
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond)
	if n := kwFires(t, e, LeafObject("al", "11")); n != 0 {
		t.Errorf("leaf 11 ran its parent's alarm %d times", n)
	}
	if n := kwFires(t, e, "al"); n != 1 {
		t.Errorf("the root ran its alarm %d times, want 1", n)
	}
	want := map[string]int{}
	for i, k := range kwKeys {
		want[k] = i % 10
	}
	reportErrs(t, "read after the splits", kwCheckAll(s, "al", want))
}
