package storage

import (
	"errors"
	"strings"

	"github.com/ncruces/go-sqlite3"

	"github.com/sobjects/sobjects/abi"
)

// Exec runs plugin SQL (ABI.md section 4.3) with params and appends the result to enc
// as the MessagePack array [columns, rows, rows_read, rows_written].
//
// sql may hold several statements; params are consumed positionally, each statement
// taking as many as it has parameters. The result is that of the last statement that
// returns columns, or else of the last statement. params hold nil, bool, int64,
// float64, string or []byte.
//
// # Errors
//
// *abi.Error with abi.CodeTooLarge for SQL over abi.MaxSQLBytes or a statement with
// more than abi.MaxSQLParams parameters; abi.CodeBadInput for leftover or missing
// parameters, and for SQL of no statement (only blanks and comments); abi.CodeDenied for SQL the authorizer refuses (transactions, ATTACH,
// PRAGMAs that change settings, reserved tables, VACUUM); abi.CodeSQL and
// abi.CodeConstraint for what SQLite refuses; abi.CodeBadInput for SQL text holding a
// NUL byte. ErrInterrupted, ErrNoSpace,
// ErrReadOnly and ErrOutOfMemory as for the host's own SQL. On error enc is unchanged.
func (db *DB) Exec(sql string, params []any, enc *abi.Encoder) error {
	return db.exec(sql, params, enc, false)
}

// ExecLastBound is Exec with workerd's rule for a query of several statements: only
// the last may have parameters, and params are its. A parameter in another statement
// fails that statement with abi.CodeBadInput, in workerd's words, once the statements
// before it have run.
func (db *DB) ExecLastBound(sql string, params []any, enc *abi.Encoder) error {
	return db.exec(sql, params, enc, true)
}

func (db *DB) exec(sql string, params []any, enc *abi.Encoder, lastBound bool) (err error) {
	if db.conn == nil {
		return ErrClosed
	}
	if err := db.lostError(); err != nil {
		return err
	}
	if len(sql) > abi.MaxSQLBytes {
		return abi.Errorf(abi.CodeTooLarge, "sql is %d bytes, over the limit of %d", len(sql), abi.MaxSQLBytes)
	}
	if i := strings.IndexByte(sql, 0); i >= 0 {
		// SQLite would read the text only up to it, silently dropping the rest.
		return abi.Errorf(abi.CodeBadInput, "sql holds a NUL byte at offset %d", i)
	}
	defer db.guard(&err)
	if !db.fts5 && mentionsFTS5(sql) {
		if err := db.loadFTS5(); err != nil {
			return err
		}
	}
	db.untrusted = true
	defer func() { db.untrusted = false }()

	var (
		columns               []string
		nrows                 int
		rowsRead, rowsWritten int64
		rest                  = sql
		used                  int
		haveColumns           bool
	)
	db.rows.Buf = db.rows.Buf[:0]
	for {
		stmt, tail, cached, alter, err := db.prepare(rest)
		if err != nil {
			return err
		}
		if stmt == nil {
			if rest == sql {
				// workerd's words: a query of blanks and comments runs nothing.
				return abi.Errorf(abi.CodeBadInput, "SQL code did not contain a statement.")
			}
			break
		}
		var reservedBefore string
		if alter {
			if reservedBefore, err = db.beginAlter(); err != nil {
				db.done(stmt, cached)
				return err
			}
		}
		n := stmt.BindCount()
		if n > abi.MaxSQLParams {
			db.done(stmt, cached)
			db.endAlter(alter, reservedBefore, errAbandoned)
			return abi.Errorf(abi.CodeTooLarge, "statement has %d parameters, over the limit of %d", n, abi.MaxSQLParams)
		}
		if lastBound && n > 0 && !onlyBlanks(tail) {
			db.done(stmt, cached)
			db.endAlter(alter, reservedBefore, errAbandoned)
			return abi.Errorf(abi.CodeBadInput, "When executing multiple SQL statements in a single call, only the last statement can have parameters.")
		}
		if used+n > len(params) {
			db.done(stmt, cached)
			db.endAlter(alter, reservedBefore, errAbandoned)
			return abi.Errorf(abi.CodeBadInput, "sql needs more than the %d parameters given", len(params))
		}
		if err := bindParams(stmt, params[used:used+n]); err != nil {
			db.done(stmt, cached)
			db.endAlter(alter, reservedBefore, errAbandoned)
			return err
		}
		used += n
		ncol := stmt.ColumnCount()
		if ncol > 0 || !haveColumns {
			// This statement's result replaces the one kept so far.
			haveColumns = ncol > 0
			columns = columns[:0]
			for i := range ncol {
				columns = append(columns, stmt.ColumnName(i))
			}
			db.rows.Buf = db.rows.Buf[:0]
			nrows = 0
		}
		if !stmt.ReadOnly() {
			db.markWrite()
		}
		before := db.conn.TotalChanges()
		stepped := int64(0)
		for stmt.Step() {
			nrows++
			stepped++
			db.rows.ArrayHeader(ncol)
			for i := range ncol {
				encodeColumn(&db.rows, stmt, i)
			}
			if len(db.rows.Buf) > db.maxResult {
				db.done(stmt, cached)
				db.endAlter(alter, reservedBefore, errAbandoned)
				db.shrink()
				return abi.Errorf(abi.CodeTooLarge, "sql result is over the limit of %d bytes", db.maxResult)
			}
		}
		err = stmt.Err()
		rowsRead += rowsReadBy(stmt, stepped)
		rowsWritten += db.conn.TotalChanges() - before
		db.done(stmt, cached)
		if err != nil {
			db.endAlter(alter, reservedBefore, err)
			return db.quota(sqlError(err))
		}
		if err := db.endAlter(alter, reservedBefore, nil); err != nil {
			return err
		}
		rest = tail
	}
	if used != len(params) {
		return abi.Errorf(abi.CodeBadInput, "sql takes %d parameters, %d given", used, len(params))
	}
	enc.ArrayHeader(4)
	enc.ArrayHeader(len(columns))
	for _, c := range columns {
		enc.String(c)
	}
	enc.ArrayHeader(nrows)
	enc.Buf = append(enc.Buf, db.rows.Buf...)
	enc.Int(rowsRead)
	enc.Int(rowsWritten)
	db.shrink()
	return nil
}

