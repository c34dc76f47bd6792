package storage

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/sobjects/sobjects/abi"
)

func openTest(t *testing.T) *DB {
	t.Helper()
	db, err := Open(context.Background(), filepath.Join(t.TempDir(), "o.db"), Options{Durability: DurabilityRelaxed})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// exec runs plugin SQL and decodes its result.
func exec(db *DB, sql string, params ...any) (cols []any, rows []any, read, written int64, err error) {
	var enc abi.Encoder
	if err := db.Exec(sql, params, &enc); err != nil {
		return nil, nil, 0, 0, err
	}
	v, err := abi.NewDecoder(enc.Buf).Value()
	if err != nil {
		return nil, nil, 0, 0, err
	}
	a := v.([]any)
	return a[0].([]any), a[1].([]any), a[2].(int64), a[3].(int64), nil
}

func TestExec(t *testing.T) {
	db := openTest(t)
	_, _, _, w, err := exec(db, "CREATE TABLE t (id INTEGER PRIMARY KEY, s TEXT, f REAL, b BLOB); INSERT INTO t (s, f, b) VALUES (?, ?, ?), (?, ?, ?)",
		"a", 1.5, []byte{1}, nil, 2.0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if w != 2 {
		t.Fatalf("rows written %d, want 2", w)
	}
	cols, rows, read, _, err := exec(db, "SELECT id, s, f, b FROM t ORDER BY id")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(cols, []any{"id", "s", "f", "b"}) {
		t.Fatalf("columns %v", cols)
	}
	want := []any{[]any{int64(1), "a", 1.5, []byte{1}}, []any{int64(2), nil, 2.0, nil}}
	if !reflect.DeepEqual(rows, want) {
		t.Fatalf("rows %v, want %v", rows, want)
	}
	if read < 2 {
		t.Fatalf("rows read %d, want at least 2", read)
	}
	// The same text again comes from the statement cache and still binds afresh.
	_, rows, _, _, err = exec(db, "SELECT s FROM t WHERE id = ?", int64(1))
	if err != nil || !reflect.DeepEqual(rows, []any{[]any{"a"}}) {
		t.Fatalf("rows %v err %v", rows, err)
	}
	_, rows, _, _, _ = exec(db, "SELECT s FROM t WHERE id = ?", int64(2))
	if !reflect.DeepEqual(rows, []any{[]any{nil}}) {
		t.Fatalf("cached statement rows %v", rows)
	}
}

func TestExecErrors(t *testing.T) {
	db := openTest(t)
	if _, _, _, _, err := exec(db, "CREATE TABLE u (k TEXT PRIMARY KEY)"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		sql    string
		params []any
		code   abi.Code
	}{
		{"ErrSyntax", "SELEC 1", nil, abi.CodeSQL},
		{"ErrNoTable", "SELECT * FROM nope", nil, abi.CodeSQL},
		{"ErrConstraint", "INSERT INTO u VALUES ('a'), ('a')", nil, abi.CodeConstraint},
		{"ErrReservedRead", "SELECT * FROM _cf_KV", nil, abi.CodeDenied},
		{"ErrReservedWriteMixedCase", "DELETE FROM _CF_Alarm", nil, abi.CodeDenied},
		{"ErrReservedCreate", "CREATE TABLE _cf_x (a)", nil, abi.CodeDenied},
		{"ErrAttach", "ATTACH DATABASE 'x.db' AS x", nil, abi.CodeDenied},
		{"ErrBegin", "BEGIN", nil, abi.CodeDenied},
		{"ErrCommit", "COMMIT", nil, abi.CodeDenied},
		{"ErrSavepoint", "SAVEPOINT s", nil, abi.CodeDenied},
		{"ErrPragmaSync", "PRAGMA synchronous=OFF", nil, abi.CodeDenied},
		{"ErrPragmaJournal", "PRAGMA journal_mode=DELETE", nil, abi.CodeDenied},
		{"ErrVacuumInto", "VACUUM INTO '/tmp/x.db'", nil, abi.CodeDenied},
		{"ErrVacuumAfterComment", "SELECT 1; -- x\n /* y */ VACUUM INTO '/tmp/x.db'", nil, abi.CodeDenied},
		{"ErrTooFewParams", "SELECT ?, ?", []any{int64(1)}, abi.CodeBadInput},
		{"ErrTooManyParams", "SELECT ?", []any{int64(1), int64(2)}, abi.CodeBadInput},
		{"ErrNUL", "DELETE FROM u WHERE k = 'a'\x00 AND 0", nil, abi.CodeBadInput}, // SQLite would stop at the NUL
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, _, _, err := exec(db, tc.sql, tc.params...)
			var ae *abi.Error
			if !errors.As(err, &ae) || ae.Code != tc.code {
				t.Fatalf("got %v, want code %v", err, tc.code)
			}
		})
	}
	t.Run("OKIntrospection", func(t *testing.T) {
		if _, rows, _, _, err := exec(db, "PRAGMA table_info(u)"); err != nil || len(rows) != 1 {
			t.Fatalf("rows %v err %v", rows, err)
		}
	})
}

