package splitter

// Helpers shared by the tests of this package: acknowledged-write ledgers and models,
// goroutine crews of writers, pauses at a split's steps, and checks of leaves, rows
// and database files.

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/storage"
)

// acked sums the acknowledged adds per key.
type acked struct {
	mu sync.Mutex
	m  map[string]int64
}

func newAcked() *acked { return &acked{m: map[string]int64{}} }

func (a *acked) add(k string, n int64) {
	a.mu.Lock()
	a.m[k] += n
	a.mu.Unlock()
}

// check compares every key's value, read through a fresh client, with the adds
// acknowledged for it.
func (a *acked) check(t *testing.T, s *Splitter, name string, keys []string) {
	t.Helper()
	vals := get(t, s.Client(), name, keys)
	a.mu.Lock()
	defer a.mu.Unlock()
	bad := 0
	for _, k := range keys {
		want := a.m[k]
		got := string(vals[k])
		if got != fmt.Sprint(want) && !(got == "null" && want == 0) {
			if bad++; bad <= 5 {
				t.Errorf("key %q = %s, acknowledged adds sum to %d", k, got, want)
			}
		}
	}
	if bad > 5 {
		t.Errorf("... %d keys wrong in all", bad)
	}
}

// crew is a set of goroutines that run until halt, which waits for them. A test
// registers halt as a cleanup too, so none outlives its engine.
type crew struct {
	stop chan struct{}
	once sync.Once
	wg   sync.WaitGroup
}

func newCrew(t *testing.T) *crew {
	c := &crew{stop: make(chan struct{})}
	t.Cleanup(c.halt)
	return c
}

func (c *crew) halt() {
	c.once.Do(func() { close(c.stop) })
	c.wg.Wait()
}

// run runs f until halt: f returns false to stop early.
func (c *crew) run(f func() bool) {
	c.wg.Add(1)
	go func() {
		defer c.wg.Done()
		for {
			select {
			case <-c.stop:
				return
			default:
			}
			if !f() {
				return
			}
		}
	}()
}

// writers runs n goroutines that add 1 and 10 to two random keys through their own
// Clients until the crew halts, recording acknowledged adds. Each answer is checked:
// every key came back from a leaf that owns it. calls counts acknowledged calls.
func writers(t *testing.T, cr *crew, s *Splitter, name string, keys []string, n int, a *acked, calls *atomic.Int64) {
	for w := range n {
		c := s.Client()
		rng := rand.New(rand.NewPCG(uint64(w), 7))
		cr.run(func() bool {
			k1, k2 := keys[rng.IntN(len(keys))], keys[rng.IntN(len(keys))]
			if k1 == k2 {
				return true
			}
			r := Request{Keys: []string{k1, k2}, Payloads: []json.RawMessage{raw(1), raw(10)}}
			res, err := c.Call(ctx, "ledger", name, "add", r)
			if err != nil {
				t.Errorf("writer: add %q %q: %v", k1, k2, err)
				return false
			}
			if err := checkOwners(r.Keys, res); err != nil {
				t.Errorf("writer: %v", err)
				return false
			}
			a.add(k1, 1)
			a.add(k2, 10)
			calls.Add(1)
			return true
		})
	}
}

// checkOwners checks that every key was answered once, by a leaf that owns it.
func checkOwners(keys []string, res []LeafResult) error {
	seen := make([]bool, len(keys))
	for _, r := range res {
		for _, p := range r.Positions {
			if seen[p] {
				return fmt.Errorf("key %q answered twice", keys[p])
			}
			seen[p] = true
			if !storage.PrefixOwns(r.Leaf, storage.KeyHash(keys[p])) {
				return fmt.Errorf("key %q answered by leaf %q, which does not own it", keys[p], r.Leaf)
			}
		}
	}
	for i, ok := range seen {
		if !ok {
			return fmt.Errorf("key %q not answered", keys[i])
		}
	}
	return nil
}

// waitCalls waits until calls has grown by n, or the test failed (a writer stopped).
func waitCalls(t *testing.T, calls *atomic.Int64, n int64) {
	t.Helper()
	target := calls.Load() + n
	for calls.Load() < target && !t.Failed() {
		time.Sleep(time.Millisecond)
	}
}

// keyIn returns a key of keys whose hash lies under bits.
func keyIn(t *testing.T, keys []string, bits string) string {
	t.Helper()
	for _, k := range keys {
		if storage.PrefixOwns(bits, storage.KeyHash(k)) {
			return k
		}
	}
	t.Fatalf("no key under %q", bits)
	return ""
}

