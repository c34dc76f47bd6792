package splitter

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/plugins"
	"github.com/sobjects/sobjects/storage"
)

// deployAs deploys the plugin named plugin (package plugins) as class.
func deployAs(t *testing.T, e *host.Engine, class, plugin string) {
	t.Helper()
	wasm, err := plugins.Wasm(plugin)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Deploy(ctx, class, wasm); err != nil {
		t.Fatalf("deploy %s as %s: %v", plugin, class, err)
	}
}

// putKeys writes keys through c to the splittable object name of class, each with
// the value 7.
func putKeys(t *testing.T, c *Client, class, name string, keys []string) {
	t.Helper()
	if _, err := c.Call(ctx, class, name, "put", Request{Keys: keys, Payloads: repeat(raw(7), len(keys))}); err != nil {
		t.Fatal(err)
	}
}

// checkKeys reads keys through c and fails unless each has the value 7.
func checkKeys(t *testing.T, c *Client, class, name string, keys []string) {
	t.Helper()
	res, err := c.Call(ctx, class, name, "get", Request{Keys: keys})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, r := range res {
		var vals []json.RawMessage
		if err := json.Unmarshal(r.Output, &vals); err != nil {
			t.Fatal(err)
		}
		for _, v := range vals {
			if string(v) != "7" {
				t.Fatalf("leaf %q answered %s, want 7", r.Leaf, v)
			}
			n++
		}
	}
	if n != len(keys) {
		t.Fatalf("%d of %d keys answered", n, len(keys))
	}
}

// ordinaryData makes the ordinary object name of class (testkit) hold a table row and
// a KV entry.
func ordinaryData(t *testing.T, e *host.Engine, class, name string) {
	t.Helper()
	for _, c := range []struct{ method, input string }{
		{"sql", `{"sql": "CREATE TABLE t (v TEXT); INSERT INTO t VALUES ('precious')"}`},
		{"kv_put_size", `{"size": 3}`},
	} {
		if _, err := e.Call(ctx, class, name, c.method, []byte(c.input)); err != nil {
			t.Fatalf("%s on %s: %v", c.method, name, err)
		}
	}
}

