package storage

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestRolledBackWriteLeavesNoBigLog: a call that writes megabytes and then fails (as
// one that times out does) leaves its frames in the write-ahead log; the end of its
// batch truncates the log, and what was committed before stays.
func TestRolledBackWriteLeavesNoBigLog(t *testing.T) {
	const big = "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 512) INSERT INTO t SELECT randomblob(16384) FROM c"
	for _, end := range []string{"commit", "rollback"} {
		t.Run(end, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "w.db")
			db, err := Open(context.Background(), path, Options{Durability: DurabilityRelaxed})
			if err != nil {
				t.Fatal(err)
			}
			defer func() { db.Close() }()
			db.walKeep = 1 << 20
			must := func(err error) {
				t.Helper()
				if err != nil {
					t.Fatal(err)
				}
			}
			must(db.Begin())
			must(db.BeginCall())
			_, _, _, _, err = exec(db, "CREATE TABLE t (v BLOB)")
			must(err)
			must(db.KVPut("kept", []byte("yes")))
			must(db.EndCall(true))
			must(db.Commit())

			must(db.Begin())
			must(db.BeginCall())
			_, _, _, _, err = exec(db, big)
			must(err)
			st, err := os.Stat(path + "-wal")
			must(err)
			if st.Size() < 4<<20 {
				t.Fatalf("the log is %d bytes after an 8 MiB write: the test writes too little to spill", st.Size())
			}
			must(db.EndCall(false))
			if end == "commit" {
				must(db.Commit())
			} else {
				must(db.Rollback())
			}
			st, err = os.Stat(path + "-wal")
			if err == nil && st.Size() > db.walKeep {
				t.Fatalf("the log is %d bytes after the rolled-back write, over %d", st.Size(), db.walKeep)
			}
			db.Close()
			if db, err = Open(context.Background(), path, Options{Durability: DurabilityRelaxed}); err != nil {
				t.Fatal(err)
			}
			if v, ok, err := db.KVGet("kept", nil); err != nil || !ok || string(v) != "yes" {
				t.Fatalf("committed key after the truncation: %q %v %v", v, ok, err)
			}
			_, rows, _, _, err := exec(db, "SELECT count(*) FROM t")
			if err != nil || rows[0].([]any)[0].(int64) != 0 {
				t.Fatalf("rows of the rolled-back write: %v %v", rows, err)
			}
		})
	}
}
