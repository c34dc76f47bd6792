package storage

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Durable memory: an object whose real state is in its instance's memory (an index,
// a simulation, an interpreter's heap) keeps it as an image and a journal, the way the
// third seed keeps a database engine inside a Durable Object: an image the first time,
// then each call's writes since as journal entries, and now and then a new image that
// replaces both.
//
// Each generation is one table, _cf_memory_<generation>, whose rows are the image's
// chunks in order, then the journal's entries in order, numbered so (an INTEGER
// PRIMARY KEY and no other index: an index is one more row written), each with its
// size before its bytes, so that the stats read no blob. Nothing else says which
// generation is current: the table there is does. A new image is written as the next
// table, and the table before it dropped, in the transaction of the call that wrote
// it, so storage that stops part way holds the generation before, whole. A journal
// entry is one row, committed with the call's other writes. Row 0 of a generation holds
// what the plugin last reported dead (MemorySetDead), so that the rule for a new image
// (MemoryPolicy.Due) survives eviction.

// memoryPrefix begins the name of a generation's table.
const memoryPrefix = reservedPrefix + "memory_"

// MaxMemoryRowBytes is the largest image chunk or journal entry: 1 MiB. An image is
// any number of chunks.
const MaxMemoryRowBytes = 1 << 20

// Kinds of a generation's rows.
const (
	memoryDead    = 0 // row 0: the dead bytes, as text
	memoryImage   = 1
	memoryJournal = 2
)

// ErrMemoryRowTooLarge: an image chunk or a journal entry over MaxMemoryRowBytes.
var ErrMemoryRowTooLarge = fmt.Errorf("durable memory: a row is at most %d bytes", MaxMemoryRowBytes)

// MemoryStats describes an object's durable memory.
type MemoryStats struct {
	Generation     int64 // 0: none yet
	ImageBytes     int64
	ImageChunks    int64
	JournalBytes   int64
	JournalEntries int64
	DeadBytes      int64 // as the plugin last reported (MemorySetDead)
}

// MemoryPolicy is when an object is asked for a new image: the third seed's rule. A
// zero field takes DefaultMemoryPolicy's (WithDefaults).
type MemoryPolicy struct {
	// JournalShare and MinJournalBytes: a new image once the journal holds more than
	// JournalShare of the image's bytes and at least MinJournalBytes.
	JournalShare    float64 `mapstructure:"journal_share"`
	MinJournalBytes int64   `mapstructure:"min_journal_bytes"`
	// DeadShare and MinDeadBytes: a new image once the plugin reports more than
	// DeadShare of what storage holds dead, and at least MinDeadBytes.
	DeadShare    float64 `mapstructure:"dead_share"`
	MinDeadBytes int64   `mapstructure:"min_dead_bytes"`
}

// WithDefaults is p with its zero fields DefaultMemoryPolicy's; an error for a negative
// field.
func (p MemoryPolicy) WithDefaults() (MemoryPolicy, error) {
	if p.JournalShare < 0 || p.MinJournalBytes < 0 || p.DeadShare < 0 || p.MinDeadBytes < 0 {
		return p, fmt.Errorf("durable memory policy %+v: no field may be negative", p)
	}
	d := DefaultMemoryPolicy
	if p.JournalShare == 0 {
		p.JournalShare = d.JournalShare
	}
	if p.MinJournalBytes == 0 {
		p.MinJournalBytes = d.MinJournalBytes
	}
	if p.DeadShare == 0 {
		p.DeadShare = d.DeadShare
	}
	if p.MinDeadBytes == 0 {
		p.MinDeadBytes = d.MinDeadBytes
	}
	return p, nil
}

// DefaultMemoryPolicy is the seed's: the journal past half the image and 64 KiB, or
// half of storage dead and at least 1 MiB.
var DefaultMemoryPolicy = MemoryPolicy{JournalShare: 0.5, MinJournalBytes: 64 << 10, DeadShare: 0.5, MinDeadBytes: 1 << 20}

// Due reports whether an object with stats should write a new image. An object with a
// journal and no image yet is due once the journal reaches MinJournalBytes.
func (p MemoryPolicy) Due(s MemoryStats) bool {
	if s.JournalBytes >= p.MinJournalBytes && float64(s.JournalBytes) > p.JournalShare*float64(s.ImageBytes) {
		return true
	}
	held := s.ImageBytes + s.JournalBytes
	return s.DeadBytes >= p.MinDeadBytes && float64(s.DeadBytes) > p.DeadShare*float64(held)
}

