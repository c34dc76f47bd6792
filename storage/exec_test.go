package storage

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sobjects/sobjects/abi"
)

// wantCode checks that err is an *abi.Error of code whose message says each of parts.
func wantCode(t *testing.T, err error, code abi.Code, parts ...string) {
	t.Helper()
	var ae *abi.Error
	if !errors.As(err, &ae) || ae.Code != code {
		t.Fatalf("error %v, want code %v", err, code)
	}
	for _, p := range parts {
		if !strings.Contains(ae.Message, p) {
			t.Fatalf("message %q does not say %q", ae.Message, p)
		}
	}
}

// SQL of no statement is refused, as workerd refuses it, rather than answering nothing.
func TestExecNoStatement(t *testing.T) {
	db := openTest(t)
	for _, sql := range []string{"", "  ", "-- only a comment", "/* c */ ;"} {
		_, _, _, _, err := exec(db, sql)
		wantCode(t, err, abi.CodeBadInput, "did not contain a statement")
	}
	if _, _, _, _, err := exec(db, "SELECT 1; -- a trailing comment"); err != nil {
		t.Fatalf("a statement and a comment: %v", err)
	}
}

// With workerd's rule (ExecLastBound) only the last statement of a query may have
// parameters: one in another fails there, the statements before it having run; blanks,
// semicolons and comments after the last do not count as a statement. Exec, the
// plugins', hands parameters to each statement in turn.
func TestExecLastBound(t *testing.T) {
	db := openTest(t)
	var enc abi.Encoder
	err := db.ExecLastBound("CREATE TABLE a (x); INSERT INTO a VALUES (?); SELECT 1", []any{int64(1)}, &enc)
	wantCode(t, err, abi.CodeBadInput, "only the last statement can have parameters")
	if _, rows, _, _, err := exec(db, "SELECT count(*) FROM a"); err != nil || fmt.Sprint(rows) != "[[0]]" {
		t.Fatalf("after the refusal: %v %v; want table a, empty", rows, err)
	}
	for _, sql := range []string{"INSERT INTO a VALUES (?)", "INSERT INTO a VALUES (1); INSERT INTO a VALUES (?) ; -- done\n /* and */ "} {
		enc.Buf = enc.Buf[:0]
		if err := db.ExecLastBound(sql, []any{int64(2)}, &enc); err != nil {
			t.Errorf("%q: %v", sql, err)
		}
	}
	if _, _, _, _, err := exec(db, "INSERT INTO a VALUES (?); INSERT INTO a VALUES (?)", int64(3), int64(4)); err != nil {
		t.Errorf("Exec with a parameter in each statement: %v", err)
	}
}

// The host's tables have workerd's prefix _cf_, which plugin SQL may not use: no
// table of its own of such a name, in any case.
func TestExecReservedPrefix(t *testing.T) {
	db := openTest(t)
	for _, sql := range []string{"CREATE TABLE _cf_mine (x)", "CREATE TABLE _CF_Mine (x)", "SELECT * FROM _cf_KV", "CREATE TABLE n (a); CREATE INDEX _cf_i ON n (a)"} {
		_, _, _, _, err := exec(db, sql)
		wantCode(t, err, abi.CodeDenied, "_cf_")
	}
	if _, _, _, _, err := exec(db, "CREATE TABLE cf_mine (x); CREATE TABLE _sobjects_mine (x)"); err != nil {
		t.Fatalf("names without the prefix: %v", err)
	}
}

// rowsRead counts the rows a statement read, as workerd does: a full scan the rows of
// the table, a lookup by key the rows it found.
func TestExecRowsRead(t *testing.T) {
	db := openTest(t)
	if _, _, _, _, err := exec(db, "CREATE TABLE t (id INTEGER PRIMARY KEY, x); INSERT INTO t (x) VALUES (1), (2), (3), (4), (5)"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		sql  string
		read int64
	}{
		{"SELECT * FROM t", 5},
		{"SELECT * FROM t WHERE x > 3", 5},
		{"SELECT * FROM t WHERE id = 2", 1},
		{"SELECT 1", 1}, // workerd says 0, and 5 for a count(*) of t: SQLite's counters do not tell
		{"SELECT count(*) FROM t", 1},
	} {
		if _, _, read, _, err := exec(db, c.sql); err != nil || read != c.read {
			t.Errorf("%s: rows read %d %v, want %d", c.sql, read, err, c.read)
		}
	}
}

// A table or result has at most MaxSQLColumns columns.
func TestExecColumnsLimit(t *testing.T) {
	db := openTest(t)
	cols := func(n int) string {
		c := make([]string, n)
		for i := range c {
			c[i] = fmt.Sprintf("c%d", i)
		}
		return strings.Join(c, ", ")
	}
	if _, _, _, _, err := exec(db, "CREATE TABLE ok ("+cols(MaxSQLColumns)+")"); err != nil {
		t.Fatal(err)
	}
	_, _, _, _, err := exec(db, "CREATE TABLE wide ("+cols(MaxSQLColumns+1)+")")
	wantCode(t, err, abi.CodeSQL, "too many columns")
}

