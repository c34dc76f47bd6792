package conformance

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Cases of the SQL API (ctx.storage.sql) against the storage fixture: exec with
// bindings, its cursor (toArray, one, raw, iteration, next, columnNames, rowsRead,
// rowsWritten), errors, databaseSize and the statements a Durable Object may not run.

const docSQL = "https://developers.cloudflare.com/durable-objects/api/sqlite-storage-api/"

// sqlReq runs query with the bindings (value specs, JSON text) and reads its cursor
// the way read says (toArray, one, raw, iterate, next, or run for a setup statement).
func sqlReq(query, read string, bindings ...string) Request {
	return sqlRequest(query, read, false, bindings...)
}

// sqlCounted is sqlReq whose answer also has the cursor's rowsRead and rowsWritten.
func sqlCounted(query, read string, bindings ...string) Request {
	return sqlRequest(query, read, true, bindings...)
}

func sqlRequest(query, read string, counts bool, bindings ...string) Request {
	q, err := json.Marshal(query)
	if err != nil {
		panic(err)
	}
	b := fmt.Sprintf(`{"query":%s,"read":%q,"counts":%t,"bindings":[%s]}`, q, read, counts, strings.Join(bindings, ","))
	return stStep("sql", b)
}

// row is the description of a row object with these column, value-spec pairs.
func row(pairs ...string) string {
	var b strings.Builder
	b.WriteString(`{"type":"Object","fields":{`)
	for i := 0; i+1 < len(pairs); i += 2 {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, "%q:%s", pairs[i], pairs[i+1])
	}
	b.WriteString("}}")
	return b.String()
}

// arr is the description of an array of these value specs.
func arr(items ...string) string {
	return `{"type":"Array","items":[` + strings.Join(items, ",") + `]}`
}

const ran = `{"ran":true}`

// sqlTable are the steps that make table t with two rows:
// (1, 'a', 1.5, x'0102') and (2, 'b', 2.5, NULL).
var sqlTable = []Request{
	sqlReq("CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT, score REAL, data BLOB)", "run"),
	sqlReq("INSERT INTO t VALUES (?, ?, ?, ?), (2, 'b', 2.5, NULL)", "run",
		`{"type":"json","value":1}`, str(`"a"`), num("1.5"), `{"type":"ArrayBuffer","hex":"0102"}`),
}

var (
	row1 = row("id", num("1"), "name", str(`"a"`), "score", num("1.5"), "data", `{"type":"ArrayBuffer","hex":"0102"}`)
	row2 = row("id", num("2"), "name", str(`"b"`), "score", num("2.5"), "data", `{"type":"null"}`)
)

// withTable is sqlTable followed by steps.
func withTable(steps ...Request) []Request {
	return append(append([]Request{}, sqlTable...), steps...)
}

// tableOK checks that the steps of sqlTable ran.
func tableOK() func(Observation) error {
	return all(body(0, ran), body(1, ran))
}

// sqlThrows checks that response i answers a thrown Error whose message contains
// each of parts (SQLite's words, which both runtimes keep).
func sqlThrows(i int, parts ...string) func(Observation) error {
	return func(o Observation) error {
		if err := field(i, "error", `"Error"`)(o); err != nil {
			return err
		}
		return sqlMessage(o, i, parts)
	}
}

// sqlMessage checks that the message of response i contains each of parts.
func sqlMessage(o Observation, i int, parts []string) error {
	m, _ := lookup(o[i].Body, "message")
	s, _ := m.(string)
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return fmt.Errorf("response %d: message %q does not say %q", i, s, p)
		}
	}
	return nil
}

// sqlErrorCase is a case whose last step must throw an Error (message in MayDiffer).
func sqlErrorCase(name, doc string, steps []Request, parts []string, wrong Observation) Case {
	last := len(steps) - 1
	return Case{
		Name:      name,
		Fixture:   storageFixt,
		Doc:       doc,
		Steps:     steps,
		Check:     sqlThrows(last, parts...),
		Wrong:     wrong,
		MayDiffer: []string{fmt.Sprintf("%d.body.message", last)},
	}
}

