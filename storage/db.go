package storage

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode"

	"github.com/ncruces/go-sqlite3"
	"github.com/ncruces/go-sqlite3/ext/fts5"

	"github.com/sobjects/sobjects/abi"
)

// Durability is how far a commit has gone before it counts as done.
type Durability uint8

const (
	// DurabilityFsync (the default) fsyncs the write-ahead log at every commit
	// (PRAGMA synchronous=FULL), so a committed write survives power loss.
	DurabilityFsync Durability = iota
	// DurabilityRelaxed writes the log at every commit but fsyncs only at checkpoints
	// (PRAGMA synchronous=NORMAL): a commit survives a crash of the process, not of
	// the machine. https://sqlite.org/pragma.html#pragma_synchronous
	DurabilityRelaxed
)

// ParseDurability parses "fsync" or "relaxed".
func ParseDurability(s string) (Durability, error) {
	switch s {
	case "fsync", "":
		return DurabilityFsync, nil
	case "relaxed":
		return DurabilityRelaxed, nil
	}
	return 0, fmt.Errorf("unknown durability %q: want fsync or relaxed", s)
}

func (d Durability) String() string {
	if d == DurabilityRelaxed {
		return "relaxed"
	}
	return "fsync"
}

// DefaultMaxMemoryBytes is the memory one connection may use when
// Options.MaxMemoryBytes is 0: SQLite's page cache, statements and sorting.
const DefaultMaxMemoryBytes = 64 << 20

// DefaultMaxObjectBytes is the size one object's database may reach when
// Options.MaxObjectBytes is 0: 10 GB (10^10 bytes), Cloudflare's limit per
// SQLite-backed Durable Object.
// https://developers.cloudflare.com/durable-objects/platform/limits/
const DefaultMaxObjectBytes = 10_000_000_000

// Options configure how a database is opened. The zero value is the default.
type Options struct {
	// MaxObjectBytes is the object's storage quota: the largest its database file may
	// grow to, in bytes, rounded down to whole pages (PRAGMA max_page_count); 0 means
	// DefaultMaxObjectBytes, a negative value no quota but SQLite's own. A write that
	// would grow the database past it fails with an error matching ErrQuota (and
	// ErrNoSpace, so the call fails and commits nothing); reads, deletes and writes
	// that reuse free pages go on. A database already larger when opened keeps its
	// size as its quota. The write-ahead log is not counted.
	// https://sqlite.org/pragma.html#pragma_max_page_count
	MaxObjectBytes int64
	// Durability of each commit; the zero value is DurabilityFsync.
	Durability Durability
	// MaxMemoryBytes bounds the memory of one connection, in bytes, rounded down to
	// 64 KiB; 0 means DefaultMaxMemoryBytes. SQL that needs more fails with
	// ErrOutOfMemory and the DB is closed.
	MaxMemoryBytes int64
	// MaxResultBytes bounds the encoded result of one Exec or KVList, in bytes; 0 means
	// abi.DefaultMaxOutputBytes. A larger result fails with abi.CodeTooLarge.
	MaxResultBytes int
	// VFS names the SQLite VFS that does the file I/O (registered with
	// github.com/ncruces/go-sqlite3/vfs.Register); "" means the operating system's.
	// Tests use it to inject faults.
	VFS string
	// Replicated turns off SQLite's automatic checkpoints, and its checkpoint when the
	// connection closes, so the write-ahead log keeps every frame until its owner has
	// copied them and calls Checkpoint (package storage/backup).
	// https://sqlite.org/wal.html#automatic_checkpoint
	Replicated bool
}

// MaxSQLColumns is the most columns a table or a query's result may have, Cloudflare's
// documented limit (https://developers.cloudflare.com/durable-objects/platform/limits/):
// SQL that makes or answers more fails with abi.CodeSQL ("too many columns").
const MaxSQLColumns = 100

// reservedPrefix starts the names of the tables the host keeps in every object's
// database; plugin SQL can neither read nor write them, nor make a table of such a
// name. It is workerd's, whose KV API keeps its data in _cf_KV.
const reservedPrefix = "_cf_"

const schema = `
CREATE TABLE IF NOT EXISTS main._cf_KV (k TEXT PRIMARY KEY, v BLOB NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS main._cf_alarm (id INTEGER PRIMARY KEY CHECK (id = 1), at INTEGER NOT NULL);
`

