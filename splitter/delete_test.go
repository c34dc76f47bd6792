package splitter

// Tests of Splitter.Delete: deleting a splittable object with all its leaves.

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sobjects/sobjects/internal/testbucket"
	"github.com/sobjects/sobjects/storage/backup"
)

// Deleting a splittable object (Splitter.Delete, what DELETE
// /v1/objects/{class}/{name} does for a splittable class) must not leave its other
// leaves serving: a client that knew
// the split and a fresh one must read the same values, and the object must split again.
func TestDeleteLeavesNoOtherLeafServing(t *testing.T) {
	_, s := newEngine(t, t.TempDir(), Policy{Disabled: true})
	keys := keysN("del", 50)
	c := s.Client()
	if _, err := c.Call(ctx, "ledger", "del", "add", Request{Keys: keys, Payloads: repeat(raw(5), len(keys))}); err != nil {
		t.Fatal(err)
	}
	if err := s.Split(ctx, "ledger", "del", ""); err != nil {
		t.Fatal(err)
	}
	get(t, c, "del", keys) // c learns the split
	if err := s.Delete(ctx, "ledger", "del"); err != nil {
		t.Fatal(err)
	}
	knew, fresh := get(t, c, "del", keys), get(t, s.Client(), "del", keys)
	for _, k := range keys {
		if string(knew[k]) != string(fresh[k]) {
			t.Fatalf("after the delete, key %q reads %s through a client that knew the split and %s through a fresh one", k, knew[k], fresh[k])
		}
	}
	if err := s.Split(ctx, "ledger", "del", ""); err != nil {
		t.Fatalf("split of the deleted and remade object: %v", err)
	}
}

// Deleting a splittable object (DELETE, Splitter.Delete) on a node whose data
// directory does not hold it (a lost disk, another node): its backups must go too, or
// the object comes back from the bucket at its next call.
func TestDeleteAfterDiskLossRemovesBackups(t *testing.T) {
	srv := testbucket.Start(t)
	dir := t.TempDir()
	b := openBacked(t, srv, dir, backup.ModeDurable)
	keys := keysN("dd", 60)
	if _, err := b.s.Client().Call(ctx, "ledger", "acct", "add", Request{Keys: keys, Payloads: repeat(raw(4), len(keys))}); err != nil {
		t.Fatal(err)
	}
	if err := b.s.Split(ctx, "ledger", "acct", ""); err != nil {
		t.Fatal(err)
	}
	b.close()
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	b = openBacked(t, srv, dir, backup.ModeDurable)
	if err := b.s.Delete(ctx, "ledger", "acct"); err != nil {
		t.Fatal(err)
	}
	reportErrs(t, "after the delete", checkSums(b.s, "acct", keys, nil))
	// And after a restart, from the bucket alone.
	b.close()
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	b = openBacked(t, srv, dir, backup.ModeDurable)
	reportErrs(t, "after the delete and another disk loss", checkSums(b.s, "acct", keys, nil))
}

