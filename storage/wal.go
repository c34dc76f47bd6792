package storage

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
)

// The write-ahead log format: https://sqlite.org/fileformat2.html#the_write_ahead_log
const (
	walHeaderSize      = 32
	walFrameHeaderSize = 24
	walMagicLE         = 0x377f0682 // checksums over little-endian words
	walMagicBE         = 0x377f0683 // checksums over big-endian words
)

// ErrWALReset means the log was restarted (new salts) since the cursor was taken: the
// frames the cursor pointed into are gone.
var ErrWALReset = errors.New("write-ahead log was restarted")

// WALCursor is a position just after a commit frame of one generation of a
// write-ahead log: a generation is named by its salts, and the running checksum at the
// position lets reading go on from there. The zero cursor is the start of whatever log
// is there.
//
// A checkpointed cursor is the end of a generation whose frames are all in the
// database file: a log with other salts is the next generation, read from its start;
// a log with the same salts goes on after the cursor (a new connection appends to the
// log the last one checkpointed rather than restarting it).
type WALCursor struct {
	Salt1, Salt2 uint32
	Offset       int64 // bytes; 0 means before the log header
	Sum0, Sum1   uint32
	Checkpointed bool
	bigEndian    bool
}

// ReadWAL reads the committed frames of the log at path after cur and calls page for
// each frame's page, in log order (a later frame of a page replaces an earlier one).
// It returns the cursor after the last commit frame read and the database size in
// pages after that commit (0 if there was none). Frames of a transaction that has no
// valid commit frame yet (or no longer) are not passed on. A missing or empty log
// has no frames.
//
// # Errors
//
// ErrWALReset when the log's salts are not cur's; I/O errors.
func ReadWAL(path string, cur WALCursor, pageSize int, page func(pgno uint32, data []byte)) (WALCursor, uint32, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		if cur.Offset != 0 {
			return cur, 0, ErrWALReset
		}
		return cur, 0, nil
	}
	if err != nil {
		return cur, 0, err
	}
	defer f.Close()

	var hdr [walHeaderSize]byte
	if _, err := f.ReadAt(hdr[:], 0); err != nil {
		if errors.Is(err, io.EOF) { // empty or shorter than a header: no frames
			if cur.Offset != 0 {
				return cur, 0, ErrWALReset
			}
			return cur, 0, nil
		}
		return cur, 0, err
	}
	magic := binary.BigEndian.Uint32(hdr[0:])
	if magic != walMagicLE && magic != walMagicBE {
		return cur, 0, fmt.Errorf("%s: not a write-ahead log (magic %#x)", path, magic)
	}
	if ps := int(binary.BigEndian.Uint32(hdr[8:])); ps != pageSize {
		return cur, 0, fmt.Errorf("%s: page size %d, database has %d", path, ps, pageSize)
	}
	salt1, salt2 := binary.BigEndian.Uint32(hdr[16:]), binary.BigEndian.Uint32(hdr[20:])
	if cur.Offset != 0 && (salt1 != cur.Salt1 || salt2 != cur.Salt2) {
		if !cur.Checkpointed {
			return cur, 0, ErrWALReset
		}
		cur = WALCursor{} // the next generation
	}
	if cur.Offset == 0 {
		cur = WALCursor{Salt1: salt1, Salt2: salt2, Offset: walHeaderSize, bigEndian: magic == walMagicBE}
		cur.Sum0, cur.Sum1 = walChecksum(cur.bigEndian, 0, 0, hdr[:24])
		if binary.BigEndian.Uint32(hdr[24:]) != cur.Sum0 || binary.BigEndian.Uint32(hdr[28:]) != cur.Sum1 {
			return WALCursor{}, 0, nil // a header not yet whole: no frames
		}
	}
	cur.bigEndian = magic == walMagicBE

	frameSize := int64(walFrameHeaderSize + pageSize)
	buf := make([]byte, frameSize)
	type frame struct {
		pgno uint32
		data []byte
	}
	var txn []frame // frames of the transaction read so far, not yet committed
	pos, s0, s1 := cur.Offset, cur.Sum0, cur.Sum1
	var commit uint32
	for {
		if _, err := f.ReadAt(buf, pos); err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			return cur, commit, err
		}
		fh := buf[:walFrameHeaderSize]
		if binary.BigEndian.Uint32(fh[8:]) != salt1 || binary.BigEndian.Uint32(fh[12:]) != salt2 {
			break
		}
		s0, s1 = walChecksum(cur.bigEndian, s0, s1, fh[:8])
		s0, s1 = walChecksum(cur.bigEndian, s0, s1, buf[walFrameHeaderSize:])
		if binary.BigEndian.Uint32(fh[16:]) != s0 || binary.BigEndian.Uint32(fh[20:]) != s1 {
			break
		}
		pos += frameSize
		txn = append(txn, frame{binary.BigEndian.Uint32(fh[0:]), append([]byte(nil), buf[walFrameHeaderSize:]...)})
		if size := binary.BigEndian.Uint32(fh[4:]); size != 0 {
			for _, fr := range txn {
				page(fr.pgno, fr.data)
			}
			txn = txn[:0]
			commit = size
			cur.Offset, cur.Sum0, cur.Sum1, cur.Checkpointed = pos, s0, s1, false
		}
	}
	return cur, commit, nil
}