// rawRows checks that the database of each leaf that finished its cleanup holds no
// rows but its own.
func rawRows(t *testing.T, e *host.Engine, name string, info []LeafInfo) {
	t.Helper()
	for _, l := range info {
		var all, own int64
		_, err := e.Run(ctx, "ledger", l.Object, func(tx *host.Tx) ([]byte, error) {
			var err error
			if all, err = tx.DB().KeyedCount(""); err != nil {
				return nil, err
			}
			own, err = tx.DB().KeyedCount(l.Leaf)
			return nil, err
		})
		if err != nil {
			t.Fatal(err)
		}
		if !l.Cleanup && all != own {
			t.Errorf("leaf %q (object %s) is cleaned up but holds %d rows, %d of them its own", l.Leaf, l.Object, all, own)
		}
	}
}

// settle waits, as waitCleanup does, until no leaf holds rows it gave away, and returns
// the leaves. A leaf that still does after that is only logged: that every deletion
// finishes is TestCleanupNotLostToARacingSplit's (an intermittent bug), and
// rawRows checks only the leaves that finished.
func settle(t *testing.T, s *Splitter, name string) []LeafInfo {
	t.Helper()
	var info []LeafInfo
	for range 300 {
		info = leaves(t, s, name)
		busy := false
		for _, l := range info {
			busy = busy || l.Cleanup
		}
		if !busy {
			return info
		}
		time.Sleep(10 * time.Millisecond)
	}
	for _, l := range info {
		if l.Cleanup {
			t.Logf("leaf %q still deletes given-away rows (see TestCleanupNotLostToARacingSplit)", l.Leaf)
		}
	}
	return info
}

func sumRows(info []LeafInfo) (rows int64, bits []string) {
	for _, l := range info {
		rows += l.Rows
		bits = append(bits, l.Leaf)
	}
	return rows, bits
}

// dbPath is the database file of an object (host.Engine's layout).
func dbPath(dir, class, name string) string {
	id := host.ObjectID(class, name)
	return filepath.Join(dir, "objects", class, id[:2], id+".db")
}

// hasDB reports whether the object has a database file in the engine's data directory.
func hasDB(e *host.Engine, class, name string) bool {
	_, err := os.Stat(dbPath(e.Options().DataDir, class, name))
	return err == nil
}

// steps pauses a split at each of the given steps until the test lets it go on:
// reached[step] closes when it gets there, and go_(step) lets it go on.
type steps struct {
	reached map[int]chan struct{}
	gates   map[int]chan struct{}
	once    map[int]*sync.Once
}

func pauseSteps(s *Splitter, at ...int) *steps {
	p := &steps{reached: map[int]chan struct{}{}, gates: map[int]chan struct{}{}, once: map[int]*sync.Once{}}
	for _, st := range at {
		p.reached[st], p.gates[st], p.once[st] = make(chan struct{}), make(chan struct{}), new(sync.Once)
	}
	var fired sync.Map
	s.crashAt = func(st int) bool {
		if g, ok := p.gates[st]; ok {
			if _, dup := fired.LoadOrStore(st, true); !dup {
				close(p.reached[st])
				<-g
			}
		}
		return false
	}
	return p
}

func (p *steps) go_(st int) { p.once[st].Do(func() { close(p.gates[st]) }) }

func (p *steps) goAll() {
	for st := range p.gates {
		p.go_(st)
	}
}

func reportErrs(t *testing.T, what string, errs []error) {
	t.Helper()
	for i, err := range errs {
		if i == 5 {
			t.Errorf("%s: ... %d errors in all", what, len(errs))
			break
		}
		t.Errorf("%s: %v", what, err)
	}
}

// checkSums reads every key through a fresh client and compares with want (a missing
// entry means null). It returns the errors.
func checkSums(s *Splitter, name string, keys []string, want map[string]int64) []error {
	res, err := s.Client().Call(ctx, "ledger", name, "get", Request{Keys: keys})
	if err != nil {
		return []error{err}
	}
	if err := checkOwners(keys, res); err != nil {
		return []error{err}
	}
	var errs []error
	for _, r := range res {
		var vals []json.RawMessage
		json.Unmarshal(r.Output, &vals)
		for i, p := range r.Positions {
			w, ok := want[keys[p]]
			if got := string(vals[i]); (ok && got != fmt.Sprint(w)) || (!ok && got != "null") {
				errs = append(errs, fmt.Errorf("key %q = %s, want %d (null if 0: %v)", keys[p], got, w, !ok))
			}
		}
	}
	return errs
}

// model3 is what the acknowledged writes say each key holds: its value (JSON) and its
// note (JSON string).
type model3 struct {
	mu    sync.Mutex
	vals  map[string]string
	notes map[string]string
	extra []string // keys written outside the test's list (check reads them too)
}

func newModel3() *model3 { return &model3{vals: map[string]string{}, notes: map[string]string{}} }

// w3 is one writer of a workload: it owns keys (no other writer touches them), so the
// last acknowledged write of a key is its value.
type w3 struct {
	id   int
	keys []string
	c    *Client
	i    int
}

