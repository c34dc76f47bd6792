package storage

import (
	"github.com/sobjects/sobjects/abi"
)

// KV is the object's synchronous key-value store (ABI.md section 4.2), kept in the
// hidden table _cf_KV of its database, so it commits and rolls back with the
// call's SQL.

// KVGet appends the value of key to dst and reports whether the key exists.
func (db *DB) KVGet(key string, dst []byte) (out []byte, found bool, err error) {
	defer db.guard(&err)
	s, err := db.hostStmt("SELECT v FROM main._cf_KV WHERE k = ?")
	if err != nil {
		return dst, false, err
	}
	s.BindText(1, key)
	if s.Step() {
		dst = append(dst, s.ColumnRawBlob(0)...)
		found = true
	}
	err = s.Reset()
	s.ClearBindings()
	return dst, found, hostError("kv get", err)
}

// KVPut sets key to value. Size limits are the caller's (the host's) to apply.
func (db *DB) KVPut(key string, value []byte) error {
	db.markWrite()
	if value == nil {
		value = []byte{}
	}
	return db.run("INSERT INTO main._cf_KV (k, v) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v", key, value)
}

// KVDelete deletes key and reports whether it existed.
func (db *DB) KVDelete(key string) (bool, error) {
	db.markWrite()
	if err := db.run("DELETE FROM main._cf_KV WHERE k = ?", key); err != nil {
		return false, err
	}
	return db.conn.Changes() > 0, nil
}

// ListOptions select the entries KVList returns; the zero value selects all, in
// ascending key order.
type ListOptions struct {
	Prefix  string // only keys that start with Prefix
	Start   string // only keys >= Start (none if empty)
	End     string // only keys < End (none if empty)
	Limit   int    // at most Limit entries; 0 means no limit
	Reverse bool   // descending key order
}

// KVList appends the selected entries to enc as an array of [key, value] arrays,
// ordered by the keys' UTF-8 bytes.
func (db *DB) KVList(opts ListOptions, enc *abi.Encoder) (err error) {
	defer db.guard(&err)
	sql := "SELECT k, v FROM main._cf_KV WHERE k >= ?"
	lo, hi := opts.Start, opts.End
	if opts.Prefix > lo {
		lo = opts.Prefix
	}
	if end, ok := prefixEnd(opts.Prefix); ok && (hi == "" || end < hi) {
		hi = end
	}
	args := []any{lo}
	if hi != "" {
		sql += " AND k < ?"
		args = append(args, hi)
	}
	if opts.Reverse {
		sql += " ORDER BY k DESC"
	} else {
		sql += " ORDER BY k"
	}
	if opts.Limit > 0 {
		sql += " LIMIT ?"
		args = append(args, int64(opts.Limit))
	}
	s, err := db.hostStmt(sql)
	if err != nil {
		return err
	}
	defer s.ClearBindings()
	if err := bindAll(s, args); err != nil {
		return err
	}
	db.rows.Buf = db.rows.Buf[:0]
	n := 0
	for s.Step() {
		db.rows.ArrayHeader(2)
		db.rows.StringBytes(s.ColumnRawText(0))
		db.rows.Bytes(s.ColumnRawBlob(1))
		n++
		if len(db.rows.Buf) > db.maxResult {
			s.Reset()
			db.shrink()
			return abi.Errorf(abi.CodeTooLarge, "kv list result is over the limit of %d bytes: use a limit", db.maxResult)
		}
	}
	if err := s.Reset(); err != nil {
		return hostError("kv list", err)
	}
	enc.ArrayHeader(n)
	enc.Buf = append(enc.Buf, db.rows.Buf...)
	db.shrink()
	return nil
}

// prefixEnd is the smallest string greater than every string that starts with p; ok
// is false when there is none (p empty or all 0xFF bytes).
func prefixEnd(p string) (string, bool) {
	b := []byte(p)
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] < 0xff {
			b[i]++
			return string(b[:i+1]), true
		}
	}
	return "", false
}

// AlarmGet returns the object's alarm time in milliseconds since the Unix epoch, or 0
// when none is set.
func (db *DB) AlarmGet() (at int64, err error) {
	defer db.guard(&err)
	s, err := db.hostStmt("SELECT at FROM main._cf_alarm WHERE id = 1")
	if err != nil {
		return 0, err
	}
	if s.Step() {
		at = s.ColumnInt64(0)
	}
	return at, hostError("alarm get", s.Reset())
}

// AlarmSet sets the object's alarm to at (ms since the Unix epoch), replacing any.
func (db *DB) AlarmSet(at int64) error {
	db.markWrite()
	return db.run("INSERT INTO main._cf_alarm (id, at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at", at)
}

// AlarmDelete deletes the object's alarm and reports whether one was set.
func (db *DB) AlarmDelete() (bool, error) {
	db.markWrite()
	if err := db.run("DELETE FROM main._cf_alarm WHERE id = 1"); err != nil {
		return false, err
	}
	return db.conn.Changes() > 0, nil
}

// HoldsData reports whether the database holds anything that calls wrote: a KV entry,
// an alarm, a row of the keyed table, or a table, index, view or trigger of plugin
// SQL. A database that only the host's empty tables are in holds none. It writes
// nothing (it does not create the keyed tables).
func (db *DB) HoldsData() (found bool, err error) {
	defer db.guard(&err)
	s, err := db.hostStmt(`SELECT EXISTS (SELECT 1 FROM main._cf_KV) OR EXISTS (SELECT 1 FROM main._cf_alarm)
 OR EXISTS (SELECT 1 FROM main.sqlite_schema WHERE lower(substr(name, 1, 4)) <> '_cf_' AND lower(substr(name, 1, 7)) <> 'sqlite_'),
 EXISTS (SELECT 1 FROM main.sqlite_schema WHERE type = 'table' AND name = '_cf_keyed')`)
	if err != nil {
		return false, err
	}
	var keyed bool
	if s.Step() {
		found, keyed = s.ColumnBool(0), s.ColumnBool(1)
	}
	if err := s.Reset(); err != nil {
		return false, hostError("holds data", err)
	}
	if found || !keyed {
		return found, nil
	}
	k, err := db.hostStmt("SELECT EXISTS (SELECT 1 FROM main._cf_keyed)")
	if err != nil {
		return false, err
	}
	if k.Step() {
		found = k.ColumnBool(0)
	}
	return found, hostError("holds data", k.Reset())
}
