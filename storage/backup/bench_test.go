package backup

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sobjects/sobjects/internal/testbucket"
)

// BenchmarkRestore16MiB restores an object of 16 MiB (KV values of 1 KiB, which take
// about 4.6 KiB each in the KV table; written in 64 commits and uploaded as a snapshot
// plus level-0 files) from a versitygw on loopback into a new file: the restore after a
// disk loss.
//
//	go test ./storage/backup -run '^$' -bench Restore16MiB -benchtime 10x
func BenchmarkRestore16MiB(b *testing.B) {
	srv := testbucket.Start(b)
	bucket := NewS3(srv.Client(), srv.Bucket, "bench")
	n := startNodeTB(b, b.TempDir(), bucket, ModeInterval)
	r, db := n.object("big")
	value := []byte(strings.Repeat("x", 1024))
	for c := range 64 {
		if err := db.Begin(); err != nil {
			b.Fatal(err)
		}
		for i := range 56 {
			if err := db.KVPut(fmt.Sprintf("k%02d-%04d", c, i), value); err != nil {
				b.Fatal(err)
			}
		}
		if err := db.Commit(); err != nil {
			b.Fatal(err)
		}
		if err := r.Committed(context.Background(), db, 1); err != nil {
			b.Fatal(err)
		}
	}
	n.pool.Release(db)
	if failed := n.store.flush(context.Background(), 0, nil); failed != 0 {
		b.Fatal("upload failed")
	}
	fi, _ := os.Stat(n.path("big"))
	to := filepath.Join(b.TempDir(), "restored.db")
	b.SetBytes(fi.Size())
	b.ResetTimer()
	for b.Loop() {
		if _, err := Restore(context.Background(), bucket, "test", "id-big", "", to, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	got, _ := os.Stat(to)
	b.ReportMetric(float64(got.Size())/(1<<20), "MiB")
}