// TestCallRollbackFirstInBatch fails calls that are the first to write in their batch
// transaction, where no write before them needs keeping: each is undone, and the
// batch goes on in its transaction, so the host's writes after the failed call (an
// alarm, as the engine sets after a failed delivery) and the calls after it commit
// together, and a batch whose only call failed commits what the host wrote. What an
// earlier call of the batch left in a plugin transaction it did not close (init may)
// is kept when a later call fails. The file, reopened, holds exactly that.
func TestCallRollbackFirstInBatch(t *testing.T) {
	path := filepath.Join(t.TempDir(), "o.db")
	db, err := Open(context.Background(), path, Options{Durability: DurabilityRelaxed})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { db.Close() }()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	insert := func(v int64) {
		t.Helper()
		_, _, _, _, err := exec(db, "INSERT INTO t VALUES (?)", v)
		must(err)
	}
	must(db.Begin())
	must(db.BeginCall())
	_, _, _, _, err = exec(db, "CREATE TABLE t (v)")
	must(err)
	must(db.EndCall(true))
	must(db.Commit())

	// A failed call, then the host's write, then a call that succeeds.
	must(db.Begin())
	must(db.BeginCall())
	insert(1)
	must(db.KVPut("k1", []byte("v")))
	must(db.EndCall(false))
	must(db.AlarmSet(1234))
	must(db.BeginCall())
	insert(2)
	must(db.EndCall(true))
	must(db.Commit())

	// A batch whose only call failed: the host's write after it commits.
	must(db.Begin())
	must(db.BeginCall())
	insert(3)
	must(db.EndCall(false))
	must(db.KVPut("host", []byte("v")))
	must(db.Commit())

	// A call that left a plugin transaction open, then one that failed.
	must(db.Begin())
	must(db.BeginCall())
	_, err = db.TxnBegin()
	must(err)
	insert(4)
	must(db.EndCall(true))
	must(db.BeginCall())
	insert(5)
	must(db.EndCall(false))
	must(db.Commit())

	// A batch in which every call failed commits nothing, and the next goes on.
	must(db.Begin())
	must(db.BeginCall())
	insert(6)
	must(db.EndCall(false))
	must(db.Commit())

	must(db.Close())
	db, err = Open(context.Background(), path, Options{Durability: DurabilityRelaxed})
	must(err)
	_, rows, _, _, err := exec(db, "SELECT v FROM t ORDER BY v")
	must(err)
	if !reflect.DeepEqual(rows, []any{[]any{int64(2)}, []any{int64(4)}}) {
		t.Errorf("rows %v, want 2 and 4: a failed call left writes, or a kept one lost its", rows)
	}
	if at, err := db.AlarmGet(); err != nil || at != 1234 {
		t.Errorf("alarm %d (%v), want 1234: the host's write after the failed call was lost", at, err)
	}
	if _, found, err := db.KVGet("k1", nil); err != nil || found {
		t.Errorf("k1 found %v (%v): the failed call's put was kept", found, err)
	}
	if _, found, err := db.KVGet("host", nil); err != nil || !found {
		t.Errorf("host found %v (%v): the host's write after the batch's only call failed was lost", found, err)
	}
}