// WALHolds reports whether the log at path still holds the commits read up to cur: a
// log cut back since (TruncateWAL, when a durable backup undoes a commit it could not
// upload) no longer does, even if it grew again. A checkpointed cursor's commits are in
// the database file, and always count as held.
func WALHolds(path string, cur WALCursor, pageSize int) (bool, error) {
	if cur.Checkpointed || cur.Offset <= walHeaderSize {
		return true, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	var hdr [walHeaderSize]byte
	if _, err := f.ReadAt(hdr[:], 0); err != nil {
		return false, nil
	}
	if binary.BigEndian.Uint32(hdr[16:]) != cur.Salt1 || binary.BigEndian.Uint32(hdr[20:]) != cur.Salt2 {
		return false, nil
	}
	// The last frame read must still be there, with the running checksum it had.
	var fh [walFrameHeaderSize]byte
	if _, err := f.ReadAt(fh[:], cur.Offset-int64(walFrameHeaderSize+pageSize)); err != nil {
		return false, nil
	}
	return binary.BigEndian.Uint32(fh[16:]) == cur.Sum0 && binary.BigEndian.Uint32(fh[20:]) == cur.Sum1, nil
}

// walChecksum continues the log's checksum (s0, s1) over b, whose length is a multiple
// of 8. https://sqlite.org/fileformat2.html#wal_file_format
func walChecksum(bigEndian bool, s0, s1 uint32, b []byte) (uint32, uint32) {
	var order binary.ByteOrder = binary.LittleEndian
	if bigEndian {
		order = binary.BigEndian
	}
	for i := 0; i+8 <= len(b); i += 8 {
		s0 += order.Uint32(b[i:]) + s1
		s1 += order.Uint32(b[i+4:]) + s0
	}
	return s0, s1
}

// TruncateWAL cuts the log at path back to cur, dropping the frames after it. With the
// database closed, the next open sees the log as it was at cur. A log of the next
// generation after a checkpointed cursor is cut whole: none of its frames is older.
func TruncateWAL(path string, cur WALCursor) error {
	size := cur.Offset
	if s1, s2 := walSalts(path); size != 0 && (s1 != cur.Salt1 || s2 != cur.Salt2) {
		if !cur.Checkpointed {
			return fmt.Errorf("%s: %w", path, ErrWALReset)
		}
		size = 0
	}
	err := os.Truncate(path, size)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	return err
}

// walSalts reads the salts of the log at path: those of the generation it holds. A
// missing or short log has none (0, 0).
func walSalts(path string) (uint32, uint32) {
	f, err := os.Open(path)
	if err != nil {
		return 0, 0
	}
	defer f.Close()
	var hdr [walHeaderSize]byte
	if _, err := f.ReadAt(hdr[:], 0); err != nil {
		return 0, 0
	}
	return binary.BigEndian.Uint32(hdr[16:]), binary.BigEndian.Uint32(hdr[20:])
}
