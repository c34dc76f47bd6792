package storage

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// A database made by sobjects before the host's tables took workerd's prefix _cf_
// (testdata/storage/old-names/object.db: KV entries, an alarm, a keyed row, a leaf
// record and a plugin table, written by the old code) opens with its tables renamed
// and its data all there.
func TestOpenRenamesOldTables(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "storage", "old-names", "object.db"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "o.db")
	if err := os.WriteFile(path, src, 0o600); err != nil {
		t.Fatal(err)
	}
	for open := range 2 { // the second open finds nothing left to rename
		db, err := Open(context.Background(), path, Options{Durability: DurabilityRelaxed})
		if err != nil {
			t.Fatalf("open %d: %v", open, err)
		}
		if v, ok, err := db.KVGet("greeting", nil); err != nil || !ok || string(v) != "hello" {
			t.Fatalf("open %d: kv greeting %q %v %v", open, v, ok, err)
		}
		if at, err := db.AlarmGet(); err != nil || at != 1700000000000 {
			t.Fatalf("open %d: alarm %d %v", open, at, err)
		}
		if v, ok, err := db.KeyedGet("k1", nil); err != nil || !ok || string(v) != "v1" {
			t.Fatalf("open %d: keyed k1 %q %v %v", open, v, ok, err)
		}
		if l, err := db.Leaf(); err != nil || l.Bits != "0" {
			t.Fatalf("open %d: leaf %+v %v", open, l, err)
		}
		if _, rows, _, _, err := exec(db, "SELECT x FROM notes"); err != nil || !reflect.DeepEqual(rows, []any{[]any{"kept"}}) {
			t.Fatalf("open %d: notes %v %v", open, rows, err)
		}
		_, rows, _, _, err := exec(db, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
		if err != nil {
			t.Fatal(err)
		}
		want := []any{[]any{"_cf_KV"}, []any{"_cf_alarm"}, []any{"_cf_keyed"}, []any{"_cf_leaf"}, []any{"notes"}}
		if !reflect.DeepEqual(rows, want) {
			t.Fatalf("open %d: tables %v, want %v", open, rows, want)
		}
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
	}
}
