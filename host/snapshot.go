package host

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sobjects/sobjects/storage"
)

// Snapshot and its methods are the API package splitter copies leaves with. They are
// subject to change: splitter is their only user.

// Snapshot is a copy of an object's database made while the object serves
// (Engine.Snapshot), brought up to date with CatchUp and installed as another object's
// database with Install. Until Release, the source's file stays as it was at the
// snapshot and its log keeps every commit since (storage.Pool.HoldCheckpoints).
type Snapshot struct {
	hold     *storage.Hold
	src, tmp string // the source's database file; the copy, beside the target's
	dst      string // the target's database file
	pageSize int
	cur      storage.WALCursor // the source's log is applied to the copy up to here
	opts     storage.Options
	done     bool // installed
}

// Snapshot copies the database of object src of class, to become the database of
// object dst (which must have none): the source checkpoints, its file is held unchanged
// and copied (storage.CopyFile) while it serves calls. Call CatchUp to bring the copy
// to the source's latest commit, Install to make it dst's database, and Release in
// every case. The copy (dst's file name with ".clone" added) that a crash leaves is
// removed when an engine next starts (New).
func (e *Engine) Snapshot(ctx context.Context, class, src, dst string) (*Snapshot, error) {
	if err := e.check(class, dst); err != nil {
		return nil, err
	}
	snap := &Snapshot{src: e.pathOf(class, ObjectID(class, src)), dst: e.pathOf(class, ObjectID(class, dst)),
		opts: storage.Options{Durability: e.opts.Durability, VFS: e.opts.VFS}}
	snap.tmp = snap.dst + ".clone"
	if _, err := os.Stat(snap.dst); err == nil {
		return nil, fmt.Errorf("snapshot %s/%s for %s: the target has a database", class, src, dst)
	}
	_, err := e.external(class, src, &call{ctx: ctx, kind: kindHost, done: make(chan bool, 1),
		fn: func(o *object, db *storage.DB) ([]byte, error) {
			var err error
			if o.replica != nil {
				err = o.replica.Checkpoint(db)
			} else {
				err = db.Checkpoint()
			}
			if err != nil {
				return nil, fmt.Errorf("snapshot: checkpoint: %w", err)
			}
			if snap.pageSize, err = db.PageSize(); err != nil {
				return nil, err
			}
			// The log's frames are all in the file now: reading goes on after them, or
			// from the start of the next generation once a write restarts the log.
			if snap.cur, _, err = storage.ReadWAL(snap.src+"-wal", storage.WALCursor{}, snap.pageSize, func(uint32, []byte) {}); err != nil {
				return nil, err
			}
			snap.cur.Checkpointed = true
			snap.hold, err = e.pool.HoldCheckpoints(db)
			return nil, err
		}})
	if err != nil {
		return nil, err
	}
	if err := snap.copy(); err != nil {
		snap.Release() // the source's checkpoints are held until then
		return nil, err
	}
	return snap, nil
}

// copy copies the source's database file, held unchanged, to the copy's.
func (snap *Snapshot) copy() error {
	if err := os.MkdirAll(filepath.Dir(snap.dst), storage.DirMode); err != nil {
		return err
	}
	os.Remove(snap.tmp)
	os.Remove(snap.tmp + "-wal")
	return storage.CopyFile(snap.src, snap.tmp)
}

// CatchUp applies to the copy the commits the source made since the snapshot (or the
// last CatchUp), and syncs it (storage.ApplyWAL). It fails when the source's log was cut
// back meanwhile.
func (s *Snapshot) CatchUp() error {
	cur, err := storage.ApplyWAL(s.tmp, s.src+"-wal", s.cur, s.pageSize)
	if err != nil {
		return fmt.Errorf("snapshot: catch up: %w", err)
	}
	s.cur = cur
	return nil
}

// Install runs prepare on the copy (synced by the copy and each CatchUp) and makes it
// the target's database.
func (s *Snapshot) Install(ctx context.Context, prepare func(db *storage.DB) error) error {
	db, err := storage.Open(ctx, s.tmp, s.opts)
	if err != nil {
		return err
	}
	if err := prepare(db); err != nil {
		db.Close()
		return err
	}
	if err := db.Close(); err != nil { // folds the log into the file and removes it
		return err
	}
	if err := storage.Install(s.tmp, s.dst); err != nil {
		return err
	}
	s.done = true
	return nil
}

// Release ends the hold on the source and removes a copy that was not installed. It
// may be called more than once.
func (s *Snapshot) Release() {
	if s.hold != nil {
		s.hold.Release()
	}
	if !s.done {
		os.Remove(s.tmp)
		os.Remove(s.tmp + "-wal")
	}
}

// cloneSuffixes are the files of a split's copy beside its target's database file
// ID.db (Engine.Snapshot): the copy ID.db.clone and the files SQLite keeps beside it
// while Install opens it.
var cloneSuffixes = []string{".db.clone", ".db.clone-wal", ".db.clone-shm", ".db.clone-journal"}

// removeStaleClones removes the copies of splits that a crash (kill -9 during the copy)
// left in the objects folder dir: files named with one of cloneSuffixes in dir/CLASS/XX/,
// nothing else. Only a Snapshot owns such a file, from its creation to its Release or
// Install, so when the engine starts every one is stale. A file that cannot be removed
// is logged and left; the split of its leaf removes it before copying again.
func removeStaleClones(dir string, log *slog.Logger) {
	classes, err := os.ReadDir(dir)
	if err != nil {
		if !errors.Is(err, os.ErrNotExist) {
			log.Warn("split copies left by a crash: cannot read the objects folder", "err", err)
		}
		return
	}
	for _, c := range classes {
		if !c.IsDir() {
			continue
		}
		shards, err := os.ReadDir(filepath.Join(dir, c.Name()))
		if err != nil {
			log.Warn("split copies left by a crash: cannot read a class folder", "class", c.Name(), "err", err)
			continue
		}
		for _, sh := range shards {
			if !sh.IsDir() {
				continue
			}
			files, err := os.ReadDir(filepath.Join(dir, c.Name(), sh.Name()))
			if err != nil {
				log.Warn("split copies left by a crash: cannot read a folder", "class", c.Name(), "folder", sh.Name(), "err", err)
				continue
			}
			for _, f := range files {
				if !f.Type().IsRegular() || !slices.ContainsFunc(cloneSuffixes, func(suffix string) bool {
					return strings.HasSuffix(f.Name(), suffix) && len(f.Name()) > len(suffix)
				}) {
					continue
				}
				path := filepath.Join(dir, c.Name(), sh.Name(), f.Name())
				var size int64
				if fi, err := f.Info(); err == nil {
					size = fi.Size()
				}
				if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
					log.Warn("split copy left by a crash: cannot remove it", "class", c.Name(), "file", f.Name(), "err", err)
					continue
				}
				log.Info("removed a split copy left by a crash", "class", c.Name(), "file", f.Name(), "bytes", size)
			}
		}
	}
}
