package storage

import (
	"context"
	"errors"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/sobjects/sobjects/storage/faultfs"
)

// TestWriteFailures fills the disk or makes it read-only under an open database: each
// commit fails with ErrNoSpace or ErrReadOnly, reads go on, nothing committed is
// lost, and once the disk is back the same connection writes again.
func TestWriteFailures(t *testing.T) {
	tests := []struct {
		name string
		mode faultfs.Mode
		want error
	}{
		{"ErrNoSpace", faultfs.FailFull, ErrNoSpace},
		{"ErrReadOnly", faultfs.FailReadOnly, ErrReadOnly},
	}
	for _, tt := range tests {
		for _, durability := range []Durability{DurabilityFsync, DurabilityRelaxed} {
			t.Run(tt.name+"/"+durability.String(), func(t *testing.T) {
				t.Parallel()
				fs := faultfs.NewOnDemand()
				path := filepath.Join(t.TempDir(), "o.db")
				db, err := Open(context.Background(), path, Options{Durability: durability, VFS: fs.Register()})
				if err != nil {
					t.Fatal(err)
				}
				defer fs.Unregister()
				defer db.Close()
				put := func(k string) error {
					if err := db.Begin(); err != nil {
						return err
					}
					err := db.KVPut(k, []byte(k))
					if err == nil {
						err = db.Commit()
					}
					if err != nil {
						db.Rollback()
					}
					return err
				}
				get := func(k string) bool {
					t.Helper()
					if err := db.Begin(); err != nil {
						t.Fatalf("begin a read: %v", err)
					}
					_, found, err := db.KVGet(k, nil)
					if err != nil {
						t.Fatalf("read %s: %v", k, err)
					}
					if err := db.Commit(); err != nil {
						t.Fatalf("commit a read: %v", err)
					}
					return found
				}
				for i := range 3 {
					if err := put("before" + strconv.Itoa(i)); err != nil {
						t.Fatal(err)
					}
				}
				fs.SetFailing(tt.mode)
				for i := range 3 {
					k := "during" + strconv.Itoa(i)
					err := put(k)
					if !errors.Is(err, tt.want) {
						t.Fatalf("put %s: %v, want %v", k, err, tt.want)
					}
					if errors.Is(err, ErrQuota) {
						t.Fatalf("put %s on a full disk: %v, taken for the object's quota", k, err)
					}
					if !get("before2") || get(k) {
						t.Fatalf("reads after failed put %s: want the committed key and not the failed one", k)
					}
				}
				if err := db.Checkpoint(); !errors.Is(err, tt.want) {
					t.Fatalf("checkpoint: %v, want %v", err, tt.want)
				}
				fs.SetFailing(0)
				if err := put("after"); err != nil {
					t.Fatalf("put once the disk is back: %v", err)
				}
				if err := db.Checkpoint(); err != nil {
					t.Fatalf("checkpoint once the disk is back: %v", err)
				}
				db.Close()
				db, err = Open(context.Background(), path, Options{})
				if err != nil {
					t.Fatal(err)
				}
				if err := db.IntegrityCheck(); err != nil {
					t.Fatal(err)
				}
				for _, k := range []string{"before0", "before1", "before2", "after"} {
					if !get(k) {
						t.Fatalf("%s lost", k)
					}
				}
				if get("during0") {
					t.Fatal("a failed put was applied")
				}
			})
		}
	}
}
