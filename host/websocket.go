package host

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/host/internal/js"
)

// WebSockets. The engine holds both ends of every WebSocket an object makes (a
// JavaScript WebSocketPair, or a native plugin's websocket_accept), so that whatever
// holds the other end (a network connection the server took, another object, the
// Worker) reaches the object only through the engine. An end is, in turn:
//
//   - new: made by an object's instance, not yet accepted; what arrives waits for it
//     (up to wsQueued events);
//   - handed over: in the Response of a fetch, with status 101, until the caller takes
//     it: the server, for a network connection (Engine.TakeWebSocket), or the object
//     that called stub.fetch, which then holds it as new;
//   - accepted (JavaScript's ws.accept()): what arrives is an event of the instance
//     that accepted it; the object stays resident while it is open, and the end closes
//     (CloseInternal) when that instance goes;
//   - hibernatable (ctx.acceptWebSocket, websocket_accept): what arrives is a call of
//     the object's, to webSocketMessage / webSocketClose / webSocketError (the
//     abi.ExportWebSocket* exports), activating it if it is not resident: such an
//     object is evicted when idle like any, and its sockets, tags and attachments stay
//     with the engine; a new version of its class takes the next event;
//   - network: the server holds it (WebSocket); what the object sends goes to its
//     WebSocketPeer.
//
// Events of one end reach its object in order, each as a call of kind kindSocket,
// under the input gate, one at a time; a call that awaits a timer or a fetch lets them
// join it as any call may (gate.go), which is how a Worker's fetch watches a socket. A
// message an object sends while its batch has uncommitted writes leaves once they
// are durable (the output gate), else at once. Sockets do not survive the engine: Close
// closes every network end with abi.CloseServiceRestart, so that clients reconnect.

// Limits of WebSockets, as Cloudflare's (developers.cloudflare.com/durable-objects/
// platform/limits/): Options.WebSocketMessageBytes and Options.WebSocketsPerObject
// default to these.
const (
	// DefaultWebSocketMessageBytes is the largest message, received or sent: 1 MiB.
	DefaultWebSocketMessageBytes = 1 << 20
	// DefaultWebSocketsPerObject is how many WebSockets one object may hold open.
	DefaultWebSocketsPerObject = 32768
	// WebSocketAttachmentBytes is the largest serialized attachment of a hibernatable
	// WebSocket (serializeAttachment).
	WebSocketAttachmentBytes = 2048
	// WebSocketTagsMax and WebSocketTagBytes bound the tags of one WebSocket
	// (ctx.acceptWebSocket): at most 10 tags of at most 256 bytes each.
	WebSocketTagsMax  = 10
	WebSocketTagBytes = 256
)

const (
	wsQueued   = 1024             // events held for an end not yet accepted
	wsInFlight = 64               // events of one end posted to its object, not yet run
	wsHandOver = 30 * time.Second // how long a handed-over end waits to be taken
)

// wsDropped is the reason of the close a peer gets when its object's end drops without
// a close frame (code abi.CloseAbnormal), as workerd words it.
const wsDropped = "WebSocket disconnected without sending Close frame."

// ErrWebSocketClosed: the WebSocket is closed, or its other end is gone.
var ErrWebSocketClosed = errors.New("websocket closed")

// WebSocketPeer receives what the engine sends to the end a network connection holds
// (WebSocket.Attach). Its methods are called from the object's worker thread: they must
// not block, and must bound what they hold (closing a client that cannot keep up).
type WebSocketPeer interface {
	// Message is a message the object sent: text (UTF-8) or binary. data is the peer's.
	Message(text bool, data []byte)
	// Close closes the connection: with the code and reason the object closed with, or
	// CloseInternal when the object's instance went, CloseServiceRestart when the engine
	// closes. No Message follows.
	Close(code int, reason string)
}

// wsState is the state of an end (see above).
type wsState uint8

const (
	wsNew wsState = iota
	wsHandedOver
	wsAccepted
	wsHibernatable
	wsNetwork
)

