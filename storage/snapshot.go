package storage

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// A snapshot of a database is a copy of its file taken right after a checkpoint, while
// Pool.HoldCheckpoints keeps the file unchanged: the database serves reads and writes
// meanwhile (they go to its write-ahead log), and the copy is the state of the
// checkpoint. Copying the file beats SQLite's backup API here because it needs no time
// on the database's own connection, which serves calls meanwhile
// (https://sqlite.org/backup.html steps on the source connection); docs/performance.md
// has the measurement.

// CopyFile copies the database file src to dst (which must not exist), without its
// write-ahead log, and syncs dst. On Linux the kernel copies the bytes
// (copy_file_range), often without reading them into this process.
func CopyFile(src, dst string) (err error) {
	in, err := os.Open(src)
	if err != nil {
		return fmt.Errorf("snapshot: %w", err)
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, FileMode)
	if err != nil {
		return fmt.Errorf("snapshot: %w", classifyIO(err))
	}
	defer func() {
		if cerr := out.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("snapshot: %w", classifyIO(cerr))
		}
		if err != nil {
			os.Remove(dst)
		}
	}()
	if _, err := io.Copy(out, in); err != nil {
		return fmt.Errorf("snapshot: copy %s: %w", src, classifyIO(err))
	}
	if err := out.Sync(); err != nil {
		return fmt.Errorf("snapshot: sync %s: %w", dst, classifyIO(err))
	}
	return nil
}

// ErrWALCutBack is returned by ApplyWAL when the log no longer holds the commits
// already applied (WALHolds): a commit was undone since.
var ErrWALCutBack = errors.New("the log was cut back since the last catch-up (a commit was undone)")

// ApplyWAL brings the copy dst of a held database (Pool.HoldCheckpoints, CopyFile) up to
// date: it writes the pages of the commits in the database's log wal after cur into dst,
// as a checkpoint would, sets dst's size to the last commit's, syncs dst and returns the
// cursor after that commit. pageSize is the database's. ErrWALCutBack when the log lost
// commits applied before.
func ApplyWAL(dst, wal string, cur WALCursor, pageSize int) (WALCursor, error) {
	if ok, err := WALHolds(wal, cur, pageSize); err != nil {
		return cur, err
	} else if !ok {
		return cur, ErrWALCutBack
	}
	f, err := os.OpenFile(dst, os.O_RDWR, 0)
	if err != nil {
		return cur, classifyIO(err)
	}
	defer f.Close()
	var werr error
	next, size, err := ReadWAL(wal, cur, pageSize, func(pgno uint32, data []byte) {
		if _, err := f.WriteAt(data, int64(pgno-1)*int64(pageSize)); err != nil && werr == nil {
			werr = err
		}
	})
	if err == nil {
		err = werr
	}
	if err == nil && size != 0 {
		err = f.Truncate(int64(size) * int64(pageSize))
	}
	if err == nil {
		err = f.Sync()
	}
	if err != nil {
		return cur, classifyIO(err)
	}
	return next, nil
}

// Install renames the database file tmp (closed, with no write-ahead log) to path and
// syncs the directory, so the rename survives a power loss. Any files at path, its
// log included, are replaced.
func Install(tmp, path string) error {
	for _, suffix := range []string{"-wal", "-shm", "-journal"} {
		if err := os.Remove(path + suffix); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("install %s: %w", path, classifyIO(err))
		}
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("install %s: %w", path, classifyIO(err))
	}
	return SyncDir(filepath.Dir(path))
}

// SyncDir fsyncs a directory, making the creation, removal or renaming of its entries
// durable.
func SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil {
		return fmt.Errorf("sync %s: %w", dir, classifyIO(err))
	}
	return nil
}
