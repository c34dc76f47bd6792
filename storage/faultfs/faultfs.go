package faultfs

import (
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"syscall"

	"github.com/ncruces/go-sqlite3"
	"github.com/ncruces/go-sqlite3/vfs"
)

// Mode is what a fault does to the mutating file operations (WriteAt, Truncate, Sync
// and Delete) that come after it strikes.
type Mode int32

const (
	// Crash: the process died right after the k-th operation. Every later one is
	// dropped: it reports success and changes nothing.
	Crash Mode = iota + 1
	// PowerLoss: the machine lost power right after the k-th operation. As Crash, and
	// in addition every write and truncation of a file that no Sync of that file
	// followed is undone, as a disk cache that was never flushed would lose it.
	PowerLoss
	// PowerLossPartial: as PowerLoss, but of each write not synced some survives,
	// chosen at random (seeded by k): all of it, none, or some of its 512-byte
	// sectors, in any order; a truncation survives or not. A disk with a volatile
	// cache may do any of this.
	PowerLossPartial
	// FailIO: every later operation fails with an I/O error (EIO, SQLITE_IOERR_WRITE
	// and its kin), as a failing disk answers.
	FailIO
	// FailFull: every later operation fails as on a full disk: ENOSPC, which SQLite
	// sees as SQLITE_FULL for writes and truncations, as SQLITE_IOERR_FSYNC or
	// SQLITE_IOERR_DELETE for the others (what the operating system's VFS answers).
	FailFull
	// FailReadOnly: every later operation fails as on a file system remounted
	// read-only: EROFS, which SQLite sees as SQLITE_IOERR_WRITE and its kin.
	FailReadOnly
)

func (m Mode) String() string {
	switch m {
	case Crash:
		return "crash"
	case PowerLoss:
		return "power-loss"
	case PowerLossPartial:
		return "power-loss-partial"
	case FailIO:
		return "fail-io"
	case FailFull:
		return "fail-full"
	case FailReadOnly:
		return "fail-read-only"
	}
	return fmt.Sprintf("Mode(%d)", int32(m))
}

// FS is a VFS over the operating system's. It counts the mutating operations of the
// files SQLite opens through it as databases, write-ahead logs and journals (temporary
// files pass through uncounted), and of the files it deletes; the fault strikes once
// the k-th has run. SetFailing fails operations on demand instead.
//
// Only data is modelled: creating a file is never undone, and a file deleted before
// a power loss stays deleted. The power loss changes nothing outside the byte ranges
// written (SQLite's powersafe overwrite).
//
// An FS is safe for concurrent use by several connections.
type FS struct {
	// RealSync passes Sync on to the operating system. By default a Sync is counted
	// and modelled (PowerLoss keeps what it synced) but not done, which makes tests
	// much faster and changes nothing a process crash can observe. Set it before use.
	RealSync bool

	base vfs.VFSFilename
	mode Mode
	k    int64 // the fault strikes after the k-th operation; < 0: never

	ops     atomic.Int64 // mutating operations seen
	failing atomic.Int32 // the Mode that SetFailing set; 0 when none
	hold    atomic.Pointer[hold]

	// capMu guards capacity and sizes (SetCapacity).
	capMu    sync.Mutex
	capacity int64            // < 0: none
	sizes    map[string]int64 // per path, its size as last written or truncated through fs

	// mu serialises the operations in the power loss modes, so that what unsynced
	// records is the file as the operation found it, and guards unsynced and name.
	mu       sync.Mutex
	unsynced map[string][]change // per path, its changes since its last Sync, oldest first
	name     string              // the name Register gave; "" when not registered
}

// change is one write or truncation not synced yet: how to undo it (write old at
// off, then truncate to size) and, for PowerLossPartial, to redo it (write data at
// off, or truncate to trunc when trunc >= 0).
type change struct {
	off   int64
	old   []byte
	size  int64
	data  []byte
	trunc int64
}

// New returns an FS whose fault strikes after the k-th mutating operation (k = 0:
// before the first); k < 0 means never, and the FS only counts (mode is then unused).
func New(mode Mode, k int64) *FS {
	base, ok := vfs.Find("os").(vfs.VFSFilename)
	if !ok {
		panic("faultfs: the os VFS does not open files by Filename")
	}
	return &FS{base: base, mode: mode, k: k, unsynced: map[string][]change{}, capacity: -1, sizes: map[string]int64{}}
}

