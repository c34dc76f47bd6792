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
	"testing"

	"github.com/sobjects/sobjects/storage/faultfs"
)

// memoryDump is the durable memory as text: its rows in order, and the generation.
func memoryDump(db *DB) (string, error) {
	st, err := db.MemoryStats()
	if err != nil {
		return "", err
	}
	h := sha256.New()
	n := 0
	err = db.MemoryRead(func(image bool, data []byte) error {
		fmt.Fprintf(h, "%v %d %x\n", image, len(data), data)
		n++
		return nil
	})
	return fmt.Sprintf("gen %d rows %d image %d journal %d dead %d %x", st.Generation, n, st.ImageBytes, st.JournalBytes, st.DeadBytes, h.Sum(nil)), err
}

// inTx runs fn in a transaction of db and commits it, or rolls it back when fn fails.
func inTx(db *DB, fn func() error) error {
	if err := db.Begin(); err != nil {
		return err
	}
	if err := fn(); err != nil {
		db.Rollback()
		return err
	}
	return db.Commit()
}

// read is the durable memory's rows: "i:" before an image chunk, "j:" before an entry.
func read(t *testing.T, db *DB) []string {
	t.Helper()
	var out []string
	if err := db.MemoryRead(func(image bool, data []byte) error {
		p := "j:"
		if image {
			p = "i:"
		}
		out = append(out, p+string(data))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

// An object's durable memory: a journal before any image, an image that replaces it,
// entries after the image, read back in order; an aborted image and a rolled-back
// transaction change nothing; each row is bounded; the policy asks for an image by the
// seed's rule.
func TestMemoryImageAndJournal(t *testing.T) {
	db, err := Open(context.Background(), filepath.Join(t.TempDir(), "m.db"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if st, err := db.MemoryStats(); err != nil || st != (MemoryStats{}) {
		t.Fatalf("a new object's stats: %+v %v", st, err)
	}
	if got := read(t, db); len(got) != 0 {
		t.Fatalf("a new object reads %v", got)
	}
	for _, e := range []string{"a", "b", "c"} {
		if err := inTx(db, func() error { return db.MemoryAppend([]byte(e)) }); err != nil {
			t.Fatal(err)
		}
	}
	if got := read(t, db); !slices.Equal(got, []string{"j:a", "j:b", "j:c"}) {
		t.Fatalf("the journal reads %v", got)
	}
	err = inTx(db, func() error {
		img, err := db.MemoryImageBegin()
		if err != nil {
			return err
		}
		for _, c := range []string{"IMG1", "IMG2"} {
			if err := img.Write([]byte(c)); err != nil {
				return err
			}
		}
		return img.Commit()
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := read(t, db); !slices.Equal(got, []string{"i:IMG1", "i:IMG2"}) {
		t.Fatalf("after the image: %v", got)
	}
	if err := inTx(db, func() error { return db.MemoryAppend([]byte("d")) }); err != nil {
		t.Fatal(err)
	}
	// An image aborted, and one whose transaction rolls back: nothing changes.
	if err := inTx(db, func() error {
		img, err := db.MemoryImageBegin()
		if err != nil {
			return err
		}
		img.Write([]byte("NOPE"))
		return img.Abort()
	}); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	if err := inTx(db, func() error {
		img, err := db.MemoryImageBegin()
		if err != nil {
			return err
		}
		img.Write([]byte("NOPE"))
		if err := img.Commit(); err != nil {
			return err
		}
		return boom
	}); !errors.Is(err, boom) {
		t.Fatal(err)
	}
	if got := read(t, db); !slices.Equal(got, []string{"i:IMG1", "i:IMG2", "j:d"}) {
		t.Fatalf("after an aborted image and a rolled-back one: %v", got)
	}
	st, err := db.MemoryStats()
	if err != nil || st.Generation != 2 || st.ImageBytes != 8 || st.ImageChunks != 2 || st.JournalBytes != 1 || st.JournalEntries != 1 {
		t.Fatalf("stats: %+v %v", st, err)
	}
	big := make([]byte, MaxMemoryRowBytes+1)
	if err := inTx(db, func() error { return db.MemoryAppend(big) }); !errors.Is(err, ErrMemoryRowTooLarge) {
		t.Errorf("an entry over the limit: %v", err)
	}
	if err := inTx(db, func() error { return db.MemorySetDead(5) }); err != nil {
		t.Fatal(err)
	}
	if st, _ := db.MemoryStats(); st.DeadBytes != 5 {
		t.Errorf("dead bytes %d after MemorySetDead(5)", st.DeadBytes)
	}
	if got := read(t, db); len(got) != 3 {
		t.Errorf("the dead count shows as a row: %v", got)
	}

	p := DefaultMemoryPolicy
	for _, c := range []struct {
		st  MemoryStats
		due bool
	}{
		{MemoryStats{ImageBytes: 1 << 20, JournalBytes: 100 << 10}, false}, // under half the image
		{MemoryStats{ImageBytes: 1 << 20, JournalBytes: 600 << 10}, true},
		{MemoryStats{ImageBytes: 10 << 10, JournalBytes: 60 << 10}, false}, // under 64 KiB
		{MemoryStats{JournalBytes: 64 << 10}, true},                        // no image yet
		{MemoryStats{ImageBytes: 3 << 20, DeadBytes: 2 << 20}, true},
		{MemoryStats{ImageBytes: 1 << 20, DeadBytes: 900 << 10}, false}, // under 1 MiB dead
	} {
		if got := p.Due(c.st); got != c.due {
			t.Errorf("Due(%+v) = %v, want %v", c.st, got, c.due)
		}
	}
}

// memoryCommits is the fault workload of durable memory: a journal, an image of
// several chunks that replaces it, entries, a second image, entries.
const memoryCommits = 8

func memoryCommit(db *DB, i int) error {
	return inTx(db, func() error {
		if err := db.BeginCall(); err != nil {
			return err
		}
		switch i {
		case 3, 6: // a new image, of chunks big enough to take pages of their own
			img, err := db.MemoryImageBegin()
			if err != nil {
				return err
			}
			for c := range 3 {
				if err := img.Write(bytes.Repeat([]byte{byte('A' + c + i)}, 5000)); err != nil {
					return err
				}
			}
			if err := img.Commit(); err != nil {
				return err
			}
		default:
			if err := db.MemoryAppend(bytes.Repeat([]byte{byte('a' + i)}, 300*i)); err != nil {
				return err
			}
		}
		return db.EndCall(true)
	})
}

// TestMemoryFaultAtEveryOperation runs the durable memory's workload through a VFS that
// crashes, loses power or fails after its k-th mutating file operation, for every k,
// and checks that the object restores to the last acknowledged commit, or the one the
// fault struck in, never to a part of an image or of a compaction.
func TestMemoryFaultAtEveryOperation(t *testing.T) {
	dir := t.TempDir()
	states := make([]string, memoryCommits+1)
	count := faultfs.New(faultfs.Crash, -1)
	opts := Options{VFS: count.Register()}
	db, err := Open(context.Background(), filepath.Join(dir, "count.db"), opts)
	if err != nil {
		t.Fatal(err)
	}
	if states[0], err = memoryDump(db); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= memoryCommits; i++ {
		if err := memoryCommit(db, i); err != nil {
			t.Fatal(err)
		}
		if states[i], err = memoryDump(db); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	count.Unregister()
	total := count.Ops()
	checked := 0
	for _, mode := range []faultfs.Mode{faultfs.Crash, faultfs.PowerLoss, faultfs.FailIO} {
		path := filepath.Join(dir, mode.String()+".db")
		for k := range total + 1 {
			for _, p := range []string{path, path + "-wal", path + "-journal"} {
				if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
					t.Fatal(err)
				}
			}
			fsys := faultfs.New(mode, k)
			landed := func() bool { return fsys.Ops() <= k }
			acked, inflight := 0, 0
			db, err := Open(context.Background(), path, Options{VFS: fsys.Register()})
			if err == nil {
				for i := 1; i <= memoryCommits; i++ {
					if mode < faultfs.FailIO && fsys.Struck() {
						break
					}
					err := memoryCommit(db, i)
					if err == nil && (mode >= faultfs.FailIO || landed()) {
						acked = i
						continue
					}
					inflight = i
					break
				}
				db.Close()
			}
			fsys.Unregister()
			re, err := Open(context.Background(), path, Options{Durability: DurabilityRelaxed, Replicated: true})
			if err != nil {
				t.Fatalf("%s k=%d: reopen: %v", mode, k, err)
			}
			got, err := memoryDump(re)
			re.Close()
			if err != nil {
				t.Fatalf("%s k=%d: %v", mode, k, err)
			}
			if got != states[acked] && (inflight == 0 || got != states[inflight]) {
				t.Fatalf("%s k=%d: holds commit %d (-1: no whole one), want %d (acknowledged) or %d (in flight)",
					mode, k, slices.Index(states, got), acked, inflight)
			}
			checked++
		}
	}
	t.Logf("checked %d fault points over %d operations", checked, total)
}
