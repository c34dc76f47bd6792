package storage

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sobjects/sobjects/abi"
)

// schemaEntry is one row of a schema table, as the fuzz invariant compares them.
type schemaEntry struct{ schema, typ, name, table, sql string }

// reservedEntries lists every schema entry, in every attached schema, whose name or
// table starts with the reserved prefix in any ASCII case. It reads the schema tables
// with host SQL of its own, independent of the authorizer's check.
func reservedEntries(t *testing.T, db *DB) []schemaEntry {
	t.Helper()
	var out []schemaEntry
	for _, schema := range []string{"main", "temp"} {
		s, _, err := db.conn.Prepare("SELECT type, name, tbl_name, coalesce(sql, '') FROM " + schema + ".sqlite_schema ORDER BY type, name")
		if err != nil {
			t.Fatal(err)
		}
		for s.Step() {
			e := schemaEntry{schema, s.ColumnText(0), s.ColumnText(1), s.ColumnText(2), s.ColumnText(3)}
			if strings.HasPrefix(strings.ToLower(e.name), "_cf_") || strings.HasPrefix(strings.ToLower(e.table), "_cf_") {
				out = append(out, e)
			}
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// pluginCall runs sqls as one call of plugin SQL (errors are the plugin's to see and
// are returned), then a kv.put of key in the same call, and commits.
func pluginCall(t *testing.T, db *DB, key string, sqls ...string) []error {
	t.Helper()
	if err := db.Begin(); err != nil {
		t.Fatal(err)
	}
	if err := db.BeginCall(); err != nil {
		t.Fatal(err)
	}
	var errs []error
	for _, q := range sqls {
		var enc abi.Encoder
		errs = append(errs, db.Exec(q, nil, &enc))
	}
	if err := db.KVPut(key, []byte("acknowledged")); err != nil {
		t.Fatalf("kv.put after %q: %v", sqls, err)
	}
	if v, ok, err := db.KVGet(key, nil); err != nil || !ok || string(v) != "acknowledged" {
		t.Fatalf("kv.get of the key just put: %q %v %v", v, ok, err)
	}
	if err := db.EndCall(true); err != nil {
		t.Fatal(err)
	}
	if err := db.Commit(); err != nil {
		t.Fatal(err)
	}
	return errs
}

// reopen closes db and opens its file again.
func reopen(t *testing.T, db *DB) *DB {
	t.Helper()
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db2, err := Open(context.Background(), db.Path(), Options{Durability: DurabilityRelaxed})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db2.Close() })
	return db2
}

func isDenied(err error) bool {
	var ae *abi.Error
	return errors.As(err, &ae) && ae.Code == abi.CodeDenied
}

func TestAuthorizerRefusesRenameToReservedName(t *testing.T) {
	for _, target := range []string{"_cf_evil", "_CF_kv2", `"_cf_x"`, "[_Cf_y]"} {
		t.Run(target, func(t *testing.T) {
			db := openTest(t)
			before := reservedEntries(t, db)
			errs := pluginCall(t, db, "k", "CREATE TABLE t (a)", "INSERT INTO t VALUES (1)", "ALTER TABLE t RENAME TO "+target)
			if errs[0] != nil || errs[1] != nil {
				t.Fatal(errs)
			}
			if !isDenied(errs[2]) {
				t.Fatalf("rename of t to %s: %v, want denied", target, errs[2])
			}
			if after := reservedEntries(t, db); !slices.Equal(before, after) {
				t.Fatalf("reserved entries changed: %v, were %v", after, before)
			}
			// The refused rename is undone and the rest of the call stays: t keeps its row.
			_, rows, _, _, err := exec(db, "SELECT a FROM t")
			if err != nil || len(rows) != 1 {
				t.Fatalf("t after the refused rename: %v %v", rows, err)
			}
		})
	}
}

func TestTempTableRenamedToKVDoesNotShadowIt(t *testing.T) {
	db := openTest(t)
	errs := pluginCall(t, db, "k", "CREATE TEMP TABLE x (k TEXT PRIMARY KEY, v BLOB NOT NULL) WITHOUT ROWID", "ALTER TABLE temp.x RENAME TO _cf_KV")
	if errs[0] != nil {
		t.Fatal(errs[0])
	}
	if !isDenied(errs[1]) {
		t.Fatalf("rename of a temp table to _cf_KV: %v, want denied", errs[1])
	}
	db = reopen(t, db)
	if v, ok, err := db.KVGet("k", nil); err != nil || !ok || string(v) != "acknowledged" {
		t.Fatalf("acknowledged kv.put after a restart: %q found=%v err=%v", v, ok, err)
	}
}

// TestHostSQLReadsMainOnly: even a temp table the authorizer had missed could not take
// the host's writes, as every host statement names main.
func TestHostSQLReadsMainOnly(t *testing.T) {
	db := openTest(t)
	// As host SQL, so the authorizer lets it through: a shadow as the bug made one.
	if err := db.conn.Exec("CREATE TEMP TABLE _cf_KV (k TEXT PRIMARY KEY, v BLOB NOT NULL) WITHOUT ROWID; CREATE TEMP TABLE _cf_alarm (id INTEGER PRIMARY KEY, at INTEGER NOT NULL)"); err != nil {
		t.Fatal(err)
	}
	pluginCall(t, db, "k")
	if err := db.AlarmSet(42); err != nil {
		t.Fatal(err)
	}
	db = reopen(t, db)
	if v, ok, err := db.KVGet("k", nil); err != nil || !ok || string(v) != "acknowledged" {
		t.Fatalf("kv.put with a temp _cf_KV, after a restart: %q found=%v err=%v", v, ok, err)
	}
	if at, err := db.AlarmGet(); err != nil || at != 42 {
		t.Fatalf("alarm with a temp _cf_alarm, after a restart: %d %v", at, err)
	}
}

// Fragments of the SQL that FuzzAuthorizer builds: {s} and {t} are schema prefixes,
// {n} and {m} names.
var (
	fuzzTemplates = []string{
		"CREATE TABLE {s}{n} (k TEXT PRIMARY KEY, v BLOB)",
		"CREATE TEMP TABLE {n} (k TEXT PRIMARY KEY, v BLOB NOT NULL) WITHOUT ROWID",
		"ALTER TABLE {s}{n} RENAME TO {m}",
		"ALTER TABLE {s}{n} RENAME COLUMN k TO kk",
		"ALTER TABLE {s}{n} RENAME v TO {m}",
		"ALTER TABLE {s}{n} ADD COLUMN z DEFAULT 1",
		"ALTER TABLE {s}{n} DROP COLUMN v",
		"DROP TABLE {s}{n}",
		"DROP VIEW {s}{n}",
		"DROP INDEX {s}{n}",
		"DROP TRIGGER {s}{n}",
		"CREATE INDEX {s}{n} ON {m} (k)",
		"CREATE VIEW {s}{n} AS SELECT * FROM {t}{m}",
		"CREATE TEMP VIEW {n} AS SELECT * FROM {t}{m}",
		"CREATE TRIGGER {s}{n} AFTER INSERT ON {m} BEGIN DELETE FROM {m}; END",
		"CREATE TEMP TRIGGER {n} BEFORE DELETE ON {t}{m} BEGIN SELECT RAISE(IGNORE); END",
		"CREATE TEMP TRIGGER {n} AFTER INSERT ON {t}{m} BEGIN INSERT INTO {m} VALUES ('x', x'00'); END",
		"CREATE VIRTUAL TABLE {s}{n} USING fts5(k, v)",
		"CREATE VIRTUAL TABLE {s}{n} USING rtree(id, a, b)",
		"INSERT INTO {s}{n} VALUES ('k', x'01')",
		"INSERT OR REPLACE INTO {s}{n} (k, v) SELECT k, v FROM {t}{m}",
		"DELETE FROM {s}{n}",
		"UPDATE {s}{n} SET v = NULL",
		"SELECT * FROM {s}{n}",
		"REINDEX {s}{n}",
		"ANALYZE {s}{n}",
		"PRAGMA {s}table_info({n})",
		"CREATE TABLE {s}{n} AS SELECT * FROM {t}{m}",
		"ALTER TABLE {s}{n} RENAME TO {m}; ALTER TABLE {t}{m} RENAME TO {n}",
	}
	fuzzSchemas = []string{"", "main.", "temp.", `"main".`, "TEMP.", "Main.", "[temp]."}
	fuzzNames   = []string{
		"t", "u", "x", "_cf_KV", "_cf_alarm", "_CF_KV", `"_cf_KV"`, "[_cf_alarm]",
		"`_cf_keyed`", "_cf_leaf", "_Cf_evil", `"_cf_"`, "_cf_KV_data",
		"_cf", "sqlite_autoindex__cf_KV_1", `"_sobjects_alter"`,
	}
)

// fuzzSQL builds one statement from each 5 bytes of b.
func fuzzSQL(b []byte) []string {
	var out []string
	for ; len(b) >= 5 && len(out) < 16; b = b[5:] {
		r := strings.NewReplacer(
			"{s}", fuzzSchemas[int(b[1])%len(fuzzSchemas)],
			"{t}", fuzzSchemas[int(b[3])%len(fuzzSchemas)],
			"{n}", fuzzNames[int(b[2])%len(fuzzNames)],
			"{m}", fuzzNames[int(b[4])%len(fuzzNames)])
		out = append(out, r.Replace(fuzzTemplates[int(b[0])%len(fuzzTemplates)]))
	}
	return out
}

// fuzzStep encodes one statement of fuzzSQL by its fragments.
func fuzzStep(tmpl, s, n, t, m string) []byte {
	idx := func(list []string, v string) byte {
		for i, x := range list {
			if x == v {
				return byte(i)
			}
		}
		panic(fmt.Sprintf("no fragment %q", v))
	}
	return []byte{idx(fuzzTemplates, tmpl), idx(fuzzSchemas, s), idx(fuzzNames, n), idx(fuzzSchemas, t), idx(fuzzNames, m)}
}

// FuzzAuthorizer runs plugin SQL built from fragments that name the reserved tables in
// every spelling and schema. Whatever the SQL does and whether it fails, afterwards the
// reserved entries of the schema are the host's own, unchanged, in main only, and a
// kv.put of the same call reads back after the database is closed and opened again.
func FuzzAuthorizer(f *testing.F) {
	cat := func(steps ...[]byte) []byte {
		return []byte(strings.Join(func() []string {
			var s []string
			for _, st := range steps {
				s = append(s, string(st))
			}
			return s
		}(), ""))
	}
	create := fuzzStep("CREATE TABLE {s}{n} (k TEXT PRIMARY KEY, v BLOB)", "", "t", "", "t")
	createTemp := fuzzStep("CREATE TEMP TABLE {n} (k TEXT PRIMARY KEY, v BLOB NOT NULL) WITHOUT ROWID", "", "x", "", "x")
	f.Add(cat(create, fuzzStep("ALTER TABLE {s}{n} RENAME TO {m}", "", "t", "", "_cf_KV")))
	f.Add(cat(create, fuzzStep("ALTER TABLE {s}{n} RENAME TO {m}", "main.", "t", "", `"_cf_"`)))
	f.Add(cat(createTemp, fuzzStep("ALTER TABLE {s}{n} RENAME TO {m}", "temp.", "x", "", "_cf_KV")))
	f.Add(cat(createTemp, fuzzStep("ALTER TABLE {s}{n} RENAME TO {m}", "temp.", "x", "", "_CF_KV")))
	f.Add(cat(createTemp, fuzzStep("ALTER TABLE {s}{n} RENAME TO {m}; ALTER TABLE {t}{m} RENAME TO {n}", "temp.", "x", "temp.", "_cf_alarm")))
	f.Add(cat(fuzzStep("CREATE VIRTUAL TABLE {s}{n} USING fts5(k, v)", "", "_cf", "", "t")))
	f.Add(cat(fuzzStep("CREATE VIRTUAL TABLE {s}{n} USING fts5(k, v)", "temp.", "u", "", "t"), fuzzStep("ALTER TABLE {s}{n} RENAME TO {m}", "temp.", "u", "", "_cf")))
	f.Add(cat(create, fuzzStep("CREATE TEMP TRIGGER {n} BEFORE DELETE ON {t}{m} BEGIN SELECT RAISE(IGNORE); END", "", "x", "main.", "_cf_KV")))
	f.Add(cat(fuzzStep("ALTER TABLE {s}{n} RENAME COLUMN k TO kk", "main.", "_cf_KV", "", "t")))
	f.Add(cat(fuzzStep("DROP TABLE {s}{n}", "main.", `"_cf_KV"`, "", "t")))
	f.Add(cat(create, fuzzStep("CREATE INDEX {s}{n} ON {m} (k)", "", "_cf_KV_data", "", "t")))
	f.Add(cat(create, fuzzStep("CREATE VIEW {s}{n} AS SELECT * FROM {t}{m}", "temp.", "_cf_KV", "", "t")))
	f.Fuzz(func(t *testing.T, b []byte) {
		sqls := fuzzSQL(b)
		db, err := Open(context.Background(), filepath.Join(t.TempDir(), "f.db"), Options{Durability: DurabilityRelaxed})
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		// The keyed tables too, as a leaf of a splittable class has them.
		if _, err := db.Leaf(); err != nil {
			t.Fatal(err)
		}
		before := reservedEntries(t, db)
		pluginCall(t, db, "acked", sqls...)
		if after := reservedEntries(t, db); !slices.Equal(before, after) {
			t.Fatalf("after %q the reserved schema entries are\n%v\nwere\n%v", sqls, after, before)
		}
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
		db3, err := Open(context.Background(), db.Path(), Options{Durability: DurabilityRelaxed})
		if err != nil {
			t.Fatalf("reopen after %q: %v", sqls, err)
		}
		defer db3.Close()
		if v, ok, err := db3.KVGet("acked", nil); err != nil || !ok || string(v) != "acknowledged" {
			t.Fatalf("after %q and a restart, the acknowledged kv.put reads %q found=%v err=%v", sqls, v, ok, err)
		}
		if after := reservedEntries(t, db3); !slices.Equal(mainOnly(before), after) {
			t.Fatalf("after %q and a restart the reserved schema entries are\n%v\nwere\n%v", sqls, after, before)
		}
	})
}

func mainOnly(es []schemaEntry) []schemaEntry {
	var out []schemaEntry
	for _, e := range es {
		if e.schema == "main" {
			out = append(out, e)
		}
	}
	return out
}