// sqlRefusedCase is a case whose last step must be refused: it throws, with a message
// that contains each of parts. The error's class may differ (sql/syntax-error and its
// neighbours check the class), so a runtime that refuses under another class fails
// only those, and this case says whether it refuses.
func sqlRefusedCase(name, doc string, steps []Request, parts []string, wrong Observation) Case {
	last := len(steps) - 1
	return Case{
		Name:      name,
		Fixture:   storageFixt,
		Doc:       doc,
		Steps:     steps,
		Check:     all(threw(last), func(o Observation) error { return sqlMessage(o, last, parts) }),
		Wrong:     wrong,
		MayDiffer: []string{fmt.Sprintf("%d.body.error", last), fmt.Sprintf("%d.body.message", last)},
	}
}

// typeofCase binds spec to SELECT typeof(?), ? and must see the SQLite type and the
// value read back.
func typeofCase(name, doc, spec, sqlType, back, wrongType string) Case {
	return Case{
		Name:    name,
		Fixture: storageFixt,
		Doc:     doc,
		Steps:   []Request{sqlReq("SELECT typeof(?) AS t, ? AS v", "toArray", spec, spec)},
		Check:   field(0, "rows", `[`+row("t", str(`"`+sqlType+`"`), "v", back)+`]`),
		Wrong:   stObs(`{"rows":[` + row("t", str(`"`+wrongType+`"`), "v", back) + `],"columnNames":["t","v"]}`),
	}
}

