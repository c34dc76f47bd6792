package storage

import (
	"bytes"
	"errors"
)

// Hibernation: the state of an object's idle plugin instance (its linear memory and
// globals, as package host encodes them), kept in the object's own database so that it
// agrees with the rest of it. It is one table, _cf_hibernation: row 0 holds the class
// version and the object's name that wrote it, the rows after it the state's bytes in
// chunks of at most MaxMemoryRowBytes. It is written in one transaction after the
// object's last commit, and the host deletes it in the transaction of the object's
// first batch after it activated, so the database never holds a state older than its
// other tables: a crash leaves the pair before.

const hibernationTable = "main." + reservedPrefix + "hibernation"

// Hibernation is a hibernated instance's state and what it is valid for.
type Hibernation struct {
	Version string // of the class that wrote it
	Name    string // of the object
	State   []byte
}

// HibernationPut replaces the object's hibernation with h, in the transaction under way.
func (db *DB) HibernationPut(h Hibernation) (err error) {
	defer db.guard(&err)
	if err := db.hostExec("CREATE TABLE IF NOT EXISTS " + hibernationTable + " (seq INTEGER PRIMARY KEY, data BLOB NOT NULL)"); err != nil {
		return err
	}
	db.markWrite()
	if err := db.run("DELETE FROM " + hibernationTable); err != nil {
		return err
	}
	head := append(append([]byte(h.Version), 0), h.Name...)
	if err := db.run("INSERT INTO "+hibernationTable+" (seq, data) VALUES (0, ?)", head); err != nil {
		return err
	}
	for seq, b := int64(1), h.State; len(b) > 0; seq++ {
		n := min(len(b), MaxMemoryRowBytes)
		if err := db.run("INSERT INTO "+hibernationTable+" (seq, data) VALUES (?, ?)", seq, b[:n]); err != nil {
			return err
		}
		b = b[n:]
	}
	return nil
}

// HibernationGet returns the object's hibernation; ok is false when it has none.
func (db *DB) HibernationGet() (h Hibernation, ok bool, err error) {
	defer db.guard(&err)
	if ok, err := db.hasHibernation(); err != nil || !ok {
		return h, false, err
	}
	// The state's size first, so that its rows are read into one buffer, not one grown
	// as they come (length() reads no blob).
	s, err := db.hostStmt("SELECT coalesce(sum(length(data)), 0) FROM " + hibernationTable + " WHERE seq > 0")
	if err != nil {
		return h, false, err
	}
	s.Step()
	size := s.ColumnInt64(0)
	if err := s.Reset(); err != nil {
		return h, false, hostError("hibernation", err)
	}
	s, err = db.hostStmt("SELECT seq, data FROM " + hibernationTable + " ORDER BY seq")
	if err != nil {
		return h, false, err
	}
	defer s.Reset()
	state := make([]byte, 0, size)
	for s.Step() {
		if s.ColumnInt64(0) == 0 {
			version, name, found := bytes.Cut(s.ColumnRawBlob(1), []byte{0})
			if !found {
				return h, false, errors.New("hibernation: its head is malformed")
			}
			h.Version, h.Name, ok = string(version), string(name), true
			continue
		}
		state = append(state, s.ColumnRawBlob(1)...)
	}
	if err := s.Reset(); err != nil {
		return h, false, hostError("hibernation", err)
	}
	h.State = state
	return h, ok, nil
}

// HibernationDelete deletes the object's hibernation, if it has one, in the
// transaction under way.
func (db *DB) HibernationDelete() (err error) {
	defer db.guard(&err)
	if ok, err := db.hasHibernation(); err != nil || !ok {
		return err
	}
	db.markWrite()
	return db.run("DELETE FROM " + hibernationTable)
}

// hasHibernation reports whether the database has the hibernation table.
func (db *DB) hasHibernation() (bool, error) {
	s, err := db.hostStmt("SELECT 1 FROM main.sqlite_schema WHERE type = 'table' AND name = '" + reservedPrefix + "hibernation'")
	if err != nil {
		return false, err
	}
	ok := s.Step()
	return ok, hostError("hibernation", s.Reset())
}
