package backup

import (
	"context"
	"errors"
	"sync"
	"testing"
)

// TestDurableBackgroundFlushLeavesARefusedCommitOut: in durable mode a commit whose
// upload failed is answered ErrNotDurable and undone (docs/backup.md: "never
// acknowledged, never visible"), also when the store's background uploader (flush, which
// runs in every mode) ticks between the failure and the eviction: the commit is neither
// visible after the eviction nor in the bucket. (Its pages stay in pending until the
// database closes; the tick once uploaded them, and the eviction then cut the log only
// back to that upload.)
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

// TestDurableBackgroundFlushAfterAnAmbiguousFailureMatchesTheDatabase: as
// TestDurableBackgroundFlushLeavesARefusedCommitOut, but the refused upload did reach
// the bucket: the bucket's latest state still is the local database after the eviction
// and the next commit. (The background flush once found the TXID taken by its own file,
// marked it shipped and dropped the pages, clearing ambiguous; the next commit went up
// as a delta on top of a file holding the refused commit.)
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

// TestIntervalFlushUploadsLaterCommits: in interval mode every tick of the uploader
// uploads the commits made since the last one, not only the first. (Interval mode reads
// the log at upload time, but flush once picked only replicas whose pending was not
// empty, which Committed no longer fills: after an object's first upload, changes went
// up only when the log passed 4 MiB, the database closed, or a bookmark was asked for.)
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
// refused commit is still in flight while the engine evicts the database: the bucket's
// latest state is still the local database after the next commit. (AfterClose cuts the
// log back to the last upload; the upload once landed after it and recorded the refused
// commit as shipped, and the next commit went up as a delta on top of it.)
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
