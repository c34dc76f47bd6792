package splitter

import (
	"encoding/json"
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
	e, err := host.New(ctx, host.Options{DataDir: dir, Durability: storage.DurabilityRelaxed, Backup: st, Logger: quietLog()})
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
