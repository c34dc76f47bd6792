package storage

import (
	"fmt"
	"strings"

	"github.com/cespare/xxhash/v2"
	"github.com/ncruces/go-sqlite3"
)

// Keyed state is the host-managed table of a splittable class (ABI.md section 4.7):
// one row per key with the key's hash stored and indexed, so that the rows of one half
// of a leaf are one range of the index. The table and the leaf record are created on
// first use, so objects of other classes carry neither.
const keyedSchema = `
CREATE TABLE IF NOT EXISTS main._cf_keyed (hash INTEGER NOT NULL, key TEXT NOT NULL, value BLOB NOT NULL, PRIMARY KEY (hash, key));
CREATE TABLE IF NOT EXISTS main._cf_leaf (id INTEGER PRIMARY KEY CHECK (id = 1), bits TEXT NOT NULL, moving TEXT NOT NULL, provisional INTEGER NOT NULL, split_ms INTEGER NOT NULL, cleanup INTEGER NOT NULL);
`

// KeyHash is the hash that places a key on a leaf: xxHash64 of its UTF-8 bytes
// (https://xxhash.com). A leaf of depth d owns the keys whose hash's d high bits are
// its bits.
func KeyHash(key string) uint64 { return xxhash.Sum64String(key) }

// HashBits renders the depth high bits of h as '0' and '1' characters.
func HashBits(h uint64, depth int) string {
	var b strings.Builder
	for i := range depth {
		b.WriteByte('0' + byte(h>>(63-i)&1))
	}
	return b.String()
}

// PrefixOwns reports whether the leaf with bits owns the key with hash h.
func PrefixOwns(bits string, h uint64) bool {
	lo, hi := PrefixRange(bits)
	return h >= lo && h <= hi
}

// PrefixRange is the range of hashes [lo, hi] whose high bits are bits (at most 64
// '0'/'1' characters; "" is every hash).
func PrefixRange(prefix string) (lo, hi uint64) {
	d := len(prefix)
	for i := range d {
		if prefix[i] == '1' {
			lo |= 1 << (63 - i)
		}
	}
	if d == 0 {
		return 0, ^uint64(0)
	}
	return lo, lo | (^uint64(0) >> d)
}

// ValidBits reports whether s is a leaf's bits: at most 64 characters, each '0' or '1'.
func ValidBits(s string) bool {
	if len(s) > 64 {
		return false
	}
	for i := range len(s) {
		if s[i] != '0' && s[i] != '1' {
			return false
		}
	}
	return true
}

// KeyHashFunction is the SQL function that plugin SQL may call: sobjects_key_hash(key)
// is KeyHash(key) as the signed integer that the keyed table stores, which sorts as
// the hash does, so a plugin table can keep the rows of a leaf's range
// (ABI.md section 4.7). NULL for a NULL key.
const KeyHashFunction = "sobjects_key_hash"

func keyHashFunc(ctx sqlite3.Context, arg ...sqlite3.Value) {
	if arg[0].Type() == sqlite3.NULL {
		ctx.ResultNull()
		return
	}
	ctx.ResultInt64(sqlHash(KeyHash(arg[0].Text())))
}

// LeafOwnsFunction is the SQL function sobjects_leaf_owns(key): 1 if the database's
// leaf owns key, else 0 (ABI.md section 4.7), so a plugin's queries can skip the rows of
// its own tables that belong to keys it gave away. It is defined for the objects of
// splittable classes, whose leaf record the host reads before their code runs; elsewhere
// it fails.
const LeafOwnsFunction = "sobjects_leaf_owns"

func (db *DB) leafOwnsFunc(ctx sqlite3.Context, arg ...sqlite3.Value) {
	if db.leaf == nil {
		ctx.ResultError(fmt.Errorf("%s: not an object of a splittable class", LeafOwnsFunction))
		return
	}
	if arg[0].Type() == sqlite3.NULL {
		ctx.ResultNull()
		return
	}
	ctx.ResultBool(db.leaf.Owns(KeyHash(arg[0].Text())))
}

// SQLHashRange is PrefixRange as the signed values sobjects_key_hash returns.
func SQLHashRange(bits string) (lo, hi int64) {
	l, h := PrefixRange(bits)
	return sqlHash(l), sqlHash(h)
}

// sqlHash maps a hash to the signed column value that sorts as the hash does.
func sqlHash(h uint64) int64 { return int64(h ^ 1<<63) }

