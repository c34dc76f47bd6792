package storage

import (
	"container/list"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
)

// DefaultMaxOpen is how many databases a Pool keeps open when MaxOpen is 0. Each open
// WAL database holds a connection of about 330 KB and file handles; a process runs out
// of memory maps near 16,000 (vm.max_map_count).
const DefaultMaxOpen = 4096

// FilesPerDatabase is how many file descriptors one open database holds: its file and
// its write-ahead log (with exclusive locking, the WAL index lives in memory, not in a
// -shm file). A Pool of MaxOpen databases needs MaxOpen × FilesPerDatabase of the
// process's RLIMIT_NOFILE.
const FilesPerDatabase = 2

// Pool bounds the number of open databases: once more than MaxOpen are open, the least
// recently released ones that no caller holds are closed. It is safe for concurrent use;
// each path must be held by one caller at a time.
type Pool struct {
	opts    Options
	maxOpen int
	hooks   PoolHooks

	mu      sync.Mutex
	open    map[string]*poolEntry // guarded by mu; entries being closed stay until closed
	idle    list.List             // of *poolEntry neither held nor closing, most recently released at the front; guarded by mu
	closing int                   // entries of open being closed; guarded by mu
	holds   map[string]*holdState // checkpoint holds by path (HoldCheckpoints); guarded by mu
}

type poolEntry struct {
	db     *DB
	held   bool
	elem   *list.Element // in idle while neither held nor closing
	closed chan struct{} // non-nil while the database is being closed; closed when it is
}

// PoolHooks follow the databases a Pool opens and closes, so that a replicator
// (package storage/backup) can restore a file before it is opened and copy its last
// changes before it is closed. Each method runs for one path at a time; see
// Pool.SetHooks.
type PoolHooks interface {
	// BeforeOpen runs before the pool opens path; it may create or replace the file
	// (a restore). An error fails the Acquire.
	BeforeOpen(ctx context.Context, path string) error
	// AfterOpen runs once db is open, before Acquire returns it, bounded by Acquire's
	// ctx. An error closes db and
	// fails the Acquire.
	AfterOpen(ctx context.Context, db *DB) error
	// BeforeClose runs before the pool closes db, which no caller holds.
	BeforeClose(db *DB)
	// AfterClose runs once the database at path is closed.
	AfterClose(path string)
}

// SetHooks makes the pool call h; call it before the first Acquire.
func (p *Pool) SetHooks(h PoolHooks) { p.hooks = h }

// ErrHeld is returned by Acquire and Remove for a path another caller holds.
var ErrHeld = errors.New("database is held by another caller")

// NewPool returns a pool opening databases with opts; maxOpen 0 means DefaultMaxOpen.
func NewPool(maxOpen int, opts Options) *Pool {
	if maxOpen <= 0 {
		maxOpen = DefaultMaxOpen
	}
	return &Pool{opts: opts, maxOpen: maxOpen, open: map[string]*poolEntry{}}
}

// Acquire returns the open database at path, opening it (and creating its directory)
// if needed. The caller must Release it.
func (p *Pool) Acquire(ctx context.Context, path string) (*DB, error) {
	p.mu.Lock()
	for {
		e := p.open[path]
		if e == nil {
			break
		}
		if e.closed != nil {
			// A second connection must not open before this one has closed: the file is
			// locked exclusively until then.
			ch := e.closed
			p.mu.Unlock()
			<-ch
			p.mu.Lock()
			continue
		}
		if e.held {
			p.mu.Unlock()
			return nil, fmt.Errorf("acquire %s: %w", path, ErrHeld)
		}
		e.held = true
		p.idle.Remove(e.elem)
		e.elem = nil
		p.mu.Unlock()
		return e.db, nil
	}
	p.mu.Unlock()

	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		if f := failure(err); f != nil {
			return nil, fmt.Errorf("open %s: %w", path, f)
		}
		return nil, fmt.Errorf("open %s: %w", path, errors.Join(ErrReadOnly, err))
	}
	db, err := p.openHooked(ctx, path)
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	p.open[path] = &poolEntry{db: db, held: true}
	victims := p.trim()
	p.mu.Unlock()
	p.closeAll(victims)
	return db, nil
}

// openHooked opens the database at path between the hooks. Until it returns, the path is in
// no caller's hands but its own: Acquire refuses nothing for it, so the caller must be
// the path's only user (the host runs one call at a time per object).
func (p *Pool) openHooked(ctx context.Context, path string) (*DB, error) {
	if p.hooks != nil {
		if err := p.hooks.BeforeOpen(ctx, path); err != nil {
			return nil, err
		}
	}
	db, err := Open(ctx, path, p.opts)
	if err != nil {
		return nil, err
	}
	db.hold = p.holdOf(path)
	if err := db.applyHold(); err != nil {
		db.Close()
		return nil, err
	}
	if p.hooks != nil {
		if err := p.hooks.AfterOpen(ctx, db); err != nil {
			db.Close()
			p.hooks.AfterClose(path)
			return nil, err
		}
	}
	return db, nil
}

