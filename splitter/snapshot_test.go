package splitter

// Tests of a split's copy (host.Engine.Snapshot and its catch-up from the parent's
// write-ahead log): the held file, eviction during the hold, heavy writes, crashes.

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/storage"
)

// The copy step of a split (Engine.Snapshot), fails cleanly (an error, the source's
// checkpoints released) when it fails after taking its snapshot: here prepare fails,
// as storage.Open does when the split's context ends during the copy.
func TestCopyWithFailingPrepareReturnsError(t *testing.T) {
	e, s := newEngine(t, t.TempDir(), Policy{Disabled: true})
	if _, err := s.Client().Call(ctx, "ledger", "src", "add", Request{Keys: []string{"a"}, Payloads: []json.RawMessage{raw(1)}}); err != nil {
		t.Fatal(err)
	}
	func() {
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("Clone panicked when prepare failed: %v", r)
			}
		}()
		fail := errors.New("prepare fails")
		if _, err := clone(e, "ledger", "src", "dst", func(*storage.DB) error { return fail }); !errors.Is(err, fail) {
			t.Fatalf("clone with a failing prepare: %v", err)
		}
	}()
	if dbExists(e, "ledger", "dst") {
		t.Fatal("a failed clone left a database")
	}
	// The source's checkpoints are not held: a clone works, and the source splits.
	release, err := clone(e, "ledger", "src", "dst", func(*storage.DB) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	release()
	if err := e.Delete(ctx, "ledger", "dst"); err != nil {
		t.Fatal(err)
	}
	if err := s.Split(ctx, "ledger", "src", ""); err != nil {
		t.Fatal(err)
	}
}

