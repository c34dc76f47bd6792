package splitter

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/internal/testbucket"
	"github.com/sobjects/sobjects/plugins"
	"github.com/sobjects/sobjects/storage"
	"github.com/sobjects/sobjects/storage/backup"
)

// A split under durable backups: the new leaf is a new object in the bucket, and after
// the data directory is lost every key comes back from the bucket on the leaf that
// owns it.
func TestSplitWithDurableBackup(t *testing.T) {
	srv := testbucket.Start(t)
	dir := t.TempDir()
	b := openBacked(t, srv, dir, backup.ModeDurable)
	s := b.s
	keys := keysN("d", 100)
	c := s.Client()
	if _, err := c.Call(ctx, "ledger", "acct", "add", Request{Keys: keys, Payloads: repeat(raw(5), len(keys))}); err != nil {
		t.Fatal(err)
	}
	if err := s.Split(ctx, "ledger", "acct", ""); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Call(ctx, "ledger", "acct", "add", Request{Keys: keys, Payloads: repeat(raw(1), len(keys))}); err != nil {
		t.Fatal(err)
	}
	b.close()
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}

	s = openBacked(t, srv, dir, backup.ModeDurable).s
	for k, v := range get(t, s.Client(), "acct", keys) {
		var n int
		if json.Unmarshal(v, &n); n != 6 {
			t.Fatalf("key %s = %s after the disk loss, want 6", k, v)
		}
	}
	if n := len(leaves(t, s, "acct")); n != 2 {
		t.Fatalf("%d leaves after the disk loss, want 2", n)
	}
}

// backedEngine is an engine and Splitter over dir with backups to srv's bucket.
type backedEngine struct {
	e  *host.Engine
	s  *Splitter
	st *backup.Store
}

func openBacked(t *testing.T, srv *testbucket.Server, dir string, mode backup.Mode) *backedEngine {
	t.Helper()
	st, err := backup.NewStore(ctx, backup.Options{
		Bucket: backup.NewS3(srv.Client(), srv.Bucket, "split2"), Mode: mode, Interval: time.Hour,
		Logger: quietLog(),
	})
	if err != nil {
		t.Fatal(err)
	}
	e, err := host.New(ctx, host.Options{DataDir: dir, CompilationCacheDir: testCompilationCache,
		Durability: storage.DurabilityRelaxed, Backup: st, Logger: quietLog()})
	if err != nil {
		t.Fatal(err)
	}
	wasm, _ := plugins.Wasm("ledger")
	if err := e.DeployIfAbsent(ctx, "ledger", wasm); err != nil {
		t.Fatal(err)
	}
	s, err := New(e, Options{Default: Policy{Disabled: true}, Logger: quietLog()})
	if err != nil {
		t.Fatal(err)
	}
	b := &backedEngine{e: e, s: s, st: st}
	t.Cleanup(b.close)
	return b
}

func (b *backedEngine) close() {
	if b.e == nil {
		return
	}
	b.s.Close()
	b.e.Close(ctx)
	b.st.Close(ctx)
	b.e = nil
}

