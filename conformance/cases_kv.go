package conformance

import "fmt"

// Cases of the storage KV API (ctx.storage.get, put, delete, deleteAll, list) against
// the storage fixture. A value is written as the fixture's spec ({"type": ..., ...},
// fixtures/storage/worker.js) and read back described the same way, so a case names
// the value it stores and the value it must read back in one notation.

const (
	docKV        = "https://developers.cloudflare.com/durable-objects/api/sqlite-storage-api/"
	docKVLimits  = "https://developers.cloudflare.com/durable-objects/platform/limits/"
	storageFixt  = "storage"
	putAnswer    = `{"result":{"type":"undefined"}}`
	undefinedVal = `{"type":"undefined"}`
)

// stStep is a request for op on the case's object of the storage fixture, with body.
func stStep(op, body string) Request {
	return Request{Method: "POST", Path: "/" + op + "/{obj}", Body: body}
}

// stPut stores the value spec at key (a JSON string or a key spec, as JSON text).
func stPut(key, spec string) Request {
	return stStep("put", `{"key":`+key+`,"value":`+spec+`}`)
}

// stGet reads key (JSON text).
func stGet(key string) Request { return stStep("get", `{"key":`+key+`}`) }

// stList lists with the options (a JSON object).
func stList(options string) Request { return stStep("list", `{"options":`+options+`}`) }

// stScenario runs the fixture's scenario name.
func stScenario(name string) Request { return stStep("scenario", `{"name":"`+name+`"}`) }

// stObs is an observation of 200 responses with these JSON bodies.
func stObs(bodies ...string) Observation {
	o := make(Observation, len(bodies))
	for i, b := range bodies {
		o[i] = Response{Status: 200, Body: decodeJSON(b)}
	}
	return o
}

// threw checks that response i answers a thrown error, of any class.
func threw(i int) func(Observation) error {
	return func(o Observation) error {
		if i >= len(o) {
			return fmt.Errorf("response %d missing (%d responses)", i, len(o))
		}
		if e, _ := lookup(o[i].Body, "error"); e == nil || e == "" {
			return fmt.Errorf("response %d: no error in body %v", i, short(o[i].Body))
		}
		return nil
	}
}

// num is the spec of a JSON number or of -0, NaN, Infinity (written as a string).
func num(v string) string { return `{"type":"number","value":` + v + `}` }

// str is the spec of a string (v is JSON text).
func str(v string) string { return `{"type":"string","value":` + v + `}` }

// valueCase is a case that stores spec at one key, reads it back, and must read back
// spec itself; wrong is what a runtime that does not clone the value faithfully
// answers instead.
func valueCase(what, doc, spec, wrong string) Case {
	return valueCaseAs(what, doc, spec, spec, wrong)
}

// valueCaseAs is valueCase for a spec that reads back described as want.
func valueCaseAs(what, doc, spec, want, wrong string) Case {
	return Case{
		Name:    "kv/value-" + what,
		Fixture: storageFixt,
		Doc:     doc,
		Steps:   []Request{stPut(`"k"`, spec), stGet(`"k"`)},
		Check:   all(status(0, 200), body(0, putAnswer), status(1, 200), field(1, "value", want)),
		Wrong:   stObs(putAnswer, `{"value":`+wrong+`}`),
	}
}

// listCase is a case that stores the keys of listKeys (values 1, 2, ...), lists them
// with options and must see want, a JSON array of keys in order.
func listCase(what, doc, options, want, wrong string) Case {
	return Case{
		Name:    "kv/list-" + what,
		Fixture: storageFixt,
		Doc:     doc,
		Steps:   []Request{stStep("putmany", listKeys), stList(options)},
		Check:   all(body(0, putAnswer), status(1, 200), field(1, "type", `"Map"`), field(1, "keys", want)),
		Wrong:   stObs(putAnswer, `{"type":"Map","keys":`+wrong+`}`),
	}
}

