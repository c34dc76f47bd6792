package conformance

// Cases of the gates area: input gates (no event is delivered to an object while it
// awaits its storage, or while blockConcurrencyWhile runs), output gates (an answer
// leaves only once the writes before it are durable), storage.sync(), and writes that
// a crash right after their answer keeps.

const (
	gatesStorageDoc  = "https://developers.cloudflare.com/durable-objects/api/sqlite-storage-api/"
	gatesStateDoc    = "https://developers.cloudflare.com/durable-objects/api/state/"
	gatesRulesDoc    = "https://developers.cloudflare.com/durable-objects/best-practices/rules-of-durable-objects/"
	gatesGlossaryDoc = "https://developers.cloudflare.com/durable-objects/reference/glossary/"
	gatesOneToTwenty = `[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]`
)

var _ = register(
	Case{
		Name:    "gates/concurrent-rmw-rpc",
		Fixture: "gates",
		Doc:     "input gates: while an object awaits its storage no other event is delivered, so 20 concurrent RPC calls that read, await and write a counter give 20 distinct results: " + gatesGlossaryDoc,
		Steps:   []Request{asyncGet("/rmw-rpc/{obj}")},
		Check:   all(status(0, 200), body(0, `{"distinct":20,"sorted":`+gatesOneToTwenty+`,"count":20}`)),
		Wrong:   asyncReplies(`{"distinct":1,"sorted":[1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1],"count":1}`),
	},
	Case{
		Name:    "gates/concurrent-rmw-fetch",
		Fixture: "gates",
		Doc:     "input gates hold for fetch events too: 20 concurrent stub.fetch calls that read, await and write a counter give 20 distinct results: " + gatesGlossaryDoc,
		Steps:   []Request{asyncGet("/rmw-fetch/{obj}")},
		Check:   all(status(0, 200), body(0, `{"distinct":20,"sorted":`+gatesOneToTwenty+`,"count":20}`)),
		Wrong:   asyncReplies(`{"distinct":2,"sorted":[1,1,1,1,1,1,1,1,1,1,2,2,2,2,2,2,2,2,2,2],"count":2}`),
	},
	Case{
		Name:    "gates/block-concurrency-in-constructor",
		Fixture: "gates",
		Doc:     "blockConcurrencyWhile in the constructor: no request is delivered until its callback has finished, so 20 concurrent first calls all see the state it set up: " + gatesStateDoc,
		Steps:   []Request{asyncGet("/started/{obj}")},
		Check:   all(status(0, 200), body(0, `{"ready":20,"of":20}`)),
		Wrong:   asyncReplies(`{"ready":0,"of":20}`),
	},
	Case{
		Name:    "gates/block-concurrency-across-timer",
		Fixture: "gates",
		Doc:     "blockConcurrencyWhile holds every other event for as long as its callback's promise is pending, a timer included: " + gatesStateDoc,
		Steps:   []Request{asyncGet("/started-slowly/{obj}")},
		Check:   all(status(0, 200), body(0, `{"ready":20,"of":20}`)),
		Wrong:   asyncReplies(`{"ready":19,"of":20}`),
	},
	Case{
		Name:    "gates/block-concurrency-in-method",
		Fixture: "gates",
		Doc:     "blockConcurrencyWhile called by a method: a call that arrives meanwhile runs only after the callback is done: " + gatesStateDoc,
		Steps:   []Request{asyncGet("/block-method/{obj}")},
		Check:   all(status(0, 200), body(0, `{"log":["a-start","a-end","b"]}`)),
		Wrong:   asyncReplies(`{"log":["a-start","b","a-end"]}`),
	},
	Case{
		Name:    "gates/timer-opens-input-gate",
		Fixture: "gates",
		Doc:     "input gates close only during storage operations: while a method awaits a timer another call to the object runs: " + gatesRulesDoc,
		Steps:   []Request{asyncGet("/open-gate/{obj}")},
		Check:   all(status(0, 200), body(0, `{"log":["a-start","b","a-end"]}`)),
		Wrong:   asyncReplies(`{"log":["a-start","a-end","b"]}`),
	},
	Case{
		Name:    "gates/block-concurrency-returns-value",
		Fixture: "gates",
		Doc:     "blockConcurrencyWhile returns a promise of what its callback returned: " + gatesStateDoc,
		Steps:   []Request{asyncGet("/block-value/{obj}")},
		Check:   all(status(0, 200), body(0, `{"answer":42}`)),
		Wrong:   asyncReplies(`{}`),
	},
	Case{
		Name:    "gates/block-concurrency-throw-resets",
		Fixture: "gates",
		Doc:     "if the callback of blockConcurrencyWhile throws, the object is terminated and reset: the call fails and its in-memory state starts over: " + gatesStateDoc,
		Steps: []Request{
			asyncGet("/in-memory/{obj}"), asyncGet("/in-memory/{obj}"),
			asyncGet("/block-throws/{obj}"), asyncGet("/in-memory/{obj}"),
		},
		Check: all(body(0, `{"n":1}`), body(1, `{"n":2}`), body(2, `{"threw":true}`), body(3, `{"n":1}`)),
		Wrong: asyncReplies(`{"n":1}`, `{"n":2}`, `{"threw":true}`, `{"n":3}`),
	},
	Case{
		Name:    "gates/sync",
		Fixture: "gates",
		Doc:     "storage.sync() resolves (to undefined) once the writes before it are durable: " + gatesStorageDoc,
		Steps:   []Request{asyncGet("/sync/{obj}")},
		Check:   all(status(0, 200), body(0, `{"result":"undefined","k":"synced"}`)),
		Wrong:   asyncReplies(`{"error":"TypeError"}`),
	},
	Case{
		Name:    "gates/unawaited-writes-coalesce",
		Fixture: "gates",
		Doc:     "writes need not be awaited: a get after unawaited put and delete of the same key sees the last of them: " + gatesStorageDoc,
		Steps:   []Request{asyncGet("/coalesce/{obj}")},
		Check:   all(status(0, 200), body(0, `{"seen":2,"gone":"undefined"}`)),
		Wrong:   asyncReplies(`{"seen":1,"gone":2}`),
	},
	Case{
		Name:    "gates/write-visible-to-next-request",
		Fixture: "gates",
		Doc:     "a write the previous request did not await is seen by the next request: " + gatesStorageDoc,
		Steps:   []Request{asyncGet("/put-unawaited/{obj}?v=1"), asyncGet("/read/{obj}")},
		Check:   all(body(0, `{"ok":true}`), body(1, `{"k":"written 1","row":null}`)),
		Wrong:   asyncReplies(`{"ok":true}`, `{"k":null,"row":null}`),
	},
	Case{
		Name:    "gates/unawaited-put-survives-kill9",
		Fixture: "gates",
		Doc:     "output gates: an answer leaves only once the writes before it are durable, awaited or not, so a crash right after it keeps the write: " + gatesGlossaryDoc,
		Steps:   []Request{asyncGet("/put-unawaited/{obj}?v=2"), asyncGet("/read/{obj}")},
		Between: map[int]Action{0: Kill9},
		Check:   all(body(0, `{"ok":true}`), body(1, `{"k":"written 2","row":null}`)),
		Wrong:   asyncReplies(`{"ok":true}`, `{"k":null,"row":null}`),
	},
	Case{
		Name:    "gates/awaited-put-survives-kill9",
		Fixture: "gates",
		Doc:     "an awaited put, once answered, is durable: a crash right after the answer keeps it: " + gatesStorageDoc,
		Steps:   []Request{asyncGet("/put-awaited/{obj}?v=3"), asyncGet("/read/{obj}")},
		Between: map[int]Action{0: Kill9},
		Check:   all(body(0, `{"ok":true}`), body(1, `{"k":"written 3","row":null}`)),
		Wrong:   asyncReplies(`{"ok":true}`, `{"k":null,"row":null}`),
	},
	Case{
		Name:    "gates/sql-write-survives-kill9",
		Fixture: "gates",
		Doc:     "output gates cover SQL writes too: a row inserted before the answer survives a crash right after it: " + gatesGlossaryDoc,
		Steps:   []Request{asyncGet("/sql-insert/{obj}?v=4"), asyncGet("/read/{obj}")},
		Between: map[int]Action{0: Kill9},
		Check:   all(body(0, `{"ok":true}`), body(1, `{"k":null,"row":"row 4"}`)),
		Wrong:   asyncReplies(`{"ok":true}`, `{"k":null,"row":null}`),
	},
)
