package storage

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
)

func TestPrefixRange(t *testing.T) {
	for _, bits := range []string{"", "0", "1", "01", "110", "0000000001"} {
		lo, hi := PrefixRange(bits)
		if HashBits(lo, len(bits)) != bits || HashBits(hi, len(bits)) != bits {
			t.Errorf("%q: range [%x, %x] has other bits", bits, lo, hi)
		}
		if lo > 0 && PrefixOwns(bits, lo-1) || hi < ^uint64(0) && PrefixOwns(bits, hi+1) {
			t.Errorf("%q: range [%x, %x] is not maximal", bits, lo, hi)
		}
	}
	// The two halves of a leaf split its keys between them, none in both.
	for i := range 1000 {
		h := KeyHash(fmt.Sprint("k", i))
		if PrefixOwns("010", h) == PrefixOwns("011", h) && PrefixOwns("01", h) {
			t.Fatalf("hash %x is in both or neither half of 01", h)
		}
	}
}

func TestKeyedTable(t *testing.T) {
	db := openTest(t)
	for i := range 500 {
		if err := db.KeyedPut(fmt.Sprint("key", i), []byte(fmt.Sprint(i))); err != nil {
			t.Fatal(err)
		}
	}
	v, ok, err := db.KeyedGet("key7", nil)
	if err != nil || !ok || string(v) != "7" {
		t.Fatalf("get key7 = %q %v %v", v, ok, err)
	}
	if err := db.KeyedPut("key7", nil); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := db.KeyedGet("key7", nil); ok {
		t.Fatal("key7 still there after delete")
	}
	n0, _ := db.KeyedCount("0")
	n1, _ := db.KeyedCount("1")
	if n0+n1 != 499 || n0 < 150 || n1 < 150 {
		t.Fatalf("halves hold %d and %d rows of 499", n0, n1)
	}
	// A scan in pages sees each row of the leaf once, in hash order.
	seen := map[string]bool{}
	var after bool
	var ah uint64
	var ak string
	for {
		rows, _, err := db.KeyedScan("1", after, ah, ak, 37)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			if !PrefixOwns("1", r.Hash) || seen[r.Key] || r.Hash != KeyHash(r.Key) {
				t.Fatalf("scan gave %q (hash %x) twice or outside leaf 1", r.Key, r.Hash)
			}
			seen[r.Key] = true
		}
		if len(rows) < 37 {
			break
		}
		after, ah, ak = true, rows[len(rows)-1].Hash, rows[len(rows)-1].Key
	}
	if int64(len(seen)) != n1 {
		t.Fatalf("scan saw %d rows, count says %d", len(seen), n1)
	}
	// Deleting outside leaf 1 in batches leaves exactly its rows.
	total := 0
	for {
		n, err := db.KeyedDeleteOutside("1", 64)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			break
		}
		total += n
	}
	if after0, _ := db.KeyedCount("0"); after0 != 0 || int64(total) != n0 {
		t.Fatalf("deleted %d of %d, %d left", total, n0, after0)
	}
	// Plugin SQL sees the same hash as the table.
	lo, hi := SQLHashRange("1")
	_, rows, _, _, err := exec(db, "SELECT count(*) FROM _cf_keyed WHERE 1")
	if err == nil {
		t.Fatalf("plugin SQL read the keyed table: %v", rows)
	}
	_, rows, _, _, err = exec(db, "SELECT sobjects_key_hash(?) BETWEEN ? AND ?", "key3", lo, hi)
	if err != nil {
		t.Fatal(err)
	}
	in1 := PrefixOwns("1", KeyHash("key3"))
	if got := rows[0].([]any)[0].(int64) == 1; got != in1 {
		t.Fatalf("sobjects_key_hash puts key3 in leaf 1: %v, the host says %v", got, in1)
	}
}

