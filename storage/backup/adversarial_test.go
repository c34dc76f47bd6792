package backup

// Adversarial tests of the backup package: each one drives a scenario in which the
// bucket, the local files or the order of events go wrong, and checks what the
// package promises (docs/backup.md). A failing test here is a bug to fix, not a
// flaky test: none depends on timing (every interleaving is forced with hooks).

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ncruces/go-sqlite3"
	"github.com/superfly/ltx"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/internal/testbucket"
	"github.com/sobjects/sobjects/storage"
)

// faulty wraps a bucket and lets a test decide, key by key, what each Put and Delete
// does: go through, fail before reaching the bucket, or reach the bucket and then
// report a failure (an answer lost on the way back).
type faulty struct {
	Bucket
	mu sync.Mutex
	// put, if set, is asked before each Put. stored: the Put goes to the bucket first.
	// err: what the Put then returns (nil: the bucket's answer).
	put func(key string) (stored bool, err error)
	// del, if set, is asked before each Delete; an error fails it without deleting.
	del func(keys []string) error
	// modified, if set, rewrites the LastModified times List reports.
	modified func(key string, t time.Time) time.Time
}

func (f *faulty) List(ctx context.Context, prefix string) ([]ObjectInfo, error) {
	objs, err := f.Bucket.List(ctx, prefix)
	if f.modified != nil {
		for i := range objs {
			objs[i].Modified = f.modified(objs[i].Key, objs[i].Modified)
		}
	}
	return objs, err
}

func (f *faulty) setPut(fn func(key string) (bool, error)) {
	f.mu.Lock()
	f.put = fn
	f.mu.Unlock()
}

func (f *faulty) setDelete(fn func(keys []string) error) {
	f.mu.Lock()
	f.del = fn
	f.mu.Unlock()
}

func (f *faulty) Put(ctx context.Context, key string, body io.ReadSeeker, cond Cond) (string, error) {
	f.mu.Lock()
	fn := f.put
	f.mu.Unlock()
	if fn != nil {
		stored, err := fn(key)
		if err != nil {
			if stored {
				f.Bucket.Put(ctx, key, body, cond)
			}
			return "", err
		}
	}
	return f.Bucket.Put(ctx, key, body, cond)
}

func (f *faulty) Delete(ctx context.Context, keys ...string) error {
	f.mu.Lock()
	fn := f.del
	f.mu.Unlock()
	if fn != nil {
		if err := fn(keys); err != nil {
			return err
		}
	}
	return f.Bucket.Delete(ctx, keys...)
}

var errInjected = errors.New("injected bucket failure")

// once returns a put hook that acts (stored, errInjected) on the first key that
// matches, and lets every other Put through.
func once(match func(key string) bool, stored bool) func(string) (bool, error) {
	var mu sync.Mutex
	done := false
	return func(key string) (bool, error) {
		mu.Lock()
		defer mu.Unlock()
		if done || !match(key) {
			return false, nil
		}
		done = true
		return stored, errInjected
	}
}

func isLTX(key string) bool { return strings.HasSuffix(key, ".ltx") }

// ltxLevel is the level of the LTX file at key (either layout: <obj>/ltx/<level>/ or
// <obj>/<level in 4 hex digits>/), or -1.
func ltxLevel(key string) int {
	if !isLTX(key) {
		return -1
	}
	dir := path.Base(path.Dir(key))
	base := 10
	if len(dir) == 4 {
		base = 16
	}
	lv, err := strconv.ParseInt(dir, base, 32)
	if err != nil {
		return -1
	}
	return int(lv)
}

// isUploadOf reports whether key is the level-0 file of TXID txid.
func isUploadOf(txid ltx.TXID) func(key string) bool {
	return func(key string) bool {
		return ltxLevel(key) == levelUpload && path.Base(key) == ltx.FormatFilename(txid, txid)
	}
}

func newFaulty(t *testing.T) *faulty {
	srv := testbucket.Start(t)
	return &faulty{Bucket: newBucket(t, srv, srv.Endpoint)}
}

// kvOf is every KV pair of an open database.
func kvOf(t *testing.T, db *storage.DB) map[string]string {
	t.Helper()
	var enc abi.Encoder
	if err := db.KVList(storage.ListOptions{}, &enc); err != nil {
		t.Fatal(err)
	}
	d := abi.NewDecoder(enc.Buf)
	n, err := d.ArrayHeader()
	if err != nil {
		t.Fatal(err)
	}
	kv := map[string]string{}
	for range n {
		d.ArrayHeader()
		k, _ := d.String()
		v, err := d.BytesAlias()
		if err != nil {
			t.Fatal(err)
		}
		kv[k] = string(v)
	}
	return kv
}