// onlyBlanks reports whether sql holds no statement: only white space, semicolons and
// comments (-- to the end of the line, /* to */).
func onlyBlanks(sql string) bool {
	for i := 0; i < len(sql); i++ {
		switch c := sql[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == ';':
		case c == '-' && i+1 < len(sql) && sql[i+1] == '-':
			j := strings.IndexByte(sql[i:], '\n')
			if j < 0 {
				return true
			}
			i += j
		case c == '/' && i+1 < len(sql) && sql[i+1] == '*':
			j := strings.Index(sql[i+2:], "*/")
			if j < 0 {
				return true
			}
			i += j + 3
		default:
			return false
		}
	}
	return true
}

// rowsReadBy is the rows statement s read, having answered stepped rows: those of its
// full table scans, or the rows it answered where it scanned fewer (a lookup by key).
// A full scan of n rows steps forward n-1 times (SQLITE_STMTSTATUS_FULLSCAN_STEP), so a
// 3-row SELECT * reads 3, as workerd counts it.
func rowsReadBy(s *sqlite3.Stmt, stepped int64) int64 {
	scanned := int64(s.Status(sqlite3.STMTSTATUS_FULLSCAN_STEP, false))
	if scanned > 0 {
		scanned++
	}
	return max(scanned, stepped)
}

// shrink drops a large scratch buffer, so one big result does not stay allocated for as
// long as the database is open.
func (db *DB) shrink() {
	if cap(db.rows.Buf) > 1<<20 {
		db.rows.Buf = nil
	}
}

// prepare returns the first statement of sql (nil when only blanks or comments are
// left) and the text after it. A statement that is the whole text comes from and goes
// back to the cache (cached is true). alter reports an ALTER TABLE, which Exec checks
// after it runs (beginAlter, endAlter) and which is never cached.
func (db *DB) prepare(sql string) (stmt *sqlite3.Stmt, tail string, cached, alter bool, err error) {
	if s := db.stmts[sql]; s != nil {
		return s, "", true, false, nil
	}
	if isVacuum(sql) {
		return nil, "", false, false, abi.Errorf(abi.CodeDenied, "VACUUM is not allowed")
	}
	db.sawAlter = false
	stmt, tail, err = db.conn.Prepare(sql)
	alter, db.sawAlter = db.sawAlter, false
	if err != nil {
		return nil, "", false, false, sqlError(err)
	}
	if stmt == nil {
		return nil, "", false, false, nil
	}
	if alter {
		return stmt, tail, false, true, nil
	}
	if strings.TrimSpace(tail) == "" {
		if len(db.stmts) >= maxCachedStmts {
			for k, s := range db.stmts {
				s.Close()
				delete(db.stmts, k)
			}
		}
		db.stmts[sql] = stmt
		return stmt, "", true, false, nil
	}
	return stmt, tail, false, false, nil
}

