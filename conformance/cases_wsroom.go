package conformance

// The case of the WebSocket room app, fixtures/wsroom (what docs/ws-perf.sh and
// sobjects bench-ws drive on sobjects and on workerd): the chat protocol of
// plugins/chat/README.md, as two sockets opened by the Worker see it, so that both
// targets are measured doing the same thing.

var _ = register(Case{
	Name:    "websocket/chat-room-protocol",
	Fixture: "wsroom",
	Doc: "A room of hibernatable WebSockets: ctx.acceptWebSocket with tags, serializeAttachment, " +
		"getWebSockets(tag) to broadcast from webSocketMessage and webSocketClose, SQL for the history: " +
		wsHibernationDoc + " and https://developers.cloudflare.com/durable-objects/api/sql-storage/",
	Steps: []Request{asyncGet("/check/{obj}")},
	Check: all(status(0, 200), body(0, `{"ann":[`+
		`{"type":"history","messages":[]},`+
		`{"type":"join","name":"ann","at":"number","online":1},`+
		`{"type":"join","name":"bob","at":"number","online":2},`+
		`{"type":"message","id":"number","from":"ann","text":"hi","at":"number"},`+
		`{"type":"leave","name":"bob","at":"number","online":1}],`+
		`"bob":[`+
		`{"type":"history","messages":[]},`+
		`{"type":"join","name":"bob","at":"number","online":2},`+
		`{"type":"message","id":"number","from":"ann","text":"hi","at":"number"},`+
		`{"type":"error","error":"a message is JSON, {\"text\": \"...\"}"}]}`)),
	Wrong: asyncReplies(`{"ann":[` +
		`{"type":"history","messages":[]},` +
		`{"type":"join","name":"ann","at":"number","online":1},` +
		`{"type":"join","name":"bob","at":"number","online":2},` +
		`{"type":"message","id":"number","from":"ann","text":"hi","at":"number"},` +
		`{"type":"leave","name":"bob","at":"number","online":2}],` +
		`"bob":[` +
		`{"type":"history","messages":[]},` +
		`{"type":"join","name":"bob","at":"number","online":2},` +
		`{"type":"message","id":"number","from":"ann","text":"hi","at":"number"},` +
		`{"type":"error","error":"a message is JSON, {\"text\": \"...\"}"}]}`),
})
