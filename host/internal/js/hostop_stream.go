package js

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/sobjects/sobjects/host/internal/format"
)

// Streamed responses (runtime.js's "streamed responses"): a fetch handler whose
// Response body is a ReadableStream answers its call with the head alone, and a pump of
// runtime.js's own then reads the stream and hands the host each chunk (OP.STREAM_WRITE)
// into a Body, a bounded pipe that the caller reads: the server, writing each chunk to
// its client as it comes, or another script that fetched the object (OP.STREAM_READ),
// which can also return it unread as its own response (OP.STREAM_RELEASE "splice"), so
// that the chunks go from one to the other without passing through its script.
//
// The pump runs in the object's instance, as Cloudflare's does after the handler has
// returned: in the work the call leaves (its promise jobs), in the object's timers
// (a stream a timer feeds), and, when the pipe was full, in an event the host runs once
// the reader has taken half of what it held (BodyStreamer.StreamBody's wake), all under
// the object's input gate like any of its events, so the object takes its other calls
// meanwhile. What an event writes to a Body is staged until the host has committed the
// event's batch (ReleaseBodies): the output gate holds chunks as it holds answers.
//
// A script reads another object's Body without waiting in the host (readBody): with
// nothing there yet, a read outside a pending call waits for an event of its object's
// own that the host runs once something is released (Waker); one in a pending call
// arms a timer of runtime.js's own that waits in the host for it (waitBodies), never
// past the script's next timer.

// The host operations of streamed responses.
const (
	// jsOpStreamOpen makes a Body the response body of the call in the slot of the
	// fourth argument: it answers the body's id, or 0 when the call's caller takes whole
	// bodies only (the script then reads the stream whole).
	jsOpStreamOpen = 90
	// jsOpStreamWrite appends the ArrayBuffer after the fourth argument to the Body
	// whose id is a (none: only the answer): it answers 0, 1 when the Body is full (the
	// pump waits for __sobjects_streams), or 2 when its reader has gone.
	jsOpStreamWrite = 91
	// jsOpStreamEnd ends the Body whose id is a: closed, or, with b, failed with b as the
	// message (the stream errored).
	jsOpStreamEnd = 92
	// jsOpStreamRead reads the next chunk of the Body (another object's streamed answer)
	// whose id is a (readBody): an ArrayBuffer, 0 at its end, a string, its failure as
	// "Name: message", or, when nothing is there yet and the script waits for
	// __sobjects_streams, 1, or 3 when a call is pending and the script's timer must wait
	// for it: with a "", that timer's wait (waitBodies), b being the milliseconds
	// until the script's next timer.
	jsOpStreamRead = 93
	// jsOpStreamRelease lets go of the Body whose id is a, that the script reads: b
	// "cancel" closes it; b "splice" makes it the response body of the call in the slot
	// of the fourth argument, answering 1, or 0 when that call's caller takes whole
	// bodies only.
	jsOpStreamRelease = 94
)

// flagStreams is the byte of runtime.js's flags that is set while a pump waits for
// room in its Body, or a read for something to read.
const flagStreams = 4

// BodyBufferBytes is how many bytes of a streamed response a Body holds before the
// script's pump waits for its reader: the bound on what a response in flight holds
// in the host, whatever its size (one chunk past it at most).
const BodyBufferBytes = 1 << 20

// ErrStreamCut is what reading a Body gives when the stream that fed it failed (the
// script's stream errored, or its instance went before it ended): the reader's client
// sees the response cut, as on workerd.
var ErrStreamCut = errors.New("the response body stream failed")

// errBodyGone is what OP.STREAM_READ gives for a Body the script no longer holds.
var errBodyGone = errors.New("the body is already used")

// BodyStreamer is implemented by a Call whose fetch answer may have a streamed body.
type BodyStreamer interface {
	// StreamBody makes b the body of the call's response, and reports false, taking
	// nothing, when the call's caller takes whole bodies only. own is true when the
	// call's instance writes b; the Call then gives b, with SetHooks, a wake that runs
	// the instance's pumps as an event of the object's own.
	StreamBody(b *Body, own bool) bool
}