// holdState counts the checkpoint holds of one path.
type holdState struct {
	n atomic.Int32
}

func (p *Pool) holdOf(path string) *holdState {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.holds == nil {
		p.holds = map[string]*holdState{}
	}
	h := p.holds[path]
	if h == nil {
		h = new(holdState)
		p.holds[path] = h
	}
	return h
}

// Hold keeps a database file unchanged (Pool.HoldCheckpoints) until Release.
type Hold struct {
	h    *holdState
	once sync.Once
}

// HoldCheckpoints keeps the database file at path unchanged until the hold is
// released: its connection, open now or later, neither checkpoints automatically nor on
// close, and DB.Checkpoint fails with ErrCheckpointHeld. Writes go on into the
// write-ahead log. Call it with db, the path's open database, in hand (from Acquire),
// right after a checkpoint: the file is then a consistent snapshot that CopyFile can
// copy while the database keeps serving, and the log holds every commit since (ReadWAL;
// WALHolds says whether a commit read from it is still there).
func (p *Pool) HoldCheckpoints(db *DB) (*Hold, error) {
	h := p.holdOf(db.path)
	h.n.Add(1)
	if err := db.applyHold(); err != nil {
		h.n.Add(-1)
		return nil, err
	}
	return &Hold{h: h}, nil
}

// Release ends the hold. It may be called from any goroutine, more than once.
func (h *Hold) Release() { h.once.Do(func() { h.h.n.Add(-1) }) }

// Release gives back a database from Acquire. A broken database is closed.
func (p *Pool) Release(db *DB) {
	p.mu.Lock()
	e := p.open[db.path]
	if e == nil || e.db != db {
		p.mu.Unlock()
		db.Close()
		return
	}
	e.held = false
	if db.Broken() {
		p.retire(e)
		p.mu.Unlock()
		p.closeAll([]*poolEntry{e})
		return
	}
	e.elem = p.idle.PushFront(e)
	victims := p.trim()
	p.mu.Unlock()
	p.closeAll(victims)
}

// retire marks an entry that no one holds as closing. p.mu must be held.
func (p *Pool) retire(e *poolEntry) {
	if e.elem != nil {
		p.idle.Remove(e.elem)
		e.elem = nil
	}
	e.closed = make(chan struct{})
	p.closing++
}

// trim retires idle entries past the bound and returns them for closeAll. p.mu must
// be held.
func (p *Pool) trim() []*poolEntry {
	var victims []*poolEntry
	for len(p.open)-p.closing > p.maxOpen {
		back := p.idle.Back()
		if back == nil {
			break
		}
		e := back.Value.(*poolEntry)
		p.retire(e)
		victims = append(victims, e)
	}
	return victims
}

// closeAll closes retired entries and removes them from the pool.
func (p *Pool) closeAll(victims []*poolEntry) {
	for _, e := range victims {
		if p.hooks != nil {
			p.hooks.BeforeClose(e.db)
		}
		e.db.Close()
		if p.hooks != nil {
			p.hooks.AfterClose(e.db.path)
		}
		p.mu.Lock()
		delete(p.open, e.db.path)
		p.closing--
		close(e.closed)
		p.mu.Unlock()
	}
}

// Open is the number of open databases.
func (p *Pool) Open() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.open)
}

// Remove closes the database at path if it is open and deletes its files (the
// database, its WAL and its shared-memory file).
func (p *Pool) Remove(path string) error {
	p.mu.Lock()
	if e := p.open[path]; e != nil {
		if e.held {
			p.mu.Unlock()
			return fmt.Errorf("remove %s: %w", path, ErrHeld)
		}
		if e.closed != nil {
			ch := e.closed
			p.mu.Unlock()
			<-ch
		} else {
			p.retire(e)
			p.mu.Unlock()
			p.closeAll([]*poolEntry{e})
		}
	} else {
		p.mu.Unlock()
	}
	var errs []error
	for _, suffix := range []string{"", "-wal", "-shm", "-journal"} {
		if err := os.Remove(path + suffix); err != nil && !errors.Is(err, os.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// Close closes every database not held, and reports databases still held as an error.
func (p *Pool) Close() error {
	p.mu.Lock()
	var victims []*poolEntry
	held := 0
	for _, e := range p.open {
		switch {
		case e.held:
			held++
		case e.closed == nil:
			p.retire(e)
			victims = append(victims, e)
		}
	}
	p.mu.Unlock()
	p.closeAll(victims)
	var errs []error
	if held > 0 {
		errs = append(errs, fmt.Errorf("close pool: %d databases still held", held))
	}
	return errors.Join(errs...)
}

// Evict closes the database at path if it is open and not held.
func (p *Pool) Evict(path string) {
	p.mu.Lock()
	e := p.open[path]
	if e == nil || e.held || e.closed != nil {
		p.mu.Unlock()
		return
	}
	p.retire(e)
	p.mu.Unlock()
	p.closeAll([]*poolEntry{e})
}
