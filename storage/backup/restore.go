package backup

import (
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pierrec/lz4/v4"
	"github.com/superfly/ltx"

	"github.com/sobjects/sobjects/storage"
)

// Bookmark names a state of one object's database: the TXID of an upload, as 16
// lowercase hex digits, so bookmarks sort in time order. (Cloudflare's bookmarks are
// opaque strings with the same property:
// https://developers.cloudflare.com/durable-objects/api/storage-api/#point-in-time-recovery)
func Bookmark(txid ltx.TXID) string { return txid.String() }

// ParseBookmark is the inverse of Bookmark.
func ParseBookmark(s string) (ltx.TXID, error) {
	t, err := ltx.ParseTXID(s)
	if err != nil || t == 0 || len(s) != 16 {
		return 0, fmt.Errorf("%w: %q (want 16 hex digits)", ErrBadBookmark, s)
	}
	return t, nil
}

// history is what a bucket holds of one object.
type history struct {
	files []fileInfo // by MinTXID, then level
}

// listHistory lists the LTX files of the object under objKey.
func listHistory(ctx context.Context, b Bucket, objKey string) (history, error) {
	objs, err := b.List(ctx, objKey+"/")
	if err != nil {
		return history{}, err
	}
	var h history
	for _, o := range objs {
		if f, ok := parseLTXKey(objKey, o); ok {
			h.files = append(h.files, f)
		}
	}
	slices.SortFunc(h.files, func(a, b fileInfo) int {
		if c := cmp.Compare(a.MinTXID, b.MinTXID); c != 0 {
			return c
		}
		return cmp.Compare(b.Level, a.Level)
	})
	return h, nil
}

// latest is the highest TXID the bucket holds; 0 if none.
func (h history) latest() ltx.TXID {
	var t ltx.TXID
	for _, f := range h.files {
		t = max(t, f.MaxTXID)
	}
	return t
}

// plan returns the files that rebuild the database at target, in the order to apply
// them: a snapshot (a file from TXID 1, which holds every page) at or before target,
// then files that follow on from it without a gap up to target, as few as can be. The
// newest snapshot that leads to target is taken.
//
// # Errors
//
// ErrNoBackup if the bucket holds nothing; ErrBookmarkGone if target cannot be
// reached.
func (h history) plan(target ltx.TXID) ([]fileInfo, error) {
	if len(h.files) == 0 {
		return nil, ErrNoBackup
	}
	var snaps []fileInfo
	for _, f := range h.files {
		if f.MinTXID == 1 && f.MaxTXID <= target {
			snaps = append(snaps, f)
		}
	}
	if len(snaps) == 0 {
		return nil, fmt.Errorf("%w: %s (no snapshot at or before it)", ErrBookmarkGone, Bookmark(target))
	}
	slices.SortFunc(snaps, func(a, b fileInfo) int { return cmp.Compare(b.MaxTXID, a.MaxTXID) })
	for _, snap := range snaps {
		if steps := h.path(snap, target); steps != nil {
			return steps, nil
		}
	}
	return nil, fmt.Errorf("%w: %s (no files lead to it from a snapshot)", ErrBookmarkGone, Bookmark(target))
}

// path finds the fewest files that lead from snap to target, breadth first over the
// TXIDs the files end at; nil if none do.
func (h history) path(snap fileInfo, target ltx.TXID) []fileInfo {
	prev := map[ltx.TXID]*fileInfo{snap.MaxTXID: nil}
	queue := []ltx.TXID{snap.MaxTXID}
	for len(queue) > 0 && prev[target] == nil && target != snap.MaxTXID {
		at := queue[0]
		queue = queue[1:]
		for i, f := range h.files {
			if f.MinTXID == at+1 && f.MaxTXID <= target {
				if _, seen := prev[f.MaxTXID]; !seen {
					prev[f.MaxTXID] = &h.files[i]
					queue = append(queue, f.MaxTXID)
				}
			}
		}
	}
	if _, ok := prev[target]; !ok {
		return nil
	}
	var steps []fileInfo
	for at := target; at != snap.MaxTXID; at = prev[at].MinTXID - 1 {
		steps = append(steps, *prev[at])
	}
	steps = append(steps, snap)
	slices.Reverse(steps)
	return steps
}