// PRAGMA foreign_keys reads 1 (foreign keys are enforced, as on workerd) and cannot be
// set; FTS5 is there.
func TestExecForeignKeysAndFTS5(t *testing.T) {
	db := openTest(t)
	if _, rows, _, _, err := exec(db, "PRAGMA foreign_keys"); err != nil || !reflect.DeepEqual(rows, []any{[]any{int64(1)}}) {
		t.Fatalf("PRAGMA foreign_keys: %v %v", rows, err)
	}
	_, _, _, _, err := exec(db, "PRAGMA foreign_keys = OFF")
	wantCode(t, err, abi.CodeDenied)
	if _, _, _, _, err := exec(db, "CREATE VIRTUAL TABLE f USING fts5(body); INSERT INTO f VALUES ('hello world'), ('goodbye')"); err != nil {
		t.Fatal(err)
	}
	if _, rows, _, _, err := exec(db, "SELECT body FROM f WHERE f MATCH ?", "hello"); err != nil || !reflect.DeepEqual(rows, []any{[]any{"hello world"}}) {
		t.Fatalf("fts5 match: %v %v", rows, err)
	}
	_, _, _, _, err = exec(db, "CREATE VIRTUAL TABLE _cf USING fts5(body)") // its shadow tables would be _cf_data, ...
	wantCode(t, err, abi.CodeDenied)
}

// Size counts as workerd does: a new database is one page, a KV entry makes its table
// count, and a table of plugin SQL one page more.
func TestSizeAsWorkerd(t *testing.T) {
	db := openTest(t)
	if n, err := db.Size(); err != nil || n != 4096 {
		t.Fatalf("new: size %d %v, want 4096", n, err)
	}
	if err := db.KVPut("k", []byte("1")); err != nil {
		t.Fatal(err)
	}
	if n, err := db.Size(); err != nil || n != 8192 {
		t.Fatalf("after a put: size %d %v, want 8192", n, err)
	}
	if _, _, _, _, err := exec(db, "CREATE TABLE small (x)"); err != nil {
		t.Fatal(err)
	}
	if n, err := db.Size(); err != nil || n != 12288 {
		t.Fatalf("after a table: size %d %v, want 12288", n, err)
	}
}

// FTS5 is registered when a statement first needs it, and at Open for a database that
// has an FTS5 table, where an ALTER TABLE of another table reads it.
func TestFTS5AfterReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "o.db")
	open := func() *DB {
		db, err := Open(context.Background(), path, Options{Durability: DurabilityRelaxed})
		if err != nil {
			t.Fatal(err)
		}
		return db
	}
	db := open()
	if db.fts5 {
		t.Fatal("fts5 registered for a new database")
	}
	if _, _, _, _, err := exec(db, "CREATE TABLE plain (x); CREATE VIRTUAL TABLE f USING fts5(body); INSERT INTO f VALUES ('hello world')"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	db = open()
	defer db.Close()
	if !db.fts5 {
		t.Fatal("fts5 not registered for a database with an FTS5 table")
	}
	if _, _, _, _, err := exec(db, "ALTER TABLE plain RENAME TO plain2"); err != nil {
		t.Fatal(err)
	}
	if _, rows, _, _, err := exec(db, "SELECT body FROM f WHERE f MATCH 'hello'"); err != nil || !reflect.DeepEqual(rows, []any{[]any{"hello world"}}) {
		t.Fatalf("fts5 match after reopen: %v %v", rows, err)
	}
}

// SQLite's errors are worded as workerd words them: the message, then the code's name.
func TestExecErrorMessage(t *testing.T) {
	db := openTest(t)
	for _, c := range []struct {
		sql  string
		code abi.Code
		want string
	}{
		{"SELECT * FROM nope", abi.CodeSQL, "no such table: nope: SQLITE_ERROR"},
		{"SELEC 1", abi.CodeSQL, `near "SELEC": syntax error: SQLITE_ERROR`},
		{"CREATE TABLE u (k PRIMARY KEY); INSERT INTO u VALUES (1), (1)", abi.CodeConstraint, "UNIQUE constraint failed: u.k: SQLITE_CONSTRAINT"},
	} {
		_, _, _, _, err := exec(db, c.sql)
		var ae *abi.Error
		if !errors.As(err, &ae) || ae.Code != c.code || ae.Message != c.want {
			t.Errorf("%s: %v, want %v %q", c.sql, err, c.code, c.want)
		}
	}
}
