package splitter

import (
	"encoding/json"
	"io"
	"log/slog"
	"os"
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
	open := func() (*host.Engine, *Splitter, *backup.Store) {
		st, err := backup.NewStore(ctx, backup.Options{
			Bucket: backup.NewS3(srv.Client(), srv.Bucket, "split"), Mode: backup.ModeDurable, Interval: time.Hour,
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		})
		if err != nil {
			t.Fatal(err)
		}
		e, err := host.New(ctx, host.Options{DataDir: dir, Durability: storage.DurabilityRelaxed, Backup: st})
		if err != nil {
			t.Fatal(err)
		}
		wasm, _ := plugins.Wasm("ledger")
		if err := e.DeployIfAbsent(ctx, "ledger", wasm); err != nil {
			t.Fatal(err)
		}
		s, err := New(e, Options{Default: Policy{Disabled: true}})
		if err != nil {
			t.Fatal(err)
		}
		return e, s, st
	}
	closeAll := func(e *host.Engine, s *Splitter, st *backup.Store) {
		s.Close()
		e.Close(ctx)
		st.Close(ctx)
	}
	e, s, st := open()
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
	closeAll(e, s, st)
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}

	e, s, st = open()
	defer closeAll(e, s, st)
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