// memoryGeneration returns the current generation (0: none), reading the schema.
func (db *DB) memoryGeneration() (int64, error) {
	s, err := db.hostStmt(`SELECT name FROM main.sqlite_schema WHERE type = 'table' AND name LIKE '` + memoryPrefix + `%'`)
	if err != nil {
		return 0, err
	}
	var gen int64
	for s.Step() {
		n, err := strconv.ParseInt(strings.TrimPrefix(s.ColumnText(0), memoryPrefix), 10, 64)
		if err == nil && n > gen {
			gen = n
		}
	}
	return gen, hostError("durable memory", s.Reset())
}

func memoryTable(gen int64) string { return "main." + memoryPrefix + strconv.FormatInt(gen, 10) }

func (db *DB) createMemoryTable(gen int64) error {
	// size before data: the stats read it without the blobs' overflow pages.
	return db.hostExec("CREATE TABLE " + memoryTable(gen) + " (seq INTEGER PRIMARY KEY, kind INTEGER NOT NULL, size INTEGER NOT NULL, data BLOB NOT NULL)")
}

// MemoryStats returns the stats of the object's durable memory.
func (db *DB) MemoryStats() (st MemoryStats, err error) {
	defer db.guard(&err)
	if st.Generation, err = db.memoryGeneration(); err != nil || st.Generation == 0 {
		return st, err
	}
	s, err := db.hostStmt("SELECT kind, count(*), coalesce(sum(size), 0) FROM " + memoryTable(st.Generation) + " GROUP BY kind")
	if err != nil {
		return st, err
	}
	for s.Step() {
		switch s.ColumnInt(0) {
		case memoryImage:
			st.ImageChunks, st.ImageBytes = s.ColumnInt64(1), s.ColumnInt64(2)
		case memoryJournal:
			st.JournalEntries, st.JournalBytes = s.ColumnInt64(1), s.ColumnInt64(2)
		}
	}
	if err := hostError("durable memory", s.Reset()); err != nil {
		return st, err
	}
	d, err := db.hostStmt("SELECT data FROM " + memoryTable(st.Generation) + " WHERE seq = 0")
	if err != nil {
		return st, err
	}
	if d.Step() {
		st.DeadBytes, _ = strconv.ParseInt(d.ColumnText(0), 10, 64)
	}
	return st, hostError("durable memory", d.Reset())
}

// MemoryAppend appends entry to the journal of the current generation (the first,
// with no image, when there is none), in the transaction under way: it is durable
// exactly when the transaction's other writes are.
func (db *DB) MemoryAppend(entry []byte) (err error) {
	defer db.guard(&err)
	if len(entry) > MaxMemoryRowBytes {
		return fmt.Errorf("%w: a journal entry of %d bytes", ErrMemoryRowTooLarge, len(entry))
	}
	gen, err := db.memoryGeneration()
	if err != nil {
		return err
	}
	if gen == 0 {
		gen = 1
		if err := db.createMemoryTable(gen); err != nil {
			return err
		}
	}
	db.markWrite()
	return db.run("INSERT INTO "+memoryTable(gen)+" (kind, size, data) VALUES (?, ?, ?)", int64(memoryJournal), int64(len(entry)), entry)
}

// MemorySetDead records how many bytes of the durable memory the plugin counts dead
// (replaced or deleted since they were written), for MemoryPolicy.Due.
func (db *DB) MemorySetDead(n int64) (err error) {
	defer db.guard(&err)
	if n < 0 {
		return errors.New("durable memory: dead bytes must not be negative")
	}
	gen, err := db.memoryGeneration()
	if err != nil || gen == 0 {
		return err
	}
	db.markWrite()
	return db.run("INSERT OR REPLACE INTO "+memoryTable(gen)+" (seq, kind, size, data) VALUES (0, ?, 0, ?)", int64(memoryDead), strconv.FormatInt(n, 10))
}

// MemoryImage is a new image being written (DB.MemoryImageBegin): chunks in order,
// then Commit, which makes it the current generation with an empty journal and drops
// the one before, or Abort. Both end it; it lives within one transaction.
type MemoryImage struct {
	db   *DB
	gen  int64 // the new generation
	done bool
}

