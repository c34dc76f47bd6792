package conformance

import (
	"fmt"
	"strings"
	"sync"
)

// The http cases of streamed responses: an object answers with a Response whose body
// is a ReadableStream, which reaches the client, or the Worker that fetched it, as the
// object enqueues it (fixtures/http, the stream-* and inspect-stream-* routes).

const docStreams = "https://developers.cloudflare.com/workers/runtime-apis/streams/"

// chttpStreamChunks is the number of 64 KiB chunks of the large streamed body: 34 MiB,
// past the 32 MiB a body read whole may have.
const chttpStreamChunks = 34 * 16

// chttpStreamLarge is the large streamed body as the fixture makes it: chunk j is the
// letter "a" + j % 26, 65536 times.
var chttpStreamLarge = sync.OnceValue(func() string {
	var b strings.Builder
	b.Grow(chttpStreamChunks << 16)
	for j := range chttpStreamChunks {
		b.WriteString(strings.Repeat(string(rune('a'+j%26)), 65536))
	}
	return b.String()
})

// chttpLargeBody checks that response i is the large streamed body, whole.
func chttpLargeBody(i int) func(Observation) error {
	return func(o Observation) error {
		if i >= len(o) {
			return fmt.Errorf("response %d missing (%d responses)", i, len(o))
		}
		got, _ := o[i].Body.(string)
		if want := chttpStreamLarge(); got != want {
			return fmt.Errorf("response %d: a body of %d bytes, want the %d of the stream", i, len(got), len(want))
		}
		return nil
	}
}

var _ = register(
	Case{
		Name:    "http/streamed-response-timer",
		Fixture: "http",
		Doc: "A Durable Object's Response whose body is a ReadableStream that timers feed reaches the client " +
			"through the Worker's stub.fetch, every chunk in order, with the object's headers. " + docStreams,
		Steps: []Request{{Method: "GET", Path: "/stream-timer/{obj}", Keep: []string{"content-type", "x-streamed"}}},
		Check: all(status(0, 200), header(0, "x-streamed", "yes"),
			body(0, `["chunk 1","chunk 2","chunk 3","chunk 4","chunk 5","chunk 6","chunk 7","chunk 8","chunk 9","chunk 10"]`)),
		Wrong: Observation{{Status: 200, Headers: map[string]string{"content-type": "application/json", "x-streamed": "yes"}, Body: `["chunk 1"`}},
	},
	Case{
		Name:    "http/streamed-response-transformed-by-worker",
		Fixture: "http",
		Doc: "The Worker passes an object's streamed body through a TransformStream and returns the result: " +
			"the client gets every chunk, transformed, in order. " + docStreams,
		Steps: []Request{crpcGet("/stream-upper/{obj}")},
		Check: body(0, `["CHUNK 1","CHUNK 2","CHUNK 3","CHUNK 4","CHUNK 5","CHUNK 6","CHUNK 7","CHUNK 8","CHUNK 9","CHUNK 10"]`),
		Wrong: crpcBodies(`["chunk 1","chunk 2","chunk 3","chunk 4","chunk 5","chunk 6","chunk 7","chunk 8","chunk 9","chunk 10"]`),
	},
	Case{
		Name:    "http/streamed-response-large",
		Fixture: "http",
		Doc: "A streamed body larger than any one buffer (34 MiB, pulled 64 KiB at a time) reaches the client whole " +
			"through the Worker, which returns the object's Response unread. " + docStreams,
		Steps: []Request{{Method: "GET", Path: fmt.Sprintf("/stream-large/{obj}?chunks=%d", chttpStreamChunks)}},
		Check: all(status(0, 200), chttpLargeBody(0)),
		Wrong: Observation{{Status: 200, Body: strings.Repeat("a", 1<<16)}},
	},
	Case{
		Name:    "http/streamed-response-written-by-waituntil",
		Fixture: "http",
		Doc: "The object returns a TransformStream's readable side and writes its writable side in work given to " +
			"ctx.waitUntil (34 MiB, each write awaiting the reader): the client gets it whole. " + docStreams,
		Steps: []Request{{Method: "GET", Path: fmt.Sprintf("/stream-waituntil/{obj}?chunks=%d", chttpStreamChunks)}},
		Check: all(status(0, 200), chttpLargeBody(0)),
		Wrong: Observation{{Status: 500, Body: "a promise given to ctx.waitUntil can never settle"}},
	},
	Case{
		Name:    "http/streamed-response-read-by-worker",
		Fixture: "http",
		Doc: "The Worker reads an object's streamed body of 34 MiB chunk by chunk from response.body: " +
			"every byte arrives, in order. " + docStreams,
		Steps: []Request{crpcGet(fmt.Sprintf("/inspect-stream-large/{obj}?chunks=%d", chttpStreamChunks))},
		Check: body(0, fmt.Sprintf(`{"length":%d,"seen":{"0":"a","65535":"a","65536":"b","1048576":"q","34603013":"i"}}`, chttpStreamChunks<<16)),
		Wrong: crpcBodies(`{"length":33554432,"seen":{"0":"a","65535":"a","65536":"b","1048576":"q"}}`),
	},
	Case{
		Name:    "http/streamed-response-object-takes-requests",
		Fixture: "http",
		Doc: "While a Durable Object's response streams, the object takes other requests: the Worker reads the first " +
			"chunk, sends the object a request that lets the stream end, and reads the rest. " + docStreams,
		Steps: []Request{crpcGet("/inspect-stream-poke/{obj}")},
		Check: body(0, `{"first":"first","poke":{"poked":true},"rest":"second"}`),
		Wrong: crpcBodies(`{"first":"firstsecond","poke":{"poked":true},"rest":""}`),
	},
	Case{
		Name:    "http/streamed-response-error",
		Fixture: "http",
		Doc: "workerd: a Durable Object's streamed body whose stream errors after a chunk gives the Worker that " +
			"reads it the chunk and then the stream's error, its name and message kept. " + docStreams,
		Steps: []Request{crpcGet("/inspect-stream-error/{obj}")},
		Check: body(0, `{"status":200,"first":"first","error":"RangeError: the source broke"}`),
		Wrong: crpcBodies(`{"status":200,"first":"first","error":null}`),
	},
)