// listKeys are the keys list cases store: their sorted order is that of their UTF-8
// bytes ("B" < "a" < "ab" < "b" < "c" < "é").
const listKeys = `{"entries":{"b":{"type":"json","value":2},"a":{"type":"json","value":1},` +
	`"c":{"type":"json","value":3},"ab":{"type":"json","value":4},"B":{"type":"json","value":5},` +
	`"é":{"type":"json","value":6}}}`

// errorCase is a case whose one step must answer that the call threw a name error
// (the message differs between runtimes).
func errorCase(name, doc string, step Request, errName, wrong string) Case {
	return Case{
		Name:      name,
		Fixture:   storageFixt,
		Doc:       doc,
		Steps:     []Request{step},
		Check:     all(status(0, 200), field(0, "error", `"`+errName+`"`)),
		Wrong:     stObs(wrong),
		MayDiffer: []string{"0.body.message"},
	}
}

const cloneDoc = "put(key, value) stores any value the structured clone algorithm supports, " +
	"and get answers a clone of it: "

var _ = register(
	valueCase("string", cloneDoc+"a string with non-ASCII characters comes back the same; "+docKV,
		str(`"héllo ☃ \u0000 end"`), str(`"héllo ? end"`)),
	valueCase("empty-string", cloneDoc+"the empty string is a value, not a missing one; "+docKV,
		str(`""`), undefinedVal),
	valueCase("numbers", cloneDoc+"integers and fractions stay numbers; "+docKV,
		`{"type":"Array","items":[`+num("42")+`,`+num("3.25")+`,`+num("-1e+300")+`]}`,
		`{"type":"Array","items":[`+str(`"42"`)+`,`+num("3.25")+`,`+num("-1e+300")+`]}`),
	valueCase("negative-zero", cloneDoc+"-0 stays -0 (JSON would make it 0); "+docKV,
		num(`"-0"`), num("0")),
	valueCase("nan", cloneDoc+"NaN stays NaN (JSON would make it null); "+docKV,
		num(`"NaN"`), `{"type":"null"}`),
	valueCase("infinities", cloneDoc+"Infinity and -Infinity stay numbers; "+docKV,
		`{"type":"Array","items":[`+num(`"Infinity"`)+`,`+num(`"-Infinity"`)+`]}`,
		`{"type":"Array","items":[{"type":"null"},{"type":"null"}]}`),
	valueCase("bigint", cloneDoc+"a BigInt stays a BigInt, past 2^64 too; "+docKV,
		`{"type":"bigint","value":"-12345678901234567890"}`, num("-12345678901234567000")),
	valueCase("booleans", cloneDoc+"true and false stay booleans; "+docKV,
		`{"type":"Array","items":[{"type":"boolean","value":true},{"type":"boolean","value":false}]}`,
		`{"type":"Array","items":[`+num("1")+`,`+num("0")+`]}`),
	valueCase("null", cloneDoc+"null is stored and read back as null, not as a missing key; "+docKV,
		`{"type":"null"}`, undefinedVal),
	valueCase("undefined-inside", cloneDoc+"undefined inside an array or object stays undefined; "+docKV,
		`{"type":"Array","items":[{"type":"undefined"},{"type":"Object","fields":{"u":{"type":"undefined"}}}]}`,
		`{"type":"Array","items":[{"type":"null"},{"type":"Object","fields":{}}]}`),
	valueCase("date", cloneDoc+"a Date stays a Date of the same time (JSON would make it a string); "+docKV,
		`{"type":"Date","value":1700000000123}`, str(`"2023-11-14T22:13:20.123Z"`)),
	valueCase("invalid-date", cloneDoc+"an invalid Date stays an invalid Date; "+docKV,
		`{"type":"Date","value":"NaN"}`, `{"type":"null"}`),
	valueCase("regexp", cloneDoc+"a RegExp keeps its source and flags; "+docKV,
		`{"type":"RegExp","source":"a+[b-c]$","flags":"gi"}`, `{"type":"Object","fields":{}}`),
	valueCase("map", cloneDoc+"a Map keeps its entries in insertion order, keys of any type; "+docKV,
		`{"type":"Map","entries":[[`+num("2")+`,`+str(`"two"`)+`],[`+str(`"1"`)+`,`+num("1")+`],[{"type":"Object","fields":{}},{"type":"null"}]]}`,
		`{"type":"Object","fields":{}}`),
	valueCase("set", cloneDoc+"a Set keeps its members in insertion order; "+docKV,
		`{"type":"Set","values":[`+num("3")+`,`+str(`"x"`)+`,{"type":"null"}]}`,
		`{"type":"Array","items":[`+num("3")+`,`+str(`"x"`)+`,{"type":"null"}]}`),
	valueCase("arraybuffer", cloneDoc+"an ArrayBuffer keeps its bytes, 0x00 and 0xff included; "+docKV,
		`{"type":"ArrayBuffer","hex":"00ff10fe"}`, `{"type":"Object","fields":{}}`),
	valueCase("uint8array", cloneDoc+"a Uint8Array stays a Uint8Array; "+docKV,
		`{"type":"Uint8Array","values":[1,2,255]}`,
		`{"type":"Object","fields":{"0":`+num("1")+`,"1":`+num("2")+`,"2":`+num("255")+`}}`),
	valueCase("float64array", cloneDoc+"a Float64Array keeps -0 and NaN elements; "+docKV,
		`{"type":"Float64Array","values":["-0","NaN",1.5]}`, `{"type":"Float64Array","values":[0,0,1.5]}`),
	valueCase("bigint64array", cloneDoc+"a BigInt64Array keeps 64-bit elements exactly; "+docKV,
		`{"type":"BigInt64Array","values":["-1","9007199254740993"]}`,
		`{"type":"BigInt64Array","values":["-1","9007199254740992"]}`),
	valueCase("dataview", cloneDoc+"a DataView stays a DataView of the same bytes; "+docKV,
		`{"type":"DataView","hex":"0102ff"}`, `{"type":"Uint8Array","values":[1,2,255]}`),
	valueCase("nested", cloneDoc+"nested objects and arrays keep their shape and their typed members; "+docKV,
		`{"type":"Object","fields":{"list":{"type":"Array","items":[`+num("1")+`,{"type":"Object","fields":{"m":{"type":"Map","entries":[[`+str(`"k"`)+`,{"type":"Set","values":[`+num("-1")+`]}]]},"z":{"type":"bigint","value":"7"}}}]},"when":{"type":"Date","value":0}}}`,
		`{"type":"Object","fields":{"list":{"type":"Array","items":[`+num("1")+`,{"type":"Object","fields":{"m":{"type":"Object","fields":{}},"z":`+num("7")+`}}]},"when":`+str(`"1970-01-01T00:00:00.000Z"`)+`}}`),
	Case{
		Name:    "kv/value-error",
		Fixture: storageFixt,
		Doc:     cloneDoc + "an Error keeps its class (TypeError), name and message; " + docKV,
		Steps:   []Request{stPut(`"k"`, `{"type":"Error","class":"TypeError","message":"bad input"}`), stGet(`"k"`)},
		Check: all(body(0, putAnswer), field(1, "value",
			`{"type":"Error","class":"TypeError","name":"TypeError","message":"bad input"}`)),
		Wrong: stObs(putAnswer, `{"value":{"type":"Error","class":"Error","name":"Error","message":"bad input"}}`),
	},
	Case{
		Name:    "kv/value-range-error",
		Fixture: storageFixt,
		Doc:     cloneDoc + "a RangeError comes back a RangeError with its name and message; " + docKV,
		Steps:   []Request{stPut(`"k"`, `{"type":"Error","class":"RangeError","message":"too far"}`), stGet(`"k"`)},
		Check: all(body(0, putAnswer), field(1, "value",
			`{"type":"Error","class":"RangeError","name":"RangeError","message":"too far"}`)),
		Wrong: stObs(putAnswer, `{"value":{"type":"Object","fields":{}}}`),
	},
	Case{
		Name:    "kv/value-cycle",
		Fixture: storageFixt,
		Doc:     cloneDoc + "an object that refers to itself comes back referring to its own clone; " + docKV,
		Steps:   []Request{stPut(`"k"`, `{"type":"cycle"}`), stGet(`"k"`)},
		Check: all(body(0, putAnswer), field(1, "value",
			`{"type":"Object","fields":{"name":`+str(`"root"`)+`,"self":{"type":"ref","to":"$"}}}`)),
		Wrong: stObs(putAnswer, `{"value":{"type":"Object","fields":{"name":`+str(`"root"`)+`,"self":{"type":"Object","fields":{}}}}}`),
	},
	Case{
		Name:    "kv/value-shared-reference",
		Fixture: storageFixt,
		Doc:     cloneDoc + "an object reached twice comes back as one object reached twice, not two copies; " + docKV,
		Steps:   []Request{stPut(`"k"`, `{"type":"shared"}`), stGet(`"k"`)},
		Check: all(body(0, putAnswer), field(1, "value",
			`{"type":"Object","fields":{"a":{"type":"Object","fields":{"n":`+num("1")+`}},"b":{"type":"ref","to":"$.a"},"list":{"type":"Array","items":[{"type":"ref","to":"$.a"}]}}}`)),
		Wrong: stObs(putAnswer, `{"value":{"type":"Object","fields":{"a":{"type":"Object","fields":{"n":`+num("1")+`}},"b":{"type":"Object","fields":{"n":`+num("1")+`}},"list":{"type":"Array","items":[{"type":"Object","fields":{"n":`+num("1")+`}}]}}}}`),
	},
	valueCaseAs("sparse-array", cloneDoc+"an array keeps its length and its holes, apart from undefined items; "+docKV,
		`{"type":"sparse","length":4,"items":{"0":`+num("1")+`,"2":`+undefinedVal+`}}`,
		`{"type":"Array","items":[`+num("1")+`,{"type":"hole"},`+undefinedVal+`,{"type":"hole"}]}`,
		`{"type":"Array","items":[`+num("1")+`,`+undefinedVal+`,`+undefinedVal+`,`+undefinedVal+`]}`),
	Case{
		Name:    "kv/value-class-instance",
		Fixture: storageFixt,
		Doc:     cloneDoc + "a class instance comes back a plain object of its own fields, its prototype not kept; " + docKV,
		Steps:   []Request{stScenario("kv-class-instance")},
		Check: body(0, `{"isPoint":false,"plain":true,"value":`+
			`{"type":"Object","fields":{"x":`+num("3")+`,"y":`+num("4")+`}}}`),
		Wrong: stObs(`{"isPoint":true,"plain":false,"value":{"type":"Object","fields":{"x":` + num("3") + `,"y":` + num("4") + `}}}`),
	},
	Case{
		Name:    "kv/value-copied",
		Fixture: storageFixt,
		Doc:     cloneDoc + "put stores a copy (a later change to the object is not stored) and each get answers a new copy; " + docKV,
		Steps:   []Request{stScenario("kv-put-copies")},
		Check:   body(0, `{"distinct":true,"stored":1}`),
		Wrong:   stObs(`{"distinct":false,"stored":3}`),
	},
	errorCase("kv/value-function-unclonable",
		"put rejects a value the structured clone algorithm cannot clone, a function, with a DataCloneError; "+docKV,
		stPut(`"k"`, `{"type":"function"}`), "DataCloneError", putAnswer),
	errorCase("kv/value-symbol-unclonable",
		"put rejects a Symbol, which structured clone cannot clone, with a DataCloneError; "+docKV,
		stPut(`"k"`, `{"type":"symbol"}`), "DataCloneError", `{"error":"TypeError","message":"cannot serialize"}`),
	errorCase("kv/value-undefined-refused",
		"workerd: put(key, undefined) throws a TypeError (put() called with undefined value) instead of storing it",
		stPut(`"k"`, undefinedVal), "TypeError", putAnswer),
	Case{
		Name:    "kv/value-unclonable-stores-nothing",
		Fixture: storageFixt,
		Doc:     "a put whose value cannot be cloned throws and leaves the key as it was; " + docKV,
		Steps:   []Request{stPut(`"k"`, str(`"before"`)), stPut(`"k"`, `{"type":"function"}`), stGet(`"k"`)},
		// The error's class is kv/value-function-unclonable's business.
		Check: all(body(0, putAnswer), threw(1), field(2, "value", str(`"before"`))),
		Wrong: stObs(putAnswer, `{"error":"DataCloneError","message":"x"}`,
			`{"value":{"type":"function"}}`),
		MayDiffer: []string{"1.body.error", "1.body.message"},
	},

	// get, put, delete.
	Case{
		Name:    "kv/get-missing",
		Fixture: storageFixt,
		Doc:     "get(key) of a key never stored resolves to undefined; " + docKV,
		Steps:   []Request{stGet(`"never"`)},
		Check:   all(status(0, 200), body(0, `{"value":`+undefinedVal+`}`)),
		Wrong:   stObs(`{"value":{"type":"null"}}`),
	},
	Case{
		Name:    "kv/put-overwrites",
		Fixture: storageFixt,
		Doc:     "put(key, value) replaces the key's value; get answers the latest; " + docKV,
		Steps:   []Request{stPut(`"k"`, num("1")), stPut(`"k"`, str(`"two"`)), stGet(`"k"`)},
		Check:   all(body(0, putAnswer), body(1, putAnswer), field(2, "value", str(`"two"`))),
		Wrong:   stObs(putAnswer, putAnswer, `{"value":`+num("1")+`}`),
	},
	Case{
		Name:    "kv/put-entries",
		Fixture: storageFixt,
		Doc:     "put(entries) stores every key-value pair of the object; " + docKV,
		Steps: []Request{
			stStep("putmany", `{"entries":{"x":`+num("1")+`,"y":{"type":"Set","values":[]},"z":`+str(`"s"`)+`}}`),
			stGet(`"y"`), stList(`{}`),
		},
		Check: all(body(0, putAnswer), field(1, "value", `{"type":"Set","values":[]}`),
			field(2, "keys", `["x","y","z"]`), field(2, "values", `[`+num("1")+`,{"type":"Set","values":[]},`+str(`"s"`)+`]`)),
		Wrong: stObs(putAnswer, `{"value":{"type":"Object","fields":{}}}`, `{"keys":["x","y","z"]}`),
	},
	Case{
		Name:    "kv/get-batch",
		Fixture: storageFixt,
		Doc:     "get(keys) resolves to a Map of the keys that exist, missing keys left out (" + docKV + "); workerd: in sorted key order",
		Steps:   []Request{stStep("putmany", listKeys), stStep("getmany", `{"keys":["c","zz","a","b"]}`)},
		Check: all(body(0, putAnswer), field(1, "value",
			`{"type":"Map","entries":[[`+str(`"a"`)+`,`+num("1")+`],[`+str(`"b"`)+`,`+num("2")+`],[`+str(`"c"`)+`,`+num("3")+`]]}`)),
		Wrong: stObs(putAnswer,
			`{"value":{"type":"Map","entries":[[`+str(`"c"`)+`,`+num("3")+`],[`+str(`"zz"`)+`,`+undefinedVal+`],[`+str(`"a"`)+`,`+num("1")+`],[`+str(`"b"`)+`,`+num("2")+`]]}}`),
	},
	Case{
		Name:    "kv/get-batch-none",
		Fixture: storageFixt,
		Doc:     "get(keys) of keys none of which exist resolves to an empty Map; " + docKV,
		Steps:   []Request{stStep("getmany", `{"keys":["p","q"]}`)},
		Check:   all(status(0, 200), body(0, `{"value":{"type":"Map","entries":[]}}`)),
		Wrong:   stObs(`{"value":{"type":"Map","entries":[[` + str(`"p"`) + `,` + undefinedVal + `],[` + str(`"q"`) + `,` + undefinedVal + `]]}}`),
	},
	Case{
		Name:    "kv/delete",
		Fixture: storageFixt,
		Doc:     "delete(key) resolves to true when the key existed, false when it did not, and removes it; " + docKV,
		Steps:   []Request{stPut(`"k"`, num("1")), stStep("delete", `{"key":"k"}`), stStep("delete", `{"key":"k"}`), stGet(`"k"`)},
		Check: all(field(1, "result", `{"type":"boolean","value":true}`), field(2, "result", `{"type":"boolean","value":false}`),
			field(3, "value", undefinedVal)),
		Wrong: stObs(putAnswer, `{"result":{"type":"boolean","value":true}}`, `{"result":{"type":"boolean","value":true}}`, `{"value":`+undefinedVal+`}`),
	},
	Case{
		Name:    "kv/delete-batch",
		Fixture: storageFixt,
		Doc:     "delete(keys) resolves to the number of keys that existed and were deleted; " + docKV,
		Steps:   []Request{stStep("putmany", listKeys), stStep("deletemany", `{"keys":["c","zz","a"]}`), stList(`{}`)},
		Check:   all(field(1, "result", num("2")), field(2, "keys", `["B","ab","b","é"]`)),
		Wrong:   stObs(putAnswer, `{"result":`+num("3")+`}`, `{"keys":["B","ab","b","é"]}`),
	},
	Case{
		Name:    "kv/delete-all",
		Fixture: storageFixt,
		Doc:     "deleteAll() deletes every key of the object; list is then empty and get undefined; " + docKV,
		Steps:   []Request{stStep("putmany", listKeys), stStep("deleteall", `{}`), stList(`{}`), stGet(`"a"`)},
		Check:   all(body(1, `{"result":`+undefinedVal+`}`), field(2, "keys", `[]`), field(3, "value", undefinedVal)),
		Wrong:   stObs(putAnswer, `{"result":`+undefinedVal+`}`, `{"keys":["a"]}`, `{"value":`+num("1")+`}`),
	},
	Case{
		Name:    "kv/options-accepted",
		Fixture: storageFixt,
		Doc:     "get, put, delete and list accept allowConcurrency, allowUnconfirmed and noCache and work as without them; " + docKV,
		Steps: []Request{
			stStep("put", `{"key":"k","value":`+num("5")+`,"options":{"allowUnconfirmed":true,"noCache":true}}`),
			stStep("get", `{"key":"k","options":{"allowConcurrency":true,"noCache":true}}`),
			stStep("list", `{"options":{"allowConcurrency":true,"noCache":true}}`),
			stStep("delete", `{"key":"k","options":{"allowUnconfirmed":true,"noCache":true}}`),
		},
		Check: all(body(0, putAnswer), field(1, "value", num("5")), field(2, "keys", `["k"]`),
			field(3, "result", `{"type":"boolean","value":true}`)),
		Wrong: stObs(putAnswer, `{"error":"TypeError","message":"unknown option"}`, `{"keys":["k"]}`, `{"result":{"type":"boolean","value":true}}`),
	},

	// Keys.
	Case{
		Name:    "kv/key-number-converted",
		Fixture: storageFixt,
		Doc:     "workerd: a key that is not a string (the number 1, null) is converted to a string (\"1\", \"null\")",
		Steps: []Request{
			stPut(num("1"), str(`"one"`)), stPut(`{"type":"null"}`, str(`"nil"`)),
			stList(`{}`), stGet(`"1"`),
		},
		Check: all(body(0, putAnswer), body(1, putAnswer), field(2, "keys", `["1","null"]`), field(3, "value", str(`"one"`))),
		Wrong: stObs(putAnswer, putAnswer, `{"keys":[1,null]}`, `{"value":`+undefinedVal+`}`),
	},
	Case{
		Name:    "kv/key-empty-string",
		Fixture: storageFixt,
		Doc:     "workerd: the empty string is a key like any other",
		Steps:   []Request{stPut(`""`, num("7")), stGet(`""`), stList(`{}`)},
		Check:   all(body(0, putAnswer), field(1, "value", num("7")), field(2, "keys", `[""]`)),
		Wrong:   stObs(putAnswer, `{"value":`+undefinedVal+`}`, `{"keys":[]}`),
	},
	errorCase("kv/put-object-key",
		"workerd: put(object, value) is neither put(key, value) nor put(entries): it throws a TypeError",
		stPut(`{"type":"Object","fields":{}}`, num("1")), "TypeError", putAnswer),

	// list.
	listCase("sorted", "list() answers a Map of every key in ascending order of the keys' UTF-8 bytes; "+docKV,
		`{}`, `["B","a","ab","b","c","é"]`, `["a","ab","B","b","c","é"]`),
	Case{
		Name:    "kv/list-values",
		Fixture: storageFixt,
		Doc:     "list() answers each key with its value, deserialised; " + docKV,
		Steps:   []Request{stStep("putmany", `{"entries":{"a":{"type":"bigint","value":"1"},"b":{"type":"Map","entries":[]}}}`), stList(`{}`)},
		Check:   all(body(0, putAnswer), field(1, "values", `[{"type":"bigint","value":"1"},{"type":"Map","entries":[]}]`)),
		Wrong:   stObs(putAnswer, `{"keys":["a","b"],"values":[`+num("1")+`,{"type":"Object","fields":{}}]}`),
	},
	listCase("start", "list({start}) begins at start, inclusive; "+docKV,
		`{"start":"ab"}`, `["ab","b","c","é"]`, `["b","c","é"]`),
	listCase("start-after", "list({startAfter}) begins after startAfter, exclusive; "+docKV,
		`{"startAfter":"ab"}`, `["b","c","é"]`, `["ab","b","c","é"]`),
	listCase("end", "list({end}) stops before end, exclusive; "+docKV,
		`{"end":"b"}`, `["B","a","ab"]`, `["B","a","ab","b"]`),
	listCase("start-end", "list({start, end}) answers the keys in [start, end); "+docKV,
		`{"start":"a","end":"c"}`, `["a","ab","b"]`, `["a","ab","b","c"]`),
	listCase("start-after-end", "list({start, end}) with start after end answers nothing; "+docKV,
		`{"start":"c","end":"a"}`, `[]`, `["a","ab","b"]`),
	listCase("prefix", "list({prefix}) answers only the keys that begin with prefix; "+docKV,
		`{"prefix":"a"}`, `["a","ab"]`, `["a","ab","b"]`),
	listCase("prefix-start", "list({prefix, start}) answers the keys with the prefix from start on; "+docKV,
		`{"prefix":"a","start":"ab"}`, `["ab"]`, `["a","ab"]`),
	listCase("reverse", "list({reverse: true}) answers the keys in descending order; "+docKV,
		`{"reverse":true}`, `["é","c","b","ab","a","B"]`, `["B","a","ab","b","c","é"]`),
	listCase("limit", "list({limit}) answers at most limit keys, the first ones; "+docKV,
		`{"limit":2}`, `["B","a"]`, `["B","a","ab","b","c","é"]`),
	listCase("reverse-limit", "list({reverse, limit}) answers the last limit keys, descending; "+docKV,
		`{"reverse":true,"limit":2}`, `["é","c"]`, `["a","B"]`),
	listCase("end-reverse", "list({end, reverse}) answers the keys before end, descending; "+docKV,
		`{"end":"b","reverse":true}`, `["ab","a","B"]`, `["é","c","b"]`),
	listCase("prefix-reverse-limit", "list({prefix, reverse, limit}) combines the three; "+docKV,
		`{"prefix":"a","reverse":true,"limit":1}`, `["ab"]`, `["a"]`),
	listCase("limit-large", "list({limit}) larger than the number of keys answers them all; "+docKV,
		`{"limit":1000}`, `["B","a","ab","b","c","é"]`, `["B","a"]`),
	Case{
		Name:    "kv/list-empty",
		Fixture: storageFixt,
		Doc:     "list() of an object with no keys answers an empty Map; " + docKV,
		Steps:   []Request{stList(`{}`)},
		Check:   all(status(0, 200), body(0, `{"type":"Map","keys":[],"values":[]}`)),
		Wrong:   stObs(`{"type":"Object","keys":[],"values":[]}`),
	},
	errorCase("kv/list-limit-negative", "workerd: list({limit: -1}) throws a TypeError (the limit must be positive)",
		stList(`{"limit":-1}`), "TypeError", `{"type":"Map","keys":[],"values":[]}`),
	errorCase("kv/list-limit-zero", "workerd: list({limit: 0}) throws a TypeError (the limit must be positive)",
		stList(`{"limit":0}`), "TypeError", `{"type":"Map","keys":[],"values":[]}`),
	errorCase("kv/list-start-and-start-after", "workerd: list() with both start and startAfter throws a TypeError",
		stList(`{"start":"a","startAfter":"a"}`), "TypeError", `{"type":"Map","keys":[],"values":[]}`),

	// Limits.
	Case{
		Name:    "kv/limit-key-size",
		Fixture: storageFixt,
		Doc: "a key may be up to 2 KiB: put of a 2048-byte key succeeds (" + docKVLimits +
			"); workerd does not refuse a longer one, so that half may differ",
		Steps:     []Request{stScenario("kv-key-size")},
		Check:     all(status(0, 200), field(0, "at2048", `{"ok":`+undefinedVal+`}`)),
		Wrong:     stObs(`{"at2048":{"error":"RangeError","message":"key too large"},"at2049":{"error":"RangeError"}}`),
		MayDiffer: []string{"0.body.at2049"},
	},
	Case{
		Name:    "kv/limit-value-size",
		Fixture: storageFixt,
		Doc: "a value may be up to 128 KiB: a value just under it is stored and read back whole (" + docKVLimits +
			"); workerd does not refuse a larger one, so that half may differ",
		Steps:     []Request{stScenario("kv-value-size")},
		Check:     all(status(0, 200), field(0, "at128KiB", `{"ok":`+undefinedVal+`}`), field(0, "readBack", "131056")),
		Wrong:     stObs(`{"at128KiB":{"ok":` + undefinedVal + `},"readBack":65536,"over128KiB":{"error":"RangeError"}}`),
		MayDiffer: []string{"0.body.over128KiB"},
	},
	Case{
		Name:    "kv/limit-batch-128",
		Fixture: storageFixt,
		Doc: "get, put and delete take up to 128 keys at once (" + docKV +
			"); workerd does not refuse 129, so those may differ",
		Steps: []Request{stScenario("kv-batch-128")},
		Check: all(status(0, 200), field(0, "put128", `{"ok":`+undefinedVal+`}`),
			field(0, "get128", `{"ok":`+num("128")+`}`), field(0, "delete128", `{"ok":`+num("128")+`}`)),
		Wrong:     stObs(`{"put128":{"ok":` + undefinedVal + `},"get128":{"ok":` + num("127") + `},"delete128":{"ok":` + num("128") + `}}`),
		MayDiffer: []string{"0.body.put129", "0.body.get129", "0.body.delete129"},
	},
	Case{
		Name:    "kv/survives-restart",
		Fixture: storageFixt,
		Doc:     "stored keys are durable: after the runtime restarts, get and list answer them, values cloned as stored; " + docKV,
		Steps: []Request{
			stStep("putmany", listKeys),
			stPut(`"m"`, `{"type":"Map","entries":[[`+num("1")+`,{"type":"Date","value":5}]]}`),
			stStep("getmany", `{"keys":["a","m"]}`),
			stList(`{"prefix":"a"}`),
		},
		Between: map[int]Action{1: Restart},
		Check: all(body(0, putAnswer), body(1, putAnswer),
			field(2, "value", `{"type":"Map","entries":[[`+str(`"a"`)+`,`+num("1")+`],[`+str(`"m"`)+`,{"type":"Map","entries":[[`+num("1")+`,{"type":"Date","value":5}]]}]]}`),
			field(3, "keys", `["a","ab"]`)),
		Wrong: stObs(putAnswer, putAnswer, `{"value":{"type":"Map","entries":[]}}`, `{"keys":[]}`),
	},
)