// wsEnd is one end of a WebSocket in the engine.
type wsEnd struct {
	id   uint64
	peer *wsEnd // the other end; set at creation

	mu        sync.Mutex // taken after webSockets.mu when both are
	state     wsState
	owner     string  // class + "\x00" + name of the object that holds it (new, accepted, hibernatable)
	obj       *object // for accepted: the resident object whose instance accepted it
	net       WebSocketPeer
	queued    []abi.WebSocketEvent // what arrived before it was accepted or attached
	sentClose bool                 // this end sent its close
	gotClose  bool                 // the other end's close arrived
	done      bool                 // gone from the registry

	tags       []string
	attachment []byte
	autoAt     time.Time // when the host last answered an auto-response request on it
	inFlight   int
	room       chan struct{} // a token when inFlight dropped below wsInFlight
}

// webSockets is the engine's registry of ends.
type webSockets struct {
	mu       sync.Mutex
	next     uint64
	ends     map[uint64]*wsEnd
	byObject map[string]map[uint64]*wsEnd // the ends each owner holds, by owner
	accepted map[string]int               // of those, the accepted and hibernatable ones
	auto     map[string]*[2]string        // auto-response request and response by owner
	timeouts map[string]time.Duration     // setHibernatableWebSocketEventTimeout by owner
	closed   atomic.Bool                  // the engine closed: no event runs
}

func newWebSockets() *webSockets {
	return &webSockets{ends: map[uint64]*wsEnd{}, byObject: map[string]map[uint64]*wsEnd{}, accepted: map[string]int{}, auto: map[string]*[2]string{}, timeouts: map[string]time.Duration{}}
}

func ownerKey(o *object) string { return o.class + "\x00" + o.name }

// pair makes two new ends of owner.
func (w *webSockets) pair(owner string) (a, b *wsEnd) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.next += 2
	a = &wsEnd{id: w.next - 1, owner: owner, room: make(chan struct{}, 1)}
	b = &wsEnd{id: w.next, owner: owner, room: make(chan struct{}, 1)}
	a.peer, b.peer = b, a
	w.ends[a.id], w.ends[b.id] = a, b
	w.hold(owner, a)
	w.hold(owner, b)
	return a, b
}

// hold records that owner holds x. Run with w.mu held.
func (w *webSockets) hold(owner string, x *wsEnd) {
	m := w.byObject[owner]
	if m == nil {
		m = map[uint64]*wsEnd{}
		w.byObject[owner] = m
	}
	m[x.id] = x
}

// release records that owner no longer holds x. Run with w.mu held.
func (w *webSockets) release(owner string, x *wsEnd) {
	if m := w.byObject[owner]; m != nil {
		delete(m, x.id)
		if len(m) == 0 {
			delete(w.byObject, owner)
		}
	}
}

func (w *webSockets) get(id uint64) *wsEnd {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.ends[id]
}

// drop removes x from the registry once both its ends closed, or it was cut.
func (w *webSockets) drop(x *wsEnd) {
	w.mu.Lock()
	defer w.mu.Unlock()
	delete(w.ends, x.id)
	w.release(x.owner, x)
	if x.state == wsAccepted || x.state == wsHibernatable {
		if w.accepted[x.owner]--; w.accepted[x.owner] <= 0 {
			delete(w.accepted, x.owner)
		}
	}
}

// held returns the hibernatable and accepted ends of owner with tag (any, for "").
func (w *webSockets) held(owner, tag string, hibernatable bool) []*wsEnd {
	w.mu.Lock()
	defer w.mu.Unlock()
	var out []*wsEnd
	for _, x := range w.byObject[owner] {
		x.mu.Lock()
		ok := x.state == wsHibernatable || (!hibernatable && x.state == wsAccepted)
		ok = ok && !x.sentClose && (tag == "" || slices.Contains(x.tags, tag))
		x.mu.Unlock()
		if ok {
			out = append(out, x)
		}
	}
	slices.SortFunc(out, func(a, b *wsEnd) int { return int(a.id - b.id) })
	return out
}

