package splitter

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/plugins"
	"github.com/sobjects/sobjects/storage"
)

var ctx = context.Background()

// newEngine opens an engine over dir with the ledger class (splittable) and counter
// (not), and a Splitter with policy p.
func newEngine(t testing.TB, dir string, p Policy) (*host.Engine, *Splitter) {
	return newEngineWith(t, dir, host.Options{}, p)
}

// newEngineWith is newEngine with host options of the test's (DataDir is set to dir).
func newEngineWith(t testing.TB, dir string, o host.Options, p Policy) (*host.Engine, *Splitter) {
	t.Helper()
	o.DataDir = dir
	if o.CompilationCacheDir == "" {
		o.CompilationCacheDir = testCompilationCache
	}
	if o.Threads == 0 {
		o.Threads = 4
	}
	o.Durability = storage.DurabilityRelaxed
	e, err := host.New(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	for _, class := range []string{"ledger", "counter"} {
		wasm, err := plugins.Wasm(class)
		if err != nil {
			t.Fatal(err)
		}
		if err := e.DeployIfAbsent(ctx, class, wasm); err != nil {
			t.Fatal(err)
		}
	}
	s, err := New(e, Options{Default: p, Logger: quietLog()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		s.Close()
		e.Close(ctx)
	})
	return e, s
}

func quietLog() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func raw(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

func keysN(prefix string, n int) []string {
	keys := make([]string, n)
	for i := range keys {
		keys[i] = fmt.Sprint(prefix, i)
	}
	return keys
}

// get reads keys through c and returns their values by key, checking that each key
// came back once, from a leaf that owns it.
func get(t testing.TB, c *Client, name string, keys []string) map[string]json.RawMessage {
	t.Helper()
	res, err := c.Call(ctx, "ledger", name, "get", Request{Keys: keys})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]json.RawMessage{}
	for _, r := range res {
		var vals []json.RawMessage
		if err := json.Unmarshal(r.Output, &vals); err != nil || len(vals) != len(r.Positions) {
			t.Fatalf("leaf %q answered %s for %d keys", r.Leaf, r.Output, len(r.Positions))
		}
		for i, p := range r.Positions {
			k := keys[p]
			if _, dup := out[k]; dup {
				t.Fatalf("key %q answered twice", k)
			}
			if !storage.PrefixOwns(r.Leaf, storage.KeyHash(k)) {
				t.Fatalf("key %q answered by leaf %q, which does not own it", k, r.Leaf)
			}
			out[k] = vals[i]
		}
	}
	if len(out) != len(keys) {
		t.Fatalf("%d of %d keys answered", len(out), len(keys))
	}
	return out
}

func leaves(t testing.TB, s *Splitter, name string) []LeafInfo {
	t.Helper()
	info, err := s.Describe(ctx, "ledger", name)
	if err != nil {
		t.Fatal(err)
	}
	sort.Slice(info, func(i, j int) bool { return info[i].Leaf < info[j].Leaf })
	return info
}

// waitCleanup waits until no leaf holds rows it gave away.
func waitCleanup(t testing.TB, s *Splitter, name string) []LeafInfo {
	t.Helper()
	for range 500 {
		info := leaves(t, s, name)
		busy := false
		for _, l := range info {
			busy = busy || l.Cleanup
		}
		if !busy {
			return info
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("given-away rows still not deleted")
	return nil
}

func TestSplitKeepsEveryKey(t *testing.T) {
	_, s := newEngine(t, t.TempDir(), Policy{Disabled: true})
	c := s.Client()
	keys := keysN("k", 300)
	payloads := make([]json.RawMessage, len(keys))
	for i := range keys {
		payloads[i] = raw(map[string]any{"n": i, "pad": strings.Repeat("x", 1024)})
	}
	if _, err := c.Call(ctx, "ledger", "acct", "put", Request{Keys: keys, Payloads: payloads}); err != nil {
		t.Fatal(err)
	}
	stale := s.Client() // learns the splits only when a leaf refuses it
	get(t, stale, "acct", keys)
	for _, bits := range []string{"", "0", "1", "01"} {
		if err := s.Split(ctx, "ledger", "acct", bits); err != nil {
			t.Fatalf("split %q: %v", bits, err)
		}
	}
	for _, cl := range []*Client{c, stale, s.Client()} {
		vals := get(t, cl, "acct", keys)
		for i, k := range keys {
			var v struct{ N int }
			if err := json.Unmarshal(vals[k], &v); err != nil || v.N != i {
				t.Fatalf("key %s = %s, want n %d", k, vals[k], i)
			}
		}
	}
	info := waitCleanup(t, s, "acct")
	var bits []string
	var rows int64
	for _, l := range info {
		bits = append(bits, l.Leaf)
		rows += l.Rows
		if l.LastSplit.IsZero() {
			t.Errorf("leaf %q has no split time", l.Leaf)
		}
	}
	if strings.Join(bits, ",") != "00,010,011,10,11" || rows != 300 {
		t.Fatalf("leaves %v hold %d rows; want 00,010,011,10,11 with 300", bits, rows)
	}
	// Leaves live in the objects named by their bits without trailing zeros.
	for _, l := range info {
		if want := LeafObject("acct", strings.TrimRight(l.Leaf, "0")); l.Object != want {
			t.Errorf("leaf %q in object %q, want %q", l.Leaf, l.Object, want)
		}
	}
	// A scan reaches every leaf once, and each leaf sees only its own rows.
	res, err := c.Scan(ctx, "ledger", "acct", "stats", nil)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, r := range res {
		var st struct{ Rows int }
		json.Unmarshal(r.Output, &st)
		total += st.Rows
	}
	if len(res) != 5 || total != 300 {
		t.Fatalf("scan: %d leaves, %d rows; want 5 and 300", len(res), total)
	}
	// A split of a leaf that is no longer there is refused.
	if err := s.Split(ctx, "ledger", "acct", "0"); !errors.Is(err, ErrStale) {
		t.Fatalf("split of a split leaf: %v, want ErrStale", err)
	}
}

func TestCallOneLeaf(t *testing.T) {
	_, s := newEngine(t, t.TempDir(), Policy{Disabled: true})
	c := s.Client()
	if err := s.Split(ctx, "ledger", "acct", ""); err != nil {
		t.Fatal(err)
	}
	var k0, k1 string
	for i := 0; k0 == "" || k1 == ""; i++ {
		k := fmt.Sprint("key", i)
		if storage.PrefixOwns("0", storage.KeyHash(k)) {
			k0 = k
		} else {
			k1 = k
		}
	}
	r := Request{Keys: []string{k0, k1}, Payloads: []json.RawMessage{raw(5), raw(7)}}
	// A fresh map does not know the split: the root refuses k1 and the call then spans.
	if _, err := s.Client().CallOneLeaf(ctx, "ledger", "acct", "add", r); !errors.Is(err, ErrSpansLeaves) {
		t.Fatalf("keys on two leaves: %v, want ErrSpansLeaves", err)
	}
	if _, err := c.CallOneLeaf(ctx, "ledger", "acct", "add", r); !errors.Is(err, ErrSpansLeaves) {
		t.Fatalf("keys on two leaves: %v, want ErrSpansLeaves", err)
	}
	vals := get(t, c, "acct", []string{k0, k1})
	if string(vals[k0]) != "null" || string(vals[k1]) != "null" {
		t.Fatalf("a refused call applied: %v", vals)
	}
	res, err := c.CallOneLeaf(ctx, "ledger", "acct", "add", Request{Keys: []string{k1}, Payloads: []json.RawMessage{raw(7)}})
	if err != nil || res.Leaf != "1" || string(res.Output) != "[7]" {
		t.Fatalf("one leaf: %+v %v", res, err)
	}
}

func TestBadCalls(t *testing.T) {
	_, s := newEngine(t, t.TempDir(), Policy{Disabled: true})
	c := s.Client()
	cases := []struct {
		name, class, object, method string
		r                           Request
		want                        func(error) bool
	}{
		{"not splittable", "counter", "x", "get", Request{Keys: []string{"a"}}, func(err error) bool { return errors.Is(err, ErrNotSplittable) }},
		{"unknown class", "nope", "x", "get", Request{Keys: []string{"a"}}, func(err error) bool { return errors.Is(err, host.ErrClassNotFound) }},
		{"no keys", "ledger", "x", "get", Request{}, codeIs(abi.CodeBadInput)},
		{"payload count", "ledger", "x", "add", Request{Keys: []string{"a", "b"}, Payloads: []json.RawMessage{raw(1)}}, codeIs(abi.CodeBadInput)},
		{"empty key", "ledger", "x", "get", Request{Keys: []string{""}}, codeIs(abi.CodeBadInput)},
		{"name with ~", "ledger", "x~1", "get", Request{Keys: []string{"a"}}, func(err error) bool { return errors.Is(err, host.ErrInvalidName) }},
		{"unknown method", "ledger", "x", "nope", Request{Keys: []string{"a"}}, func(err error) bool { return errors.Is(err, host.ErrMethodNotFound) }},
		{"lifecycle export", "ledger", "x", "after_clone", Request{Keys: []string{"a"}}, func(err error) bool { return errors.Is(err, host.ErrMethodNotFound) }},
		{"plugin error", "ledger", "x", "add", Request{Keys: []string{"a"}, Payloads: []json.RawMessage{raw("ten")}}, codeIs(abi.CodeBadInput)},
	}
	for _, tc := range cases {
		if _, err := c.Call(ctx, tc.class, tc.object, tc.method, tc.r); err == nil || !tc.want(err) {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
	if err := s.Split(ctx, "ledger", "x", "2"); !errors.Is(err, host.ErrInvalidName) {
		t.Errorf("split of leaf \"2\": %v", err)
	}
	if _, err := (Policy{Copy: "logical"}).WithDefaults(); err == nil {
		t.Error("copy mode logical accepted")
	}
}

func codeIs(code abi.Code) func(error) bool {
	return func(err error) bool {
		var ae *abi.Error
		return errors.As(err, &ae) && ae.Code == code
	}
}

// Writers add to random keys through their own split maps while the object splits to
// depth 3 under them: every acknowledged add is applied exactly once.
func TestConcurrentWritesAcrossSplits(t *testing.T) {
	_, s := newEngine(t, t.TempDir(), Policy{Disabled: true})
	keys := keysN("acct", 64)
	var mu sync.Mutex
	acked := map[string]int64{}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var calls atomic.Int64
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := s.Client()
			rng := rand.New(rand.NewPCG(uint64(w), 1))
			for {
				select {
				case <-stop:
					return
				default:
				}
				k1, k2 := keys[rng.IntN(len(keys))], keys[rng.IntN(len(keys))]
				if k1 == k2 {
					continue
				}
				res, err := c.Call(ctx, "ledger", "bank", "add", Request{Keys: []string{k1, k2}, Payloads: []json.RawMessage{raw(1), raw(10)}})
				if err != nil {
					t.Error(err)
					return
				}
				if len(res) == 0 {
					t.Error("no leaf answered")
					return
				}
				calls.Add(1)
				mu.Lock()
				acked[k1] += 1
				acked[k2] += 10
				mu.Unlock()
			}
		}()
	}
	for _, bits := range []string{"", "0", "1", "00", "01", "10", "11"} {
		time.Sleep(20 * time.Millisecond)
		if err := s.Split(ctx, "ledger", "bank", bits); err != nil {
			t.Fatalf("split %q: %v", bits, err)
		}
	}
	time.Sleep(20 * time.Millisecond)
	close(stop)
	wg.Wait()
	vals := get(t, s.Client(), "bank", keys)
	for _, k := range keys {
		if got := string(vals[k]); got != fmt.Sprint(acked[k]) && !(got == "null" && acked[k] == 0) {
			t.Errorf("key %s = %s, acknowledged adds sum to %d", k, got, acked[k])
		}
	}
	if n := len(waitCleanup(t, s, "bank")); n != 8 {
		t.Fatalf("%d leaves, want 8", n)
	}
	t.Logf("%d calls during 7 splits", calls.Load())
}

// Compare-and-set increments of a few keys while they split: the final value of each
// key is the number of successful sets, so no set was lost or applied twice.
func TestCompareAndSetAcrossSplits(t *testing.T) {
	_, s := newEngine(t, t.TempDir(), Policy{Disabled: true})
	keys := keysN("c", 8)
	var wins [8]atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := s.Client()
			rng := rand.New(rand.NewPCG(uint64(w), 2))
			for {
				select {
				case <-stop:
					return
				default:
				}
				i := rng.IntN(len(keys))
				vals := get(t, c, "cas", keys[i:i+1])
				var n int64
				json.Unmarshal(vals[keys[i]], &n)
				var expect any = n
				if string(vals[keys[i]]) == "null" {
					expect = nil
				}
				_, err := c.CallOneLeaf(ctx, "ledger", "cas", "cas", Request{Keys: keys[i : i+1],
					Payloads: []json.RawMessage{raw(map[string]any{"expect": expect, "value": n + 1})}})
				switch {
				case err == nil:
					wins[i].Add(1)
				case codeIs(abi.CodeConflict)(err):
				default:
					t.Error(err)
					return
				}
			}
		}()
	}
	for _, bits := range []string{"", "1", "0", "11"} {
		time.Sleep(30 * time.Millisecond)
		if err := s.Split(ctx, "ledger", "cas", bits); err != nil {
			t.Fatal(err)
		}
	}
	close(stop)
	wg.Wait()
	vals := get(t, s.Client(), "cas", keys)
	for i, k := range keys {
		if got := string(vals[k]); got != fmt.Sprint(wins[i].Load()) && !(got == "null" && wins[i].Load() == 0) {
			t.Errorf("key %s = %s after %d successful sets", k, got, wins[i].Load())
		}
	}
}

func TestPresplit(t *testing.T) {
	_, s := newEngine(t, t.TempDir(), Policy{Disabled: true, InitialDepth: 4})
	keys := keysN("u", 400)
	res, err := s.Client().Call(ctx, "ledger", "flat", "put", Request{Keys: keys, Payloads: repeat(raw(1), len(keys))})
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 16 {
		t.Fatalf("a call over 400 keys reached %d leaves, want 16", len(res))
	}
	info := leaves(t, s, "flat")
	if len(info) != 16 {
		t.Fatalf("%d leaves, want 16", len(info))
	}
	for _, l := range info {
		if len(l.Leaf) != 4 || l.Rows == 0 {
			t.Errorf("leaf %q holds %d rows", l.Leaf, l.Rows)
		}
	}
}

func repeat(v json.RawMessage, n int) []json.RawMessage {
	out := make([]json.RawMessage, n)
	for i := range out {
		out[i] = v
	}
	return out
}

// The plugin's own tables go with a split: the new leaf keeps the notes of its keys
// (after_clone drops the rest), and the giving leaf ran before_hand_out.
func TestPluginTablesAcrossSplit(t *testing.T) {
	_, s := newEngine(t, t.TempDir(), Policy{Disabled: true})
	c := s.Client()
	keys := keysN("n", 100)
	if _, err := c.Call(ctx, "ledger", "book", "note", Request{Keys: keys, Args: raw(map[string]string{"text": "hello"})}); err != nil {
		t.Fatal(err)
	}
	if err := s.Split(ctx, "ledger", "book", ""); err != nil {
		t.Fatal(err)
	}
	res, err := c.Call(ctx, "ledger", "book", "notes", Request{Keys: keys})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res {
		if want := strings.TrimSuffix(strings.Repeat(`"hello",`, len(r.Positions)), ","); string(r.Output) != "["+want+"]" {
			t.Fatalf("leaf %q notes: %s", r.Leaf, r.Output)
		}
	}
	owned1 := 0
	for _, k := range keys {
		if storage.PrefixOwns("1", storage.KeyHash(k)) {
			owned1++
		}
	}
	stats, err := c.Scan(ctx, "ledger", "book", "stats", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range stats {
		var st struct {
			Notes     int `json:"notes"`
			HandedOut int `json:"handed_out"`
		}
		json.Unmarshal(r.Output, &st)
		switch r.Leaf {
		case "0": // the giving leaf keeps its tables; sobjects_leaf_owns counts its own
			if st.Notes != 100-owned1 || st.HandedOut != 1 {
				t.Errorf("leaf 0: %s; want %d notes of its own and 1 hand-out", r.Output, 100-owned1)
			}
		case "1":
			if st.Notes != owned1 {
				t.Errorf("leaf 1: %s; want %d notes", r.Output, owned1)
			}
		}
	}
}

// Large rows move with a split.
func TestLargeRowsAcrossSplit(t *testing.T) {
	_, s := newEngine(t, t.TempDir(), Policy{Disabled: true})
	c := s.Client()
	big := strings.Repeat("b", 1<<20)
	keys := keysN("big", 6)
	if _, err := c.Call(ctx, "ledger", "blobs", "put", Request{Keys: keys, Payloads: repeat(raw(big), len(keys))}); err != nil {
		t.Fatal(err)
	}
	if err := s.Split(ctx, "ledger", "blobs", ""); err != nil {
		t.Fatal(err)
	}
	for k, v := range get(t, s.Client(), "blobs", keys) {
		if string(v) != string(raw(big)) {
			t.Fatalf("key %s: %d bytes after the split", k, len(v))
		}
	}
}

// A split cut short at each of its steps, as by a crash, is resolved at the next
// start: before the switch it is rolled back, after it completed; every key is then
// served by exactly one leaf with its value.
func TestSplitSurvivesCrashAtEachStep(t *testing.T) {
	for _, step := range []int{stepMoving, stepCopied, stepSwitched} {
		t.Run(fmt.Sprint("step", step), func(t *testing.T) {
			dir := t.TempDir()
			e, s := newEngine(t, dir, Policy{Disabled: true})
			keys := keysN("k", 200)
			c := s.Client()
			if _, err := c.Call(ctx, "ledger", "acct", "add", Request{Keys: keys, Payloads: repeat(raw(3), len(keys))}); err != nil {
				t.Fatal(err)
			}
			s.crashAt = func(st int) bool { return st == step }
			if err := s.Split(ctx, "ledger", "acct", ""); !errors.Is(err, errCrash) {
				t.Fatalf("split: %v", err)
			}
			s.Close()
			e.Close(ctx)

			_, s2 := newEngine(t, dir, Policy{Disabled: true})
			c2 := s2.Client()
			if _, err := c2.Call(ctx, "ledger", "acct", "add", Request{Keys: keys, Payloads: repeat(raw(1), len(keys))}); err != nil {
				t.Fatal(err)
			}
			for k, v := range get(t, c2, "acct", keys) {
				if string(v) != "4" {
					t.Fatalf("key %s = %s, want 4", k, v)
				}
			}
			info := waitCleanup(t, s2, "acct")
			want := "0,1"
			if step < stepSwitched {
				want = ""
			}
			var bits []string
			var rows int64
			for _, l := range info {
				bits = append(bits, l.Leaf)
				rows += l.Rows
				if l.Splitting {
					t.Errorf("leaf %q still splitting", l.Leaf)
				}
			}
			if strings.Join(bits, ",") != want || rows != 200 {
				t.Fatalf("leaves %v with %d rows; want %q with 200", bits, rows, want)
			}
			// The leaf can split again.
			if err := s2.Split(ctx, "ledger", "acct", info[len(info)-1].Leaf); err != nil {
				t.Fatal(err)
			}
			get(t, s2.Client(), "acct", keys)
		})
	}
}

// Load splits a busy leaf with many keys, and declines to split one that is busy
// because of one key, saying why.
func TestLoadDrivenSplit(t *testing.T) {
	_, s := newEngine(t, t.TempDir(), Policy{CallsPerSecond: 50, Window: time.Second})
	c := s.Client()
	deadline := time.Now().Add(20 * time.Second)
	keys := keysN("u", 256)
	for i := 0; time.Now().Before(deadline); i++ {
		if _, err := c.Call(ctx, "ledger", "busy", "add", Request{Keys: keys[i%256 : i%256+1], Payloads: []json.RawMessage{raw(1)}}); err != nil {
			t.Fatal(err)
		}
		if _, err := c.Call(ctx, "ledger", "hot", "add", Request{Keys: []string{"the-key"}, Payloads: []json.RawMessage{raw(1)}}); err != nil {
			t.Fatal(err)
		}
		if i%200 == 0 && len(leaves(t, s, "busy")) >= 2 && leaves(t, s, "hot")[0].Declined != "" {
			break
		}
		time.Sleep(time.Millisecond / 2)
	}
	if n := len(leaves(t, s, "busy")); n < 2 {
		t.Fatalf("a busy object of 256 keys did not split (%d leaves)", n)
	}
	hot := leaves(t, s, "hot")
	if len(hot) != 1 || !strings.Contains(hot[0].Declined, "the-key") {
		t.Fatalf("one hot key: leaves %+v; want one leaf that declined naming the key", hot)
	}
}

// A leaf whose database was deleted serves nothing, rather than answer from an empty
// database as if its keys had no values.
func TestDeletedLeafIsMissing(t *testing.T) {
	e, s := newEngine(t, t.TempDir(), Policy{Disabled: true})
	c := s.Client()
	keys := keysN("m", 20)
	if _, err := c.Call(ctx, "ledger", "gone", "add", Request{Keys: keys, Payloads: repeat(raw(1), len(keys))}); err != nil {
		t.Fatal(err)
	}
	if err := s.Split(ctx, "ledger", "gone", ""); err != nil {
		t.Fatal(err)
	}
	if err := e.Delete(ctx, "ledger", LeafObject("gone", "1")); err != nil {
		t.Fatal(err)
	}
	for _, cl := range []*Client{c, s.Client()} {
		if _, err := cl.Call(ctx, "ledger", "gone", "get", Request{Keys: keys}); !errors.Is(err, ErrLeafMissing) {
			t.Fatalf("read of keys on a deleted leaf: %v, want ErrLeafMissing", err)
		}
	}
	if _, err := s.Describe(ctx, "ledger", "gone"); !errors.Is(err, ErrLeafMissing) {
		t.Fatalf("describe with a deleted leaf: %v, want ErrLeafMissing", err)
	}
}

func TestLeafInputEncoding(t *testing.T) {
	r := Request{Keys: []string{"plain", "q\"uo\\te", "ctl\x00\x1f\n", "ünï⌘"}, Payloads: []json.RawMessage{raw(1), raw("x"), raw(nil), raw([]int{1})}, Args: raw(map[string]int{"a": 1})}
	if err := r.check(); err != nil {
		t.Fatal(err)
	}
	b, keys := r.input([]int{3, 1, 2})
	var got struct {
		Keys     []string
		Payloads []json.RawMessage
		Args     map[string]int
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	if !slices.Equal(got.Keys, []string{"ünï⌘", "q\"uo\\te", "ctl\x00\x1f\n"}) || !slices.Equal(keys, got.Keys) ||
		string(got.Payloads[0]) != "[1]" || string(got.Payloads[2]) != "null" || got.Args["a"] != 1 {
		t.Fatalf("decoded %+v from %s", got, b)
	}
	for _, bad := range []Request{
		{Keys: []string{"\xff"}},
		{Keys: []string{"a"}, Payloads: []json.RawMessage{json.RawMessage(`1],"keys":["b"`)}},
		{Keys: []string{"a"}, Args: json.RawMessage(`{`)},
	} {
		if err := bad.check(); !codeIs(abi.CodeBadInput)(err) {
			t.Errorf("%+v: %v, want bad_input", bad, err)
		}
	}
}

// dbExists reports whether the object has a database (on disk, or in the bucket).
func dbExists(e *host.Engine, class, name string) bool {
	ok, err := e.ObjectExists(ctx, class, name)
	return err == nil && ok
}

// clone is the copy step of a split without the split: a snapshot of src, caught up
// and installed as the database of dst. release ends the hold on src.
func clone(e *host.Engine, class, src, dst string, prepare func(*storage.DB) error) (release func(), err error) {
	snap, err := e.Snapshot(ctx, class, src, dst)
	if err != nil {
		return nil, err
	}
	if err := snap.CatchUp(); err != nil {
		snap.Release()
		return nil, err
	}
	if err := snap.Install(ctx, prepare); err != nil {
		snap.Release()
		return nil, err
	}
	return snap.Release, nil
}

// While the copy of a split is made, writes to the half that moves are not held back,
// and the new leaf has them: the copy takes them from the parent's log.
func TestWritesDuringTheCopyMoveWithTheHalf(t *testing.T) {
	_, s := newEngine(t, t.TempDir(), Policy{Disabled: true})
	c := s.Client()
	keys := keysN("w", 200)
	if _, err := c.Call(ctx, "ledger", "cp", "add", Request{Keys: keys, Payloads: repeat(raw(1), len(keys))}); err != nil {
		t.Fatal(err)
	}
	reached, resume := make(chan struct{}), make(chan struct{})
	s.crashAt = func(step int) bool {
		if step == stepSnapshot {
			close(reached)
			<-resume
		}
		return false
	}
	done := make(chan error, 1)
	go func() { done <- s.Split(ctx, "ledger", "cp", "") }()
	<-reached
	// The copy is made and the split paused before its fence: every write goes through,
	// those to the moving half ("1") included, and none waits for the split.
	for range 3 {
		if _, err := c.Call(ctx, "ledger", "cp", "add", Request{Keys: keys, Payloads: repeat(raw(10), len(keys))}); err != nil {
			t.Fatal(err)
		}
	}
	close(resume)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	for _, cl := range []*Client{c, s.Client()} {
		for k, v := range get(t, cl, "cp", keys) {
			if string(v) != "31" {
				t.Fatalf("key %s = %s after the split, want 31", k, v)
			}
		}
	}
	if info := leaves(t, s, "cp"); len(info) != 2 || info[0].Leaf != "0" || info[1].Leaf != "1" {
		t.Fatalf("leaves %+v", info)
	}
}

// TestStaleSplitCopyRemovedAtStart: kill -9 during a split's copy leaves a full-size
// copy of the leaf's database, and a log beside it, where the new leaf's database would
// go. The next start removes them before any split runs, and nothing else of the
// objects folder, and the leaf serves its data as before.
func TestStaleSplitCopyRemovedAtStart(t *testing.T) {
	dir := t.TempDir()
	e, s := newEngine(t, dir, Policy{Disabled: true})
	name := "stale"
	keys := keysN("s", 100)
	m := newModel3()
	seed3(t, m, s.Client(), name, keys)
	s.Close()
	e.Close(ctx)

	parent, err := os.ReadFile(dbPath(dir, "ledger", name))
	if err != nil {
		t.Fatal(err)
	}
	child := dbPath(dir, "ledger", LeafObject(name, "1"))
	if err := os.MkdirAll(filepath.Dir(child), 0o755); err != nil {
		t.Fatal(err)
	}
	stale := map[string][]byte{child + ".clone": parent, child + ".clone-wal": bytes.Repeat([]byte("garbage!"), 5000), child + ".clone-shm": make([]byte, 32<<10)}
	kept := map[string][]byte{ // named like a copy, but not one
		filepath.Join(filepath.Dir(child), "notes.clone"): []byte("mine"),
		child + ".clone.bak":                              []byte("mine too"),
		filepath.Join(dir, "objects", "ledger.db.clone"):  []byte("not in a class folder"),
	}
	for path, b := range merge(stale, kept) {
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	e2, s2 := newEngine(t, dir, Policy{Disabled: true})
	for path := range stale {
		if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s after the start: %v, want it removed", filepath.Base(path), err)
		}
	}
	for path, want := range kept {
		if got, err := os.ReadFile(path); err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s after the start: %q %v, want it kept as it was", filepath.Base(path), got, err)
		}
	}
	m.check(t, s2, name, keys)
	if info := leaves(t, s2, name); len(info) != 1 || info[0].Leaf != "" {
		t.Fatalf("leaves %+v after the restart, want the root only", info)
	}
	if dbExists(e2, "ledger", LeafObject(name, "1")) {
		t.Errorf("the new leaf's object exists after the restart")
	}
}

// merge is the pairs of a and b in one map.
func merge(a, b map[string][]byte) map[string][]byte {
	out := maps.Clone(a)
	maps.Copy(out, b)
	return out
}

// TestSplitWhoseCopyFailsReleasesTheSource: a split whose copy of the leaf's database
// cannot be written (here the new leaf's folder is a file) fails with an error, and
// leaves the source as it was: its checkpoints are not held, so once the obstacle is
// gone the next split succeeds and the data is whole.
func TestSplitWhoseCopyFailsReleasesTheSource(t *testing.T) {
	dir := t.TempDir()
	_, s := newEngine(t, dir, Policy{Disabled: true})
	name := "copyfail"
	keys := keysN("c", 100)
	m := newModel3()
	seed3(t, m, s.Client(), name, keys)
	folder := filepath.Dir(dbPath(dir, "ledger", LeafObject(name, "1")))
	if err := os.MkdirAll(filepath.Dir(folder), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(folder, []byte("in the way"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := s.Split(ctx, "ledger", name, ""); err == nil {
		t.Fatal("a split whose copy cannot be written succeeded")
	}
	if err := os.Remove(folder); err != nil {
		t.Fatal(err)
	}
	if err := s.Split(ctx, "ledger", name, ""); err != nil {
		t.Fatalf("the split once the copy can be written: %v", err)
	}
	m.check(t, s, name, keys)
	if info := leaves(t, s, name); len(info) != 2 {
		t.Fatalf("leaves %+v after the split, want two", info)
	}
}