func TestCallRollback(t *testing.T) {
	db := openTest(t)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(db.Begin())
	must(db.BeginCall())
	_, _, _, _, err := exec(db, "CREATE TABLE t (v)")
	must(err)
	must(db.EndCall(true))
	for i, ok := range []bool{true, false, true} {
		must(db.BeginCall())
		_, _, _, _, err := exec(db, "INSERT INTO t VALUES (?)", int64(i))
		must(err)
		must(db.KVPut(fmt.Sprint("k", i), []byte("v")))
		must(db.EndCall(ok))
	}
	must(db.BeginCall())
	_, err = db.TxnBegin()
	must(err)
	_, _, _, _, err = exec(db, "INSERT INTO t VALUES (9)")
	must(err)
	_, err = db.TxnEnd(false)
	must(err)
	if _, err := db.TxnEnd(true); err == nil {
		t.Fatal("TxnEnd with none open: no error")
	}
	must(db.EndCall(true))
	must(db.Commit())
	_, rows, _, _, err := exec(db, "SELECT v FROM t ORDER BY v")
	must(err)
	if !reflect.DeepEqual(rows, []any{[]any{int64(0)}, []any{int64(2)}}) {
		t.Fatalf("rows %v: the failed call or the rolled back transaction left writes", rows)
	}
	var enc abi.Encoder
	must(db.KVList(ListOptions{}, &enc))
	v, _ := abi.NewDecoder(enc.Buf).Value()
	if len(v.([]any)) != 2 {
		t.Fatalf("kv entries %v, want k0 and k2", v)
	}
}

