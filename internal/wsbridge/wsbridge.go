// Package wsbridge carries a WebSocket between a network connection
// (github.com/coder/websocket, which does the protocol: framing, fragmentation,
// masking, control frames, the close handshake) and the engine's end of it
// (host.WebSocket): what the connection receives goes to the end in order; what the
// object sends (Message, Close: host.WebSocketPeer) goes out through a writer of its
// own, with a bounded send buffer. The server bridges the connections of its clients
// (package server), the engine those its objects open (new WebSocket(url)).
//
// An idle connection costs one goroutine, its reader: the writer runs only while there
// is something to write, and each ping on a timer of its own, so that many open sockets
// of hibernated objects hold little memory (docs/performance.md, issue 18).
package wsbridge

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/coder/websocket"
)

// Close codes (RFC 6455 section 7.4.1), as package abi names them.
const (
	closeAbnormal = 1006
	closePolicy   = 1008
	closeTooBig   = 1009
)

// LostReason is the reason an object's close gets when the connection was lost without
// a close frame, as from workerd.
const LostReason = "WebSocket disconnected without sending Close frame."

// End is the engine's end of the WebSocket a connection carries (host.WebSocket).
type End interface {
	// Send passes a message received to the object; it may wait (backpressure).
	Send(ctx context.Context, text bool, data []byte) error
	// Close passes the end of the connection: the other side's close (clean), or its loss.
	Close(code int, reason string, clean bool)
	// Error passes a failure of the connection (a malformed frame, a message too big).
	Error(msg string)
}

// Options configure a Conn.
type Options struct {
	MessageBytes int           // the largest message received; larger closes with 1009
	SendBuffer   int           // bytes of messages queued to write; over it, the connection closes with 1008
	WriteTimeout time.Duration // bounds writing one message
	Ping         time.Duration // how often to ping, and how long a pong may take; 0: no pings
	// ErrClosed is End.Send's error once the object closed its end: what arrives then,
	// until the close, is dropped.
	ErrClosed error
	// Queued, when set, is told each new high of the bytes queued to write.
	Queued func(n int)
	// Ended, when set, is called once the connection has ended, when Done is closed.
	Ended func()
}

// Conn is one connection bridged to its End. It is the End's host.WebSocketPeer.
type Conn struct {
	opts Options
	end  End
	conn *websocket.Conn

	ctx    context.Context // ends with the connection
	cancel context.CancelFunc

	mu      sync.Mutex
	queue   []out // to write, in order
	queued  int   // bytes of the messages in queue or being written
	high    int   // the most queued has been
	closing bool  // a close is queued or the connection ends: no more messages
	ended   bool  // the End was told the connection ended
	writing bool  // a writer runs (write); it stops when queue is empty
	reading bool  // the reader runs or is to (read)
	over    bool  // the reader and any writer stopped: done is closed
	pinger  *time.Timer
	done    chan struct{}

	// The object's close handshake (write1): shaken is closed once conn.Close returned,
	// and answer is then the peer's close it got, if any. The handshake may read the
	// peer's close frame itself, when the reader is not reading; the reader, which then
	// finds the connection closed, takes the close from here.
	shaken chan struct{}
	answer *websocket.CloseError

	got    atomic.Int64 // messages read
	inSend atomic.Bool  // the reader waits for the End to take one (backpressure)
}

// out is a message or the close to write.
type out struct {
	text   bool
	data   []byte
	close  bool
	code   int
	reason string
}

// New returns conn bridged to end. The caller attaches it to the end (it is the end's
// peer), then calls Run.
func New(conn *websocket.Conn, end End, opts Options) *Conn {
	conn.SetReadLimit(int64(opts.MessageBytes))
	c := &Conn{opts: opts, end: end, conn: conn, reading: true, done: make(chan struct{})}
	c.ctx, c.cancel = context.WithCancel(context.Background())
	return c
}

// Run bridges the connection until it ends (Done), on goroutines of its own.
func (c *Conn) Run() {
	c.mu.Lock()
	if c.opts.Ping > 0 {
		c.pinger = time.AfterFunc(c.opts.Ping, c.ping)
	}
	c.mu.Unlock()
	go c.read()
}

