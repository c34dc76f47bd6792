package storage

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// TestQuotaRefusesGrowthAndKeepsData fills an object up to a small quota: the write
// that would pass it fails with ErrQuota (and ErrNoSpace) and a message naming the
// quota, the writes committed before stay, and once data is deleted writes go on.
func TestQuotaRefusesGrowthAndKeepsData(t *testing.T) {
	const quota = 256 << 10
	path := filepath.Join(t.TempDir(), "q.db")
	opts := Options{Durability: DurabilityRelaxed, MaxObjectBytes: quota}
	db, err := Open(context.Background(), path, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { db.Close() }()
	value := bytes.Repeat([]byte{7}, 16<<10)
	// put runs one call that writes a KV entry and a row of plugin SQL, and commits it
	// unless it failed.
	put := func(i int) error {
		if err := db.Begin(); err != nil {
			t.Fatal(err)
		}
		if err := db.BeginCall(); err != nil {
			t.Fatal(err)
		}
		err := db.KVPut(fmt.Sprint("k", i), value)
		if err == nil {
			_, _, _, _, err = exec(db, "INSERT INTO t VALUES (?, ?)", int64(i), value)
		}
		if err != nil {
			db.EndCall(false)
			db.Rollback()
			return err
		}
		if err := db.EndCall(true); err != nil {
			t.Fatal(err)
		}
		return db.Commit()
	}
	if _, _, _, _, err := exec(db, "CREATE TABLE t (i INTEGER PRIMARY KEY, v BLOB)"); err != nil {
		t.Fatal(err)
	}
	var last int
	var qerr error
	for i := 0; i < 1000; i++ {
		if err := put(i); err != nil {
			last, qerr = i, err
			break
		}
	}
	if qerr == nil {
		t.Fatalf("1000 writes of 32 KiB under a quota of %d bytes all succeeded", quota)
	}
	if !errors.Is(qerr, ErrQuota) || !errors.Is(qerr, ErrNoSpace) {
		t.Fatalf("write %d past the quota: %v, want ErrQuota and ErrNoSpace", last, qerr)
	}
	if !strings.Contains(qerr.Error(), fmt.Sprint(quota)) {
		t.Fatalf("quota error %q does not name the quota of %d bytes", qerr, quota)
	}
	if size, err := db.Size(); err != nil || size > quota {
		t.Fatalf("database size %d (%v), over the quota of %d", size, err, quota)
	}
	db.Close()
	if db, err = Open(context.Background(), path, opts); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < last; i++ {
		if v, ok, err := db.KVGet(fmt.Sprint("k", i), nil); err != nil || !ok || !bytes.Equal(v, value) {
			t.Fatalf("committed key k%d after the quota error and a reopen: found=%v err=%v", i, ok, err)
		}
	}
	if _, ok, _ := db.KVGet(fmt.Sprint("k", last), nil); ok {
		t.Fatalf("the write that failed at the quota left its KV entry")
	}
	_, rows, _, _, err := exec(db, "SELECT count(*) FROM t")
	if err != nil || rows[0].([]any)[0].(int64) != int64(last) {
		t.Fatalf("rows of t %v (%v), want %d", rows, err, last)
	}
	// Deleting makes room again.
	if err := db.Begin(); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 4; i++ {
		if _, err := db.KVDelete(fmt.Sprint("k", i)); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, _, _, err := exec(db, "DELETE FROM t WHERE i < 4"); err != nil {
		t.Fatal(err)
	}
	if err := db.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := put(last); err != nil {
		t.Fatalf("write after deleting: %v", err)
	}
}

// TestQuotaDefault: a database opened without MaxObjectBytes gets Cloudflare's 10 GB.
func TestQuotaDefault(t *testing.T) {
	db := openTest(t)
	s, _, err := db.conn.Prepare("PRAGMA max_page_count")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ps, err := db.PageSize()
	if err != nil || !s.Step() {
		t.Fatal(err, s.Err())
	}
	if got := s.ColumnInt64(0) * int64(ps); got > DefaultMaxObjectBytes || got <= DefaultMaxObjectBytes-int64(ps) {
		t.Fatalf("default quota %d bytes, want %d rounded down to pages", got, int64(DefaultMaxObjectBytes))
	}
}

// TestQuotaNamedForOneLargeWrite: one write far larger than what is left of the quota,
// on a disk with room, fails as the quota (ErrQuota), not as a full disk, and loses
// nothing committed.
func TestQuotaNamedForOneLargeWrite(t *testing.T) {
	const quota = 4 << 20
	dir := t.TempDir()
	if free := diskFree(dir); free < 2*quota+64<<20+1 {
		t.Skipf("%d bytes free in %s: too little to tell the quota from the disk", free, dir)
	}
	db, err := Open(context.Background(), filepath.Join(dir, "q.db"), Options{Durability: DurabilityRelaxed, MaxObjectBytes: quota})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, _, _, _, err := exec(db, "CREATE TABLE t (v BLOB)"); err != nil {
		t.Fatal(err)
	}
	if _, _, _, _, err := exec(db, "INSERT INTO t VALUES (zeroblob(1000))"); err != nil {
		t.Fatal(err)
	}
	_, _, _, _, err = exec(db, "INSERT INTO t VALUES (randomblob(?))", int64(quota*2))
	if !errors.Is(err, ErrQuota) {
		t.Fatalf("one write of twice the quota: %v, want ErrQuota", err)
	}
	if !strings.Contains(err.Error(), fmt.Sprint(quota)) {
		t.Fatalf("quota error %q does not name the quota of %d bytes", err, quota)
	}
	if _, rows, _, _, err := exec(db, "SELECT count(*) FROM t"); err != nil || rows[0].([]any)[0].(int64) != 1 {
		t.Fatalf("rows after the refused write: %v (%v), want 1", rows, err)
	}
}
