package backup

import (
	"context"
	"testing"
	"time"
)

// TestAdvIntervalForkedWhileClosed: a newer node (b) in interval mode whose upload
// finds an older writer's file at its next TXID "uploads its own whole" (errForked sets
// needFull). When that upload is the one an object makes as it closes, there is no
// owner to read every page: every later round answers errNeedSnapshot, b's
// acknowledged writes never reach the bucket while the object stays closed, and the
// store's Close fails after its deadline.
func TestAdvIntervalForkedWhileClosed(t *testing.T) {
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