// SetCapacity makes the files fs has written to share a disk of n bytes, as a small
// file system would: a write or truncation that would take their total size over n
// fails as on a full disk (ENOSPC, which SQLite sees as SQLITE_FULL), and one that
// stays within it succeeds, over bytes a file already has or after a file shrank or
// was deleted. A file counts from its first write or truncation through fs. n < 0
// (the default) means no limit. The failures count as operations like any other.
func (fs *FS) SetCapacity(n int64) {
	fs.capMu.Lock()
	fs.capacity = n
	fs.capMu.Unlock()
}

// Used is the total size in bytes of the files fs has written to, as SetCapacity
// counts them.
func (fs *FS) Used() int64 {
	fs.capMu.Lock()
	defer fs.capMu.Unlock()
	var n int64
	for _, sz := range fs.sizes {
		n += sz
	}
	return n
}

// fits reports whether operation o of the file f at path, writing n bytes at off or
// truncating to off, stays within the capacity, and records the file's new size when
// it does and run succeeds.
func (fs *FS) fits(o op, path string, f vfs.File, off int64, n int, run func() error) (ok bool, err error) {
	fs.capMu.Lock()
	defer fs.capMu.Unlock()
	if o == opDelete {
		err = run()
		if err == nil {
			delete(fs.sizes, path)
		}
		return true, err
	}
	if o == opSync {
		return true, run()
	}
	size, serr := f.Size()
	if serr != nil {
		return true, run()
	}
	end := off
	if o == opWrite {
		end = max(size, off+int64(n))
	}
	if fs.capacity >= 0 && end > size {
		var total int64
		for p, sz := range fs.sizes {
			if p != path {
				total += sz
			}
		}
		if total+end > fs.capacity {
			return false, nil
		}
	}
	if err = run(); err == nil {
		fs.sizes[path] = end
	}
	return true, err
}

// NewOnDemand returns an FS with no fault scheduled: it counts the operations and
// fails them only while SetFailing says so.
func NewOnDemand() *FS { return New(0, -1) }

var registered atomic.Int64

// Register registers fs with vfs.Register under a name of its own and returns it: the
// name to give storage.Options.VFS. Registering twice returns the same name.
func (fs *FS) Register() string {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	if fs.name == "" {
		fs.name = fmt.Sprintf("faultfs-%d", registered.Add(1))
		vfs.Register(fs.name, fs)
	}
	return fs.name
}

// Unregister removes fs from the VFS registry. Databases still open through it keep
// working; new ones cannot be opened with its name. A later Register gives a new name.
func (fs *FS) Unregister() {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	if fs.name != "" {
		vfs.Unregister(fs.name)
		fs.name = ""
	}
}

// Ops is the number of mutating operations seen so far, the dropped and failed ones
// included.
func (fs *FS) Ops() int64 { return fs.ops.Load() }

// Struck reports whether the fault has struck: the k-th operation has run, so that
// every later one meets the fault (for Crash and PowerLoss, the process is dead).
func (fs *FS) Struck() bool { return fs.k >= 0 && fs.ops.Load() >= fs.k }

// SetFailing makes every mutating operation from now on fail as mode says (FailIO,
// FailFull or FailReadOnly), until SetFailing(0) clears it. It works whatever New was
// given, and takes effect at once for every file open through fs.
func (fs *FS) SetFailing(mode Mode) {
	switch mode {
	case 0, FailIO, FailFull, FailReadOnly:
		fs.failing.Store(int32(mode))
	default:
		panic("faultfs: SetFailing takes FailIO, FailFull, FailReadOnly or 0, not " + mode.String())
	}
}

// hold is a Hold in force: held closes when an operation first waits on it, release
// when the test lets the operations go on.
type hold struct {
	once          sync.Once
	held, release chan struct{}
}

// Hold makes every mutating operation from now on wait, before it runs, until release
// is called; held is closed once the first one waits. A test uses it to keep a commit
// in progress while it does something else. Calling release again does nothing.
func (fs *FS) Hold() (held <-chan struct{}, release func()) {
	h := &hold{held: make(chan struct{}), release: make(chan struct{})}
	fs.hold.Store(h)
	var once sync.Once
	return h.held, func() {
		once.Do(func() {
			fs.hold.CompareAndSwap(h, nil)
			close(h.release)
		})
	}
}

type op uint8

const (
	opWrite op = iota
	opTruncate
	opSync
	opDelete
)

var opNames = [...]string{"write", "truncate", "sync", "delete"}

// ioCodes are what SQLite's own VFS answers for a failed operation of each kind.
var ioCodes = [...]sqlite3.ExtendedErrorCode{sqlite3.IOERR_WRITE, sqlite3.IOERR_TRUNCATE, sqlite3.IOERR_FSYNC, sqlite3.IOERR_DELETE}