// Several splits with backups on (both modes), then the data directory is lost:
// every key comes back from the bucket on the leaf that owns it, the leaves are as
// before, and they split again.
func TestSplitLeavesComeBackAfterDiskLoss(t *testing.T) {
	for _, mode := range []backup.Mode{backup.ModeDurable, backup.ModeInterval} {
		t.Run(fmt.Sprint(mode), func(t *testing.T) {
			srv := testbucket.Start(t)
			dir := t.TempDir()
			b := openBacked(t, srv, dir, mode)
			keys := keysN("dl", 200)
			want := map[string]int64{}
			c := b.s.Client()
			if _, err := c.Call(ctx, "ledger", "acct", "add", Request{Keys: keys, Payloads: repeat(raw(5), len(keys))}); err != nil {
				t.Fatal(err)
			}
			for _, bits := range []string{"", "0", "1", "01"} {
				if err := b.s.Split(ctx, "ledger", "acct", bits); err != nil {
					t.Fatalf("split %q: %v", bits, err)
				}
			}
			if _, err := c.Call(ctx, "ledger", "acct", "add", Request{Keys: keys, Payloads: repeat(raw(1), len(keys))}); err != nil {
				t.Fatal(err)
			}
			for _, k := range keys {
				want[k] = 6
			}
			waitCleanup(t, b.s, "acct")
			b.close()
			if err := os.RemoveAll(dir); err != nil {
				t.Fatal(err)
			}

			b = openBacked(t, srv, dir, mode)
			// GET .../_leaves first, before any call has brought a database back.
			info, err := b.s.Describe(ctx, "ledger", "acct")
			if err != nil {
				t.Errorf("describe after the disk loss: %v", err)
			} else if rows, bits := sumRows(info); strings.Join(bits, ",") != "00,010,011,10,11" || rows != int64(len(keys)) {
				t.Errorf("describe after the disk loss: leaves %v with %d rows, want 00,010,011,10,11 with %d", bits, rows, len(keys))
			}
			reportErrs(t, "after the disk loss", checkSums(b.s, "acct", keys, want))
			if err := b.s.Split(ctx, "ledger", "acct", "011"); err != nil {
				t.Errorf("split of leaf 011 (object acct~011) after the disk loss: %v", err)
			}
			reportErrs(t, "after a split on the restored leaves", checkSums(b.s, "acct", keys, want))
		})
	}
}

// Durable mode: a split stops right after its switch (a crash), and the data
// directory is lost. Every write was acknowledged only once the bucket had it, so
// every key must come back: the switch is in the bucket, so the new leaf must be too.
func TestDurableCrashAfterSwitchThenDiskLossKeepsEveryKey(t *testing.T) {
	srv := testbucket.Start(t)
	dir := t.TempDir()
	b := openBacked(t, srv, dir, backup.ModeDurable)
	keys := keysN("cs", 100)
	want := map[string]int64{}
	if _, err := b.s.Client().Call(ctx, "ledger", "acct", "add", Request{Keys: keys, Payloads: repeat(raw(3), len(keys))}); err != nil {
		t.Fatal(err)
	}
	for _, k := range keys {
		want[k] = 3
	}
	b.s.crashAt = func(st int) bool { return st == stepSwitched }
	if err := b.s.Split(ctx, "ledger", "acct", ""); !errors.Is(err, errCrash) {
		t.Fatalf("split: %v", err)
	}
	b.close()
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	b = openBacked(t, srv, dir, backup.ModeDurable)
	reportErrs(t, "after the crash and the disk loss", checkSums(b.s, "acct", keys, want))
}