func fileHash(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// The snapshot a split copies is never torn: clones of an object taken while
// writers commit 10 rows per call, its log grows past SQLite's automatic checkpoint,
// and the pool (one open database) and the idle evictor keep closing its database in
// the middle of the copy (TestCopyHoldsTheParentFileThroughEviction). Each copy passes
// SQLite's integrity check and holds a whole number of calls' rows, no fewer than were
// acknowledged before the clone began and no more than after it ended.
func cloneNotTornByEviction(t *testing.T, e *host.Engine, s *Splitter) {
	cr := newCrew(t)
	var acked atomic.Int64
	big := raw(strings.Repeat("v", 64000))
	// The writer: 10 new rows per call, 64 KB each (16 pages each), so the log passes
	// SQLite's 1,000 pages while each clone holds it.
	c := s.Client()
	var n int
	cr.run(func() bool {
		keys := keysN(fmt.Sprintf("w%d-", n), 10)
		n++
		if _, err := c.Call(ctx, "ledger", "src", "put", Request{Keys: keys, Payloads: repeat(big, 10)}); err != nil {
			t.Errorf("writer: %v", err)
			return false
		}
		acked.Add(10)
		return true
	})
	// Churn: other objects take the pool's one slot, closing src's database whenever
	// it is idle.
	oc := s.Client()
	var m int
	cr.run(func() bool {
		m++
		if _, err := oc.Call(ctx, "ledger", fmt.Sprint("other", m%3), "get", Request{Keys: []string{"x"}}); err != nil {
			t.Errorf("churn: %v", err)
			return false
		}
		time.Sleep(time.Millisecond) // leave the CPUs to the writer and the copy
		return true
	})
	for acked.Load() < 30 && !t.Failed() {
		time.Sleep(time.Millisecond)
	}
	for i := 0; i < 4 && !t.Failed(); i++ {
		lo := acked.Load()
		var rows int64
		var integrity error
		release, err := clone(e, "ledger", "src", "copy", func(db *storage.DB) error {
			integrity = db.IntegrityCheck()
			var err error
			rows, err = db.KeyedCount("")
			return err
		})
		hi := acked.Load()
		if err != nil {
			t.Fatalf("clone %d: %v", i, err)
		}
		// Hold the snapshot while more rows commit: the first times 80 (1,280 pages of
		// log, past SQLite's automatic checkpoint), then 10.
		more := int64(10)
		if i < 2 {
			more = 80
		}
		for acked.Load() < hi+more && !t.Failed() {
			time.Sleep(time.Millisecond)
		}
		release()
		if integrity != nil {
			t.Errorf("clone %d: %v", i, integrity)
		}
		if rows%10 != 0 || rows < lo || rows > hi {
			t.Errorf("clone %d holds %d rows; want a multiple of 10 from %d to %d", i, rows, lo, hi)
		}
		if err := e.Delete(ctx, "ledger", "copy"); err != nil {
			t.Fatal(err)
		}
	}
	cr.halt()
	if info, err := e.Describe("ledger", "src"); err == nil {
		t.Logf("%d rows acknowledged; src is %d bytes with its log", acked.Load(), info.DatabaseBytes)
	}
	if rows, _ := sumRows(leaves(t, s, "src")); rows != acked.Load() {
		t.Errorf("src holds %d rows, %d acknowledged", rows, acked.Load())
	}
}

// A split whose parent is evicted between its steps and whose database the pool
// closes during the hold, while the parent's staying half takes enough writes (5 MB) to
// pass SQLite's automatic checkpoint: the parent's file stays exactly as it was at the
// snapshot until the switch, the new leaf gets the moving half as it was at the
// snapshot, and every acknowledged write is there after the split
// (TestCopyHoldsTheParentFileThroughEviction).
func splitWithParentEvictedDuringHold(t *testing.T, e *host.Engine, s *Splitter, dir string) {
	c := s.Client()
	keys := keysN("ev", 400)
	payloads := make([]json.RawMessage, len(keys))
	for i := range keys {
		payloads[i] = raw(map[string]any{"n": i, "pad": strings.Repeat("p", 500)})
	}
	if _, err := c.Call(ctx, "ledger", "ev", "put", Request{Keys: keys, Payloads: payloads}); err != nil {
		t.Fatal(err)
	}
	p := pauseSteps(s, stepMoving, stepCopied)
	defer p.goAll()
	done := make(chan error, 1)
	go func() { done <- s.Split(ctx, "ledger", "ev", "") }()
	<-p.reached[stepMoving]
	// The parent goes idle and is evicted before the copy.
	waitEvicted(t, e, "ledger", "ev")
	p.go_(stepMoving)
	<-p.reached[stepCopied]
	path := dbPath(dir, "ledger", "ev")
	snap := fileHash(t, path)
	// Writes to the staying half: 250 rows of 20 KB, past 1,000 pages of log.
	var stay []string
	for i := 0; len(stay) < 250; i++ {
		if k := fmt.Sprint("stay", i); storage.PrefixOwns("0", storage.KeyHash(k)) {
			stay = append(stay, k)
		}
	}
	big := raw(strings.Repeat("s", 20000))
	for i := 0; i < len(stay); i += 50 {
		if _, err := c.Call(ctx, "ledger", "ev", "put", Request{Keys: stay[i : i+50], Payloads: repeat(big, 50)}); err != nil {
			t.Fatal(err)
		}
		// Other objects take the pool's slot: the parent's database is closed.
		for j := range 3 {
			if _, err := s.Client().Call(ctx, "ledger", fmt.Sprint("churn", i, "-", j), "get", Request{Keys: []string{"x"}}); err != nil {
				t.Fatal(err)
			}
		}
		// And the parent goes idle: the evictor closes it too.
		waitEvicted(t, e, "ledger", "ev")
	}
	if got := fileHash(t, path); got != snap {
		t.Errorf("the parent's database file changed while the split held it")
	}
	p.go_(stepCopied)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	vals := get(t, s.Client(), "ev", keys)
	for i, k := range keys {
		var v struct{ N int }
		if err := json.Unmarshal(vals[k], &v); err != nil || v.N != i {
			t.Fatalf("key %s = %.40s, want n %d", k, vals[k], i)
		}
	}
	stayVals := get(t, s.Client(), "ev", stay)
	for _, k := range stay {
		if string(stayVals[k]) != string(big) {
			t.Fatalf("key %s written during the hold: %.40s", k, stayVals[k])
		}
	}
	info := waitCleanup(t, s, "ev")
	if rows, bits := sumRows(info); rows != int64(len(keys)+len(stay)) || strings.Join(bits, ",") != "0,1" {
		t.Errorf("leaves %v with %d rows, want 0,1 with %d", bits, rows, len(keys)+len(stay))
	}
	rawRows(t, e, "ev", info)
}

// The checkpoint hold, on one engine with a pool of one open database and an idle
// evictor that takes an object 2 ms after its last call.
func TestCopyHoldsTheParentFileThroughEviction(t *testing.T) {
	dir := t.TempDir()
	e, s := newEngineWith(t, dir, host.Options{MaxOpenDatabases: 1, IdleEvict: 2 * time.Millisecond}, Policy{Disabled: true})
	t.Run("clone not torn by eviction", func(t *testing.T) { cloneNotTornByEviction(t, e, s) })
	t.Run("split with the parent evicted during the hold", func(t *testing.T) { splitWithParentEvictedDuringHold(t, e, s, dir) })
}

// waitEvicted waits until the object is not resident (the idle evictor took it).
func waitEvicted(t *testing.T, e *host.Engine, class, name string) {
	t.Helper()
	for i := 0; ; i++ {
		info, err := e.Describe(class, name)
		if err != nil {
			t.Fatal(err)
		}
		if !info.Resident {
			return
		}
		if i > 1000 {
			t.Fatalf("%s/%s not evicted", class, name)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// Heavy writes to both halves while the copy is made: 1 MiB values (overflow pages,
// the database grows by tens of MiB past the copied file), values shrunk (pages freed,
// the freelist changes), the plugin's table; then more writes while the split
// finishes. Every acknowledged write is read back from the leaf that owns it, and each
// leaf's database passes SQLite's integrity check. Then the two leaves split again.
func TestHeavyWritesDuringCopyReachTheOwningLeaf(t *testing.T) {
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
func TestParentEvictedDuringCopyLosesNoWrite(t *testing.T) {
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
func TestConcurrentSplitsPausedAtTheirSnapshots(t *testing.T) {
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
func TestCrashAtSnapshotThenRestartLosesNothing(t *testing.T) {
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
