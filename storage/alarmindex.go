package storage

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/ncruces/go-sqlite3"
)

// AlarmIndex is the engine-wide index of pending alarms: one row per object whose alarm
// is set, so alarms fire for objects that are not resident and after a restart. Each
// object's own database holds the truth (its _cf_alarm table); the index says
// when to look. It is safe for concurrent use.
//
// The index also keeps the engine's other table of the node, the names behind the ids
// of JavaScript objects (PutName, Name), so one file holds what a restore needs
// besides the objects and the classes.
type AlarmIndex struct {
	mu      sync.Mutex // guards conn and its statements
	conn    *sqlite3.Conn
	changes atomic.Uint64
}

// Alarm is one entry of the index.
type Alarm struct {
	ObjectID string
	Class    string
	Name     string
	At       int64 // when to deliver, ms since the Unix epoch
	Retry    int   // how many deliveries failed before this one
}

// OpenAlarmIndex opens (creating if needed) the index at path.
func OpenAlarmIndex(ctx context.Context, path string, opts Options) (*AlarmIndex, error) {
	uri, err := openPrivate(path, "")
	if err != nil {
		return nil, fmt.Errorf("alarm index: %w", err)
	}
	conn, err := sqlite3.OpenContext(ctx, uri)
	if err != nil {
		return nil, fmt.Errorf("open alarm index %s: %w", path, hostError("open", err))
	}
	sync := "FULL"
	if opts.Durability == DurabilityRelaxed {
		sync = "NORMAL"
	}
	err = conn.Exec(`PRAGMA locking_mode=EXCLUSIVE; PRAGMA journal_mode=WAL; PRAGMA synchronous=` + sync + `;
CREATE TABLE IF NOT EXISTS alarms (
	object_id TEXT PRIMARY KEY, class TEXT NOT NULL, name TEXT NOT NULL,
	at INTEGER NOT NULL, retry INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS alarms_at ON alarms (at);
CREATE TABLE IF NOT EXISTS names (
	class TEXT NOT NULL, id TEXT NOT NULL, name BLOB NOT NULL,
	PRIMARY KEY (class, id)) WITHOUT ROWID;`)
	if err != nil {
		conn.Close()
		return nil, fmt.Errorf("open alarm index %s: %w", path, hostError("setup", err))
	}
	return &AlarmIndex{conn: conn}, nil
}

// Close closes the index.
func (x *AlarmIndex) Close() error {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.conn.Close()
}

func (x *AlarmIndex) exec(sql string, args ...any) error {
	x.mu.Lock()
	defer x.mu.Unlock()
	s, _, err := x.conn.Prepare(sql)
	if err != nil {
		return hostError("alarm index", err)
	}
	defer s.Close()
	if err := bindAll(s, args); err != nil {
		return err
	}
	x.changes.Add(1)
	return hostError("alarm index", s.Exec())
}

// Changes counts the writes to the index so far: a copy taken when it was n is
// current while it is still n.
func (x *AlarmIndex) Changes() uint64 { return x.changes.Load() }

// CopyTo writes a consistent copy of the index to the new file path (VACUUM INTO,
// https://sqlite.org/lang_vacuum.html#vacuuminto).
func (x *AlarmIndex) CopyTo(path string) error {
	x.mu.Lock()
	defer x.mu.Unlock()
	s, _, err := x.conn.Prepare("VACUUM INTO ?")
	if err != nil {
		return hostError("alarm index", err)
	}
	defer s.Close()
	if err := s.BindText(1, path); err != nil {
		return err
	}
	return hostError("alarm index copy", s.Exec())
}

// Set records that the object's alarm is due at (ms since the Unix epoch) after retry
// failed deliveries, replacing any entry.
func (x *AlarmIndex) Set(objectID, class, name string, at int64, retry int) error {
	return x.exec(`INSERT INTO alarms (object_id, class, name, at, retry) VALUES (?, ?, ?, ?, ?)
ON CONFLICT (object_id) DO UPDATE SET at = excluded.at, retry = excluded.retry`, objectID, class, name, at, int64(retry))
}

// Lease moves the entry's time to until, keeping its retry count: delivery is under
// way, and if the process dies the alarm fires again at until.
func (x *AlarmIndex) Lease(objectID string, until int64) error {
	return x.exec(`UPDATE alarms SET at = ? WHERE object_id = ?`, until, objectID)
}

// Delete removes the object's entry, if any.
func (x *AlarmIndex) Delete(objectID string) error {
	return x.exec(`DELETE FROM alarms WHERE object_id = ?`, objectID)
}

// Get returns the object's entry; ok is false when there is none.
func (x *AlarmIndex) Get(objectID string) (a Alarm, ok bool, err error) {
	list, err := x.query(`SELECT object_id, class, name, at, retry FROM alarms WHERE object_id = ?`, objectID)
	if err != nil || len(list) == 0 {
		return Alarm{}, false, err
	}
	return list[0], true, nil
}

// PutName records that id, of class, is the id of the object called name, unless the
// index knows id already (an id names one object for ever).
func (x *AlarmIndex) PutName(class, id, name string) error {
	return x.exec(`INSERT OR IGNORE INTO names (class, id, name) VALUES (?, ?, ?)`, class, id, []byte(name))
}

// Name returns the name PutName recorded for id of class; ok is false when it recorded
// none.
func (x *AlarmIndex) Name(class, id string) (name string, ok bool, err error) {
	x.mu.Lock()
	defer x.mu.Unlock()
	s, _, err := x.conn.Prepare(`SELECT name FROM names WHERE class = ? AND id = ?`)
	if err != nil {
		return "", false, hostError("alarm index", err)
	}
	defer s.Close()
	if err := bindAll(s, []any{class, id}); err != nil {
		return "", false, err
	}
	if s.Step() {
		name, ok = string(s.ColumnRawBlob(0)), true
	}
	return name, ok, hostError("alarm index", s.Err())
}

// Due returns up to limit entries due at or before now, earliest first.
func (x *AlarmIndex) Due(now int64, limit int) ([]Alarm, error) {
	return x.query(`SELECT object_id, class, name, at, retry FROM alarms WHERE at <= ? ORDER BY at LIMIT ?`, now, int64(limit))
}

// All returns every entry, earliest first.
func (x *AlarmIndex) All() ([]Alarm, error) {
	return x.query(`SELECT object_id, class, name, at, retry FROM alarms ORDER BY at`)
}

// Next returns the earliest entry's time; ok is false when the index is empty.
func (x *AlarmIndex) Next() (at int64, ok bool, err error) {
	list, err := x.query(`SELECT object_id, class, name, at, retry FROM alarms ORDER BY at LIMIT 1`)
	if err != nil || len(list) == 0 {
		return 0, false, err
	}
	return list[0].At, true, nil
}

func (x *AlarmIndex) query(sql string, args ...any) ([]Alarm, error) {
	x.mu.Lock()
	defer x.mu.Unlock()
	s, _, err := x.conn.Prepare(sql)
	if err != nil {
		return nil, hostError("alarm index", err)
	}
	defer s.Close()
	if err := bindAll(s, args); err != nil {
		return nil, err
	}
	var out []Alarm
	for s.Step() {
		out = append(out, Alarm{ObjectID: s.ColumnText(0), Class: s.ColumnText(1), Name: s.ColumnText(2), At: s.ColumnInt64(3), Retry: s.ColumnInt(4)})
	}
	return out, hostError("alarm index", s.Err())
}
