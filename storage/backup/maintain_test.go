package backup

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestMaintenanceDoesNotResurrectADeletedObject: a compaction that read an object's
// files before a Delete does not write the deleted object's data back to the bucket: the
// object, created again by its next call, starts empty. (Maintenance once did not hold
// shipMu, and wrote its output after the Delete.)
func TestMaintenanceDoesNotResurrectADeletedObject(t *testing.T) {
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

// TestSnapshotInsideACompactionKeepsTheLatestRestorable: maintenance writes a snapshot
// at the latest TXID even when the level-0 files before it are not compacted yet; the
// next compaction then makes a level-1 file that starts before that snapshot and ends
// after it, and an hour later the level-0 files it covers are deleted. The latest state
// must still restore. (plan once started only from the newest snapshot, which no file
// followed any more, though the bucket held the files that rebuild it: the older
// snapshot and the level-1 file.)
//
// The times are passed to maintain: an object idle for a day, then a burst of writes
// that maintenance meets within its first minute.
func TestSnapshotInsideACompactionKeepsTheLatestRestorable(t *testing.T) {
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

// TestTrimAfterDeleteKeepsARecreatedObjectsFiles: maintenance's trim lists the object's
// files, then deletes the old ones. When the object is deleted and created again (its
// TXIDs start over at 1, under the same keys) between the listing and trim's Delete,
// trim leaves the new object's files: its acknowledged (durable) writes restore from the
// bucket. (compact checked whether the object was deleted meanwhile, Replica.deletions;
// trim once did not.)
func TestTrimAfterDeleteKeepsARecreatedObjectsFiles(t *testing.T) {
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
	var first atomic.Bool
	b.setDelete(func(keys []string) error {
		for _, k := range keys {
			if ltxLevel(k) == levelUpload {
				if first.CompareAndSwap(false, true) {
					close(reached)
					<-resume
				}
				break
			}
		}
		return nil
	})
	done := make(chan error, 1)
	go func() { done <- r.maintain(context.Background(), time.Now()) }()
	<-reached // trim has listed the files and is deleting the old level-0 ones
	// DELETE /v1/objects/test/a, then the object is created again by its next call.
	// Delete waits for the maintenance under way, which goes on meanwhile.
	if err := n.pool.Remove(n.path("a")); err != nil {
		t.Fatal(err)
	}
	deleted := make(chan error, 1)
	go func() { deleted <- r.Delete(context.Background()) }()
	close(resume)
	if err := <-deleted; err != nil {
		t.Fatal(err)
	}
	_, db = n.object("a")
	for i := range 3 {
		if err := put(t, r, db, "new", fmt.Sprint("w", i)); err != nil { // acknowledged
			t.Fatal(err)
		}
	}
	local := kvOf(t, db)
	n.pool.Release(db)
	if err := <-done; err != nil {
		t.Logf("maintain: %v", err)
	}
	b.setDelete(nil)
	got, err := restoreLatest(t, b, "a")
	if err != nil || !sameKV(got, local) {
		t.Fatalf("the re-created object's acknowledged writes (durable) after the old object's maintenance: bucket %v %v, want %v", got, err, local)
	}
}