// atTime returns the newest TXID whose state (as of its last commit) is at or before t
// and that the bucket can rebuild. A file's LastModified is when it reached the bucket,
// in whole seconds on some stores: later than its state by up to an upload interval,
// and by much more for a compaction or snapshot. Where it cannot decide, the time in
// the file's LTX header (ms, the file's last commit) does, read with stamp.
func (h history) atTime(t time.Time, stamp func(fileInfo) (time.Time, error)) (ltx.TXID, error) {
	if len(h.files) == 0 {
		return 0, ErrNoBackup
	}
	files := slices.Clone(h.files)
	slices.SortFunc(files, func(a, b fileInfo) int { return cmp.Compare(b.MaxTXID, a.MaxTXID) })
	for _, f := range files {
		// A compaction or snapshot is written later than the state it holds, so its
		// LastModified says nothing of that state's time when it is after t.
		at := f.Modified
		if d := at.Sub(t); d > -time.Second && (f.Level != levelUpload || d < maxUploadLag) {
			var err error
			if at, err = stamp(f); err != nil {
				return 0, err
			}
		}
		if at.After(t) {
			continue
		}
		if _, err := h.plan(f.MaxTXID); err == nil {
			return f.MaxTXID, nil
		}
	}
	return 0, h.tooOld(t, stamp)
}

// tooOld is the error of atTime for t: a *TooOldError that names the earliest time at
// which atTime finds a state, that of the oldest state the bucket can rebuild.
func (h history) tooOld(t time.Time, stamp func(fileInfo) (time.Time, error)) error {
	files := slices.Clone(h.files)
	slices.SortFunc(files, func(a, b fileInfo) int { return cmp.Compare(a.MaxTXID, b.MaxTXID) })
	e := &TooOldError{Time: t}
	for i, f := range files {
		if i > 0 && files[i-1].MaxTXID != f.MaxTXID && !e.Earliest.IsZero() {
			break // past the files of the oldest state that restores
		}
		if _, err := h.plan(f.MaxTXID); err != nil {
			continue
		}
		from, err := acceptedFrom(f, stamp)
		if err != nil {
			return err
		}
		if e.Earliest.IsZero() || from.Before(e.Earliest) {
			e.Earliest = from.UTC()
		}
	}
	return e
}

// acceptedFrom is the earliest time t for which atTime takes the state of file f as
// at or before t: from one second after the file's LastModified on, and before that
// from the time in its header (for a level-0 file, only within maxUploadLag of its
// LastModified).
func acceptedFrom(f fileInfo, stamp func(fileInfo) (time.Time, error)) (time.Time, error) {
	from, err := stamp(f)
	if err != nil {
		return time.Time{}, err
	}
	if lag := f.Modified.Add(-maxUploadLag + time.Millisecond); f.Level == levelUpload && from.Before(lag) {
		from = lag
	}
	if late := f.Modified.Add(time.Second); late.Before(from) {
		from = late
	}
	return from, nil
}

// maxUploadLag bounds how long after its last commit a level-0 file reaches the bucket
// (the interval of interval mode, and the upload): past it, LastModified alone says a
// file is after a time. A longer --backup-interval makes bookmarks for a time coarser.
const maxUploadLag = 5 * time.Minute

// headerTime reads the time of an LTX file's last commit from its header.
func headerTime(ctx context.Context, b Bucket, f fileInfo) (time.Time, error) {
	body, _, err := b.Get(ctx, f.Key)
	if err != nil {
		return time.Time{}, err
	}
	defer body.Close()
	hdr, _, err := ltx.PeekHeader(body)
	if err != nil {
		return time.Time{}, fmt.Errorf("%s: %w", f.Key, err)
	}
	return time.UnixMilli(hdr.Timestamp), nil
}

// Progress is told how many bytes of how many a restore has downloaded.
type Progress func(done, total int64)

// restoreFile rebuilds the database at target (0: the latest) from the bucket into
// the file to, which it replaces (with its write-ahead log) only once the whole
// database is written and synced. It returns the TXID restored.
func restoreFile(ctx context.Context, b Bucket, objKey string, target ltx.TXID, to string, progress Progress) (ltx.TXID, error) {
	h, err := listHistory(ctx, b, objKey)
	if err != nil {
		return 0, err
	}
	if target == 0 {
		target = h.latest()
	}
	steps, err := h.plan(target)
	if err != nil {
		return 0, err
	}
	var total, done int64
	for _, s := range steps {
		total += s.Size
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return 0, err
	}
	tmp, err := os.CreateTemp(filepath.Dir(to), filepath.Base(to)+".restore-*")
	if err != nil {
		return 0, err
	}
	defer os.Remove(tmp.Name())
	defer tmp.Close()
	var pageSize, commit uint32
	data := make([]byte, ltx.MaxPageSize)
	for _, s := range steps {
		body, _, err := b.Get(ctx, s.Key)
		if err != nil {
			return 0, err
		}
		err = applyLTX(&countingReader{r: body, n: &done, total: total, progress: progress}, tmp, data, &pageSize, &commit)
		body.Close()
		if err != nil {
			return 0, fmt.Errorf("restore %s: %w", s.Key, err)
		}
	}
	if err := tmp.Truncate(int64(commit) * int64(pageSize)); err != nil {
		return 0, err
	}
	if err := tmp.Sync(); err != nil {
		return 0, err
	}
	if err := tmp.Close(); err != nil {
		return 0, err
	}
	for _, suffix := range []string{"-wal", "-shm", "-journal"} {
		if err := os.Remove(to + suffix); err != nil && !errors.Is(err, os.ErrNotExist) {
			return 0, err
		}
	}
	if err := os.Rename(tmp.Name(), to); err != nil {
		return 0, err
	}
	return target, storage.SyncDir(filepath.Dir(to))
}

