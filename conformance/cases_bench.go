package conformance

import (
	"fmt"
	"strings"
)

// The cases of the benchmark app, fixtures/bench (what docs/perf.sh and sobjects bench
// --target drive): its answers are what the figures count, so they are checked on
// every target like any other case. The app answers text, not JSON, as workerd's own
// benchmark does: inc the new count, put "ok", get the bytes stored.

// benchValue is a 1 KiB value as the load driver puts it: hex digits, then padding.
func benchValue(mark string) string {
	return mark + strings.Repeat("x", 1024-len(mark))
}

// text checks that response i answered the text want (a body that is not JSON).
func text(i int, want string) func(Observation) error {
	return func(o Observation) error {
		if i >= len(o) {
			return fmt.Errorf("response %d missing (%d responses)", i, len(o))
		}
		if got, ok := o[i].Body.(string); !ok || got != want {
			return fmt.Errorf("response %d: body %v, want the text %.40q (%d bytes)", i, short(o[i].Body), want, len(want))
		}
		return nil
	}
}

var (
	benchA = benchValue("00c0ffee5eed0001")
	benchB = benchValue("7fffffff2c9a11b3")
)

var _ = register(
	Case{
		Name:    "examples/bench-inc-counts-up",
		Fixture: "bench",
		Doc: "A SQL UPDATE ... RETURNING through ctx.storage.sql.exec returns the row it wrote, and storage keeps " +
			"it between requests, so each increment answers one more than the last: " +
			"https://developers.cloudflare.com/durable-objects/api/sql-storage/",
		Steps: []Request{
			{Method: "POST", Path: "/inc?name={obj}"},
			{Method: "POST", Path: "/inc?name={obj}"},
			{Method: "POST", Path: "/inc?name={obj}"},
		},
		Check: all(
			status(0, 200), text(0, "1"),
			status(1, 200), text(1, "2"),
			status(2, 200), text(2, "3"),
		),
		Wrong: Observation{
			{Status: 200, Body: "1"},
			{Status: 200, Body: "1"},
			{Status: 200, Body: "1"},
		},
	},
	Case{
		Name:    "examples/bench-put-get-fetch",
		Fixture: "bench",
		Doc: "A request body read with arrayBuffer() and bound to ctx.storage.sql.exec is stored as a BLOB and " +
			"read back as the same bytes, and a put of a new value replaces the old one: " +
			"https://developers.cloudflare.com/durable-objects/api/sql-storage/ and " +
			"https://developers.cloudflare.com/workers/runtime-apis/request/",
		Steps: []Request{
			{Method: "POST", Path: "/put?name={obj}&key=a", Body: benchA},
			{Path: "/get?name={obj}&key=a"},
			{Method: "POST", Path: "/put?name={obj}&key=a", Body: benchB},
			{Path: "/get?name={obj}&key=a"},
		},
		Check: all(
			status(0, 200), text(0, "ok"),
			status(1, 200), text(1, benchA),
			status(2, 200), text(2, "ok"),
			status(3, 200), text(3, benchB),
		),
		Wrong: Observation{
			{Status: 200, Body: "ok"},
			{Status: 200, Body: benchA},
			{Status: 200, Body: "ok"},
			{Status: 200, Body: benchA}, // the first value kept: the put did not replace it
		},
	},
	Case{
		Name:    "examples/bench-put-get-rpc",
		Fixture: "bench",
		Doc: "An ArrayBuffer passed to an RPC method and returned from one crosses by structured clone, bytes " +
			"unchanged: https://developers.cloudflare.com/workers/runtime-apis/rpc/ and " +
			"https://developers.cloudflare.com/durable-objects/api/sql-storage/",
		Steps: []Request{
			{Method: "POST", Path: "/rpc/put?name={obj}&key=a", Body: benchA},
			{Path: "/rpc/get?name={obj}&key=a"},
			{Method: "POST", Path: "/rpc/put?name={obj}&key=a", Body: benchB},
			{Path: "/rpc/get?name={obj}&key=a"},
		},
		Check: all(
			status(0, 200), text(0, "ok"),
			status(1, 200), text(1, benchA),
			status(2, 200), text(2, "ok"),
			status(3, 200), text(3, benchB),
		),
		Wrong: Observation{
			{Status: 200, Body: "ok"},
			{Status: 200, Body: "[object ArrayBuffer]"}, // the value stringified on the way
			{Status: 200, Body: "ok"},
			{Status: 200, Body: "[object ArrayBuffer]"},
		},
	},
	Case{
		Name:    "examples/bench-fetch-and-rpc-agree",
		Fixture: "bench",
		Doc: "stub.fetch and RPC on stubs of one idFromName reach one object and its one storage: what one route " +
			"wrote the other reads: https://developers.cloudflare.com/durable-objects/api/namespace/ and " +
			"https://developers.cloudflare.com/durable-objects/api/stub/",
		Steps: []Request{
			{Method: "POST", Path: "/inc?name={obj}"},
			{Method: "POST", Path: "/rpc/inc?name={obj}"},
			{Method: "POST", Path: "/inc?name={obj}"},
			{Method: "POST", Path: "/put?name={obj}&key=f", Body: benchA},
			{Path: "/rpc/get?name={obj}&key=f"},
			{Method: "POST", Path: "/rpc/put?name={obj}&key=r", Body: benchB},
			{Path: "/get?name={obj}&key=r"},
		},
		Check: all(
			text(0, "1"), text(1, "2"), text(2, "3"),
			status(3, 200), status(4, 200), text(4, benchA),
			status(5, 200), status(6, 200), text(6, benchB),
		),
		Wrong: Observation{
			{Status: 200, Body: "1"},
			{Status: 200, Body: "1"}, // RPC reached another object
			{Status: 200, Body: "2"},
			{Status: 200, Body: "ok"},
			{Status: 404, Body: ""},
			{Status: 200, Body: "ok"},
			{Status: 404, Body: ""},
		},
	},
	Case{
		Name:    "examples/bench-get-missing-key",
		Fixture: "bench",
		Doc: "A SELECT that matches no row returns an empty cursor (toArray() is []), which the app answers 404 " +
			"with no body, through both routes: https://developers.cloudflare.com/durable-objects/api/sql-storage/",
		Steps: []Request{
			{Path: "/get?name={obj}&key=never"},
			{Path: "/rpc/get?name={obj}&key=never"},
		},
		Check: all(status(0, 404), text(0, ""), status(1, 404), text(1, "")),
		Wrong: Observation{
			{Status: 200, Body: ""},
			{Status: 200, Body: "null"},
		},
	},
	Case{
		Name:    "examples/bench-unknown-op",
		Fixture: "bench",
		Doc: "A Response constructed with a status is answered with that status and body, from the Durable " +
			"Object (forwarded by stub.fetch) or from the Worker: " +
			"https://developers.cloudflare.com/workers/runtime-apis/response/",
		Steps: []Request{
			{Path: "/nope?name={obj}"},
			{Method: "POST", Path: "/rpc/nope?name={obj}"},
		},
		Check: all(status(0, 404), text(0, "unknown op"), status(1, 404), text(1, "unknown op")),
		Wrong: Observation{
			{Status: 200, Body: "1"}, // an unknown op taken for inc
			{Status: 404, Body: "unknown op"},
		},
	},
)
