package storage

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestDatabaseFilesArePrivate: under a umask that lets everyone read, the directory
// the pool makes is 0700 and the database, its write-ahead log and the alarm index are
// 0600, as is a snapshot.
func TestDatabaseFilesArePrivate(t *testing.T) {
	old := syscall.Umask(0)
	defer syscall.Umask(old)
	dir := t.TempDir()
	p := NewPool(0, Options{Durability: DurabilityRelaxed})
	defer p.Close()
	path := filepath.Join(dir, "objects", "ab", "o.db")
	db, err := p.Acquire(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, _, _, err := exec(db, "CREATE TABLE t (a); INSERT INTO t VALUES (1)"); err != nil {
		t.Fatal(err)
	}
	if err := CopyFile(path, filepath.Join(dir, "copy.db")); err != nil {
		t.Fatal(err)
	}
	p.Release(db)
	index, err := OpenAlarmIndex(context.Background(), filepath.Join(dir, "alarms.db"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer index.Close()
	if err := index.Set("id", "c", "n", 1, 0); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]os.FileMode{
		"objects": 0o700, "objects/ab": 0o700, "objects/ab/o.db": 0o600, "objects/ab/o.db-wal": 0o600,
		"alarms.db": 0o600, "alarms.db-wal": 0o600, "copy.db": 0o600,
	} {
		fi, err := os.Stat(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if got := fi.Mode().Perm(); got != want {
			t.Errorf("%s has mode %v, want %v", name, got, want)
		}
	}
}

// TestOpenOutOfDescriptors: a database that cannot be opened because the process has
// no file descriptor left fails with ErrTooManyFiles, not as a full or read-only disk,
// and opens once descriptors are free again.
func TestOpenOutOfDescriptors(t *testing.T) {
	path := filepath.Join(t.TempDir(), "o.db")
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Skip(err)
	}
	// The lowest free descriptor: with the limit there, no file can be opened.
	f, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	lowest := uint64(f.Fd())
	f.Close()
	low := lim
	low.Cur = lowest
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &low); err != nil {
		t.Skip(err)
	}
	_, err = Open(context.Background(), path, Options{})
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Fatal(err)
	}
	if !errors.Is(err, ErrTooManyFiles) || errors.Is(err, ErrReadOnly) || errors.Is(err, ErrNoSpace) {
		t.Fatalf("open without descriptors: %v, want ErrTooManyFiles only", err)
	}
	db, err := Open(context.Background(), path, Options{})
	if err != nil {
		t.Fatalf("open after: %v", err)
	}
	db.Close()
}
