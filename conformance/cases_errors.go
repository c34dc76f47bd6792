package conformance

import "strconv"

// The errors cases: exceptions in a Worker and in a Durable Object as the client and
// the calling Worker see them, and limits Cloudflare documents that workerd enforces
// (fixtures/errors). What the Worker catches it answers as {"error": e.name,
// "message": ..., "isError": ..., "remote": e.remote === true}.

const (
	docDOErrors   = "https://developers.cloudflare.com/durable-objects/best-practices/error-handling/"
	docWorkerErrs = "https://developers.cloudflare.com/workers/observability/errors/"
	docDOLimits   = "https://developers.cloudflare.com/durable-objects/platform/limits/"
)

// cerrors500 is a case that the client of route op gets a 500: an exception no code
// caught. The body is the runtime's own page.
func cerrors500(name, op, rule string) Case {
	return Case{
		Name:      "errors/" + name,
		Fixture:   "errors",
		Doc:       rule + " " + docWorkerErrs,
		Steps:     []Request{crpcGet("/" + op + "/{obj}")},
		Check:     status(0, 500),
		Wrong:     Observation{{Status: 200, Body: ""}},
		MayDiffer: []string{"0.body"},
	}
}

// cerrorsLimit is a case that a limit admits size and refuses size+1 with an Error.
func cerrorsLimit(name, op string, size int, what string) Case {
	ok, over := strconv.Itoa(size), strconv.Itoa(size+1)
	return Case{
		Name:    "errors/" + name,
		Fixture: "errors",
		Doc:     "The documented limit of " + what + " (" + ok + ") holds: " + ok + " works, " + over + " throws an Error. " + docDOLimits,
		Steps:   []Request{crpcGet("/" + op + "/{obj}?size=" + ok), crpcGet("/" + op + "/{obj}?size=" + over)},
		Check: all(body(0, `{"value":`+ok+`}`), field(1, "error", `"Error"`), field(1, "isError", "true"),
			field(1, "remote", "true")),
		Wrong:     crpcBodies(`{"value":`+ok+`}`, `{"value":`+over+`}`),
		MayDiffer: []string{"1.body.message"},
	}
}