// Leaf is the record of the part of a splittable object's key space that a database
// holds. A database without one is the root leaf: Bits "", everything owned.
type Leaf struct {
	// Bits is the hash prefix the leaf owns.
	Bits string
	// Moving is Bits+"1" while a split copies this leaf: the half that moves. Reads of
	// it go on; writes to it are refused until the split switches or rolls back.
	Moving string
	// Provisional marks a leaf made by a split that its parent has not switched to yet:
	// it serves nothing until the split is resolved (package splitter).
	Provisional bool
	// SplitMs is when the leaf last split, or was made by a split: ms since the Unix
	// epoch; 0 if never.
	SplitMs int64
	// Cleanup marks a leaf that still holds rows of keys it gave away (or, for a new
	// leaf, never owned): they are invisible, and deleted in the background
	// (KeyedDeleteOutside).
	Cleanup bool
}

// Owns reports whether the leaf owns the key with hash h.
func (l Leaf) Owns(h uint64) bool { return PrefixOwns(l.Bits, h) }

// IsMoving reports whether the key with hash h is in the half a split is moving.
func (l Leaf) IsMoving(h uint64) bool { return l.Moving != "" && PrefixOwns(l.Moving, h) }

// ensureKeyed creates the keyed tables if this transaction has not seen them yet.
func (db *DB) ensureKeyed() error {
	if db.keyedReady {
		return nil
	}
	if err := db.lostError(); err != nil {
		return err
	}
	if err := db.conn.Exec(keyedSchema); err != nil {
		return hostError("keyed schema", err)
	}
	db.keyedReady = true
	return nil
}

// Leaf returns the database's leaf record (the root's if it has none). It is cached
// until a rollback or SetLeaf.
func (db *DB) Leaf() (l Leaf, err error) {
	if db.leaf != nil {
		return *db.leaf, nil
	}
	defer db.guard(&err)
	if err := db.ensureKeyed(); err != nil {
		return l, err
	}
	s, err := db.hostStmt("SELECT bits, moving, provisional, split_ms, cleanup FROM main._cf_leaf WHERE id = 1")
	if err != nil {
		return l, err
	}
	if s.Step() {
		l = Leaf{Bits: s.ColumnText(0), Moving: s.ColumnText(1), Provisional: s.ColumnInt(2) != 0, SplitMs: s.ColumnInt64(3), Cleanup: s.ColumnInt(4) != 0}
	}
	if err := hostError("leaf", s.Reset()); err != nil {
		return l, err
	}
	db.leaf = &l
	return l, nil
}