// checkOrdinaryFile opens the database file of the object name of class, after the
// engine closed, and fails unless it still holds what ordinaryData wrote.
func checkOrdinaryFile(t *testing.T, dir, class, name string) {
	t.Helper()
	db, err := storage.Open(ctx, dbPath(dir, class, name), storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if v, ok, err := db.KVGet("big", nil); err != nil || !ok || len(v) != 3 {
		t.Errorf("object %s: KV entry big is %v found=%v err=%v, want 3 bytes", name, v, ok, err)
	}
	if data, err := db.HoldsData(); err != nil || !data {
		t.Fatalf("object %s holds no data (%v)", name, err)
	}
	if l, err := db.Leaf(); err != nil || l.Bits != "" {
		t.Errorf("object %s holds leaf %q (%v): a leaf's database replaced it", name, l.Bits, err)
	}
}

// A class deployed first as an ordinary class has an object named as a leaf was named
// (acct~1); the class then becomes splittable and acct splits: the new leaf goes
// elsewhere, and the ordinary object's data stays.
func TestSplitAfterOrdinaryObjectWithLeafLikeNameKeepsIt(t *testing.T) {
	dir := t.TempDir()
	e, s := newEngine(t, dir, Policy{})
	deployAs(t, e, "bank", "testkit")
	ordinaryData(t, e, "bank", "acct~1")
	deployAs(t, e, "bank", "ledger")
	c := s.Client()
	keys := keysN("k", 64)
	putKeys(t, c, "bank", "acct", keys)
	if err := s.Split(ctx, "bank", "acct", ""); err != nil {
		t.Fatal(err)
	}
	checkKeys(t, c, "bank", "acct", keys)
	if n := len(leavesOf(t, s, "bank", "acct")); n != 2 {
		t.Fatalf("%d leaves after the split, want 2", n)
	}
	s.Close()
	e.Close(ctx)
	checkOrdinaryFile(t, dir, "bank", "acct~1")
}

func leavesOf(t *testing.T, s *Splitter, class, name string) []LeafInfo {
	t.Helper()
	info, err := s.Describe(ctx, class, name)
	if err != nil {
		t.Fatal(err)
	}
	return info
}

// A class deployed first as splittable has a leaf; the class then becomes an ordinary
// one: a call to the leaf's name is refused, and an object with the old leaf-like name
// is a database of its own. Deployed splittable again, the leaves serve their keys.
func TestOrdinaryCallCannotReachALeaf(t *testing.T) {
	dir := t.TempDir()
	e, s := newEngine(t, dir, Policy{})
	deployAs(t, e, "bank", "ledger")
	c := s.Client()
	keys := keysN("k", 64)
	putKeys(t, c, "bank", "acct", keys)
	if err := s.Split(ctx, "bank", "acct", ""); err != nil {
		t.Fatal(err)
	}
	leaf := LeafObject("acct", "1")
	deployAs(t, e, "bank", "testkit")
	if _, err := e.Call(ctx, "bank", leaf, "sql", []byte(`{"sql": "DELETE FROM t"}`)); !errors.Is(err, host.ErrInvalidName) {
		t.Fatalf("ordinary call to the leaf's object %q: %v, want ErrInvalidName", leaf, err)
	}
	if _, err := e.Run(ctx, "bank", leaf, func(*host.Tx) ([]byte, error) { return nil, nil }); !errors.Is(err, host.ErrInvalidName) {
		t.Fatalf("Run on the leaf's object %q of an ordinary class: %v, want ErrInvalidName", leaf, err)
	}
	out, err := e.Call(ctx, "bank", "acct~1", "sql", []byte(`{"sql": "SELECT count(*) FROM sqlite_master WHERE name LIKE '%leaf%'"}`))
	if err != nil {
		t.Fatal(err)
	}
	var r struct{ Rows [][]int64 }
	if err := json.Unmarshal(out, &r); err != nil || len(r.Rows) != 1 || r.Rows[0][0] != 0 {
		t.Fatalf("ordinary object acct~1 sees %s (%v): it opened a leaf's database", out, err)
	}
	deployAs(t, e, "bank", "ledger")
	checkKeys(t, c, "bank", "acct", keys)
}

// An object where a split's new leaf would go holds data that no split wrote: the
// split refuses, and the data and every key stay.
func TestSplitRefusesLeafObjectHoldingForeignData(t *testing.T) {
	dir := t.TempDir()
	e, s := newEngine(t, dir, Policy{})
	c := s.Client()
	keys := keysN("k", 64)
	putKeys(t, c, "ledger", "acct", keys)
	if _, err := e.Run(ctx, "ledger", LeafObject("acct", "1"), func(tx *host.Tx) ([]byte, error) {
		return nil, tx.DB().KVPut("mine", []byte("foreign"))
	}); err != nil {
		t.Fatal(err)
	}
	err := s.Split(ctx, "ledger", "acct", "")
	if !errors.Is(err, ErrForeignData) {
		t.Fatalf("split onto an object holding data: %v, want ErrForeignData", err)
	}
	checkKeys(t, c, "ledger", "acct", keys)
	if n := len(leavesOf(t, s, "ledger", "acct")); n != 1 {
		t.Fatalf("%d leaves after the refused split, want 1", n)
	}
	var v []byte
	if _, err := e.Run(ctx, "ledger", LeafObject("acct", "1"), func(tx *host.Tx) ([]byte, error) {
		var err error
		v, _, err = tx.DB().KVGet("mine", nil)
		return nil, err
	}); err != nil || string(v) != "foreign" {
		t.Fatalf("the foreign object's KV entry after the refused split: %q %v", v, err)
	}
}

// A data directory whose leaves an earlier version named name~bits still serves them,
// splits them further, and deletes them.
func TestLegacyLeafNamesStillServe(t *testing.T) {
	dir := t.TempDir()
	e, s := newEngine(t, dir, Policy{})
	c := s.Client()
	keys := keysN("k", 64)
	putKeys(t, c, "ledger", "acct", keys)
	if err := s.Split(ctx, "ledger", "acct", ""); err != nil {
		t.Fatal(err)
	}
	s.Close()
	e.Close(ctx)
	// The layout of the earlier version: the leaf's file under the id of acct~1.
	from, to := dbPath(dir, "ledger", LeafObject("acct", "1")), dbPath(dir, "ledger", "acct~1")
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(from, to); err != nil {
		t.Fatal(err)
	}
	e, s = newEngine(t, dir, Policy{})
	c = s.Client()
	checkKeys(t, c, "ledger", "acct", keys)
	if err := s.Split(ctx, "ledger", "acct", "1"); err != nil {
		t.Fatalf("split of the legacy leaf 1: %v", err)
	}
	checkKeys(t, c, "ledger", "acct", keys)
	var objs []string
	for _, l := range leavesOf(t, s, "ledger", "acct") {
		objs = append(objs, l.Object)
	}
	if want := []string{"acct", "acct~1", LeafObject("acct", "11")}; !slices.Equal(objs, want) {
		t.Fatalf("leaf objects %q, want %q", objs, want)
	}
	if err := s.Delete(ctx, "ledger", "acct"); err != nil {
		t.Fatal(err)
	}
	for _, obj := range objs {
		if hasDB(e, "ledger", obj) {
			t.Errorf("object %s has a database after the delete", obj)
		}
	}
}
