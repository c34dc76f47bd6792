package server

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/coder/websocket"
	"github.com/labstack/echo/v4"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/internal/wsbridge"
)

// WebSockets over the network. A request with "Upgrade: websocket" goes to the fetch
// export like any (the Worker's, or an object's through /v1/objects/.../fetch), with
// its headers as the client sent them; when the answer is status 101 with a WebSocket,
// the server takes that end from the engine (host.Engine.TakeWebSocket), completes the
// handshake (github.com/coder/websocket does the protocol: framing, fragmentation,
// masking, control frames, the close handshake), and bridges the connection to it:
// what the client sends goes to the object in order, what the object sends goes to the
// client through a writer of its own with a bounded send buffer. As from workerd: a
// WebSocket in the answer to a request that is no upgrade is refused (500), and an
// upgrade answered without one gets that answer as it is.

// Defaults of the WebSocket options (Options).
const (
	// DefaultWebSocketSendBuffer bounds the bytes of messages queued for one client: 8
	// MiB, eight messages of the largest size.
	DefaultWebSocketSendBuffer = 8 << 20
	// DefaultWebSocketPing is how often the server pings an idle client, and how long
	// it waits for the pong.
	DefaultWebSocketPing = 30 * time.Second
)

// wsShutdownWait bounds Shutdown's wait for the clients' close handshakes: a client
// that does not read (its writer blocked) is cut then.
const wsShutdownWait = 10 * time.Second

// errNoUpgrade: a fetch answered with a WebSocket a request that asked for none.
var errNoUpgrade = errors.New(`the fetch handler returned a WebSocket in a response to a request which did not contain the header "Upgrade: websocket"`)

// isUpgrade reports whether r asks for a WebSocket.
func isUpgrade(r *http.Request) bool {
	return headerHasToken(r.Header, "Upgrade", "websocket")
}

func headerHasToken(h http.Header, name, token string) bool {
	for _, v := range h.Values(name) {
		for _, t := range strings.Split(v, ",") {
			if strings.EqualFold(strings.TrimSpace(t), token) {
				return true
			}
		}
	}
	return false
}

// answerWebSocket answers a fetch whose response holds a WebSocket (resp.WebSocket),
// or whose request asked for one: it takes the end and completes the upgrade, or
// refuses what cannot be one. It returns false, with nothing written, when the answer
// is a plain response to write as usual.
func (s *Server) answerWebSocket(c echo.Context, class, name string, resp host.FetchResponse) (bool, error) {
	r := c.Request()
	if resp.WebSocket == 0 {
		if resp.Status == http.StatusSwitchingProtocols {
			return true, fmt.Errorf("fetch of %s/%s answered status 101 without a WebSocket", class, name)
		}
		return false, nil // an upgrade answered otherwise: the answer as it is, as from workerd
	}
	ws, err := s.e.TakeWebSocket(resp)
	if err != nil {
		return true, err
	}
	if !isUpgrade(r) || resp.Status != http.StatusSwitchingProtocols {
		ws.Close(abi.CloseAbnormal, wsbridge.LostReason, false)
		s.log.Error("fetch returned a WebSocket", "class", class, "object", name, "err", errNoUpgrade)
		c.Response().Header()[echo.HeaderContentType] = nil
		c.Response().WriteHeader(http.StatusInternalServerError)
		_, err := c.Response().Write([]byte(internalServerError))
		return true, err
	}
	h := c.Response().Header()
	for _, kv := range resp.Headers {
		k := http.CanonicalHeaderKey(kv[0])
		if hopByHop[k] || (strings.HasPrefix(k, "Sec-Websocket-") && k != "Sec-Websocket-Protocol") {
			continue
		}
		h.Add(k, kv[1])
	}
	if p := h.Get("Sec-WebSocket-Protocol"); p != "" && !offered(r, p) {
		// Passed on as workerd does; the client fails the handshake.
		s.log.Warn("fetch answered a WebSocket subprotocol the client did not offer", "class", class, "object", name, "protocol", p)
	}
	conn, err := websocket.Accept(hijackClearing{c.Response()}, r, &websocket.AcceptOptions{
		InsecureSkipVerify: true, // the Origin is the script's to check, as on Cloudflare
		CompressionMode:    websocket.CompressionDisabled,
	})
	if err != nil {
		// Accept answered the client (426, 400, ...).
		ws.Close(abi.CloseAbnormal, wsbridge.LostReason, false)
		s.log.Debug("websocket upgrade failed", "class", class, "object", name, "err", err)
		return true, nil
	}
	s.bridge(conn, ws)
	return true, nil
}

