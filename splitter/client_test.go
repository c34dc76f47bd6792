package splitter

// Tests of Client: routing through split maps (stale ones included), one-leaf calls,
// big requests and scans, and calls from other objects (Splitter.CallJSON).

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/plugins"
	"github.com/sobjects/sobjects/storage"
)

// Objects of another class call a splittable object (the call host function routes
// through Splitter.CallJSON) while it splits: every acknowledged add is applied once and
// the answers name the owning leaves.
func TestCallsFromOtherObjectsAcrossSplits(t *testing.T) {
	e, s := newEngine(t, t.TempDir(), Policy{Disabled: true})
	wasm, err := plugins.Wasm("testkit")
	if err != nil {
		t.Fatal(err)
	}
	if err := e.DeployIfAbsent(ctx, "testkit", wasm); err != nil {
		t.Fatal(err)
	}
	keys := keysN("oc", 64)
	a := newAcked()
	cr := newCrew(t)
	var calls atomic.Int64
	for w := range 4 {
		rng := rand.New(rand.NewPCG(uint64(w), 11))
		cr.run(func() bool {
			k1, k2 := keys[rng.IntN(len(keys))], keys[rng.IntN(len(keys))]
			if k1 == k2 {
				return true
			}
			in := raw(map[string]any{"class": "ledger", "name": "oc", "method": "add",
				"input": map[string]any{"keys": []string{k1, k2}, "payloads": []int{1, 10}}})
			out, err := e.Call(ctx, "testkit", fmt.Sprint("caller", w), "call", in)
			if err != nil {
				t.Errorf("call through testkit: %v", err)
				return false
			}
			var resp struct{ Leaves []LeafResult }
			if err := json.Unmarshal(out, &resp); err != nil {
				t.Errorf("answer %s: %v", out, err)
				return false
			}
			if err := checkOwners([]string{k1, k2}, resp.Leaves); err != nil {
				t.Errorf("answer %s: %v", out, err)
				return false
			}
			a.add(k1, 1)
			a.add(k2, 10)
			calls.Add(1)
			return true
		})
	}
	for _, bits := range []string{"", "0", "1", "01"} {
		waitCalls(t, &calls, 20)
		if err := s.Split(ctx, "ledger", "oc", bits); err != nil {
			t.Fatalf("split %q: %v", bits, err)
		}
	}
	waitCalls(t, &calls, 20)
	cr.halt()
	a.check(t, s, "oc", keys)
}

// selfcallWasm is a splittable class "selfcall" whose method loop calls
// selfcall/x.loop with keys ["a"] through the call host function: a leaf calling
// itself. Source (wat2wasm):
//
//	(module
//	  (import "sobjects" "call" (func $call (param i32 i32 i32 i32) (result i64)))
//	  (memory (export "memory") 1)
//	  (data (i32.const 16) "\94\a8selfcall\a1x\a4loop\c4\0e{\22keys\22:[\22a\22]}")
//	  (func (export "sobjects_abi_v1"))
//	  (func (export "sobjects_splittable"))
//	  (func (export "sobjects_alloc") (param i32) (result i32) (i32.const 4096))
//	  (func (export "loop") (param i32 i32) (result i64)
//	    (local $r i64)
//	    (local.set $r (call $call (i32.const 16) (i32.const 33) (i32.const 8192) (i32.const 1024)))
//	    (if (i64.lt_s (local.get $r) (i64.const 0)) (then (return (local.get $r))))
//	    (i64.const 0)))
const selfcallWasm = "0061736d0100000001170460047f7f7f7f017e60000060017f017f60027f7f017e02110108736f626a656374730463616c6c0000030504010102030503010001074a05066d656d6f727902000f736f626a656374735f6162695f7631000113736f626a656374735f73706c69747461626c6500020e736f626a656374735f616c6c6f630003046c6f6f7000040a2e0402000b02000b05004180200b2001017e411041214180c000418008100021022002420053044020020f0b42000b0b27010041100b2194a873656c6663616c6ca178a46c6f6f70c40e7b226b657973223a5b2261225d7d"

