package server

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/coder/websocket"
	"github.com/labstack/echo/v4"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/host"
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

// lostReason is the reason an object's webSocketClose gets when the connection was lost
// without a close frame, as from workerd.
const lostReason = "WebSocket disconnected without sending Close frame."

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
		ws.Close(abi.CloseAbnormal, lostReason, false)
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
		ws.Close(abi.CloseAbnormal, lostReason, false)
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
// WriteTimeout), which would end the WebSocket.
type hijackClearing struct{ *echo.Response }

func (w hijackClearing) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	conn, brw, err := http.NewResponseController(w.Response.Writer).Hijack()
	if err == nil {
		conn.SetDeadline(time.Time{})
	}
	return conn, brw, err
}

// wsConn is one client's WebSocket, bridged to its end in the engine. It is the
// end's host.WebSocketPeer.
type wsConn struct {
	s    *Server
	ws   *host.WebSocket
	conn *websocket.Conn

	ctx    context.Context // ends with the connection
	cancel context.CancelFunc

	mu      sync.Mutex
	queue   []wsOut // to write, in order
	queued  int     // bytes of the messages in queue
	high    int     // the most queued has been (Server.wsQueuedMax)
	closing bool    // a close is queued or the connection ends: no more messages
	wake    chan struct{}
	ended   bool // the object was told the connection ended
	done    chan struct{}
}

// wsOut is a message or the close to write.
type wsOut struct {
	text   bool
	data   []byte
	close  bool
	code   int
	reason string
}

// bridge runs conn, bridged to ws, until it ends.
func (s *Server) bridge(conn *websocket.Conn, ws *host.WebSocket) {
	conn.SetReadLimit(int64(s.e.Options().WebSocketMessageBytes))
	c := &wsConn{s: s, ws: ws, conn: conn, wake: make(chan struct{}, 1), done: make(chan struct{})}
	c.ctx, c.cancel = context.WithCancel(context.Background())
	s.wsMu.Lock()
	if s.wsConns == nil {
		s.wsConns = map[*wsConn]struct{}{}
	}
	s.wsConns[c] = struct{}{}
	closing := s.draining.Load()
	s.wsMu.Unlock()
	ws.Attach(c)
	if closing {
		c.Close(abi.CloseServiceRestart, "service restart")
	}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); c.read() }()
	go func() { defer wg.Done(); c.write() }()
	if s.opts.WebSocketPing > 0 {
		go c.ping(s.opts.WebSocketPing)
	}
	go func() {
		wg.Wait()
		conn.CloseNow()
		s.wsMu.Lock()
		delete(s.wsConns, c)
		s.wsMu.Unlock()
		close(c.done)
	}()
}

// Message queues a message of the object's for the client. A client whose queue would
// grow over Options.WebSocketSendBuffer is closed with abi.ClosePolicy, and the object
// is told.
func (c *wsConn) Message(text bool, data []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closing {
		return
	}
	if c.queued+len(data) > c.s.opts.WebSocketSendBuffer && c.queued > 0 {
		for _, m := range c.queue {
			c.queued -= len(m.data)
		}
		c.queue, c.closing = nil, true
		const reason = "the client does not read what is sent to it"
		go func() { // not on the object's thread
			c.end(abi.ClosePolicy, reason, false)
			c.conn.Close(websocket.StatusPolicyViolation, reason) // a writer blocked on the client fails
		}()
		return
	}
	c.queue = append(c.queue, wsOut{text: text, data: data})
	c.queued += len(data)
	if c.queued > c.high {
		c.high = c.queued
		for m := c.s.wsQueuedMax.Load(); int64(c.high) > m && !c.s.wsQueuedMax.CompareAndSwap(m, int64(c.high)); m = c.s.wsQueuedMax.Load() {
		}
	}
	c.signal()
}

// Close queues the close frame, after the messages queued before it: the object closed
// its end, or the engine closes (abi.CloseServiceRestart).
func (c *wsConn) Close(code int, reason string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closing {
		return
	}
	c.closing = true
	c.queue = append(c.queue, wsOut{close: true, code: code, reason: reason})
	c.signal()
}

