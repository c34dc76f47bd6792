package splitter

// Adversarial tests, third round: the catch-up snapshot of a split's copy (a copy of
// the parent's held file, brought up to date from its write-ahead log). Heavy writes to
// both halves while the copy is made (1 MiB values with overflow pages, values shrunk
// so pages are freed, the plugin's own table), the parent evicted and reopened during
// the copy, several splits of one object at once, a crash at the snapshot with a
// leftover copy file, and backups.

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/internal/testbucket"
	"github.com/sobjects/sobjects/storage"
	"github.com/sobjects/sobjects/storage/backup"
)

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

// Heavy writes to both halves while the copy is made: 1 MiB values (overflow pages,
// the database grows by tens of MiB past the copied file), values shrunk (pages freed,
// the freelist changes), the plugin's table; then more writes while the split
// finishes. Every acknowledged write is read back from the leaf that owns it, and each
// leaf's database passes SQLite's integrity check. Then the two leaves split again.
func TestAdversarial3HeavyWritesDuringCopy(t *testing.T) {
	e, s := newEngine(t, t.TempDir(), Policy{Disabled: true})
	name := "heavy"
	keys := keysN("h", 300)
	m := newModel3()
	seed3(t, m, s.Client(), name, keys)
	var ws []*w3
	for i, ks := range splitKeys3(keys, 4) {
		ws = append(ws, &w3{id: i, keys: ks, c: s.Client()})
	}
	splitUnderWrites3(t, s, m, name, "", ws, 25, nil)
	m.check(t, s, name, keys)
	integrity3(t, e, s, name)
	splitUnderWrites3(t, s, m, name, "1", ws, 10, nil)
	splitUnderWrites3(t, s, m, name, "0", ws, 10, nil)
	m.check(t, s, name, keys)
	info := waitCleanup(t, s, name)
	if rows, bits := sumRows(info); strings.Join(bits, ",") != "00,01,10,11" || rows != int64(len(keys)+len(m.extra)) {
		t.Errorf("leaves %v with %d rows, want 00,01,10,11 with %d", bits, rows, len(keys))
	}
	integrity3(t, e, s, name)
	rawRows(t, e, name, info)
}

// The parent is evicted and its database closed and reopened again and again while
// the copy is made (a pool of one database, an idle evictor of 1 ms, other objects
// churning), with heavy writes: the log the copy catches up from is closed without a
// checkpoint and appended to by the next connection.
func TestAdversarial3EvictedDuringCopy(t *testing.T) {
	e, s := newEngineWith(t, t.TempDir(), host.Options{MaxOpenDatabases: 1, IdleEvict: time.Millisecond}, Policy{Disabled: true})
	name := "evc"
	keys := keysN("e", 200)
	m := newModel3()
	seed3(t, m, s.Client(), name, keys)
	var ws []*w3
	for i, ks := range splitKeys3(keys, 2) {
		ws = append(ws, &w3{id: i, keys: ks, c: s.Client()})
	}
	oc := s.Client()
	var n atomic.Int64
	churn := func() {
		// Another object takes the pool's one slot: the parent's database closes.
		k := n.Add(1)
		if _, err := oc.Call(ctx, "ledger", fmt.Sprint("other", k%3), "get", Request{Keys: []string{"x"}}); err != nil {
			t.Errorf("churn: %v", err)
		}
		if k%4 == 0 {
			time.Sleep(2 * time.Millisecond) // and the evictor
		}
	}
	splitUnderWrites3(t, s, m, name, "", ws, 20, churn)
	m.check(t, s, name, keys)
	integrity3(t, e, s, name)
	splitUnderWrites3(t, s, m, name, "1", ws, 10, churn)
	m.check(t, s, name, keys)
	integrity3(t, e, s, name)
	rawRows(t, e, name, waitCleanup(t, s, name))
}

// Four leaves of one object split at once, each paused after its snapshot until all
// four have one, with writers on every leaf meanwhile and while they finish.
func TestAdversarial3ConcurrentSplits(t *testing.T) {
	e, s := newEngine(t, t.TempDir(), Policy{Disabled: true})
	name := "multi"
	keys := keysN("m", 400)
	m := newModel3()
	seed3(t, m, s.Client(), name, keys)
	for _, b := range []string{"", "0", "1"} {
		if err := s.Split(ctx, "ledger", name, b); err != nil {
			t.Fatal(err)
		}
	}
	targets := []string{"00", "01", "10", "11"}
	var arrived atomic.Int32
	all, gate := make(chan struct{}), make(chan struct{})
	s.crashAt = func(st int) bool {
		if st == stepSnapshot {
			if arrived.Add(1) == int32(len(targets)) {
				close(all)
			}
			<-gate
		}
		return false
	}
	defer func() {
		select {
		case <-gate:
		default:
			close(gate)
		}
	}()
	errs := make(chan error, len(targets))
	for _, b := range targets {
		go func() { errs <- s.Split(ctx, "ledger", name, b) }()
	}
	select {
	case <-all:
	case err := <-errs:
		t.Fatalf("a split ended before the snapshot step: %v", err)
	}
	var ws []*w3
	for i, ks := range splitKeys3(keys, 4) {
		ws = append(ws, &w3{id: i, keys: ks, c: s.Client()})
	}
	var wg sync.WaitGroup
	for _, w := range ws {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 15 {
				if err := w.step(m, name, true); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	stop := make(chan struct{})
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
			}
		}()
	}
	close(gate)
	for range targets {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	close(stop)
	wg.Wait()
	s.crashAt = nil
	m.check(t, s, name, keys)
	info := waitCleanup(t, s, name)
	if rows, bits := sumRows(info); strings.Join(bits, ",") != "000,001,010,011,100,101,110,111" || rows != int64(len(keys)) {
		t.Errorf("leaves %v with %d rows, want the 8 of depth 3 with %d", bits, rows, len(keys))
	}
	integrity3(t, e, s, name)
	rawRows(t, e, name, info)
}