// deliver hands ev, which x's other end sent, to whatever holds x.
func (e *Engine) deliver(x *wsEnd, ev abi.WebSocketEvent) {
	ev.Socket = int64(x.id)
	x.mu.Lock()
	if x.done {
		x.mu.Unlock()
		return
	}
	if ev.Export == abi.ExportWebSocketClose {
		x.gotClose = true
	}
	switch x.state {
	case wsNew, wsHandedOver, wsNetwork:
		if x.state == wsNetwork && x.net != nil {
			break
		}
		// Not yet accepted, or taken by the server and not yet attached (its handshake
		// runs between TakeWebSocket and Attach): held, in order, for Attach.
		if len(x.queued) >= wsQueued {
			x.mu.Unlock()
			e.cut(x, abi.ClosePolicy, "too many messages before the WebSocket was accepted")
			return
		}
		x.queued = append(x.queued, ev)
		x.mu.Unlock()
		return
	}
	switch x.state {
	case wsNetwork:
		p := x.net
		closed := x.gotClose && x.sentClose
		x.mu.Unlock()
		e.toPeer(x, p, ev, closed)
	default:
		owner := x.owner
		auto := x.state == wsHibernatable && ev.Export == abi.ExportWebSocketMessage && ev.Text
		x.mu.Unlock()
		if auto { // e.ws.mu is taken before an end's, never after
			if r := e.autoResponse(owner, ev.Data); r != nil {
				x.mu.Lock()
				x.autoAt = time.Now()
				x.mu.Unlock()
				e.deliver(x.peer, abi.WebSocketEvent{Export: abi.ExportWebSocketMessage, Text: true, Data: r})
				return
			}
		}
		x.mu.Lock()
		x.inFlight++
		x.mu.Unlock()
		e.post(x, owner, ev)
	}
}

// autoResponse is the response owner's auto-response pair gives to request, or nil.
func (e *Engine) autoResponse(owner string, request []byte) []byte {
	e.ws.mu.Lock()
	defer e.ws.mu.Unlock()
	if p := e.ws.auto[owner]; p != nil && p[0] == string(request) {
		return []byte(p[1])
	}
	return nil
}

// post runs ev as a call of the object owner, without waiting for it: the call queues
// at once, in the order of x's events, and a goroutine of its own waits for its turn.
func (e *Engine) post(x *wsEnd, owner string, ev abi.WebSocketEvent) {
	class, name, _ := cutOwner(owner)
	if e.ws.closed.Load() {
		x.mu.Lock()
		x.inFlight-- // the engine closed: no object runs
		x.mu.Unlock()
		return
	}
	e.inflight.Add(1)
	c := &call{ctx: e.baseCtx, kind: kindSocket, method: ev.Export, input: ev.Encode(), done: make(chan bool, 1), mustExist: true}
	e.ws.mu.Lock()
	if t := e.ws.timeouts[owner]; t > 0 {
		c.deadline = time.Now().Add(t)
	}
	e.ws.mu.Unlock()
	for {
		o := e.object(class, name)
		if lead, ok := o.enqueue(c); ok {
			go func() {
				defer e.inflight.Add(-1)
				if lead || <-c.done {
					o.lead(c)
				}
				if c.err != nil && !errors.Is(c.err, ErrNoDatabase) {
					e.log.Warn("websocket event failed", "class", class, "object", name, "event", ev.Export, "err", c.err)
				}
				x.mu.Lock()
				x.inFlight--
				reply := ev.Export == abi.ExportWebSocketClose && !x.sentClose
				x.sentClose = x.sentClose || ev.Export == abi.ExportWebSocketClose
				x.mu.Unlock()
				switch {
				case reply && c.err != nil:
					// The handler failed without closing: the end drops, as on workerd.
					e.deliver(x.peer, abi.WebSocketEvent{Export: abi.ExportWebSocketClose, Code: abi.CloseAbnormal, Reason: wsDropped})
				case reply:
					// The handler did not close: the close is answered with the same code,
					// as workerd does for hibernatable WebSockets (web_socket_auto_reply_to_close).
					e.deliver(x.peer, abi.WebSocketEvent{Export: abi.ExportWebSocketClose, Code: ev.Code, Reason: ev.Reason, WasClean: true})
				}
				e.finish(x) // once both closes crossed, the last event to run drops x
				select {
				case x.room <- struct{}{}:
				default:
				}
			}()
			return
		}
	}
}