// A leaf of a splittable class that calls itself (through the call host function)
// must fail like any call cycle (host.ErrCycle for other classes), not wait forever.
func TestLeafCallingItselfFailsWithoutDeadlock(t *testing.T) {
	e, s := newEngine(t, t.TempDir(), Policy{Disabled: true})
	wasm, _ := hex.DecodeString(selfcallWasm)
	if err := e.DeployIfAbsent(ctx, "selfcall", wasm); err != nil {
		t.Fatal(err)
	}
	cctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := s.Client().Call(cctx, "selfcall", "x", "loop", Request{Keys: []string{"a"}})
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil {
			t.Fatal("a leaf calling itself succeeded")
		}
		t.Logf("self call: %v", err)
	case <-time.After(20 * time.Second): // a hang detector, far past the call's 2 s context
		t.Fatal("a leaf calling itself never returned: deadlock")
	}
}

// Many clients with very stale split maps after deep splits: the object splits
// into every leaf of depth 5 and, along one key's path, down to depth 12; clients made
// at each stage (knowing nothing, the root, some middle levels) then read and write
// every key concurrently. Every key is answered once, by its owner, with its value;
// two keys whose hashes share their first 24 bits stay on one leaf (CallOneLeaf
// works through every stale map).
func TestStaleMapsAfterDeepSplitsReachTheOwner(t *testing.T) {
	e, s := newEngineWith(t, t.TempDir(), host.Options{}, Policy{Disabled: true, MaxDepth: 24})
	// Two keys whose hashes share 24 bits.
	seen := map[string]string{}
	var p1, p2 string
	for i := 0; p1 == ""; i++ {
		k := fmt.Sprint("twin", i)
		pre := storage.HashBits(storage.KeyHash(k), 24)
		if o, ok := seen[pre]; ok {
			p1, p2 = o, k
		}
		seen[pre] = k
	}
	keys := append(keysN("deep", 400), p1, p2)
	a := newAcked()
	if _, err := s.Client().Call(ctx, "ledger", "deep", "add", Request{Keys: keys, Payloads: repeat(raw(1), len(keys))}); err != nil {
		t.Fatal(err)
	}
	for _, k := range keys {
		a.add(k, 1)
	}
	var stale []*Client
	snapshot := func() { // a client whose map is what a fresh one learns now
		c := s.Client()
		get(t, c, "deep", keys)
		stale = append(stale, c)
	}
	stale = append(stale, s.Client()) // knows nothing
	snapshot()
	for d := 0; d < 5; d++ {
		for _, l := range leaves(t, s, "deep") {
			if len(l.Leaf) == d {
				if err := s.Split(ctx, "ledger", "deep", l.Leaf); err != nil {
					t.Fatalf("split %q: %v", l.Leaf, err)
				}
			}
		}
		if d == 2 {
			snapshot()
		}
	}
	h := storage.KeyHash(p1)
	for d := 5; d < 24; d++ {
		if err := s.Split(ctx, "ledger", "deep", storage.HashBits(h, d)); err != nil {
			t.Fatalf("split %q: %v", storage.HashBits(h, d), err)
		}
		if d == 9 {
			snapshot()
		}
	}
	var wg sync.WaitGroup
	for i, c := range stale {
		for j := range 3 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rng := rand.New(rand.NewPCG(uint64(i), uint64(j)))
				for range 8 {
					sub := make([]string, 0, 16)
					for _, x := range rng.Perm(len(keys))[:16] {
						sub = append(sub, keys[x])
					}
					r := Request{Keys: sub, Payloads: repeat(raw(1), len(sub))}
					res, err := c.Call(ctx, "ledger", "deep", "add", r)
					if err == nil {
						err = checkOwners(sub, res)
					}
					if err != nil {
						t.Errorf("client %d: %v", i, err)
						return
					}
					for _, k := range sub {
						a.add(k, 1)
					}
				}
				res, err := c.CallOneLeaf(ctx, "ledger", "deep", "add", Request{Keys: []string{p1, p2}, Payloads: repeat(raw(1), 2)})
				if err != nil {
					t.Errorf("client %d: one-leaf call on keys sharing 24 bits: %v", i, err)
					return
				}
				if len(res.Leaf) != 24 {
					t.Errorf("client %d: keys sharing 24 bits answered by leaf %q", i, res.Leaf)
				}
				a.add(p1, 1)
				a.add(p2, 1)
			}()
		}
	}
	wg.Wait()
	a.check(t, s, "deep", keys)
	info := waitCleanup(t, s, "deep")
	if rows, _ := sumRows(info); len(info) != 32+19 || rows != int64(len(keys)) {
		t.Errorf("%d leaves with %d rows, want %d with %d", len(info), rows, 32+19, len(keys))
	}
	rawRows(t, e, "deep", info)
}