// failure is the error of operation o on path under mode, as the operating system's VFS
// would report it: the SQLite code SQLite acts on, tagged with the system error.
func failure(mode Mode, o op, path string) error {
	errno := syscall.EIO
	switch mode {
	case FailFull:
		errno = syscall.ENOSPC
	case FailReadOnly:
		errno = syscall.EROFS
	}
	err := &os.PathError{Op: opNames[o] + " (faultfs " + mode.String() + ")", Path: path, Err: errno}
	if mode == FailFull && (o == opWrite || o == opTruncate) {
		return vfs.SystemError(err, sqlite3.FULL)
	}
	return vfs.SystemError(err, ioCodes[o])
}

// mutate runs operation o of the file at path (f is nil for a delete) through the
// fault: run does the operation.
func (fs *FS) mutate(o op, path string, f vfs.File, off int64, p []byte, run func() error) error {
	if h := fs.hold.Load(); h != nil {
		h.once.Do(func() { close(h.held) })
		<-h.release
	}
	power := fs.k >= 0 && (fs.mode == PowerLoss || fs.mode == PowerLossPartial)
	if power {
		fs.mu.Lock()
		defer fs.mu.Unlock()
	}
	i := fs.ops.Add(1)
	if m := Mode(fs.failing.Load()); m != 0 {
		return failure(m, o, path)
	}
	if fs.k >= 0 && i > fs.k {
		switch fs.mode {
		case Crash, PowerLoss, PowerLossPartial:
			return nil
		}
		return failure(fs.mode, o, path)
	}
	if power {
		fs.record(o, path, f, off, p)
	}
	ok, err := fs.fits(o, path, f, off, len(p), run)
	if !ok {
		return failure(FailFull, o, path)
	}
	if i == fs.k && power {
		fs.powerCut()
	}
	return err
}

// record notes how to undo operation o, and redo it, before it runs: a write of p at
// off, or a truncation to off. fs.mu is held.
func (fs *FS) record(o op, path string, f vfs.File, off int64, p []byte) {
	switch o {
	case opSync, opDelete:
		delete(fs.unsynced, path)
		return
	}
	size, err := f.Size()
	if err != nil {
		panic("faultfs: size of " + path + ": " + err.Error())
	}
	c := change{off: off, size: size, trunc: -1}
	end := off + int64(len(p))
	if o == opTruncate {
		c.trunc = off
		end = size
	} else {
		c.data = slices.Clone(p)
	}
	if off < size && end > off {
		c.old = make([]byte, min(end, size)-off)
		if m, err := f.ReadAt(c.old, off); err != nil && !(err == io.EOF && m == len(c.old)) {
			panic("faultfs: read " + path + ": " + err.Error())
		}
	}
	fs.unsynced[path] = append(fs.unsynced[path], c)
}

// sector is the unit a PowerLossPartial tears writes into.
const sector = 512

// powerCut undoes every change not followed by a Sync, newest first; under
// PowerLossPartial it then redoes some of them, oldest first. fs.mu is held.
func (fs *FS) powerCut() {
	rng := rand.New(rand.NewPCG(uint64(fs.k), 0xfa17))
	for _, path := range slices.Sorted(maps.Keys(fs.unsynced)) {
		changes := fs.unsynced[path]
		f, err := os.OpenFile(path, os.O_RDWR, 0)
		if err != nil {
			continue // deleted: it stays so
		}
		must := func(err error) {
			if err != nil {
				panic("faultfs: power loss on " + path + ": " + err.Error())
			}
		}
		for _, c := range slices.Backward(changes) {
			if len(c.old) > 0 {
				_, err := f.WriteAt(c.old, c.off)
				must(err)
			}
			must(f.Truncate(c.size))
		}
		if fs.mode == PowerLossPartial {
			for _, c := range changes {
				switch {
				case c.trunc >= 0:
					if rng.IntN(2) == 0 {
						must(f.Truncate(c.trunc))
					}
				case rng.IntN(3) == 0: // lost
				case rng.IntN(2) == 0: // whole
					_, err := f.WriteAt(c.data, c.off)
					must(err)
				default: // some sectors
					for lo := c.off; lo < c.off+int64(len(c.data)); {
						hi := min((lo/sector+1)*sector, c.off+int64(len(c.data)))
						if rng.IntN(2) == 0 {
							_, err := f.WriteAt(c.data[lo-c.off:hi-c.off], lo)
							must(err)
						}
						lo = hi
					}
				}
			}
		}
		f.Close()
	}
	clear(fs.unsynced)
}

