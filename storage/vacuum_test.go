package storage

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/ncruces/go-sqlite3"

	"github.com/sobjects/sobjects/abi"
)

// fill commits n KV keys of size bytes each in one batch.
func fill(t *testing.T, db *DB, n, size int) {
	t.Helper()
	if err := db.Begin(); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if err := db.KVPut(fmt.Sprintf("k%05d", i), make([]byte, size)); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Commit(); err != nil {
		t.Fatal(err)
	}
}

// pragmaInt reads one integer PRAGMA as host SQL.
func pragmaInt(t *testing.T, db *DB, name string) int64 {
	t.Helper()
	s, err := db.hostStmt("PRAGMA main." + name)
	if err != nil {
		t.Fatal(err)
	}
	var n int64
	if s.Step() {
		n = s.ColumnInt64(0)
	}
	if err := s.Reset(); err != nil {
		t.Fatal(err)
	}
	return n
}

// size is the database's file size in pages, page_count × page_size (DB.Size counts
// fewer: as workerd does).
func size(t *testing.T, db *DB) int64 {
	t.Helper()
	return pragmaInt(t, db, "page_count") * pragmaInt(t, db, "page_size")
}

// Deleting every key gives the pages back: the size drops at the commit, stays down
// after the database is closed and opened again, and the file on disk shrinks with it.
func TestDeletingEverythingGivesSpaceBack(t *testing.T) {
	path := filepath.Join(t.TempDir(), "o.db")
	db, err := Open(context.Background(), path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { db.Close() }()
	empty := size(t, db)
	fill(t, db, 500, 2000)
	full := size(t, db)
	if full < empty+1_000_000 {
		t.Fatalf("the database is %d bytes after 1 MB of puts, %d empty: the test wrote too little", full, empty)
	}
	if err := db.Begin(); err != nil {
		t.Fatal(err)
	}
	if err := db.run("DELETE FROM main._cf_KV"); err != nil {
		t.Fatal(err)
	}
	db.markWrite()
	if err := db.Commit(); err != nil {
		t.Fatal(err)
	}
	after := size(t, db)
	free := pragmaInt(t, db, "freelist_count")
	ps := pragmaInt(t, db, "page_size")
	if after > empty+ReclaimMinFreePages*ps || free >= ReclaimMinFreePages {
		t.Fatalf("after deleting every key the database is %d bytes with %d free pages (%d bytes when new, %d when full)", after, free, empty, full)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if db, err = Open(context.Background(), path, Options{}); err != nil {
		t.Fatal(err)
	}
	if reopened := size(t, db); reopened != after {
		t.Fatalf("reopened, the database is %d bytes, %d before closing", reopened, after)
	}
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Size() > after {
		t.Fatalf("the file is %d bytes, over the database's %d", st.Size(), after)
	}
	if mode := pragmaInt(t, db, "auto_vacuum"); mode != 2 {
		t.Fatalf("auto_vacuum is %d, want 2 (incremental)", mode)
	}
}

// Deleting a few rows of many keeps them as free pages for reuse: a vacuum that moves
// pages costs writes, worth it only when a large share of the file is free.
func TestDeletingFewRowsKeepsTheirPagesForReuse(t *testing.T) {
	db := openTest(t)
	fill(t, db, 500, 2000)
	full := size(t, db)
	if err := db.Begin(); err != nil {
		t.Fatal(err)
	}
	for i := range 50 {
		if _, err := db.KVDelete(fmt.Sprintf("k%05d", i)); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Commit(); err != nil {
		t.Fatal(err)
	}
	free := pragmaInt(t, db, "freelist_count")
	if free < ReclaimMinFreePages {
		t.Fatalf("%d free pages after deleting 100 KB: the test deletes too little", free)
	}
	if got := size(t, db); got != full {
		t.Fatalf("the database is %d bytes after deleting a tenth of it, was %d: vacuumed below the threshold", got, full)
	}
}

// A database made before auto_vacuum (its header says NONE) is rewritten once, at the
// first commit after most of it was freed, and is incremental from then on.
func TestLegacyDatabaseIsVacuumedOnceMostOfItIsFree(t *testing.T) {
	path := filepath.Join(t.TempDir(), "o.db")
	// What Open made before auto_vacuum: WAL, the hidden tables; and 1 MB of rows.
	conn, err := sqlite3.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := conn.Exec("PRAGMA journal_mode=WAL; BEGIN;" + schema + "COMMIT; CREATE TABLE t (v BLOB);" +
		"WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500) INSERT INTO t SELECT randomblob(2000) FROM n"); err != nil {
		t.Fatal(err)
	}
	if err := conn.Close(); err != nil {
		t.Fatal(err)
	}
	db, err := Open(context.Background(), path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if mode := pragmaInt(t, db, "auto_vacuum"); mode != 0 {
		t.Fatalf("the legacy database opened with auto_vacuum %d, want 0 (a VACUUM switches it)", mode)
	}
	full := size(t, db)
	if err := db.Begin(); err != nil {
		t.Fatal(err)
	}
	var enc abi.Encoder
	db.markWrite()
	if err := db.Exec("DELETE FROM t", nil, &enc); err != nil {
		t.Fatal(err)
	}
	if err := db.Commit(); err != nil {
		t.Fatal(err)
	}
	if got := size(t, db); got*4 > full {
		t.Fatalf("the legacy database is %d bytes after deleting everything, was %d", got, full)
	}
	if mode := pragmaInt(t, db, "auto_vacuum"); mode != 2 {
		t.Fatalf("after its VACUUM, auto_vacuum is %d, want 2 (incremental)", mode)
	}
}

// Plugin SQL may read the size figures, in both forms, but neither set them nor run
// what changes the file (the pragma table's argument is a schema name, which fails).
func TestPluginSQLReadsSizePragmas(t *testing.T) {
	db := openTest(t)
	ps := pragmaInt(t, db, "page_size")
	want := map[string]int64{
		"PRAGMA page_count":                     pragmaInt(t, db, "page_count"),
		"PRAGMA main.page_size":                 ps,
		"PRAGMA freelist_count":                 pragmaInt(t, db, "freelist_count"),
		"SELECT * FROM pragma_freelist_count()": pragmaInt(t, db, "freelist_count"),
		"SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()": size(t, db),
	}
	for q, n := range want {
		_, rows, _, _, err := exec(db, q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		if len(rows) != 1 || rows[0].([]any)[0] != n {
			t.Fatalf("%s answered %v, want %d", q, rows, n)
		}
	}
	for _, q := range []string{"PRAGMA page_size = 512", "PRAGMA main.page_size=65536", "SELECT * FROM pragma_page_size(512)",
		"PRAGMA max_page_count", "PRAGMA max_page_count = 1", "PRAGMA auto_vacuum", "PRAGMA auto_vacuum = NONE",
		"PRAGMA incremental_vacuum", "PRAGMA incremental_vacuum(10)", "VACUUM", "SELECT * FROM pragma_incremental_vacuum"} {
		_, _, _, _, err := exec(db, q)
		if err == nil {
			t.Fatalf("%s: allowed", q)
		}
	}
	if got := pragmaInt(t, db, "page_size"); got != ps {
		t.Fatalf("page_size is %d after plugin SQL, was %d", got, ps)
	}
}

// BenchmarkReclaimCheck is what a commit that wrote pays when there is nothing to give
// back: reading the free and total page counts.
func BenchmarkReclaimCheck(b *testing.B) {
	db, err := Open(context.Background(), filepath.Join(b.TempDir(), "o.db"), Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	for b.Loop() {
		db.reclaim()
	}
}

// Opening an existing database writes nothing: setting auto_vacuum on one is a write
// (its header's flag), which a backup would upload as a change at every open.
func TestOpeningAnExistingDatabaseWritesNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "o.db")
	opts := Options{Replicated: true} // no checkpoint on close: the log keeps every frame
	db, err := Open(context.Background(), path, opts)
	if err != nil {
		t.Fatal(err)
	}
	fill(t, db, 10, 100)
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	before, err := os.ReadFile(path + "-wal")
	if err != nil {
		t.Fatal(err)
	}
	if db, err = Open(context.Background(), path, opts); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	after, err := os.ReadFile(path + "-wal")
	if err != nil {
		t.Fatal(err)
	}
	if len(after) != len(before) {
		t.Fatalf("opening the database grew its log from %d to %d bytes", len(before), len(after))
	}
}
