package conformance

// The rpcstubs cases: RpcTargets and functions that cross a Durable Object's RPC call as
// stubs (fixtures/rpcstubs), beyond the rpc cases' returned target, pipelining and
// callbacks.

const docRPCLifecycle = "https://developers.cloudflare.com/workers/runtime-apis/rpc/lifecycle/"

var _ = register(
	Case{
		Name:    "rpcstubs/function-result",
		Fixture: "rpcstubs",
		Doc:     "A method may return a function: the caller gets a stub it calls, and each call runs in the object, which sees them. " + docRPC,
		Steps:   []Request{crpcGet("/function-result/{obj}")},
		Check:   body(0, `{"type":"function","a":11,"b":15,"adds":2}`),
		Wrong:   crpcBodies(`{"type":"function","a":11,"b":15,"adds":0}`),
	},
	Case{
		Name:    "rpcstubs/targets-in-result",
		Fixture: "rpcstubs",
		Doc:     "RpcTargets and functions anywhere in a result (an array in an object) arrive as stubs, each of its own target. " + docRPC,
		Steps:   []Request{crpcGet("/targets-in-result/{obj}")},
		Check:   body(0, `{"first":2,"second":101,"greet":"hello you"}`),
		Wrong:   crpcBodies(`{"first":2,"second":2,"greet":"hello you"}`),
	},
	Case{
		Name:    "rpcstubs/pipeline-property",
		Fixture: "rpcstubs",
		Doc:     "Promise pipelining reaches a getter (await stub.counter(7).value) and chains (stub.counter(3).twice().add(1)). " + docRPC,
		Steps:   []Request{crpcGet("/pipeline-property/{obj}")},
		Check:   body(0, `{"value":7,"chained":7}`),
		Wrong:   crpcBodies(`{"value":7,"chained":4}`),
	},
	Case{
		Name:    "rpcstubs/dispose",
		Fixture: "rpcstubs",
		Doc:     "A stub can be disposed of (stub[Symbol.dispose](), what using calls): a call through it afterwards rejects with an Error. " + docRPCLifecycle,
		Steps:   []Request{crpcGet("/dispose/{obj}")},
		Check:   body(0, `{"before":2,"after":{"error":"Error","message":"RPC stub used after being disposed.","isError":true}}`),
		Wrong:   crpcBodies(`{"before":2,"after":{"value":3}}`),
	},
	Case{
		Name:    "rpcstubs/dup",
		Fixture: "rpcstubs",
		Doc:     "stub.dup() is another stub of the same target, which stays callable when the first is disposed of. " + docRPCLifecycle,
		Steps:   []Request{crpcGet("/dup/{obj}")},
		Check:   body(0, `{"viaDup":2,"viaDisposed":{"error":"Error","message":"RPC stub used after being disposed.","isError":true}}`),
		Wrong:   crpcBodies(`{"viaDup":{"error":"Error","message":"RPC stub used after being disposed.","isError":true},"viaDisposed":{"error":"Error","message":"RPC stub used after being disposed.","isError":true}}`),
	},
	Case{
		Name:    "rpcstubs/callback-state",
		Fixture: "rpcstubs",
		Doc:     "A function passed as an argument runs in the caller, on the caller's state, each time the object calls it. " + docRPC,
		Steps:   []Request{crpcGet("/callback-state/{obj}")},
		Check:   body(0, `{"results":[1,3],"n":3}`),
		Wrong:   crpcBodies(`{"results":[1,2],"n":0}`),
	},
	Case{
		Name:    "rpcstubs/callbacks-at-once",
		Fixture: "rpcstubs",
		Doc:     "An object may call a function it was passed several times at once (Promise.all): each call answers. " + docRPC,
		Steps:   []Request{crpcGet("/callback-many/{obj}")},
		Check:   body(0, `{"value":[0,2,4,6,8]}`),
		Wrong:   crpcBodies(`{"value":[0,0,0,0,0]}`),
	},
	Case{
		Name:    "rpcstubs/stub-passed-on",
		Fixture: "rpcstubs",
		Doc:     "A stub passed on to another object calls its target in the object that returned it: 10 + 1 = 11, then 12 (23). " + docRPC,
		Steps:   []Request{crpcGet("/stub-passed-on/{obj}")},
		Check:   body(0, `{"sum":23}`),
		Wrong:   crpcBodies(`{"sum":22}`),
	},
)