// SetLeaf writes the database's leaf record; it commits with the transaction.
func (db *DB) SetLeaf(l Leaf) error {
	if !ValidBits(l.Bits) || !ValidBits(l.Moving) {
		return fmt.Errorf("leaf bits %q/%q: want '0' and '1' only", l.Bits, l.Moving)
	}
	if err := db.ensureKeyed(); err != nil {
		return err
	}
	db.markWrite()
	db.leaf = nil
	return db.run("INSERT INTO main._cf_leaf (id, bits, moving, provisional, split_ms, cleanup) VALUES (1, ?, ?, ?, ?, ?) "+
		"ON CONFLICT (id) DO UPDATE SET bits = excluded.bits, moving = excluded.moving, provisional = excluded.provisional, "+
		"split_ms = excluded.split_ms, cleanup = excluded.cleanup",
		l.Bits, l.Moving, int64(boolInt(l.Provisional)), l.SplitMs, int64(boolInt(l.Cleanup)))
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// KeyedGet appends the value of key to dst and reports whether the key exists. The
// caller checks that the leaf owns it.
func (db *DB) KeyedGet(key string, dst []byte) (out []byte, found bool, err error) {
	defer db.guard(&err)
	if err := db.ensureKeyed(); err != nil {
		return dst, false, err
	}
	s, err := db.hostStmt("SELECT value FROM main._cf_keyed WHERE hash = ? AND key = ?")
	if err != nil {
		return dst, false, err
	}
	s.BindInt64(1, sqlHash(KeyHash(key)))
	s.BindText(2, key)
	if s.Step() {
		dst = append(dst, s.ColumnRawBlob(0)...)
		found = true
	}
	err = s.Reset()
	s.ClearBindings()
	return dst, found, hostError("keyed get", err)
}

// KeyedPut sets key to value; a nil value deletes the key.
func (db *DB) KeyedPut(key string, value []byte) error {
	if err := db.ensureKeyed(); err != nil {
		return err
	}
	db.markWrite()
	h := sqlHash(KeyHash(key))
	if value == nil {
		return db.run("DELETE FROM main._cf_keyed WHERE hash = ? AND key = ?", h, key)
	}
	return db.run("INSERT INTO main._cf_keyed (hash, key, value) VALUES (?, ?, ?) "+
		"ON CONFLICT (hash, key) DO UPDATE SET value = excluded.value", h, key, value)
}

// KeyedEntry is one row of the keyed table.
type KeyedEntry struct {
	Hash  uint64
	Key   string
	Value []byte
}

// KeyedScanPageBytes bounds the keys and values of one KeyedScan page, in bytes (with
// 16 bytes more for each row's headers), where Options.MaxResultBytes is larger: a page
// that stops early returns a cursor and the SDK reads on, so a small page only bounds
// what the host and the plugin hold at once. A row larger than it comes alone.
const KeyedScanPageBytes = 4 << 20

// KeyedScan returns up to limit rows of the leaf with bits, in (hash, key) order,
// starting after the row (afterHash, afterKey) when after is true. It stops early,
// before the row that would take the keys and values returned (16 bytes more each) over
// the smaller of KeyedScanPageBytes and Options.MaxResultBytes, but returns at least
// one row. more reports that rows may follow the last one returned (limit rows, or a
// stop at the byte bound).
func (db *DB) KeyedScan(bits string, after bool, afterHash uint64, afterKey string, limit int) (rows []KeyedEntry, more bool, err error) {
	defer db.guard(&err)
	if err := db.ensureKeyed(); err != nil {
		return nil, false, err
	}
	lo, hi := PrefixRange(bits)
	if !after {
		// (lo, "") sorts before every row of the range: no key is empty.
		afterHash, afterKey = lo, ""
	}
	s, err := db.hostStmt("SELECT hash, key, value FROM main._cf_keyed WHERE (hash, key) > (?, ?) AND hash <= ? ORDER BY hash, key LIMIT ?")
	if err != nil {
		return nil, false, err
	}
	defer s.ClearBindings()
	s.BindInt64(1, sqlHash(afterHash))
	s.BindText(2, afterKey)
	s.BindInt64(3, sqlHash(hi))
	s.BindInt64(4, int64(limit))
	bytes, maxBytes := 0, min(db.maxResult, KeyedScanPageBytes)
	for s.Step() {
		// The sizes first, read without copying: a row over the bound is not loaded. 16
		// bytes more for the row's MessagePack headers, so the encoded page keeps to it.
		n := len(s.ColumnRawText(1)) + len(s.ColumnRawBlob(2)) + 16
		if len(rows) > 0 && bytes+n > maxBytes {
			more = true
			break
		}
		bytes += n
		rows = append(rows, KeyedEntry{Hash: uint64(s.ColumnInt64(0)) ^ 1<<63, Key: s.ColumnText(1), Value: s.ColumnBlob(2, nil)})
	}
	return rows, more || len(rows) == limit, hostError("keyed scan", s.Reset())
}

// KeyedCount counts the rows of the leaf with bits.
func (db *DB) KeyedCount(bits string) (n int64, err error) {
	defer db.guard(&err)
	if err := db.ensureKeyed(); err != nil {
		return 0, err
	}
	lo, hi := PrefixRange(bits)
	s, err := db.hostStmt("SELECT count(*) FROM main._cf_keyed WHERE hash >= ? AND hash <= ?")
	if err != nil {
		return 0, err
	}
	s.BindInt64(1, sqlHash(lo))
	s.BindInt64(2, sqlHash(hi))
	if s.Step() {
		n = s.ColumnInt64(0)
	}
	return n, hostError("keyed count", s.Reset())
}

// KeyedDeleteOutside deletes up to limit rows whose keys the leaf with bits does not
// own (the half a split gave away) and returns how many it deleted: 0 when none are
// left.
func (db *DB) KeyedDeleteOutside(bits string, limit int) (n int, err error) {
	if err := db.ensureKeyed(); err != nil {
		return 0, err
	}
	lo, hi := PrefixRange(bits)
	db.markWrite()
	if err := db.run("DELETE FROM main._cf_keyed WHERE rowid IN (SELECT rowid FROM main._cf_keyed WHERE hash < ? LIMIT ?)", sqlHash(lo), int64(limit)); err != nil {
		return 0, err
	}
	n = int(db.conn.Changes())
	if n >= limit {
		return n, nil
	}
	if err := db.run("DELETE FROM main._cf_keyed WHERE rowid IN (SELECT rowid FROM main._cf_keyed WHERE hash > ? LIMIT ?)", sqlHash(hi), int64(limit-n)); err != nil {
		return n, err
	}
	return n + int(db.conn.Changes()), nil
}
