package conformance

import (
	"fmt"
	"strings"
)

// The rpc cases: Durable Object methods called through a stub (fixtures/rpc). The
// Worker describes each value it gets back as JSON that keeps what JSON cannot say
// ({"type":"Map","entries":[...]}; -0, NaN and Infinity as strings), and answers a
// thrown error as {"error": name, "message": ..., "isTypeError": ...}.

const (
	docRPC        = "https://developers.cloudflare.com/workers/runtime-apis/rpc/"
	docRPCErrors  = "https://developers.cloudflare.com/workers/runtime-apis/rpc/error-handling/"
	docRPCVisible = "https://developers.cloudflare.com/workers/runtime-apis/rpc/visibility/"
	docDORPC      = "https://developers.cloudflare.com/durable-objects/best-practices/create-durable-object-stubs-and-send-requests/"
)

// crpcGet is a GET of path.
func crpcGet(path string) Request { return Request{Method: "GET", Path: path} }

// crpcDo is a request of method to path with body.
func crpcDo(method, path, body string) Request {
	return Request{Method: method, Path: path, Body: body}
}

// crpcBodies is an observation of 200 responses with these JSON bodies: a wrong
// observation a case names.
func crpcBodies(bodies ...string) Observation {
	o := make(Observation, len(bodies))
	for i, b := range bodies {
		o[i] = Response{Status: 200, Body: decodeJSON(b)}
	}
	return o
}

// crpcValue is a value the rpc fixture sends and returns (its sample kind), how the
// Worker describes it, and a description a buggy runtime would give instead.
type crpcValue struct {
	kind, want, wrong, rule string
}