// DB is one object's SQLite database. It is not safe for concurrent use: the host runs
// one call at a time per object, and so one goroutine at a time per DB.
type DB struct {
	conn      *sqlite3.Conn
	path      string
	osVFS     bool // the operating system's VFS: the data directory's free space is where writes go
	maxResult int

	maxBytes   int64                    // Options.MaxObjectBytes, as applied (0: none)
	walKeep    int64                    // a log over this after a rollback is truncated (trimLog)
	rolledBack bool                     // a rollback ran in this batch (trimLog)
	untrusted  bool                     // plugin SQL is being prepared or run
	sawAlter   bool                     // the plugin statement being prepared is an ALTER TABLE (authorize)
	depth      int                      // open plugin transactions (txn_begin) in this call
	savepoint  bool                     // BeginCall opened the savepoint "call" (see BeginCall)
	stmts      map[string]*sqlite3.Stmt // prepared plugin statements, by SQL text
	host       map[string]*sqlite3.Stmt // prepared host statements, by SQL text
	memoryRow  []byte                   // MemoryNext's row (durable_memory.go)
	rows       abi.Encoder              // scratch for Exec
	broken     atomic.Bool              // a panic or OOM left the connection unusable
	logFrames  int                      // frames in the write-ahead log after the last commit (Replicated)
	wrote      bool                     // the current call wrote (see CallWrote)
	batchWrote bool                     // a write ran since Begin (see Writing)
	replicated bool                     // Options.Replicated
	keyedReady bool                     // the keyed tables exist in this transaction (keyed.go)
	fts5       bool                     // FTS5 is registered on conn (loadFTS5)
	leaf       *Leaf                    // cached leaf record (keyed.go); nil when not read
	hold       *holdState               // checkpoint holds of this path (Pool.HoldCheckpoints); may be nil
	held       bool                     // the hold is applied to the connection's settings
	inBatch    bool                     // Begin opened the batch transaction, and no Commit or Rollback ended it
	lost       error                    // the error after which SQLite had rolled the batch transaction back itself; nil if none
}

// maxCachedStmts bounds the plugin statement cache of one DB.
const maxCachedStmts = 64