func cutOwner(owner string) (class, name string, ok bool) {
	for i := 0; i < len(owner); i++ {
		if owner[i] == 0 {
			return owner[:i], owner[i+1:], true
		}
	}
	return owner, "", false
}

// enqueue queues c at o without waiting: lead reports whether the caller must lead the
// batch now (o ran none), else c.done says when; ok is false if o was evicted.
func (o *object) enqueue(c *call) (lead, ok bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.evicted {
		return false, false
	}
	o.queue = append(o.queue, c)
	if o.running {
		select {
		case o.arrived <- struct{}{}:
		default:
		}
		return false, true
	}
	o.running = true
	return true, true
}

// finish drops x, and its other end, from the registry once both closes crossed and the
// events posted to its object ran (the close among them: a call may wait for it), or
// x's connection is gone.
func (e *Engine) finish(x *wsEnd) {
	x.mu.Lock()
	gone := !x.done && (x.state == wsNetwork || (x.gotClose && x.sentClose && x.inFlight == 0))
	if gone {
		x.done = true
	}
	x.mu.Unlock()
	if gone {
		e.ws.drop(x)
		e.metrics.websockets.Dec()
		if x.obj != nil { // accepted: the instance holds one fewer
			x.obj.sockets.Add(-1)
		}
	}
}

// hibernatedSockets counts the hibernatable ends whose object is not resident.
func (e *Engine) hibernatedSockets() float64 {
	e.ws.mu.Lock()
	owners := make(map[string]int, len(e.ws.byObject))
	for owner, m := range e.ws.byObject {
		for _, x := range m {
			x.mu.Lock()
			if x.state == wsHibernatable {
				owners[owner]++
			}
			x.mu.Unlock()
		}
	}
	e.ws.mu.Unlock()
	n := 0
	e.mu.Lock()
	for owner, k := range owners {
		if o := e.objects[owner]; o == nil || o.resident.Load() == nil {
			n += k
		}
	}
	e.mu.Unlock()
	return float64(n)
}

// cut closes x at once with code and reason to whatever holds either end: a limit, a
// failed instance, the engine closing.
func (e *Engine) cut(x *wsEnd, code int, reason string) {
	for _, y := range []*wsEnd{x, x.peer} {
		y.mu.Lock()
		if y.done {
			y.mu.Unlock()
			continue
		}
		sent := y.sentClose
		y.sentClose = true
		y.mu.Unlock()
		if !sent {
			e.deliver(y.peer, abi.WebSocketEvent{Export: abi.ExportWebSocketClose, Code: code, Reason: reason})
		}
	}
	for _, y := range []*wsEnd{x, x.peer} {
		y.mu.Lock()
		y.gotClose, y.sentClose = true, true
		y.mu.Unlock()
		e.finish(y)
	}
}

// closeInstanceSockets closes the ends o's instance accepted, or holds and never
// accepted, as it goes: no instance is left to take their events.
func (o *object) closeInstanceSockets() {
	e := o.e
	e.ws.mu.Lock()
	var ends []*wsEnd
	for _, x := range e.ws.byObject[ownerKey(o)] {
		x.mu.Lock()
		if x.state == wsAccepted || x.state == wsNew {
			ends = append(ends, x)
		}
		x.mu.Unlock()
	}
	e.ws.mu.Unlock()
	for _, x := range ends {
		e.cut(x, abi.CloseInternal, "the object's instance went away")
	}
}

// keptForSockets reports whether o stays resident, idle or not, for the WebSockets
// its instance accepted (ws.accept()): until they close or the engine does.
func (e *Engine) keptForSockets(o *object) bool {
	return o.sockets.Load() > 0 && !e.closing.Load()
}

