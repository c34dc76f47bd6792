package conformance

// The smoke cases, on fixtures/basics: a counter reached by forwarding the request
// (stub.fetch) and by RPC, that keeps its count across a restart, a kill -9 and, in
// durable backup mode, the loss of its disk.

var _ = register(
	Case{
		Name:    "examples/counter-fetch",
		Fixture: "basics",
		Doc: "A Worker forwards a request to a Durable Object with stub.fetch, and the object's storage keeps " +
			"its value between requests: https://developers.cloudflare.com/durable-objects/api/stub/ and " +
			"https://developers.cloudflare.com/durable-objects/api/storage-api/",
		Steps: []Request{
			{Method: "POST", Path: "/inc/{obj}"},
			{Method: "POST", Path: "/inc/{obj}"},
			{Path: "/get/{obj}", Keep: []string{"content-type"}},
		},
		Check: all(
			status(0, 200), body(0, `{"count":1}`),
			status(1, 200), body(1, `{"count":2}`),
			status(2, 200), body(2, `{"count":2}`),
			header(2, "content-type", "application/json"),
		),
		Wrong: Observation{
			{Status: 200, Body: map[string]any{"count": 1.0}},
			{Status: 200, Body: map[string]any{"count": 1.0}},
			{Status: 200, Headers: map[string]string{"content-type": "application/json"}, Body: map[string]any{"count": 1.0}},
		},
	},
	Case{
		Name:    "examples/counter-rpc",
		Fixture: "basics",
		Doc: "A Worker calls a Durable Object's public methods by RPC on its stub, with arguments and results " +
			"passed by structured clone: https://developers.cloudflare.com/durable-objects/best-practices/create-durable-object-stubs-and-send-requests/",
		Steps: []Request{
			{Method: "POST", Path: "/rpc-inc/{obj}?by=5"},
			{Method: "POST", Path: "/rpc-inc/{obj}?by=-2"},
			{Path: "/rpc-get/{obj}"},
		},
		Check: all(
			status(0, 200), body(0, `{"count":5}`),
			status(1, 200), body(1, `{"count":3}`),
			status(2, 200), body(2, `{"count":3}`),
		),
		Wrong: Observation{
			{Status: 200, Body: map[string]any{"count": 5.0}},
			{Status: 200, Body: map[string]any{"count": 7.0}},
			{Status: 200, Body: map[string]any{"count": 7.0}},
		},
	},
	Case{
		Name:    "examples/fetch-and-rpc-share-the-object",
		Fixture: "basics",
		Doc: "idFromName maps a name to the same object every time, so stub.fetch and RPC through two stubs " +
			"of one name reach one object and one storage: https://developers.cloudflare.com/durable-objects/api/namespace/",
		Steps: []Request{
			{Method: "POST", Path: "/inc/{obj}"},
			{Method: "POST", Path: "/rpc-inc/{obj}?by=10"},
			{Path: "/get/{obj}"},
			{Path: "/rpc-get/{obj}"},
		},
		Check: all(
			body(0, `{"count":1}`),
			body(1, `{"count":11}`),
			body(2, `{"count":11}`),
			body(3, `{"count":11}`),
		),
		Wrong: Observation{
			{Status: 200, Body: map[string]any{"count": 1.0}},
			{Status: 200, Body: map[string]any{"count": 10.0}},
			{Status: 200, Body: map[string]any{"count": 1.0}},
			{Status: 200, Body: map[string]any{"count": 10.0}},
		},
	},
	Case{
		Name:    "examples/rpc-error-class",
		Fixture: "basics",
		Doc: "An exception thrown by an RPC method is rethrown to the caller, with its class (RangeError) kept: " +
			"https://developers.cloudflare.com/workers/runtime-apis/rpc/error-handling/",
		Steps: []Request{
			{Method: "POST", Path: "/rpc-fail/{obj}"},
		},
		Check: all(status(0, 200), field(0, "error", `"RangeError"`)),
		Wrong: Observation{{Status: 200, Body: map[string]any{"error": "Error"}}},
	},
	Case{
		Name:    "examples/counter-survives-restart",
		Fixture: "basics",
		Doc: "Durable Object storage is durable: what an object wrote before the runtime restarts is there after it: " +
			"https://developers.cloudflare.com/durable-objects/api/storage-api/",
		Steps: []Request{
			{Method: "POST", Path: "/rpc-inc/{obj}?by=3"},
			{Path: "/get/{obj}"},
			{Path: "/get/{obj}"},
		},
		Between: map[int]Action{0: Restart, 1: Kill9},
		Check:   all(body(0, `{"count":3}`), body(1, `{"count":3}`), body(2, `{"count":3}`)),
		Wrong: Observation{
			{Status: 200, Body: map[string]any{"count": 3.0}},
			{Status: 200, Body: map[string]any{"count": 0.0}},
			{Status: 200, Body: map[string]any{"count": 0.0}},
		},
	},
	Case{
		Name:    "examples/counter-survives-disk-loss",
		Fixture: "basics",
		Doc: "An acknowledged write to Durable Object storage is durable, whatever happens to the machine that " +
			"served it (run only where the runtime keeps a copy off the machine: sobjects in durable backup mode): " +
			"https://developers.cloudflare.com/durable-objects/api/storage-api/",
		Steps: []Request{
			{Method: "POST", Path: "/rpc-inc/{obj}?by=4"},
			{Path: "/rpc-get/{obj}"},
		},
		Between: map[int]Action{0: LoseDisk},
		Check:   all(body(0, `{"count":4}`), body(1, `{"count":4}`)),
		Wrong: Observation{
			{Status: 200, Body: map[string]any{"count": 4.0}},
			{Status: 200, Body: map[string]any{"count": 0.0}},
		},
	},
)