var _ = register(
	// Cursors.
	Case{
		Name:    "sql/to-array",
		Fixture: storageFixt,
		Doc:     "exec answers a cursor; toArray() gives every row as an object of column name to value; " + docSQL,
		Steps:   withTable(sqlReq("SELECT * FROM t ORDER BY id", "toArray")),
		Check:   all(tableOK(), field(2, "rows", `[`+row1+`,`+row2+`]`)),
		Wrong: stObs(ran, ran, `{"rows":[`+row("id", str(`"1"`), "name", str(`"a"`), "score", num("1.5"), "data", str(`"\u0001\u0002"`))+`,`+
			row2+`]}`),
	},
	Case{
		Name:    "sql/column-names",
		Fixture: storageFixt,
		Doc:     "cursor.columnNames lists the result's columns in the order of the query; " + docSQL,
		Steps:   withTable(sqlReq("SELECT score, id, name AS who FROM t", "toArray")),
		Check:   all(tableOK(), field(2, "columnNames", `["score","id","who"]`)),
		Wrong:   stObs(ran, ran, `{"columnNames":["id","score","who"]}`),
	},
	Case{
		Name:    "sql/column-names-no-rows",
		Fixture: storageFixt,
		Doc:     "a query that matches no row answers no rows and still names its columns; " + docSQL,
		Steps:   []Request{sqlReq("SELECT 1 AS x, 2 AS y WHERE 0", "toArray")},
		Check:   body(0, `{"rows":[],"columnNames":["x","y"]}`),
		Wrong:   stObs(`{"rows":[],"columnNames":[]}`),
	},
	Case{
		Name:    "sql/raw",
		Fixture: storageFixt,
		Doc:     "cursor.raw() iterates the rows as arrays of values in column order; " + docSQL,
		Steps:   withTable(sqlReq("SELECT id, name FROM t ORDER BY id", "raw")),
		Check: all(tableOK(), field(2, "rows", `[`+arr(num("1"), str(`"a"`))+`,`+arr(num("2"), str(`"b"`))+`]`),
			field(2, "columnNames", `["id","name"]`)),
		Wrong: stObs(ran, ran, `{"rows":[`+row("id", num("1"), "name", str(`"a"`))+`,`+row("id", num("2"), "name", str(`"b"`))+`],"columnNames":["id","name"]}`),
	},
	Case{
		Name:    "sql/iterate",
		Fixture: storageFixt,
		Doc:     "a cursor is iterable: for (const row of cursor) visits each row object in order; " + docSQL,
		Steps:   withTable(sqlReq("SELECT id FROM t ORDER BY id DESC", "iterate")),
		Check:   all(tableOK(), field(2, "rows", `[`+row("id", num("2"))+`,`+row("id", num("1"))+`]`)),
		Wrong:   stObs(ran, ran, `{"rows":[]}`),
	},
	Case{
		Name:    "sql/next",
		Fixture: storageFixt,
		Doc:     "a cursor is an iterator: next() answers {done: false, value: row} per row, then {done: true}; " + docSQL,
		Steps:   withTable(sqlReq("SELECT id FROM t ORDER BY id", "next")),
		Check: all(tableOK(), field(2, "steps", `[{"done":false,"value":`+row("id", num("1"))+`},`+
			`{"done":false,"value":`+row("id", num("2"))+`},{"done":true,"value":`+undefinedVal+`}]`)),
		Wrong: stObs(ran, ran, `{"steps":[{"done":false,"value":`+row("id", num("1"))+`},{"done":false,"value":`+row("id", num("2"))+`},{"done":false,"value":{"type":"null"}},{"done":true,"value":`+undefinedVal+`}]}`),
	},
	Case{
		Name:    "sql/one",
		Fixture: storageFixt,
		Doc:     "cursor.one() answers the only row of a query that has exactly one; " + docSQL,
		Steps:   withTable(sqlReq("SELECT * FROM t WHERE id = ?", "one", num("1"))),
		Check:   all(tableOK(), field(2, "row", row1)),
		Wrong:   stObs(ran, ran, `{"row":`+arr(row1)+`}`),
	},
	sqlErrorCase("sql/one-no-rows", "cursor.one() throws an Error when the query has no row; "+docSQL,
		withTable(sqlReq("SELECT * FROM t WHERE id = 3", "one")), nil,
		stObs(ran, ran, `{"row":{"type":"null"}}`)),
	sqlErrorCase("sql/one-many-rows", "cursor.one() throws an Error when the query has more than one row; "+docSQL,
		withTable(sqlReq("SELECT * FROM t", "one")), nil,
		stObs(ran, ran, `{"row":`+row1+`}`)),
	Case{
		Name:    "sql/cursor-partly-read",
		Fixture: storageFixt,
		Doc:     "a cursor read with next() and then toArray() answers the rows next() has not taken; " + docSQL,
		Steps:   []Request{stScenario("sql-cursor-partial")},
		Check:   body(0, `{"first":`+row("x", num("1"))+`,"rest":[`+row("x", num("2"))+`,`+row("x", num("3"))+`]}`),
		Wrong:   stObs(`{"first":` + row("x", num("1")) + `,"rest":[` + row("x", num("1")) + `,` + row("x", num("2")) + `,` + row("x", num("3")) + `]}`),
	},
	Case{
		Name:    "sql/cursor-consumed",
		Fixture: storageFixt,
		Doc:     "a cursor is read once: after toArray() a second toArray() is empty and next() is done; " + docSQL,
		Steps:   []Request{stScenario("sql-cursor-exhausted")},
		Check:   body(0, `{"first":2,"second":0,"next":true}`),
		Wrong:   stObs(`{"first":2,"second":2,"next":false}`),
	},
	Case{
		Name:    "sql/rows-read-written",
		Fixture: storageFixt,
		Doc:     "rowsWritten counts the rows an INSERT or UPDATE wrote, rowsRead the rows a SELECT read; " + docSQL,
		Steps:   []Request{stScenario("sql-rows-written")},
		Check:   body(0, `{"insert":3,"update":2,"selectRead":3,"selectWritten":0}`),
		Wrong:   stObs(`{"insert":0,"update":0,"selectRead":0,"selectWritten":0}`),
	},
	Case{
		Name:    "sql/rows-read-shapes",
		Fixture: storageFixt,
		Doc:     "workerd: rowsRead counts the rows a statement visits: a full scan the table's rows, filtered or not, a lookup by key the row it finds, an INSERT none",
		Steps:   []Request{stScenario("sql-rows-read")},
		Check:   all(field(0, "insert", "0"), field(0, "scan", "5"), field(0, "filtered", "5"), field(0, "byKey", "1")),
		Wrong:   stObs(`{"insert":0,"scan":10,"filtered":7,"byKey":0,"noTable":0,"count":0}`),
		// workerd counts the rows count(*) visits (5) and none for SELECT 1; sobjects
		// answers 1 for both (SQLite's statement counters see neither).
		MayDiffer: []string{"0.body.count", "0.body.noTable"},
	},
	Case{
		Name:    "sql/bind-undefined",
		Fixture: storageFixt,
		Doc:     "workerd: undefined binds as NULL",
		Steps:   []Request{sqlReq("SELECT typeof(?) AS t", "toArray", `{"type":"undefined"}`)},
		Check:   field(0, "rows", `[`+row("t", str(`"null"`))+`]`),
		Wrong:   stObs(`{"error":"TypeError","message":"undefined cannot be bound to a SQL parameter; use null"}`),
	},
	Case{
		Name:    "sql/rows-counted-on-cursor",
		Fixture: storageFixt,
		Doc:     "an INSERT ... RETURNING cursor counts the rows it wrote in rowsWritten; " + docSQL,
		Steps: []Request{
			sqlReq("CREATE TABLE r(id INTEGER PRIMARY KEY, v TEXT)", "run"),
			sqlCounted("INSERT INTO r(v) VALUES (?), (?) RETURNING id, v", "toArray", str(`"a"`), str(`"b"`)),
		},
		Check: all(body(0, ran), field(1, "rows", `[`+row("id", num("1"), "v", str(`"a"`))+`,`+row("id", num("2"), "v", str(`"b"`))+`]`),
			field(1, "rowsWritten", "2")),
		Wrong:     stObs(ran, `{"rows":[],"rowsWritten":2}`),
		MayDiffer: []string{"1.body.rowsRead"},
	},

	// Bindings and the values that come back.
	Case{
		Name:    "sql/blob-as-arraybuffer",
		Fixture: storageFixt,
		Doc:     "a BLOB bound as an ArrayBuffer is stored as a blob and read back as an ArrayBuffer; " + docSQL,
		Steps:   withTable(sqlReq("SELECT typeof(data) AS t, data FROM t WHERE id = 1", "toArray")),
		Check:   all(tableOK(), field(2, "rows", `[`+row("t", str(`"blob"`), "data", `{"type":"ArrayBuffer","hex":"0102"}`)+`]`)),
		Wrong:   stObs(ran, ran, `{"rows":[`+row("t", str(`"blob"`), "data", `{"type":"Uint8Array","values":[1,2]}`)+`]}`),
	},
	typeofCase("sql/bind-uint8array", "a Uint8Array binds as a blob, read back as an ArrayBuffer of its bytes; "+docSQL,
		`{"type":"Uint8Array","values":[1,2,255]}`, "blob", `{"type":"ArrayBuffer","hex":"0102ff"}`, "text"),
	typeofCase("sql/bind-array", "workerd: an array binds as TEXT, its String() (a project binding exec(sql, [value]) relies on it)",
		`{"type":"Array","items":[{"type":"json","value":1},{"type":"json","value":2}]}`, "text", str(`"1,2"`), "null"),
	typeofCase("sql/bind-object", "workerd: a plain object binds as TEXT, its String()",
		`{"type":"Object","fields":{"a":{"type":"json","value":1}}}`, "text", str(`"[object Object]"`), "null"),
	typeofCase("sql/bind-string", "a string binds as TEXT; "+docSQL,
		str(`"héllo"`), "text", str(`"héllo"`), "blob"),
	typeofCase("sql/bind-null", "null binds as NULL; "+docSQL,
		`{"type":"null"}`, "null", `{"type":"null"}`, "text"),
	typeofCase("sql/bind-number-real", "workerd: a JavaScript number, integral or not, binds as REAL",
		num("7"), "real", num("7"), "integer"),
	typeofCase("sql/bind-fraction", "a fractional number binds as REAL and reads back the same; "+docSQL,
		num("-2.25"), "real", num("-2.25"), "text"),
	typeofCase("sql/bind-infinity", "workerd: Infinity binds as a REAL infinity and reads back as Infinity",
		num(`"Infinity"`), "real", num(`"Infinity"`), "null"),
	typeofCase("sql/bind-nan", "workerd: NaN binds as NULL (SQLite has no NaN)",
		num(`"NaN"`), "null", `{"type":"null"}`, "real"),
	typeofCase("sql/bind-boolean", "workerd: a boolean binds as its string, TEXT 'true'",
		`{"type":"boolean","value":true}`, "text", str(`"true"`), "integer"),
	Case{
		Name:      "sql/bind-bigint-refused",
		Fixture:   storageFixt,
		Doc:       "workerd: a BigInt binding throws a TypeError (bindings are strings, numbers, null and buffers)",
		Steps:     []Request{sqlReq("SELECT ? AS v", "toArray", `{"type":"bigint","value":"5"}`)},
		Check:     field(0, "error", `"TypeError"`),
		Wrong:     stObs(`{"rows":[` + row("v", num("5")) + `],"columnNames":["v"]}`),
		MayDiffer: []string{"0.body.message"},
	},
	Case{
		Name:    "sql/integer-column",
		Fixture: storageFixt,
		Doc:     "an INTEGER column stores an integral number as an integer, read back as a number; " + docSQL,
		Steps:   withTable(sqlReq("SELECT typeof(id) AS t, id FROM t ORDER BY id", "toArray")),
		Check:   all(tableOK(), field(2, "rows", `[`+row("t", str(`"integer"`), "id", num("1"))+`,`+row("t", str(`"integer"`), "id", num("2"))+`]`)),
		Wrong:   stObs(ran, ran, `{"rows":[`+row("t", str(`"real"`), "id", num("1"))+`,`+row("t", str(`"real"`), "id", num("2"))+`]}`),
	},
	Case{
		Name:    "sql/large-integer",
		Fixture: storageFixt,
		Doc:     "workerd: an integer past 2^53 comes back as the nearest JavaScript number",
		Steps:   []Request{sqlReq("SELECT 9007199254740993 AS big", "toArray")},
		Check:   field(0, "rows", `[`+row("big", num("9007199254740992"))+`]`),
		Wrong:   stObs(`{"rows":[` + row("big", `{"type":"bigint","value":"9007199254740993"}`) + `]}`),
	},
	Case{
		Name:    "sql/empty-blob",
		Fixture: storageFixt,
		Doc:     "workerd: an empty blob reads back as an empty ArrayBuffer, not null",
		Steps:   []Request{sqlReq("SELECT zeroblob(0) AS z", "toArray")},
		Check:   field(0, "rows", `[`+row("z", `{"type":"ArrayBuffer","hex":""}`)+`]`),
		Wrong:   stObs(`{"rows":[` + row("z", `{"type":"null"}`) + `]}`),
	},
	Case{
		Name:    "sql/numbered-parameters",
		Fixture: storageFixt,
		Doc:     "workerd: ?NNN parameters bind by number, so ?1 twice takes the first binding twice",
		Steps:   []Request{sqlReq("SELECT ?1, ?1, ?2", "raw", num("5"), num("6"))},
		Check:   all(field(0, "rows", `[`+arr(num("5"), num("5"), num("6"))+`]`), field(0, "columnNames", `["?1","?1","?2"]`)),
		Wrong:   stObs(`{"rows":[` + arr(num("5"), num("6"), `{"type":"null"}`) + `],"columnNames":["?1","?1","?2"]}`),
	},
	sqlErrorCase("sql/too-few-bindings", "workerd: exec with fewer bindings than the query's ? placeholders throws an Error",
		[]Request{sqlReq("SELECT ? AS a, ? AS b", "toArray", num("1"))}, nil,
		stObs(`{"rows":[`+row("a", num("1"), "b", `{"type":"null"}`)+`]}`)),
	sqlErrorCase("sql/too-many-bindings", "workerd: exec with more bindings than the query's ? placeholders throws an Error",
		[]Request{sqlReq("SELECT ? AS a", "toArray", num("1"), num("2"))}, nil,
		stObs(`{"rows":[`+row("a", num("1"))+`]}`)),
	Case{
		Name:    "sql/duplicate-column-names",
		Fixture: storageFixt,
		Doc:     "workerd: of two columns of one name the row object keeps the last, while raw() and columnNames keep both",
		Steps:   []Request{sqlReq("SELECT 1 AS a, 2 AS a", "toArray"), sqlReq("SELECT 1 AS a, 2 AS a", "raw")},
		Check: all(body(0, `{"rows":[`+row("a", num("2"))+`],"columnNames":["a","a"]}`),
			body(1, `{"rows":[`+arr(num("1"), num("2"))+`],"columnNames":["a","a"]}`)),
		Wrong: stObs(`{"rows":[`+row("a", num("1"))+`],"columnNames":["a"]}`, `{"rows":[`+arr(num("1"))+`],"columnNames":["a"]}`),
	},

	// Statements.
	Case{
		Name:    "sql/multiple-statements",
		Fixture: storageFixt,
		Doc:     "exec runs every statement of a query; bindings apply to the last, and the cursor is the last one's; " + docSQL,
		Steps: []Request{
			sqlReq("CREATE TABLE m(x); INSERT INTO m VALUES (1); INSERT INTO m VALUES (2); SELECT x FROM m WHERE x > ?", "toArray", num("1")),
			sqlReq("SELECT count(*) AS n FROM m", "toArray"),
		},
		Check: all(body(0, `{"rows":[`+row("x", num("2"))+`],"columnNames":["x"]}`),
			field(1, "rows", `[`+row("n", num("2"))+`]`)),
		Wrong: stObs(`{"rows":[],"columnNames":[]}`, `{"rows":[`+row("n", num("0"))+`]}`),
	},
	Case{
		Name:    "sql/multiple-statements-binding-not-last",
		Fixture: storageFixt,
		Doc:     "workerd: in a query of several statements only the last may have a ? (bindings apply to it); the first that has one fails, after those before it ran",
		Steps: []Request{
			sqlReq("CREATE TABLE mb(x); INSERT INTO mb VALUES (?); SELECT 1 AS one", "toArray", num("7")),
			sqlReq("SELECT count(*) AS n FROM sqlite_master WHERE name = 'mb'", "toArray"),
		},
		Check: all(sqlThrows(0, "only the last statement can have parameters"), field(1, "rows", `[`+row("n", num("1"))+`]`)),
		Wrong: stObs(`{"rows":[`+row("one", num("1"))+`],"columnNames":["one"]}`, `{"rows":[`+row("n", num("1"))+`]}`),
	},
	Case{
		Name:    "sql/returning",
		Fixture: storageFixt,
		Doc:     "workerd: INSERT ... RETURNING answers the inserted rows through the cursor",
		Steps: []Request{
			sqlReq("CREATE TABLE r(id INTEGER PRIMARY KEY, v TEXT)", "run"),
			sqlReq("INSERT INTO r(v) VALUES ('x') RETURNING id, v", "one"),
		},
		Check: all(body(0, ran), field(1, "row", row("id", num("1"), "v", str(`"x"`)))),
		Wrong: stObs(ran, `{"error":"Error","message":"Expected exactly one result from SQL query, but got no results."}`),
	},
	Case{
		Name:    "sql/persists",
		Fixture: storageFixt,
		Doc:     "tables and rows persist between requests to the same object; " + docSQL,
		Steps:   []Request{stScenario("sql-persists"), stScenario("sql-persists"), stScenario("sql-persists")},
		Check:   all(body(0, `{"n":1}`), body(1, `{"n":2}`), body(2, `{"n":3}`)),
		Wrong:   stObs(`{"n":1}`, `{"n":1}`, `{"n":1}`),
	},
	Case{
		Name:    "sql/foreign-keys",
		Fixture: storageFixt,
		Doc:     "workerd: foreign keys are enforced (PRAGMA foreign_keys is on): a row naming a missing parent is refused",
		Steps: []Request{
			sqlReq("PRAGMA foreign_keys", "raw"),
			sqlReq("CREATE TABLE parent(id INTEGER PRIMARY KEY); CREATE TABLE child(p INTEGER REFERENCES parent(id))", "run"),
			sqlReq("INSERT INTO child VALUES (7)", "run"),
		},
		Check:     all(field(0, "rows", `[`+arr(num("1"))+`]`), body(1, ran), sqlThrows(2, "FOREIGN KEY constraint failed")),
		Wrong:     stObs(`{"rows":[`+arr(num("0"))+`]}`, ran, ran),
		MayDiffer: []string{"2.body.message"},
	},
	sqlErrorCase("sql/constraint-error", "a constraint violation throws an Error with SQLite's message; "+docSQL,
		withTable(sqlReq("INSERT INTO t(id, name) VALUES (1, 'again')", "run")), []string{"UNIQUE constraint failed"},
		stObs(ran, ran, ran)),
	sqlErrorCase("sql/syntax-error", "a query SQLite cannot parse throws an Error with SQLite's message; "+docSQL,
		[]Request{sqlReq("SELEC 1", "toArray")}, []string{"syntax error"},
		stObs(`{"error":"SqlError","message":"near \"SELEC\": syntax error"}`)),
	sqlErrorCase("sql/no-such-table", "a query of a missing table throws an Error with SQLite's message; "+docSQL,
		[]Request{sqlReq("SELECT * FROM nope", "toArray")}, []string{"no such table: nope"},
		stObs(`{"rows":[],"columnNames":[]}`)),
	sqlErrorCase("sql/empty-query", "workerd: exec of a query with no statement throws an Error",
		[]Request{sqlReq("", "toArray")}, nil,
		stObs(`{"rows":[],"columnNames":[]}`)),
	Case{
		Name:    "sql/json-functions",
		Fixture: storageFixt,
		Doc:     "workerd: SQLite's JSON functions are available",
		Steps:   []Request{sqlReq(`SELECT json_extract('{"a":[1,2]}', '$.a[1]') AS v, json_array(1, 'x') AS j`, "toArray")},
		Check:   field(0, "rows", `[`+row("v", num("2"), "j", str(`"[1,\"x\"]"`))+`]`),
		Wrong:   stObs(`{"error":"Error","message":"no such function: json_extract"}`),
	},
	Case{
		Name:    "sql/fts5",
		Fixture: storageFixt,
		Doc:     "workerd: the FTS5 full-text search extension is available",
		Steps: []Request{
			sqlReq("CREATE VIRTUAL TABLE f USING fts5(body)", "run"),
			sqlReq("INSERT INTO f VALUES (?), (?)", "run", str(`"hello world"`), str(`"goodbye"`)),
			sqlReq("SELECT body FROM f WHERE f MATCH ?", "toArray", str(`"hello"`)),
		},
		Check: all(body(0, ran), body(1, ran), field(2, "rows", `[`+row("body", str(`"hello world"`))+`]`)),
		Wrong: stObs(`{"error":"Error","message":"no such module: fts5"}`, ran, `{"rows":[]}`),
	},
	Case{
		Name:    "sql/math-functions",
		Fixture: storageFixt,
		Doc:     "workerd: SQLite's math functions (sqrt, pow) are available",
		Steps:   []Request{sqlReq("SELECT sqrt(16) AS s, pow(2, 10) AS p", "toArray")},
		Check:   field(0, "rows", `[`+row("s", num("4"), "p", num("1024"))+`]`),
		Wrong:   stObs(`{"error":"Error","message":"no such function: sqrt"}`),
	},

	// What a Durable Object may not run.
	sqlRefusedCase("sql/forbidden-begin", "workerd: BEGIN TRANSACTION is refused: transactions are storage.transaction() or transactionSync()",
		[]Request{sqlReq("BEGIN TRANSACTION", "run")}, nil, stObs(ran)),
	sqlRefusedCase("sql/forbidden-savepoint", "workerd: SAVEPOINT is refused: transactions are storage.transaction() or transactionSync()",
		[]Request{sqlReq("SAVEPOINT s", "run")}, nil, stObs(ran)),
	sqlRefusedCase("sql/forbidden-pragma", "workerd: a PRAGMA outside the allowed ones (journal_mode) is not authorized",
		[]Request{sqlReq("PRAGMA journal_mode", "toArray")}, []string{"not authorized"},
		stObs(`{"rows":[`+row("journal_mode", str(`"wal"`))+`]}`)),
	sqlRefusedCase("sql/forbidden-attach", "workerd: ATTACH DATABASE is not authorized",
		[]Request{sqlReq("ATTACH DATABASE 'x.db' AS x", "run")}, []string{"not authorized"}, stObs(ran)),
	sqlRefusedCase("sql/forbidden-kv-table", "workerd: the hidden table of the KV API (_cf_KV) cannot be queried",
		[]Request{stPut(`"k"`, num("1")), sqlReq("SELECT * FROM _cf_KV", "toArray")}, nil,
		stObs(putAnswer, `{"rows":[`+row("key", str(`"k"`))+`]}`)),
	sqlRefusedCase("sql/forbidden-cf-prefix", "workerd: a table whose name has the reserved prefix _cf_ is not authorized",
		[]Request{sqlReq("CREATE TABLE _cf_mine(x)", "run")}, []string{"not authorized"}, stObs(ran)),
	Case{
		Name:    "sql/pragma-table-info",
		Fixture: storageFixt,
		Doc:     "workerd: PRAGMA table_info is allowed and describes a table's columns",
		Steps:   withTable(sqlReq("SELECT name, type, pk FROM pragma_table_info('t') ORDER BY cid", "raw")),
		Check: all(tableOK(), field(2, "rows", `[`+arr(str(`"id"`), str(`"INTEGER"`), num("1"))+`,`+
			arr(str(`"name"`), str(`"TEXT"`), num("0"))+`,`+arr(str(`"score"`), str(`"REAL"`), num("0"))+`,`+
			arr(str(`"data"`), str(`"BLOB"`), num("0"))+`]`)),
		Wrong: stObs(ran, ran, `{"error":"Error","message":"not authorized"}`),
	},
	Case{
		Name:    "sql/kv-data-hidden",
		Fixture: storageFixt,
		Doc: "the KV API keeps its data in a hidden table (" + docSQL + "); workerd: that table's name has the " +
			"reserved prefix _cf_, so sqlite_master shows no other table before the user makes one, and SQL tables are no KV keys",
		Steps: []Request{stScenario("sql-kv-hidden"), stList(`{}`)},
		Check: all(body(0, `{"tablesBefore":0,"list":["k"]}`), field(1, "keys", `["k"]`)),
		Wrong: stObs(`{"tablesBefore":1,"list":["k"]}`, `{"keys":["k","mine"]}`),
	},
	Case{
		Name:    "sql/database-size",
		Fixture: storageFixt,
		Doc:     "sql.databaseSize is the database's size in bytes, a number that grows as rows are written; " + docSQL,
		Steps:   []Request{stScenario("sql-database-size")},
		Check:   body(0, `{"type":"number","positive":true,"grew":true}`),
		Wrong:   stObs(`{"type":"undefined","positive":false,"grew":false}`),
	},
	Case{
		Name:    "sql/database-size-new",
		Fixture: storageFixt,
		Doc:     "workerd: a new object's sql.databaseSize is one page, 4096 bytes; the KV API's first put adds its table's page, a new table one more",
		Steps:   []Request{stScenario("sql-database-size-new")},
		Check:   body(0, `{"empty":4096,"afterPut":8192,"afterTable":12288}`),
		Wrong:   stObs(`{"empty":12288,"afterPut":12288,"afterTable":16384}`),
	},
	Case{
		Name:    "sql/survives-restart",
		Fixture: storageFixt,
		Doc:     "tables and rows are durable: after the runtime restarts, a query answers the rows written before; " + docSQL,
		Steps:   withTable(sqlReq("SELECT * FROM t ORDER BY id", "toArray")),
		Between: map[int]Action{1: Restart},
		Check:   all(tableOK(), field(2, "rows", `[`+row1+`,`+row2+`]`)),
		Wrong:   stObs(ran, ran, `{"error":"Error","message":"no such table: t: SQLITE_ERROR"}`),
	},
)