// mentionsFTS5 reports whether sql holds "fts5" in any ASCII case: SQL that may make
// an FTS5 table, which needs the module registered (loadFTS5) before it runs.
func mentionsFTS5(sql string) bool {
	for i := 0; i+4 <= len(sql); i++ {
		if sql[i]|0x20 == 'f' && sql[i+1]|0x20 == 't' && sql[i+2]|0x20 == 's' && sql[i+3] == '5' {
			return true
		}
	}
	return false
}

// errAbandoned is endAlter's cause for an ALTER TABLE that did not run to its end.
var errAbandoned = errors.New("statement abandoned")

// alterSavepoint holds one ALTER TABLE of plugin SQL until endAlter has checked it.
const alterSavepoint = "_sobjects_alter"

// beginAlter opens the savepoint of an ALTER TABLE of plugin SQL and returns the
// reserved schema entries before it (reservedSchema).
func (db *DB) beginAlter() (string, error) {
	before, err := db.reservedSchema()
	if err != nil {
		return "", err
	}
	return before, db.hostExec("SAVEPOINT " + alterSavepoint)
}

// endAlter closes the savepoint beginAlter opened, when alter is true. An ALTER TABLE
// that ran (cause nil) and changed the reserved schema entries (it renamed a table to
// a reserved name, in main or temp) is undone and refused with abi.CodeDenied; one
// that failed or was abandoned (cause not nil) is undone. SQLite's authorizer sees only
// the old name of a RENAME TO, so this is where such a rename is caught.
func (db *DB) endAlter(alter bool, before string, cause error) error {
	if !alter {
		return nil
	}
	if cause == nil {
		after, err := db.reservedSchema()
		if err == nil && after == before {
			return db.hostExec("RELEASE " + alterSavepoint)
		}
		if err == nil {
			err = abi.Errorf(abi.CodeDenied, "plugin SQL may not give a table, index or trigger a name that starts with %q, nor change one that has such a name", reservedPrefix)
		}
		cause = err
	}
	// After a failure SQLite may have rolled the whole transaction back, savepoint and
	// all; there is nothing left to undo then.
	if db.hostExec("ROLLBACK TO "+alterSavepoint) == nil {
		db.hostExec("RELEASE " + alterSavepoint)
	}
	return cause
}

// isVacuum reports whether the statement starting sql is VACUUM, which the authorizer
// cannot see and which could write a file elsewhere (VACUUM INTO). (Plugin SQL always
// runs inside a transaction, where SQLite refuses VACUUM too; this says so clearly.)
func isVacuum(sql string) bool {
	s := skipBlanks(sql)
	return len(s) >= 6 && strings.EqualFold(s[:6], "vacuum")
}

// skipBlanks skips white space, semicolons and comments at the start of sql.
func skipBlanks(sql string) string {
	for {
		s := strings.TrimLeft(sql, " \t\r\n\f\v;")
		switch {
		case strings.HasPrefix(s, "--"):
			i := strings.IndexByte(s, '\n')
			if i < 0 {
				return ""
			}
			s = s[i+1:]
		case strings.HasPrefix(s, "/*"):
			i := strings.Index(s[2:], "*/")
			if i < 0 {
				return ""
			}
			s = s[i+4:]
		default:
			return s
		}
		sql = s
	}
}

// done resets a statement for reuse, or closes it if it is not cached.
func (db *DB) done(s *sqlite3.Stmt, cached bool) {
	if cached {
		s.Reset()
		s.ClearBindings()
		return
	}
	s.Close()
}

func bindParams(s *sqlite3.Stmt, params []any) error {
	for i, p := range params {
		var err error
		switch p := p.(type) {
		case nil:
			err = s.BindNull(i + 1)
		case bool:
			err = s.BindBool(i+1, p)
		case int64:
			err = s.BindInt64(i+1, p)
		case float64:
			err = s.BindFloat(i+1, p)
		case string:
			err = s.BindText(i+1, p)
		case []byte:
			err = s.BindBlob(i+1, p)
		default:
			return abi.Errorf(abi.CodeBadInput, "parameter %d: unsupported type %T", i+1, p)
		}
		if err != nil {
			return sqlError(err)
		}
	}
	return nil
}

func encodeColumn(enc *abi.Encoder, s *sqlite3.Stmt, i int) {
	switch s.ColumnType(i) {
	case sqlite3.INTEGER:
		enc.Int(s.ColumnInt64(i))
	case sqlite3.FLOAT:
		enc.Float(s.ColumnFloat(i))
	case sqlite3.TEXT:
		enc.StringBytes(s.ColumnRawText(i))
	case sqlite3.BLOB:
		enc.Bytes(s.ColumnRawBlob(i))
	default:
		enc.Nil()
	}
}
