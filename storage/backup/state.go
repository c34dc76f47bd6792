package backup

import (
	"errors"
	"sync"
	"time"

	"github.com/superfly/ltx"

	"github.com/sobjects/sobjects/storage"
)

// The state of a Replica, in one type per concern. Only a type's own methods change its
// fields, so the rules that tie them together live beside them. Unless the type says
// otherwise, its fields are guarded by Replica.mu: call its methods with Replica.mu held.

// changes is what the database's owner read from the write-ahead log that no upload
// has taken yet.
type changes struct {
	pageSize   uint32
	cur        storage.WALCursor // the log read up to here
	pending    map[uint32][]byte // page number -> page
	commit     uint32            // database size in pages after the last commit read
	writes     int               // calls whose writes are in pending
	snapshot   bool              // pending holds every page: upload it as a snapshot
	needFull   bool              // frames were lost to the delta: the owner must read every page (loadAll)
	dirtySince time.Time         // when changes not uploaded were first read (zero: none)
	lastCommit time.Time         // when the last commit read into pending (or still in the log) was made
	loadedAt   time.Time         // when loadAll last read every page
}

// opened records the page size of the database just opened.
func (c *changes) opened(pageSize uint32) { c.pageSize = pageSize }

func (c *changes) markDirty() {
	if c.dirtySince.IsZero() {
		c.dirtySince = time.Now()
	}
}

// committed counts a commit of writes calls, made now, and reports whether the owner
// must read every page before the next upload.
func (c *changes) committed(writes int) (needFull bool) {
	c.writes += writes
	c.lastCommit = time.Now()
	c.markDirty()
	return c.needFull
}

// drop forgets the pages read and not uploaded: the bucket's state is what the local
// file is reconciled or cut back to.
func (c *changes) drop() { c.pending, c.writes, c.snapshot = nil, 0, false }

// seek sets the log position read up to: a sidecar's, or the start of the log.
func (c *changes) seek(cur storage.WALCursor) { c.cur = cur }

// rewind drops the changes after the log was cut back to cur, the position of the
// bucket's latest state. A snapshot that did not go up is still owed: the bucket's
// latest state is not one this file was built from, so every page is read again.
func (c *changes) rewind(cur storage.WALCursor) {
	c.needFull = c.needFull || c.snapshot
	c.cur = cur
	c.drop()
}

// wantSnapshot makes the next upload a snapshot of the pages read with loadAll.
func (c *changes) wantSnapshot() { c.snapshot = true }

// wantFull asks the owner to read every page (loadAll) before the next upload.
func (c *changes) wantFull() { c.needFull = true }

// loaded makes pages, every page of the database with its log up to cur, the pending
// snapshot.
func (c *changes) loaded(pages map[uint32][]byte, commit uint32, cur storage.WALCursor) {
	c.pending, c.commit, c.snapshot, c.needFull, c.cur, c.loadedAt = pages, commit, true, false, cur, time.Now()
	c.markDirty()
}

// readLog reads the frames committed since the cursor from the log at walPath into
// pending. A log restarted behind the cursor (which cannot happen while only this
// package checkpoints) loses frames to the delta: the cursor goes back to the start,
// needFull asks the owner for every page, and reset reports it.
func (c *changes) readLog(walPath string) (reset bool, err error) {
	if c.pending == nil {
		c.pending = map[uint32][]byte{}
	}
	cur, commit, err := storage.ReadWAL(walPath, c.cur, int(c.pageSize), func(pgno uint32, data []byte) {
		c.pending[pgno] = data
	})
	if errors.Is(err, storage.ErrWALReset) {
		c.cur, c.needFull = storage.WALCursor{}, true
		return true, nil
	}
	if err != nil {
		return false, err
	}
	c.cur = cur
	if commit != 0 {
		c.commit = commit
		c.markDirty()
	}
	return false, nil
}

// none reports that nothing read is waiting for an upload, nor is a snapshot owed.
func (c *changes) none() bool { return len(c.pending) == 0 && !c.snapshot && !c.needFull }

// checkpointed records that the log was folded into the file and restarted: the
// cursor, at the log's end, now points at the next generation of the log.
func (c *changes) checkpointed() { c.cur.Checkpointed = true }

