package host

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/sobjects/sobjects/internal/testbucket"
	"github.com/sobjects/sobjects/storage/backup"
)

// TestAdv2DeleteAsFirstRequestAfterRestart: DELETE /v1/objects/{class}/{name} as the
// first request for an object after the server restarted. The object's replica has
// not taken the epoch in this process (it was never opened), so Replica.Delete's
// epoch check finds the bucket's epoch (the previous process's) "newer than this
// node's 0" and fences the object: the delete fails with 409 fenced after the local
// file was removed, the backup stays, and the object (restored from the bucket in
// interval mode) refuses every call until the next restart, when it is back.
func TestAdv2DeleteAsFirstRequestAfterRestart(t *testing.T) {
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
			e1, err := New(context.Background(), Options{DataDir: dir, Backup: st1})
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