// MemoryImageBegin starts a new image, the next generation, in the transaction under
// way.
func (db *DB) MemoryImageBegin() (img *MemoryImage, err error) {
	defer db.guard(&err)
	gen, err := db.memoryGeneration()
	if err != nil {
		return nil, err
	}
	if err := db.createMemoryTable(gen + 1); err != nil {
		return nil, err
	}
	db.markWrite()
	return &MemoryImage{db: db, gen: gen + 1}, nil
}

// Write appends chunk, at most MaxMemoryRowBytes, to the image.
func (w *MemoryImage) Write(chunk []byte) (err error) {
	db := w.db
	defer db.guard(&err)
	if w.done {
		return errors.New("durable memory: the image was committed or aborted")
	}
	if len(chunk) > MaxMemoryRowBytes {
		return fmt.Errorf("%w: an image chunk of %d bytes", ErrMemoryRowTooLarge, len(chunk))
	}
	return db.run("INSERT INTO "+memoryTable(w.gen)+" (kind, size, data) VALUES (?, ?, ?)", int64(memoryImage), int64(len(chunk)), chunk)
}

// Commit makes the image the current generation: the generations before it are
// dropped, in the same transaction.
func (w *MemoryImage) Commit() (err error) {
	db := w.db
	defer db.guard(&err)
	if w.done {
		return errors.New("durable memory: the image was committed or aborted")
	}
	w.done = true
	// Only the one before can exist: each commit drops its predecessor.
	return db.dropMemoryTable(w.gen - 1)
}

// dropMemoryTable drops generation gen's table, and the host statements that name it.
func (db *DB) dropMemoryTable(gen int64) error {
	name := memoryTable(gen)
	for sql, s := range db.host {
		if strings.Contains(sql, name+" ") {
			s.Close()
			delete(db.host, sql)
		}
	}
	return db.hostExec("DROP TABLE IF EXISTS " + name)
}

// Abort drops the image being written; the current generation stays.
func (w *MemoryImage) Abort() (err error) {
	db := w.db
	defer db.guard(&err)
	if w.done {
		return nil
	}
	w.done = true
	return db.dropMemoryTable(w.gen)
}

// MemoryNext returns the row of the current generation after the one numbered after
// (0: the first): its number, whether it is an image chunk (else a journal entry) and
// its bytes, valid until the database runs another statement; ok is false after the
// last. Rows are in order: the image's chunks, then the journal's entries.
func (db *DB) MemoryNext(after int64) (seq int64, image bool, data []byte, ok bool, err error) {
	defer db.guard(&err)
	gen, err := db.memoryGeneration()
	if err != nil || gen == 0 {
		return 0, false, nil, false, err
	}
	s, err := db.hostStmt("SELECT seq, kind, data FROM " + memoryTable(gen) + " WHERE seq > ? ORDER BY seq LIMIT 1")
	if err != nil {
		return 0, false, nil, false, err
	}
	s.BindInt64(1, max(after, 0))
	if s.Step() {
		seq, image, data, ok = s.ColumnInt64(0), s.ColumnInt(1) == memoryImage, append(db.memoryRow[:0], s.ColumnRawBlob(2)...), true
		db.memoryRow = data
	}
	return seq, image, data, ok, hostError("durable memory", s.Reset())
}

// MemoryRead hands the current generation to fn row by row, in order: the image's
// chunks (image true), then the journal's entries. data is valid only during the call.
// An object with no durable memory calls fn for nothing.
func (db *DB) MemoryRead(fn func(image bool, data []byte) error) (err error) {
	defer db.guard(&err)
	gen, err := db.memoryGeneration()
	if err != nil || gen == 0 {
		return err
	}
	// Not a cached statement: fn may write (an append while loading), and the table
	// may go.
	s, _, err := db.conn.Prepare("SELECT kind, data FROM " + memoryTable(gen) + " WHERE seq > 0 ORDER BY seq")
	if err != nil {
		return hostError("durable memory", err)
	}
	defer s.Close()
	for s.Step() {
		if err := fn(s.ColumnInt(0) == memoryImage, s.ColumnRawBlob(1)); err != nil {
			return err
		}
	}
	return hostError("durable memory", s.Err())
}
