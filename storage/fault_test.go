package storage

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/storage/faultfs"
)

// faultCommits is the number of commits of the fault workload; a checkpoint follows
// every faultCheckpointEvery-th.
const (
	faultCommits         = 12
	faultCheckpointEvery = 4
)

// faultCommit runs commit i (1-based) of the fault workload the way the host runs a
// batch: a transaction, a call's savepoint in it, KV and SQL writes, commit. Each
// commit changes the state; a few write overflow pages, free pages or rewrite rows.
func faultCommit(db *DB, i int) error {
	if err := db.Begin(); err != nil {
		return err
	}
	err := func() error {
		if err := db.BeginCall(); err != nil {
			return err
		}
		var enc abi.Encoder
		exec := func(sql string, params ...any) error {
			enc.Buf = enc.Buf[:0]
			return db.Exec(sql, params, &enc)
		}
		if i == 1 {
			if err := exec("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)"); err != nil {
				return err
			}
		}
		if err := db.KVPut(fmt.Sprintf("key%02d", i), bytes.Repeat([]byte{byte('a' + i%26)}, 100*i)); err != nil {
			return err
		}
		if err := db.KVPut("last", []byte(strconv.Itoa(i))); err != nil {
			return err
		}
		if i%4 == 0 {
			if _, err := db.KVDelete(fmt.Sprintf("key%02d", i-2)); err != nil {
				return err
			}
		}
		if err := exec("INSERT INTO t (v) VALUES (?), (?)", fmt.Sprintf("row %d", i), strings.Repeat("x", 50*i)); err != nil {
			return err
		}
		if i%3 == 0 {
			if err := exec("UPDATE t SET v = v || ? WHERE id % 3 = 0", strconv.Itoa(i)); err != nil {
				return err
			}
		}
		switch i {
		case 5: // overflow pages
			if err := db.KVPut("big", bytes.Repeat([]byte("0123456789abcdef"), 1500)); err != nil {
				return err
			}
		case 10: // free them, and rows
			if _, err := db.KVDelete("big"); err != nil {
				return err
			}
			if err := exec("DELETE FROM t WHERE id < 8"); err != nil {
				return err
			}
		}
		return db.EndCall(true)
	}()
	if err == nil {
		err = db.Commit()
	}
	if err != nil {
		db.Rollback()
	}
	return err
}

// faultDump is the state of the database as text: the last commit's number, and
// digests of the KV entries and of table t's rows.
func faultDump(db *DB) (string, error) {
	last, _, err := db.KVGet("last", nil)
	if err != nil {
		return "", err
	}
	var kv abi.Encoder
	if err := db.KVList(ListOptions{}, &kv); err != nil {
		return "", err
	}
	_, rows, _, _, err := exec(db, "SELECT name FROM sqlite_schema WHERE name = 't'")
	if err != nil {
		return "", err
	}
	if len(rows) > 0 {
		if _, rows, _, _, err = exec(db, "SELECT id, v FROM t ORDER BY id"); err != nil {
			return "", err
		}
	}
	return fmt.Sprintf("last %q kv %x t %x", last, sha256.Sum256(kv.Buf), sha256.Sum256(fmt.Append(nil, rows...))), nil
}

// faultRun is what one run of the workload through a faultfs.FS did.
type faultRun struct {
	acked    int // the last commit acknowledged before the fault struck (0: none)
	inflight int // the commit the fault struck in, or 0
	floor    int // PowerLoss: the commits a checkpoint made durable before the fault
}

// runFaultWorkload opens path through a faultfs.FS with the fault mode at k (k < 0:
// none) and runs the workload until the fault strikes. It returns the FS; states,
// when not nil, receives the state after each commit.
func runFaultWorkload(path string, mode faultfs.Mode, k int64, opts Options, states []string) (faultRun, *faultfs.FS, error) {
	var r faultRun
	fs := faultfs.New(mode, k)
	opts.VFS = fs.Register()
	defer fs.Unregister()
	failing := mode >= faultfs.FailIO
	// landed reports whether every operation so far ran as asked: none was dropped or
	// failed. (An error once the fault has struck, even with every operation landed,
	// comes of reading what a power loss undid: the process is dead by then.)
	landed := func() bool { return k < 0 || fs.Ops() <= k }
	db, err := Open(context.Background(), path, opts)
	if err != nil {
		if !landed() {
			return r, fs, nil
		}
		return r, fs, err
	}
	defer db.Close()
	for i := 1; i <= faultCommits; i++ {
		if !failing && fs.Struck() {
			break // the process is dead
		}
		err := faultCommit(db, i)
		switch {
		case err == nil && (failing || landed()):
			r.acked = i
		case failing || fs.Struck():
			r.inflight = i
			return r, fs, nil
		default:
			return r, fs, fmt.Errorf("commit %d failed before the fault: %w", i, err)
		}
		if states != nil {
			if states[i], err = faultDump(db); err != nil {
				return r, fs, err
			}
		}
		if i%faultCheckpointEvery == 0 {
			err := db.Checkpoint()
			switch {
			case err == nil && (failing || landed()):
				r.floor = i
			case failing || fs.Struck():
				return r, fs, nil
			default:
				return r, fs, fmt.Errorf("checkpoint after commit %d failed before the fault: %w", i, err)
			}
		}
	}
	return r, fs, nil
}