// splitKeys3 deals keys to n writers so that each holds keys of both halves of every
// leaf (round robin over the list).
func splitKeys3(keys []string, n int) [][]string {
	out := make([][]string, n)
	for i, k := range keys {
		out[i%n] = append(out[i%n], k)
	}
	return out
}

// step runs the writer's next operation and records it once acknowledged. big allows
// 1 MiB values (on the writer's first 3 keys only, so the model stays small); the
// shrinking operation writes a tiny value over those keys, freeing their overflow pages.
func (w *w3) step(m *model3, name string, big bool) error {
	i := w.i
	w.i++
	pick := func(n int) []string {
		var ks []string
		for j := range n {
			ks = append(ks, w.keys[(i*7+j*3)%len(w.keys)])
		}
		// No duplicate keys in one call.
		seen := map[string]bool{}
		out := ks[:0]
		for _, k := range ks {
			if !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
		return out
	}
	switch op := i % 5; {
	case op == 0 || op == 1 || (op == 3 && !big):
		ks := pick(4)
		vals := make([]json.RawMessage, len(ks))
		for j := range ks {
			vals[j] = raw(map[string]any{"w": w.id, "i": i, "j": j, "pad": strings.Repeat("p", (i*37+j*101)%3000)})
		}
		if _, err := w.c.Call(ctx, "ledger", name, "put", Request{Keys: ks, Payloads: vals}); err != nil {
			return fmt.Errorf("writer %d put: %w", w.id, err)
		}
		m.mu.Lock()
		for j, k := range ks {
			m.vals[k] = string(vals[j])
		}
		m.mu.Unlock()
	case op == 2:
		ks := pick(4)
		text := fmt.Sprintf("note w%d i%d %s", w.id, i, strings.Repeat("n", i%500))
		if _, err := w.c.Call(ctx, "ledger", name, "note", Request{Keys: ks, Args: raw(map[string]string{"text": text})}); err != nil {
			return fmt.Errorf("writer %d note: %w", w.id, err)
		}
		m.mu.Lock()
		for _, k := range ks {
			m.notes[k] = string(raw(text))
		}
		m.mu.Unlock()
	case op == 3: // a 1 MiB value: overflow pages, the database grows
		k := w.keys[(i/5)%3]
		v := raw(strings.Repeat(string(rune('a'+(w.id*7+i)%26)), 1<<20) + fmt.Sprint(i))
		if _, err := w.c.Call(ctx, "ledger", name, "put", Request{Keys: []string{k}, Payloads: []json.RawMessage{v}}); err != nil {
			return fmt.Errorf("writer %d big put: %w", w.id, err)
		}
		m.mu.Lock()
		m.vals[k] = string(v)
		m.mu.Unlock()
	case op == 4: // shrink a key that may hold 1 MiB: its overflow pages are freed
		k := w.keys[(i/5+1)%3]
		v := raw(i)
		if _, err := w.c.Call(ctx, "ledger", name, "put", Request{Keys: []string{k}, Payloads: []json.RawMessage{v}}); err != nil {
			return fmt.Errorf("writer %d shrink: %w", w.id, err)
		}
		m.mu.Lock()
		m.vals[k] = string(v)
		m.mu.Unlock()
	}
	return nil
}

// check reads every key's value and note through a fresh client and compares them
// with the model.
func (m *model3) check(t *testing.T, s *Splitter, name string, keys []string) {
	t.Helper()
	m.mu.Lock()
	defer m.mu.Unlock()
	keys = append(slices.Clone(keys), m.extra...)
	bad := 0
	report := func(format string, args ...any) {
		if bad++; bad <= 5 {
			t.Errorf(format, args...)
		}
	}
	c := s.Client()
	for lo := 0; lo < len(keys); lo += 10 {
		chunk := keys[lo:min(lo+10, len(keys))]
		vals := get(t, c, name, chunk)
		for _, k := range chunk {
			want, ok := m.vals[k]
			if !ok {
				want = "null"
			}
			if got := string(vals[k]); got != want {
				report("key %q = %.60s (%d bytes), want %.60s (%d bytes)", k, got, len(got), want, len(want))
			}
		}
		res, err := c.Call(ctx, "ledger", name, "notes", Request{Keys: chunk})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range res {
			var notes []json.RawMessage
			if err := json.Unmarshal(r.Output, &notes); err != nil || len(notes) != len(r.Positions) {
				t.Fatalf("notes from leaf %q: %.80s", r.Leaf, r.Output)
			}
			for i, p := range r.Positions {
				k := chunk[p]
				want, ok := m.notes[k]
				if !ok {
					want = "null"
				}
				if got := string(notes[i]); got != want {
					report("note of %q = %.60s, want %.60s", k, got, want)
				}
			}
		}
	}
	if bad > 5 {
		t.Errorf("... %d wrong in all", bad)
	}
}

// integrity3 copies each leaf's database (a snapshot, as a split does) and checks the
// copy: SQLite's integrity check passes.
func integrity3(t *testing.T, e *host.Engine, s *Splitter, name string) {
	t.Helper()
	for _, l := range leaves(t, s, name) {
		obj := LeafObject(name, objectBits(l.Leaf))
		scratch := "chk3-" + strings.NewReplacer("~", "-", "/", "-").Replace(obj)
		var ierr error
		release, err := clone(e, "ledger", obj, scratch, func(db *storage.DB) error {
			ierr = db.IntegrityCheck()
			return nil
		})
		if err != nil {
			t.Fatalf("copy leaf %q: %v", l.Leaf, err)
		}
		release()
		if ierr != nil {
			t.Errorf("leaf %q (%s): %v", l.Leaf, obj, ierr)
		}
		if err := e.Delete(ctx, "ledger", scratch); err != nil {
			t.Fatal(err)
		}
	}
}

// seed3 writes the first state: small values for every key, 1 MiB values for a few,
// notes for a quarter.
func seed3(t *testing.T, m *model3, c *Client, name string, keys []string) {
	t.Helper()
	vals := make([]json.RawMessage, len(keys))
	for i := range keys {
		vals[i] = raw(map[string]any{"seed": i})
	}
	if _, err := c.Call(ctx, "ledger", name, "put", Request{Keys: keys, Payloads: vals}); err != nil {
		t.Fatal(err)
	}
	for i, k := range keys {
		m.vals[k] = string(vals[i])
	}
	for i := 0; i < 6; i++ {
		v := raw(strings.Repeat("S", 1<<20) + fmt.Sprint(i))
		k := keys[i*len(keys)/6]
		if _, err := c.Call(ctx, "ledger", name, "put", Request{Keys: []string{k}, Payloads: []json.RawMessage{v}}); err != nil {
			t.Fatal(err)
		}
		m.vals[k] = string(v)
	}
	nk := keys[:len(keys)/4]
	if _, err := c.Call(ctx, "ledger", name, "note", Request{Keys: nk, Args: raw(map[string]string{"text": "seed"})}); err != nil {
		t.Fatal(err)
	}
	for _, k := range nk {
		m.notes[k] = `"seed"`
	}
}

// splitUnderWrites3 splits leaf bits of name while writers hammer the object: the split
// pauses right after its copy caught up (stepSnapshot), the writers run burst ops each
// (1 MiB values included), then the split goes on while they keep writing small values
// until it is done. pause, if set, runs during the pause too (eviction, churn).
func splitUnderWrites3(t *testing.T, s *Splitter, m *model3, name, bits string, ws []*w3, burst int, pause func()) {
	t.Helper()
	p := pauseSteps(s, stepSnapshot, stepMoving)
	defer p.goAll()
	done := make(chan error, 1)
	go func() { done <- s.Split(ctx, "ledger", name, bits) }()
	select {
	case <-p.reached[stepSnapshot]:
	case err := <-done:
		t.Fatalf("split %q ended before its snapshot step: %v", bits, err)
	}
	var wg sync.WaitGroup
	for _, w := range ws {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range burst {
				if err := w.step(m, name, true); err != nil {
					t.Error(err)
					return
				}
				if pause != nil {
					pause()
				}
			}
		}()
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	// The split goes on (Moving, the second catch-up, install, switch) with writers.
	stop := make(chan struct{})
	var steps atomic.Int64
	for _, w := range ws {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				if err := w.step(m, name, false); err != nil {
					t.Error(err)
					return
				}
				steps.Add(1)
			}
		}()
	}
	p.go_(stepSnapshot)
	// Paused after Moving: the half that stays takes heavy writes (its own keys,
	// 1 MiB values included) before the second catch-up.
	select {
	case <-p.reached[stepMoving]:
		stay := &w3{id: 100 + len(bits), c: s.Client()}
		for i := 0; len(stay.keys) < 12; i++ {
			if k := fmt.Sprintf("stay%s-%d", bits, i); storage.PrefixOwns(bits+"0", storage.KeyHash(k)) {
				stay.keys = append(stay.keys, k)
			}
		}
		for range 2 * burst {
			if err := stay.step(m, name, true); err != nil {
				t.Error(err)
				break
			}
		}
		m.mu.Lock()
		m.extra = append(m.extra, stay.keys...)
		m.mu.Unlock()
	case err := <-done:
		done <- err
	}
	p.go_(stepMoving)
	err := <-done
	close(stop)
	wg.Wait()
	s.crashAt = nil
	if err != nil {
		t.Fatalf("split %q: %v", bits, err)
	}
	t.Logf("split %q: %d writes while it finished", bits, steps.Load())
}