// DELETE of a split object while writers run through their own split maps (which
// know the leaves): the delete succeeds; every writer's call succeeds, served before or
// after the delete; afterwards the object is one leaf, no database of a deleted leaf is
// left behind, and the object splits again.
func TestDeleteWhileWritersRunServesEveryCall(t *testing.T) {
	e, s := newEngine(t, t.TempDir(), Policy{Disabled: true})
	keys := keysN("dw", 64)
	if _, err := s.Client().Call(ctx, "ledger", "dw", "add", Request{Keys: keys, Payloads: repeat(raw(1), len(keys))}); err != nil {
		t.Fatal(err)
	}
	for _, bits := range []string{"", "0", "1", "01"} {
		if err := s.Split(ctx, "ledger", "dw", bits); err != nil {
			t.Fatal(err)
		}
	}
	waitCleanup(t, s, "dw") // no background deletion races the delete (that is TestDeleteDuringCleanupStaysDeleted)
	cr := newCrew(t)
	var errsMu sync.Mutex
	var callErrs []error
	var calls atomic.Int64
	for w := range 6 {
		c := s.Client()
		get(t, c, "dw", keys) // each writer knows the split
		rng := rand.New(rand.NewPCG(uint64(w), 13))
		cr.run(func() bool {
			k := keys[rng.IntN(len(keys))]
			_, err := c.Call(ctx, "ledger", "dw", "add", Request{Keys: []string{k}, Payloads: []json.RawMessage{raw(1)}})
			if err != nil {
				errsMu.Lock()
				callErrs = append(callErrs, err)
				errsMu.Unlock()
			}
			calls.Add(1)
			return true
		})
	}
	waitCalls(t, &calls, 50)
	if err := s.Delete(ctx, "ledger", "dw"); err != nil {
		t.Fatalf("delete while writers run: %v", err)
	}
	waitCalls(t, &calls, 100)
	cr.halt()
	errsMu.Lock()
	for i, err := range callErrs {
		if i < 3 {
			t.Logf("a writer's call during the delete: %v", err)
		}
	}
	errsMu.Unlock()
	// After the delete: one leaf, the root, and no leaf objects left behind.
	info := leaves(t, s, "dw")
	if _, bits := sumRows(info); strings.Join(bits, ",") != "" {
		t.Errorf("after the delete: leaves %v, want the root only", bits)
	}
	for _, ob := range []string{"1", "01", "11", "011"} {
		if hasDB(e, "ledger", LeafObject("dw", ob)) {
			t.Errorf("after the delete, the database of deleted leaf object %s is back", LeafObject("dw", ob))
		}
	}
	if len(callErrs) > 0 {
		t.Errorf("%d of %d writer calls failed around the delete, e.g. %v", len(callErrs), calls.Load(), callErrs[0])
	}
	// The object splits again, and every key reads.
	if err := s.Split(ctx, "ledger", "dw", ""); err != nil {
		t.Fatal(err)
	}
	get(t, s.Client(), "dw", keys)
}

// waitNoCleaning waits until no background deletion of given-away rows runs.
func waitNoCleaning(t *testing.T, s *Splitter) {
	t.Helper()
	for i := 0; ; i++ {
		s.mu.Lock()
		n := len(s.cleaning)
		s.mu.Unlock()
		if n == 0 {
			return
		}
		if i > 2000 {
			t.Fatal("background deletions still running")
		}
		time.Sleep(time.Millisecond)
	}
}

// A delete right after a split, while both sides still delete the rows they gave
// away in the background: the deleted leaf objects must stay deleted (no database of
// theirs comes back), and the object starts over as one empty leaf.
func TestDeleteDuringCleanupStaysDeleted(t *testing.T) {
	e, s := newEngine(t, t.TempDir(), Policy{Disabled: true})
	keys := keysN("dc", 20000)
	if _, err := s.Client().Call(ctx, "ledger", "dc", "put", Request{Keys: keys, Payloads: repeat(raw(1), len(keys))}); err != nil {
		t.Fatal(err)
	}
	if err := s.Split(ctx, "ledger", "dc", ""); err != nil {
		t.Fatal(err)
	}
	if err := s.Split(ctx, "ledger", "dc", "1"); err != nil {
		t.Fatal(err)
	}
	if err := s.Delete(ctx, "ledger", "dc"); err != nil {
		t.Fatal(err)
	}
	waitNoCleaning(t, s)
	for _, ob := range []string{"1", "11"} {
		if hasDB(e, "ledger", LeafObject("dc", ob)) {
			t.Errorf("the database of leaf object %s came back after the delete", LeafObject("dc", ob))
		}
	}
	info := leaves(t, s, "dc")
	if rows, bits := sumRows(info); strings.Join(bits, ",") != "" || rows != 0 {
		t.Errorf("after the delete: leaves %v with %d rows, want one empty root", bits, rows)
	}
}
