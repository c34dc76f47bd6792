package host

import (
	"time"

	"github.com/coder/websocket"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/host/internal/js"
	"github.com/sobjects/sobjects/internal/wsbridge"
)

// Outbound WebSockets: an object's new WebSocket(url), or fetch() with "Upgrade:
// websocket" (host/internal/js/hostop_wsclient.go), dials the server and hands the
// connection here, to be the network end of a pair whose other end the object holds.
// The connection is bridged as the server's clients are (package wsbridge), and closes
// with the engine (abi.CloseServiceRestart) like them.

// Bounds of outbound WebSockets, as the server's defaults for its clients.
const (
	wsClientSendBuffer = 8 << 20
	wsClientPing       = 30 * time.Second
	wsClientWrite      = time.Minute
)

var _ js.WebSocketClients = (*callEnv)(nil)

// WebSocketConnected makes end id, the object's and not accepted, the network end of
// conn; with conn nil, the dial failed: it closes end id and its other end.
func (env *callEnv) WebSocketConnected(id uint64, conn *websocket.Conn) error {
	x, err := env.end(id)
	if err != nil {
		return err
	}
	if conn == nil {
		env.obj.e.cut(x, abi.CloseAbnormal, "the WebSocket connection failed")
		return nil
	}
	x.mu.Lock()
	if x.state != wsNew {
		x.mu.Unlock()
		return abi.Errorf(abi.CodeBadInput, "WebSocket %d is accepted already", id)
	}
	x.state, x.owner = wsNetwork, ""
	x.mu.Unlock()
	env.obj.e.bridgeOutbound(x, conn)
	return nil
}

// bridgeOutbound makes conn, a connection this engine dialed, the network of end x
// (in state wsNetwork).
func (e *Engine) bridgeOutbound(x *wsEnd, conn *websocket.Conn) {
	w := &WebSocket{e: e, x: x}
	c := wsbridge.New(conn, w, wsbridge.Options{
		MessageBytes: e.opts.WebSocketMessageBytes, SendBuffer: wsClientSendBuffer,
		WriteTimeout: wsClientWrite, Ping: wsClientPing, ErrClosed: ErrWebSocketClosed,
	})
	w.Attach(c)
	c.Run()
}
