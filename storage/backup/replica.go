package backup

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path"
	"sync"
	"time"

	"github.com/superfly/ltx"

	"github.com/sobjects/sobjects/storage"
)

// Replica copies the changes of one object's database to the bucket.
//
// After each commit the database's owner (the goroutine that holds it) reads the new
// frames of the write-ahead log into pending: the pages changed since the last upload.
// An upload encodes pending as one LTX file with the next TXID. Automatic checkpoints
// are off (storage.Options.Replicated), so the log keeps every frame until the owner has
// read it; the owner checkpoints once the log passes checkpointBytes.
//
// A sidecar file beside the database (<db>-backup) records the TXID of the last upload
// and the log position it covers, so that after a restart the Replica knows whether
// the local file is the bucket's latest state plus the frames after that position.
type Replica struct {
	s                  *Store
	path               string
	key                string // <prefix>/<class>/<id> in the bucket
	class, id, objName string
	shipMu             chanMutex  // one upload at a time, so TXIDs go out in order
	maintMu            sync.Mutex // one maintenance at a time
	fencing            fencing    // its own lock

	mu      sync.Mutex // guards the sub-states below (state.go)
	changes changes    // read from the log, not yet uploaded
	pos     position   // the bucket's latest TXID and the log position it covers
	life    lifecycle  // prepared, deferred, open, restored
	failure failure    // durable mode: what a failed upload leaves to do
	sched   schedule   // maintenance
}

// newReplica is the replica of the object class/id, called name, whose database is at
// path.
func newReplica(s *Store, path, class, id, name string) *Replica {
	return &Replica{s: s, path: path, key: class + "/" + id, class: class, id: id, objName: name, shipMu: newChanMutex()}
}

// Err is ErrFenced (wrapped, with why) once another node took the object: this node
// must not write it any more; nil otherwise.
func (r *Replica) Err() error {
	return r.fencing.Err()
}

// Exists reports whether the object has data: a local database file, or a backup in
// the bucket.
func (r *Replica) Exists(ctx context.Context) (bool, error) {
	if _, err := os.Stat(r.path); err == nil {
		return true, nil
	}
	h, err := listHistory(ctx, r.s.b, r.key)
	if err != nil {
		return false, err
	}
	return h.latest() != 0, nil
}

// Restored reports that the database was restored from the bucket when it was last
// opened: whatever the host keeps about it elsewhere (its alarm in the engine's index)
// must be read from it again, and then ClearRestored called.
func (r *Replica) Restored() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.life.restored
}

// ClearRestored is called once what Restored asked for is done.
func (r *Replica) ClearRestored() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.life.clearRestored()
}

// chanMutex is a mutex whose Lock can give up when a context ends.
type chanMutex chan struct{}