func TestKVList(t *testing.T) {
	db := openTest(t)
	for _, k := range []string{"a", "b1", "b2", "b3", "c", "\xff"} {
		if err := db.KVPut(k, []byte(k)); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name string
		opts ListOptions
		want []string
	}{
		{"All", ListOptions{}, []string{"a", "b1", "b2", "b3", "c", "\xff"}},
		{"Prefix", ListOptions{Prefix: "b"}, []string{"b1", "b2", "b3"}},
		{"PrefixLimitReverse", ListOptions{Prefix: "b", Limit: 2, Reverse: true}, []string{"b3", "b2"}},
		{"StartEnd", ListOptions{Start: "b2", End: "c"}, []string{"b2", "b3"}},
		{"PrefixAndStart", ListOptions{Prefix: "b", Start: "b2"}, []string{"b2", "b3"}},
		{"PrefixAllFF", ListOptions{Prefix: "\xff"}, []string{"\xff"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var enc abi.Encoder
			if err := db.KVList(tc.opts, &enc); err != nil {
				t.Fatal(err)
			}
			v, _ := abi.NewDecoder(enc.Buf).Value()
			var got []string
			for _, e := range v.([]any) {
				got = append(got, e.([]any)[0].(string))
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
		})
	}
	if ok, _ := db.KVDelete("a"); !ok {
		t.Fatal("delete of an existing key reported false")
	}
	if ok, _ := db.KVDelete("a"); ok {
		t.Fatal("delete of a missing key reported true")
	}
	if _, found, _ := db.KVGet("a", nil); found {
		t.Fatal("deleted key found")
	}
}

func TestPoolBound(t *testing.T) {
	dir := t.TempDir()
	p := NewPool(3, Options{Durability: DurabilityRelaxed})
	ctx := context.Background()
	var held *DB
	for i := range 10 {
		db, err := p.Acquire(ctx, filepath.Join(dir, fmt.Sprint(i), "o.db"))
		if err != nil {
			t.Fatal(err)
		}
		if err := db.KVPut("i", []byte{byte(i)}); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			held = db
			continue
		}
		p.Release(db)
		if n := p.Open(); n > 3 {
			t.Fatalf("%d databases open, bound is 3", n)
		}
	}
	if _, err := p.Acquire(ctx, held.Path()); !errors.Is(err, ErrHeld) {
		t.Fatalf("second acquire of a held path: %v", err)
	}
	if _, _, err := held.KVGet("i", nil); err != nil {
		t.Fatalf("a held database was closed by the bound: %v", err)
	}
	p.Release(held)
	// A closed database reopens with its data.
	db, err := p.Acquire(ctx, filepath.Join(dir, "1", "o.db"))
	if err != nil {
		t.Fatal(err)
	}
	v, found, err := db.KVGet("i", nil)
	if err != nil || !found || v[0] != 1 {
		t.Fatalf("reopened value %v %v %v", v, found, err)
	}
	if err := db.IntegrityCheck(); err != nil {
		t.Fatal(err)
	}
	p.Release(db)
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestMemoryLimit checks that SQL needing more than the connection's memory limit fails
// with an error instead of crashing, and the data committed before is intact.
func TestMemoryLimit(t *testing.T) {
	path := filepath.Join(t.TempDir(), "o.db")
	db, err := Open(context.Background(), path, Options{Durability: DurabilityRelaxed, MaxMemoryBytes: 2 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, _, _, err := exec(db, "CREATE TABLE t (v); INSERT INTO t VALUES ('kept')"); err != nil {
		t.Fatal(err)
	}
	_, _, _, _, err = exec(db, "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c WHERE x < 200000) SELECT group_concat(hex(randomblob(64))) FROM c")
	if err == nil {
		t.Fatal("a query needing far more memory than the limit succeeded")
	}
	t.Logf("error: %v", err)
	db.Close()
	db, err = Open(context.Background(), path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, rows, _, _, err := exec(db, "SELECT v FROM t"); err != nil || len(rows) != 1 {
		t.Fatalf("rows %v err %v", rows, err)
	}
}

func TestResultLimit(t *testing.T) {
	db, err := Open(context.Background(), filepath.Join(t.TempDir(), "o.db"), Options{Durability: DurabilityRelaxed, MaxResultBytes: 64 << 10})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	_, _, _, _, err = exec(db, "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT zeroblob(1000) FROM c")
	var ae *abi.Error
	if !errors.As(err, &ae) || ae.Code != abi.CodeTooLarge {
		t.Fatalf("unbounded result: %v, want too_large", err)
	}
	for i := range 100 {
		db.KVPut(fmt.Sprint("k", i), make([]byte, 1000))
	}
	var enc abi.Encoder
	if err := db.KVList(ListOptions{}, &enc); !errors.As(err, &ae) || ae.Code != abi.CodeTooLarge {
		t.Fatalf("kv list over the limit: %v", err)
	}
	if err := db.KVList(ListOptions{Limit: 10}, &enc); err != nil {
		t.Fatalf("kv list under the limit: %v", err)
	}
}

// TestDeferredForeignKey: a call that leaves a deferred foreign key violated is caught
// at the end of the call, so it rolls back alone and the batch commits.
func TestDeferredForeignKey(t *testing.T) {
	db := openTest(t)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	_, _, _, _, err := exec(db, `CREATE TABLE par (id INTEGER PRIMARY KEY);
CREATE TABLE ch (pid INTEGER REFERENCES par (id) DEFERRABLE INITIALLY DEFERRED); CREATE TABLE good (x)`)
	must(err)
	must(db.Begin())
	for i, sql := range []string{"INSERT INTO good VALUES (1)", "INSERT INTO ch VALUES (99)", "INSERT INTO good VALUES (2)"} {
		must(db.BeginCall())
		_, _, _, _, err := exec(db, sql)
		must(err)
		err = db.CheckDeferred()
		if (err != nil) != (i == 1) {
			t.Fatalf("call %d: CheckDeferred %v", i, err)
		}
		must(db.EndCall(err == nil))
	}
	must(db.Commit())
	if _, rows, _, _, _ := exec(db, "SELECT count(*) FROM good"); rows[0].([]any)[0] != int64(2) {
		t.Fatalf("good rows %v", rows)
	}
}