// Point-in-time restore (RestoreBookmark, POST .../_restore, and the plugin's
// bookmark_restore) of the root of an object that split since the bookmark: no key may
// then be served by two leaves with two values (a fresh client and one that knew the
// split must read the same thing).
func TestRestoreBookmarkAcrossSplitServesEachKeyOnce(t *testing.T) {
	srv := testbucket.Start(t)
	b := openBacked(t, srv, t.TempDir(), backup.ModeDurable)
	keys := keysN("rb", 60)
	knew := b.s.Client()
	if _, err := knew.Call(ctx, "ledger", "acct", "add", Request{Keys: keys, Payloads: repeat(raw(1), len(keys))}); err != nil {
		t.Fatal(err)
	}
	bm, err := b.e.Bookmark(ctx, "ledger", "acct")
	if err != nil {
		t.Fatal(err)
	}
	if err := b.s.Split(ctx, "ledger", "acct", ""); err != nil {
		t.Fatal(err)
	}
	if _, err := knew.Call(ctx, "ledger", "acct", "add", Request{Keys: keys, Payloads: repeat(raw(1), len(keys))}); err != nil {
		t.Fatal(err)
	}
	_, rerr := b.e.RestoreBookmark(ctx, "ledger", "acct", bm)
	t.Logf("restore of the root to a bookmark before the split: %v", rerr)
	if rerr != nil {
		return // refused: nothing changed
	}
	a, errA := knew.Call(ctx, "ledger", "acct", "get", Request{Keys: keys})
	f, errF := b.s.Client().Call(ctx, "ledger", "acct", "get", Request{Keys: keys})
	if errA != nil || errF != nil {
		t.Logf("reads after the restore: %v / %v", errA, errF)
		return
	}
	byKey := func(res []LeafResult) map[string]string {
		m := map[string]string{}
		for _, r := range res {
			var vals []json.RawMessage
			json.Unmarshal(r.Output, &vals)
			for i, p := range r.Positions {
				m[keys[p]] = r.Leaf + "=" + string(vals[i])
			}
		}
		return m
	}
	ma, mf := byKey(a), byKey(f)
	bad := 0
	for _, k := range keys {
		if ma[k] != mf[k] {
			if bad++; bad <= 3 {
				t.Errorf("key %q after the restore: leaf=value %s through a client that knew the split, %s through a fresh one", k, ma[k], mf[k])
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d keys served by two leaves after the restore", bad, len(keys))
	}
}

// Interval mode bounds what a crash loses to the changes of the last interval.
// A split switches, an upload round takes the parent's new state (here forced with a
// bookmark) before it takes the new leaf's first state, and the process dies (its data
// directory lost): keys written long before the split, and uploaded then, must not be
// lost with it.
func TestIntervalCrashAfterParentUploadKeepsOldKeys(t *testing.T) {
	srv := testbucket.Start(t)
	dir := t.TempDir()
	b := openBacked(t, srv, dir, backup.ModeInterval)
	keys := keysN("ic", 100)
	want := map[string]int64{}
	if _, err := b.s.Client().Call(ctx, "ledger", "acct", "add", Request{Keys: keys, Payloads: repeat(raw(3), len(keys))}); err != nil {
		t.Fatal(err)
	}
	for _, k := range keys {
		want[k] = 3
	}
	// Every write is in the bucket before the split.
	if _, err := b.e.Bookmark(ctx, "ledger", "acct"); err != nil {
		t.Fatal(err)
	}
	if err := b.s.Split(ctx, "ledger", "acct", ""); err != nil {
		t.Fatal(err)
	}
	// An upload round reaches the parent first.
	if _, err := b.e.Bookmark(ctx, "ledger", "acct"); err != nil {
		t.Fatal(err)
	}
	// The crash: nothing more is uploaded by this process (its engine is closed only
	// at the end of the test, fenced by the next one), and the disk is lost.
	crashed := *b
	b.e = nil // not closed by openBacked's cleanup
	t.Cleanup(func() {
		crashed.s.Close()
		cctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		defer cancel()
		crashed.e.Close(cctx)
		crashed.st.Close(cctx)
	})
	dir2 := t.TempDir()
	b2 := openBacked(t, srv, dir2, backup.ModeInterval)
	reportErrs(t, "after the crash and the disk loss", checkSums(b2.s, "acct", keys, want))
}

// A split with backups on while both halves take writes (durable: each write is
// uploaded before it is acknowledged; interval), then the data directory is lost:
// every acknowledged write comes back from the bucket on the leaf that owns it.
func TestBackedSplitUnderWritesSurvivesDiskLoss(t *testing.T) {
	srv := testbucket.Start(t)
	for _, mode := range []backup.Mode{backup.ModeDurable, backup.ModeInterval} {
		t.Run(fmt.Sprint("mode", mode), func(t *testing.T) {
			dir := t.TempDir()
			b := openBacked(t, srv, dir, mode)
			name := fmt.Sprint("bk", mode)
			keys := keysN("b", 120)
			m := newModel3()
			seed3(t, m, b.s.Client(), name, keys)
			var ws []*w3
			for i, ks := range splitKeys3(keys, 2) {
				ws = append(ws, &w3{id: i, keys: ks, c: b.s.Client()})
			}
			splitUnderWrites3(t, b.s, m, name, "", ws, 6, nil)
			m.check(t, b.s, name, keys)
			integrity3(t, b.e, b.s, name)
			b.close()
			if err := os.RemoveAll(dir); err != nil {
				t.Fatal(err)
			}
			b2 := openBacked(t, srv, dir, mode)
			m.check(t, b2.s, name, keys)
			if info := leaves(t, b2.s, name); len(info) != 2 {
				t.Errorf("leaves %+v after the disk loss, want 2", info)
			}
			integrity3(t, b2.e, b2.s, name)
		})
	}
}
