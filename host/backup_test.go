package host

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"

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
	e, err := New(context.Background(), Options{DataDir: dir, Backup: st})
	if err != nil {
		t.Fatal(err)
	}
	return e, st
}