// stopped is called, with c.mu held, when the reader or a writer stops: once neither
// runs, the connection is over. It returns whether it is; the caller then calls over.
func (c *Conn) stopped() bool {
	if c.reading || c.writing || c.over {
		return false
	}
	c.over = true
	if c.pinger != nil {
		c.pinger.Stop()
	}
	return true
}

// finish closes the connection once its reader and writer stopped, and says so.
func (c *Conn) finish() {
	c.conn.CloseNow()
	close(c.done)
	if c.opts.Ended != nil {
		c.opts.Ended()
	}
}

// Done is closed once the connection has ended.
func (c *Conn) Done() <-chan struct{} { return c.done }

// CloseNow cuts the connection without a close handshake.
func (c *Conn) CloseNow() { c.conn.CloseNow() }

// Message queues a message of the object's. A connection whose queue would grow over
// Options.SendBuffer is closed with 1008, and the End is told.
func (c *Conn) Message(text bool, data []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closing {
		return
	}
	if c.queued+len(data) > c.opts.SendBuffer && c.queued > 0 {
		for _, m := range c.queue {
			c.queued -= len(m.data)
		}
		c.queue, c.closing = nil, true
		const reason = "the client does not read what is sent to it"
		go func() { // not on the object's thread
			c.end1(closePolicy, reason, false)
			c.conn.Close(websocket.StatusPolicyViolation, reason) // a writer blocked on the peer fails
		}()
		return
	}
	c.queue = append(c.queue, out{text: text, data: data})
	c.queued += len(data)
	if c.queued > c.high {
		c.high = c.queued
		if c.opts.Queued != nil {
			c.opts.Queued(c.high)
		}
	}
	c.startWriter()
}

// Close queues the close frame, after the messages queued before it: the object closed
// its end, or the engine closes.
func (c *Conn) Close(code int, reason string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closing {
		return
	}
	c.closing = true
	c.queue = append(c.queue, out{close: true, code: code, reason: reason})
	c.startWriter()
}

// startWriter starts a writer for the queue unless one runs; c.mu is held.
func (c *Conn) startWriter() {
	if !c.writing {
		c.writing = true
		go c.write()
	}
}

// end1 tells the End, once, that the connection ended.
func (c *Conn) end1(code int, reason string, clean bool) {
	c.mu.Lock()
	told := c.ended
	c.ended, c.closing = true, true
	c.mu.Unlock()
	if !told {
		c.end.Close(code, reason, clean)
	}
}

// write writes what the object sends until the queue is empty, the close is written or
// the connection fails. After the close or a failure, the connection ends.
func (c *Conn) write() {
	for {
		c.mu.Lock()
		if len(c.queue) == 0 || c.ctx.Err() != nil {
			c.writing = false
			over := c.stopped()
			c.mu.Unlock()
			if over {
				c.finish()
			}
			return
		}
		m := c.queue[0]
		c.queue[0] = out{}
		c.queue = c.queue[1:]
		if len(c.queue) == 0 {
			c.queue = nil // an idle connection keeps no backing array
		}
		c.mu.Unlock()
		if !c.write1(m) {
			c.cancel()
		}
	}
}

// write1 writes one message or the close; false: the connection ends (after the close,
// or a failure).
func (c *Conn) write1(m out) bool {
	if m.close {
		code := websocket.StatusCode(m.code)
		if code == closeAbnormal { // the object's end dropped: no close frame, as workerd
			c.conn.CloseNow()
			return false
		}
		if code == 0 { // close() without a code: a close frame without one
			code = websocket.StatusNoStatusRcvd
		}
		c.mu.Lock()
		c.shaken = make(chan struct{})
		c.mu.Unlock()
		err := c.conn.Close(code, m.reason) // the handshake; the reader gets the answer, or it does
		var ce websocket.CloseError
		switch {
		case err == nil:
			// The peer answered with the same code, as RFC 6455 section 5.5.1 says it
			// typically does. The library keeps the answer's reason to itself: this
			// takes it to be ours echoed, as coder/websocket's peers echo it.
			c.answer = &websocket.CloseError{Code: code, Reason: m.reason}
		case errors.As(err, &ce):
			c.answer = &ce
		}
		close(c.shaken)
		return false
	}
	typ := websocket.MessageBinary
	if m.text {
		typ = websocket.MessageText
	}
	ctx, cancel := context.WithTimeout(c.ctx, c.opts.WriteTimeout)
	err := c.conn.Write(ctx, typ, m.data)
	cancel()
	c.mu.Lock()
	c.queued -= len(m.data)
	c.mu.Unlock()
	if err != nil {
		c.end1(closeAbnormal, LostReason, false)
		return false
	}
	return true
}

