package storage

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
)

// The log of a held database keeps every commit since the snapshot, and WALHolds tells a
// log cut back (as a durable backup does to undo a commit) from one that grew.
func TestWALHoldsAfterCutBack(t *testing.T) {
	pool := NewPool(4, Options{})
	defer pool.Close()
	path := filepath.Join(t.TempDir(), "o.db")
	db, err := pool.Acquire(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	next := 0
	put := func(db *DB, n int) { // n commits of new keys: each changes pages
		for range n {
			next++
			if err := db.KeyedPut(fmt.Sprint("k", next), make([]byte, 3000)); err != nil {
				t.Fatal(err)
			}
		}
	}
	put(db, 20)
	if err := db.Checkpoint(); err != nil {
		t.Fatal(err)
	}
	ps, _ := db.PageSize()
	hold, err := pool.HoldCheckpoints(db)
	if err != nil {
		t.Fatal(err)
	}
	defer hold.Release()
	noop := func(uint32, []byte) {}
	cur, _, err := ReadWAL(path+"-wal", WALCursor{}, ps, noop)
	if err != nil {
		t.Fatal(err)
	}
	cur.Checkpointed = true
	put(db, 3)
	mid, _, err := ReadWAL(path+"-wal", cur, ps, noop)
	if err != nil || mid.Checkpointed || mid.Offset <= walHeaderSize {
		t.Fatalf("cursor after 3 commits: %+v %v", mid, err)
	}
	put(db, 5)
	end, _, err := ReadWAL(path+"-wal", mid, ps, noop)
	if err != nil || end.Offset <= mid.Offset {
		t.Fatalf("cursor after 5 more: %+v %v", end, err)
	}
	if ok, err := WALHolds(path+"-wal", end, ps); !ok || err != nil {
		t.Fatalf("an untouched log does not hold its commits: %v %v", ok, err)
	}
	// Cut the log back to mid with the database closed, then let it grow past end.
	pool.Release(db)
	pool.Evict(path)
	if err := TruncateWAL(path+"-wal", mid); err != nil {
		t.Fatal(err)
	}
	if ok, _ := WALHolds(path+"-wal", end, ps); ok {
		t.Fatal("a log cut back holds the commits it lost")
	}
	db, err = pool.Acquire(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Release(db)
	put(db, 20)
	if ok, _ := WALHolds(path+"-wal", end, ps); ok {
		t.Fatal("a log cut back and grown again holds the commits it lost")
	}
	if ok, _ := WALHolds(path+"-wal", mid, ps); !ok {
		t.Fatal("the log lost commits it kept")
	}
}