// settled reports that no page is pending, and if so marks the changes uploaded.
func (c *changes) settled() bool {
	if len(c.pending) != 0 {
		return false
	}
	c.dirtySince = time.Time{}
	return true
}

// dirtyFor reports whether changes not uploaded were read at least age ago.
func (c *changes) dirtyFor(age time.Duration) bool {
	return !c.dirtySince.IsZero() && time.Since(c.dirtySince) >= age
}

// dirty reports whether changes were read that no upload took.
func (c *changes) dirty() bool { return !c.dirtySince.IsZero() }

// batch is what one upload takes from changes.
type batch struct {
	pages    map[uint32][]byte
	commit   uint32
	snapshot bool
	writes   int
	cur      storage.WALCursor // the log position the pages bring the bucket to
	pageSize uint32
	// at is the time the file is stamped with: that of the last commit it holds (the
	// state it rebuilds is the object as of then; interval mode uploads later), or, for
	// a snapshot read later (of a restore, say), when it was read.
	at time.Time
}

// take hands the pending pages to an upload and leaves none pending.
func (c *changes) take() batch {
	b := batch{pages: c.pending, commit: c.commit, snapshot: c.snapshot, writes: c.writes, cur: c.cur, pageSize: c.pageSize, at: c.lastCommit}
	if b.snapshot && c.loadedAt.After(b.at) {
		b.at = c.loadedAt
	}
	if b.at.IsZero() {
		b.at = time.Now()
	}
	c.pending, c.snapshot, c.writes, c.dirtySince = map[uint32][]byte{}, false, 0, time.Time{}
	return b
}

// putBack keeps the pages of a failed upload for the next try, under any read since.
func (c *changes) putBack(b batch) {
	for p, d := range b.pages {
		if _, ok := c.pending[p]; !ok {
			c.pending[p] = d
		}
	}
	c.snapshot = c.snapshot || b.snapshot
	c.writes += b.writes
	c.markDirty()
}

// position is where the bucket's copy stands: its last TXID, and the log position of
// the local state that TXID is.
type position struct {
	shipped   ltx.TXID          // the last TXID in the bucket
	cur       storage.WALCursor // log position of the state at shipped, while gen has not moved since
	gen       uint64            // checkpoints that folded frames not yet uploaded into the file
	uploading bool
}

// found sets the bucket's latest TXID, as a listing of the bucket found it.
func (p *position) found(latest ltx.TXID) { p.shipped = latest }

// at records that the local file plus the log up to cur is the state at shipped.
func (p *position) at(cur storage.WALCursor) { p.cur = cur }

// forget is the position of an object with no backup.
func (p *position) forget() { p.shipped, p.cur = 0, storage.WALCursor{} }

// folding counts a checkpoint. One that is not clean folds frames not yet uploaded
// into the file: the log position of an upload under way then no longer describes the
// file.
func (p *position) folding(clean bool) {
	if !clean {
		p.gen++
	}
}

// caughtUp records, after a clean checkpoint, that the log position cur (the log's
// end) is the state at shipped, and returns shipped; 0 when nothing was uploaded.
func (p *position) caughtUp(cur storage.WALCursor) ltx.TXID {
	if p.shipped == 0 {
		return 0
	}
	p.cur = cur
	return p.shipped
}

// begin starts an upload: it returns the TXID to write and the generation of the log
// the pages were read from.
func (p *position) begin() (txid ltx.TXID, gen uint64) {
	p.uploading = true
	return p.shipped + 1, p.gen
}

// end ends an upload, whatever came of it.
func (p *position) end() { p.uploading = false }

// skipTo sets the last TXID in the bucket to txid without a log position for it: a
// file not built from this log is there.
func (p *position) skipTo(txid ltx.TXID) { p.shipped = txid }

// uploaded records that txid, read from the log up to cur in generation gen, is in the
// bucket. It reports whether cur describes the local file still (no checkpoint folded
// other frames in since), so the sidecar may say so.
func (p *position) uploaded(txid ltx.TXID, gen uint64, cur storage.WALCursor) bool {
	p.shipped = txid
	if gen != p.gen {
		return false
	}
	p.cur = cur
	return true
}