// TestFaultAtEveryOperation runs a workload of faultCommits commits through a VFS that
// crashes, loses power (losing every write not synced, or a random part of each),
// or fails after its k-th mutating file operation, for every k, in each durability
// and with Replicated on and off; then it reopens the file with the operating
// system's VFS and checks that the database is whole and holds exactly the last
// acknowledged commit, or the commit the fault struck in, and never a part of one.
// After a power loss in DurabilityRelaxed, recent acknowledged commits may be lost,
// but what is left is still a whole commit, no older than the last checkpoint.
func TestFaultAtEveryOperation(t *testing.T) {
	var checked atomic.Int64
	t.Cleanup(func() { t.Logf("checked %d fault points", checked.Load()) })
	// Every variant meets a crash and a power loss; the other faults are spread over
	// the variants to keep the test short. (A full disk takes the same paths in SQLite
	// as an I/O error, but for the error code.)
	variants := []struct {
		name  string
		opts  Options
		modes []faultfs.Mode
	}{
		{"fsync", Options{}, []faultfs.Mode{faultfs.PowerLossPartial, faultfs.FailIO, faultfs.FailFull}},
		{"relaxed", Options{Durability: DurabilityRelaxed}, []faultfs.Mode{faultfs.PowerLossPartial, faultfs.FailIO}},
		{"fsync/replicated", Options{Replicated: true}, []faultfs.Mode{faultfs.FailFull}},
		{"relaxed/replicated", Options{Durability: DurabilityRelaxed, Replicated: true}, []faultfs.Mode{faultfs.PowerLossPartial, faultfs.FailIO}},
	}
	for _, v := range variants {
		opts := v.opts
		modes := append([]faultfs.Mode{faultfs.Crash, faultfs.PowerLoss}, v.modes...)
		t.Run(v.name, func(t *testing.T) {
			t.Parallel()
			// A run without fault counts the operations and records each commit's state.
			states := make([]string, faultCommits+1)
			dir := t.TempDir()
			_, counter, err := runFaultWorkload(filepath.Join(dir, "count.db"), faultfs.Crash, -1, opts, states)
			if err != nil {
				t.Fatal(err)
			}
			empty, err := Open(context.Background(), filepath.Join(dir, "empty.db"), Options{})
			if err != nil {
				t.Fatal(err)
			}
			states[0], err = faultDump(empty)
			empty.Close()
			if err != nil {
				t.Fatal(err)
			}
			total := counter.Ops()
			for _, mode := range modes {
				t.Run(mode.String(), func(t *testing.T) {
					t.Parallel()
					path := filepath.Join(t.TempDir(), "o.db")
					for k := range total + 1 {
						checkFaultAt(t, path, mode, k, opts, states)
						checked.Add(1)
					}
				})
			}
		})
	}
}

// checkFaultAt runs the workload on an empty database at path with the fault at k
// and checks what is left.
func checkFaultAt(t *testing.T, path string, mode faultfs.Mode, k int64, opts Options, states []string) {
	t.Helper()
	// Emptied, not removed: creating files is most of the cost on some file systems.
	for _, p := range []string{path, path + "-wal", path + "-journal"} {
		if err := os.Truncate(p, 0); err != nil && !errors.Is(err, fs.ErrNotExist) {
			t.Fatal(err)
		}
	}
	r, _, err := runFaultWorkload(path, mode, k, opts, nil)
	if err != nil {
		t.Fatalf("k=%d: %v", k, err)
	}
	// The operating system's VFS reads what is on disk. Relaxed and Replicated: nothing
	// this connection writes is fsynced or checkpointed, which keeps the test fast.
	db, err := Open(context.Background(), path, Options{Durability: DurabilityRelaxed, Replicated: true})
	if err != nil {
		t.Fatalf("k=%d: reopen: %v", k, err)
	}
	defer db.Close()
	if err := db.IntegrityCheck(); err != nil {
		t.Fatalf("k=%d: %v", k, err)
	}
	got, err := faultDump(db)
	if err != nil {
		t.Fatalf("k=%d: %v", k, err)
	}
	allowed := []int{r.acked}
	if (mode == faultfs.PowerLoss || mode == faultfs.PowerLossPartial) && opts.Durability == DurabilityRelaxed {
		allowed = allowed[:0]
		for i := r.floor; i <= r.acked; i++ {
			allowed = append(allowed, i)
		}
	}
	if r.inflight > 0 {
		allowed = append(allowed, r.inflight)
	}
	for _, i := range allowed {
		if got == states[i] {
			return
		}
	}
	found := slices.Index(states, got)
	t.Fatalf("k=%d: after the fault the database holds commit %d of %d (-1: no whole commit), want one of %v (acknowledged %d, in flight %d, checkpointed %d): %s",
		k, found, faultCommits, allowed, r.acked, r.inflight, r.floor, got)
}
