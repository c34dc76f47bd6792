package storage

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
)

// Plugin SQL's TEMP tables (and SQLite's other temporary storage: sorts, temporary
// indexes) live in the connection's bounded memory, not in files outside the data
// directory that no quota counts (SQLite unlinks them at once, so only the disk's free
// space showed them): filling one fails with ErrOutOfMemory and the object's data stays.
func TestTempTablesAreBoundedByTheConnectionsMemory(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	opts := Options{Durability: DurabilityRelaxed, MaxMemoryBytes: 8 << 20, MaxObjectBytes: 1 << 20}
	db, err := Open(context.Background(), path, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { db.Close() }()
	if err := db.KVPut("kept", []byte("yes")); err != nil {
		t.Fatal(err)
	}
	if _, _, _, _, err := exec(db, "CREATE TEMP TABLE scratch (v BLOB)"); err != nil {
		t.Fatal(err)
	}
	var filled error
	for i := 0; i < 64 && filled == nil; i++ { // 64 MiB: eight times the connection's memory
		_, _, _, _, filled = exec(db, "INSERT INTO scratch VALUES (randomblob(1048576))")
	}
	if !errors.Is(filled, ErrOutOfMemory) {
		t.Fatalf("64 MiB into a TEMP table under an 8 MiB connection: %v, want ErrOutOfMemory", filled)
	}
	db.Close()
	if db, err = Open(context.Background(), path, opts); err != nil {
		t.Fatal(err)
	}
	if v, ok, err := db.KVGet("kept", nil); err != nil || !ok || string(v) != "yes" {
		t.Fatalf("after the TEMP table ran out of memory: %q %v %v, want the object's data", v, ok, err)
	}
}
