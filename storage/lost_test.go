package storage

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/sobjects/sobjects/storage/faultfs"
)

// TestLostTransactionCommitsNothing fails a statement of a call in a way after which
// SQLite rolls the whole batch transaction back by itself (a full disk, an I/O error,
// an interrupt), then lets the call go on writing, as a plugin that catches the error
// would: the DB reports the loss with its cause, refuses the later writes instead of
// running them in autocommit mode, and after the batch is undone only what was
// committed before it is in the file, also once reopened.
func TestLostTransactionCommitsNothing(t *testing.T) {
	tests := []struct {
		name  string
		fault faultfs.Mode // 0: an interrupt
		cause error
	}{
		{"full", faultfs.FailFull, ErrNoSpace},
		{"io", faultfs.FailIO, nil},
		{"interrupt", 0, ErrInterrupted},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			fs := faultfs.NewOnDemand()
			defer fs.Unregister()
			path := filepath.Join(t.TempDir(), "o.db")
			opts := Options{VFS: fs.Register(), MaxMemoryBytes: 8 << 20}
			db, err := Open(context.Background(), path, opts)
			if err != nil {
				t.Fatal(err)
			}
			defer func() { db.Close() }()
			must := func(err error) {
				t.Helper()
				if err != nil {
					t.Fatal(err)
				}
			}
			must(db.Begin())
			must(db.BeginCall())
			_, _, _, _, err = exec(db, "CREATE TABLE t (b BLOB)")
			must(err)
			must(db.KVPut("committed", []byte("1")))
			must(db.EndCall(true))
			must(db.Commit())

			must(db.Begin())
			must(db.BeginCall()) // an earlier call of the batch
			must(db.KVPut("earlier", []byte("1")))
			must(db.EndCall(true))
			must(db.BeginCall())
			must(db.KVPut("before", []byte("1")))
			var failed error
			if tt.fault != 0 {
				fs.SetFailing(tt.fault)
				// Enough to spill the page cache to the log, which then fails.
				for i := 0; i < 400 && failed == nil; i++ {
					_, _, _, _, failed = exec(db, "INSERT INTO t VALUES (randomblob(65536))")
				}
				fs.SetFailing(0) // the disk has room again: a write now would succeed
			} else {
				ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
				db.SetInterrupt(ctx)
				_, _, _, _, failed = exec(db, `INSERT INTO t WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n)
					SELECT randomblob(16) FROM n`)
				cancel()
				db.SetInterrupt(context.Background())
			}
			if failed == nil {
				t.Fatal("the statement meant to fail succeeded")
			}
			lost := db.Lost()
			if !errors.Is(lost, ErrTransactionLost) {
				t.Fatalf("after %v: Lost() = %v, want ErrTransactionLost", failed, lost)
			}
			if tt.cause != nil && !errors.Is(lost, tt.cause) {
				t.Fatalf("Lost() = %v, want it to match %v", lost, tt.cause)
			}
			// The plugin caught the error and writes on.
			if err := db.KVPut("after", []byte("1")); !errors.Is(err, ErrTransactionLost) {
				t.Fatalf("KVPut after the loss: %v, want ErrTransactionLost", err)
			}
			if _, _, _, _, err := exec(db, "INSERT INTO t VALUES (x'00')"); !errors.Is(err, ErrTransactionLost) {
				t.Fatalf("Exec after the loss: %v, want ErrTransactionLost", err)
			}
			if err := db.AlarmSet(1); !errors.Is(err, ErrTransactionLost) {
				t.Fatalf("AlarmSet after the loss: %v, want ErrTransactionLost", err)
			}
			if err := db.EndCall(true); !errors.Is(err, ErrTransactionLost) {
				t.Fatalf("EndCall after the loss: %v, want ErrTransactionLost", err)
			}
			if err := db.Commit(); !errors.Is(err, ErrTransactionLost) {
				t.Fatalf("Commit after the loss: %v, want ErrTransactionLost", err)
			}
			must(db.Rollback())
			if db.Lost() != nil {
				t.Fatalf("Lost() after Rollback = %v, want nil", db.Lost())
			}

			want := []string{"committed"}
			keys := func() []string {
				t.Helper()
				must(db.Begin())
				defer db.Rollback()
				var got []string
				for _, k := range []string{"committed", "earlier", "before", "after"} {
					_, found, err := db.KVGet(k, nil)
					must(err)
					if found {
						got = append(got, k)
					}
				}
				return got
			}
			if got := keys(); !slices.Equal(got, want) {
				t.Fatalf("keys after the lost batch: %q, want %q", got, want)
			}
			// The same connection writes again in the next batch.
			must(db.Begin())
			must(db.BeginCall())
			must(db.KVPut("next", []byte("1")))
			must(db.EndCall(true))
			must(db.Commit())
			must(db.Close())
			if db, err = Open(context.Background(), path, opts); err != nil {
				t.Fatal(err)
			}
			if got := keys(); !slices.Equal(got, want) {
				t.Fatalf("keys after reopening: %q, want %q", got, want)
			}
			if _, rows, _, _, err := exec(db, "SELECT count(*) FROM t"); err != nil || rows[0].([]any)[0] != int64(0) {
				t.Fatalf("rows of t after reopening: %v (%v), want none", rows, err)
			}
		})
	}
}