// applyLTX writes the pages of the LTX file r reads into f and checks the file's
// checksum. The bucket is not trusted to bound what its files make: a page numbered
// past the file's commit (the database's size in pages), which a well-formed file never
// holds, is refused before it is written, and so is a page block larger than any
// compressed page (blockGuard).
func applyLTX(r io.Reader, f *os.File, data []byte, pageSize, commit *uint32) error {
	dec := ltx.NewDecoder(&blockGuard{r: r})
	dec.SetRetainPageIndex(false)
	if err := dec.DecodeHeader(); err != nil {
		return err
	}
	hdr := dec.Header()
	if *pageSize != 0 && hdr.PageSize != *pageSize {
		return fmt.Errorf("page size %d after %d", hdr.PageSize, *pageSize)
	}
	*pageSize, *commit = hdr.PageSize, hdr.Commit
	var ph ltx.PageHeader
	for {
		err := dec.DecodePage(&ph, data[:hdr.PageSize])
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if ph.Pgno > hdr.Commit {
			return fmt.Errorf("page %d past the database's %d pages", ph.Pgno, hdr.Commit)
		}
		if _, err := f.WriteAt(data[:hdr.PageSize], int64(ph.Pgno-1)*int64(hdr.PageSize)); err != nil {
			return err
		}
	}
	return dec.Close()
}

// errBlockTooLarge: an LTX file's page block claims more bytes than LZ4 makes of any
// page.
var errBlockTooLarge = errors.New("a page block larger than any compressed page")

// blockGuard passes an LTX file through, failing it at the size of a page block that
// is larger than LZ4 can make of one page (lz4.CompressBlockBound of the page size):
// ltx's decoder allocates a block's claimed size before reading it, so a file of a few
// hundred bytes could make it allocate 4 GiB. It follows the layout (a header, then per
// page a page header, the block's size and the block) up to the first page in another
// format or the end of the pages, and passes the rest as it is.
type blockGuard struct {
	r        io.Reader
	state    guardState
	field    [ltx.HeaderSize]byte // the bytes of the field being read
	got      int                  // of them so far
	pageSize uint32
	skip     uint32 // bytes of the current block still to pass
}

type guardState uint8

const (
	guardHeader guardState = iota
	guardPageHeader
	guardSize
	guardBlock
	guardRest
)

func (g *blockGuard) Read(p []byte) (int, error) {
	n, err := g.r.Read(p)
	for i := 0; i < n && g.state != guardRest; i++ {
		if g.state == guardBlock {
			step := min(uint32(n-i), g.skip)
			g.skip -= step
			i += int(step) - 1
			if g.skip == 0 {
				g.state = guardPageHeader
			}
			continue
		}
		g.field[g.got] = p[i]
		g.got++
		switch {
		case g.state == guardHeader && g.got == ltx.HeaderSize:
			g.pageSize = min(binary.BigEndian.Uint32(g.field[8:12]), ltx.MaxPageSize)
			g.state, g.got = guardPageHeader, 0
		case g.state == guardPageHeader && g.got == ltx.PageHeaderSize:
			flags := binary.BigEndian.Uint16(g.field[4:6])
			switch {
			case binary.BigEndian.Uint32(g.field[0:4]) == 0 && flags == 0:
				g.state = guardRest // the end of the pages
			case flags&ltx.PageHeaderFlagSize != 0:
				g.state = guardSize
			default:
				g.state = guardRest // a page in an LZ4 frame, whose reader bounds its buffers
			}
			g.got = 0
		case g.state == guardSize && g.got == 4:
			size := binary.BigEndian.Uint32(g.field[0:4])
			if size > uint32(lz4.CompressBlockBound(int(g.pageSize))) {
				return i, fmt.Errorf("%w: %d bytes for a page of %d", errBlockTooLarge, size, g.pageSize)
			}
			g.state, g.got, g.skip = guardBlock, 0, size
			if size == 0 {
				g.state = guardPageHeader
			}
		}
	}
	return n, err
}

type countingReader struct {
	r        io.Reader
	n        *int64
	total    int64
	progress Progress
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	*c.n += int64(n)
	if c.progress != nil && n > 0 {
		c.progress(*c.n, c.total)
	}
	return n, err
}