var crpcValues = []crpcValue{
	{"undefined", `{"type":"undefined"}`, `{"type":"null"}`, "undefined stays undefined, not null"},
	{"null", `{"type":"null"}`, `{"type":"undefined"}`, "null stays null"},
	{"negzero", `{"type":"number","value":"-0"}`, `{"type":"number","value":0}`, "-0 keeps its sign"},
	{"nan", `{"type":"number","value":"NaN"}`, `{"type":"null"}`, "NaN stays NaN (JSON would make it null)"},
	{"infinity", `{"type":"number","value":"-Infinity"}`, `{"type":"null"}`, "-Infinity stays -Infinity"},
	{"maxsafe", `{"type":"number","value":9007199254740991}`, `{"type":"number","value":9007199254740992}`, "Number.MAX_SAFE_INTEGER is exact"},
	{"float", `{"type":"number","value":0.30000000000000004}`, `{"type":"number","value":0.3}`, "a double keeps every bit"},
	{"bigint", `{"type":"bigint","value":"12345678901234567890123"}`, `{"type":"number","value":1.2345678901234568e22}`, "a BigInt stays a BigInt"},
	{"string", `{"type":"string","value":"héllo ✓ 𝄞 \u0000 end"}`, `{"type":"string","value":"héllo ✓ 𝄞  end"}`, "a string keeps non-ASCII, astral and NUL characters"},
	{"empty", `{"type":"string","value":""}`, `{"type":"null"}`, "the empty string stays a string"},
	{"true", `{"type":"boolean","value":true}`, `{"type":"string","value":"true"}`, "a boolean stays a boolean"},
	{"date", `{"type":"Date","value":"2024-02-29T12:34:56.789Z"}`, `{"type":"string","value":"2024-02-29T12:34:56.789Z"}`, "a Date stays a Date, to the millisecond"},
	{"map", `{"type":"Map","entries":[[{"type":"string","value":"a"},{"type":"number","value":1}],[{"type":"number","value":2},{"type":"string","value":"two"}],[{"type":"null"},{"type":"undefined"}]]}`, `{"type":"Object","fields":{}}`, "a Map stays a Map, with non-string keys, in insertion order"},
	{"set", `{"type":"Set","values":[{"type":"string","value":"x"},{"type":"number","value":1},{"type":"null"}]}`, `{"type":"Array","items":[{"type":"string","value":"x"},{"type":"number","value":1},{"type":"null"}]}`, "a Set stays a Set, in insertion order"},
	{"arraybuffer", `{"type":"ArrayBuffer","hex":"00017f80ff"}`, `{"type":"Object","fields":{}}`, "an ArrayBuffer keeps its bytes"},
	{"uint8array", `{"type":"Uint8Array","length":4,"hex":"deadbeef"}`, `{"type":"Object","fields":{"0":{"type":"number","value":222}}}`, "a Uint8Array stays a Uint8Array"},
	{"float64array", `{"type":"Float64Array","length":2,"hex":"000000000000f83f00000000000000c0"}`, `{"type":"Uint8Array","length":16,"hex":"000000000000f83f00000000000000c0"}`, "a Float64Array keeps its element type"},
	{"regexp", `{"type":"RegExp","source":"a+b","flags":"gi"}`, `{"type":"Object","fields":{}}`, "a RegExp keeps its source and flags"},
	{"array", `{"type":"Array","items":[{"type":"number","value":1},{"type":"string","value":"two"},{"type":"null"},{"type":"undefined"},{"type":"Array","items":[{"type":"number","value":3}]}]}`, `{"type":"Array","items":[{"type":"number","value":1},{"type":"string","value":"two"},{"type":"null"},{"type":"null"},{"type":"Array","items":[{"type":"number","value":3}]}]}`, "an array keeps undefined elements as undefined"},
	{"nested", `{"type":"Object","fields":{"a":{"type":"Object","fields":{"b":{"type":"Object","fields":{"c":{"type":"Array","items":[{"type":"Map","entries":[[{"type":"string","value":"k"},{"type":"Set","values":[{"type":"number","value":1}]}]]},{"type":"Date","value":"1970-01-01T00:00:00.000Z"}]}}}}},"u":{"type":"undefined"},"n":{"type":"null"}}}`, `{"type":"Object","fields":{"a":{"type":"Object","fields":{"b":{"type":"Object","fields":{"c":{"type":"Array","items":[{"type":"Map","entries":[[{"type":"string","value":"k"},{"type":"Set","values":[{"type":"number","value":1}]}]]},{"type":"Date","value":"1970-01-01T00:00:00.000Z"}]}}}}},"n":{"type":"null"}}}`, "nested objects keep Maps, Sets and Dates at depth, and a field holding undefined"},
	{"error", `{"type":"Error","name":"RangeError","message":"out of range","isError":true}`, `{"type":"Error","name":"Error","message":"out of range","isError":true}`, "an Error value keeps its class and message"},
}

// crpcBoth are the kinds also checked one way only: as the argument the object sees
// and as the result the Worker gets.
var crpcBoth = []string{"undefined", "negzero", "bigint", "date", "map", "set", "arraybuffer", "uint8array", "nested"}

func crpcValueCases() []Case {
	var cs []Case
	byKind := map[string]crpcValue{}
	for _, v := range crpcValues {
		byKind[v.kind] = v
		cs = append(cs, Case{
			Name:    "rpc/roundtrip-" + v.kind,
			Fixture: "rpc",
			Doc:     "An RPC argument and result cross by structured clone: " + v.rule + ". " + docRPC,
			Steps:   []Request{crpcGet("/echo/{obj}?v=" + v.kind)},
			Check:   body(0, `{"value":`+v.want+`}`),
			Wrong:   crpcBodies(`{"value":` + v.wrong + `}`),
		})
	}
	for _, k := range crpcBoth {
		v := byKind[k]
		cs = append(cs,
			Case{
				Name:    "rpc/argument-" + k,
				Fixture: "rpc",
				Doc:     "The object's method receives its argument by structured clone: " + v.rule + ". " + docRPC,
				Steps:   []Request{crpcGet("/seen/{obj}?v=" + k)},
				Check:   body(0, `{"value":`+v.want+`}`),
				Wrong:   crpcBodies(`{"value":` + v.wrong + `}`),
			},
			Case{
				Name:    "rpc/result-" + k,
				Fixture: "rpc",
				Doc:     "The caller receives the method's result by structured clone: " + v.rule + ". " + docRPC,
				Steps:   []Request{crpcGet("/make/{obj}?v=" + k)},
				Check:   body(0, `{"value":`+v.want+`}`),
				Wrong:   crpcBodies(`{"value":` + v.wrong + `}`),
			})
	}
	return cs
}