func (c *wsConn) signal() {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// end tells the object, once, that the connection ended.
func (c *wsConn) end(code int, reason string, clean bool) {
	c.mu.Lock()
	told := c.ended
	c.ended, c.closing = true, true
	c.mu.Unlock()
	if !told {
		c.ws.Close(code, reason, clean)
	}
}

// write writes what the object sends until the close is written or the connection
// fails.
func (c *wsConn) write() {
	defer c.cancel()
	for {
		c.mu.Lock()
		for len(c.queue) == 0 {
			c.mu.Unlock()
			select {
			case <-c.wake:
			case <-c.ctx.Done():
				return
			}
			c.mu.Lock()
		}
		m := c.queue[0]
		c.queue[0] = wsOut{}
		c.queue = c.queue[1:]
		c.mu.Unlock()
		if m.close {
			code := websocket.StatusCode(m.code)
			if code == 0 { // close() without a code: a close frame without one
				code = websocket.StatusNoStatusRcvd
			}
			c.conn.Close(code, m.reason) // the handshake; the reader gets the client's answer
			return
		}
		typ := websocket.MessageBinary
		if m.text {
			typ = websocket.MessageText
		}
		ctx, cancel := context.WithTimeout(c.ctx, c.s.opts.WriteTimeout)
		err := c.conn.Write(ctx, typ, m.data)
		cancel()
		c.mu.Lock()
		c.queued -= len(m.data)
		c.mu.Unlock()
		if err != nil {
			c.end(abi.CloseAbnormal, lostReason, false)
			return
		}
	}
}

// read passes what the client sends to the object until the connection ends, and
// tells the object how it ended.
func (c *wsConn) read() {
	defer c.cancel()
	for {
		typ, data, err := c.conn.Read(c.ctx)
		if err != nil {
			c.readFailed(err)
			return
		}
		text := typ == websocket.MessageText
		if text && !utf8.Valid(data) {
			const msg = "a text message is not valid UTF-8"
			c.ws.Error(msg)
			c.end(int(websocket.StatusInvalidFramePayloadData), msg, false)
			c.conn.Close(websocket.StatusInvalidFramePayloadData, msg)
			return
		}
		if err := c.ws.Send(c.ctx, text, data); err != nil && !errors.Is(err, host.ErrWebSocketClosed) {
			return // the connection ended (ctx)
		}
		// After the object closed, what the client sends until its close is dropped.
	}
}

// readFailed tells the object how the connection ended: the client's close, a message
// over the limit (1009), a protocol error (1002), or a connection lost (1006).
func (c *wsConn) readFailed(err error) {
	if code := websocket.CloseStatus(err); code != -1 {
		var ce websocket.CloseError
		errors.As(err, &ce)
		c.end(int(code), ce.Reason, true)
		return
	}
	switch {
	case errors.Is(err, websocket.ErrMessageTooBig):
		msg := fmt.Sprintf("a message is over the limit of %d bytes", c.s.e.Options().WebSocketMessageBytes)
		c.ws.Error(msg)
		c.end(abi.CloseTooBig, msg, false)
	case lost(err) || c.ctx.Err() != nil:
		c.end(abi.CloseAbnormal, lostReason, false)
	default: // a malformed frame: the library sent 1002 where it could
		c.ws.Error(err.Error())
		c.end(int(websocket.StatusProtocolError), "protocol error", false)
	}
}

// lost reports whether err is the loss of the connection rather than bad input.
func lost(err error) bool {
	var ne net.Error
	return errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, net.ErrClosed) ||
		errors.Is(err, context.Canceled) || errors.As(err, &ne)
}

// ping pings the client every interval; one that does not answer within it is taken
// for gone (a half-open connection): closed, and the object told 1006.
func (c *wsConn) ping(interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-c.ctx.Done():
			return
		case <-t.C:
		}
		ctx, cancel := context.WithTimeout(c.ctx, interval)
		err := c.conn.Ping(ctx)
		cancel()
		if err != nil {
			if c.ctx.Err() == nil {
				c.end(abi.CloseAbnormal, lostReason, false)
				c.conn.CloseNow()
			}
			return
		}
	}
}

// closeWebSockets closes every client's WebSocket with abi.CloseServiceRestart, so that
// clients reconnect, and waits until their close handshakes end or ctx does, then
// cuts what is left, at the latest after wsShutdownWait. Run by Shutdown.
func (s *Server) closeWebSockets(ctx context.Context) {
	s.wsMu.Lock()
	conns := make([]*wsConn, 0, len(s.wsConns))
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
		case <-c.done:
		case <-ctx.Done():
			c.conn.CloseNow()
		case <-cut.C:
			cut.Reset(0)
			c.conn.CloseNow()
		}
	}
}