// fill commits, in one transaction, 200 keys f000..f199 of 100 bytes each: several
// leaf pages, so that a later write of one key rewrites one leaf and leaves the others.
func fill(t *testing.T, r *Replica, db *storage.DB) error {
	t.Helper()
	if err := db.Begin(); err != nil {
		t.Fatal(err)
	}
	for i := range 200 {
		if err := db.KVPut(fmt.Sprintf("f%03d", i), []byte(strings.Repeat("-", 100))); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Commit(); err != nil {
		t.Fatal(err)
	}
	return r.Committed(context.Background(), db, 1)
}

// one writes a 100-byte value to key: it rewrites the key's leaf page only.
func one(t *testing.T, r *Replica, db *storage.DB, key, v string) error {
	t.Helper()
	return put(t, r, db, key, strings.Repeat(v, 100)[:100])
}

// restoreLatest rebuilds the object's latest state from the bucket alone; the
// integrity check of content fails the test if the bucket holds a corrupt database.
func restoreLatest(t *testing.T, b Bucket, name string) (map[string]string, error) {
	t.Helper()
	to := filepath.Join(t.TempDir(), "restored.db")
	if _, err := Restore(context.Background(), b, "test", "id-"+name, "", to, nil); err != nil {
		return nil, err
	}
	db, err := storage.Open(context.Background(), to, storage.Options{})
	if err != nil {
		return nil, err
	}
	defer db.Close()
	if err := db.IntegrityCheck(); err != nil {
		return nil, err
	}
	return kvOf(t, db), nil
}

func sameKV(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// short shows the keys whose values are not the filler "-" values.
func short(m map[string]string) string {
	var parts []string
	for k, v := range m {
		if !strings.HasPrefix(v, "-") {
			parts = append(parts, fmt.Sprintf("%s=%.6s(%d)", k, v, len(v)))
		}
	}
	sort.Strings(parts)
	return fmt.Sprintf("%d keys {%s}", len(m), strings.Join(parts, " "))
}

// big is a value of several pages, so that the pages of one key are not rewritten by
// a commit that writes another.
func big(s string) string { return strings.Repeat(s, 9000) }

// TestAdvDurableAmbiguousFailureThenFailedSnapshot: in durable mode an upload reaches
// the bucket but its answer is lost (ErrNotDurable; the log is cut). The next commit
// finds its TXID taken by its own file and must upload a snapshot; shipOwned's
// loadAll first checkpoints, folding that commit into the database file, and then the
// snapshot's upload fails too. The second commit was never acknowledged, so it must
// not be visible after the object reopens; and the bucket must go on describing the
// local database.
func TestAdvDurableAmbiguousFailureThenFailedSnapshot(t *testing.T) {
	b := newFaulty(t)
	n := startNode(t, t.TempDir(), b, ModeDurable)
	r, db := n.object("a")                 // TXID 1: the new object's snapshot
	if err := fill(t, r, db); err != nil { // TXID 2
		t.Fatal(err)
	}
	// The upload of f010=b (TXID 3) reaches the bucket, but the answer is lost.
	b.setPut(once(isLTX, true))
	if err := one(t, r, db, "f010", "b"); !errors.Is(err, ErrNotDurable) {
		t.Fatalf("write b: %v, want ErrNotDurable", err)
	}
	n.pool.Release(db)
	n.pool.Evict(n.path("a"))
	_, db = n.object("a")
	if v, _, _ := db.KVGet("f010", nil); v[0] == 'b' {
		t.Fatalf("b, never acknowledged, is visible")
	}
	// f100=c finds TXID 3 taken by its own file: the snapshot (TXID 4) that must
	// follow fails to upload.
	b.setPut(once(isUploadOf(4), false))
	if err := one(t, r, db, "f100", "c"); !errors.Is(err, ErrNotDurable) {
		t.Fatalf("write c: %v, want ErrNotDurable", err)
	}
	n.pool.Release(db)
	n.pool.Evict(n.path("a"))
	b.setPut(nil)
	_, db = n.object("a")
	if v, _, _ := db.KVGet("f100", nil); v[0] == 'c' {
		t.Errorf("c was refused with ErrNotDurable (never acknowledged) but is visible after the object reopened")
	}
	if err := one(t, r, db, "f190", "d"); err != nil {
		t.Fatal(err)
	}
	local := kvOf(t, db)
	n.pool.Release(db)
	got, err := restoreLatest(t, b, "a")
	if err != nil {
		t.Fatalf("the bucket's latest state (acknowledged: d) does not restore: %v; local is %s", err, short(local))
	}
	if !sameKV(got, local) {
		t.Fatalf("the bucket's latest state %s differs from the local database %s", short(got), short(local))
	}
}

// TestAdvDurableBackgroundFlushUploadsARefusedCommit: in durable mode a commit whose
// upload failed is answered ErrNotDurable and must be undone (docs/backup.md: "never
// acknowledged, never visible"). Its pages stay in pending until the database
// closes, and the store's background uploader (flush) runs in every mode: if its tick
// falls between the failure and the eviction, it uploads the refused commit, and the
// eviction then cuts the log only back to that upload.
func TestAdvDurableBackgroundFlushUploadsARefusedCommit(t *testing.T) {
	b := newFaulty(t)
	n := startNode(t, t.TempDir(), b, ModeDurable)
	r, db := n.object("a")
	if err := put(t, r, db, "a", "1"); err != nil {
		t.Fatal(err)
	}
	b.setPut(once(isLTX, false))
	if err := put(t, r, db, "b", "1"); !errors.Is(err, ErrNotDurable) {
		t.Fatalf("write b: %v, want ErrNotDurable", err)
	}
	// The uploader's tick, before the engine has evicted the database.
	n.store.flush(context.Background(), 0, nil)
	n.pool.Release(db)
	n.pool.Evict(n.path("a"))
	_, db = n.object("a")
	defer n.pool.Release(db)
	if _, found, _ := db.KVGet("b", nil); found {
		t.Errorf("b, answered ErrNotDurable, is visible after the eviction that should undo it")
	}
	if got, err := restoreLatest(t, b, "a"); err != nil {
		t.Fatal(err)
	} else if _, ok := got["b"]; ok {
		t.Errorf("b, answered ErrNotDurable, is in the bucket: %s", short(got))
	}
}

// TestAdvDurableBackgroundFlushAfterAmbiguousFailure: as above, but the refused
// upload did reach the bucket. The background flush then finds the TXID taken by its
// own file, marks it shipped and drops the pages (errNeedSnapshot, which only the
// owner acts on; ambiguous is cleared). The eviction cuts the commit from the log, and
// the next commit goes up as a delta on top of a file holding the refused commit: the
// bucket no longer describes the database.
func TestAdvDurableBackgroundFlushAfterAmbiguousFailure(t *testing.T) {
	b := newFaulty(t)
	n := startNode(t, t.TempDir(), b, ModeDurable)
	r, db := n.object("a")
	if err := fill(t, r, db); err != nil {
		t.Fatal(err)
	}
	b.setPut(once(isLTX, true))
	if err := one(t, r, db, "f010", "b"); !errors.Is(err, ErrNotDurable) {
		t.Fatalf("write b: %v, want ErrNotDurable", err)
	}
	n.store.flush(context.Background(), 0, nil) // the uploader's tick
	n.pool.Release(db)
	n.pool.Evict(n.path("a"))
	_, db = n.object("a")
	if err := one(t, r, db, "f190", "c"); err != nil {
		t.Fatal(err)
	}
	local := kvOf(t, db)
	n.pool.Release(db)
	got, err := restoreLatest(t, b, "a")
	if err != nil {
		t.Fatalf("the bucket's latest state does not restore: %v; local is %s", err, short(local))
	}
	if !sameKV(got, local) {
		t.Fatalf("the bucket's latest state %s differs from the local database %s (c was acknowledged, b refused)", short(got), short(local))
	}
}

// TestAdvIntervalSnapshotPendingSidecarClaimsMatch: in interval mode a local file
// that is not the bucket's latest (here: its sidecar was lost, which docs/backup.md
// says costs "a snapshot upload, never data") is uploaded whole as a snapshot. But
// attach's loadAll checkpoints first, and checkpoint, finding nothing pending, writes
// the sidecar "local file == the bucket's latest" before that snapshot is uploaded. A
// crash before the upload then makes the next start trust the file, and later deltas
// go up on top of a bucket state that lacks what the snapshot was to carry.
func TestAdvIntervalSnapshotPendingSidecarClaimsMatch(t *testing.T) {
	b := newFaulty(t)
	dir := t.TempDir()
	n := startNode(t, dir, b, ModeInterval)
	r, db := n.object("a")
	if err := fill(t, r, db); err != nil {
		t.Fatal(err)
	}
	if _, err := r.CurrentBookmark(context.Background(), db); err != nil { // uploads
		t.Fatal(err)
	}
	if err := one(t, r, db, "f010", "b"); err != nil { // not uploaded: the node crashes
		t.Fatal(err)
	}
	n.pool.Release(db)
	n.crash()
	db.Close()                         // kill -9: the connection goes, nothing is checkpointed
	os.Remove(n.path("a") + "-backup") // and the sidecar is lost

	// Restart: the file is not the bucket's latest, so a snapshot is due. The node
	// crashes again before the uploader's first tick.
	n2 := startNode(t, dir, b, ModeInterval)
	_, db2 := n2.object("a")
	n2.pool.Release(db2)
	n2.crash()
	db2.Close()

	n3 := startNode(t, dir, b, ModeInterval)
	r3, db3 := n3.object("a")
	if err := one(t, r3, db3, "f190", "c"); err != nil {
		t.Fatal(err)
	}
	local := kvOf(t, db3)
	n3.pool.Release(db3)
	n3.stop() // a clean stop uploads everything
	got, err := restoreLatest(t, b, "a")
	if err != nil {
		t.Fatalf("after a clean stop the bucket's latest state does not restore: %v; local is %s", err, short(local))
	}
	if !sameKV(got, local) {
		t.Fatalf("after a clean stop the bucket's latest state %s differs from the local database %s", short(got), short(local))
	}
}

// TestAdvIntervalFlushUploadsLaterCommits: interval mode reads the log at upload time
// (flush → ship → readLocked), but flush only picks replicas whose pending is not
// empty, and Committed no longer fills pending. After the first upload of an object,
// the uploader's ticks upload nothing: changes go up only when the log passes 4 MiB,
// the database closes, or a bookmark is asked for. A lost disk then loses far more
// than one interval.
func TestAdvIntervalFlushUploadsLaterCommits(t *testing.T) {
	b := newFaulty(t)
	n := startNode(t, t.TempDir(), b, ModeInterval)
	r, db := n.object("a")
	defer n.pool.Release(db)
	if err := put(t, r, db, "k1", "1"); err != nil {
		t.Fatal(err)
	}
	n.store.flush(context.Background(), 0, nil) // the uploader's tick: the first snapshot goes up
	if err := put(t, r, db, "k2", "2"); err != nil {
		t.Fatal(err)
	}
	n.store.flush(context.Background(), 0, nil) // the next tick, an interval later
	got, err := restoreLatest(t, b, "a")
	if err != nil {
		t.Fatal(err)
	}
	if got["k2"] != "2" {
		t.Fatalf("a commit made before the uploader's tick is not in the bucket after it: %v", got)
	}
}

// TestAdvMaintenanceResurrectsDeletedObject: maintenance does not hold shipMu, so a
// compaction that read an object's files before a Delete writes its output after it:
// the deleted object's data is back in the bucket, and the next activation of the
// (recreated, empty) object restores it.
func TestAdvMaintenanceResurrectsDeletedObject(t *testing.T) {
	b := newFaulty(t)
	n := startNode(t, t.TempDir(), b, ModeDurable)
	n.store.compactEvery, n.store.keepUploads = 0, 0
	r, db := n.object("a")
	for i := range 5 {
		if err := put(t, r, db, "old", fmt.Sprint("v", i)); err != nil {
			t.Fatal(err)
		}
	}
	n.pool.Release(db)
	reached, resume := make(chan struct{}), make(chan struct{})
	var first sync.Once
	b.setPut(func(key string) (bool, error) {
		if ltxLevel(key) == levelCompact {
			first.Do(func() { close(reached); <-resume })
		}
		return false, nil
	})
	done := make(chan error, 1)
	go func() { done <- r.maintain(context.Background(), time.Now()) }()
	<-reached // maintenance has read the files and is writing the level-1 file
	// DELETE /v1/objects/test/a: what Object.destroy does. Delete waits for the
	// maintenance under way, which goes on meanwhile.
	if err := n.pool.Remove(n.path("a")); err != nil {
		t.Fatal(err)
	}
	deleted := make(chan error, 1)
	go func() { deleted <- r.Delete(context.Background()) }()
	close(resume)
	if err := <-deleted; err != nil {
		t.Fatal(err)
	}
	<-done
	b.setPut(nil)
	// The object is created again by its next call: it must start empty.
	_, db = n.object("a")
	defer n.pool.Release(db)
	if v, found, _ := db.KVGet("old", nil); found {
		t.Fatalf("deleted object came back from the bucket: old=%q", v)
	}
}

// TestAdvIntervalFencedNodeKeepsAcknowledging: docs/backup.md: a node that finds its
// next file taken by another node's "stops writing that object ... and its calls to
// it fail with 409 fenced". In interval mode Committed never reports ErrFenced: the
// fenced node goes on acknowledging writes that will never be uploaded, and its
// Store.Close reports that everything was uploaded.
func TestAdvIntervalFencedNodeKeepsAcknowledging(t *testing.T) {
	b := newFaulty(t)
	a := startNode(t, t.TempDir(), b, ModeInterval)
	ra, dba := a.object("x")
	if err := put(t, ra, dba, "k", "a1"); err != nil {
		t.Fatal(err)
	}
	a.store.flush(context.Background(), 0, nil)
	bn := startNode(t, t.TempDir(), b, ModeInterval)
	rb, dbb := bn.object("x")
	if err := put(t, rb, dbb, "k", "b1"); err != nil {
		t.Fatal(err)
	}
	if _, err := rb.CurrentBookmark(context.Background(), dbb); err != nil { // b uploads
		t.Fatal(err)
	}
	bn.pool.Release(dbb)
	if err := put(t, ra, dba, "k", "a2"); err != nil {
		t.Fatal(err)
	}
	// Node a's next upload (CurrentBookmark; the uploader's tick does not upload, see
	// TestAdvIntervalFlushUploadsLaterCommits) finds b's file.
	if _, err := ra.CurrentBookmark(context.Background(), dba); !errors.Is(err, ErrFenced) {
		t.Fatalf("node a's upload: %v, want ErrFenced", err)
	}
	err := put(t, ra, dba, "k", "a3")
	if !errors.Is(err, ErrFenced) {
		t.Errorf("write on the fenced node: %v, want ErrFenced", err)
	}
	a.pool.Release(dba)
	a.pool.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := a.store.Close(ctx); err == nil {
		t.Errorf("Store.Close of the fenced node reports success; its acknowledged writes a2, a3 never reached the bucket")
	}
	a.pool = nil
}

// TestAdvDurableRestoreThenFailedSnapshotThenCrash: a point-in-time restore is
// carried out at the next activation (prepare replaces the file and asks for a
// snapshot). attach's loadAll checkpoints first, and checkpoint writes the sidecar
// "local file == the bucket's latest" (the state before the restore) before the
// restored state is uploaded. The upload fails, the node crashes; the next start
// trusts the sidecar, never uploads the restored state, and uploads deltas on top of
// the pre-restore state.
func TestAdvDurableRestoreThenFailedSnapshotThenCrash(t *testing.T) {
	b := newFaulty(t)
	dir := t.TempDir()
	n := startNode(t, dir, b, ModeDurable)
	r, db := n.object("a")
	if err := fill(t, r, db); err != nil {
		t.Fatal(err)
	}
	old, err := r.CurrentBookmark(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	if err := one(t, r, db, "f010", "n"); err != nil {
		t.Fatal(err)
	}
	if _, err := r.RestoreOnNextOpen(context.Background(), db, old); err != nil {
		t.Fatal(err)
	}
	n.pool.Release(db)
	n.pool.Evict(n.path("a"))
	b.setPut(func(key string) (bool, error) {
		if isLTX(key) {
			return false, errInjected
		}
		return false, nil
	})
	if _, err := n.pool.Acquire(context.Background(), n.path("a")); err == nil {
		t.Fatal("activation with the bucket refusing uploads succeeded")
	}
	n.crash()
	b.setPut(nil)
	n2 := startNode(t, dir, b, ModeDurable)
	r2, db2 := n2.object("a")
	if v, _, _ := db2.KVGet("f010", nil); v[0] != '-' {
		t.Fatalf("after the restore to %s: f010=%.6q, want the value before", old, v)
	}
	if err := one(t, r2, db2, "f190", "c"); err != nil {
		t.Fatal(err)
	}
	local := kvOf(t, db2)
	n2.pool.Release(db2)
	got, err := restoreLatest(t, b, "a")
	if err != nil {
		t.Fatalf("the bucket's latest state does not restore: %v; local is %s", err, short(local))
	}
	if !sameKV(got, local) {
		t.Fatalf("the bucket's latest state %s differs from the local database %s (acknowledged in durable mode)", short(got), short(local))
	}
}

// TestAdvRestoreMarkerForTrimmedBookmarkBricksObject: a restore asked for a bookmark
// that maintenance trims before the next activation (level-0 files are deleted an
// hour after a level-1 file covers them, so any bookmark about an hour old) leaves a
// marker that prepare can never carry out: every later activation fails.
func TestAdvRestoreMarkerForTrimmedBookmarkBricksObject(t *testing.T) {
	b := newFaulty(t)
	n := startNode(t, t.TempDir(), b, ModeDurable)
	n.store.compactEvery = 0
	r, db := n.object("a")
	var mid string
	for i := range 10 {
		if err := put(t, r, db, "k", fmt.Sprint("v", i)); err != nil {
			t.Fatal(err)
		}
		if i == 4 {
			mid, _ = r.CurrentBookmark(context.Background(), db)
		}
	}
	if err := r.maintain(context.Background(), time.Now()); err != nil { // compacts; keeps level 0
		t.Fatal(err)
	}
	if _, err := r.RestoreOnNextOpen(context.Background(), db, mid); err != nil {
		t.Fatal(err)
	}
	n.pool.Release(db)
	n.pool.Evict(n.path("a"))
	// An hour later (keepUploads): the level-0 files the level-1 file covers go.
	n.store.keepUploads = 0
	if err := r.maintain(context.Background(), time.Now()); err != nil {
		t.Fatal(err)
	}
	for try := range 2 {
		db, err := n.pool.Acquire(context.Background(), n.path("a"))
		if err != nil {
			t.Fatalf("activation %d after the restore's bookmark was trimmed: %v", try+1, err)
		}
		n.pool.Release(db)
	}
}

// TestAdvSnapshotInsideCompactionBreaksLatest: maintenance writes a snapshot at the
// latest TXID even when the level-0 files before it are not compacted yet; the next
// compaction then makes a level-1 file that starts before that snapshot and ends after
// it, and an hour later the level-0 files it covers are deleted. plan only starts from
// the newest snapshot, which no file follows any more: the latest state (and every
// state after the snapshot) no longer restores, though the bucket holds files that
// rebuild it (the older snapshot and the level-1 file).
//
// The times are passed to maintain: an object idle for a day, then a burst of writes
// that maintenance meets within its first minute.
func TestAdvSnapshotInsideCompactionBreaksLatest(t *testing.T) {
	b := newFaulty(t)
	n := startNode(t, t.TempDir(), b, ModeDurable)
	r, db := n.object("a")
	defer n.pool.Release(db)
	write := func(from, to int) {
		for i := from; i < to; i++ {
			if err := put(t, r, db, "k", fmt.Sprint("v", i)); err != nil {
				t.Fatal(err)
			}
		}
	}
	now := time.Now()
	if err := fill(t, r, db); err != nil { // a snapshot larger than the writes that follow
		t.Fatal(err)
	}
	write(1, 5)
	// Two hours later: the first uploads are compacted, snapshotted and trimmed.
	n.store.compactEvery, n.store.keepUploads = time.Minute, time.Hour
	if err := r.maintain(context.Background(), now.Add(2*time.Hour)); err != nil {
		t.Fatal(err)
	}
	write(5, 10)
	// A day after the snapshot, a burst: maintenance meets it before it is a minute
	// old (no compaction), and snapshots it because the last snapshot is a day old.
	n.store.compactEvery = 1000 * time.Hour // "the burst is younger than compactEvery"
	if err := r.maintain(context.Background(), now.Add(25*time.Hour)); err != nil {
		t.Fatal(err)
	}
	write(10, 15)
	// Later (the snapshot is 3 h old): the burst and what followed are compacted, and
	// the level-0 files are trimmed.
	n.store.compactEvery = time.Minute
	if err := r.maintain(context.Background(), now.Add(3*time.Hour)); err != nil {
		t.Fatal(err)
	}
	h, _ := listHistory(context.Background(), b, r.key)
	var files []string
	for _, f := range h.files {
		files = append(files, fmt.Sprintf("%d/%s-%s", f.Level, f.MinTXID, f.MaxTXID))
	}
	t.Logf("bucket: %v", files)
	got, err := restoreLatest(t, b, "a")
	if err != nil {
		t.Fatalf("the latest state no longer restores: %v\nbucket: %v", err, files)
	}
	if got["k"] != "v14" {
		t.Fatalf("latest: k=%q, want v14", got["k"])
	}
}

// TestAdvBookmarkAtAfterMaintenance: BookmarkAt(t) is "the newest state that reached
// the bucket at or before t", but it reads the files' LastModified (and the LTX
// header's time only within a second of t). Compaction and snapshots are written when
// maintenance runs, a minute or more after the states they end at, and their
// LastModified is that time. Once the level-0 files are trimmed, a time after the last
// upload and before maintenance is answered ErrTooOld, though the bucket still
// restores the state of that time.
//
// The bucket's List is shifted so that files written by maintenance look written a
// minute after the uploads (as they are, with the default compactEvery).
func TestAdvBookmarkAtAfterMaintenance(t *testing.T) {
	b := newFaulty(t)
	b.modified = func(key string, m time.Time) time.Time {
		if lv := ltxLevel(key); lv == levelCompact || lv == levelSnapshot {
			return m.Add(time.Minute)
		}
		return m
	}
	n := startNode(t, t.TempDir(), b, ModeDurable)
	n.store.compactEvery, n.store.keepUploads = 0, 0
	r, db := n.object("a")
	for i := range 5 {
		if err := put(t, r, db, "k", fmt.Sprint("v", i)); err != nil {
			t.Fatal(err)
		}
	}
	last, err := r.CurrentBookmark(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	n.pool.Release(db)
	at := time.Now().Add(2 * time.Second) // after the last upload, before maintenance
	if bm, err := r.BookmarkAt(context.Background(), at); err != nil || bm != last {
		t.Fatalf("before maintenance: BookmarkAt: %q %v, want %s", bm, err, last)
	}
	if err := r.maintain(context.Background(), time.Now()); err != nil {
		t.Fatal(err)
	}
	if _, err := Restore(context.Background(), b, "test", "id-a", last, filepath.Join(t.TempDir(), "r.db"), nil); err != nil {
		t.Fatalf("the state %s no longer restores: %v", last, err)
	}
	bm, err := r.BookmarkAt(context.Background(), at)
	if err != nil || bm != last {
		t.Fatalf("after maintenance: BookmarkAt(a time after the upload of %s): %q %v, want %s (which the bucket restores)", last, bm, err, last)
	}
}

// TestAdvDurableWriteAfterReopenIsUploaded: BeforeClose checkpoints (RESTART) and
// leaves the cursor at "offset 0, stale salts G", expecting the next commit to
// restart the log with new salts. But the log restarts only in the connection that
// checkpointed: a new connection (the object's next activation after an eviction)
// recovers the old frames of generation G from the log, does not know they were
// checkpointed, and appends its commits to G. ReadWAL sees the stale salts and
// reports no frames, so Committed uploads nothing and acknowledges the write.
func TestAdvDurableWriteAfterReopenIsUploaded(t *testing.T) {
	for _, mode := range []Mode{ModeDurable, ModeInterval} {
		t.Run(mode.String(), func(t *testing.T) {
			b := newFaulty(t)
			n := startNode(t, t.TempDir(), b, mode)
			r, db := n.object("a")
			if err := put(t, r, db, "k1", "1"); err != nil {
				t.Fatal(err)
			}
			n.pool.Release(db)
			n.pool.Evict(n.path("a")) // idle eviction
			_, db = n.object("a")     // the next call
			if err := put(t, r, db, "k2", "2"); err != nil {
				t.Fatal(err)
			}
			if _, err := r.CurrentBookmark(context.Background(), db); err != nil { // uploads what is pending
				t.Fatal(err)
			}
			n.pool.Release(db)
			got, err := restoreLatest(t, b, "a")
			if err != nil {
				t.Fatal(err)
			}
			if got["k2"] != "2" {
				t.Fatalf("a write after the object reopened (acknowledged%s) is not in the bucket: %v",
					map[Mode]string{ModeDurable: " in durable mode", ModeInterval: ", then a bookmark taken"}[mode], got)
			}
		})
	}
}

// TestAdvDurableFlushInFlightDuringEviction: as
// TestAdvDurableBackgroundFlushUploadsARefusedCommit, but the background upload of the
// refused commit is still in flight while the engine evicts the database. AfterClose
// cuts the log back to the last upload and moves the cursor there; the upload then
// lands and records the refused commit as shipped. The next commit is uploaded as a
// delta on top of the refused one, which the local database no longer holds.
func TestAdvDurableFlushInFlightDuringEviction(t *testing.T) {
	b := newFaulty(t)
	n := startNode(t, t.TempDir(), b, ModeDurable)
	r, db := n.object("a")
	if err := fill(t, r, db); err != nil { // TXID 2
		t.Fatal(err)
	}
	b.setPut(once(isLTX, false))
	if err := one(t, r, db, "f010", "b"); !errors.Is(err, ErrNotDurable) {
		t.Fatalf("write b: %v, want ErrNotDurable", err)
	}
	reached, resume := make(chan struct{}), make(chan struct{})
	var first sync.Once
	b.setPut(func(key string) (bool, error) {
		if isUploadOf(3)(key) {
			first.Do(func() { close(reached); <-resume })
		}
		return false, nil
	})
	flushed := make(chan struct{})
	go func() { n.store.flush(context.Background(), 0, nil); close(flushed) }() // the uploader's tick
	inFlight := false
	select {
	case <-reached:
		inFlight = true
	case <-flushed: // the flush uploaded nothing: what durable mode needs
	}
	n.pool.Release(db)
	n.pool.Evict(n.path("a")) // what the engine does after ErrNotDurable
	if inFlight {
		close(resume)
	}
	<-flushed
	b.setPut(nil)
	_, db = n.object("a")
	if err := one(t, r, db, "f190", "c"); err != nil {
		t.Fatal(err)
	}
	local := kvOf(t, db)
	n.pool.Release(db)
	got, err := restoreLatest(t, b, "a")
	if err != nil {
		t.Fatalf("the bucket's latest state does not restore: %v; local is %s", err, short(local))
	}
	if !sameKV(got, local) {
		t.Fatalf("the bucket's latest state %s differs from the local database %s (c acknowledged; b refused)", short(got), short(local))
	}
}

// TestAdvManualRestore follows docs/backup.md, "Restoring / With the CLI": restore a
// bookmark into a file, stop the server, copy the file over the object's database,
// delete its -wal and -backup files, start the server. In interval mode the file is
// kept and uploaded as the newest state; in durable mode, where the bucket and not the
// disk is the truth, the bucket's latest state replaces it (the doc says so), and a
// point-in-time restore is the way back.
func TestAdvManualRestore(t *testing.T) {
	for _, tc := range []struct {
		mode Mode
		want string
	}{{ModeInterval, "old"}, {ModeDurable, "new"}} {
		t.Run(tc.mode.String(), func(t *testing.T) { manualRestore(t, tc.mode, tc.want) })
	}
}

func manualRestore(t *testing.T, mode Mode, want string) {
	b := newFaulty(t)
	dir := t.TempDir()
	n := startNode(t, dir, b, mode)
	r, db := n.object("a")
	if err := put(t, r, db, "k", "old"); err != nil {
		t.Fatal(err)
	}
	old, err := r.CurrentBookmark(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	if err := put(t, r, db, "k", "new"); err != nil {
		t.Fatal(err)
	}
	n.pool.Release(db)
	n.stop()
	// sobjects backup restore --bookmark old --to restored.db
	restored := filepath.Join(t.TempDir(), "restored.db")
	if _, err := Restore(context.Background(), b, "test", "id-a", old, restored, nil); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(restored)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "a.db")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	os.Remove(p + "-wal")
	os.Remove(p + "-backup")
	n2 := startNode(t, dir, b, mode)
	_, db2 := n2.object("a")
	v, _, _ := db2.KVGet("k", nil)
	n2.pool.Release(db2)
	n2.stop() // uploads what interval mode has not yet
	if string(v) != want {
		t.Fatalf("after putting the file restored at %s in service: k=%q, want %s", old, v, want)
	}
	if got, err := restoreLatest(t, b, "a"); err != nil || got["k"] != want {
		t.Fatalf("the bucket's latest state: %v %v, want k=%s", got, err, want)
	}
}

// TestAdvPageSizes: a database with a page size other than 4096 (a file put in
// service by hand, or made by another tool) is uploaded, changed, evicted, reopened
// and restored page for page, in both modes.
func TestAdvPageSizes(t *testing.T) {
	for _, ps := range []int{512, 1024, 65536} {
		for _, mode := range []Mode{ModeDurable, ModeInterval} {
			t.Run(fmt.Sprint(ps, "/", mode), func(t *testing.T) {
				b := newFaulty(t)
				dir := t.TempDir()
				n := startNode(t, dir, b, mode)
				conn, err := sqlite3.Open(n.path("a"))
				if err != nil {
					t.Fatal(err)
				}
				if err := conn.Exec(fmt.Sprintf("PRAGMA page_size=%d; PRAGMA journal_mode=WAL; CREATE TABLE x(y)", ps)); err != nil {
					t.Fatal(err)
				}
				conn.Close()
				r, db := n.object("a")
				if got, _ := db.PageSize(); got != ps {
					t.Fatalf("page size %d, want %d", got, ps)
				}
				want := map[string]string{}
				for i := range 60 {
					k := fmt.Sprintf("k%02d", i%25)
					want[k] = strings.Repeat(fmt.Sprint(i), 50+i*40)
					if err := put(t, r, db, k, want[k]); err != nil {
						t.Fatal(err)
					}
					if i == 30 {
						n.pool.Release(db)
						n.pool.Evict(n.path("a"))
						_, db = n.object("a")
					}
				}
				if _, err := r.CurrentBookmark(context.Background(), db); err != nil {
					t.Fatal(err)
				}
				n.pool.Release(db)
				got, err := restoreLatest(t, b, "a")
				if err != nil {
					t.Fatal(err)
				}
				if !sameKV(got, want) {
					t.Fatalf("restored %d keys; differs from what was written", len(got))
				}
			})
		}
	}
}

// TestAdvShrinkAndRegrow: a restore to an early, small state shrinks the database;
// writes then regrow it over pages that held other data before. Every bookmark, and
// the state after maintenance compacts across the shrink, must restore what the
// database held then.
func TestAdvShrinkAndRegrow(t *testing.T) {
	b := newFaulty(t)
	n := startNode(t, t.TempDir(), b, ModeDurable)
	n.store.compactEvery = 0
	r, db := n.object("a")
	type point struct {
		bm string
		kv map[string]string
	}
	var points []point
	mark := func() {
		bm, err := r.CurrentBookmark(context.Background(), db)
		if err != nil {
			t.Fatal(err)
		}
		points = append(points, point{bm, kvOf(t, db)})
	}
	if err := put(t, r, db, "small", "1"); err != nil {
		t.Fatal(err)
	}
	mark()
	small := points[0].bm
	for i := range 40 {
		if err := put(t, r, db, fmt.Sprint("big", i), big(fmt.Sprint(i%10))); err != nil {
			t.Fatal(err)
		}
	}
	mark()
	if _, err := r.RestoreOnNextOpen(context.Background(), db, small); err != nil {
		t.Fatal(err)
	}
	n.pool.Release(db)
	n.pool.Evict(n.path("a"))
	_, db = n.object("a")
	if sz, _ := db.Size(); sz > 64<<10 {
		t.Fatalf("after the restore to the small state: %d bytes", sz)
	}
	mark()
	for i := range 20 {
		if err := put(t, r, db, fmt.Sprint("re", i), big(fmt.Sprint((i+3)%10))); err != nil {
			t.Fatal(err)
		}
	}
	mark()
	n.pool.Release(db)
	check := func(when string) {
		for _, p := range points {
			to := filepath.Join(t.TempDir(), "r.db")
			if _, err := Restore(context.Background(), b, "test", "id-a", p.bm, to, nil); err != nil {
				if errors.Is(err, ErrBookmarkGone) {
					continue
				}
				t.Fatalf("%s: restore %s: %v", when, p.bm, err)
			}
			if got := content(t, to); !sameKV(got, p.kv) {
				t.Fatalf("%s: restore %s: %d keys, want %d", when, p.bm, len(got), len(p.kv))
			}
		}
	}
	check("before maintenance")
	if err := r.maintain(context.Background(), time.Now()); err != nil {
		t.Fatal(err)
	}
	check("after maintenance")
}

// TestAdvIntervalCrashAfterReopenLosesCommits: a clean checkpoint at eviction writes
// the sidecar (N, "offset 0, stale salts G"). A new connection (here: the next
// process) does not restart the checkpointed log: it appends its commits to
// generation G. If the node crashes before they are uploaded, the next start finds the
// sidecar matching the bucket, sees the log still has the stale salts, and takes every
// frame of G as already in the file: those commits never go up, and what follows goes
// up as deltas on top of a state that lacks them.
func TestAdvIntervalCrashAfterReopenLosesCommits(t *testing.T) {
	b := newFaulty(t)
	dir := t.TempDir()
	n := startNode(t, dir, b, ModeInterval)
	r, db := n.object("a")
	if err := fill(t, r, db); err != nil {
		t.Fatal(err)
	}
	if _, err := r.CurrentBookmark(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	n.pool.Release(db)
	n.pool.Evict(n.path("a")) // idle eviction: a clean checkpoint, sidecar (N, stale G)
	n.crash()

	n2 := startNode(t, dir, b, ModeInterval)
	r2, db2 := n2.object("a") // a new connection: appends to G
	if err := one(t, r2, db2, "f010", "b"); err != nil {
		t.Fatal(err)
	}
	n2.pool.Release(db2)
	n2.crash() // within the interval: b is not uploaded
	db2.Close()

	n3 := startNode(t, dir, b, ModeInterval)
	r3, db3 := n3.object("a")
	if v, _, _ := db3.KVGet("f010", nil); v[0] != 'b' {
		t.Fatalf("f010=%.6q after the restart, want b", v)
	}
	if err := one(t, r3, db3, "f190", "c"); err != nil {
		t.Fatal(err)
	}
	local := kvOf(t, db3)
	n3.pool.Release(db3)
	n3.stop() // a clean stop uploads everything
	got, err := restoreLatest(t, b, "a")
	if err != nil {
		t.Fatalf("the bucket's latest state does not restore: %v; local is %s", err, short(local))
	}
	if !sameKV(got, local) {
		t.Fatalf("after a clean stop the bucket's latest state %s differs from the local database %s", short(got), short(local))
	}
}

// TestAdvFencedNodeDeletesNewerWritersBackup: Replica.Delete lists and deletes every
// file of the object without looking at the epoch. A node that another node has
// taken the object from (fenced: "it stops writing that object") still deletes the
// newer writer's whole history when asked to delete the object (DELETE
// /v1/objects/...): the newer writer goes on uploading deltas on top of nothing.
func TestAdvFencedNodeDeletesNewerWritersBackup(t *testing.T) {
	b := newFaulty(t)
	a := startNode(t, t.TempDir(), b, ModeDurable)
	ra, dba := a.object("x")
	if err := put(t, ra, dba, "k", "a1"); err != nil {
		t.Fatal(err)
	}
	bn := startNode(t, t.TempDir(), b, ModeDurable)
	rb, dbb := bn.object("x") // takes the object
	if err := put(t, rb, dbb, "k", "b1"); err != nil {
		t.Fatal(err)
	}
	if err := put(t, ra, dba, "k", "a2"); !errors.Is(err, ErrFenced) {
		t.Fatalf("the older writer's write: %v, want ErrFenced", err)
	}
	a.pool.Release(dba)
	// DELETE on the fenced node: what Object.destroy does.
	if err := a.pool.Remove(a.path("x")); err != nil {
		t.Fatal(err)
	}
	errDelete := ra.Delete(context.Background())
	if err := put(t, rb, dbb, "k2", "b2"); err != nil {
		t.Fatal(err)
	}
	local := kvOf(t, dbb)
	bn.pool.Release(dbb)
	got, err := restoreLatest(t, b, "x")
	if err != nil || !sameKV(got, local) {
		t.Fatalf("after the fenced node's Delete (%v), the newer writer's backup: %v %v, want %v", errDelete, got, err, local)
	}
}
