package faultfs

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/ncruces/go-sqlite3"
	"github.com/ncruces/go-sqlite3/vfs"
)

// open opens path through fs with the given synchronous level.
func open(t *testing.T, fs *FS, path, sync string) *sqlite3.Conn {
	t.Helper()
	name := fs.Register()
	t.Cleanup(fs.Unregister)
	conn, err := sqlite3.Open("file:" + path + "?vfs=" + name)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	if err := conn.Exec("PRAGMA locking_mode=EXCLUSIVE; PRAGMA synchronous=" + sync + "; PRAGMA journal_mode=WAL; CREATE TABLE t (v)"); err != nil {
		t.Fatal(err)
	}
	return conn
}

func size(t *testing.T, path string) int64 {
	t.Helper()
	fi, err := os.Stat(path)
	if errors.Is(err, os.ErrNotExist) {
		return -1
	}
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}

func TestCrash(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.db")
	fs := New(Crash, 0)
	conn := open(t, fs, path, "FULL")
	if !fs.Struck() || fs.Ops() == 0 {
		t.Fatalf("struck %v after %d operations, want true after some", fs.Struck(), fs.Ops())
	}
	if err := conn.Exec("INSERT INTO t VALUES (randomblob(10000))"); err != nil {
		t.Fatalf("a dropped write must look like a success: %v", err)
	}
	conn.Close()
	if db, wal := size(t, path), size(t, path+"-wal"); db != 0 || wal > 0 {
		t.Fatalf("after a crash at 0, the database is %d bytes and its log %d, want nothing written", db, wal)
	}
}

func TestPowerLoss(t *testing.T) {
	dir := t.TempDir()
	// synchronous=OFF never syncs: a power loss after the last operation undoes all.
	counter := New(Crash, -1)
	conn := open(t, counter, filepath.Join(dir, "count.db"), "OFF")
	if err := conn.Exec("INSERT INTO t VALUES (randomblob(10000)); DELETE FROM t; INSERT INTO t VALUES (1)"); err != nil {
		t.Fatal(err)
	}
	n := counter.Ops()

	path := filepath.Join(dir, "a.db")
	fs := New(PowerLoss, n)
	conn = open(t, fs, path, "OFF")
	if err := conn.Exec("INSERT INTO t VALUES (randomblob(10000)); DELETE FROM t; INSERT INTO t VALUES (1)"); err != nil {
		t.Fatal(err)
	}
	if !fs.Struck() {
		t.Fatalf("%d operations, want %d", fs.Ops(), n)
	}
	if db, wal := size(t, path), size(t, path+"-wal"); db != 0 || wal != 0 {
		t.Fatalf("after a power loss with nothing synced, the database is %d bytes and its log %d, want 0", db, wal)
	}

	// synchronous=FULL syncs the log at each commit: the commit stays.
	counter = New(Crash, -1)
	conn = open(t, counter, filepath.Join(dir, "count2.db"), "FULL")
	if err := conn.Exec("INSERT INTO t VALUES (1)"); err != nil {
		t.Fatal(err)
	}
	path = filepath.Join(dir, "b.db")
	conn = open(t, New(PowerLoss, counter.Ops()), path, "FULL")
	if err := conn.Exec("INSERT INTO t VALUES (1)"); err != nil {
		t.Fatal(err)
	}
	conn.Close()
	if n := count(t, path); n != 1 {
		t.Fatalf("after a power loss %d rows, want the 1 synced", n)
	}
}

// count opens path with the operating system's VFS and counts the rows of t.
func count(t *testing.T, path string) int {
	t.Helper()
	conn, err := sqlite3.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	stmt, _, err := conn.Prepare("SELECT count(*) FROM t")
	if err != nil {
		t.Fatal(err)
	}
	defer stmt.Close()
	if !stmt.Step() {
		t.Fatal(stmt.Err())
	}
	return stmt.ColumnInt(0)
}

func TestSetFailing(t *testing.T) {
	fs := NewOnDemand()
	conn := open(t, fs, filepath.Join(t.TempDir(), "a.db"), "FULL")
	tests := []struct {
		name string
		mode Mode
		want error
	}{
		{"ErrFull", FailFull, sqlite3.FULL},
		{"ErrReadOnly", FailReadOnly, syscall.EROFS},
		{"ErrIO", FailIO, sqlite3.IOERR_WRITE},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs.SetFailing(tt.mode)
			err := conn.Exec("INSERT INTO t VALUES (1)")
			if !errors.Is(err, tt.want) {
				t.Fatalf("insert: %v, want %v", err, tt.want)
			}
			fs.SetFailing(0)
			if err := conn.Exec("INSERT INTO t VALUES (2)"); err != nil {
				t.Fatalf("insert once cleared: %v", err)
			}
		})
	}
	stmt, _, err := conn.Prepare("SELECT count(*) FROM t WHERE v = 2")
	if err != nil {
		t.Fatal(err)
	}
	defer stmt.Close()
	if !stmt.Step() || stmt.ColumnInt(0) != len(tests) {
		t.Fatalf("%d rows written after the failures were cleared, want %d", stmt.ColumnInt(0), len(tests))
	}
}

