package backup

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/superfly/ltx"
)

// ltxWithPagePastCommit is an LTX file of one 4 KiB page numbered 1000 whose header
// says the database has one page: what a hostile or broken bucket could hold.
func ltxWithPagePastCommit(t testing.TB) []byte {
	t.Helper()
	page := bytes.Repeat([]byte{0xAB}, 4096)
	b, err := encodeLTX(4096, 1000, 2, 2, time.UnixMilli(1), 1, map[uint32][]byte{1000: page})
	if err != nil {
		t.Fatal(err)
	}
	binary.BigEndian.PutUint32(b[12:16], 1) // the header's commit, in pages
	return b
}

// A restore writes no page the file's own header places past the database's end: a
// file from the bucket does not get to make the restored database as large as it
// likes (a page numbered 2^32-1 of 64 KiB is 256 TiB in).
func TestRestoreRefusesPagePastCommit(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "db"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var pageSize, commit uint32
	err = applyLTX(bytes.NewReader(ltxWithPagePastCommit(t)), f, make([]byte, ltx.MaxPageSize), &pageSize, &commit)
	if err == nil {
		t.Fatal("an LTX file with a page past its commit was applied")
	}
	if st, _ := f.Stat(); st.Size() != 0 {
		t.Fatalf("the refused file left %d bytes written (%v)", st.Size(), err)
	}
}

// An LTX file of a few hundred bytes whose first page block claims 4 GiB is refused
// before anything allocates that much (ltx's decoder allocates a block's claimed size
// before reading it; the fuzzer found a worker at 5 GiB).
func TestRestoreRefusesOversizedPageBlock(t *testing.T) {
	b, err := encodeLTX(4096, 1, 2, 2, time.UnixMilli(1), 1, map[uint32][]byte{1: make([]byte, 4096)})
	if err != nil {
		t.Fatal(err)
	}
	if flags := binary.BigEndian.Uint16(b[ltx.HeaderSize+4:]); flags&ltx.PageHeaderFlagSize == 0 {
		t.Fatalf("the encoder wrote page flags %#x, not the block format this test changes", flags)
	}
	binary.BigEndian.PutUint32(b[ltx.HeaderSize+ltx.PageHeaderSize:], 0xFFFFFF00)
	f, err := os.Create(filepath.Join(t.TempDir(), "db"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	var pageSize, commit uint32
	err = applyLTX(bytes.NewReader(b), f, make([]byte, ltx.MaxPageSize), &pageSize, &commit)
	runtime.ReadMemStats(&after)
	if !errors.Is(err, errBlockTooLarge) {
		t.Fatalf("a page block claiming 4 GiB: %v, want errBlockTooLarge", err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
		t.Fatalf("refusing it allocated %d MiB", alloc>>20)
	}
}

// FuzzApplyLTX: whatever bytes a bucket holds, applying them returns (no panic, no
// hang) and writes nothing past the size the file's header declares.
func FuzzApplyLTX(f *testing.F) {
	pages := map[uint32][]byte{1: bytes.Repeat([]byte{1}, 4096), 2: bytes.Repeat([]byte{2}, 4096)}
	good, err := encodeLTX(4096, 2, 1, 1, time.UnixMilli(1), 1, pages)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(ltxWithPagePastCommit(f))
	f.Add(good[:len(good)/2])
	huge := bytes.Clone(good)
	binary.BigEndian.PutUint32(huge[ltx.HeaderSize+ltx.PageHeaderSize:], 0xFFFFFF00)
	f.Add(huge)
	dir := f.TempDir()
	buf := make([]byte, ltx.MaxPageSize)
	f.Fuzz(func(t *testing.T, b []byte) {
		file, err := os.CreateTemp(dir, "db")
		if err != nil {
			t.Fatal(err)
		}
		defer os.Remove(file.Name())
		defer file.Close()
		var pageSize, commit uint32
		_ = applyLTX(bytes.NewReader(b), file, buf, &pageSize, &commit)
		st, err := file.Stat()
		if err != nil {
			t.Fatal(err)
		}
		if max := int64(commit) * int64(pageSize); st.Size() > max {
			t.Fatalf("wrote %d bytes, past the %d pages of %d bytes the header declares", st.Size(), commit, pageSize)
		}
	})
}

// TestBookmarkAtTooOldNamesEarliestRestorableTime asks for a state from before the
// kept history, before and after maintenance has replaced the uploads with a
// compaction written a minute later: the error names the earliest restorable time, a
// lookup at that time finds a state and one a millisecond before it does not.
func TestBookmarkAtTooOldNamesEarliestRestorableTime(t *testing.T) {
	b := newFaulty(t)
	b.modified = func(key string, m time.Time) time.Time {
		if lv := ltxLevel(key); lv == levelCompact || lv == levelSnapshot {
			return m.Add(time.Minute)
		}
		return m
	}
	n := startNode(t, t.TempDir(), b, ModeDurable)
	n.store.compactEvery, n.store.keepUploads = 0, 0
	begun := time.Now()
	r, db := n.object("a")
	for i := range 4 {
		if err := put(t, r, db, "k", fmt.Sprint("v", i)); err != nil {
			t.Fatal(err)
		}
	}
	last, err := r.CurrentBookmark(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	n.pool.Release(db)
	asked := begun.Add(-time.Hour)
	check := func(when string) time.Time {
		t.Helper()
		_, err := r.BookmarkAt(context.Background(), asked)
		var old *TooOldError
		if !errors.Is(err, ErrTooOld) || !errors.As(err, &old) {
			t.Fatalf("%s: BookmarkAt an hour before the object existed: %v, want a *TooOldError", when, err)
		}
		if !old.Time.Equal(asked) || old.Earliest.IsZero() || old.Earliest.Location() != time.UTC {
			t.Fatalf("%s: %+v, want the time asked and an earliest restorable time in UTC", when, old)
		}
		if s := old.Earliest.Format(time.RFC3339Nano); !strings.Contains(err.Error(), s) {
			t.Errorf("%s: %q does not name the earliest restorable time %s", when, err, s)
		}
		if bm, err := r.BookmarkAt(context.Background(), old.Earliest); err != nil || bm > last {
			t.Fatalf("%s: BookmarkAt(the earliest restorable time %s): %q %v, want a state", when, old.Earliest, bm, err)
		} else if _, err := Restore(context.Background(), b, "test", "id-a", bm, filepath.Join(t.TempDir(), "r.db"), nil); err != nil {
			t.Fatalf("%s: restore of %s, found for the earliest restorable time: %v", when, bm, err)
		}
		if _, err := r.BookmarkAt(context.Background(), old.Earliest.Add(-time.Millisecond)); !errors.Is(err, ErrTooOld) {
			t.Fatalf("%s: BookmarkAt a millisecond before the earliest restorable time: %v, want ErrTooOld", when, err)
		}
		return old.Earliest
	}
	first := check("uploads")
	if first.Before(begun.Truncate(time.Millisecond)) || first.After(time.Now()) {
		t.Errorf("earliest restorable time %s is not between the first write (%s) and now", first, begun)
	}
	if err := r.maintain(context.Background(), time.Now()); err != nil {
		t.Fatal(err)
	}
	if after := check("after maintenance"); after.Before(first) {
		t.Errorf("after maintenance the earliest restorable time %s is before the one of the uploads, %s", after, first)
	}
}