// read passes what arrives to the End until the connection ends, and tells it how it
// ended.
func (c *Conn) read() {
	defer func() {
		c.cancel()
		c.mu.Lock()
		c.reading, c.closing = false, true
		over := c.stopped()
		c.mu.Unlock()
		if over {
			c.finish()
		}
	}()
	for {
		typ, data, err := c.conn.Read(c.ctx)
		if err != nil {
			c.readFailed(err)
			return
		}
		text := typ == websocket.MessageText
		if text && !utf8.Valid(data) {
			const msg = "a text message is not valid UTF-8"
			c.end.Error(msg)
			c.end1(int(websocket.StatusInvalidFramePayloadData), msg, false)
			c.conn.Close(websocket.StatusInvalidFramePayloadData, msg)
			return
		}
		c.got.Add(1)
		c.inSend.Store(true)
		err = c.end.Send(c.ctx, text, data)
		c.inSend.Store(false)
		if err != nil && !errors.Is(err, c.opts.ErrClosed) {
			return // the connection ended (ctx)
		}
		// After the object closed, what arrives until the close is dropped.
	}
}

// readFailed tells the End how the connection ended: the other side's close, a message
// over the limit (1009), a protocol error (1002), or the connection lost (1006).
func (c *Conn) readFailed(err error) {
	if code := websocket.CloseStatus(err); code != -1 {
		var ce websocket.CloseError
		errors.As(err, &ce)
		c.end1(int(code), ce.Reason, true)
		return
	}
	c.mu.Lock()
	shaken := c.shaken
	c.mu.Unlock()
	if shaken != nil { // the object's close handshake ran: it may have got the answer
		<-shaken // bounded: conn.Close waits at most 5 s for each half
		if ce := c.answer; ce != nil {
			c.end1(int(ce.Code), ce.Reason, true)
			return
		}
	}
	switch {
	case errors.Is(err, websocket.ErrMessageTooBig):
		msg := fmt.Sprintf("a message is over the limit of %d bytes", c.opts.MessageBytes)
		c.end.Error(msg)
		c.end1(closeTooBig, msg, false)
	case lost(err) || c.ctx.Err() != nil:
		c.end1(closeAbnormal, LostReason, false)
	default: // a malformed frame: the library sent 1002 where it could
		c.end.Error(err.Error())
		c.end1(int(websocket.StatusProtocolError), "protocol error", false)
	}
}

// lost reports whether err is the loss of the connection rather than bad input.
func lost(err error) bool {
	var ne net.Error
	return errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, net.ErrClosed) ||
		errors.Is(err, context.Canceled) || errors.As(err, &ne)
}

// ping pings, every Options.Ping from Run on (on its timer's goroutine); a peer that
// does not answer within that time, and sent nothing meanwhile, is taken for gone (a
// half-open connection): cut, and the End told 1006. (A pong is read only while the
// reader reads, not while it waits for the End.)
func (c *Conn) ping() {
	interval := c.opts.Ping
	if c.ctx.Err() != nil {
		return
	}
	got := c.got.Load()
	ctx, cancel := context.WithTimeout(c.ctx, interval)
	err := c.conn.Ping(ctx)
	cancel()
	if err != nil && !c.inSend.Load() && c.got.Load() == got {
		if c.ctx.Err() == nil {
			c.end1(closeAbnormal, LostReason, false)
			c.conn.CloseNow()
		}
		return
	}
	// Answered, or the peer sent meanwhile: its pong waits behind what the object has yet to take.
	c.mu.Lock()
	if !c.over {
		c.pinger.Reset(interval)
	}
	c.mu.Unlock()
}