var _ = register(
	cerrors500("worker-throws-500", "worker-throws", "An exception the Worker's fetch throws and does not catch answers the client with a 500."),
	cerrors500("worker-rejects-500", "worker-rejects", "A Worker's fetch whose promise rejects after an await answers the client with a 500."),
	cerrors500("worker-not-response-500", "worker-not-response", "A Worker's fetch that resolves to something other than a Response answers the client with a 500."),
	cerrors500("object-fetch-throws-500", "fetch-throws", "An exception the object's fetch throws propagates to the Worker that forwarded the request; uncaught there too, the client gets a 500."),
	cerrors500("rpc-uncaught-500", "rpc-uncaught", "An exception an RPC method throws, not caught by the calling Worker, answers the client with a 500."),
	Case{
		Name:    "errors/object-fetch-throw-caught",
		Fixture: "errors",
		Doc:     "An exception thrown in the object's fetch rejects the Worker's stub.fetch with the same class and message, and remote set to true (thrown by the object's code). " + docDOErrors,
		Steps:   []Request{crpcGet("/fetch-throws-caught/{obj}")},
		Check:   body(0, `{"error":"Error","message":"thrown in the object's fetch","isError":true,"remote":true}`),
		Wrong:   crpcBodies(`{"value":500}`),
	},
	Case{
		Name:    "errors/object-fetch-rejects",
		Fixture: "errors",
		Doc:     "A rejection of the object's fetch after an await reaches the Worker as the same class (RangeError) and message, remote true. " + docDOErrors,
		Steps:   []Request{crpcGet("/fetch-rejects/{obj}")},
		Check:   body(0, `{"error":"RangeError","message":"rejected after an await","isError":true,"remote":true}`),
		Wrong:   crpcBodies(`{"error":"Error","message":"rejected after an await","isError":true,"remote":false}`),
	},
	Case{
		Name:      "errors/object-fetch-not-response",
		Fixture:   "errors",
		Doc:       "workerd: an object's fetch that returns something other than a Response rejects the caller's stub.fetch with a TypeError.",
		Steps:     []Request{crpcGet("/fetch-not-response/{obj}")},
		Check:     all(field(0, "error", `"TypeError"`), field(0, "isError", "true")),
		Wrong:     crpcBodies(`{"value":200}`),
		MayDiffer: []string{"0.body.message"},
	},
	Case{
		Name:    "errors/rpc-throw-typeerror",
		Fixture: "errors",
		Doc:     "A TypeError thrown by an RPC method rejects the Worker's call with a TypeError of the same message, remote true. " + docDOErrors,
		Steps:   []Request{crpcGet("/rpc-throws/{obj}?kind=type")},
		Check:   body(0, `{"error":"TypeError","message":"rpc type failure","isError":true,"remote":true}`),
		Wrong:   crpcBodies(`{"error":"Error","message":"Internal error","isError":true,"remote":false}`),
	},
	Case{
		Name:    "errors/rpc-throw-error",
		Fixture: "errors",
		Doc:     "An Error thrown by an RPC method rejects the Worker's call with its message, remote true. " + docDOErrors,
		Steps:   []Request{crpcGet("/rpc-throws/{obj}")},
		Check:   body(0, `{"error":"Error","message":"rpc failure","isError":true,"remote":true}`),
		Wrong:   crpcBodies(`{"error":"Error","message":"rpc failure","isError":true,"remote":false}`),
	},
	Case{
		Name:    "errors/object-survives-throw",
		Fixture: "errors",
		Doc:     "A method that throws leaves the object's stored state as it was: the next call reads what was stored before. " + docDOErrors,
		Steps:   []Request{crpcGet("/put/{obj}?v=1"), crpcGet("/rpc-throws/{obj}"), crpcGet("/get/{obj}")},
		Check:   all(body(0, `{"value":"1"}`), field(1, "error", `"Error"`), body(2, `{"value":"1"}`)),
		Wrong:   crpcBodies(`{"value":"1"}`, `{"error":"Error","message":"rpc failure","isError":true,"remote":true}`, `{"value":null}`),
	},
	Case{
		Name:    "errors/write-before-throw-kept",
		Fixture: "errors",
		Doc:     "workerd: a storage.put a method awaited before it throws is not rolled back (only a transaction rolls back): the next call reads it.",
		Steps:   []Request{crpcGet("/put/{obj}?v=1"), crpcGet("/put-then-throw/{obj}?v=2"), crpcGet("/get/{obj}")},
		Check:   all(field(1, "error", `"Error"`), field(1, "message", `"after the write"`), body(2, `{"value":"2"}`)),
		Wrong:   crpcBodies(`{"value":"1"}`, `{"error":"Error","message":"after the write","isError":true,"remote":true}`, `{"value":"1"}`),
	},
	Case{
		Name:    "errors/stack-overflow-caught",
		Fixture: "errors",
		Doc:     "workerd: recursion without end throws a RangeError, \"Maximum call stack size exceeded\", that the method catches; the object goes on, its stored state as it was.",
		Steps:   []Request{crpcGet("/put/{obj}?v=1"), crpcGet("/overflow/{obj}"), crpcGet("/get/{obj}")},
		Check: all(body(0, `{"value":"1"}`), body(1, `{"value":{"error":"RangeError","message":"Maximum call stack size exceeded","isRangeError":true,"deep":true,"stackHead":"RangeError: Maximum call stack size exceeded"}}`),
			body(2, `{"value":"1"}`)),
		Wrong: crpcBodies(`{"value":"1"}`, `{"error":"SobjectsError","message":"plugin trapped: stack overflow (recursion too deep)","isError":true,"remote":false}`, `{"value":"1"}`),
	},
	Case{
		Name:    "errors/stack-overflow-uncaught",
		Fixture: "errors",
		Doc:     "workerd: a RangeError of recursion without end that the method does not catch rejects the caller's call with it (remote true) and fails that call only: the object's next call reads its stored state.",
		Steps:   []Request{crpcGet("/put/{obj}?v=1"), crpcGet("/overflow-uncaught/{obj}"), crpcGet("/get/{obj}")},
		Check:   all(field(1, "error", `"RangeError"`), field(1, "message", `"Maximum call stack size exceeded"`), field(1, "remote", "true"), body(2, `{"value":"1"}`)),
		Wrong:   crpcBodies(`{"value":"1"}`, `{"error":"Error","message":"Internal error","isError":true,"remote":false}`, `{"value":null}`),
	},
	Case{
		Name:    "errors/stack-names-source-line",
		Fixture: "errors",
		Doc:     "workerd: err.stack starts with \"Name: message\" and its first frame names the module's own file and the line the error was thrown on (worker.js line 113), not a place in a bundle.",
		Steps:   []Request{crpcGet("/stack-place/{obj}")},
		Check:   body(0, `{"value":{"head":"Error: here","file":"worker.js","line":113}}`),
		Wrong:   crpcBodies(`{"value":{"head":"Error: here","file":"ErrorsObject.js","line":131}}`),
	},
	cerrorsLimit("sql-bound-parameters-limit", "sql-params", 100, "bound parameters per SQL query"),
	cerrorsLimit("sql-statement-length-limit", "sql-length", 100000, "an SQL statement's length in bytes (100 KB)"),
	cerrorsLimit("sql-columns-limit", "sql-columns", 100, "columns per table"),
	Case{
		Name:      "errors/rpc-result-not-clonable",
		Fixture:   "errors",
		Doc:       "A method result that is an instance of a class not extending RpcTarget cannot be serialized: the call rejects with a DataCloneError. " + docRPC,
		Steps:     []Request{crpcGet("/not-clonable/{obj}")},
		Check:     all(field(0, "error", `"DataCloneError"`), field(0, "isError", "true")),
		Wrong:     crpcBodies(`{"value":{"x":1}}`),
		MayDiffer: []string{"0.body.message"},
	},
	Case{
		Name:      "errors/rpc-result-symbol",
		Fixture:   "errors",
		Doc:       "A Symbol is not structured-cloneable: a method returning one rejects with a DataCloneError. " + docRPC,
		Steps:     []Request{crpcGet("/symbol/{obj}")},
		Check:     all(field(0, "error", `"DataCloneError"`), field(0, "isError", "true")),
		Wrong:     crpcBodies(`{"value":null}`),
		MayDiffer: []string{"0.body.message"},
	},
	Case{
		Name:      "errors/rpc-argument-not-clonable",
		Fixture:   "errors",
		Doc:       "An argument that is an instance of a class not extending RpcTarget cannot be serialized: the call rejects in the caller with a DataCloneError (remote false: the object never ran). " + docRPC,
		Steps:     []Request{crpcGet("/bad-argument/{obj}"), crpcGet("/get/{obj}")},
		Check:     all(field(0, "error", `"DataCloneError"`), field(0, "remote", "false"), body(1, `{"value":null}`)),
		Wrong:     crpcBodies(`{"value":{"x":1}}`, `{"value":{"x":1}}`),
		MayDiffer: []string{"0.body.message"},
	},
)