// Huge requests and edge-case inputs on a split object: a call of 10,000 keys
// with payloads, spread over 16 leaves, gets one result per leaf and every key once;
// a one-leaf call of all the keys of one leaf works, and one with a key more spans;
// payloads and args that are JSON of every kind (null, nested, strings that look like
// the envelope, whitespace) reach the method intact; a scan of 20,000 rows counts them
// all.
func TestHugeAndOddRequestsAcrossLeaves(t *testing.T) {
	_, s := newEngine(t, t.TempDir(), Policy{Disabled: true, InitialDepth: 4})
	c := s.Client()
	keys := keysN("huge", 10000)
	payloads := make([]json.RawMessage, len(keys))
	for i := range keys {
		payloads[i] = raw(i)
	}
	res, err := c.Call(ctx, "ledger", "huge", "put", Request{Keys: keys, Payloads: payloads})
	if err != nil {
		t.Fatal(err)
	}
	if err := checkOwners(keys, res); err != nil || len(res) != 16 {
		t.Fatalf("put of 10,000 keys: %d leaves answered: %v", len(res), err)
	}
	// Split more, with a stale client, then read them all back through it.
	stale := s.Client()
	for _, bits := range []string{"0000", "1111", "00001"} {
		if err := s.Split(ctx, "ledger", "huge", bits); err != nil {
			t.Fatal(err)
		}
	}
	vals := get(t, stale, "huge", keys)
	for i, k := range keys {
		if string(vals[k]) != fmt.Sprint(i) {
			t.Fatalf("key %s = %s, want %d", k, vals[k], i)
		}
	}
	// All the keys of leaf 0101, in one call.
	var one []string
	for _, k := range keys {
		if storage.PrefixOwns("0101", storage.KeyHash(k)) {
			one = append(one, k)
		}
	}
	r1, err := s.Client().CallOneLeaf(ctx, "ledger", "huge", "add", Request{Keys: one, Payloads: repeat(raw(1), len(one))})
	if err != nil || r1.Leaf != "0101" || len(r1.Positions) != len(one) {
		t.Fatalf("one-leaf call of the %d keys of leaf 0101: leaf %q, %d positions: %v", len(one), r1.Leaf, len(r1.Positions), err)
	}
	other := keyIn(t, keys, "1")
	if _, err := s.Client().CallOneLeaf(ctx, "ledger", "huge", "add", Request{Keys: append(slices.Clone(one), other), Payloads: repeat(raw(1), len(one)+1)}); !errors.Is(err, ErrSpansLeaves) {
		t.Fatalf("one-leaf call spanning two leaves: %v", err)
	}
	vals = get(t, s.Client(), "huge", append(slices.Clone(one), other))
	for _, k := range one {
		var n int
		if json.Unmarshal(vals[k], &n); fmt.Sprint(n) == "" || string(vals[k]) == "" {
			t.Fatalf("key %s = %s", k, vals[k])
		}
	}
	// Odd payloads: each is stored and read back as the same JSON value.
	odd := []string{`null`, `{"keys":["x"],"payloads":[1]}`, `"],\"keys\":[\"zz\"],\"x\":[\""`, ` [ 1 , 2 ] `, `"\u0000\u2028"`, `1e308`, `{"a":{"b":[{}]}}`, `true`}
	okeys := keysN("odd", len(odd))
	opay := make([]json.RawMessage, len(odd))
	for i, o := range odd {
		opay[i] = json.RawMessage(o)
	}
	if _, err := s.Client().Call(ctx, "ledger", "huge", "put", Request{Keys: okeys, Payloads: opay, Args: json.RawMessage(` {"x": null} `)}); err != nil {
		t.Fatal(err)
	}
	ovals := get(t, s.Client(), "huge", okeys)
	for i, k := range okeys {
		var want, got any
		json.Unmarshal([]byte(odd[i]), &want)
		if err := json.Unmarshal(ovals[k], &got); err != nil || fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("payload %s stored as %s", odd[i], ovals[k])
		}
	}
	// Args of every JSON kind reach the method (note takes args.text); null args and
	// no args are the same to a method that needs none.
	for _, args := range []json.RawMessage{nil, json.RawMessage(`null`), json.RawMessage(`{"text":"a\"b"}`)} {
		_, err := s.Client().Call(ctx, "ledger", "huge", "get", Request{Keys: okeys[:2], Args: args})
		if err != nil {
			t.Errorf("get with args %s: %v", args, err)
		}
	}
	// A scan of 20,000 rows: 10,000 more keys.
	more := keysN("more", 10000)
	if _, err := s.Client().Call(ctx, "ledger", "huge", "put", Request{Keys: more, Payloads: repeat(raw(1), len(more))}); err != nil {
		t.Fatal(err)
	}
	sres, err := s.Client().Scan(ctx, "ledger", "huge", "stats", nil)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, r := range sres {
		var st struct{ Rows int }
		json.Unmarshal(r.Output, &st)
		total += st.Rows
	}
	if want := len(keys) + len(more) + len(okeys); total != want || len(sres) != 19 {
		t.Errorf("scan: %d leaves count %d rows, want 19 and %d", len(sres), total, want)
	}
}