// Open opens (creating if needed) the database at path in WAL mode with exclusive
// locking (one process owns an object's file), applies opts, and creates the hidden
// tables. ctx bounds only the opening.
//
// # Errors
//
// ErrReadOnly when the file or its directory cannot be written; ErrNoSpace when the
// disk is full; other errors from SQLite wrapped with the path.
func Open(ctx context.Context, path string, opts Options) (db *DB, err error) {
	max := opts.MaxMemoryBytes
	if max <= 0 {
		max = DefaultMaxMemoryBytes
	}
	defer recoverOOM(&err)
	uri, err := openPrivate(path, opts.VFS)
	if err != nil {
		return nil, err
	}
	conn, err := sqlite3.OpenContext(sqlite3.WithMaxMemory(ctx, max), uri)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, hostError("open", err))
	}
	sync := "FULL"
	if opts.Durability == DurabilityRelaxed {
		sync = "NORMAL"
	}
	maxResult := opts.MaxResultBytes
	if maxResult <= 0 {
		maxResult = abi.DefaultMaxOutputBytes
	}
	db = &DB{conn: conn, path: path, osVFS: opts.VFS == "", walKeep: WALKeepBytes, maxResult: maxResult, replicated: opts.Replicated, stmts: map[string]*sqlite3.Stmt{}, host: map[string]*sqlite3.Stmt{}}
	// synchronous first: switching a new database to WAL is a write, synced per the level.
	// Exclusive locking before the first read, so that the WAL index lives in memory.
	if err := conn.Exec("PRAGMA locking_mode=EXCLUSIVE"); err != nil {
		conn.Close()
		return nil, fmt.Errorf("open %s: %w", path, hostError("setup", err))
	}
	// A new database is made with auto_vacuum=INCREMENTAL (see ReclaimMinFreePages): it
	// takes effect only before the file's first page is written. Only then: on an
	// existing database the PRAGMA is a write (it sets the header's incremental flag),
	// one commit more at every open, which a backup would upload.
	var autoVacuum, rename string
	var hasFTS5 bool
	if pages, err := pageCount(conn); err != nil {
		conn.Close()
		return nil, fmt.Errorf("open %s: %w", path, hostError("setup", err))
	} else if pages == 0 {
		autoVacuum = "PRAGMA auto_vacuum=INCREMENTAL; "
	} else if rename, hasFTS5, err = renameOldTables(conn); err != nil {
		conn.Close()
		return nil, fmt.Errorf("open %s: %w", path, hostError("setup", err))
	}
	setup := autoVacuum + "PRAGMA synchronous=" + sync + "; PRAGMA journal_mode=WAL" +
		"; PRAGMA journal_size_limit=" + strconv.Itoa(WALKeepBytes) +
		"; PRAGMA foreign_keys=ON" +
		// TEMP tables, sorts and temporary indexes in the connection's bounded memory
		// (MaxMemoryBytes), not in files outside the data directory that no quota counts.
		"; PRAGMA temp_store=MEMORY; BEGIN;" + rename + schema + "COMMIT;"
	if opts.Replicated {
		setup += "PRAGMA wal_autocheckpoint=0;"
		if _, err := conn.Config(sqlite3.DBCONFIG_NO_CKPT_ON_CLOSE, true); err != nil {
			conn.Close()
			return nil, fmt.Errorf("open %s: %w", path, err)
		}
	}
	if err := conn.Exec(setup); err != nil {
		conn.Close()
		return nil, fmt.Errorf("open %s: %w", path, hostError("setup", err))
	}
	if opts.Replicated {
		// After the PRAGMA: setting wal_autocheckpoint replaces the WAL hook.
		conn.WALHook(func(_ *sqlite3.Conn, _ string, frames int) error {
			db.logFrames = frames
			return nil
		})
	}
	if err := db.setQuota(opts.MaxObjectBytes); err != nil {
		conn.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	if err := conn.CreateFunction(KeyHashFunction, 1, sqlite3.DETERMINISTIC|sqlite3.INNOCUOUS, keyHashFunc); err != nil {
		conn.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	if err := conn.CreateFunction(LeafOwnsFunction, 1, sqlite3.INNOCUOUS, db.leafOwnsFunc); err != nil {
		conn.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	// FTS5 (see loadFTS5) at once for a database that has an FTS5 table, whose other
	// uses (an ALTER TABLE reads the whole schema) would not find it.
	if hasFTS5 {
		if err := db.loadFTS5(); err != nil {
			conn.Close()
			return nil, fmt.Errorf("open %s: %w", path, err)
		}
	}
	// Tables and results of at most MaxSQLColumns columns, as on Cloudflare. Set after
	// the schema is read (setup), so a table made wider by an older sobjects still opens.
	conn.Limit(sqlite3.LIMIT_COLUMN, MaxSQLColumns)
	if err := conn.SetAuthorizer(db.authorize); err != nil {
		conn.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	return db, nil
}

// oldTableNames maps the names the host's tables had before they took workerd's
// reserved prefix _cf_ (sobjects before issue 17) to their names now.
var oldTableNames = [][2]string{
	{"_sobjects_kv", "_cf_KV"}, {"_sobjects_alarm", "_cf_alarm"},
	{"_sobjects_keyed", "_cf_keyed"}, {"_sobjects_leaf", "_cf_leaf"},
}

// renameOldTables returns the statements that rename the host's tables of a database
// made under their old names (oldTableNames), "" when it has none: Open runs them in
// its setup transaction, before the schema, so the data stays and no empty table of
// the new name is made beside it. hasFTS5 reports a virtual table that may be FTS5's.
func renameOldTables(conn *sqlite3.Conn) (rename string, hasFTS5 bool, err error) {
	s, _, err := conn.Prepare(`SELECT name, rootpage = 0 AND sql LIKE '%fts5%' FROM main.sqlite_schema WHERE type = 'table'
 AND (name IN ('_sobjects_kv', '_sobjects_alarm', '_sobjects_keyed', '_sobjects_leaf') OR rootpage = 0 AND sql LIKE '%fts5%')`)
	if err != nil {
		return "", false, err
	}
	defer s.Close()
	found := map[string]bool{}
	for s.Step() {
		found[s.ColumnText(0)] = true
		hasFTS5 = hasFTS5 || s.ColumnBool(1)
	}
	if err := s.Err(); err != nil {
		return "", false, err
	}
	var b strings.Builder
	for _, n := range oldTableNames {
		if found[n[0]] {
			b.WriteString("ALTER TABLE main." + n[0] + " RENAME TO " + n[1] + ";")
		}
	}
	return b.String(), hasFTS5, nil
}

// loadFTS5 registers FTS5 full-text search (https://sqlite.org/fts5.html), which
// workerd's SQLite has, on the connection, once. It costs half a millisecond, a third
// of an Open: so it is done before plugin SQL that mentions fts5 first runs (Exec),
// or at Open for a database that has an FTS5 table, not at every Open.
func (db *DB) loadFTS5() error {
	if db.fts5 {
		return nil
	}
	if err := fts5.Register(db.conn); err != nil {
		return fmt.Errorf("fts5: %w", err)
	}
	db.fts5 = true
	return nil
}

// pageCount reads the database's size in pages from a connection being set up.
func pageCount(conn *sqlite3.Conn) (int64, error) {
	s, _, err := conn.Prepare("PRAGMA main.page_count")
	if err != nil {
		return 0, err
	}
	defer s.Close()
	var n int64
	if s.Step() {
		n = s.ColumnInt64(0)
	}
	return n, s.Err()
}

// setQuota applies Options.MaxObjectBytes as the connection's max_page_count.
func (db *DB) setQuota(max int64) error {
	if max == 0 {
		max = DefaultMaxObjectBytes
	}
	if max < 0 {
		return nil
	}
	ps, err := db.PageSize()
	if err != nil {
		return err
	}
	pages := max / int64(ps)
	if pages < 1 {
		pages = 1
	}
	if err := db.conn.Exec(fmt.Sprintf("PRAGMA main.max_page_count = %d", pages)); err != nil {
		return hostError("max_page_count", err)
	}
	db.maxBytes = pages * int64(ps)
	return nil
}

// quota turns a full database (SQLITE_FULL) into a *QuotaError when the quota, not the
// disk, refused the write: SQLite says SQLITE_FULL both for a full disk and for a write
// past max_page_count. It is the quota when the database is within an eighth of it, or
// when the file system of the data directory (with the operating system's VFS) still
// has more free space than the database could grow by under the quota, twice (its
// write-ahead log first, then the database), and 64 MiB: so a single write larger than
// what is left of the quota is named as such. Otherwise it is a full disk (ErrNoSpace).
func (db *DB) quota(err error) error {
	if db.maxBytes <= 0 || !errors.Is(err, sqlite3.FULL) {
		return err
	}
	untrusted := db.untrusted
	db.untrusted = false
	defer func() { db.untrusted = untrusted }()
	s, serr := db.hostStmt("SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()")
	if serr != nil {
		return err
	}
	var size int64
	if s.Step() {
		size = s.ColumnInt64(0)
	}
	if s.Reset() != nil {
		return err
	}
	if size < db.maxBytes-db.maxBytes/8 && !db.roomOnDisk(2*(db.maxBytes-size)+64<<20) {
		return err
	}
	return &QuotaError{MaxBytes: db.maxBytes, err: err}
}

// roomOnDisk reports whether the file system holding the database has more than n
// bytes free for it; false where that cannot be known (another VFS, statfs failing).
func (db *DB) roomOnDisk(n int64) bool {
	if !db.osVFS {
		return false
	}
	free := diskFree(filepath.Dir(db.path))
	return free >= 0 && free > n
}

// recoverOOM turns the out-of-memory panic of ncruces/go-sqlite3 into ErrOutOfMemory.
func recoverOOM(err *error) {
	if r := recover(); r != nil {
		if e, ok := r.(error); ok && strings.Contains(e.Error(), "out of memory") {
			*err = ErrOutOfMemory
			return
		}
		panic(r)
	}
}

// Path is the database file's path.
func (db *DB) Path() string { return db.path }

// Broken reports whether the DB hit its memory limit or another fault and must be
// closed and reopened.
func (db *DB) Broken() bool { return db.broken.Load() }

// Close closes the connection, rolling back any open transaction. Closing twice is a
// no-op. A connection that hit its memory limit may fail to close cleanly; Close then
// returns ErrOutOfMemory and drops it.
func (db *DB) Close() (err error) {
	if db.conn == nil {
		return nil
	}
	if hErr := db.applyHold(); hErr != nil {
		// The connection must not checkpoint on close while a copy reads the file.
		db.conn.Config(sqlite3.DBCONFIG_NO_CKPT_ON_CLOSE, true)
	}
	// Each step recovers on its own, so the connection (and its file lock) is released
	// even when finalizing a statement fails.
	try := func(f func() error) {
		defer func() {
			if r := recover(); r != nil && err == nil {
				err = fmt.Errorf("close %s: %w (%v)", db.path, ErrOutOfMemory, r)
			}
		}()
		if e := f(); e != nil && err == nil {
			err = e
		}
	}
	for _, s := range db.stmts {
		try(s.Close)
	}
	for _, s := range db.host {
		try(s.Close)
	}
	try(db.conn.Close)
	db.conn = nil
	return err
}

// guard is deferred by every method that runs SQL: it turns SQLite's out-of-memory
// panic into ErrOutOfMemory and marks the DB broken.
func (db *DB) guard(err *error) {
	if r := recover(); r != nil {
		db.broken.Store(true)
		if e, ok := r.(error); ok && strings.Contains(e.Error(), "out of memory") {
			*err = ErrOutOfMemory
			return
		}
		*err = fmt.Errorf("sqlite fault: %v", r)
	}
	if *err != nil {
		db.noteLoss(*err)
	}
}

// noteLoss records err as the cause of the batch transaction's loss when SQLite has
// rolled that transaction back by itself: after SQLITE_FULL, SQLITE_IOERR,
// SQLITE_NOMEM, SQLITE_BUSY or an interrupt it may, and the connection is then in
// autocommit mode, where each later statement would commit at once, outside the batch
// (https://sqlite.org/lang_transaction.html#response_to_errors_within_a_transaction).
func (db *DB) noteLoss(err error) {
	if db.inBatch && db.lost == nil && db.conn != nil && db.conn.GetAutocommit() {
		db.lost = err
	}
}

// errSwallowed is the cause of a loss that EndCall notices after no error a method of
// DB saw: a plugin statement's, which the plugin swallowed.
var errSwallowed = errors.New("a statement failed")

// lostError returns the *LostError of the batch transaction's loss, or nil when it is
// not lost. Every method that runs SQL refuses to while it is not nil.
func (db *DB) lostError() error {
	if db.lost == nil {
		return nil
	}
	return &LostError{Cause: db.lost}
}

// Lost returns, as a *LostError (which matches ErrTransactionLost), the error after
// which SQLite rolled the batch transaction back by itself, or nil: every write since
// Begin is gone, and until Rollback the DB runs no SQL.
func (db *DB) Lost() error { return db.lostError() }

// SetInterrupt makes SQL run by this DB stop with ErrInterrupted once ctx is done,
// until the next SetInterrupt. Pass context.Background() to clear it.
func (db *DB) SetInterrupt(ctx context.Context) { db.conn.SetInterrupt(ctx) }

// authorize is SQLite's authorizer callback (https://sqlite.org/c3ref/set_authorizer.html).
// Host SQL is always allowed; plugin SQL may not open or end transactions, attach
// databases, change settings with PRAGMA, or touch the reserved tables.
func (db *DB) authorize(action sqlite3.AuthorizerActionCode, name3rd, name4th, _, _ string) sqlite3.AuthorizerReturnCode {
	if !db.untrusted {
		return sqlite3.AUTH_OK
	}
	switch action {
	case sqlite3.AUTH_TRANSACTION, sqlite3.AUTH_SAVEPOINT, sqlite3.AUTH_ATTACH, sqlite3.AUTH_DETACH:
		return sqlite3.AUTH_DENY
	case sqlite3.AUTH_PRAGMA:
		// name4th is the PRAGMA's value ("PRAGMA page_size = 8192"), "" for a read.
		if p := strings.ToLower(name3rd); readOnlyPragmas[p] || sizePragmas[p] && name4th == "" {
			return sqlite3.AUTH_OK
		}
		return sqlite3.AUTH_DENY
	case sqlite3.AUTH_ALTER_TABLE:
		// SQLite shows the table's old name only, never the new one of a RENAME TO:
		// Exec runs the statement under a savepoint and undoes it if it made a
		// reserved name (beginAlter, endAlter).
		db.sawAlter = true
	}
	if isReserved(name3rd) || isReserved(name4th) {
		return sqlite3.AUTH_DENY
	}
	return sqlite3.AUTH_OK
}

// readOnlyPragmas are the PRAGMAs plugin SQL may run (ABI.md section 4.3).
var readOnlyPragmas = map[string]bool{
	"table_info": true, "table_xinfo": true, "index_list": true, "index_info": true,
	"index_xinfo": true, "foreign_key_list": true, "table_list": true,
	"quick_check": true, "integrity_check": true,
}

// sizePragmas are the PRAGMAs plugin SQL may read but never set (ABI.md section 4.3):
// the figures behind the database's size, page_count × page_size, and its free pages.
// So are foreign_keys (always on, see Open, as on workerd) and data_version, which
// FTS5 reads in its own statements.
var sizePragmas = map[string]bool{"page_count": true, "page_size": true, "freelist_count": true, "foreign_keys": true, "data_version": true}

// reservedSchemaSQL lists, in a stable order, the schema entries whose name or table
// has the reserved prefix, in main and in temp: the host's tables, their indexes, and
// anything plugin SQL must not be able to make.
const reservedSchemaSQL = `SELECT 'main', type, name, tbl_name, coalesce(sql, '') FROM main.sqlite_schema
 WHERE lower(substr(name, 1, 4)) = '_cf_' OR lower(substr(tbl_name, 1, 4)) = '_cf_'
UNION ALL SELECT 'temp', type, name, tbl_name, coalesce(sql, '') FROM temp.sqlite_schema
 WHERE lower(substr(name, 1, 4)) = '_cf_' OR lower(substr(tbl_name, 1, 4)) = '_cf_'
ORDER BY 1, 2, 3`

// reservedSchema returns the schema entries of reservedSchemaSQL as one string. It runs
// as host SQL.
func (db *DB) reservedSchema() (string, error) {
	untrusted := db.untrusted
	db.untrusted = false
	defer func() { db.untrusted = untrusted }()
	s, err := db.hostStmt(reservedSchemaSQL)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for s.Step() {
		for i := range 5 {
			b.WriteString(s.ColumnText(i))
			b.WriteByte(0)
		}
		b.WriteByte('\n')
	}
	return b.String(), hostError("schema", s.Reset())
}

// hostExec runs host SQL text (no parameters, no rows) while plugin SQL is running.
func (db *DB) hostExec(sql string) error {
	untrusted := db.untrusted
	db.untrusted = false
	defer func() { db.untrusted = untrusted }()
	if err := db.lostError(); err != nil {
		return err
	}
	if err := db.conn.Exec(sql); err != nil {
		return hostError(sqlVerb(sql), err)
	}
	return nil
}

func isReserved(name string) bool {
	return len(name) >= len(reservedPrefix) && strings.EqualFold(name[:len(reservedPrefix)], reservedPrefix)
}

// hostStmt returns the prepared host statement for sql, preparing it once.
func (db *DB) hostStmt(sql string) (*sqlite3.Stmt, error) {
	if db.conn == nil {
		return nil, ErrClosed
	}
	if err := db.lostError(); err != nil {
		return nil, err
	}
	if s := db.host[sql]; s != nil {
		return s, nil
	}
	s, _, err := db.conn.Prepare(sql)
	if err != nil {
		return nil, hostError("prepare", err)
	}
	db.host[sql] = s
	return s, nil
}

// run executes a host statement that returns no rows.
func (db *DB) run(sql string, args ...any) (err error) {
	defer db.guard(&err)
	s, err := db.hostStmt(sql)
	if err != nil {
		return err
	}
	if err := bindAll(s, args); err != nil {
		return err
	}
	err = s.Exec()
	s.ClearBindings()
	if err != nil {
		return db.quota(hostError(sqlVerb(sql), err))
	}
	return nil
}

// sqlVerb is the first word of sql (BEGIN, COMMIT, SAVEPOINT, ...), which a host
// statement's error names. It is found only when there is an error to name: the
// statements of every call succeed far more often than they fail.
func sqlVerb(sql string) string {
	sql = strings.TrimLeftFunc(sql, unicode.IsSpace)
	if i := strings.IndexFunc(sql, unicode.IsSpace); i >= 0 {
		return sql[:i]
	}
	return sql
}

func bindAll(s *sqlite3.Stmt, args []any) error {
	for i, a := range args {
		var err error
		switch a := a.(type) {
		case string:
			err = s.BindText(i+1, a)
		case []byte:
			err = s.BindBlob(i+1, a)
		case int64:
			err = s.BindInt64(i+1, a)
		default:
			err = fmt.Errorf("bind %T: unsupported", a)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// Begin starts the transaction of a commit batch.
//
// SQLite may roll that transaction back by itself when a statement fails with a full
// disk, an I/O error, an interrupt or out of memory; the DB then notices, keeps the
// error (Lost) and refuses every statement, with a *LostError, until Rollback: no
// write can slip out of the batch into a transaction of its own.
func (db *DB) Begin() error {
	db.batchWrote = false
	db.inBatch, db.lost = false, nil
	if err := db.applyHold(); err != nil {
		return err
	}
	if err := db.run("BEGIN"); err != nil {
		return err
	}
	db.inBatch = true
	return nil
}

// Commit commits the batch transaction; with DurabilityFsync it returns after the
// write-ahead log is fsynced. After a batch in which a call rolled back, a log over
// WALKeepBytes is truncated. A lost transaction (Lost) is not committed: Commit
// returns its *LostError. When Commit fails the caller calls Rollback.
//
// After a batch that wrote, Commit gives free pages back (see ReclaimMinFreePages): in
// a transaction of its own, after the batch's, so it never fails the batch.
func (db *DB) Commit() error {
	if err := db.lostError(); err != nil {
		return err
	}
	wrote := db.batchWrote
	err := db.run("COMMIT")
	if err == nil {
		db.inBatch = false
	}
	db.trimLog()
	if err == nil && wrote {
		db.reclaim()
	}
	return err
}

// Free pages are given back to the file system after a commit when the database has at
// least ReclaimMinFreePages free pages and they are at least 1/ReclaimFreeDivisor of
// its pages: deleting rows (KV deleteAll included) makes pages free, and SQLite reuses
// them for later writes but never shrinks the file by itself. New databases are created
// with PRAGMA auto_vacuum=INCREMENTAL, and the commit runs PRAGMA
// incremental_vacuum(n) for at most ReclaimMaxPages pages (the next commit that wrote
// goes on). A database made before auto_vacuum (its header says NONE) is rewritten once
// with VACUUM, which also switches it to INCREMENTAL, when it is at most
// LegacyVacuumMaxBytes (VACUUM builds its copy in the connection's memory, see
// Options.MaxMemoryBytes); a larger one keeps its free pages for reuse.
//
// The vacuum writes its pages to the write-ahead log like any commit (the backup
// replicates it, a checkpoint hold keeps the file as it was); the file shrinks at the
// next checkpoint. It fails harmlessly: a full disk, an interrupt or the memory limit
// leave the free pages as they were.
// https://sqlite.org/pragma.html#pragma_auto_vacuum
// https://sqlite.org/pragma.html#pragma_incremental_vacuum
const (
	ReclaimMinFreePages  = 16
	ReclaimFreeDivisor   = 4
	ReclaimMaxPages      = 4096
	LegacyVacuumMaxBytes = 16 << 20
)

// reclaim gives free pages back after a commit, as the constants above say.
func (db *DB) reclaim() {
	if db.conn == nil || !db.conn.GetAutocommit() {
		return
	}
	var err error
	defer db.guard(&err)
	// The free page count alone first (about 1 µs): most commits stop here.
	free, err := db.pragmaInt("PRAGMA main.freelist_count")
	if err != nil || free < ReclaimMinFreePages {
		return
	}
	s, err := db.hostStmt("SELECT c.page_count, s.page_size, a.auto_vacuum FROM pragma_page_count() c, pragma_page_size() s, pragma_auto_vacuum() a")
	if err != nil {
		return
	}
	var pages, pageSize, mode int64
	if s.Step() {
		pages, pageSize, mode = s.ColumnInt64(0), s.ColumnInt64(1), s.ColumnInt64(2)
	}
	if s.Reset() != nil || free*ReclaimFreeDivisor < pages {
		return
	}
	switch mode {
	case 2: // INCREMENTAL
		err = db.conn.Exec(fmt.Sprintf("PRAGMA main.incremental_vacuum(%d)", min(free, ReclaimMaxPages)))
	case 0: // NONE: a database from before auto_vacuum
		if pages*pageSize <= LegacyVacuumMaxBytes {
			// The PRAGMA only names the mode the VACUUM builds the new file with.
			err = db.conn.Exec("PRAGMA main.auto_vacuum=INCREMENTAL; VACUUM main")
		}
	}
}

// Rollback rolls the batch transaction back. It is a no-op when none is open, or when
// SQLite already rolled it back (Lost).
func (db *DB) Rollback() error {
	db.inBatch, db.lost = false, nil
	if db.conn == nil || db.conn.GetAutocommit() {
		db.trimLog()
		return nil
	}
	db.keyedReady, db.leaf = false, nil
	db.rolledBack = true
	err := db.run("ROLLBACK")
	db.trimLog()
	return err
}

// WALKeepBytes is the largest write-ahead log kept after a batch in which a rollback
// ran: a call that wrote much before it failed or timed out leaves its frames in the
// log, which SQLite neither reuses nor shrinks until a checkpoint; the batch's end
// truncates a larger log (PRAGMA wal_checkpoint(TRUNCATE)), unless the database is
// Options.Replicated (its owner checkpoints; journal_size_limit then shrinks the log
// at the next write after that checkpoint) or a snapshot holds its checkpoints.
// https://sqlite.org/pragma.html#pragma_journal_size_limit
const WALKeepBytes = 64 << 20

// trimLog truncates a write-ahead log over db.walKeep after a batch that rolled back.
func (db *DB) trimLog() {
	if !db.rolledBack || db.conn == nil || !db.conn.GetAutocommit() {
		return
	}
	db.rolledBack = false
	if db.replicated || db.CheckpointHeld() {
		return
	}
	st, err := os.Stat(db.path + "-wal")
	if err != nil || st.Size() <= db.walKeep {
		return
	}
	func() {
		defer db.guard(&err)
		_, _, err = db.conn.WALCheckpoint("main", sqlite3.CHECKPOINT_TRUNCATE)
	}()
	db.logFrames = 0
}

// Writing reports whether a statement that writes ran since Begin (see CallWrote): a
// call that ran while it had not, and after which it still has not, read only
// committed state.
func (db *DB) Writing() bool { return db.batchWrote }

// markWrite records that a statement that writes is about to run.
func (db *DB) markWrite() { db.wrote, db.batchWrote = true, true }

// CallWrote reports whether the call since BeginCall ran a statement that writes
// (plugin SQL other than a read-only statement, a KV put or delete, an alarm change),
// whether or not it was rolled back.
func (db *DB) CallWrote() bool { return db.wrote }

// BeginCall marks the start of one call inside the batch transaction: EndCall keeps
// or undoes what the call does from here. When the transaction has written nothing
// yet (the first call of a batch, or calls after read-only ones), there is nothing
// before the call to keep, and BeginCall opens no savepoint: EndCall then undoes a
// failed call by rolling the whole transaction back and beginning it again. Otherwise
// the call runs in the savepoint "call". Both undo the same writes; the first saves
// two statements (SAVEPOINT, RELEASE) on every call that succeeds.
func (db *DB) BeginCall() error {
	db.depth, db.wrote = 0, false
	db.savepoint = db.conn == nil || !db.inBatch || db.lost != nil || db.conn.GetAutocommit() ||
		db.conn.TxnState("") >= sqlite3.TXN_WRITE
	if !db.savepoint {
		return nil
	}
	return db.run("SAVEPOINT call")
}

// EndCall ends the call BeginCall began: keeping its writes when ok, else undoing them
// (and any plugin transaction the call left open). When SQLite rolled the batch
// transaction back during the call, EndCall returns the *LostError (Lost): the writes
// of the calls before it in the batch are gone too.
func (db *DB) EndCall(ok bool) error {
	depth := db.depth
	db.depth = 0
	db.noteLoss(errSwallowed)
	if err := db.lostError(); err != nil {
		db.keyedReady, db.leaf = false, nil
		return err
	}
	if !ok {
		db.keyedReady, db.leaf = false, nil
		db.rolledBack = true
	}
	if !db.savepoint {
		switch {
		case !ok:
			return db.restart()
		case depth > 0:
			// What RELEASE call would have closed with it.
			return db.run("RELEASE txn1")
		}
		return nil
	}
	if !ok {
		if err := db.run("ROLLBACK TO call"); err != nil {
			return err
		}
	}
	return db.run("RELEASE call")
}

// restart undoes a failed call that ran without a savepoint (BeginCall): the batch
// transaction held no write before it, so rolling it back and beginning it again
// leaves the batch as a rollback to a savepoint would. The intended rollback is no
// loss (noteLoss): the batch is marked out of its transaction until BEGIN succeeds.
func (db *DB) restart() error {
	db.inBatch = false
	if err := db.run("ROLLBACK"); err != nil {
		return err
	}
	if err := db.run("BEGIN"); err != nil {
		return err
	}
	db.inBatch = true
	return nil
}

// CheckDeferred reports a deferred foreign key constraint that the current call left
// violated. SQLite checks deferred constraints only at COMMIT, after the call's
// savepoint is gone, where one call's violation would fail every call of its batch;
// the host checks here instead, before EndCall keeps the call's writes.
// https://sqlite.org/foreignkeys.html#fk_deferred
func (db *DB) CheckDeferred() error {
	if n, _, err := db.conn.Status(sqlite3.DBSTATUS_DEFERRED_FKS, false); err == nil && n > 0 {
		return abi.Errorf(abi.CodeConstraint, "FOREIGN KEY constraint failed (a deferred constraint is violated at the end of the call)")
	}
	return nil
}

// TxnDepth is the number of plugin transactions (TxnBegin) open in the current call.
func (db *DB) TxnDepth() int { return db.depth }

// TxnBegin opens a nested plugin transaction and returns the new depth.
func (db *DB) TxnBegin() (int, error) {
	if err := db.run(fmt.Sprintf("SAVEPOINT txn%d", db.depth+1)); err != nil {
		return db.depth, err
	}
	db.depth++
	return db.depth, nil
}

// TxnEnd closes the innermost plugin transaction, keeping its writes when commit is
// true, and returns the depth left.
//
// # Errors
//
// *abi.Error with abi.CodeBadInput when no plugin transaction is open.
func (db *DB) TxnEnd(commit bool) (int, error) {
	if db.depth == 0 {
		return 0, abi.Errorf(abi.CodeBadInput, "no transaction is open")
	}
	if !commit {
		if err := db.run(fmt.Sprintf("ROLLBACK TO txn%d", db.depth)); err != nil {
			return db.depth, err
		}
	}
	if err := db.run(fmt.Sprintf("RELEASE txn%d", db.depth)); err != nil {
		return db.depth, err
	}
	db.depth--
	return db.depth, nil
}

// Size is the database's size in bytes as workerd counts it (sql.databaseSize): its
// pages (page_count × page_size) less the pointer-map pages that auto_vacuum keeps
// (https://sqlite.org/fileformat2.html#pointer_map_or_ptrmap_pages), which workerd's
// databases have none of, and less the root pages of the host's KV and alarm tables
// while they are empty, which workerd makes on first use. A new object's database is
// so one page, 4096 bytes, as on workerd; the file may be a few pages larger.
func (db *DB) Size() (n int64, err error) {
	defer db.guard(&err)
	s, err := db.hostStmt(`SELECT c.page_count, s.page_size, a.auto_vacuum,
 (NOT EXISTS (SELECT 1 FROM main._cf_KV)) + (NOT EXISTS (SELECT 1 FROM main._cf_alarm))
 FROM pragma_page_count() c, pragma_page_size() s, pragma_auto_vacuum() a`)
	if err != nil {
		return 0, err
	}
	if s.Step() {
		pages, size, vacuum, empty := s.ColumnInt64(0), s.ColumnInt64(1), s.ColumnInt64(2), s.ColumnInt64(3)
		if vacuum != 0 && pages >= 2 {
			// Page 2 and then one page in every size/5+1 (a 5-byte entry per page).
			pages -= (pages-2)/(size/5+1) + 1
		}
		n = max(pages-empty, 1) * size
	}
	return n, hostError("size", s.Reset())
}

// IntegrityCheck runs PRAGMA integrity_check and returns nil when it answers "ok".
func (db *DB) IntegrityCheck() (err error) {
	defer db.guard(&err)
	s, err := db.hostStmt("PRAGMA integrity_check")
	if err != nil {
		return err
	}
	var msgs []string
	for s.Step() {
		msgs = append(msgs, s.ColumnText(0))
	}
	if err := s.Reset(); err != nil {
		return err
	}
	if len(msgs) == 1 && msgs[0] == "ok" {
		return nil
	}
	return errors.New("integrity check: " + strings.Join(msgs, "; "))
}

// Checkpoint copies every frame of the write-ahead log into the database file and
// restarts the log (SQLITE_CHECKPOINT_RESTART): the next commit writes it from its
// start with new salts, over the old frames, so the file keeps its size and its blocks
// are reused (appending to a file makes each fsync slower). It needs no open
// transaction. https://sqlite.org/c3ref/wal_checkpoint_v2.html
func (db *DB) Checkpoint() (err error) {
	defer db.guard(&err)
	if db.conn == nil {
		return ErrClosed
	}
	if db.CheckpointHeld() {
		return ErrCheckpointHeld
	}
	_, _, err = db.conn.WALCheckpoint("main", sqlite3.CHECKPOINT_RESTART)
	db.logFrames = 0
	return hostError("checkpoint", err)
}

// CheckpointHeld reports whether Pool.HoldCheckpoints holds this database's file
// unchanged: Checkpoint then fails with ErrCheckpointHeld.
func (db *DB) CheckpointHeld() bool { return db.hold != nil && db.hold.n.Load() > 0 }

// applyHold makes the connection's checkpoint settings follow the hold: while held, no
// automatic checkpoint and no checkpoint on close, so the database file stays as it
// was when the hold began (https://sqlite.org/wal.html#automatic_checkpoint).
func (db *DB) applyHold() (err error) {
	held := db.CheckpointHeld()
	if held == db.held || db.conn == nil {
		return nil
	}
	defer db.guard(&err)
	if !db.replicated { // a replicated database never checkpoints by itself
		pages := 1000 // SQLite's default
		if held {
			pages = 0
		}
		if err := db.conn.Exec(fmt.Sprintf("PRAGMA wal_autocheckpoint=%d", pages)); err != nil {
			return hostError("wal_autocheckpoint", err)
		}
		if _, err := db.conn.Config(sqlite3.DBCONFIG_NO_CKPT_ON_CLOSE, held); err != nil {
			return hostError("no_ckpt_on_close", err)
		}
	}
	db.held = held
	return nil
}

// LogFrames is the number of frames in the write-ahead log after the last commit, as
// SQLite's WAL hook reports it (https://sqlite.org/c3ref/wal_hook.html), and 0 after
// Checkpoint. It is kept for Options.Replicated databases only.
func (db *DB) LogFrames() int { return db.logFrames }

// pragmaInt runs host SQL that answers one integer.
func (db *DB) pragmaInt(sql string) (n int64, err error) {
	s, err := db.hostStmt(sql)
	if err != nil {
		return 0, err
	}
	if s.Step() {
		n = s.ColumnInt64(0)
	}
	return n, hostError("pragma", s.Reset())
}

// PageSize is the database page size in bytes.
func (db *DB) PageSize() (n int, err error) {
	defer db.guard(&err)
	s, err := db.hostStmt("PRAGMA page_size")
	if err != nil {
		return 0, err
	}
	if s.Step() {
		n = s.ColumnInt(0)
	}
	return n, hostError("page_size", s.Reset())
}
