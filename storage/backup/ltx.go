package backup

import (
	"bytes"
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/superfly/ltx"
)

// The layout of one object in a bucket, under <prefix>/<class>/<object id>/ (the
// layout of Litestream v0.5's S3 replicas, so that `litestream restore` reads it:
// the level in 4 hex digits, then the file; https://litestream.io):
//
//	0000/<min>-<max>.ltx  the changes of one upload (level 0)
//	0001/<min>-<max>.ltx  level-0 files compacted into one
//	0009/<min>-<max>.ltx  snapshots: every page of the database at <max>; <min> is 1
//	epoch                 the writer's epoch (JSON), taken with a conditional write
//	restore               a point-in-time restore to run at the next activation (JSON)
//
// <min> and <max> are transaction IDs (TXIDs) in 16 hex digits: the first and last
// upload a file covers. Applying files in TXID order rebuilds the database at any
// TXID they reach.
const (
	levelUpload   = 0
	levelCompact  = 1
	levelSnapshot = 9
)

// ltxKey is the key of an LTX file of the object under objKey.
func ltxKey(objKey string, level int, minTXID, maxTXID ltx.TXID) string {
	return path.Join(objKey, fmt.Sprintf("%04x", level), ltx.FormatFilename(minTXID, maxTXID))
}

// fileInfo is one LTX file in a bucket.
type fileInfo struct {
	Key              string
	Level            int
	MinTXID, MaxTXID ltx.TXID
	Size             int64
	Modified         time.Time
}

// parseLTXKey reads the level and TXIDs from a key made by ltxKey.
func parseLTXKey(objKey string, o ObjectInfo) (fileInfo, bool) {
	rest, ok := strings.CutPrefix(o.Key, objKey+"/")
	if !ok {
		return fileInfo{}, false
	}
	lv, name, ok := strings.Cut(rest, "/")
	level, err := strconv.ParseUint(lv, 16, 8)
	if !ok || err != nil || len(lv) != 4 {
		return fileInfo{}, false
	}
	minTXID, maxTXID, err := ltx.ParseFilename(name)
	if err != nil {
		return fileInfo{}, false
	}
	return fileInfo{Key: o.Key, Level: int(level), MinTXID: minTXID, MaxTXID: maxTXID, Size: o.Size, Modified: o.Modified}, true
}

// encodeLTX writes an LTX file holding pages (by page number) of a database of commit
// pages after the upload(s) minTXID..maxTXID, written by the writer of epoch (kept in
// the header's NodeID field). Pages past commit are left out: the
// database shrank. A snapshot (minTXID 1) must hold every page up to commit but the
// lock page. Files carry no rolling database checksum (ltx.HeaderFlagNoChecksum); each
// file's own checksum is checked when it is read.
func encodeLTX(pageSize, commit uint32, minTXID, maxTXID ltx.TXID, at time.Time, epoch uint64, pages map[uint32][]byte) ([]byte, error) {
	var buf bytes.Buffer
	enc, err := ltx.NewEncoder(&buf)
	if err != nil {
		return nil, err
	}
	if err := enc.EncodeHeader(ltx.Header{
		Version: ltx.Version, Flags: ltx.HeaderFlagNoChecksum, PageSize: pageSize, Commit: commit,
		MinTXID: minTXID, MaxTXID: maxTXID, Timestamp: at.UnixMilli(), NodeID: epoch,
	}); err != nil {
		return nil, fmt.Errorf("ltx header: %w", err)
	}
	pgnos := make([]uint32, 0, len(pages))
	lock := ltx.LockPgno(pageSize)
	for p := range pages {
		if p <= commit && p != lock {
			pgnos = append(pgnos, p)
		}
	}
	slices.Sort(pgnos)
	for _, p := range pgnos {
		if err := enc.EncodePage(ltx.PageHeader{Pgno: p}, pages[p]); err != nil {
			return nil, fmt.Errorf("ltx page %d: %w", p, err)
		}
	}
	if err := enc.Close(); err != nil {
		return nil, fmt.Errorf("ltx: %w", err)
	}
	return buf.Bytes(), nil
}
