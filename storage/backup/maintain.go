package backup

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"time"

	"github.com/superfly/ltx"
)

// How an object's history in the bucket is kept small. Every upload is one level-0
// file, so a busy object makes many small files; maintenance, run in the background
// at most once per compactEvery for each object that uploaded since:
//
//   - compacts the level-0 files not yet compacted into one level-1 file, once the
//     oldest of them is compactEvery old (so a level-1 file spans about that long);
//   - writes a snapshot (level 9) merged from the last snapshot and what followed,
//     once the bytes uploaded since the last snapshot exceed its size or it is
//     snapshotEvery old, so a restore reads about twice the database at most;
//   - deletes level-0 files that a level-1 file covers once they are keepUploads
//     old, or once maxKeptUploads newer ones are covered too (so that listing an
//     object stays cheap): a bookmark between the two ends of a level-1 file then no
//     longer restores (the bucket keeps every upload for keepUploads, up to
//     maxKeptUploads of them, and a state about every compactEvery for the retention
//     period);
//   - deletes what only states older than the retention period need: every file up
//     to the newest snapshot that is older than the retention period.
const (
	compactEvery   = time.Minute
	snapshotEvery  = 24 * time.Hour
	keepUploads    = time.Hour
	maxKeptUploads = 10_000 // a busy durable object uploads hundreds of files a second
)

// maintainDue runs maintain for each replica that uploaded since its last
// maintenance, if that was compactEvery ago.
func (s *Store) maintainDue(ctx context.Context) {
	now := time.Now()
	s.mu.Lock()
	var due []*Replica
	for _, r := range s.replicas {
		if r.claimMaintenance(now, s.compactEvery) {
			due = append(due, r)
		}
	}
	s.mu.Unlock()
	for _, r := range due {
		mctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
		if err := r.maintain(mctx, now); err != nil {
			s.log.Warn("backup: maintenance failed; will retry", "object", r.key, "err", err)
			r.maintenanceFailed()
		}
		cancel()
	}
}

// maintain compacts, snapshots and trims the object's history (see above).
func (r *Replica) maintain(ctx context.Context, now time.Time) error {
	r.maintMu.Lock() // Delete waits for it
	defer r.maintMu.Unlock()
	if r.Err() != nil {
		return nil // another node keeps the history now
	}
	h, err := listHistory(ctx, r.s.b, r.key)
	if err != nil || len(h.files) == 0 {
		return err
	}
	var compacted ltx.TXID // the highest TXID a level-1 file reaches
	var snap *fileInfo     // the newest snapshot
	var sinceSnap int64    // bytes uploaded after it
	for i, f := range h.files {
		if f.Level == levelCompact {
			compacted = max(compacted, f.MaxTXID)
		}
		if f.Level == levelSnapshot && (snap == nil || f.MaxTXID > snap.MaxTXID) {
			snap = &h.files[i]
		}
	}
	var fresh []fileInfo // level-0 files after the last compaction
	for _, f := range h.files {
		if f.Level == levelUpload && f.MinTXID > compacted {
			fresh = append(fresh, f)
		}
		if f.Level == levelUpload && (snap == nil || f.MinTXID > snap.MaxTXID) {
			sinceSnap += f.Size
		}
	}
	if len(fresh) > 1 && now.Sub(fresh[0].Modified) >= r.s.compactEvery {
		if err := r.compact(ctx, fresh, levelCompact, fresh[0].MinTXID); err != nil {
			return fmt.Errorf("compact %s: %w", r.key, err)
		}
	}
	latest := h.latest()
	if snap == nil || (latest > snap.MaxTXID && (sinceSnap > snap.Size || now.Sub(snap.Modified) >= snapshotEvery)) {
		steps, err := h.plan(latest)
		if err != nil {
			return fmt.Errorf("snapshot %s: %w", r.key, err)
		}
		if len(steps) > 1 || steps[0].Level != levelSnapshot {
			if err := r.compact(ctx, steps, levelSnapshot, 1); err != nil {
				return fmt.Errorf("snapshot %s: %w", r.key, err)
			}
		}
	}
	if h, err = listHistory(ctx, r.s.b, r.key); err != nil {
		return err
	}
	return r.trim(ctx, h, now)
}

// compact merges files (consecutive, in TXID order) into one file at level, starting
// at TXID minTXID (1 for a snapshot, whose first input holds every page).
func (r *Replica) compact(ctx context.Context, files []fileInfo, level int, minTXID ltx.TXID) error {
	readers := make([]io.Reader, len(files))
	for i, f := range files {
		body, _, err := r.s.b.Get(ctx, f.Key)
		if err != nil {
			return err
		}
		defer body.Close()
		readers[i] = body
	}
	var out bytes.Buffer
	c, err := ltx.NewCompactor(&out, readers)
	if err != nil {
		return err
	}
	c.HeaderFlags = ltx.HeaderFlagNoChecksum
	if err := c.Compact(ctx); err != nil {
		return err
	}
	maxTXID := files[len(files)-1].MaxTXID
	if c.Header().MinTXID != minTXID {
		return fmt.Errorf("compacted files start at %s, want %s", c.Header().MinTXID, minTXID)
	}
	_, err = r.s.b.Put(ctx, ltxKey(r.key, level, minTXID, maxTXID), bytes.NewReader(out.Bytes()), Cond{})
	return err
}

// trim deletes the files no bookmark within the retention period needs, and level-0
// files that a level-1 file covers once they are keepUploads old.
func (r *Replica) trim(ctx context.Context, h history, now time.Time) error {
	cutoff := now.Add(-r.s.opts.Retention)
	var base *fileInfo // the newest snapshot older than the retention period
	for i, f := range h.files {
		if f.MinTXID == 1 && f.Modified.Before(cutoff) && (base == nil || f.MaxTXID > base.MaxTXID) {
			base = &h.files[i]
		}
	}
	var covered []fileInfo // level-1 files
	for _, f := range h.files {
		if f.Level == levelCompact {
			covered = append(covered, f)
		}
	}
	// Level-0 files a level-1 file covers, newest first: past keepUploads, or past the
	// newest maxKeptUploads of them, they go.
	kept := 0
	old := map[string]bool{}
	for i := len(h.files) - 1; i >= 0; i-- {
		if f := h.files[i]; f.Level == levelUpload && coveredBy(f, covered) {
			kept++
			old[f.Key] = kept > r.s.maxKeptUploads || now.Sub(f.Modified) >= r.s.keepUploads
		}
	}
	var keys []string
	for _, f := range h.files {
		switch {
		case base != nil && f.Key != base.Key && f.MaxTXID <= base.MaxTXID:
			keys = append(keys, f.Key)
		case old[f.Key]:
			keys = append(keys, f.Key)
		}
	}
	if len(keys) == 0 {
		return nil
	}
	return r.s.b.Delete(ctx, keys...)
}

func coveredBy(f fileInfo, levels []fileInfo) bool {
	for _, c := range levels {
		if c.MinTXID <= f.MinTXID && f.MaxTXID <= c.MaxTXID {
			return true
		}
	}
	return false
}