// Concurrent _split requests for every leaf (and some that do not exist yet)
// while one-leaf calls on pairs of keys run: every one-leaf call either applies to both
// keys or (ErrSpansLeaves) to neither; each split succeeds once or is refused as stale.
func TestOneLeafCallsDuringConcurrentSplitsApplyWhole(t *testing.T) {
	e, s := newEngine(t, t.TempDir(), Policy{Disabled: true, MaxDepth: 5})
	keys := keysN("ol", 200)
	// Pairs of keys that share 4 bits: one leaf until depth 4.
	byPrefix := map[string][]string{}
	for _, k := range keys {
		p := storage.HashBits(storage.KeyHash(k), 4)
		byPrefix[p] = append(byPrefix[p], k)
	}
	var pairs [][2]string
	for _, ks := range byPrefix {
		for i := 0; i+1 < len(ks); i += 2 {
			pairs = append(pairs, [2]string{ks[i], ks[i+1]})
		}
	}
	a := newAcked()
	cr := newCrew(t)
	var calls, spans atomic.Int64
	for w := range 6 {
		c := s.Client()
		rng := rand.New(rand.NewPCG(uint64(w), 14))
		cr.run(func() bool {
			pr := pairs[rng.IntN(len(pairs))]
			res, err := c.CallOneLeaf(ctx, "ledger", "ol", "add", Request{Keys: pr[:], Payloads: []json.RawMessage{raw(1), raw(100)}})
			switch {
			case errors.Is(err, ErrSpansLeaves):
				spans.Add(1)
			case err != nil:
				t.Errorf("one-leaf call: %v", err)
				return false
			default:
				if err := checkOwners(pr[:], []LeafResult{res}); err != nil {
					t.Errorf("one-leaf call: %v", err)
					return false
				}
				a.add(pr[0], 1)
				a.add(pr[1], 100)
			}
			calls.Add(1)
			return true
		})
	}
	waitCalls(t, &calls, 20)
	var wg sync.WaitGroup
	var ok atomic.Int64
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(g), 15))
			for range 40 {
				d := rng.IntN(5)
				bits := storage.HashBits(rng.Uint64(), d)
				err := s.Split(ctx, "ledger", "ol", bits)
				switch {
				case err == nil:
					ok.Add(1)
				case errors.Is(err, ErrStale):
				default:
					t.Errorf("split %q: %v", bits, err)
				}
			}
		}()
	}
	wg.Wait()
	waitCalls(t, &calls, 20)
	cr.halt()
	a.check(t, s, "ol", keys)
	info := waitCleanup(t, s, "ol")
	rows, bits := sumRows(info)
	var cover float64
	for _, b := range bits {
		cover += math.Ldexp(1, -len(b))
	}
	if cover != 1 || int(ok.Load()) != len(bits)-1 {
		t.Errorf("leaves %v (cover %v) after %d successful splits", bits, cover, ok.Load())
	}
	if rows > int64(len(keys)) {
		t.Errorf("%d rows for %d keys", rows, len(keys))
	}
	rawRows(t, e, "ol", info)
	t.Logf("%d one-leaf calls, %d spanned leaves; %d leaves", calls.Load(), spans.Load(), len(info))
}

