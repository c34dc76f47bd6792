package backup

import (
	"context"
	"errors"
	"sync"
	"testing"
)

// TestDurableBackgroundFlushLeavesARefusedCommitOut: in durable mode a commit whose
// upload failed is answered ErrNotDurable and must be undone (docs/backup.md: "never
// acknowledged, never visible"). Its pages stay in pending until the database
// closes, and the store's background uploader (flush) runs in every mode: if its tick
// falls between the failure and the eviction, it uploads the refused commit, and the
// eviction then cuts the log only back to that upload.
func TestDurableBackgroundFlushLeavesARefusedCommitOut(t *testing.T) {
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

// TestDurableBackgroundFlushAfterAnAmbiguousFailureMatchesTheDatabase: as above, but the refused
// upload did reach the bucket. The background flush then finds the TXID taken by its
// own file, marks it shipped and drops the pages (errNeedSnapshot, which only the
// owner acts on; ambiguous is cleared). The eviction cuts the commit from the log, and
// the next commit goes up as a delta on top of a file holding the refused commit: the
// bucket no longer describes the database.
func TestDurableBackgroundFlushAfterAnAmbiguousFailureMatchesTheDatabase(t *testing.T) {
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

// TestIntervalFlushUploadsLaterCommits: interval mode reads the log at upload time
// (flush → ship → readLocked), but flush only picks replicas whose pending is not
// empty, and Committed no longer fills pending. After the first upload of an object,
// the uploader's ticks upload nothing: changes go up only when the log passes 4 MiB,
// the database closes, or a bookmark is asked for. A lost disk then loses far more
// than one interval.
func TestIntervalFlushUploadsLaterCommits(t *testing.T) {
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

// TestDurableFlushInFlightDuringEvictionLeavesTheRefusedCommitOut: as
// TestDurableBackgroundFlushLeavesARefusedCommitOut, but the background upload of the
// refused commit is still in flight while the engine evicts the database. AfterClose
// cuts the log back to the last upload and moves the cursor there; the upload then
// lands and records the refused commit as shipped. The next commit is uploaded as a
// delta on top of the refused one, which the local database no longer holds.
func TestDurableFlushInFlightDuringEvictionLeavesTheRefusedCommitOut(t *testing.T) {
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