// Body is a streamed response body: a bounded pipe from the pump of the script that
// streams it to one reader. What the writer writes (its chunks, its end or failure)
// is staged until release, which the host calls once the batch of the event that
// wrote it has committed, so that no chunk leaves before the writes it may depend on
// are durable (the output gate). Safe for concurrent use by its writer and its reader.
type Body struct {
	mu      sync.Mutex
	chunks  [][]byte // written and not yet read, each the writer's copy
	visible int      // how many of chunks are released
	held    int      // bytes in chunks

	// What the writer did, staged (wEnded, wErr) and released (ended, err).
	wEnded, ended bool
	wErr, err     error

	cancelled bool   // the reader closed it
	full      bool   // the writer was told it is full and waits for wake
	wake      func() // called, once per full, when room opens or the reader goes
	done      func() // called once when b is done for its writer (released end or failure, or cancel)
	ready     chan struct{}

	// rwake, when the reader is a script that found nothing to read and waits (rwaiting),
	// is called once something is released for it (readBody).
	rwake    func()
	rwaiting bool
}

// NewBody returns an empty Body.
func NewBody() *Body { return &Body{ready: make(chan struct{}, 1)} }

// SetHooks sets what b calls: wake, without its lock, when the writer waits for room
// and room opens (the reader took half of BodyBufferBytes) or the reader has gone;
// done, once, when b is done for its writer, before the reader can see that b ended
// (so under b's lock: done must not block or use b). Call it before the writer starts.
func (b *Body) SetHooks(wake, done func()) { b.wake, b.done = wake, done }

func (b *Body) signal() {
	select {
	case b.ready <- struct{}{}:
	default:
	}
}

// write stages a copy of p, and reports full when b holds BodyBufferBytes or more:
// the writer then waits for wake. gone is true when the reader has closed b.
func (b *Body) write(p []byte) (full, gone bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.cancelled || b.wEnded || b.wErr != nil {
		return false, true
	}
	if len(p) > 0 {
		b.chunks = append(b.chunks, append([]byte(nil), p...))
		b.held += len(p)
	}
	b.full = b.held >= BodyBufferBytes
	return b.full, false
}

// finish stages the end of b: closed when err is nil, else failed with err.
func (b *Body) finish(err error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.wEnded || b.wErr != nil {
		return
	}
	if err != nil {
		b.wErr = err
	} else {
		b.wEnded = true
	}
}

// release lets the reader see what the writer staged.
func (b *Body) release() {
	b.mu.Lock()
	news := b.visible < len(b.chunks) || b.ended != b.wEnded || b.err != b.wErr
	b.visible, b.ended, b.err = len(b.chunks), b.wEnded, b.wErr
	if b.ended || b.err != nil {
		b.doneLocked()
	}
	var rwake func()
	if news {
		b.signal()
		rwake = b.readerWake()
	}
	b.mu.Unlock()
	if rwake != nil {
		rwake()
	}
}

// readerWake returns rwake, once, if the reader waits for it. b.mu is held.
func (b *Body) readerWake() func() {
	if !b.rwaiting {
		return nil
	}
	b.rwaiting = false
	return b.rwake
}

// cut fails b now, dropping what was staged and not released: its writer's instance
// is gone.
func (b *Body) cut(err error) {
	b.mu.Lock()
	if !b.ended && b.err == nil {
		for i := b.visible; i < len(b.chunks); i++ {
			b.held -= len(b.chunks[i])
			b.chunks[i] = nil
		}
		b.chunks = b.chunks[:b.visible]
		b.wErr, b.err = err, err
		b.signal()
	}
	b.doneLocked()
	rwake := b.readerWake()
	b.mu.Unlock()
	if rwake != nil {
		rwake()
	}
}

// writerDone calls done once.
func (b *Body) writerDone() {
	b.mu.Lock()
	b.doneLocked()
	b.mu.Unlock()
}