// closeWebSockets closes every WebSocket: network ends with CloseServiceRestart. Run by
// Close.
func (e *Engine) closeWebSockets() {
	e.ws.mu.Lock()
	ends := make([]*wsEnd, 0, len(e.ws.ends))
	for _, x := range e.ws.ends {
		ends = append(ends, x)
	}
	e.ws.mu.Unlock()
	for _, x := range ends {
		e.cut(x, abi.CloseServiceRestart, "service restart")
	}
}

// WebSocket is the end of a WebSocket that the server holds for a network connection
// (Engine.TakeWebSocket): what the client sends goes in through Send and Close, and
// what the object sends comes out through the WebSocketPeer given to Attach. Safe for
// concurrent use.
type WebSocket struct {
	e *Engine
	x *wsEnd
}

// TakeWebSocket takes the WebSocket of resp, a fetch's answer with status 101 and
// resp.WebSocket set, for a network connection. It fails when there is none, or it was
// taken already. The caller must Attach a peer, or Close it.
func (e *Engine) TakeWebSocket(resp FetchResponse) (*WebSocket, error) {
	x := e.ws.get(uint64(resp.WebSocket))
	if x == nil || resp.WebSocket == 0 {
		return nil, fmt.Errorf("%w: the response holds no WebSocket", ErrWebSocketClosed)
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.state != wsHandedOver {
		return nil, fmt.Errorf("%w: the response's WebSocket was taken already", ErrWebSocketClosed)
	}
	x.state, x.owner = wsNetwork, ""
	return &WebSocket{e: e, x: x}, nil
}

// toPeer hands ev to p, the peer of x, a network end; closed says both closes were
// sent.
func (e *Engine) toPeer(x *wsEnd, p WebSocketPeer, ev abi.WebSocketEvent, closed bool) {
	switch ev.Export {
	case abi.ExportWebSocketMessage:
		p.Message(ev.Text, ev.Data)
	default:
		p.Close(ev.Code, ev.Reason)
	}
	if closed || ev.Export != abi.ExportWebSocketMessage {
		e.finish(x)
	}
}

// Attach makes p the receiver of what the object sends, first what it sent before
// (since TakeWebSocket too), in order: what arrives while those are handed over waits
// behind them.
func (w *WebSocket) Attach(p WebSocketPeer) {
	x := w.x
	for {
		x.mu.Lock()
		queued := x.queued
		x.queued = nil
		if len(queued) == 0 || x.done {
			x.net = p
			x.mu.Unlock()
			return
		}
		closed := x.gotClose && x.sentClose
		x.mu.Unlock()
		for _, ev := range queued {
			w.e.toPeer(x, p, ev, closed)
		}
	}
}

// Send passes a message from the client to the object. It waits while the object has
// wsInFlight of this socket's events still to run (or until ctx ends: its error), and
// fails with ErrWebSocketClosed once the socket is closed.
func (w *WebSocket) Send(ctx context.Context, text bool, data []byte) error {
	y := w.x.peer
	for {
		y.mu.Lock()
		closed, busy := w.x.sentClose || y.done, y.inFlight >= wsInFlight
		y.mu.Unlock()
		if closed {
			return ErrWebSocketClosed
		}
		if !busy {
			break
		}
		select {
		case <-y.room:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	w.e.metrics.websocketMessages.WithLabelValues("in").Inc()
	w.e.deliver(y, abi.WebSocketEvent{Export: abi.ExportWebSocketMessage, Text: text, Data: data})
	return nil
}

// Close passes the client's close (code and reason of its close frame, with clean
// true), or the loss of its connection (abi.CloseAbnormal, clean false), to the object.
// Close after Close does nothing.
func (w *WebSocket) Close(code int, reason string, clean bool) {
	x := w.x
	x.mu.Lock()
	sent := x.sentClose
	x.sentClose = true
	x.mu.Unlock()
	if !sent {
		w.e.deliver(x.peer, abi.WebSocketEvent{Export: abi.ExportWebSocketClose, Code: code, Reason: reason, WasClean: clean})
	}
	x.mu.Lock()
	x.gotClose = true
	x.mu.Unlock()
	w.e.finish(x)
}

// Error passes a failure of the connection (a malformed frame, a message over the
// size limit) to the object as a websocket_error event; a Close should follow.
func (w *WebSocket) Error(msg string) {
	w.e.deliver(w.x.peer, abi.WebSocketEvent{Export: abi.ExportWebSocketError, Reason: msg})
}

// The WebSocket operations of a call (js.WebSockets, and the native host functions).

var _ js.WebSockets = (*callEnv)(nil)

// end returns the end id that env's object holds.
func (env *callEnv) end(id uint64) (*wsEnd, error) {
	x := env.obj.e.ws.get(id)
	if x == nil {
		return nil, abi.Errorf(abi.CodeNotFound, "no WebSocket %d", id)
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.owner != ownerKey(env.obj) || x.state == wsHandedOver || x.state == wsNetwork {
		return nil, abi.Errorf(abi.CodeNotFound, "WebSocket %d is not this object's", id)
	}
	return x, nil
}

// WebSocketPair makes a WebSocket of two new ends, both the object's.
func (env *callEnv) WebSocketPair() (a, b uint64) {
	x, y := env.obj.e.ws.pair(ownerKey(env.obj))
	env.obj.e.metrics.websockets.Add(2)
	return x.id, y.id
}

// WebSocketAccept accepts end id: hibernatable, with tags (at most WebSocketTagsMax,
// each at most WebSocketTagBytes), or accepted by the instance. What arrived before is
// delivered now. It fails when the object holds Options.WebSocketsPerObject already.
func (env *callEnv) WebSocketAccept(id uint64, hibernatable bool, tags []string) error {
	o := env.obj
	e := o.e
	if len(tags) > WebSocketTagsMax {
		return abi.Errorf(abi.CodeBadInput, "a WebSocket has at most %d tags, not %d", WebSocketTagsMax, len(tags))
	}
	for _, t := range tags {
		if len(t) > WebSocketTagBytes || t == "" {
			return abi.Errorf(abi.CodeBadInput, "a WebSocket tag is 1 to %d bytes, not %d", WebSocketTagBytes, len(t))
		}
	}
	x, err := env.end(id)
	if err != nil {
		return err
	}
	key := ownerKey(o)
	e.ws.mu.Lock()
	if e.ws.accepted[key] >= e.opts.WebSocketsPerObject {
		e.ws.mu.Unlock()
		return abi.Errorf(abi.CodeUnavailable, "the object holds %d WebSockets, its limit", e.opts.WebSocketsPerObject)
	}
	x.mu.Lock()
	if x.state != wsNew {
		x.mu.Unlock()
		e.ws.mu.Unlock()
		return abi.Errorf(abi.CodeBadInput, "WebSocket %d is accepted already", id)
	}
	e.ws.accepted[key]++
	if hibernatable {
		x.state, x.tags = wsHibernatable, slices.Clone(tags)
	} else {
		x.state, x.obj = wsAccepted, o
		o.sockets.Add(1)
	}
	queued := x.queued
	x.queued = nil
	x.mu.Unlock()
	e.ws.mu.Unlock()
	for _, ev := range queued {
		e.deliver(x, ev)
	}
	return nil
}

// WebSocketRespond hands end id over to the caller of the fetch in progress, which
// answers with status 101 and it.
func (env *callEnv) WebSocketRespond(id uint64) error {
	x, err := env.end(id)
	if err != nil {
		return err
	}
	x.mu.Lock()
	if x.state != wsNew {
		x.mu.Unlock()
		return abi.Errorf(abi.CodeBadInput, "a WebSocket already accepted cannot be the response's")
	}
	x.state, x.owner = wsHandedOver, ""
	x.mu.Unlock()
	e := env.obj.e
	e.ws.mu.Lock()
	e.ws.release(ownerKey(env.obj), x)
	e.ws.mu.Unlock()
	e.cutIfNotTaken(x)
	return nil
}

// cutIfNotTaken cuts x, an end handed over in a fetch's response, if nobody took it
// within wsHandOver.
func (e *Engine) cutIfNotTaken(x *wsEnd) {
	time.AfterFunc(wsHandOver, func() {
		x.mu.Lock()
		left := x.state == wsHandedOver
		x.mu.Unlock()
		if left {
			e.cut(x, abi.CloseGoingAway, "the response's WebSocket was never taken")
		}
	})
}

// adoptWebSocket makes the WebSocket of a fetch's answer out, if it has one, env's
// object's (a new end): the object that called stub.fetch takes it.
func (env *callEnv) adoptWebSocket(out []byte) {
	id := abi.FetchResponseWebSocket(out)
	if id == 0 {
		return
	}
	x := env.obj.e.ws.get(uint64(id))
	if x == nil {
		return
	}
	w := env.obj.e.ws
	w.mu.Lock()
	defer w.mu.Unlock()
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.state == wsHandedOver {
		x.state, x.owner = wsNew, ownerKey(env.obj)
		w.hold(x.owner, x)
	}
}

// WebSocketSend sends a message on end id, which must be accepted and not closed. It
// leaves once the batch's writes are durable when the batch has written, else at once.
func (env *callEnv) WebSocketSend(id uint64, text bool, data []byte) error {
	o := env.obj
	if len(data) > o.e.opts.WebSocketMessageBytes {
		return abi.Errorf(abi.CodeTooLarge, "a WebSocket message of %d bytes is over the limit of %d", len(data), o.e.opts.WebSocketMessageBytes)
	}
	x, err := env.end(id)
	if err != nil {
		return err
	}
	x.mu.Lock()
	state, closed := x.state, x.sentClose
	x.mu.Unlock()
	switch {
	case state == wsNew:
		return abi.Errorf(abi.CodeBadInput, "the WebSocket must be accepted before it sends")
	case closed:
		return abi.Errorf(abi.CodeBadInput, "the WebSocket is closed")
	}
	ev := abi.WebSocketEvent{Export: abi.ExportWebSocketMessage, Text: text, Data: slices.Clone(data)}
	o.e.metrics.websocketMessages.WithLabelValues("out").Inc()
	env.sendOrHold(x, func() { o.e.deliver(x.peer, ev) })
	return nil
}

// WebSocketClose closes end id with code and reason (checked by the caller). A close
// of an end closed already does nothing.
func (env *callEnv) WebSocketClose(id uint64, code int, reason string) error {
	x, err := env.end(id)
	if err != nil {
		return nil // closed and gone already
	}
	x.mu.Lock()
	sent := x.sentClose
	x.sentClose = true
	x.mu.Unlock()
	if sent {
		return nil
	}
	o := env.obj
	if code == 0 {
		code = abi.CloseNoStatus // the other end hears that none was given
	}
	env.sendOrHold(x, func() {
		o.e.deliver(x.peer, abi.WebSocketEvent{Export: abi.ExportWebSocketClose, Code: code, Reason: reason, WasClean: true})
		o.e.finish(x)
	})
	return nil
}

// heldSend is a send or close on end x that waits for its batch's commit.
type heldSend struct {
	x    *wsEnd
	send func()
}

// sendOrHold runs send, for end x, now, or once the batch's writes are durable when it
// has any.
func (env *callEnv) sendOrHold(x *wsEnd, send func()) {
	if env.db != nil && env.db.Writing() {
		env.obj.heldSends = append(env.obj.heldSends, heldSend{x, send})
		return
	}
	send()
}

// releaseSends sends what the batch that just committed held (the output gate).
func (o *object) releaseSends() {
	held := o.heldSends
	o.heldSends = nil
	for _, h := range held {
		h.send()
	}
}

// dropSends drops what a batch whose writes are gone held, and closes those sockets
// with CloseInternal: their clients must not go on as if the messages had been sent.
func (o *object) dropSends() {
	held := o.heldSends
	o.heldSends = nil
	for _, h := range held {
		o.e.cut(h.x, abi.CloseInternal, "the object's writes failed")
	}
}

// WebSockets lists the open hibernatable ends of the object with tag (any for ""), and
// with all also the accepted ones.
func (env *callEnv) WebSockets(tag string, all bool) []uint64 {
	ends := env.obj.e.ws.held(ownerKey(env.obj), tag, !all)
	ids := make([]uint64, len(ends))
	for i, x := range ends {
		ids[i] = x.id
	}
	return ids
}

// WebSocketState is end id's readyState as the WebSocket standard numbers it: 1 open
// (from its making on, as workerd has it), 2 closing (this end sent its close), 3
// closed.
func (env *callEnv) WebSocketState(id uint64) (int, error) {
	x, err := env.end(id)
	if err != nil {
		return 3, nil // gone: closed
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	switch {
	case x.done || (x.sentClose && x.gotClose):
		return 3, nil
	case x.sentClose:
		return 2, nil
	}
	return 1, nil
}

// WebSocketTags returns the tags end id was accepted with.
func (env *callEnv) WebSocketTags(id uint64) ([]string, error) {
	x, err := env.end(id)
	if err != nil {
		return nil, err
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.state != wsHibernatable {
		return nil, abi.Errorf(abi.CodeBadInput, "WebSocket %d was not accepted with ctx.acceptWebSocket", id)
	}
	return slices.Clone(x.tags), nil
}

// WebSocketAttachment returns end id's attachment (nil: none).
func (env *callEnv) WebSocketAttachment(id uint64) ([]byte, error) {
	x, err := env.end(id)
	if err != nil {
		return nil, err
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	return slices.Clone(x.attachment), nil
}

// SetWebSocketAttachment replaces end id's attachment with b (nil: none); at most
// WebSocketAttachmentBytes.
func (env *callEnv) SetWebSocketAttachment(id uint64, b []byte) error {
	if len(b) > WebSocketAttachmentBytes {
		return abi.Errorf(abi.CodeTooLarge, "a WebSocket attachment of %d bytes is over the limit of %d", len(b), WebSocketAttachmentBytes)
	}
	x, err := env.end(id)
	if err != nil {
		return err
	}
	x.mu.Lock()
	x.attachment = slices.Clone(b)
	x.mu.Unlock()
	return nil
}

// SetWebSocketAutoResponse makes the host answer request, a text message on any of the
// object's hibernatable WebSockets, with response, without a call; ok false clears it.
func (env *callEnv) SetWebSocketAutoResponse(request, response string, ok bool) {
	e := env.obj.e
	e.ws.mu.Lock()
	defer e.ws.mu.Unlock()
	if ok {
		e.ws.auto[ownerKey(env.obj)] = &[2]string{request, response}
	} else {
		delete(e.ws.auto, ownerKey(env.obj))
	}
}

// WebSocketAutoResponseTime returns when the host last answered an auto-response
// request on end id; ok false: never.
func (env *callEnv) WebSocketAutoResponseTime(id uint64) (time.Time, bool) {
	x, err := env.end(id)
	if err != nil {
		return time.Time{}, false
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.autoAt, !x.autoAt.IsZero()
}

// SetWebSocketEventTimeout bounds each later WebSocket event call of the object to d
// (0: the call time limit only).
func (env *callEnv) SetWebSocketEventTimeout(d time.Duration) {
	e := env.obj.e
	e.ws.mu.Lock()
	defer e.ws.mu.Unlock()
	e.ws.timeouts[ownerKey(env.obj)] = d
}

// WebSocketEventTimeout is what SetWebSocketEventTimeout set, 0 if nothing.
func (env *callEnv) WebSocketEventTimeout() time.Duration {
	e := env.obj.e
	e.ws.mu.Lock()
	defer e.ws.mu.Unlock()
	return e.ws.timeouts[ownerKey(env.obj)]
}

// WebSocketsOpen reports whether the object's instance holds WebSockets whose events
// may still come: a call waiting on nothing else waits for them.
func (env *callEnv) WebSocketsOpen() bool {
	return env.obj.sockets.Load() > 0
}
