package backup

// Second round of adversarial tests (see adversarial_test.go for the harness). Each
// test is a deterministic scenario that fails on a bug.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync/atomic"
	"testing"
	"time"
)

// TestAdv2DeleteBeforeFirstOpenInProcess: DELETE /v1/objects/... of an object that
// this process has not opened yet (the first request after a restart is the delete)
// runs Replica.Delete with r.epoch still 0: the epoch check reads the bucket's epoch
// (raised by the previous process), takes it for a newer node's and fences this node.
// The delete of the backup fails, the local file is gone already, and the next call
// restores the deleted object from the bucket (and is refused as fenced).
func TestAdv2DeleteBeforeFirstOpenInProcess(t *testing.T) {
	for _, mode := range []Mode{ModeDurable, ModeInterval} {
		t.Run(mode.String(), func(t *testing.T) {
			b := newFaulty(t)
			dir := t.TempDir()
			n := startNode(t, dir, b, mode)
			r, db := n.object("a")
			if err := put(t, r, db, "k", "v"); err != nil {
				t.Fatal(err)
			}
			n.pool.Release(db)
			n.stop() // a clean stop: everything is in the bucket

			n2 := startNode(t, dir, b, mode)
			r2 := n2.store.Track(n2.path("a"), "test", "id-a", "a")
			// Object.destroy: remove the local files, then the backup.
			if err := n2.pool.Remove(n2.path("a")); err != nil {
				t.Fatal(err)
			}
			errDel := r2.Delete(context.Background())
			if errDel != nil {
				t.Errorf("Delete of an object not yet opened in this process: %v", errDel)
			}
			if err := r2.Err(); err != nil {
				t.Errorf("after Delete the replica is fenced (no other node ever took the object): %v", err)
			}
			db2, err := n2.pool.Acquire(context.Background(), n2.path("a"))
			if err != nil {
				t.Fatalf("the object's next call after its delete: %v", err)
			}
			defer n2.pool.Release(db2)
			if _, found, _ := db2.KVGet("k", nil); found {
				t.Errorf("the deleted object came back from the bucket (Delete: %v)", errDel)
			}
			if errors.Is(errDel, ErrFenced) {
				t.Logf("Delete failed with ErrFenced")
			}
		})
	}
}

// TestAdv2TrimAfterDeleteRemovesRecreatedObjectsFiles: maintenance's trim lists the
// object's files, then deletes the old ones. compact checks whether the object was
// deleted meanwhile (Replica.deletions), trim does not: when the object is deleted and
// created again (its TXIDs start over at 1, under the same keys) between the listing
// and trim's Delete, trim deletes the new object's files. Its acknowledged (durable)
// writes are then gone from the bucket: a lost disk loses them.
func TestAdv2TrimAfterDeleteRemovesRecreatedObjectsFiles(t *testing.T) {
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

// outage wraps a bucket that stops answering (every call fails) while down is set.
type outage struct {
	Bucket
	down atomic.Bool
}

var errDown = errors.New("injected: the bucket does not answer")

func (o *outage) Get(ctx context.Context, key string) (io.ReadCloser, string, error) {
	if o.down.Load() {
		return nil, "", errDown
	}
	return o.Bucket.Get(ctx, key)
}

func (o *outage) Put(ctx context.Context, key string, body io.ReadSeeker, cond Cond) (string, error) {
	if o.down.Load() {
		return "", errDown
	}
	return o.Bucket.Put(ctx, key, body, cond)
}

func (o *outage) List(ctx context.Context, prefix string) ([]ObjectInfo, error) {
	if o.down.Load() {
		return nil, errDown
	}
	return o.Bucket.List(ctx, prefix)
}

func (o *outage) Delete(ctx context.Context, keys ...string) error {
	if o.down.Load() {
		return errDown
	}
	return o.Bucket.Delete(ctx, keys...)
}

// TestAdv2IntervalRestoreMarkerOutlivesDeferredOpen: in interval mode a point-in-time
// restore is carried out at the next activation (prepare). When the bucket does not
// answer at that activation, the object is served from its local copy (deferred), and
// when the bucket answers again reconcile takes the epoch and uploads the local file
// whole, but never looks at the restore marker: it stays in the bucket. Writes made
// since are acknowledged and uploaded; at the next start of the process, prepare
// finds the old marker and restores the object to the old bookmark, silently undoing
// every write acknowledged since (hours or days of them).
func TestAdv2IntervalRestoreMarkerOutlivesDeferredOpen(t *testing.T) {
	f := newFaulty(t)
	b := &outage{Bucket: f}
	dir := t.TempDir()
	n := startNode(t, dir, b, ModeInterval)
	r, db := n.object("a")
	if err := put(t, r, db, "k", "1"); err != nil {
		t.Fatal(err)
	}
	bm1, err := r.CurrentBookmark(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	if err := put(t, r, db, "k", "2"); err != nil {
		t.Fatal(err)
	}
	if _, err := r.RestoreOnNextOpen(context.Background(), db, bm1); err != nil {
		t.Fatal(err)
	}
	n.pool.Release(db)
	n.pool.Evict(n.path("a")) // what the engine does after a restore is asked for
	n.store.flush(context.Background(), 0, nil)

	b.down.Store(true)
	_, db = n.object("a") // the bucket is away: the local copy is served
	v, _, _ := db.KVGet("k", nil)
	t.Logf("with the bucket away, the object reopened with k=%s", v)
	if err := put(t, r, db, "k", "3"); err != nil { // acknowledged
		t.Fatal(err)
	}
	b.down.Store(false)
	if failed := n.store.flush(context.Background(), 0, nil); failed != 0 { // the uploader's tick
		t.Fatalf("%d uploads failed with the bucket back", failed)
	}
	n.pool.Release(db)
	n.stop() // a clean stop

	n2 := startNode(t, dir, b, ModeInterval)
	_, db2 := n2.object("a")
	defer n2.pool.Release(db2)
	if v, _, _ := db2.KVGet("k", nil); string(v) != "3" {
		t.Fatalf("after a restart, k=%s: the write k=3, acknowledged and uploaded after the restore to %s was asked for (and not carried out), is undone", v, bm1)
	}
}