// osFile is a vfs.File over an *os.File, enough for the file wrapper's writes.
type osFile struct{ *os.File }

func (f osFile) Sync(vfs.SyncFlag) error { return nil }
func (f osFile) Size() (int64, error) {
	fi, err := f.Stat()
	if err != nil {
		return 0, err
	}
	return fi.Size(), nil
}
func (osFile) Lock(vfs.LockLevel) error                        { return nil }
func (osFile) Unlock(vfs.LockLevel) error                      { return nil }
func (osFile) CheckReservedLock() (bool, error)                { return false, nil }
func (osFile) SectorSize() int                                 { return 512 }
func (osFile) DeviceCharacteristics() vfs.DeviceCharacteristic { return 0 }

// TestPowerLossKeepsSynced checks what a power loss leaves of a file: what was synced,
// and of each write since, all of it (PowerLossPartial only), none, or some of its
// sectors, never a byte outside what was written.
func TestPowerLossKeepsSynced(t *testing.T) {
	for _, mode := range []Mode{PowerLoss, PowerLossPartial} {
		for k := int64(4); k < 40; k++ {
			path := filepath.Join(t.TempDir(), "f")
			osf, err := os.Create(path)
			if err != nil {
				t.Fatal(err)
			}
			fs := New(mode, k)
			f := &file{File: osFile{osf}, fs: fs, path: path}
			synced := bytes.Repeat([]byte{1}, 3000)
			f.WriteAt(synced, 0)
			f.Sync(0)
			// Writes of value v at overlapping ranges, some beyond the synced end, and a
			// truncation: the power fails after the k-th operation.
			written := map[int64][]byte{} // the values written at each offset
			cut := int64(len(synced))     // the lowest truncation: zeros may follow it
			for v := byte(2); !fs.Struck(); v++ {
				off := int64(v) * 333 % 4000
				p := bytes.Repeat([]byte{v}, 700)
				if v%7 == 0 {
					f.Truncate(off)
					cut = min(cut, off)
					continue
				}
				f.WriteAt(p, off)
				for i := range int64(len(p)) {
					written[off+i] = append(written[off+i], v)
				}
			}
			osf.Close()
			got, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if mode == PowerLoss {
				if !bytes.Equal(got, synced) {
					t.Fatalf("%s at %d: the file is not what was synced", mode, k)
				}
				continue
			}
			for i, b := range got {
				ok := (i < len(synced) && b == synced[i]) || (b == 0 && int64(i) >= cut) || bytes.IndexByte(written[int64(i)], b) >= 0
				if !ok {
					t.Fatalf("%s at %d: byte %d is %d: neither synced nor written there", mode, k, i, b)
				}
			}
		}
	}
}

// TestSetCapacity: on a disk of a given size, a write that grows the files past it
// fails as a full disk does, and writes within what the files already hold go on.
func TestSetCapacity(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.db")
	fs := NewOnDemand()
	conn := open(t, fs, path, "FULL")
	if err := conn.Exec("INSERT INTO t VALUES (randomblob(10000))"); err != nil {
		t.Fatal(err)
	}
	used := fs.Used()
	if want := size(t, path) + size(t, path+"-wal"); used != want {
		t.Fatalf("Used() = %d, want the files' %d bytes", used, want)
	}
	fs.SetCapacity(used + 64<<10)
	err := conn.Exec("INSERT INTO t VALUES (randomblob(1000000))")
	if !errors.Is(err, sqlite3.FULL) {
		t.Fatalf("a write past the capacity: %v, want SQLITE_FULL", err)
	}
	if fs.Used() > used+64<<10 {
		t.Fatalf("Used() = %d after the failed write, over the capacity of %d", fs.Used(), used+64<<10)
	}
	if err := conn.Exec("INSERT INTO t VALUES (randomblob(1000))"); err != nil {
		t.Fatalf("a small write within the capacity: %v", err)
	}
	fs.SetCapacity(-1)
	if err := conn.Exec("INSERT INTO t VALUES (randomblob(1000000))"); err != nil {
		t.Fatalf("a write with no capacity: %v", err)
	}
}

// TestHold: an insert under Hold waits at its first write until release, and then
// commits.
func TestHold(t *testing.T) {
	fs := NewOnDemand()
	path := filepath.Join(t.TempDir(), "h.db")
	conn := open(t, fs, path, "FULL")
	before := fs.Ops()
	held, release := fs.Hold()
	defer release()
	done := make(chan error, 1)
	go func() { done <- conn.Exec("INSERT INTO t VALUES (1)") }()
	<-held
	select {
	case err := <-done:
		t.Fatalf("the insert finished under Hold: %v", err)
	default:
	}
	if ran := fs.Ops() - before; ran != 0 {
		release()
		<-done
		t.Fatalf("%d operations ran under Hold, want none", ran)
	}
	release()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	release() // a second release does nothing
	stmt, _, err := conn.Prepare("SELECT count(*) FROM t")
	if err != nil {
		t.Fatal(err)
	}
	defer stmt.Close()
	if !stmt.Step() || stmt.ColumnInt(0) != 1 {
		t.Fatalf("after release: %d rows, want 1", stmt.ColumnInt(0))
	}
}
