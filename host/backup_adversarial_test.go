package host

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/sobjects/sobjects/internal/testbucket"
	"github.com/sobjects/sobjects/plugins"
	"github.com/sobjects/sobjects/storage/backup"
)

// TestAdvRestoredAlarmSurvivesAFailedFirstBatch: an object restored from the bucket
// may hold an alarm the (restored) alarm index does not know: one set after the last
// copy of the index. docs/backup.md: it "is found when its object is next called".
// The restored flag must outlive a first batch that commits nothing (here: its only
// call was canceled before it ran): otherwise no later call puts the alarm in the
// index, and it never fires. (runBatch once cleared the flag before the commit.)
func TestAdvRestoredAlarmSurvivesAFailedFirstBatch(t *testing.T) {
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

// TestAdvIntervalCallsGoOnWithoutTheBucket: docs/backup.md, interval mode, "the bucket
// is unreachable: calls go on; uploads retry and catch up when it returns". But the
// first activation of an object in a process takes its epoch and lists its files in
// the bucket (prepare, in BeforeOpen), and fails without it: every object not yet
// active in this process is unavailable while the bucket is down.
func TestAdvIntervalCallsGoOnWithoutTheBucket(t *testing.T) {
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

// TestAdvCallDeadlineWithAHangingBucket: runBatch acquires the database with
// context.Background(), and the first activation of an object talks to the bucket
// (BeforeOpen → prepare) under that context: with a bucket that accepts connections
// and never answers, the call ignores its own deadline and the engine's call time
// limit, and hangs (holding the object's input gate) until the bucket answers.
// The test waits 10 s for a call whose context ends after 500 ms.
func TestAdvCallDeadlineWithAHangingBucket(t *testing.T) {
	e, px := proxiedEngine(t, backup.ModeInterval)
	mustCall(t, e, "counter", "active", "increment", `{"by":1}`)
	px.Blackhole()
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := e.Call(ctx, "counter", "other", "increment", []byte(`{"by":1}`))
		done <- err
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Error("a call whose context ended after 500 ms (call time limit 2 s) was still running 10 s later: the bucket never answered its object's activation")
		px.Restore() // let the call finish, so the engine can close
		<-done
	}
}
