package conformance

// Cases of the wsserver area, in the websocket area's names: what the server does with
// WebSocket upgrades at the edge of HTTP, where no WebSocket is made.

// wsUpgradeHeaders are the headers of a WebSocket opening handshake (RFC 6455 section
// 4.1).
var wsUpgradeHeaders = map[string]string{
	"Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Version": "13", "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
}

var _ = register(
	Case{
		Name:    "websocket/server-socket-to-plain-request",
		Fixture: "wsserver",
		Doc:     `workerd: a Worker that answers a request without "Upgrade: websocket" with a WebSocket (status 101) fails the request: 500 "Internal Server Error" (a TypeError in the log).`,
		Steps:   []Request{{Method: "GET", Path: "/socket/{obj}"}},
		Check:   all(status(0, 500), body(0, `Internal Server Error`)),
		Wrong:   Observation{{Status: 101, Body: ""}},
	},
	Case{
		Name:    "websocket/server-upgrade-answered-plainly",
		Fixture: "wsserver",
		Doc:     "an upgrade request reaches the Worker with its handshake headers as the client sent them, and a plain response to it is the client's answer: " + wsRuntimeDoc,
		Steps:   []Request{{Method: "GET", Path: "/plain/{obj}", Headers: wsUpgradeHeaders}},
		Check:   all(status(0, 200), body(0, `{"upgrade":"websocket","connection":"Upgrade","version":"13","key":"dGhlIHNhbXBsZSBub25jZQ=="}`)),
		Wrong:   Observation{{Status: 426, Body: decodeJSON(`{"upgrade":null,"connection":null,"version":null,"key":null}`)}},
	},
)