// Open implements vfs.VFS; SQLite calls OpenFilename instead.
func (fs *FS) Open(name string, flags vfs.OpenFlag) (vfs.File, vfs.OpenFlag, error) {
	return fs.base.Open(name, flags)
}

// counted are the kinds of file whose operations the fault applies to.
const counted = vfs.OPEN_MAIN_DB | vfs.OPEN_WAL | vfs.OPEN_MAIN_JOURNAL | vfs.OPEN_SUPER_JOURNAL

// OpenFilename implements vfs.VFSFilename.
func (fs *FS) OpenFilename(name *vfs.Filename, flags vfs.OpenFlag) (vfs.File, vfs.OpenFlag, error) {
	f, flags, err := fs.base.OpenFilename(name, flags)
	if err != nil || name == nil || name.String() == "" || flags&counted == 0 {
		return f, flags, err
	}
	return &file{File: f, fs: fs, path: name.String()}, flags, nil
}

// Delete implements vfs.VFS: a mutating operation.
func (fs *FS) Delete(name string, syncDir bool) error {
	return fs.mutate(opDelete, name, nil, 0, nil, func() error { return fs.base.Delete(name, syncDir && fs.RealSync) })
}

// Access implements vfs.VFS.
func (fs *FS) Access(name string, flags vfs.AccessFlag) (bool, error) {
	return fs.base.Access(name, flags)
}

// FullPathname implements vfs.VFS.
func (fs *FS) FullPathname(name string) (string, error) { return fs.base.FullPathname(name) }

// file is a file of fs. It forwards the optional interfaces of the operating system's
// file that SQLite needs, except those that would write around the fault (batch
// atomic writes, size hints) or read around it (memory mapping).
type file struct {
	vfs.File
	fs   *FS
	path string
}

var (
	_ vfs.FileUnwrap             = (*file)(nil)
	_ vfs.FileLockState          = (*file)(nil)
	_ vfs.FilePersistWAL         = (*file)(nil)
	_ vfs.FilePowersafeOverwrite = (*file)(nil)
	_ vfs.FileHasMoved           = (*file)(nil)
	_ vfs.FileSharedMemory       = (*file)(nil)
)

func (f *file) WriteAt(p []byte, off int64) (int, error) {
	err := f.fs.mutate(opWrite, f.path, f.File, off, p, func() error {
		_, err := f.File.WriteAt(p, off)
		return err
	})
	if err != nil {
		return 0, err
	}
	return len(p), nil
}

func (f *file) Truncate(size int64) error {
	return f.fs.mutate(opTruncate, f.path, f.File, size, nil, func() error { return f.File.Truncate(size) })
}

func (f *file) Sync(flags vfs.SyncFlag) error {
	return f.fs.mutate(opSync, f.path, f.File, 0, nil, func() error {
		if !f.fs.RealSync {
			return nil
		}
		return f.File.Sync(flags)
	})
}

func (f *file) DeviceCharacteristics() vfs.DeviceCharacteristic {
	return f.File.DeviceCharacteristics() &^ vfs.IOCAP_BATCH_ATOMIC
}

func (f *file) Unwrap() vfs.File { return f.File }

func (f *file) LockState() vfs.LockLevel {
	if l, ok := f.File.(vfs.FileLockState); ok {
		return l.LockState()
	}
	return vfs.LOCK_EXCLUSIVE + 1 // unknown
}

func (f *file) PersistWAL() bool {
	if p, ok := f.File.(vfs.FilePersistWAL); ok {
		return p.PersistWAL()
	}
	return false
}

func (f *file) SetPersistWAL(keep bool) {
	if p, ok := f.File.(vfs.FilePersistWAL); ok {
		p.SetPersistWAL(keep)
	}
}

func (f *file) PowersafeOverwrite() bool {
	if p, ok := f.File.(vfs.FilePowersafeOverwrite); ok {
		return p.PowersafeOverwrite()
	}
	return false
}

func (f *file) SetPowersafeOverwrite(psow bool) {
	if p, ok := f.File.(vfs.FilePowersafeOverwrite); ok {
		p.SetPowersafeOverwrite(psow)
	}
}

func (f *file) HasMoved() (bool, error) {
	if m, ok := f.File.(vfs.FileHasMoved); ok {
		return m.HasMoved()
	}
	return false, nil
}

// SharedMemory forwards the wal-index of the operating system's file. The databases
// of package storage use exclusive locking and so never map it; others may.
func (f *file) SharedMemory() vfs.SharedMemory {
	if s, ok := f.File.(vfs.FileSharedMemory); ok {
		return s.SharedMemory()
	}
	return nil
}
