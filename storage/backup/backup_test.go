package backup

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/internal/testbucket"
	"github.com/sobjects/sobjects/storage"
)

// node is one engine's view of the storage: a pool of databases replicated by a Store.
type node struct {
	t     testing.TB
	dir   string
	store *Store
	pool  *storage.Pool
}

func newBucket(t *testing.T, srv *testbucket.Server, endpoint string) *S3 {
	return NewS3(srv.ClientAt(endpoint, func(o *s3.Options) { o.RetryMaxAttempts = 1 }), srv.Bucket, "backups")
}

// testBucket is an empty bucket for one test: in versitygw where it is installed (as
// ./test.sh does), else in memory, so that the test runs without the tools too.
func testBucket(t *testing.T) Bucket {
	if !testbucket.Available() {
		return &MemoryBucket{Name: t.Name()}
	}
	srv := testbucket.Start(t)
	return newBucket(t, srv, srv.Endpoint)
}

func startNode(t *testing.T, dir string, b Bucket, mode Mode) *node {
	return startNodeTB(t, dir, b, mode)
}

func startNodeTB(t testing.TB, dir string, b Bucket, mode Mode) *node {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	st, err := NewStore(ctx, Options{Bucket: b, Mode: mode, Interval: time.Hour, Node: "test",
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	pool := storage.NewPool(0, storage.Options{Replicated: true})
	pool.SetHooks(st)
	n := &node{t: t, dir: dir, store: st, pool: pool}
	t.Cleanup(n.stop)
	return n
}

// stop closes the node as a server does at shutdown: databases, then uploads.
func (n *node) stop() {
	if n.pool == nil {
		return
	}
	n.pool.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	n.store.Close(ctx)
	n.pool = nil
}

// crash drops the node without closing anything, as kill -9 would leave its files.
func (n *node) crash() {
	close(n.store.stop)
	n.pool = nil
}

func (n *node) path(name string) string { return filepath.Join(n.dir, name+".db") }

// object tracks and opens the object called name.
func (n *node) object(name string) (*Replica, *storage.DB) {
	n.t.Helper()
	r := n.store.Track(n.path(name), "test", "id-"+name, name)
	db, err := n.pool.Acquire(context.Background(), n.path(name))
	if err != nil {
		n.t.Fatal(err)
	}
	return r, db
}

// put commits one write of k=v and runs the commit hook.
func put(t *testing.T, r *Replica, db *storage.DB, k, v string) error {
	t.Helper()
	if err := db.Begin(); err != nil {
		t.Fatal(err)
	}
	if err := db.KVPut(k, []byte(v)); err != nil {
		t.Fatal(err)
	}
	if err := db.Commit(); err != nil {
		t.Fatal(err)
	}
	return r.Committed(context.Background(), db, 1)
}

// content is every KV pair of the database at path, opened read-only in spirit: it is
// opened without replication and closed.
func content(t *testing.T, path string) map[string]string {
	t.Helper()
	db, err := storage.Open(context.Background(), path, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.IntegrityCheck(); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return kvOf(t, db)
}

func restoreTo(t *testing.T, b Bucket, name, bookmark string) (string, map[string]string) {
	t.Helper()
	to := filepath.Join(t.TempDir(), "restored.db")
	got, err := Restore(context.Background(), b, "test", "id-"+name, bookmark, to, nil)
	if err != nil {
		t.Fatalf("restore %s at %q: %v", name, bookmark, err)
	}
	return got, content(t, to)
}

func TestIntervalUploadsOnFlushAndRestores(t *testing.T) {
	b := testBucket(t)
	n := startNode(t, t.TempDir(), b, ModeInterval)
	r, db := n.object("a")
	want := map[string]string{}
	for i := range 50 {
		k, v := fmt.Sprintf("k%02d", i%20), strings.Repeat(fmt.Sprint(i), 100)
		want[k] = v
		if err := put(t, r, db, k, v); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Restore(context.Background(), b, "test", "id-a", "", filepath.Join(t.TempDir(), "x.db"), nil); !errors.Is(err, ErrNoBackup) {
		t.Fatalf("before the interval: %v, want ErrNoBackup (nothing uploaded yet)", err)
	}
	if failed := n.store.flush(context.Background(), 0, nil); failed != 0 {
		t.Fatalf("%d uploads failed", failed)
	}
	_, got := restoreTo(t, b, "a", "")
	assertKV(t, got, want)
	n.pool.Release(db)
}

func TestDurableAcknowledgesOnlyWhatTheBucketHas(t *testing.T) {
	b := testBucket(t)
	n := startNode(t, t.TempDir(), b, ModeDurable)
	r, db := n.object("a")
	want := map[string]string{}
	for i := range 5 {
		k := fmt.Sprint("k", i)
		want[k] = "v"
		if err := put(t, r, db, k, "v"); err != nil {
			t.Fatal(err)
		}
		// Acknowledged: the bucket alone rebuilds it, with nothing flushed.
		_, got := restoreTo(t, b, "a", "")
		assertKV(t, got, want)
	}
	n.pool.Release(db)
}

func TestDiskLossRestoresFromTheBucket(t *testing.T) {
	for _, mode := range []Mode{ModeDurable, ModeInterval} {
		t.Run(mode.String(), func(t *testing.T) {
			b := testBucket(t)
			dir := t.TempDir()
			n := startNode(t, dir, b, mode)
			r, db := n.object("a")
			want := map[string]string{}
			for i := range 20 {
				k := fmt.Sprint("k", i)
				want[k] = strings.Repeat("x", 3000)
				if err := put(t, r, db, k, want[k]); err != nil {
					t.Fatal(err)
				}
			}
			n.pool.Release(db)
			if mode == ModeInterval {
				n.stop() // interval mode loses what the last interval did not upload; a clean stop uploads it
			} else {
				n.crash()
			}
			if err := os.RemoveAll(dir); err != nil {
				t.Fatal(err)
			}
			n2 := startNode(t, dir, b, mode)
			_, db2 := n2.object("a")
			n2.pool.Release(db2)
			n2.stop()
			assertKV(t, content(t, n2.path("a")), want)
		})
	}
}

func TestDurableUploadFailureIsNotAcknowledgedAndUndone(t *testing.T) {
	srv := testbucket.Start(t)
	px := testbucket.StartProxy(t, srv.Addr)
	b := newBucket(t, srv, px.URL())
	n := startNode(t, t.TempDir(), b, ModeDurable)
	r, db := n.object("a")
	if err := put(t, r, db, "before", "1"); err != nil {
		t.Fatal(err)
	}
	px.Down()
	err := put(t, r, db, "lost", "1")
	if !errors.Is(err, ErrNotDurable) {
		t.Fatalf("write with the bucket down: %v, want ErrNotDurable", err)
	}
	n.pool.Release(db)
	n.pool.Evict(n.path("a")) // what the engine does after ErrNotDurable
	// Reads go on while the bucket is down, without the write that was refused.
	_, db = n.object("a")
	if v, found, err := db.KVGet("lost", nil); err != nil || found {
		t.Fatalf("unacknowledged write is visible: %q %v", v, err)
	}
	if v, _, err := db.KVGet("before", nil); err != nil || string(v) != "1" {
		t.Fatalf("acknowledged write: %q %v", v, err)
	}
	px.Restore()
	if err := put(t, r, db, "after", "1"); err != nil {
		t.Fatalf("write after the bucket came back: %v", err)
	}
	n.pool.Release(db)
	_, got := restoreTo(t, b, "a", "")
	assertKV(t, got, map[string]string{"before": "1", "after": "1"})
}

func TestBookmarksRestoreEachPastState(t *testing.T) {
	b := testBucket(t)
	n := startNode(t, t.TempDir(), b, ModeInterval)
	r, db := n.object("a")
	type point struct {
		bookmark string
		copy     []byte // the database file at that point
		kv       map[string]string
	}
	var points []point
	want := map[string]string{}
	for i := range 6 {
		for j := range 3 {
			k := fmt.Sprint("k", (i*3+j)%7)
			want[k] = fmt.Sprint(i, j)
			if err := put(t, r, db, k, want[k]); err != nil {
				t.Fatal(err)
			}
		}
		bm, err := r.CurrentBookmark(context.Background(), db)
		if err != nil {
			t.Fatal(err)
		}
		if err := db.Checkpoint(); err != nil {
			t.Fatal(err)
		}
		file, err := os.ReadFile(n.path("a"))
		if err != nil {
			t.Fatal(err)
		}
		points = append(points, point{bm, file, clone(want)})
	}
	for i := 1; i < len(points); i++ {
		if points[i].bookmark <= points[i-1].bookmark {
			t.Fatalf("bookmarks do not sort in time order: %q then %q", points[i-1].bookmark, points[i].bookmark)
		}
	}
	for _, p := range points {
		to := filepath.Join(t.TempDir(), "r.db")
		if _, err := Restore(context.Background(), b, "test", "id-a", p.bookmark, to, nil); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(to)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, p.copy) {
			t.Errorf("restore at %s differs from the copy taken then", p.bookmark)
		}
		assertKV(t, content(t, to), p.kv)
	}
	if _, err := Restore(context.Background(), b, "test", "id-a", "00000000000000ff", filepath.Join(t.TempDir(), "r.db"), nil); !errors.Is(err, ErrBookmarkGone) {
		t.Errorf("restore at a bookmark never made: %v, want ErrBookmarkGone", err)
	}
	if _, err := Restore(context.Background(), b, "test", "id-a", "yesterday", filepath.Join(t.TempDir(), "r.db"), nil); !errors.Is(err, ErrBadBookmark) {
		t.Errorf("restore at a malformed bookmark: %v, want ErrBadBookmark", err)
	}
	if _, err := r.BookmarkAt(context.Background(), time.Now().Add(-time.Hour)); !errors.Is(err, ErrTooOld) {
		t.Errorf("bookmark an hour before the object existed: %v, want ErrTooOld", err)
	}
	if bm, err := r.BookmarkAt(context.Background(), time.Now().Add(time.Second)); err != nil || bm != points[len(points)-1].bookmark {
		t.Errorf("bookmark for now: %q %v, want %q", bm, err, points[len(points)-1].bookmark)
	}
	n.pool.Release(db)
}

func TestRestoreOnNextOpenAndUndo(t *testing.T) {
	b := testBucket(t)
	n := startNode(t, t.TempDir(), b, ModeDurable)
	r, db := n.object("a")
	put(t, r, db, "k", "old")
	old, err := r.CurrentBookmark(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	put(t, r, db, "k", "new")
	undo, err := r.RestoreOnNextOpen(context.Background(), db, old)
	if err != nil {
		t.Fatal(err)
	}
	n.pool.Release(db)
	n.pool.Evict(n.path("a"))
	_, db = n.object("a")
	if v, _, _ := db.KVGet("k", nil); string(v) != "old" {
		t.Fatalf("after restore: k=%q, want old", v)
	}
	if _, err := r.RestoreOnNextOpen(context.Background(), db, undo); err != nil {
		t.Fatal(err)
	}
	n.pool.Release(db)
	n.pool.Evict(n.path("a"))
	_, db = n.object("a")
	if v, _, _ := db.KVGet("k", nil); string(v) != "new" {
		t.Fatalf("after undoing the restore: k=%q, want new", v)
	}
	n.pool.Release(db)
}

func TestNewerEpochFencesTheOldWriter(t *testing.T) {
	b := testBucket(t)
	a := startNode(t, t.TempDir(), b, ModeDurable)
	ra, dba := a.object("x")
	if err := put(t, ra, dba, "k", "a1"); err != nil {
		t.Fatal(err)
	}
	bnode := startNode(t, t.TempDir(), b, ModeDurable)
	rb, dbb := bnode.object("x") // takes the object: restores it and raises the epoch
	if v, _, _ := dbb.KVGet("k", nil); string(v) != "a1" {
		t.Fatalf("second node sees k=%q", v)
	}
	if err := put(t, rb, dbb, "k", "b1"); err != nil {
		t.Fatal(err)
	}
	err := put(t, ra, dba, "k", "a2")
	if !errors.Is(err, ErrFenced) {
		t.Fatalf("old writer's write: %v, want ErrFenced", err)
	}
	a.pool.Release(dba)
	bnode.pool.Release(dbb)
	_, got := restoreTo(t, b, "x", "")
	assertKV(t, got, map[string]string{"k": "b1"})
}

// lax is a bucket that ignores conditions, as some stores do.
type lax struct{ Bucket }

func (l lax) Put(ctx context.Context, key string, body io.ReadSeeker, _ Cond) (string, error) {
	return l.Bucket.Put(ctx, key, body, Cond{})
}

func TestCheckRefusesStoresWithoutConditionalWrites(t *testing.T) {
	b := testBucket(t)
	if err := Check(context.Background(), b); err != nil {
		t.Fatalf("versitygw: %v", err)
	}
	err := Check(context.Background(), lax{b})
	if !errors.Is(err, ErrNoConditionalWrites) || !strings.Contains(err.Error(), "If-None-Match") {
		t.Fatalf("lax store: %v, want ErrNoConditionalWrites naming the check", err)
	}
	_, err = NewStore(context.Background(), Options{Bucket: lax{b}, Mode: ModeDurable})
	if !errors.Is(err, ErrNoConditionalWrites) {
		t.Fatalf("durable store on a lax bucket: %v", err)
	}
}

func clone(m map[string]string) map[string]string {
	c := make(map[string]string, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

func assertKV(t *testing.T, got, want map[string]string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d keys, want %d", len(got), len(want))
	}
	for k, v := range want {
		if got[k] != v {
			t.Fatalf("key %s = %.20q, want %.20q", k, got[k], v)
		}
	}
}

func TestMaintenanceCompactsSnapshotsAndTrims(t *testing.T) {
	b := testBucket(t)
	n := startNode(t, t.TempDir(), b, ModeDurable)
	n.store.compactEvery, n.store.keepUploads = 0, 0
	r, db := n.object("a")
	want := map[string]string{}
	var marks []string
	for i := range 40 {
		k := fmt.Sprint("k", i%13)
		want[k] = strings.Repeat(fmt.Sprint(i), 200)
		if err := put(t, r, db, k, want[k]); err != nil {
			t.Fatal(err)
		}
		bm, _ := r.CurrentBookmark(context.Background(), db)
		marks = append(marks, bm)
	}
	n.pool.Release(db)
	count := func() map[int]int {
		h, err := listHistory(context.Background(), b, r.key)
		if err != nil {
			t.Fatal(err)
		}
		c := map[int]int{}
		for _, f := range h.files {
			c[f.Level]++
		}
		return c
	}
	before := count()
	if err := r.maintain(context.Background(), time.Now()); err != nil {
		t.Fatal(err)
	}
	after := count()
	t.Logf("files by level: before %v, after %v", before, after)
	if after[levelCompact] != 1 || after[levelSnapshot] != 1 || after[levelUpload] != 0 {
		t.Fatalf("after maintenance: files by level %v, want one level-1 file, one snapshot and no level-0 files", after)
	}
	// The latest state and the compaction's end still restore; a state inside the
	// compacted span no longer does.
	_, got := restoreTo(t, b, "a", "")
	assertKV(t, got, want)
	if _, err := Restore(context.Background(), b, "test", "id-a", marks[20], filepath.Join(t.TempDir(), "r.db"), nil); !errors.Is(err, ErrBookmarkGone) {
		t.Fatalf("bookmark inside a compacted span: %v, want ErrBookmarkGone", err)
	}

	// Past the retention period only the newest old snapshot and what follows stay.
	n.store.opts.Retention = time.Millisecond
	time.Sleep(10 * time.Millisecond)
	if err := r.maintain(context.Background(), time.Now()); err != nil {
		t.Fatal(err)
	}
	trimmed := count()
	if trimmed[levelSnapshot] != 1 || trimmed[levelCompact] != 0 {
		t.Fatalf("after retention: files by level %v, want only the newest snapshot", trimmed)
	}
	_, got = restoreTo(t, b, "a", "")
	assertKV(t, got, want)
}

// TestCheckpointsLoseNoFrame writes past the log size at which the replica
// checkpoints, several times over, in both modes: every change reaches the bucket, with
// no snapshot forced by a log restarted behind the replica.
func TestCheckpointsLoseNoFrame(t *testing.T) {
	for _, mode := range []Mode{ModeInterval, ModeDurable} {
		t.Run(mode.String(), func(t *testing.T) {
			b := testBucket(t)
			n := startNode(t, t.TempDir(), b, mode)
			var logs bytes.Buffer
			n.store.log = slog.New(slog.NewTextHandler(&logs, nil))
			r, db := n.object("a")
			want := map[string]string{}
			for i := range 300 {
				k := fmt.Sprint("k", i%150)
				want[k] = fmt.Sprint(i) + strings.Repeat("v", 20_000)
				if err := put(t, r, db, k, want[k]); err != nil {
					t.Fatal(err)
				}
				if i%70 == 0 && mode == ModeInterval {
					if failed := n.store.flush(context.Background(), 0, nil); failed != 0 {
						t.Fatal("upload failed")
					}
				}
			}
			if _, err := r.CurrentBookmark(context.Background(), db); err != nil {
				t.Fatal(err)
			}
			n.pool.Release(db)
			_, got := restoreTo(t, b, "a", "")
			assertKV(t, got, want)
			if strings.Contains(logs.String(), "restarted behind") {
				t.Fatalf("a snapshot was forced:\n%s", logs.String())
			}
		})
	}
}

// TestIntervalUploadsWhenTheObjectCloses: with an interval of an hour, closing the
// database (idle eviction) still sends its changes up at once.
func TestIntervalUploadsWhenTheObjectCloses(t *testing.T) {
	b := testBucket(t)
	n := startNode(t, t.TempDir(), b, ModeInterval)
	r, db := n.object("a")
	if err := put(t, r, db, "k", "v"); err != nil {
		t.Fatal(err)
	}
	n.pool.Release(db)
	n.pool.Evict(n.path("a"))
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		_, err := Restore(context.Background(), b, "test", "id-a", "", filepath.Join(t.TempDir(), "r.db"), nil)
		if err == nil {
			break
		}
		if !errors.Is(err, ErrNoBackup) || time.Now().After(deadline) {
			t.Fatalf("after close: %v", err)
		}
	}
	_, got := restoreTo(t, b, "a", "")
	assertKV(t, got, map[string]string{"k": "v"})
}

// TestNewerEpochWinsARace: an older writer slips an upload in after a newer node took
// the object but before that node's first upload. The newer node's write is refused and
// undone, it reloads the bucket's state (which holds the older writer's acknowledged
// write), and the older writer is fenced at its next write.
func TestNewerEpochWinsARace(t *testing.T) {
	b := testBucket(t)
	a := startNode(t, t.TempDir(), b, ModeDurable)
	a.store.epochCheckEvery = time.Hour // the older writer does not look at the epoch on its own
	ra, dba := a.object("x")
	if err := put(t, ra, dba, "a", "1"); err != nil {
		t.Fatal(err)
	}
	bn := startNode(t, t.TempDir(), b, ModeDurable)
	rb, dbb := bn.object("x") // epoch 2
	if err := put(t, ra, dba, "a", "2"); err != nil {
		t.Fatalf("older writer, before the newer one wrote: %v", err)
	}
	err := put(t, rb, dbb, "b", "1")
	if !errors.Is(err, ErrNotDurable) {
		t.Fatalf("newer node's write over the older writer's file: %v, want ErrNotDurable", err)
	}
	bn.pool.Release(dbb)
	bn.pool.Evict(bn.path("x"))
	rb, dbb = bn.object("x")
	if v, _, _ := dbb.KVGet("a", nil); string(v) != "2" {
		t.Fatalf("newer node after reloading: a=%q, want the older writer's acknowledged 2", v)
	}
	if err := put(t, rb, dbb, "b", "1"); err != nil {
		t.Fatal(err)
	}
	if err := put(t, ra, dba, "a", "3"); !errors.Is(err, ErrFenced) {
		t.Fatalf("older writer after the newer one wrote: %v, want ErrFenced", err)
	}
	a.pool.Release(dba)
	bn.pool.Release(dbb)
	_, got := restoreTo(t, b, "x", "")
	assertKV(t, got, map[string]string{"a": "2", "b": "1"})
}

// TestOlderWriterReadsTheEpoch: a writer that no conflict stops still stops once it
// reads the epoch (every epochCheckEvery).
func TestOlderWriterReadsTheEpoch(t *testing.T) {
	b := testBucket(t)
	a := startNode(t, t.TempDir(), b, ModeDurable)
	a.store.epochCheckEvery = 0
	ra, dba := a.object("x")
	if err := put(t, ra, dba, "a", "1"); err != nil {
		t.Fatal(err)
	}
	bn := startNode(t, t.TempDir(), b, ModeDurable)
	_, dbb := bn.object("x")
	bn.pool.Release(dbb)
	if err := put(t, ra, dba, "a", "2"); !errors.Is(err, ErrFenced) {
		t.Fatalf("older writer after another node took the object: %v, want ErrFenced", err)
	}
	a.pool.Release(dba)
}

// TestBookmarkAtIsTheCommitTime: in interval mode a commit reaches the bucket up to an
// interval after it was made; the bookmark for a time between the commit and its
// upload is the state with that commit.
func TestBookmarkAtIsTheCommitTime(t *testing.T) {
	b := testBucket(t)
	n := startNode(t, t.TempDir(), b, ModeInterval)
	r, db := n.object("a")
	defer n.pool.Release(db)
	if err := put(t, r, db, "k", "A"); err != nil {
		t.Fatal(err)
	}
	at := time.Now()
	time.Sleep(1100 * time.Millisecond) // the upload comes later than at, by more than the store's second
	if failed := n.store.flush(context.Background(), 0, nil); failed != 0 {
		t.Fatal("upload failed")
	}
	withA, err := r.CurrentBookmark(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	if err := put(t, r, db, "k", "B"); err != nil {
		t.Fatal(err)
	}
	if _, err := r.CurrentBookmark(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	got, err := r.BookmarkAt(context.Background(), at)
	if err != nil || got != withA {
		t.Fatalf("bookmark for a time after A's commit, before its upload: %q %v, want %q (the state with A)", got, err, withA)
	}
}

// TestMaintenanceKeepsAtMostMaxKeptUploads: covered level-0 files beyond the newest
// maxKeptUploads go even before keepUploads, and the latest state still restores.
func TestMaintenanceKeepsAtMostMaxKeptUploads(t *testing.T) {
	b := testBucket(t)
	n := startNode(t, t.TempDir(), b, ModeDurable)
	n.store.compactEvery, n.store.maxKeptUploads = 0, 3
	r, db := n.object("a")
	for i := range 10 {
		if err := put(t, r, db, "k", fmt.Sprint("v", i)); err != nil {
			t.Fatal(err)
		}
	}
	n.pool.Release(db)
	if err := r.maintain(context.Background(), time.Now()); err != nil {
		t.Fatal(err)
	}
	h, err := listHistory(context.Background(), b, r.key)
	if err != nil {
		t.Fatal(err)
	}
	uploads := 0
	for _, f := range h.files {
		if f.Level == levelUpload {
			uploads++
		}
	}
	if uploads != 3 {
		t.Fatalf("%d level-0 files kept, want 3", uploads)
	}
	if _, got := restoreTo(t, b, "a", ""); got["k"] != "v9" {
		t.Fatalf("latest: %v", got)
	}
}

// kvOf is every KV pair of an open database.
func kvOf(t *testing.T, db *storage.DB) map[string]string {
	t.Helper()
	var enc abi.Encoder
	if err := db.KVList(storage.ListOptions{}, &enc); err != nil {
		t.Fatal(err)
	}
	d := abi.NewDecoder(enc.Buf)
	n, err := d.ArrayHeader()
	if err != nil {
		t.Fatal(err)
	}
	kv := map[string]string{}
	for range n {
		d.ArrayHeader()
		k, _ := d.String()
		v, err := d.BytesAlias()
		if err != nil {
			t.Fatal(err)
		}
		kv[k] = string(v)
	}
	return kv
}

// fill commits, in one transaction, 200 keys f000..f199 of 100 bytes each: several
// leaf pages, so that a later write of one key rewrites one leaf and leaves the others.
func fill(t *testing.T, r *Replica, db *storage.DB) error {
	t.Helper()
	if err := db.Begin(); err != nil {
		t.Fatal(err)
	}
	for i := range 200 {
		if err := db.KVPut(fmt.Sprintf("f%03d", i), []byte(strings.Repeat("-", 100))); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Commit(); err != nil {
		t.Fatal(err)
	}
	return r.Committed(context.Background(), db, 1)
}

// one writes a 100-byte value to key: it rewrites the key's leaf page only.
func one(t *testing.T, r *Replica, db *storage.DB, key, v string) error {
	t.Helper()
	return put(t, r, db, key, strings.Repeat(v, 100)[:100])
}

// restoreLatest rebuilds the object's latest state from the bucket alone; the
// integrity check of content fails the test if the bucket holds a corrupt database.
func restoreLatest(t *testing.T, b Bucket, name string) (map[string]string, error) {
	t.Helper()
	to := filepath.Join(t.TempDir(), "restored.db")
	if _, err := Restore(context.Background(), b, "test", "id-"+name, "", to, nil); err != nil {
		return nil, err
	}
	db, err := storage.Open(context.Background(), to, storage.Options{})
	if err != nil {
		return nil, err
	}
	defer db.Close()
	if err := db.IntegrityCheck(); err != nil {
		return nil, err
	}
	return kvOf(t, db), nil
}

// stopMatchesBucket releases db, object name's database on n, stops n cleanly (which
// uploads everything) and checks that the bucket's latest state of the object restores
// to what db held.
func stopMatchesBucket(t *testing.T, n *node, db *storage.DB, b Bucket, name string) {
	t.Helper()
	local := kvOf(t, db)
	n.pool.Release(db)
	n.stop()
	got, err := restoreLatest(t, b, name)
	if err != nil {
		t.Fatalf("after a clean stop the bucket's latest state does not restore: %v; local is %s", err, short(local))
	}
	if !sameKV(got, local) {
		t.Fatalf("after a clean stop the bucket's latest state %s differs from the local database %s", short(got), short(local))
	}
}

func sameKV(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// short shows the keys whose values are not the filler "-" values.
func short(m map[string]string) string {
	var parts []string
	for k, v := range m {
		if !strings.HasPrefix(v, "-") {
			parts = append(parts, fmt.Sprintf("%s=%.6s(%d)", k, v, len(v)))
		}
	}
	sort.Strings(parts)
	return fmt.Sprintf("%d keys {%s}", len(m), strings.Join(parts, " "))
}

// big is a value of several pages, so that the pages of one key are not rewritten by
// a commit that writes another.
func big(s string) string { return strings.Repeat(s, 9000) }

// startClaimingNode is a durable node called name whose epochs come from claim
// (Options.Claim), as a cluster node's from etcd.
func startClaimingNode(t *testing.T, b Bucket, name string, claim func() uint64) *node {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	st, err := NewStore(ctx, Options{Bucket: b, Mode: ModeDurable, Interval: time.Hour, Node: name,
		Claim:  func(context.Context, string) (uint64, error) { return claim(), nil },
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	pool := storage.NewPool(0, storage.Options{Replicated: true})
	pool.SetHooks(st)
	n := &node{t: t, dir: t.TempDir(), store: st, pool: pool}
	t.Cleanup(n.stop)
	return n
}

func TestLaterClaimFencesTheEarlierClaimsWriter(t *testing.T) {
	b := testBucket(t)
	a := startClaimingNode(t, b, "a", func() uint64 { return 5 })
	ra, dba := a.object("x")
	if err := put(t, ra, dba, "k", "a1"); err != nil {
		t.Fatal(err)
	}
	bn := startClaimingNode(t, b, "b", func() uint64 { return 9 })
	rb, dbb := bn.object("x") // restores what a wrote, at the later claim's epoch
	if v, _, _ := dbb.KVGet("k", nil); string(v) != "a1" {
		t.Fatalf("the later claim's node sees k=%q, want a1", v)
	}
	if err := put(t, rb, dbb, "k", "b1"); err != nil {
		t.Fatal(err)
	}
	if err := put(t, ra, dba, "k", "a2"); !errors.Is(err, ErrFenced) {
		t.Fatalf("the earlier claim's write: %v, want ErrFenced", err)
	}
	a.pool.Release(dba)
	bn.pool.Release(dbb)
	_, got := restoreTo(t, b, "x", "")
	assertKV(t, got, map[string]string{"k": "b1"})
}

func TestEarlierClaimCannotTakeTheObjectBack(t *testing.T) {
	b := testBucket(t)
	bn := startClaimingNode(t, b, "b", func() uint64 { return 9 })
	rb, dbb := bn.object("x")
	if err := put(t, rb, dbb, "k", "b1"); err != nil {
		t.Fatal(err)
	}
	bn.pool.Release(dbb)
	// A node that was granted the object before b was (a paused node, say) activates it
	// only now: the bucket's epoch is b's.
	a := startClaimingNode(t, b, "a", func() uint64 { return 5 })
	a.store.Track(a.path("x"), "test", "id-x", "x")
	_, err := a.pool.Acquire(context.Background(), a.path("x"))
	if !errors.Is(err, ErrFenced) {
		t.Fatalf("activation under the earlier claim: %v, want ErrFenced", err)
	}
}

func TestClaimedEpochTakesOverFromASingleNode(t *testing.T) {
	b := testBucket(t)
	single := startNode(t, t.TempDir(), b, ModeDurable)
	rs, dbs := single.object("x")
	if err := put(t, rs, dbs, "k", "s1"); err != nil {
		t.Fatal(err)
	}
	// etcd's first revisions are small numbers, below the single node's count: the
	// claimed epoch is still above it.
	c := startClaimingNode(t, b, "c", func() uint64 { return 2 })
	rc, dbc := c.object("x")
	if err := put(t, rc, dbc, "k", "c1"); err != nil {
		t.Fatalf("the cluster node's write: %v", err)
	}
	if err := put(t, rs, dbs, "k", "s2"); !errors.Is(err, ErrFenced) {
		t.Fatalf("the single node's write after the cluster took the object: %v, want ErrFenced", err)
	}
	single.pool.Release(dbs)
	c.pool.Release(dbc)
	_, got := restoreTo(t, b, "x", "")
	assertKV(t, got, map[string]string{"k": "c1"})
}
