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

	"github.com/ncruces/go-sqlite3"
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

// TestDurableRestoreSurvivesAFailedSnapshotAndACrash: a point-in-time restore is carried
// out at the next activation (prepare replaces the file and asks for a snapshot). When
// that snapshot's upload fails and the node crashes, the next start still has the
// restored state, and the bucket's latest state is the local database. (attach's loadAll
// checkpoints first, and checkpoint once wrote the sidecar "local file == the bucket's
// latest", the state before the restore, before the restored state was uploaded; the
// next start trusted it and uploaded deltas on top of the pre-restore state.)
func TestDurableRestoreSurvivesAFailedSnapshotAndACrash(t *testing.T) {
	b := newFaulty(t)
	dir := t.TempDir()
	n := startNode(t, dir, b, ModeDurable)
	r, db := n.object("a")
	if err := fill(t, r, db); err != nil {
		t.Fatal(err)
	}
	old, err := r.CurrentBookmark(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	if err := one(t, r, db, "f010", "n"); err != nil {
		t.Fatal(err)
	}
	if _, err := r.RestoreOnNextOpen(context.Background(), db, old); err != nil {
		t.Fatal(err)
	}
	n.pool.Release(db)
	n.pool.Evict(n.path("a"))
	b.setPut(func(key string) (bool, error) {
		if isLTX(key) {
			return false, errInjected
		}
		return false, nil
	})
	if _, err := n.pool.Acquire(context.Background(), n.path("a")); err == nil {
		t.Fatal("activation with the bucket refusing uploads succeeded")
	}
	n.crash()
	b.setPut(nil)
	n2 := startNode(t, dir, b, ModeDurable)
	r2, db2 := n2.object("a")
	if v, _, _ := db2.KVGet("f010", nil); v[0] != '-' {
		t.Fatalf("after the restore to %s: f010=%.6q, want the value before", old, v)
	}
	if err := one(t, r2, db2, "f190", "c"); err != nil {
		t.Fatal(err)
	}
	local := kvOf(t, db2)
	n2.pool.Release(db2)
	got, err := restoreLatest(t, b, "a")
	if err != nil {
		t.Fatalf("the bucket's latest state does not restore: %v; local is %s", err, short(local))
	}
	if !sameKV(got, local) {
		t.Fatalf("the bucket's latest state %s differs from the local database %s (acknowledged in durable mode)", short(got), short(local))
	}
}

// TestRestoreMarkerForATrimmedBookmarkLetsTheObjectOpen: a restore asked for a bookmark
// that maintenance trims before the next activation (level-0 files are deleted an hour
// after a level-1 file covers them, so any bookmark about an hour old) does not stop the
// object from opening. (It once left a marker that prepare could never carry out: every
// later activation failed.)
func TestRestoreMarkerForATrimmedBookmarkLetsTheObjectOpen(t *testing.T) {
	b := newFaulty(t)
	n := startNode(t, t.TempDir(), b, ModeDurable)
	n.store.compactEvery = 0
	r, db := n.object("a")
	var mid string
	for i := range 10 {
		if err := put(t, r, db, "k", fmt.Sprint("v", i)); err != nil {
			t.Fatal(err)
		}
		if i == 4 {
			mid, _ = r.CurrentBookmark(context.Background(), db)
		}
	}
	if err := r.maintain(context.Background(), time.Now()); err != nil { // compacts; keeps level 0
		t.Fatal(err)
	}
	if _, err := r.RestoreOnNextOpen(context.Background(), db, mid); err != nil {
		t.Fatal(err)
	}
	n.pool.Release(db)
	n.pool.Evict(n.path("a"))
	// An hour later (keepUploads): the level-0 files the level-1 file covers go.
	n.store.keepUploads = 0
	if err := r.maintain(context.Background(), time.Now()); err != nil {
		t.Fatal(err)
	}
	for try := range 2 {
		db, err := n.pool.Acquire(context.Background(), n.path("a"))
		if err != nil {
			t.Fatalf("activation %d after the restore's bookmark was trimmed: %v", try+1, err)
		}
		n.pool.Release(db)
	}
}

// TestBookmarkAtFindsStatesAfterMaintenance: BookmarkAt(t) is "the newest state that
// reached the bucket at or before t", also once maintenance has compacted and trimmed: a
// time after the last upload and before maintenance still finds that upload's state.
// (BookmarkAt once read the files' LastModified, and the LTX header's time only within a
// second of t; compaction and snapshots are written when maintenance runs, a minute or
// more after the states they end at, so such a time was answered ErrTooOld though the
// bucket still restored its state.)
//
// The bucket's List is shifted so that files written by maintenance look written a
// minute after the uploads (as they are, with the default compactEvery).
func TestBookmarkAtFindsStatesAfterMaintenance(t *testing.T) {
	b := newFaulty(t)
	b.modified = func(key string, m time.Time) time.Time {
		if lv := ltxLevel(key); lv == levelCompact || lv == levelSnapshot {
			return m.Add(time.Minute)
		}
		return m
	}
	n := startNode(t, t.TempDir(), b, ModeDurable)
	n.store.compactEvery, n.store.keepUploads = 0, 0
	r, db := n.object("a")
	for i := range 5 {
		if err := put(t, r, db, "k", fmt.Sprint("v", i)); err != nil {
			t.Fatal(err)
		}
	}
	last, err := r.CurrentBookmark(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	n.pool.Release(db)
	at := time.Now().Add(2 * time.Second) // after the last upload, before maintenance
	if bm, err := r.BookmarkAt(context.Background(), at); err != nil || bm != last {
		t.Fatalf("before maintenance: BookmarkAt: %q %v, want %s", bm, err, last)
	}
	if err := r.maintain(context.Background(), time.Now()); err != nil {
		t.Fatal(err)
	}
	if _, err := Restore(context.Background(), b, "test", "id-a", last, filepath.Join(t.TempDir(), "r.db"), nil); err != nil {
		t.Fatalf("the state %s no longer restores: %v", last, err)
	}
	bm, err := r.BookmarkAt(context.Background(), at)
	if err != nil || bm != last {
		t.Fatalf("after maintenance: BookmarkAt(a time after the upload of %s): %q %v, want %s (which the bucket restores)", last, bm, err, last)
	}
}

// TestManualRestoreOfAFile follows docs/backup.md, "Restoring / With the CLI": restore a
// bookmark into a file, stop the server, copy the file over the object's database,
// delete its -wal and -backup files, start the server. In interval mode the file is kept
// and uploaded as the newest state; in durable mode, where the bucket and not the disk
// is the truth, the bucket's latest state replaces it (the doc says so), and a
// point-in-time restore is the way back.
func TestManualRestoreOfAFile(t *testing.T) {
	for _, tc := range []struct {
		mode Mode
		want string
	}{{ModeInterval, "old"}, {ModeDurable, "new"}} {
		t.Run(tc.mode.String(), func(t *testing.T) { manualRestore(t, tc.mode, tc.want) })
	}
}

func manualRestore(t *testing.T, mode Mode, want string) {
	b := newFaulty(t)
	dir := t.TempDir()
	n := startNode(t, dir, b, mode)
	r, db := n.object("a")
	if err := put(t, r, db, "k", "old"); err != nil {
		t.Fatal(err)
	}
	old, err := r.CurrentBookmark(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	if err := put(t, r, db, "k", "new"); err != nil {
		t.Fatal(err)
	}
	n.pool.Release(db)
	n.stop()
	// sobjects backup restore --bookmark old --to restored.db
	restored := filepath.Join(t.TempDir(), "restored.db")
	if _, err := Restore(context.Background(), b, "test", "id-a", old, restored, nil); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(restored)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "a.db")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	os.Remove(p + "-wal")
	os.Remove(p + "-backup")
	n2 := startNode(t, dir, b, mode)
	_, db2 := n2.object("a")
	v, _, _ := db2.KVGet("k", nil)
	n2.pool.Release(db2)
	n2.stop() // uploads what interval mode has not yet
	if string(v) != want {
		t.Fatalf("after putting the file restored at %s in service: k=%q, want %s", old, v, want)
	}
	if got, err := restoreLatest(t, b, "a"); err != nil || got["k"] != want {
		t.Fatalf("the bucket's latest state: %v %v, want k=%s", got, err, want)
	}
}

// TestEveryPageSizeBacksUpAndRestores: a database with a page size other than 4096 (a
// file put in service by hand, or made by another tool) is uploaded, changed, evicted,
// reopened and restored page for page, in both modes.
func TestEveryPageSizeBacksUpAndRestores(t *testing.T) {
	for _, ps := range []int{512, 1024, 65536} {
		for _, mode := range []Mode{ModeDurable, ModeInterval} {
			t.Run(fmt.Sprint(ps, "/", mode), func(t *testing.T) {
				b := newFaulty(t)
				dir := t.TempDir()
				n := startNode(t, dir, b, mode)
				conn, err := sqlite3.Open(n.path("a"))
				if err != nil {
					t.Fatal(err)
				}
				if err := conn.Exec(fmt.Sprintf("PRAGMA page_size=%d; PRAGMA journal_mode=WAL; CREATE TABLE x(y)", ps)); err != nil {
					t.Fatal(err)
				}
				conn.Close()
				r, db := n.object("a")
				if got, _ := db.PageSize(); got != ps {
					t.Fatalf("page size %d, want %d", got, ps)
				}
				want := map[string]string{}
				for i := range 60 {
					k := fmt.Sprintf("k%02d", i%25)
					want[k] = strings.Repeat(fmt.Sprint(i), 50+i*40)
					if err := put(t, r, db, k, want[k]); err != nil {
						t.Fatal(err)
					}
					if i == 30 {
						n.pool.Release(db)
						n.pool.Evict(n.path("a"))
						_, db = n.object("a")
					}
				}
				if _, err := r.CurrentBookmark(context.Background(), db); err != nil {
					t.Fatal(err)
				}
				n.pool.Release(db)
				got, err := restoreLatest(t, b, "a")
				if err != nil {
					t.Fatal(err)
				}
				if !sameKV(got, want) {
					t.Fatalf("restored %d keys; differs from what was written", len(got))
				}
			})
		}
	}
}

// TestBookmarksRestoreAcrossAShrinkAndRegrow: a restore to an early, small state shrinks
// the database; writes then regrow it over pages that held other data before. Every
// bookmark, and the state after maintenance compacts across the shrink, restores what
// the database held then.
func TestBookmarksRestoreAcrossAShrinkAndRegrow(t *testing.T) {
	b := newFaulty(t)
	n := startNode(t, t.TempDir(), b, ModeDurable)
	n.store.compactEvery = 0
	r, db := n.object("a")
	type point struct {
		bm string
		kv map[string]string
	}
	var points []point
	mark := func() {
		bm, err := r.CurrentBookmark(context.Background(), db)
		if err != nil {
			t.Fatal(err)
		}
		points = append(points, point{bm, kvOf(t, db)})
	}
	if err := put(t, r, db, "small", "1"); err != nil {
		t.Fatal(err)
	}
	mark()
	small := points[0].bm
	for i := range 40 {
		if err := put(t, r, db, fmt.Sprint("big", i), big(fmt.Sprint(i%10))); err != nil {
			t.Fatal(err)
		}
	}
	mark()
	if _, err := r.RestoreOnNextOpen(context.Background(), db, small); err != nil {
		t.Fatal(err)
	}
	n.pool.Release(db)
	n.pool.Evict(n.path("a"))
	_, db = n.object("a")
	if sz, _ := db.Size(); sz > 64<<10 {
		t.Fatalf("after the restore to the small state: %d bytes", sz)
	}
	mark()
	for i := range 20 {
		if err := put(t, r, db, fmt.Sprint("re", i), big(fmt.Sprint((i+3)%10))); err != nil {
			t.Fatal(err)
		}
	}
	mark()
	n.pool.Release(db)
	check := func(when string) {
		for _, p := range points {
			to := filepath.Join(t.TempDir(), "r.db")
			if _, err := Restore(context.Background(), b, "test", "id-a", p.bm, to, nil); err != nil {
				if errors.Is(err, ErrBookmarkGone) {
					continue
				}
				t.Fatalf("%s: restore %s: %v", when, p.bm, err)
			}
			if got := content(t, to); !sameKV(got, p.kv) {
				t.Fatalf("%s: restore %s: %d keys, want %d", when, p.bm, len(got), len(p.kv))
			}
		}
	}
	check("before maintenance")
	if err := r.maintain(context.Background(), time.Now()); err != nil {
		t.Fatal(err)
	}
	check("after maintenance")
}

// TestIntervalRestoreMarkerDoesNotOutliveADeferredOpen: in interval mode a point-in-time
// restore is carried out at the next activation (prepare). When the bucket does not
// answer at that activation, the object is served from its local copy (deferred), and
// when the bucket answers again reconcile takes the epoch and uploads the local file
// whole. Writes acknowledged after that stay after a restart. (reconcile once never
// looked at the restore marker: it stayed in the bucket, and at the next start of the
// process prepare found it and restored the object to the old bookmark, silently undoing
// every write acknowledged since.)
func TestIntervalRestoreMarkerDoesNotOutliveADeferredOpen(t *testing.T) {
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