func newChanMutex() chanMutex { return make(chanMutex, 1) }
func (m chanMutex) Unlock()   { <-m }
func (m chanMutex) LockCtx(ctx context.Context) error {
	select {
	case m <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// sidecar is the content of <db>-backup.
type sidecar struct {
	TXID   ltx.TXID          `json:"txid"`
	Cursor storage.WALCursor `json:"wal"`
}

func (r *Replica) sidecarPath() string { return r.path + "-backup" }

func (r *Replica) readSidecar() (sidecar, bool) {
	b, err := os.ReadFile(r.sidecarPath())
	if err != nil {
		return sidecar{}, false
	}
	var sc sidecar
	if json.Unmarshal(b, &sc) != nil {
		return sidecar{}, false
	}
	return sc, true
}

// writeSidecar records that the local file plus the log up to cur is TXID txid. It is
// not synced: a lost or stale sidecar costs a snapshot upload, never data.
func (r *Replica) writeSidecar(txid ltx.TXID, cur storage.WALCursor) {
	b, _ := json.Marshal(sidecar{TXID: txid, Cursor: cur})
	tmp := r.sidecarPath() + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err == nil {
		err = os.Rename(tmp, r.sidecarPath())
		if err != nil {
			r.s.log.Warn("backup: sidecar", "object", r.key, "err", err)
		}
	}
}

// epochRecord is the content of the epoch key of an object.
type epochRecord struct {
	Epoch uint64    `json:"epoch"`
	Node  string    `json:"node"`
	Class string    `json:"class"`
	Name  string    `json:"name"`
	ID    string    `json:"id"`
	Time  time.Time `json:"time"`
}

func (r *Replica) readEpoch(ctx context.Context) (epochRecord, string, error) {
	body, etag, err := r.s.b.Get(ctx, r.key+"/epoch")
	if err != nil {
		return epochRecord{}, "", err
	}
	defer body.Close()
	var rec epochRecord
	if err := json.NewDecoder(body).Decode(&rec); err != nil {
		return epochRecord{}, "", fmt.Errorf("%s/epoch: %w", r.key, err)
	}
	return rec, etag, nil
}

// ClusterEpoch is the epoch the bucket holds for claim epoch (Options.Claim):
// clusterEpochBase above it, so that a claimed epoch is above every epoch counted by
// single nodes' activations, and a bucket first written by one node can be taken over
// by a cluster.
func ClusterEpoch(epoch uint64) uint64 { return clusterEpochBase + epoch }

const clusterEpochBase = 1 << 48

// takeEpoch makes this node the object's writer: it raises the epoch in the bucket
// with a conditional write, so of two nodes activating the object at once one wins.
// With Options.Claim, the epoch is the claim's (takeClaimedEpoch).
func (r *Replica) takeEpoch(ctx context.Context) error {
	if r.s.opts.Claim != nil {
		return r.takeClaimedEpoch(ctx)
	}
	for try := 0; ; try++ {
		rec, etag, err := r.readEpoch(ctx)
		if err != nil && !errors.Is(err, ErrNotFound) {
			return err
		}
		rec = epochRecord{Epoch: rec.Epoch + 1, Node: r.s.opts.Node, Class: r.class, Name: r.objName, ID: r.id, Time: time.Now().UTC()}
		b, _ := json.Marshal(rec)
		_, err = r.s.b.Put(ctx, r.key+"/epoch", bytes.NewReader(b), Cond{IfNoneMatch: etag == "", IfMatch: etag})
		if err == nil {
			r.fencing.took(rec.Epoch)
			return nil
		}
		if !errors.Is(err, ErrPrecondition) || try == 3 {
			return fmt.Errorf("take epoch of %s: %w", r.key, err)
		}
	}
}

// takeClaimedEpoch writes the epoch of this node's claim of the object into the bucket,
// where it must be above the bucket's: a bucket at a higher epoch means that a later
// claim, another node's, wrote it, and this node is fenced. The same epoch again is
// this claim's own (a restore prepares again).
func (r *Replica) takeClaimedEpoch(ctx context.Context) error {
	claim, err := r.s.opts.Claim(ctx, r.key)
	if err != nil {
		return &claimError{fmt.Errorf("take epoch of %s: claim: %w", r.key, err)}
	}
	epoch := ClusterEpoch(claim)
	for try := 0; ; try++ {
		rec, etag, err := r.readEpoch(ctx)
		if err != nil && !errors.Is(err, ErrNotFound) {
			return err
		}
		switch {
		case rec.Epoch > epoch:
			return r.fence(ctx, fmt.Sprintf("the bucket's epoch is %d, newer than this node's claim %d", rec.Epoch, epoch))
		case rec.Epoch == epoch && rec.Node == r.s.opts.Node:
			r.fencing.claimed(epoch)
			return nil
		}
		rec = epochRecord{Epoch: epoch, Node: r.s.opts.Node, Class: r.class, Name: r.objName, ID: r.id, Time: time.Now().UTC()}
		b, _ := json.Marshal(rec)
		_, err = r.s.b.Put(ctx, r.key+"/epoch", bytes.NewReader(b), Cond{IfNoneMatch: etag == "", IfMatch: etag})
		if err == nil {
			r.fencing.claimed(epoch)
			return nil
		}
		if !errors.Is(err, ErrPrecondition) || try == 3 {
			return fmt.Errorf("take epoch of %s: %w", r.key, err)
		}
	}
}

// claimError is takeClaimedEpoch's error when Options.Claim refused the object (another
// node owns it, or the coordinator did not answer): not a failure of the bucket.
type claimError struct{ err error }

func (e *claimError) Error() string { return e.err.Error() }
func (e *claimError) Unwrap() error { return e.err }

// prepare runs before the first open of the database in this process (and after a
// restore was asked for), holding shipMu: it takes the
// epoch and reconciles the local file with the bucket. In durable mode the bucket is
// the truth: frames after the last upload are cut (they were never acknowledged) and a
// local file that does not match is replaced by a restore. In interval mode the local
// file is the truth: frames after the last upload are uploaded, and a file that does
// not match is uploaded whole as a snapshot. A missing local file is restored from the
// bucket in both modes.
func (r *Replica) prepare(ctx context.Context) error {
	if err := r.takeEpoch(ctx); err != nil {
		return err
	}
	h, err := listHistory(ctx, r.s.b, r.key)
	if err != nil {
		return err
	}
	latest := h.latest()
	r.mu.Lock()
	r.pos.found(latest)
	r.changes.drop()
	r.mu.Unlock()
	marker, err := r.readRestoreMarker(ctx)
	if err != nil {
		return err
	}
	if marker != 0 {
		// A point-in-time restore asked for at the last activation.
		_, err := restoreFile(ctx, r.s.b, r.key, marker, r.path, nil)
		switch {
		case errors.Is(err, ErrBookmarkGone):
			// Retention removed it since: the object goes on as it is.
			r.s.log.Error("backup: the restore asked for can no longer be done; the object is left as it was", "object", r.key, "bookmark", Bookmark(marker), "err", err)
			if err := r.s.b.Delete(ctx, r.key+"/restore"); err != nil {
				return err
			}
		case err != nil:
			return fmt.Errorf("restore %s to %s: %w", r.key, Bookmark(marker), err)
		default:
			os.Remove(r.sidecarPath())
			r.s.log.Info("backup: restored to bookmark", "object", r.key, "bookmark", Bookmark(marker))
			// In durable mode, which trusts the bucket over the file, a crash must find
			// the marker and restore again until the restored state is uploaded.
			durable := r.s.opts.Mode == ModeDurable
			r.mu.Lock()
			r.changes.wantSnapshot() // the restored state becomes the next TXID
			r.life.restoredFromBucket(durable)
			r.mu.Unlock()
			if durable {
				return nil
			}
			// Interval mode trusts the file: after a crash the restored file (and what
			// was written since) goes up as a snapshot.
			return r.s.b.Delete(ctx, r.key+"/restore")
		}
	}
	_, statErr := os.Stat(r.path)
	local := statErr == nil
	sc, scOK := r.readSidecar()
	match := local && scOK && sc.TXID == latest && latest != 0
	switch {
	case !local && latest == 0: // a new object
		r.mu.Lock()
		r.changes.wantSnapshot()
		r.mu.Unlock()
	case !local:
		t, err := restoreFile(ctx, r.s.b, r.key, 0, r.path, nil)
		if err != nil {
			return fmt.Errorf("restore %s: %w", r.key, err)
		}
		r.s.log.Info("backup: restored missing database from the bucket", "object", r.key, "bookmark", Bookmark(t))
		r.mu.Lock()
		r.pos.at(storage.WALCursor{})
		r.life.restoredFromBucket(false)
		r.mu.Unlock()
		r.writeSidecar(t, storage.WALCursor{})
	case match && r.s.opts.Mode == ModeDurable:
		// Frames after the last upload were never acknowledged: cut them.
		if err := storage.TruncateWAL(r.path+"-wal", sc.Cursor); err != nil {
			return err
		}
		r.mu.Lock()
		r.changes.seek(sc.Cursor)
		r.pos.at(sc.Cursor)
		r.mu.Unlock()
	case match:
		r.mu.Lock()
		r.changes.seek(sc.Cursor) // AfterOpen reads the frames after it
		r.pos.at(sc.Cursor)
		r.mu.Unlock()
	case r.s.opts.Mode == ModeDurable && latest != 0:
		t, err := restoreFile(ctx, r.s.b, r.key, 0, r.path, nil)
		if err != nil {
			return fmt.Errorf("restore %s: %w", r.key, err)
		}
		r.s.log.Warn("backup: local database did not match the bucket; replaced it with the bucket's latest", "object", r.key, "bookmark", Bookmark(t))
		r.mu.Lock()
		r.pos.at(storage.WALCursor{})
		r.life.restoredFromBucket(false)
		r.mu.Unlock()
		r.writeSidecar(t, storage.WALCursor{})
	default:
		r.s.log.Info("backup: local database is not the bucket's latest; uploading a snapshot", "object", r.key, "bucket_txid", latest)
		r.mu.Lock()
		r.changes.wantSnapshot()
		r.mu.Unlock()
	}
	return nil
}

// reconcile does what prepare could not while the bucket was away (interval mode): it
// takes the epoch and finds the bucket's latest TXID, above which the local file goes
// up whole (needFull was set). shipMu must be held.
func (r *Replica) reconcile(ctx context.Context) error {
	if err := r.takeEpoch(ctx); err != nil {
		return err
	}
	h, err := listHistory(ctx, r.s.b, r.key)
	if err != nil {
		return err
	}
	// A restore asked for before was due when the object opened, which served the
	// local copy: doing it now would undo what was acknowledged since.
	if marker, err := r.readRestoreMarker(ctx); err != nil {
		return err
	} else if marker != 0 {
		r.s.log.Error("backup: the object opened while the bucket was away; the restore asked for is dropped", "object", r.key, "bookmark", Bookmark(marker))
		if err := r.s.b.Delete(ctx, r.key+"/restore"); err != nil {
			return err
		}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.pos.found(h.latest())
	r.life.reconciled()
	return nil
}

// attach runs once the database is open, with its owner: it reads frames the log holds
// past the cursor, or every page when a snapshot is due.
func (r *Replica) attach(db *storage.DB) error {
	ps, err := db.PageSize()
	if err != nil {
		return err
	}
	r.mu.Lock()
	r.changes.opened(uint32(ps))
	r.life.opened()
	snap := r.changes.snapshot
	r.mu.Unlock()
	if snap {
		return r.loadAll()
	}
	return r.capture(db)
}

// loadAll makes pending every page of the database, for a snapshot.
func (r *Replica) loadAll() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	// The database as it is: the file, with the log's committed frames over it.
	// Nothing is checkpointed, so the log's last frames can still be cut (durable mode
	// undoes a commit that did not reach the bucket that way).
	data, err := os.ReadFile(r.path)
	if err != nil {
		return err
	}
	ps := int(r.changes.pageSize)
	pages := make(map[uint32][]byte, len(data)/ps)
	for i := 0; i+ps <= len(data); i += ps {
		pages[uint32(i/ps)+1] = data[i : i+ps : i+ps]
	}
	commit := uint32(len(data) / ps)
	// Every frame of the log's generation: those the file holds already change nothing.
	cur, walCommit, err := storage.ReadWAL(r.path+"-wal", storage.WALCursor{}, ps, func(pgno uint32, d []byte) { pages[pgno] = d })
	if err != nil {
		return err
	}
	if walCommit != 0 {
		commit = walCommit
	}
	r.changes.loaded(pages, commit, cur)
	return nil
}

// readLocked reads the frames committed since the cursor into pending. r.mu must be
// held. A log restarted behind the cursor (which cannot happen while only this package
// checkpoints) loses frames to the delta: needFull then asks the owner for every page.
func (r *Replica) readLocked() error {
	reset, err := r.changes.readLog(r.path + "-wal")
	if reset {
		r.s.log.Error("backup: write-ahead log restarted behind the replica; uploading a snapshot", "object", r.key)
	}
	if err != nil {
		return fmt.Errorf("backup: read write-ahead log: %w", err)
	}
	return nil
}

// capture reads the frames committed since the cursor into pending, or every page when
// needFull. The owner calls it.
func (r *Replica) capture(db *storage.DB) error {
	r.mu.Lock()
	err := r.readLocked()
	full := r.changes.needFull
	r.mu.Unlock()
	if full {
		return r.loadAll()
	}
	return err
}

// checkpointBytes is the log size past which the owner checkpoints (after reading the
// frames, in interval mode; after their upload, in durable mode).
const checkpointBytes = 4 << 20

// checkpoint folds the log into the database file and restarts it. If frames not yet
// uploaded are folded in, the sidecar no longer describes the file: it is removed
// until the next upload that follows a clean checkpoint.
func (r *Replica) checkpoint(db *storage.DB) error {
	if db.CheckpointHeld() { // a snapshot is being copied: the log grows until it is done
		return nil
	}
	// Under the lock: nothing reads the file or the log (readLocked, loadAll) while the
	// checkpoint rewrites them.
	r.mu.Lock()
	defer r.mu.Unlock()
	clean := r.changes.none() && !r.pos.uploading
	r.pos.folding(clean)
	if !clean {
		os.Remove(r.sidecarPath())
	}
	if err := db.Checkpoint(); err != nil {
		return err
	}
	// The cursor is at the log's end: its owner read every frame before this.
	r.changes.checkpointed()
	if clean {
		if txid := r.pos.caughtUp(r.changes.cur); txid != 0 {
			r.writeSidecar(txid, r.changes.cur)
		}
	}
	return nil
}

// logFull reports whether db's log has grown past checkpointBytes.
// Checkpoint folds the log into the database file, as a snapshot needs
// (storage.Pool.HoldCheckpoints), reading first, in interval mode, the frames not yet
// uploaded. Call it with the object's database in hand, between batches.
func (r *Replica) Checkpoint(db *storage.DB) error {
	if r.s.opts.Mode != ModeDurable {
		if err := r.capture(db); err != nil {
			return err
		}
	}
	return r.checkpoint(db)
}

func (r *Replica) logFull(db *storage.DB) bool {
	r.mu.Lock()
	ps := r.changes.pageSize
	r.mu.Unlock()
	return int64(db.LogFrames())*int64(ps) >= checkpointBytes
}

// errNeedSnapshot means the next upload must hold every page (see shipOwned).
var errNeedSnapshot = errors.New("a snapshot must be uploaded")

// shipOwned is ship for the database's owner, which can read every page when a
// snapshot must be uploaded.
func (r *Replica) shipOwned(ctx context.Context, db *storage.DB) error {
	err := r.ship(ctx)
	if errors.Is(err, errNeedSnapshot) {
		if err = r.loadAll(); err == nil {
			err = r.ship(ctx)
		}
	}
	return err
}

// errOwnFile means an upload found its TXID already written by this writer: an earlier
// try succeeded though its answer was lost.
var errOwnFile = errors.New("file already uploaded by this writer")

// ship uploads pending as the next TXID. It returns nil if there was nothing to upload.
func (r *Replica) ship(ctx context.Context) error {
	if err := r.shipMu.LockCtx(ctx); err != nil {
		return err
	}
	defer r.shipMu.Unlock()
	r.mu.Lock()
	deferred := r.life.deferred
	r.mu.Unlock()
	if deferred {
		if err := r.reconcile(ctx); err != nil {
			return err
		}
	}
	r.mu.Lock()
	if err := r.fencing.Err(); err != nil {
		r.mu.Unlock()
		return err
	}
	if err := r.readLocked(); err != nil {
		r.mu.Unlock()
		return err
	}
	if r.changes.needFull {
		if r.life.open {
			r.mu.Unlock()
			return errNeedSnapshot // the owner reads every page
		}
		// Closed, the database has no owner: its file (the log was checkpointed at
		// close) is read here.
		r.mu.Unlock()
		if err := r.loadAll(); err != nil {
			return err
		}
		r.mu.Lock()
	}
	if r.changes.settled() {
		r.mu.Unlock()
		return nil
	}
	up := r.changes.take()
	txid, gen := r.pos.begin()
	r.mu.Unlock()

	start := time.Now()
	var n int
	err := r.checkEpoch(ctx)
	for err == nil {
		n, err = r.put(ctx, up.pageSize, up.pages, up.commit, up.snapshot, txid, up.at)
		if !errors.Is(err, errOwnFile) {
			break
		}
		r.mu.Lock()
		ambiguous := r.failure.ambiguous
		if ambiguous {
			// A durable upload that failed did reach the bucket, but its commit was cut
			// from the log: the file at txid is not this database's past. Only a snapshot
			// can follow it.
			r.pos.skipTo(txid)
			r.pos.end()
			r.failure.succeeded()
		}
		r.mu.Unlock()
		if ambiguous {
			return errNeedSnapshot
		}
		txid++ // the pages go on top of the file already there (a superset of it)
		err = nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.pos.end()
	if errors.Is(err, errForked) && r.s.opts.Mode == ModeInterval {
		// In interval mode the local file is the truth: it goes up whole, after the
		// older writer's file.
		r.pos.skipTo(txid)
		r.changes.wantFull()
	}
	if err != nil {
		r.changes.putBack(up) // for the next try, under any newer pages
		r.s.metrics.failures.Inc()
		return err
	}
	r.failure.succeeded()
	r.sched.uploaded()
	if r.pos.uploaded(txid, gen, up.cur) {
		r.writeSidecar(txid, up.cur)
	}
	r.s.metrics.uploaded(n, up.writes, time.Since(start))
	return nil
}

// put writes one LTX file with a create-only conditional write. A file already at
// that key is checked: this writer's (errOwnFile), or another node's, which fences
// this one if its epoch is newer.
//
// A snapshot goes up twice: as the level-0 file of its TXID (holding every page, it
// rebuilds the database on any base), where the conditional write fences writers as
// for any upload, and then as a level-9 snapshot, where a restore may start.
func (r *Replica) put(ctx context.Context, pageSize uint32, pages map[uint32][]byte, commit uint32, snap bool, txid ltx.TXID, now time.Time) (int, error) {
	epoch := r.fencing.current()
	body, err := encodeLTX(pageSize, commit, txid, txid, now, epoch, pages)
	if err != nil {
		return 0, err
	}
	key := ltxKey(r.key, levelUpload, txid, txid)
	_, err = r.s.b.Put(ctx, key, bytes.NewReader(body), Cond{IfNoneMatch: true})
	if err == nil && snap && txid != 1 {
		n := len(body)
		if body, err = encodeLTX(pageSize, commit, 1, txid, now, epoch, pages); err != nil {
			return 0, err
		}
		_, err = r.s.b.Put(ctx, ltxKey(r.key, levelSnapshot, 1, txid), bytes.NewReader(body), Cond{})
		return n + len(body), err
	}
	if !errors.Is(err, ErrPrecondition) {
		return len(body), err
	}
	other, err := r.fileEpoch(ctx, key)
	if err != nil {
		return 0, err
	}
	if other == epoch {
		return 0, errOwnFile
	}
	if other > epoch {
		return 0, r.fence(ctx, fmt.Sprintf("%s holds a file of epoch %d, newer than this node's %d", key, other, epoch))
	}
	// An older writer slipped a file in after this node took the object: its writes
	// are part of the object's history now, and this node's changes were not made on
	// top of them.
	r.s.log.Warn("backup: a file of an older writer is where this node writes next", "key", key, "its_epoch", other, "epoch", epoch)
	return 0, fmt.Errorf("%w: %s (epoch %d, this node's is %d)", errForked, key, other, epoch)
}

// errForked means an older writer's file holds the TXID this node was to write next.
var errForked = errors.New("an older writer's file is in the way")

// fence stops this node writing the object: another node took it (a newer epoch).
func (r *Replica) fence(ctx context.Context, why string) error {
	rec, _, _ := r.readEpoch(ctx)
	err := fmt.Errorf("%w: %s: %s is now written by node %q (epoch %d, taken %s); this node stops writing it",
		ErrFenced, why, r.key, rec.Node, rec.Epoch, rec.Time.Format(time.RFC3339))
	r.fencing.fence(err)
	r.s.log.Error("backup: another node writes this object; this node stops writing it", "err", err)
	return err
}

// checkEpoch reads the object's epoch if it was last read more than epochCheckEvery
// ago, and fences this node if a newer one took the object. Together with create-only
// uploads, it bounds how long an older writer can go on after another node took over.
func (r *Replica) checkEpoch(ctx context.Context) error {
	if !r.fencing.due(r.s.epochCheckEvery) {
		return nil
	}
	rec, _, err := r.readEpoch(ctx)
	if err != nil {
		return err
	}
	r.fencing.checkedNow()
	if epoch := r.fencing.current(); rec.Epoch > epoch {
		return r.fence(ctx, fmt.Sprintf("the bucket's epoch is %d, newer than this node's %d", rec.Epoch, epoch))
	}
	return nil
}

// epochCheckEvery is how often an uploading replica reads its object's epoch.
const epochCheckEvery = time.Second

// fileEpoch reads the writer's epoch (the NodeID field) from the LTX header at key.
func (r *Replica) fileEpoch(ctx context.Context, key string) (uint64, error) {
	body, _, err := r.s.b.Get(ctx, key)
	if err != nil {
		return 0, err
	}
	defer body.Close()
	hdr, _, err := ltx.PeekHeader(body)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", key, err)
	}
	return hdr.NodeID, nil
}

// restoreMarker is the content of the restore key.
type restoreMarker struct {
	Bookmark string    `json:"bookmark"`
	Asked    time.Time `json:"asked"`
}

func (r *Replica) readRestoreMarker(ctx context.Context) (ltx.TXID, error) {
	body, _, err := r.s.b.Get(ctx, path.Join(r.key, "restore"))
	if errors.Is(err, ErrNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	defer body.Close()
	var m restoreMarker
	if err := json.NewDecoder(body).Decode(&m); err != nil {
		return 0, fmt.Errorf("%s/restore: %w", r.key, err)
	}
	return ParseBookmark(m.Bookmark)
}

// Committed runs after each commit of the database: it reads the commit's changes and,
// in durable mode, uploads them before returning (the output gate); writes is the
// number of calls the commit holds. The database's owner calls it.
//
// # Errors
//
// In durable mode, an upload that failed: none of the commit's calls may be
// acknowledged, and the caller must close the database (storage.Pool.Evict) so its
// log is cut back to the last upload. ErrFenced when another node took the object.
func (r *Replica) Committed(ctx context.Context, db *storage.DB, writes int) error {
	r.mu.Lock()
	full := r.changes.committed(writes)
	r.mu.Unlock()
	if full {
		if err := r.loadAll(); err != nil {
			return err
		}
	}
	if err := r.Err(); err != nil {
		return err
	}
	if r.s.opts.Mode != ModeDurable {
		// The frames stay in the log until the upload reads them, unless the log grows
		// past checkpointBytes: then they are read now and the log is emptied.
		if r.logFull(db) {
			if err := r.capture(db); err != nil {
				return err
			}
			return r.checkpoint(db)
		}
		return nil
	}
	if err := r.shipOwned(ctx, db); err != nil {
		r.mu.Lock()
		r.failure.failed()
		if errors.Is(err, errForked) {
			// An older writer's acknowledged writes are in the bucket: the next open
			// takes the bucket's latest state (durable mode's truth) before going on.
			r.life.unprepare()
		}
		r.mu.Unlock()
		return fmt.Errorf("%w: %w", ErrNotDurable, err)
	}
	if r.logFull(db) {
		return r.checkpoint(db)
	}
	return nil
}

// Delete removes the object's backup from the bucket, with the sidecar beside its
// database, so a deleted object does not come back from the bucket. Call it with the
// database closed and its file removed. A node that another took the object from
// deletes nothing and gets ErrFenced.
func (r *Replica) Delete(ctx context.Context) error {
	s := r.s
	if err := r.shipMu.LockCtx(ctx); err != nil {
		return err
	}
	defer r.shipMu.Unlock()
	// Maintenance under way lists, compacts and trims files by name; a new object of
	// the same name would reuse those names. It finishes first.
	r.maintMu.Lock()
	defer r.maintMu.Unlock()
	// Only the object's writer deletes its backup: another node's must stay. A node
	// that has not opened the object in this process becomes its writer to delete it.
	if r.fencing.current() == 0 {
		if err := r.takeEpoch(ctx); err != nil {
			return err
		}
	} else {
		r.fencing.recheck()
		if err := r.checkEpoch(ctx); err != nil {
			return err
		}
	}
	if err := r.Err(); err != nil {
		return err
	}
	objs, err := s.b.List(ctx, r.key+"/")
	if err != nil {
		return err
	}
	keys := make([]string, 0, len(objs))
	for _, o := range objs {
		if o.Key != r.key+"/epoch" { // the epoch stays: it fences older writers
			keys = append(keys, o.Key)
		}
	}
	if err := s.b.Delete(ctx, keys...); err != nil {
		return err
	}
	os.Remove(r.sidecarPath())
	r.mu.Lock()
	defer r.mu.Unlock()
	r.changes.drop()
	r.changes.seek(storage.WALCursor{})
	r.pos.forget()
	r.life.unprepare()
	return nil
}

// CurrentBookmark uploads the database's changes, if any, and returns the bookmark of
// its last committed state. The database's owner calls it.
func (r *Replica) CurrentBookmark(ctx context.Context, db *storage.DB) (string, error) {
	if err := r.shipOwned(ctx, db); err != nil {
		return "", err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return Bookmark(r.pos.shipped), nil
}

// HandOver gives the object up so that another node of the cluster can serve it: it
// uploads the database's changes, if any, gives up this node's claim
// (Options.Release), and makes the next open here take the object again as a first
// open does (a new claim, and the local file reconciled with the bucket, which another
// node may have written meanwhile). The database's owner calls it, then closes the
// database before anything else runs in it (storage.Pool.Evict).
//
// # Errors
//
// Errors of the upload, which leave the object this node's; an error when the store
// has no Options.Release; the release's, after which the next open claims the object
// again.
func (r *Replica) HandOver(ctx context.Context, db *storage.DB) error {
	if r.s.opts.Release == nil {
		return fmt.Errorf("backup: hand over %s: the store shares no cluster (Options.Release is nil)", r.key)
	}
	if err := r.shipOwned(ctx, db); err != nil {
		return fmt.Errorf("hand over %s: %w", r.key, err)
	}
	r.mu.Lock()
	r.life.unprepare()
	r.mu.Unlock()
	if err := r.s.opts.Release(ctx, r.key); err != nil {
		return fmt.Errorf("hand over %s: %w", r.key, err)
	}
	return nil
}

// BookmarkAt returns the bookmark of the newest state of the object that
// reached the bucket at or before t.
//
// # Errors
//
// ErrTooOld when t is before the kept history, as a *TooOldError that names the
// earliest restorable time; ErrNoBackup.
func (r *Replica) BookmarkAt(ctx context.Context, t time.Time) (string, error) {
	return BookmarkAt(ctx, r.s.b, r.class, r.id, t)
}

// RestoreOnNextOpen asks that the database of db be restored to bookmark when it is
// next opened, and returns the bookmark of its current state, which undoes the
// restore when restored to in turn. The caller closes the database after its call
// (storage.Pool.Evict). https://developers.cloudflare.com/durable-objects/api/storage-api/#onnextsessionrestorebookmark
//
// # Errors
//
// ErrBadBookmark; ErrBookmarkGone when the bucket cannot rebuild it.
func (r *Replica) RestoreOnNextOpen(ctx context.Context, db *storage.DB, bookmark string) (undo string, err error) {
	s := r.s
	target, err := ParseBookmark(bookmark)
	if err != nil {
		return "", err
	}
	h, err := listHistory(ctx, s.b, r.key)
	if err != nil {
		return "", err
	}
	if _, err := h.plan(target); err != nil {
		return "", err
	}
	undo, err = r.CurrentBookmark(ctx, db)
	if err != nil {
		return "", err
	}
	m, _ := json.Marshal(restoreMarker{Bookmark: bookmark, Asked: time.Now().UTC()})
	if _, err := s.b.Put(ctx, path.Join(r.key, "restore"), bytes.NewReader(m), Cond{}); err != nil {
		return "", err
	}
	r.mu.Lock()
	r.life.unprepare() // the next open restores
	r.mu.Unlock()
	return undo, nil
}

// The Store's side of the replica (store.go, maintain.go).

// isPrepared reports whether the epoch was taken and the local file reconciled in this
// process (see Store.BeforeOpen).
func (r *Replica) isPrepared() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.life.prepared
}

// markPrepared records that prepare succeeded.
func (r *Replica) markPrepared() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.life.markPrepared()
}

// servedWithoutBucket records that the object opens while prepare could not reach the
// bucket (interval mode): the first upload reconciles, and the local file goes up
// whole.
func (r *Replica) servedWithoutBucket() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.life.deferPrepare()
	r.changes.wantFull()
}

// deleteMarkerIfDue deletes the restore marker once the restored state is in the
// bucket (durable mode; see prepare).
func (r *Replica) deleteMarkerIfDue(ctx context.Context) error {
	r.mu.Lock()
	due := r.life.markerDue
	r.mu.Unlock()
	if !due {
		return nil
	}
	if err := r.s.b.Delete(ctx, r.key+"/restore"); err != nil {
		return err
	}
	r.mu.Lock()
	r.life.markerDeleted()
	r.mu.Unlock()
	return nil
}

// rollingBack reports whether a failed durable upload left the log to be cut back at
// close.
func (r *Replica) rollingBack() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.failure.rollback
}