// A split stopped as by a crash right after its snapshot caught up, with writes before
// and after; then a restart that finds a leftover copy file (garbage, as a crash in the
// middle of the copy would leave) and a leftover log beside it. Nothing acknowledged is
// lost, nothing is split, and the next split (which meets the leftover) works.
func TestAdversarial3CrashAtSnapshotThenRestart(t *testing.T) {
	dir := t.TempDir()
	e, s := newEngine(t, dir, Policy{Disabled: true})
	name := "crs"
	keys := keysN("c", 200)
	m := newModel3()
	seed3(t, m, s.Client(), name, keys)
	var ws []*w3
	for i, ks := range splitKeys3(keys, 2) {
		ws = append(ws, &w3{id: i, keys: ks, c: s.Client()})
	}
	s.crashAt = func(st int) bool {
		if st != stepSnapshot {
			return false
		}
		// Writes land in the parent's log while the copy is held.
		for range 10 {
			for _, w := range ws {
				if err := w.step(m, name, true); err != nil {
					t.Error(err)
				}
			}
		}
		return true
	}
	if err := s.Split(ctx, "ledger", name, ""); !errors.Is(err, errCrash) {
		t.Fatalf("split: %v, want the crash", err)
	}
	s.crashAt = nil
	child := dbPath(dir, "ledger", LeafObject(name, "1"))
	if _, err := os.Stat(child + ".clone"); err == nil {
		t.Errorf("the copy file is left after its split stopped")
	}
	// The hold ended: the parent checkpoints and takes writes as before.
	for range 10 {
		for _, w := range ws {
			if err := w.step(m, name, true); err != nil {
				t.Fatal(err)
			}
		}
	}
	m.check(t, s, name, keys)
	s.Close()
	e.Close(ctx)

	// What a crash during the copy leaves: a torn copy and a log of its own.
	if err := os.MkdirAll(filepath.Dir(child), 0o755); err != nil {
		t.Fatal(err)
	}
	parent, err := os.ReadFile(dbPath(dir, "ledger", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(child+".clone", parent[:len(parent)/3], 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(child+".clone-wal", []byte(strings.Repeat("garbage!", 5000)), 0o644); err != nil {
		t.Fatal(err)
	}

	e2, s2 := newEngine(t, dir, Policy{Disabled: true})
	for _, w := range ws {
		w.c = s2.Client()
	}
	m.check(t, s2, name, keys)
	if info := leaves(t, s2, name); len(info) != 1 || info[0].Leaf != "" {
		t.Fatalf("leaves %+v after the restart, want the root only", info)
	}
	if dbExists(e2, "ledger", LeafObject(name, "1")) {
		t.Errorf("the new leaf's object exists after the restart")
	}
	splitUnderWrites3(t, s2, m, name, "", ws, 10, nil)
	m.check(t, s2, name, keys)
	for _, suffix := range []string{".clone", ".clone-wal"} {
		if _, err := os.Stat(child + suffix); err == nil {
			t.Errorf("%s left after the split", suffix)
		}
	}
	integrity3(t, e2, s2, name)
	rawRows(t, e2, name, waitCleanup(t, s2, name))
}

// A split with backups on while both halves take writes (durable: each write is
// uploaded before it is acknowledged; interval), then the data directory is lost:
// every acknowledged write comes back from the bucket on the leaf that owns it.
func TestAdversarial3BackedSplitUnderWrites(t *testing.T) {
	srv := testbucket.Start(t)
	for _, mode := range []backup.Mode{backup.ModeDurable, backup.ModeInterval} {
		t.Run(fmt.Sprint("mode", mode), func(t *testing.T) {
			dir := t.TempDir()
			b := openBacked(t, srv, dir, mode)
			name := fmt.Sprint("bk", mode)
			keys := keysN("b", 120)
			m := newModel3()
			seed3(t, m, b.s.Client(), name, keys)
			var ws []*w3
			for i, ks := range splitKeys3(keys, 2) {
				ws = append(ws, &w3{id: i, keys: ks, c: b.s.Client()})
			}
			splitUnderWrites3(t, b.s, m, name, "", ws, 6, nil)
			m.check(t, b.s, name, keys)
			integrity3(t, b.e, b.s, name)
			b.close()
			if err := os.RemoveAll(dir); err != nil {
				t.Fatal(err)
			}
			b2 := openBacked(t, srv, dir, mode)
			m.check(t, b2.s, name, keys)
			if info := leaves(t, b2.s, name); len(info) != 2 {
				t.Errorf("leaves %+v after the disk loss, want 2", info)
			}
			integrity3(t, b2.e, b2.s, name)
		})
	}
}