// fencing is this node's claim to write the object: the epoch it took in the bucket,
// and whether another node has taken the object since. It has its own lock, taken
// last (never held while another is taken).
type fencing struct {
	mu      sync.Mutex
	epoch   uint64    // the epoch this node took; 0 before it took one
	checked time.Time // when the bucket's epoch was last read
	err     error     // ErrFenced, wrapped with why, once another node took the object
}

// took records that this node took epoch, just now.
func (f *fencing) took(epoch uint64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.epoch, f.checked = epoch, time.Now()
}

// claimed records that this node took epoch by a new claim (Options.Claim): a fence of
// an earlier claim's is over.
func (f *fencing) claimed(epoch uint64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.epoch, f.checked, f.err = epoch, time.Now(), nil
}

// current is the epoch this node took; 0 before it took one.
func (f *fencing) current() uint64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.epoch
}

// due reports whether the bucket's epoch was last read at least every ago.
func (f *fencing) due(every time.Duration) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return time.Since(f.checked) >= every
}

// checkedNow records that the bucket's epoch was read just now.
func (f *fencing) checkedNow() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.checked = time.Now()
}

// recheck makes the next check read the bucket's epoch.
func (f *fencing) recheck() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.checked = time.Time{}
}

// fence records that another node took the object: err says so.
func (f *fencing) fence(err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.err = err
}

// Err is the error fence recorded; nil while this node writes the object.
func (f *fencing) Err() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.err
}

// lifecycle is where the database is between its first open in this process and its
// close.
type lifecycle struct {
	prepared  bool // epoch taken and local file reconciled in this process
	deferred  bool // interval mode: opened without the bucket; reconcile before uploading
	open      bool // the database is open (between AfterOpen and AfterClose)
	restored  bool // prepare replaced the local file from the bucket (see Replica.Restored)
	markerDue bool // durable mode: delete the restore marker once the restored state is up
}

// markPrepared records that the epoch was taken and the file reconciled.
func (l *lifecycle) markPrepared() { l.prepared = true }

// opened and closed follow the database's opening and closing.
func (l *lifecycle) opened() { l.open = true }
func (l *lifecycle) closed() { l.open = false }

// unprepare makes the next open reconcile the local file with the bucket again.
func (l *lifecycle) unprepare() { l.prepared = false }

// deferPrepare records that the object opened without the bucket: the first upload
// reconciles first.
func (l *lifecycle) deferPrepare() { l.deferred = true }

// reconciled records that what prepare could not do was done by the first upload.
func (l *lifecycle) reconciled() { l.deferred, l.prepared = false, true }

// restoredFromBucket records that the local file was replaced from the bucket;
// markerDue, that the restore marker is deleted once the restored state is uploaded.
func (l *lifecycle) restoredFromBucket(markerDue bool) {
	l.restored = true
	l.markerDue = l.markerDue || markerDue
}

// clearRestored records that the host has read again what a restore replaced.
func (l *lifecycle) clearRestored() { l.restored = false }

// markerDeleted records that the restore marker is gone.
func (l *lifecycle) markerDeleted() { l.markerDue = false }

// failure is what a failed upload in durable mode leaves to do.
type failure struct {
	rollback  bool // cut the log back to the bucket's position at close
	ambiguous bool // the last failed upload may have reached the bucket
}

// failed records a failed upload: the commit is undone at close, and its file may be
// in the bucket.
func (f *failure) failed() { f.rollback, f.ambiguous = true, true }

// succeeded records an upload whose answer came: the bucket holds what it says.
func (f *failure) succeeded() { f.ambiguous = false }

// rolledBack records that the log was cut back.
func (f *failure) rolledBack() { f.rollback = false }

// schedule is when the object's history in the bucket is next maintained.
type schedule struct {
	uploads    int       // uploads since the last maintenance
	maintained time.Time // when maintenance last ran
}

// uploaded counts an upload.
func (m *schedule) uploaded() { m.uploads++ }

// claim reports whether maintenance is due at now (an upload since the last one, at
// least every ago) and if so records that it runs now.
func (m *schedule) claim(now time.Time, every time.Duration) bool {
	if m.uploads == 0 || now.Sub(m.maintained) < every {
		return false
	}
	m.uploads, m.maintained = 0, now
	return true
}

// failed makes maintenance due again at the next round.
func (m *schedule) failed() { m.uploads++ }