// closed runs once the database is closed: in durable mode, after an upload failed,
// the frames that did not reach the bucket are cut from the log.
func (r *Replica) closed() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.life.closed()
	if !r.failure.rollback {
		return
	}
	if err := storage.TruncateWAL(r.path+"-wal", r.pos.cur); err != nil {
		r.s.log.Error("backup: cutting unacknowledged frames", "object", r.key, "err", err)
		r.life.unprepare() // reconcile with the bucket at the next open
	}
	r.changes.rewind(r.pos.cur)
	r.failure.rolledBack()
}

// uploadDue reports whether flush should upload (or wait for) this replica: changes
// read at least age ago, or an upload under way; never once fenced.
func (r *Replica) uploadDue(age time.Duration) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return (r.changes.dirtyFor(age) || r.pos.uploading) && r.fencing.Err() == nil
}

// changesOnlyHere reports whether the replica is fenced with changes no upload took:
// what it acknowledged since is only on this disk.
func (r *Replica) changesOnlyHere() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.fencing.Err() != nil && r.changes.dirty()
}

// claimMaintenance reports whether maintenance is due at now (see schedule.claim), and
// if so records that it runs; never once fenced.
func (r *Replica) claimMaintenance(now time.Time, every time.Duration) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.fencing.Err() == nil && r.sched.claim(now, every)
}

// maintenanceFailed makes maintenance due again at the next round.
func (r *Replica) maintenanceFailed() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.sched.failed()
}