// offered reports whether the client offered subprotocol p.
func offered(r *http.Request, p string) bool {
	return headerHasToken(r.Header, "Sec-WebSocket-Protocol", p)
}

// hijackClearing hijacks as its ResponseWriter does, and clears the deadlines the
// server set on the connection for the request and its response (ReadTimeout,
// WriteTimeout), which would end the WebSocket. The WebSocket keeps the connection's
// buffers as long as it is open: it gets ones of wsBufferBytes instead of net/http's
// 4 KiB each, as an idle socket of a hibernated object should cost little (a larger
// message is read and written through them).
type hijackClearing struct{ *echo.Response }

// wsBufferBytes is the size of a WebSocket connection's read and write buffers.
const wsBufferBytes = 1024

func (w hijackClearing) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	conn, brw, err := http.NewResponseController(w.Response.Writer).Hijack()
	if err != nil {
		return conn, brw, err
	}
	conn.SetDeadline(time.Time{})
	if err := brw.Writer.Flush(); err != nil {
		conn.Close()
		return nil, nil, err
	}
	r := brw.Reader
	if r.Buffered() == 0 { // else the client's first frames are in it already
		r = bufio.NewReaderSize(conn, wsBufferBytes)
	}
	return conn, bufio.NewReadWriter(r, bufio.NewWriterSize(conn, wsBufferBytes)), nil
}

// bridge runs conn, bridged to ws (package wsbridge), until it ends.
func (s *Server) bridge(conn *websocket.Conn, ws *host.WebSocket) {
	ping := s.opts.WebSocketPing
	if ping < 0 {
		ping = 0
	}
	var c *wsbridge.Conn
	c = wsbridge.New(conn, ws, wsbridge.Options{
		MessageBytes: s.e.Options().WebSocketMessageBytes, SendBuffer: s.opts.WebSocketSendBuffer,
		WriteTimeout: s.opts.WriteTimeout, Ping: ping, ErrClosed: host.ErrWebSocketClosed,
		Queued: func(n int) {
			for m := s.wsQueuedMax.Load(); int64(n) > m && !s.wsQueuedMax.CompareAndSwap(m, int64(n)); m = s.wsQueuedMax.Load() {
			}
		},
		Ended: func() {
			s.wsMu.Lock()
			delete(s.wsConns, c)
			s.wsMu.Unlock()
		},
	})
	s.wsMu.Lock()
	if s.wsConns == nil {
		s.wsConns = map[*wsbridge.Conn]struct{}{}
	}
	s.wsConns[c] = struct{}{}
	closing := s.draining.Load()
	s.wsMu.Unlock()
	ws.Attach(c)
	if closing {
		c.Close(abi.CloseServiceRestart, "service restart")
	}
	c.Run()
}

// closeWebSockets closes every client's WebSocket with abi.CloseServiceRestart, so that
// clients reconnect, and waits until their close handshakes end or ctx does, then
// cuts what is left, at the latest after wsShutdownWait. Run by Shutdown.
func (s *Server) closeWebSockets(ctx context.Context) {
	s.wsMu.Lock()
	conns := make([]*wsbridge.Conn, 0, len(s.wsConns))
	for c := range s.wsConns {
		conns = append(conns, c)
	}
	s.wsMu.Unlock()
	for _, c := range conns {
		c.Close(abi.CloseServiceRestart, "service restart")
	}
	cut := time.NewTimer(wsShutdownWait)
	defer cut.Stop()
	for _, c := range conns {
		select {
		case <-c.Done():
		case <-ctx.Done():
			c.CloseNow()
		case <-cut.C:
			cut.Reset(0)
			c.CloseNow()
		}
	}
}