func TestLeafRecordRollsBack(t *testing.T) {
	db := openTest(t)
	if l, err := db.Leaf(); err != nil || l.Bits != "" || l.Provisional {
		t.Fatalf("new database: leaf %+v, %v; want the root", l, err)
	}
	db.Begin()
	if err := db.SetLeaf(Leaf{Bits: "01", Moving: "011"}); err != nil {
		t.Fatal(err)
	}
	if l, _ := db.Leaf(); l.Bits != "01" || l.Moving != "011" {
		t.Fatalf("leaf in transaction = %+v", l)
	}
	db.Rollback()
	if l, _ := db.Leaf(); l.Bits != "" {
		t.Fatalf("leaf after rollback = %+v, want the root", l)
	}
	if err := db.SetLeaf(Leaf{Bits: "2"}); err == nil {
		t.Fatal("bits \"2\" accepted")
	}
}

// A held database keeps its file as it was at the checkpoint while writes go on, so a
// copy made meanwhile is the state of the checkpoint.
func TestSnapshotWhileWriting(t *testing.T) {
	dir := t.TempDir()
	pool := NewPool(4, Options{})
	defer pool.Close()
	path := filepath.Join(dir, "src.db")
	db, err := pool.Acquire(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 2000 {
		if err := db.KeyedPut(fmt.Sprint("k", i), make([]byte, 100)); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Checkpoint(); err != nil {
		t.Fatal(err)
	}
	hold, err := pool.HoldCheckpoints(db)
	if err != nil {
		t.Fatal(err)
	}
	// Enough writes to pass the automatic checkpoint's 1000 pages, then a close.
	for i := range 3000 {
		if err := db.KeyedPut(fmt.Sprint("late", i), make([]byte, 2000)); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Checkpoint(); err != ErrCheckpointHeld {
		t.Fatalf("checkpoint while held: %v", err)
	}
	pool.Release(db)
	pool.Evict(path)
	dst := filepath.Join(dir, "copy.db")
	if err := CopyFile(path, dst); err != nil {
		t.Fatal(err)
	}
	hold.Release()
	cp, err := Open(context.Background(), dst, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer cp.Close()
	if n, _ := cp.KeyedCount(""); n != 2000 {
		t.Fatalf("copy holds %d rows, want the 2000 of the checkpoint", n)
	}
	db, err = pool.Acquire(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Release(db)
	if n, _ := db.KeyedCount(""); n != 5000 {
		t.Fatalf("source holds %d rows after reopening, want 5000", n)
	}
}

// TestKeyedScanPagesBoundedInBytes checks that a keyed scan of large values comes in
// pages of at most KeyedScanPageBytes, each with a cursor to read on, that a value
// larger than a page comes alone, and that the pages together hold every row once.
func TestKeyedScanPagesBoundedInBytes(t *testing.T) {
	db, err := Open(context.Background(), filepath.Join(t.TempDir(), "o.db"), Options{Durability: DurabilityRelaxed, MaxResultBytes: 64 << 20})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	value := make([]byte, 1<<20)
	const n = 24
	for i := range n {
		if err := db.KeyedPut(fmt.Sprint("big", i), value); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.KeyedPut("huge", make([]byte, KeyedScanPageBytes+1)); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	var after, more bool
	var ah uint64
	var ak string
	pages := 0
	for pages = 1; ; pages++ {
		rows, m, err := db.KeyedScan("", after, ah, ak, 10000)
		if err != nil {
			t.Fatal(err)
		}
		more = m
		bytes := 0
		for _, r := range rows {
			bytes += len(r.Key) + len(r.Value) + 16
			if seen[r.Key] {
				t.Fatalf("page %d: %q again", pages, r.Key)
			}
			seen[r.Key] = true
		}
		if len(rows) > 1 && bytes > KeyedScanPageBytes {
			t.Fatalf("page %d holds %d rows of %d bytes, over the page bound of %d", pages, len(rows), bytes, KeyedScanPageBytes)
		}
		if len(rows) == 0 || !more {
			break
		}
		after, ah, ak = true, rows[len(rows)-1].Hash, rows[len(rows)-1].Key
	}
	if len(seen) != n+1 || !seen["huge"] {
		t.Fatalf("the pages held %d rows (huge: %v), want %d", len(seen), seen["huge"], n+1)
	}
	if min := (n << 20) / KeyedScanPageBytes; pages <= min {
		t.Fatalf("%d MiB of rows came in %d pages, want more than %d", n, pages, min)
	}
}
