package backup

import (
	"context"
	"errors"
	"os"
	"testing"
	"time"
)

// TestDurableRefusedCommitStaysUndoneAfterAFailedSnapshot: in durable mode an upload
// reaches the bucket but its answer is lost (ErrNotDurable; the log is cut). The next
// commit finds its TXID taken by its own file and must upload a snapshot; shipOwned's
// loadAll first checkpoints, folding that commit into the database file, and then the
// snapshot's upload fails too. The second commit was never acknowledged, so it is not
// visible after the object reopens; and the bucket goes on describing the local
// database.
func TestDurableRefusedCommitStaysUndoneAfterAFailedSnapshot(t *testing.T) {
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

// TestIntervalSidecarWaitsForThePendingSnapshot: in interval mode a local file that is
// not the bucket's latest (here: its sidecar was lost, which docs/backup.md says costs
// "a snapshot upload, never data") is uploaded whole as a snapshot, and crashes before
// that upload lose nothing: after a clean stop the bucket's latest state is the local
// database. (attach's loadAll checkpoints first, and checkpoint, finding nothing
// pending, once wrote the sidecar "local file == the bucket's latest" before the
// snapshot was uploaded; the next start trusted the file and uploaded deltas on top of a
// bucket state that lacked what the snapshot was to carry.)
func TestIntervalSidecarWaitsForThePendingSnapshot(t *testing.T) {
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
	stopMatchesBucket(t, n3, db3, b, "a")
}

// TestIntervalFencedNodeStopsAcknowledging: docs/backup.md: a node that finds its next
// file taken by another node's "stops writing that object ... and its calls to it fail
// with 409 fenced", in interval mode too: its writes fail with ErrFenced, and its
// Store.Close does not report that everything was uploaded. (In interval mode Committed
// once never reported ErrFenced: the fenced node went on acknowledging writes that would
// never be uploaded.)
func TestIntervalFencedNodeStopsAcknowledging(t *testing.T) {
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
	// Node a's next upload (CurrentBookmark) finds b's file.
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

// TestWriteAfterReopenIsUploaded: a write after the object reopened (an eviction, then
// the next call) is uploaded, in both modes. BeforeClose checkpoints (RESTART) and
// leaves the cursor at "offset 0, stale salts G", expecting the next commit to restart
// the log with new salts; but the log restarts only in the connection that checkpointed:
// a new connection recovers the old frames of generation G, and appends its commits to
// G. (ReadWAL once saw the stale salts and reported no frames, so Committed uploaded
// nothing and acknowledged the write.)
func TestWriteAfterReopenIsUploaded(t *testing.T) {
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

// TestIntervalCrashAfterReopenKeepsCommits: a clean checkpoint at eviction writes the
// sidecar (N, "offset 0, stale salts G"); a new connection (here: the next process) does
// not restart the checkpointed log but appends its commits to generation G. When the
// node crashes before they are uploaded, the next start keeps them and, after a clean
// stop, the bucket's latest state is the local database. (The start once took every
// frame of G as already in the file: those commits never went up, and what followed went
// up as deltas on top of a state that lacked them.)
func TestIntervalCrashAfterReopenKeepsCommits(t *testing.T) {
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
	stopMatchesBucket(t, n3, db3, b, "a")
}

// TestFencedNodeDeleteKeepsTheNewerWritersBackup: a node that another node has taken the
// object from (fenced: "it stops writing that object"), asked to delete the object
// (DELETE /v1/objects/...), leaves the newer writer's history in the bucket: the newer
// writer's latest state still restores. (Replica.Delete once listed and deleted every
// file of the object without looking at the epoch.)
func TestFencedNodeDeleteKeepsTheNewerWritersBackup(t *testing.T) {
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

// TestDeleteBeforeTheFirstOpenInAProcess: DELETE /v1/objects/... of an object that this
// process has not opened yet (the first request after a restart is the delete) deletes
// its backup, leaves the replica unfenced, and the next call finds the object empty.
// (Replica.Delete once ran with r.epoch still 0: the epoch check took the bucket's
// epoch, raised by the previous process, for a newer node's and fenced this node; the
// next call restored the deleted object from the bucket.)
func TestDeleteBeforeTheFirstOpenInAProcess(t *testing.T) {
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

// TestIntervalForkedWhileClosedStillUploads: a newer node (b) in interval mode whose
// upload finds an older writer's file at its next TXID "uploads its own whole"
// (errForked sets needFull), also when that upload is the one an object makes as it
// closes: b's acknowledged write is in the bucket after the uploader's rounds. (With no
// owner to read every page, every later round once answered errNeedSnapshot, and the
// store's Close failed after its deadline.)
func TestIntervalForkedWhileClosedStillUploads(t *testing.T) {
	b := newFaulty(t)
	a := startNode(t, t.TempDir(), b, ModeInterval)
	a.store.epochCheckEvery = time.Hour // a has not read the epoch since b took the object
	ra, dba := a.object("x")
	if err := put(t, ra, dba, "k", "a1"); err != nil {
		t.Fatal(err)
	}
	if _, err := ra.CurrentBookmark(context.Background(), dba); err != nil {
		t.Fatal(err)
	}
	bn := startNode(t, t.TempDir(), b, ModeInterval)
	rb, dbb := bn.object("x") // takes the object
	if err := put(t, rb, dbb, "b1", "1"); err != nil {
		t.Fatal(err)
	}
	// The older writer slips in its file first.
	if err := put(t, ra, dba, "k", "a2"); err != nil {
		t.Fatal(err)
	}
	if _, err := ra.CurrentBookmark(context.Background(), dba); err != nil {
		t.Fatal(err)
	}
	a.pool.Release(dba)
	// b's object goes idle and closes; its upload at close meets a's file.
	bn.pool.Release(dbb)
	bn.pool.Evict(bn.path("x"))
	for range 3 {
		bn.store.flush(context.Background(), 0, nil) // the uploader's rounds
	}
	got, err := restoreLatest(t, b, "x")
	if err != nil {
		t.Fatal(err)
	}
	if got["b1"] != "1" {
		t.Fatalf("node b's acknowledged write is not in the bucket after three rounds: %v", got)
	}
}