// crpcThrown checks that response 0 answers a caught error named name whose message
// contains message.
func crpcThrown(name, message string) func(Observation) error {
	return all(status(0, 200), field(0, "error", fmt.Sprintf("%q", name)), func(o Observation) error {
		m, _ := lookup(o[0].Body, "message")
		if s, ok := m.(string); !ok || !strings.Contains(s, message) {
			return fmt.Errorf("message %v, want one containing %q", short(m), message)
		}
		return nil
	})
}

var _ = register(crpcValueCases()...)

var _ = register(
	Case{
		Name:    "rpc/arguments-keep-position",
		Fixture: "rpc",
		Doc:     "A method gets each argument in place, an undefined one included (args(1, undefined, \"x\") sees three). " + docRPC,
		Steps:   []Request{crpcGet("/args/{obj}")},
		Check:   body(0, `{"count":3,"items":[{"type":"number","value":1},{"type":"undefined"},{"type":"string","value":"x"}]}`),
		Wrong:   crpcBodies(`{"count":3,"items":[{"type":"number","value":1},{"type":"null"},{"type":"string","value":"x"}]}`),
	},
	Case{
		Name:    "rpc/no-arguments",
		Fixture: "rpc",
		Doc:     "A method called with no arguments sees none. " + docRPC,
		Steps:   []Request{crpcGet("/noargs/{obj}")},
		Check:   body(0, `{"count":0,"items":[]}`),
		Wrong:   crpcBodies(`{"count":1,"items":[{"type":"undefined"}]}`),
	},
	Case{
		Name:    "rpc/method-result",
		Fixture: "rpc",
		Doc:     "stub.add(2, 3) runs the object's public method and resolves to its result. " + docDORPC,
		Steps:   []Request{crpcGet("/add/{obj}")},
		Check:   body(0, `{"value":5}`),
		Wrong:   crpcBodies(`{"value":"23"}`),
	},
	Case{
		Name:    "rpc/async-method",
		Fixture: "rpc",
		Doc:     "An async method's promise is awaited for the caller: it gets the resolved value, not a promise. " + docRPC,
		Steps:   []Request{crpcGet("/async/{obj}")},
		Check:   body(0, `{"value":42}`),
		Wrong:   crpcBodies(`{"value":{}}`),
	},
	Case{
		Name:    "rpc/error-typeerror",
		Fixture: "rpc",
		Doc:     "A TypeError thrown by a method rejects the caller's promise with a TypeError of the same message. " + docRPCErrors,
		Steps:   []Request{crpcGet("/fail/{obj}?v=typeerror")},
		Check:   body(0, `{"error":"TypeError","message":"bad type","isError":true,"isTypeError":true,"isRangeError":false}`),
		Wrong:   crpcBodies(`{"error":"Error","message":"bad type","isError":true,"isTypeError":false,"isRangeError":false}`),
	},
	Case{
		Name:    "rpc/error-rangeerror",
		Fixture: "rpc",
		Doc:     "A RangeError thrown by a method arrives as a RangeError with its message. " + docRPCErrors,
		Steps:   []Request{crpcGet("/fail/{obj}?v=rangeerror")},
		Check:   body(0, `{"error":"RangeError","message":"bad range","isError":true,"isTypeError":false,"isRangeError":true}`),
		Wrong:   crpcBodies(`{"error":"Error","message":"RangeError: bad range","isError":true,"isTypeError":false,"isRangeError":false}`),
	},
	Case{
		Name:    "rpc/error-plain",
		Fixture: "rpc",
		Doc:     "An Error thrown by a method arrives as an Error with its message. " + docRPCErrors,
		Steps:   []Request{crpcGet("/fail/{obj}?v=error")},
		Check:   body(0, `{"error":"Error","message":"plain failure","isError":true,"isTypeError":false,"isRangeError":false}`),
		Wrong:   crpcBodies(`{"value":{"type":"undefined"}}`),
	},
	Case{
		Name:    "rpc/error-custom-subclass",
		Fixture: "rpc",
		Doc:     "Only the standard Error types keep their name: a custom subclass thrown by a method arrives as an Error whose message still says what failed. " + docRPCErrors,
		Steps:   []Request{crpcGet("/fail/{obj}?v=custom")},
		Check:   all(crpcThrown("Error", "custom failure"), field(0, "isError", "true")),
		Wrong:   crpcBodies(`{"error":"CustomError","message":"custom failure","isError":true,"isTypeError":false,"isRangeError":false}`),
		// workerd prefixes the subclass's name ("CustomError: custom failure").
		MayDiffer: []string{"0.body.message"},
	},
	Case{
		Name:    "rpc/error-async",
		Fixture: "rpc",
		Doc:     "A rejection of an async method reaches the caller as the same error class and message. " + docRPCErrors,
		Steps:   []Request{crpcGet("/fail-later/{obj}")},
		Check:   body(0, `{"error":"TypeError","message":"async failure","isError":true,"isTypeError":true,"isRangeError":false}`),
		Wrong:   crpcBodies(`{"error":"Error","message":"async failure","isError":true,"isTypeError":false,"isRangeError":false}`),
	},
	Case{
		Name:      "rpc/missing-method",
		Fixture:   "rpc",
		Doc:       "workerd: calling a method the object does not define rejects with a TypeError (\"The RPC receiver does not implement the method\"), it does not resolve to undefined.",
		Steps:     []Request{crpcGet("/missing/{obj}")},
		Check:     all(crpcThrown("TypeError", "noSuchMethod"), field(0, "isTypeError", "true")),
		Wrong:     crpcBodies(`{"value":{"type":"undefined"}}`),
		MayDiffer: []string{"0.body.message"},
	},
	Case{
		Name:      "rpc/private-method-hidden",
		Fixture:   "rpc",
		Doc:       "Private (#) members of a class are not exposed over RPC: calling stub.secret() for a #secret method rejects with a TypeError. " + docRPCVisible,
		Steps:     []Request{crpcGet("/private/{obj}")},
		Check:     all(field(0, "error", `"TypeError"`), field(0, "isTypeError", "true")),
		Wrong:     crpcBodies(`{"value":{"type":"string","value":"private"}}`),
		MayDiffer: []string{"0.body.message"},
	},
	Case{
		Name:    "rpc/private-method-used-inside",
		Fixture: "rpc",
		Doc:     "A public method may use the class's private (#) members: only the caller cannot reach them. " + docRPCVisible,
		Steps:   []Request{crpcGet("/private-via-public/{obj}")},
		Check:   body(0, `{"value":{"type":"string","value":"private"}}`),
		Wrong:   crpcBodies(`{"error":"TypeError","message":"private","isError":true,"isTypeError":true,"isRangeError":false}`),
	},
	Case{
		Name:    "rpc/underscore-method-public",
		Fixture: "rpc",
		Doc:     "workerd: a method whose name starts with _ is an ordinary public method over RPC (only # members are private).",
		Steps:   []Request{crpcGet("/underscore/{obj}")},
		Check:   body(0, `{"value":{"type":"string","value":"underscored"}}`),
		Wrong:   crpcBodies(`{"error":"TypeError","message":"The RPC receiver does not implement the method \"_underscored\".","isError":true,"isTypeError":true,"isRangeError":false}`),
	},
	Case{
		Name:      "rpc/instance-property-hidden",
		Fixture:   "rpc",
		Doc:       "Instance properties (set in the constructor) are not exposed over RPC, only what the class declares: awaiting stub.instanceField rejects. " + docRPCVisible,
		Steps:     []Request{crpcGet("/instance-field/{obj}")},
		Check:     field(0, "error", `"TypeError"`),
		Wrong:     crpcBodies(`{"value":{"type":"string","value":"instance field"}}`),
		MayDiffer: []string{"0.body.message"},
	},
	Case{
		Name:    "rpc/getter-property",
		Fixture: "rpc",
		Doc:     "A getter declared on the class is a property the caller reads by awaiting stub.greeting. " + docRPCVisible,
		Steps:   []Request{crpcGet("/getter/{obj}")},
		Check:   body(0, `{"value":{"type":"string","value":"hello from a getter"}}`),
		Wrong:   crpcBodies(`{"value":{"type":"undefined"}}`),
	},
	Case{
		Name:    "rpc/property-is-promise",
		Fixture: "rpc",
		Doc:     "A property read through a stub is a promise (it has then), not the value itself. " + docRPC,
		Steps:   []Request{crpcGet("/property-is-thenable/{obj}")},
		Check:   body(0, `{"type":"function"}`),
		Wrong:   crpcBodies(`{"type":"undefined"}`),
	},
	Case{
		Name:    "rpc/rpctarget-returned",
		Fixture: "rpc",
		Doc:     "A method may return an RpcTarget: the caller gets a stub whose methods and getters act on that one instance, and whose instance properties stay hidden. " + docRPC,
		Steps:   []Request{crpcGet("/target/{obj}")},
		Check: all(field(0, "a", "7"), field(0, "b", "10"), field(0, "value", "10"),
			field(0, "visible.error", `"TypeError"`)),
		Wrong:     crpcBodies(`{"a":7,"b":8,"value":5,"visible":{"value":{"type":"string","value":"instance property"}}}`),
		MayDiffer: []string{"0.body.visible.message"},
	},
	Case{
		Name:    "rpc/promise-pipelining",
		Fixture: "rpc",
		Doc:     "A method can be called on the promise of an RpcTarget not yet awaited (promise pipelining): stub.counter(40).add(2) is 42. " + docRPC,
		Steps:   []Request{crpcGet("/pipeline/{obj}")},
		Check:   body(0, `{"value":42}`),
		Wrong:   crpcBodies(`{"value":2}`),
	},
	Case{
		Name:    "rpc/function-argument",
		Fixture: "rpc",
		Doc:     "A function passed as an argument arrives as a stub the object can call back: callBack(x => x * 2, 21) is 42. " + docRPC,
		Steps:   []Request{crpcGet("/callback/{obj}")},
		Check:   body(0, `{"value":{"type":"number","value":42}}`),
		Wrong:   crpcBodies(`{"error":"DataCloneError","message":"could not clone a function","isError":true,"isTypeError":false,"isRangeError":false}`),
	},
	Case{
		Name:    "rpc/rpctarget-argument",
		Fixture: "rpc",
		Doc:     "An RpcTarget passed as an argument arrives as a stub: the object's calls run on the caller's instance (10 + 1 = 11, then 12: 23). " + docRPC,
		Steps:   []Request{crpcGet("/target-argument/{obj}")},
		Check:   body(0, `{"value":23}`),
		Wrong:   crpcBodies(`{"value":22}`),
	},
	Case{
		Name:    "rpc/e-order",
		Fixture: "rpc",
		Doc:     "Calls made on one stub are delivered in the order they were made (E-order), even when none is awaited before the next. " + docStub,
		Steps:   []Request{crpcGet("/e-order/{obj}")},
		Check:   body(0, `{"results":["a","ab","abc"]}`),
		Wrong:   crpcBodies(`{"results":["a","ac","acb"]}`),
	},
	Case{
		Name:    "rpc/large-argument",
		Fixture: "rpc",
		Doc:     "A 1 MiB string argument arrives whole. " + docRPC,
		Steps:   []Request{crpcGet("/large-argument/{obj}")},
		Check:   body(0, `{"value":1048576}`),
		Wrong:   crpcBodies(`{"value":65536}`),
	},
	Case{
		Name:    "rpc/readable-stream-result",
		Fixture: "rpc",
		Doc:     "A method may return a ReadableStream: the caller gets a ReadableStream that reads the bytes the object wrote. " + docRPC,
		Steps:   []Request{crpcGet("/stream/{obj}")},
		Check:   body(0, `{"isStream":true,"text":"streamed over RPC"}`),
		Wrong:   crpcBodies(`{"isStream":false,"text":"[object Object]"}`),
	},
	Case{
		Name:    "rpc/response-result",
		Fixture: "rpc",
		Doc:     "A method may return a Response: the caller gets a Response with its status, headers and body. " + docRPC,
		Steps:   []Request{crpcGet("/response/{obj}")},
		Check:   body(0, `{"isResponse":true,"status":201,"from":"object","text":"a response over RPC"}`),
		Wrong:   crpcBodies(`{"isResponse":false,"status":null,"from":null,"text":"{}"}`),
	},
	Case{
		Name:    "rpc/fetch-and-rpc-share-state",
		Fixture: "rpc",
		Doc:     "fetch() and RPC methods on one stub reach the same instance and storage: two increments over fetch and one over RPC count 3. " + docDORPC,
		Steps: []Request{crpcGet("/fetch-increment/{obj}"), crpcGet("/fetch-increment/{obj}"),
			crpcGet("/rpc-increment/{obj}"), crpcGet("/rpc-count/{obj}")},
		Check: all(body(0, `{"value":1}`), body(1, `{"value":2}`), body(2, `{"value":3}`), body(3, `{"value":3}`)),
		Wrong: crpcBodies(`{"value":1}`, `{"value":2}`, `{"value":1}`, `{"value":1}`),
	},
	Case{
		Name:    "rpc/state-kept-between-calls",
		Fixture: "rpc",
		Doc:     "Each call through a stub from the same name reaches the same object: what one call stores, the next reads. " + docDORPC,
		Steps:   []Request{crpcGet("/rpc-increment/{obj}"), crpcGet("/rpc-increment/{obj}"), crpcGet("/rpc-count/{obj}")},
		Check:   all(body(0, `{"value":1}`), body(1, `{"value":2}`), body(2, `{"value":2}`)),
		Wrong:   crpcBodies(`{"value":1}`, `{"value":1}`, `{"value":0}`),
	},
	Case{
		Name:    "rpc/object-calls-object",
		Fixture: "rpc",
		Doc:     "An object can call another object of its namespace through env (a stub from idFromName); the other keeps its own state, and the caller's stays its own. " + docDORPC,
		Steps: []Request{crpcGet("/call-peer/{obj}"), crpcGet("/call-peer/{obj}"),
			crpcGet("/peer-count/{obj}"), crpcGet("/rpc-count/{obj}")},
		Check: all(body(0, `{"value":10}`), body(1, `{"value":20}`), body(2, `{"value":20}`), body(3, `{"value":0}`)),
		Wrong: crpcBodies(`{"value":10}`, `{"value":20}`, `{"value":0}`, `{"value":20}`),
	},
	Case{
		Name:    "rpc/stub-fetch-forwards",
		Fixture: "rpc",
		Doc:     "stub.fetch(request) hands the Worker's request to the object's fetch handler, which sees its path. " + docDORPC,
		Steps:   []Request{crpcGet("/stub-fetch-other/{obj}")},
		Check:   body(0, `{"via":"fetch","op":"stub-fetch-other"}`),
		Wrong:   crpcBodies(`{"error":"no such op","op":"stub-fetch-other"}`),
	},
)
