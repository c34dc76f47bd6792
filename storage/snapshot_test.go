package storage

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// BenchmarkSnapshot compares the two ways to snapshot a 128 MiB database of 1 KiB rows
// for a split: a copy of the checkpointed file (CopyFile, what splits use), and SQLite's
// backup API (https://sqlite.org/backup.html) stepped on the source connection. It
// reports the total time and how long the source connection, which serves the
// object's calls, was busy.
//
//	TMPDIR=/work/tmp go test ./storage -run '^$' -bench Snapshot -benchtime 3x
func BenchmarkSnapshot(b *testing.B) {
	dir := b.TempDir()
	src := filepath.Join(dir, "src.db")
	db, err := Open(context.Background(), src, Options{Durability: DurabilityRelaxed})
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	value := make([]byte, 1024)
	const rows = 128 << 10
	for done := 0; done < rows; done += 10000 {
		db.Begin()
		for i := done; i < min(done+10000, rows); i++ {
			if err := db.KeyedPut("k"+strconv.Itoa(i), value); err != nil {
				b.Fatal(err)
			}
		}
		if err := db.Commit(); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("file", func(b *testing.B) {
		for i := range b.N {
			dst := filepath.Join(dir, fmt.Sprint("f", i))
			t0 := time.Now()
			if err := db.Checkpoint(); err != nil {
				b.Fatal(err)
			}
			busy := time.Since(t0)
			if err := CopyFile(src, dst); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(busy.Microseconds())/1000, "source_busy_ms")
			os.Remove(dst)
		}
	})
	b.Run("backup_api", func(b *testing.B) {
		for i := range b.N {
			dst := filepath.Join(dir, fmt.Sprint("b", i))
			t0 := time.Now()
			if err := db.conn.Backup("main", dst); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(time.Since(t0).Microseconds())/1000, "source_busy_ms")
			os.Remove(dst)
		}
	})
}