// ObjectSummary describes one object a bucket holds.
type ObjectSummary struct {
	Class, ID, Name string
	Epoch           uint64    // the writer's epoch
	Node            string    // the node that took the epoch
	Latest          string    // bookmark of the newest state
	Updated         time.Time // when the newest state reached the bucket
	Files           int       // LTX files
	Bytes           int64     // bytes of LTX files
}

// ListObjects lists the objects in the bucket, of class only unless it is "".
func ListObjects(ctx context.Context, b Bucket, class string) ([]ObjectSummary, error) {
	prefix := ""
	if class != "" {
		prefix = class + "/"
	}
	objs, err := b.List(ctx, prefix)
	if err != nil {
		return nil, err
	}
	byKey := map[string]*ObjectSummary{}
	var order []string
	for _, o := range objs {
		parts := strings.SplitN(o.Key, "/", 3)
		if len(parts) < 3 || strings.HasPrefix(o.Key, ".sobjects/") {
			continue
		}
		objKey := parts[0] + "/" + parts[1]
		s := byKey[objKey]
		if s == nil {
			s = &ObjectSummary{Class: parts[0], ID: parts[1]}
			byKey[objKey] = s
			order = append(order, objKey)
		}
		if f, ok := parseLTXKey(objKey, o); ok {
			s.Files++
			s.Bytes += f.Size
			if latest, _ := ParseBookmark(s.Latest); f.MaxTXID > latest {
				s.Latest, s.Updated = Bookmark(f.MaxTXID), f.Modified
			}
		}
	}
	out := make([]ObjectSummary, 0, len(order))
	for _, k := range order {
		s := byKey[k]
		r := &Replica{s: &Store{b: b}, key: k}
		if rec, _, err := r.readEpoch(ctx); err == nil {
			s.Name, s.Epoch, s.Node = rec.Name, rec.Epoch, rec.Node
		}
		out = append(out, *s)
	}
	return out, nil
}

// Version is one state of an object that the bucket can rebuild.
type Version struct {
	Bookmark string
	Time     time.Time // when it reached the bucket
}

// ListVersions lists the states of the object that the bucket can rebuild, oldest
// first.
func ListVersions(ctx context.Context, b Bucket, class, id string) ([]Version, error) {
	h, err := listHistory(ctx, b, class+"/"+id)
	if err != nil {
		return nil, err
	}
	if len(h.files) == 0 {
		return nil, ErrNoBackup
	}
	seen := map[ltx.TXID]bool{}
	var out []Version
	for _, f := range h.files {
		if seen[f.MaxTXID] {
			continue
		}
		seen[f.MaxTXID] = true
		if _, err := h.plan(f.MaxTXID); err == nil {
			out = append(out, Version{Bookmark: Bookmark(f.MaxTXID), Time: f.Modified})
		}
	}
	slices.SortFunc(out, func(a, b Version) int { return strings.Compare(a.Bookmark, b.Bookmark) })
	return out, nil
}

// BookmarkAt returns the bookmark of the object's newest state that reached the
// bucket at or before t; ErrNoBackup; ErrTooOld if none did, as a *TooOldError that
// names the earliest restorable time.
func BookmarkAt(ctx context.Context, b Bucket, class, id string, t time.Time) (string, error) {
	h, err := listHistory(ctx, b, class+"/"+id)
	if err != nil {
		return "", err
	}
	txid, err := h.atTime(t, func(f fileInfo) (time.Time, error) { return headerTime(ctx, b, f) })
	if err != nil {
		return "", err
	}
	return Bookmark(txid), nil
}

// ParseTime reads a time for point-in-time recovery: RFC 3339 (2026-11-30T12:00:00Z)
// or Unix milliseconds.
func ParseTime(s string) (time.Time, error) {
	if ms, err := strconv.ParseInt(s, 10, 64); err == nil {
		return time.UnixMilli(ms), nil
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("want RFC 3339 (2026-11-30T12:00:00Z) or Unix milliseconds, got %q", s)
	}
	return t, nil
}

// Restore rebuilds the database of an object from the bucket at bookmark ("" means
// the latest) into the file to, which it replaces, and returns the bookmark restored.
// progress, if not nil, is told how many bytes have been downloaded.
func Restore(ctx context.Context, b Bucket, class, id, bookmark, to string, progress Progress) (string, error) {
	var target ltx.TXID
	if bookmark != "" {
		t, err := ParseBookmark(bookmark)
		if err != nil {
			return "", err
		}
		target = t
	}
	t, err := restoreFile(ctx, b, class+"/"+id, target, to, progress)
	return Bookmark(t), err
}
