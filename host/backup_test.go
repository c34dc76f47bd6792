package host

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/internal/testbucket"
	"github.com/sobjects/sobjects/plugins"
	"github.com/sobjects/sobjects/storage/backup"
)

func newBackupEngine(t *testing.T, mode backup.Mode) *Engine {
	t.Helper()
	srv := testbucket.Start(t)
	st, err := backup.NewStore(context.Background(), backup.Options{
		Bucket: backup.NewS3(srv.Client(), srv.Bucket, "host"), Mode: mode, Interval: time.Hour,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	e := newEngine(t, Options{Backup: st})
	t.Cleanup(func() {
		e.Close(context.Background())
		st.Close(context.Background())
	})
	return e
}

// TestBookmarkHostFunctions drives point-in-time recovery from inside a plugin: a
// bookmark, a restore to it at the next activation, and the undo of that restore.
func TestBookmarkHostFunctions(t *testing.T) {
	for _, mode := range []backup.Mode{backup.ModeInterval, backup.ModeDurable} {
		t.Run(mode.String(), func(t *testing.T) {
			e := newBackupEngine(t, mode)
			put := func(v int) {
				mustCall(t, e, "testkit", "o", "sql", fmt.Sprintf(`{"sql":"CREATE TABLE IF NOT EXISTS v(x); DELETE FROM v; INSERT INTO v VALUES (%d)"}`, v))
			}
			get := func() float64 {
				m := mustCall(t, e, "testkit", "o", "sql", `{"sql":"SELECT x FROM v"}`)
				return m["rows"].([]any)[0].([]any)[0].(float64)
			}
			put(1)
			old := mustCall(t, e, "testkit", "o", "bookmark_current", "")["bookmark"].(string)
			put(2)
			undo := mustCall(t, e, "testkit", "o", "bookmark_restore", fmt.Sprintf(`{"bookmark":%q}`, old))["undo"].(string)
			if undo <= old {
				t.Fatalf("undo bookmark %q does not sort after %q", undo, old)
			}
			if got := get(); got != 1 {
				t.Fatalf("after restoring to %s: x=%v, want 1", old, got)
			}
			mustCall(t, e, "testkit", "o", "bookmark_restore", fmt.Sprintf(`{"bookmark":%q}`, undo))
			if got := get(); got != 2 {
				t.Fatalf("after undoing the restore: x=%v, want 2", got)
			}
			at := mustCall(t, e, "testkit", "o", "bookmark_for_time", fmt.Sprintf(`{"at_ms":%d}`, time.Now().Add(time.Minute).UnixMilli()))["bookmark"].(string)
			if at < undo {
				t.Fatalf("bookmark for now %q is before %q", at, undo)
			}
			_, err := callJSON(t, e, "testkit", "o", "bookmark_restore", `{"bookmark":"not-a-bookmark"}`)
			wantCode(t, err, abi.CodeBadInput)
			_, err = callJSON(t, e, "testkit", "o", "bookmark_restore", `{"bookmark":"00000000000fffff"}`)
			wantCode(t, err, abi.CodeNotFound)
			_, err = callJSON(t, e, "testkit", "o", "bookmark_for_time", `{"at_ms":1000}`)
			wantCode(t, err, abi.CodeNotFound)
			// The engine's own methods (behind the HTTP routes) agree.
			b, err := e.Bookmark(context.Background(), "testkit", "o")
			if err != nil || b < at {
				t.Fatalf("Engine.Bookmark: %q %v", b, err)
			}
		})
	}
}

func TestBookmarksWithoutBucket(t *testing.T) {
	e := newEngine(t, Options{})
	_, err := callJSON(t, e, "testkit", "o", "bookmark_current", "")
	wantCode(t, err, abi.CodeUnavailable)
	if _, err := e.Bookmark(context.Background(), "testkit", "o"); err == nil || !strings.Contains(err.Error(), "--backup-bucket") {
		t.Fatalf("Engine.Bookmark without a bucket: %v, want a message naming --backup-bucket", err)
	}
}

// TestDataDirLossKeepsClassesObjectsAndAlarms loses the whole data directory between
// two runs of an engine backed up in durable mode: the classes, the object and its
// pending alarm all come back from the bucket, and the alarm fires.
func TestDataDirLossKeepsClassesObjectsAndAlarms(t *testing.T) {
	srv := testbucket.Start(t)
	bucket := backup.NewS3(srv.Client(), srv.Bucket, "loss")
	start := func(dir string) (*Engine, *backup.Store) { return startDurable(t, bucket, dir, "") }
	dir := t.TempDir()
	e, st := start(dir)
	wasm, _ := plugins.Wasm("testkit")
	if _, err := e.Deploy(context.Background(), "kit", wasm); err != nil {
		t.Fatal(err)
	}
	mustCall(t, e, "kit", "a", "kv_put_size", `{"size":100}`)
	at := time.Now().Add(1500 * time.Millisecond).UnixMilli()
	mustCall(t, e, "kit", "a", "alarm_set", fmt.Sprintf(`{"at_ms":%d}`, at))
	e.Close(context.Background())
	st.Close(context.Background())
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}

	e, st = start(dir)
	defer func() {
		e.Close(context.Background())
		st.Close(context.Background())
	}()
	if _, err := e.reg.info("kit"); err != nil {
		t.Fatalf("class after the data dir was lost: %v", err)
	}
	// The alarm fires without any call to the object: the index came back too.
	deadline := time.Now().Add(20 * time.Second)
	for {
		a, ok, err := e.alarms.index.Get(ObjectID("kit", "a"))
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			break // delivered and cleared
		}
		if time.Now().After(deadline) {
			t.Fatalf("alarm at %d still pending", a.At)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if out := mustCall(t, e, "kit", "a", "alarm_fires", ""); out["fires"] != 1.0 {
		t.Fatalf("alarm fired %v times, want 1", out["fires"])
	}
}

func TestBookmarkOfAnObjectWithNoData(t *testing.T) {
	e := newBackupEngine(t, backup.ModeInterval)
	_, err := e.Bookmark(context.Background(), "counter", "never")
	wantCode(t, err, abi.CodeNotFound)
	if info, err := e.Describe("counter", "never"); err != nil || info.Exists {
		t.Fatalf("describe after the bookmark request: %+v %v, want no database created", info, err)
	}
}

// startDurable starts an engine over dir backed up to bucket in durable mode; the
// caller closes both. node "" means the host name.
func startDurable(t *testing.T, bucket backup.Bucket, dir, node string) (*Engine, *backup.Store) {
	t.Helper()
	st, err := backup.NewStore(context.Background(), backup.Options{
		Bucket: bucket, Mode: backup.ModeDurable, Interval: time.Hour, Node: node,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	e, err := New(context.Background(), Options{DataDir: dir, CompilationCacheDir: testCompilationCache, Backup: st})
	if err != nil {
		t.Fatal(err)
	}
	return e, st
}

// TestRestoredAlarmSurvivesAFailedFirstBatch: an object restored from the bucket may
// hold an alarm the (restored) alarm index does not know: one set after the last copy of
// the index. docs/backup.md: it "is found when its object is next called". The restored
// flag must outlive a first batch that commits nothing (here: its only call was canceled
// before it ran), or no later call puts the alarm in the index and it never fires.
// (runBatch once cleared the flag before the commit.)
func TestRestoredAlarmSurvivesAFailedFirstBatch(t *testing.T) {
	srv := testbucket.Start(t)
	bucket := backup.NewS3(srv.Client(), srv.Bucket, "adv")
	start := func(dir string) (*Engine, *backup.Store) { return startDurable(t, bucket, dir, "n1") }
	dir := t.TempDir()
	e, st := start(dir)
	wasm, _ := plugins.Wasm("testkit")
	if _, err := e.Deploy(context.Background(), "kit", wasm); err != nil {
		t.Fatal(err)
	}
	at := time.Now().Add(time.Hour).UnixMilli()
	mustCall(t, e, "kit", "a", "alarm_set", fmt.Sprintf(`{"at_ms":%d}`, at))
	e.Close(context.Background())
	st.Close(context.Background())
	// The alarm was set after the last copy of the index (at most an interval ago).
	if err := bucket.Delete(context.Background(), st.NodeKey("alarms.db")); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(dir); err != nil { // the data directory is lost
		t.Fatal(err)
	}

	e, st = start(dir)
	defer func() {
		e.Close(context.Background())
		st.Close(context.Background())
	}()
	// The first call to the object restores it, but its batch commits nothing: the
	// caller gave up before it ran.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := e.Call(ctx, "kit", "a", "alarm_fires", nil); err == nil {
		t.Fatal("a canceled call succeeded")
	}
	mustCall(t, e, "kit", "a", "alarm_fires", "")
	a, ok, err := e.alarms.index.Get(ObjectID("kit", "a"))
	if err != nil {
		t.Fatal(err)
	}
	if !ok || a.At != at {
		t.Fatalf("after the object was restored and called: alarm index %+v %v, want the object's alarm at %d", a, ok, at)
	}
}

// proxiedEngine is an engine backed up through a toxiproxy in front of versitygw.
func proxiedEngine(t *testing.T, mode backup.Mode) (*Engine, *testbucket.Proxy) {
	t.Helper()
	srv := testbucket.Start(t)
	px := testbucket.StartProxy(t, srv.Addr)
	client := srv.ClientAt(px.URL(), func(o *s3.Options) { o.RetryMaxAttempts = 1 })
	st, err := backup.NewStore(context.Background(), backup.Options{
		Bucket: backup.NewS3(client, srv.Bucket, "adv"), Mode: mode, Interval: time.Hour,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	e := newEngine(t, Options{Backup: st, CallTimeout: 2 * time.Second})
	t.Cleanup(func() {
		px.Restore()
		e.Close(context.Background())
		st.Close(context.Background())
	})
	return e, px
}

// TestIntervalObjectsWithALocalCopyGoOnWithoutTheBucket: docs/backup.md, interval mode:
// "the bucket is unreachable: calls go on; uploads retry and catch up when it returns".
// Objects with a local copy, active or idle (closed), answer while the bucket is down;
// an object with no local copy might be in the bucket, so it waits for the bucket
// (ErrUnavailable) rather than start empty, and works once the bucket is back. (The
// first activation of an object in a process once needed the bucket, so every object not
// yet active was unavailable.)
func TestIntervalObjectsWithALocalCopyGoOnWithoutTheBucket(t *testing.T) {
	e, px := proxiedEngine(t, backup.ModeInterval)
	mustCall(t, e, "counter", "active", "increment", `{"by":1}`)
	mustCall(t, e, "counter", "idle", "increment", `{"by":1}`)
	e.evictIdle(time.Now().Add(time.Hour)) // both close: their next calls open them again
	px.Down()
	mustCall(t, e, "counter", "active", "increment", `{"by":1}`) // an object with a local copy goes on
	if got := mustCall(t, e, "counter", "idle", "get", ``); got["value"] != 1.0 {
		t.Fatalf("idle object reopened with the bucket down: %v", got)
	}
	// An object with no local copy might be in the bucket: it waits for the bucket
	// (docs/backup.md) rather than start empty.
	if _, err := callJSON(t, e, "counter", "other", "increment", `{"by":1}`); !errors.Is(err, backup.ErrUnavailable) {
		t.Fatalf("interval mode, bucket down, an object with no local copy: %v, want ErrUnavailable", err)
	}
	px.Restore()
	mustCall(t, e, "counter", "other", "increment", `{"by":1}`)
}

// TestDeleteAsTheFirstRequestAfterARestart: DELETE /v1/objects/{class}/{name} as the
// first request for an object after the server restarted deletes it: the next call finds
// it empty. The object's replica has not taken the epoch in this process (it was never
// opened); Replica.Delete's epoch check once took the bucket's epoch (the previous
// process's) for a newer node's and fenced the object: the delete failed with 409 fenced
// after the local file was removed, and the object, restored from the bucket, refused
// every call until the next restart.
func TestDeleteAsTheFirstRequestAfterARestart(t *testing.T) {
	for _, mode := range []backup.Mode{backup.ModeInterval, backup.ModeDurable} {
		t.Run(mode.String(), func(t *testing.T) {
			srv := testbucket.Start(t)
			bucket := backup.NewS3(srv.Client(), srv.Bucket, "adv2")
			dir := t.TempDir()
			start := func() (*Engine, *backup.Store) {
				st, err := backup.NewStore(context.Background(), backup.Options{
					Bucket: bucket, Mode: mode, Interval: time.Hour, Node: "n1",
					Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
				})
				if err != nil {
					t.Fatal(err)
				}
				e := newEngine(t, Options{DataDir: dir, Backup: st})
				t.Cleanup(func() {
					e.Close(context.Background())
					st.Close(context.Background())
				})
				return e, st
			}
			st1, err := backup.NewStore(context.Background(), backup.Options{
				Bucket: bucket, Mode: mode, Interval: time.Hour, Node: "n1",
				Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
			})
			if err != nil {
				t.Fatal(err)
			}
			e1, err := New(context.Background(), Options{DataDir: dir, CompilationCacheDir: testCompilationCache, Backup: st1})
			if err != nil {
				t.Fatal(err)
			}
			deploy(t, e1, "counter", "counter")
			mustCall(t, e1, "counter", "a", "increment", `{"by":5}`)
			e1.Close(context.Background()) // a clean stop
			st1.Close(context.Background())

			e, _ := start()
			if err := e.Delete(context.Background(), "counter", "a"); err != nil {
				t.Errorf("DELETE as the first request after a restart: %v", err)
			}
			got, err := callJSON(t, e, "counter", "a", "get", ``)
			if err != nil {
				t.Fatalf("a call to the deleted object: %v", err)
			}
			if got["value"] != 0.0 {
				t.Fatalf("the deleted object came back: %v", got)
			}
		})
	}
}
