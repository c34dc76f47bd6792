package conformance

// Cases of the websocket area: a Worker opens WebSockets to a Durable Object
// (stub.fetch with Upgrade: websocket; the object answers 101 with one end of a
// WebSocketPair), talks to it and answers JSON of what it saw. A Worker can only watch a
// WebSocket within one request, so each case is one request.

const (
	wsHibernationDoc = "https://developers.cloudflare.com/durable-objects/best-practices/websockets/"
	wsStateDoc       = "https://developers.cloudflare.com/durable-objects/api/state/"
	wsRuntimeDoc     = "https://developers.cloudflare.com/workers/runtime-apis/websockets/"
	wsResponseDoc    = "https://developers.cloudflare.com/workers/runtime-apis/response/"
)

// websocketCase is the case websocket/name: one GET of /route/{obj}query, whose body
// must be want; wrong is what a runtime that gets it wrong would answer.
func websocketCase(name, route, query, doc, want, wrong string) Case {
	return Case{
		Name:    "websocket/" + name,
		Fixture: "websocket",
		Doc:     doc,
		Steps:   []Request{asyncGet("/" + route + "/{obj}" + query)},
		Check:   all(status(0, 200), body(0, want)),
		Wrong:   asyncReplies(wrong),
	}
}

var _ = register(
	websocketCase("hibernation-echo", "echo", "",
		"an object accepts a WebSocket with ctx.acceptWebSocket and answers 101 with the client end; the runtime calls webSocketMessage for each message, and the close handshake ends with the client's code and reason: "+wsHibernationDoc,
		`{"status":101,"replies":["echo:a","echo:b"],"readyState":1,"closed":{"code":1000,"reason":"done"},"readyStateAfter":3}`,
		`{"error":"Error"}`),
	websocketCase("accept-echo", "echo", "?mode=accept",
		"server.accept() and the message event: the object handles the WebSocket itself, without hibernation: "+wsRuntimeDoc,
		`{"status":101,"replies":["echo:a","echo:b"],"readyState":1,"closed":{"code":1000,"reason":"done"},"readyStateAfter":3}`,
		`{"status":101,"replies":["echo:a","echo:b"],"readyState":1,"closed":{"code":1006,"reason":""},"readyStateAfter":3}`),
	websocketCase("binary-message", "binary", "",
		"a binary message reaches webSocketMessage as an ArrayBuffer, and bytes sent back arrive as an ArrayBuffer: "+wsHibernationDoc,
		`{"type":"ArrayBuffer","bytes":[3,2,1]}`, `{"type":"string","bytes":[]}`),
	websocketCase("get-websockets-by-tag", "tags", "",
		"ctx.getWebSockets() returns the object's accepted WebSockets, getWebSockets(tag) those accepted with that tag, getTags(ws) a socket's tags: "+wsStateDoc,
		`{"count":{"all":3,"a":2,"b":1,"none":0},"tags1":["room-a","x"],"tags2":["room-b"]}`,
		`{"count":{"all":3,"a":3,"b":3,"none":0},"tags1":["room-a","x"],"tags2":["room-b"]}`),
	websocketCase("get-tags-none", "no-tags", "",
		"getTags of a WebSocket accepted without tags is an empty array: "+wsStateDoc,
		`{"tags":[]}`, `{"tags":null}`),
	websocketCase("attachment", "attachment", "",
		"serializeAttachment keeps a structured-clonable value with the WebSocket (across hibernation), deserializeAttachment returns it, null when none: "+wsRuntimeDoc,
		`{"first":{"name":"first","n":1},"set":"ok","later":{"name":"first","n":1,"note":"later"},"none":null}`,
		`{"first":{"name":"first","n":1},"set":"ok","later":{"name":"first","n":1},"none":null}`),
	websocketCase("auto-response", "auto-response", "",
		"setWebSocketAutoResponse answers a matching request message without waking the object (webSocketMessage is not called), and getWebSocketAutoResponseTimestamp returns when it last did: "+wsStateDoc,
		`{"pong":"pong","after":{"messages":1,"timestamp":true}}`, `{"pong":"pong","after":{"messages":2,"timestamp":true}}`),
	websocketCase("broadcast", "broadcast", "",
		"a message handler can send to every WebSocket of getWebSockets(), the sender's included: "+wsHibernationDoc,
		`{"got":["all:hi","all:hi"]}`, `{"error":"Error"}`),
	websocketCase("close-handler", "close-handler", "",
		"webSocketClose gets the code and reason the client closed with and wasClean true; the object's storage keeps what it wrote there: "+wsHibernationDoc,
		`{"closed":{"code":1000,"reason":"bye"},"closes":[{"code":1000,"reason":"bye","wasClean":true}]}`,
		`{"closed":{"code":1000,"reason":"bye"},"closes":[{"code":1005,"reason":"","wasClean":false}]}`),
	websocketCase("server-close", "server-close", "",
		"ws.close(code, reason) from the object reaches the client as a close event with that code and reason: "+wsRuntimeDoc,
		`{"closed":{"code":4001,"reason":"server says bye"}}`, `{"closed":{"code":1006,"reason":""}}`),
	websocketCase("pair", "pair", "",
		"new WebSocketPair() is an object with keys 0 and 1, both WebSockets: "+wsRuntimeDoc,
		`{"keys":["0","1"],"sockets":true}`, `{"error":"ReferenceError"}`),
	websocketCase("plain-response-has-none", "no-upgrade", "",
		"response.webSocket is null on a response that is not a WebSocket upgrade: "+wsResponseDoc,
		`{"status":426,"webSocket":null}`, `{"status":426}`),
)

var _ = register(
	websocketCase("close-no-code", "close-no-code", "",
		"close() without a code reaches the other end as code 1005 (no status), an empty reason and wasClean true: "+wsRuntimeDoc,
		`{"closes":[{"code":1005,"reason":"","wasClean":true}]}`, `{"closes":[{"code":1000,"reason":"","wasClean":true}]}`),
	websocketCase("edges", "edges", "",
		"workerd: the WebSocket API's answers to mistakes (send before accept and after close are TypeErrors, status 101 without a WebSocket a RangeError, a reserved close code an InvalidAccessError; a second accept and a reason over 123 bytes are not refused), a new socket's readyState is OPEN, and WebSocket exists at module load: "+wsRuntimeDoc,
		`{"acceptTwice":"accepted","atLoad":{"WebSocket":"function","WebSocketPair":"function"},"badCloseCode":"InvalidAccessError","constants":[0,1,2,3],"longReason":"closed","readyStateBeforeAccept":1,"sendAfterClose":"TypeError","sendBeforeAccept":"TypeError","status101WithoutSocket":"RangeError"}`,
		`{"acceptTwice":"TypeError","atLoad":{"WebSocket":"undefined","WebSocketPair":"undefined"},"badCloseCode":"TypeError","constants":[0,1,2,3],"longReason":"TypeError","readyStateBeforeAccept":0,"sendAfterClose":"TypeError","sendBeforeAccept":"TypeError","status101WithoutSocket":"RangeError"}`),
	websocketCase("worker-pair", "worker-pair", "",
		"a Worker's own WebSocketPair: what one accepted end sends, the other receives: "+wsRuntimeDoc,
		`{"got":"across"}`, `{"error":"ReferenceError"}`),
)