// A client that knew several leaves of an object that was then deleted and
// written again: its next call, whose keys its stale map puts on several of the
// deleted leaves, must route again from the root (as one whose keys were on one
// deleted leaf does), not fail as leaf_missing.
func TestStaleMapAfterDeleteRoutesAgainFromTheRoot(t *testing.T) {
	_, s := newEngine(t, t.TempDir(), Policy{Disabled: true})
	keys := keysN("sd", 64)
	if _, err := s.Client().Call(ctx, "ledger", "sd", "add", Request{Keys: keys, Payloads: repeat(raw(1), len(keys))}); err != nil {
		t.Fatal(err)
	}
	for _, bits := range []string{"", "0", "1"} {
		if err := s.Split(ctx, "ledger", "sd", bits); err != nil {
			t.Fatal(err)
		}
	}
	knew := s.Client()
	get(t, knew, "sd", keys) // knows sd, sd~01, sd~1 and sd~11
	if err := s.Delete(ctx, "ledger", "sd"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Client().Call(ctx, "ledger", "sd", "add", Request{Keys: keys, Payloads: repeat(raw(5), len(keys))}); err != nil {
		t.Fatal(err)
	}
	// One key per deleted leaf object.
	one := []string{keyIn(t, keys, "01")}
	if res, err := knew.Call(ctx, "ledger", "sd", "get", Request{Keys: one}); err != nil {
		t.Errorf("a key of one deleted leaf, through a stale map: %v", err)
	} else if string(res[0].Output) != "[5]" {
		t.Errorf("a key of one deleted leaf: %s, want [5]", res[0].Output)
	}
	knew2 := s.Client()
	get(t, knew2, "sd", keys)
	if err := s.Split(ctx, "ledger", "sd", ""); err != nil {
		t.Fatal(err)
	}
	if err := s.Split(ctx, "ledger", "sd", "1"); err != nil {
		t.Fatal(err)
	}
	get(t, knew2, "sd", keys) // knows sd, sd~1, sd~11
	waitCleanup(t, s, "sd")   // no deletion of given-away rows races the delete (TestDeleteDuringCleanupStaysDeleted)
	if err := s.Delete(ctx, "ledger", "sd"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Client().Call(ctx, "ledger", "sd", "add", Request{Keys: keys, Payloads: repeat(raw(7), len(keys))}); err != nil {
		t.Fatal(err)
	}
	spread := []string{keyIn(t, keys, "10"), keyIn(t, keys, "11")}
	res, err := knew2.Call(ctx, "ledger", "sd", "get", Request{Keys: spread})
	if err != nil {
		t.Fatalf("keys of two deleted leaves, through a stale map: %v", err)
	}
	for _, r := range res {
		if !strings.HasPrefix(string(r.Output), "[7") {
			t.Errorf("leaf %q answered %s, want 7s", r.Leaf, r.Output)
		}
	}
}
