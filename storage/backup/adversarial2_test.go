package backup

// Second round of adversarial tests (see adversarial_test.go for the harness). Each
// test is a deterministic scenario that fails on a bug.

import (
	"context"
	"errors"
	"testing"
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
