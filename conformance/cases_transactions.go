package conformance

// Cases of storage.transaction and storage.transactionSync against the storage
// fixture's scenarios (fixtures/storage/worker.js, SCENARIOS): each runs a transaction
// inside the object and answers what it observed inside and after it.

const (
	docTxn     = "https://developers.cloudflare.com/durable-objects/api/sqlite-storage-api/#transaction"
	docTxnSync = "https://developers.cloudflare.com/durable-objects/api/sqlite-storage-api/#transactionsync"
)

// txnCase runs scenario and checks its answer with check.
func txnCase(name, doc, scenario string, check func(Observation) error, wrong string) Case {
	return Case{
		Name:    name,
		Fixture: storageFixt,
		Doc:     doc,
		Steps:   []Request{stScenario(scenario)},
		Check:   all(status(0, 200), check),
		Wrong:   stObs(wrong),
	}
}

var (
	txnCommitted = `{"type":"Map","entries":[[` + str(`"a"`) + `,` + num("1") + `],[` + str(`"b"`) + `,` + num("2") + `],[` + str(`"c"`) + `,` + num("3") + `]]}`
	before       = str(`"before"`)
)

var _ = register(
	txnCase("transactions/commit",
		"transaction(closure) commits the closure's writes when it resolves; "+docTxn,
		"txn-commit", field(0, "after", txnCommitted),
		`{"result":"done","after":{"type":"Map","entries":[]}}`),
	txnCase("transactions/result",
		"transaction(closure) resolves to what the closure resolves to; "+docTxn,
		"txn-commit", field(0, "result", `"done"`),
		`{"result":null,"after":`+txnCommitted+`}`),
	Case{
		Name:    "transactions/visible-after",
		Fixture: storageFixt,
		Doc:     "a committed transaction's writes are durable: a later request reads them; " + docTxn,
		Steps:   []Request{stScenario("txn-commit"), stGet(`"b"`), stList(`{}`)},
		Check:   all(field(0, "result", `"done"`), field(1, "value", num("2")), field(2, "keys", `["a","b","c"]`)),
		Wrong:   stObs(`{"result":"done"}`, `{"value":`+undefinedVal+`}`, `{"keys":[]}`),
	},
	txnCase("transactions/rollback",
		"txn.rollback() discards every write of the transaction; "+docTxn,
		"txn-rollback", all(field(0, "a", before), field(0, "b", undefinedVal)),
		`{"result":{"ok":`+str(`"rolled back"`)+`},"a":`+str(`"inside"`)+`,"b":`+str(`"inside"`)+`}`),
	txnCase("transactions/rollback-resolves",
		"workerd: after txn.rollback() the transaction resolves to the closure's result, without an error",
		"txn-rollback", field(0, "result", `{"ok":`+str(`"rolled back"`)+`}`),
		`{"result":{"error":"Error","message":"rolled back"},"a":`+before+`,"b":`+undefinedVal+`}`),
	Case{
		Name:      "transactions/rollback-then-write",
		Fixture:   storageFixt,
		Doc:       "workerd: a write on a transaction after its rollback() throws an Error, and nothing is written",
		Steps:     []Request{stScenario("txn-rollback-then-write")},
		Check:     all(field(0, "result.error", `"Error"`), field(0, "a", undefinedVal)),
		Wrong:     stObs(`{"result":{"ok":` + undefinedVal + `},"a":` + num("1") + `}`),
		MayDiffer: []string{"0.body.result.message"},
	},
	txnCase("transactions/throw-rolls-back",
		"a closure that throws rolls the transaction back: none of its puts or deletes is kept; "+docTxn,
		"txn-throw", all(field(0, "a", before), field(0, "b", undefinedVal)),
		`{"caught":{"type":"Error","class":"RangeError","name":"RangeError","message":"stop"},"a":`+undefinedVal+`,"b":`+str(`"inside"`)+`}`),
	txnCase("transactions/throw-rejects",
		"transaction() rejects with the error the closure threw, its class and message kept; "+docTxn,
		"txn-throw", field(0, "caught", `{"type":"Error","class":"RangeError","name":"RangeError","message":"stop"}`),
		`{"caught":{"type":"Error","class":"Error","name":"Error","message":"transaction failed"},"a":`+before+`,"b":`+undefinedVal+`}`),
	txnCase("transactions/sees-own-writes",
		"inside a transaction, txn.get and txn.list see the transaction's own puts and deletes; "+docTxn,
		"txn-sees-own-writes", all(field(0, "get", num("2")), field(0, "deleted", undefinedVal), field(0, "list", `["a","b"]`)),
		`{"get":`+undefinedVal+`,"deleted":`+num("3")+`,"list":["a","c"],"storageGet":`+undefinedVal+`}`),
	txnCase("transactions/storage-sees-open-transaction",
		"workerd: storage.get inside a transaction's closure sees the transaction's uncommitted writes (one database, one connection)",
		"txn-sees-own-writes", field(0, "storageGet", num("2")),
		`{"get":`+num("2")+`,"deleted":`+undefinedVal+`,"list":["a","b"],"storageGet":`+undefinedVal+`}`),
	txnCase("transactions/sql-rolls-back",
		"a transaction covers SQL too: a throw undoes the closure's sql.exec writes with its KV writes; "+docTxn,
		"txn-sql-throw", body(0, `{"caught":"stop","rows":0,"k":`+undefinedVal+`}`),
		`{"caught":"stop","rows":1,"k":`+num("1")+`}`),
	txnCase("transactions/sql-commits",
		"a transaction commits its sql.exec writes with its KV writes; "+docTxn,
		"txn-sql-commit", body(0, `{"rows":2,"k":`+str(`"v"`)+`}`),
		`{"rows":0,"k":`+str(`"v"`)+`}`),
	txnCase("transactions/sync-sql-error-rolls-back",
		"a SQL error that escapes the transactionSync callback rolls back the statements before it; "+docTxnSync,
		"txn-sync-sql-error", body(0, `{"threw":true,"rows":[0]}`),
		`{"threw":true,"rows":[0,1]}`),
	txnCase("transactions/nested",
		"workerd: a transaction opened inside another is nested: its throw undoes only its own writes, the outer one commits",
		"txn-nested", body(0, `{"result":"inner stop","after":["outer","second"]}`),
		`{"result":"inner stop","after":[]}`),
	Case{
		Name:      "transactions/delete-all-refused",
		Fixture:   storageFixt,
		Doc:       "workerd: deleteAll() inside a transaction throws an Error and deletes nothing",
		Steps:     []Request{stScenario("txn-deleteall")},
		Check:     all(field(0, "result.error", `"Error"`), field(0, "a", num("1"))),
		Wrong:     stObs(`{"result":{"ok":` + undefinedVal + `},"a":` + undefinedVal + `}`),
		MayDiffer: []string{"0.body.result.message"},
	},
	txnCase("transactions/sync-commit",
		"transactionSync(callback) commits the callback's SQL writes and returns its result; "+docTxnSync,
		"txn-sync-commit", body(0, `{"result":2,"rows":2}`),
		`{"result":null,"rows":2}`),
	txnCase("transactions/sync-throw-rolls-back",
		"transactionSync rolls back every SQL write of a callback that throws; "+docTxnSync,
		"txn-sync-throw", field(0, "rows", `[0]`),
		`{"caught":{"type":"Error","class":"TypeError","name":"TypeError","message":"stop"},"rows":[9,9]}`),
	txnCase("transactions/sync-throw-rethrows",
		"transactionSync rethrows the callback's error, its class and message kept; "+docTxnSync,
		"txn-sync-throw", field(0, "caught", `{"type":"Error","class":"TypeError","name":"TypeError","message":"stop"}`),
		`{"caught":null,"rows":[0]}`),
	txnCase("transactions/sync-nested",
		"workerd: transactionSync nests: an inner one that throws undoes only its own writes",
		"txn-sync-nested", body(0, `{"rows":[1,3]}`),
		`{"rows":[1,2,3]}`),
	txnCase("transactions/sync-covers-kv",
		"workerd: the KV API's writes inside transactionSync roll back with it (they are synchronous on SQLite-backed objects)",
		"txn-sync-kv", body(0, `{"caught":"stop","k":`+undefinedVal+`}`),
		`{"caught":"stop","k":`+num("1")+`}`),
	Case{
		Name:    "transactions/rolled-back-after-restart",
		Fixture: storageFixt,
		Doc:     "a rolled-back transaction leaves nothing on disk: after the runtime restarts, its keys are as before it; " + docTxn,
		Steps:   []Request{stScenario("txn-throw"), stList(`{}`), stGet(`"a"`)},
		Between: map[int]Action{0: Restart},
		Check:   all(field(0, "a", before), field(1, "keys", `["a"]`), field(2, "value", before)),
		Wrong: stObs(`{"caught":{"type":"Error","class":"RangeError","name":"RangeError","message":"stop"},"a":`+before+`,"b":`+undefinedVal+`}`,
			`{"keys":["b"]}`, `{"value":`+undefinedVal+`}`),
	},
)