// doneLocked calls done once, with b.mu held: a reader that then sees b end finds its
// writer's object no longer streaming (host.Engine.keptForStreams).
func (b *Body) doneLocked() {
	if done := b.done; done != nil {
		b.done = nil
		done()
	}
}

// took accounts for n bytes the reader took, and returns wake when room opened for a
// writer that waits. b.mu is held.
func (b *Body) took(n int) (wake func()) {
	b.held -= n
	if b.full && b.held <= BodyBufferBytes/2 {
		b.full, wake = false, b.wake
	}
	return wake
}

// Next returns the next bytes written to b, waiting until some are, or b ends (io.EOF),
// or fails (an error matching ErrStreamCut), or ctx ends (its error). The bytes are the
// caller's.
func (b *Body) Next(ctx context.Context) ([]byte, error) {
	for {
		b.mu.Lock()
		if b.visible > 0 {
			c := b.chunks[0]
			b.chunks[0] = nil
			b.chunks = b.chunks[1:]
			b.visible--
			wake := b.took(len(c))
			b.mu.Unlock()
			if wake != nil {
				wake()
			}
			return c, nil
		}
		switch {
		case b.err != nil:
			err := b.err
			b.mu.Unlock()
			return nil, err
		case b.ended:
			b.mu.Unlock()
			return nil, io.EOF
		case b.cancelled:
			b.mu.Unlock()
			return nil, errBodyGone
		}
		b.mu.Unlock()
		select {
		case <-b.ready:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// Read is io.Reader's Read of b's bytes, waiting for them as Next does, without end.
func (b *Body) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	b.mu.Lock()
	if b.visible > 0 && len(b.chunks[0]) > len(p) {
		n := copy(p, b.chunks[0])
		b.chunks[0] = b.chunks[0][n:]
		wake := b.took(n)
		b.mu.Unlock()
		if wake != nil {
			wake()
		}
		return n, nil
	}
	b.mu.Unlock()
	c, err := b.Next(context.Background())
	return copy(p, c), err
}

// Close is the reader's: it lets go of b, wakes the writer, and the writer's pump
// finds it gone and cancels the script's stream. Closing twice does nothing.
func (b *Body) Close() error {
	b.mu.Lock()
	if b.cancelled {
		b.mu.Unlock()
		return nil
	}
	b.cancelled = true
	clear(b.chunks)
	b.chunks, b.visible, b.held = nil, 0, 0
	// The writer learns of it now, whether its pump waits for room or for its stream.
	wake := b.wake
	b.full = false
	b.signal()
	b.mu.Unlock()
	if wake != nil {
		wake()
	}
	b.writerDone()
	return nil
}

// bodies are the Bodies an instance's scripts hold: those it writes (its responses) and
// those it reads (other objects' answers), by id. Its instance's only.
type bodies struct {
	last   int
	out    map[int]*Body
	in     map[int]*Body
	staged []*Body       // those written to since the last ReleaseBodies
	waitFn uint64        // runtime.js's __sobjects_streams, once needed
	wake   chan struct{} // a body a script waits to read in a call has something (waitBodies)
}

func (js *Instance) bodies() *bodies {
	if js.streams == nil {
		js.streams = &bodies{out: map[int]*Body{}, in: map[int]*Body{}, wake: make(chan struct{}, 1)}
	}
	return js.streams
}

// adoptBody gives b, another object's streamed answer to a fetch the script made, an
// id for the script (OP.STREAM_READ, OP.STREAM_RELEASE).
func (js *Instance) adoptBody(b *Body) int {
	s := js.bodies()
	s.last++
	s.in[s.last] = b
	return s.last
}

// appendBodyID appends the id of a streamed answer's body to a fetch's answer, the JSON
// array fetchAnswer made: [status, headers, checked, statusText, id].
func appendBodyID(out []byte, id int) []byte {
	out = append(out[:len(out)-1], ',')
	return append(strconv.AppendInt(out, int64(id), 10), ']')
}

// ReleaseBodies lets the readers of the bodies the instance streams see what its
// scripts wrote to them: the host calls it once the batch they wrote in has committed.
func (js *Instance) ReleaseBodies() {
	s := js.streams
	if s == nil || len(s.staged) == 0 {
		return
	}
	for i, b := range s.staged {
		b.release()
		s.staged[i] = nil
	}
	s.staged = s.staged[:0]
}

// stage records that b was written to since the last ReleaseBodies.
func (s *bodies) stage(b *Body) {
	if !slices.Contains(s.staged, b) {
		s.staged = append(s.staged, b)
	}
}

// closeBodies cuts the Bodies the instance writes and lets go of those it reads: the
// instance is closing.
func (js *Instance) closeBodies() {
	s := js.streams
	if s == nil {
		return
	}
	js.streams = nil
	for _, b := range s.out {
		b.cut(errInstanceGone)
	}
	for _, b := range s.staged {
		b.cut(errInstanceGone)
	}
	for _, b := range s.in {
		b.Close()
	}
}

var errInstanceGone = fmt.Errorf("%w: the object's instance went before the stream ended", ErrStreamCut)

// streamOp answers the streamed responses' host operations; slot is the fourth
// argument.
func (js *Instance) streamOp(ctx context.Context, op int32, slot uint64) uint64 {
	s := js.bodies()
	id, _ := strconv.Atoi(string(js.argA))
	streamer := func() BodyStreamer {
		if jsTag(slot) != jsTagInt {
			return nil
		}
		i := int(int32(uint32(slot)))
		if i < 0 || i >= len(js.calls) {
			return nil
		}
		bs, _ := js.calls[i].env.(BodyStreamer)
		return bs
	}
	switch op {
	case jsOpStreamOpen:
		bs := streamer()
		b := NewBody()
		if bs == nil || !bs.StreamBody(b, true) {
			return jsInt(0)
		}
		s.last++
		s.out[s.last] = b
		return jsInt(int32(s.last))
	case jsOpStreamWrite:
		b := s.out[id]
		if b == nil {
			return jsInt(2)
		}
		var p []byte
		if len(js.extra) > 0 {
			p = js.extra[0]
		}
		full, gone := b.write(p)
		switch {
		case gone:
			delete(s.out, id)
			return jsInt(2)
		}
		if len(p) > 0 {
			s.stage(b)
		}
		if full {
			return jsInt(1)
		}
		return jsInt(0)
	case jsOpStreamEnd:
		if b := s.out[id]; b != nil {
			delete(s.out, id)
			var err error
			if len(js.argB) > 0 {
				err = streamError(string(js.argB))
			}
			b.finish(err)
			s.stage(b)
		}
		return jsUndefined
	case jsOpStreamRead:
		if len(js.argA) == 0 { // the script's timer that waits for bodies
			ms, _ := strconv.Atoi(string(js.argB))
			js.waitBodies(ctx, s, ms)
			return jsUndefined
		}
		b := s.in[id]
		if b == nil {
			return js.stringOf(ctx, []byte(errBodyGone.Error()))
		}
		c, err := js.readBody(ctx, s, b)
		switch {
		case err == errNotYet:
			return jsInt(1)
		case err == errNotYetInCall:
			return jsInt(3)
		case err == io.EOF:
			delete(s.in, id)
			return jsInt(0)
		case err != nil:
			delete(s.in, id)
			b.Close()
			// "Name: message": the stream's own error, as workerd passes it on.
			var se streamError
			if !errors.As(err, &se) {
				se = streamError("Error: " + err.Error())
			}
			return js.stringOf(ctx, []byte(se))
		}
		return js.arrayBuffer(ctx, c)
	case jsOpStreamRelease:
		b := s.in[id]
		if b == nil {
			return jsInt(0)
		}
		if string(js.argB) == "splice" {
			bs := streamer()
			if bs == nil || !bs.StreamBody(b, false) {
				return jsInt(0)
			}
			delete(s.in, id)
			return jsInt(1)
		}
		delete(s.in, id)
		b.Close()
		return jsUndefined
	}
	return jsUndefined
}

// Waker is implemented by a Call that can run its object's pumps and the reads of
// bodies its scripts wait for as an event of the object's own, soon (Wake is safe to
// call from any goroutine, once the call has ended too).
type Waker interface {
	Wake()
}

// The answers of readBody when nothing is there to read yet: the script waits for
// __sobjects_streams, which runs once something is released; with errNotYetInCall,
// a call of the instance is pending, and the script's timer waits for it in the host
// (waitBodies) so that the call goes on.
var (
	errNotYet       = errors.New("nothing to read yet")
	errNotYetInCall = errors.New("nothing to read yet, in a call")
)

// readBody is b.Next for a script, without waiting: with nothing to read it returns
// errNotYet (errNotYetInCall while a call of the instance is pending, whose script
// may await what it reads), and arranges to be told once something is released: the
// Waker of the event in progress runs one of the object's own then, or, in a call,
// waitBodies returns.
func (js *Instance) readBody(ctx context.Context, s *bodies, b *Body) ([]byte, error) {
	b.mu.Lock()
	if b.visible == 0 && !b.ended && b.err == nil && !b.cancelled {
		err := errNotYetInCall
		if js.callPending() {
			b.rwake = s.signal
		} else if w, ok := ctx.Value(format.CallKey{}).(Waker); ok {
			b.rwake, err = w.Wake, errNotYet
		}
		b.rwaiting = true
		b.mu.Unlock()
		return nil, err
	}
	b.mu.Unlock()
	return b.Next(ctx)
}

// signal tells waitBodies that a body a script waits to read has something.
func (s *bodies) signal() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// waitBodies waits, while a call of the instance is pending, until a body a script
// waits to read has something, or ms milliseconds have passed (the script's next timer
// is due; -1: none is pending), or ctx ends, with the call's worker thread free
// (ThreadPauser). The object's input gate stays closed meanwhile, as for a fetch.
func (js *Instance) waitBodies(ctx context.Context, s *bodies, ms int) {
	if !js.callPending() || ms == 0 {
		return
	}
	var due <-chan time.Time
	if ms > 0 {
		t := time.NewTimer(time.Duration(ms) * time.Millisecond)
		defer t.Stop()
		due = t.C
	}
	if p, ok := ctx.Value(format.CallKey{}).(ThreadPauser); ok {
		p.PauseThread()
		defer p.ResumeThread()
	}
	select {
	case <-s.wake:
	case <-due:
	case <-ctx.Done():
	}
}

// streamError is the failure of a Body whose stream errored with message msg.
type streamError string

func (e streamError) Error() string        { return ErrStreamCut.Error() + ": " + string(e) }
func (e streamError) Is(target error) bool { return target == ErrStreamCut }

// anyCancelled reports whether the reader of a body the instance writes has gone.
func (s *bodies) anyCancelled() bool {
	for _, b := range s.out {
		b.mu.Lock()
		c := b.cancelled
		b.mu.Unlock()
		if c {
			return true
		}
	}
	return false
}

// resumeStreams runs the pumps that wait for room in their Body, and the reads that
// wait for a body (flagStreams), or whose reader has gone, and the promise jobs they
// leave. Run inside guard.
func (js *Instance) resumeStreams(ctx context.Context) {
	s := js.streams
	if s == nil {
		return
	}
	if f, _ := js.inst.Module().Memory().ReadByte(js.flags + flagStreams); f == 0 && !s.anyCancelled() {
		return
	}
	if s.waitFn == 0 {
		s.waitFn = js.global(ctx, "__sobjects_streams")
	}
	v := js.callSync(ctx, s.waitFn)
	if jsTag(v) == jsTagException {
		js.logError(ctx, "js: resuming response streams: "+js.exception(ctx))
	} else {
		js.c(ctx, "QJS_FreeValue", js.ctx, v)
	}
	js.pump(ctx)
}
