package host

import (
	"context"
	"fmt"
	"io"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/host/internal/js"
)

// Streamed responses: a JavaScript fetch handler whose Response body is a
// ReadableStream answers with the head, and its chunks follow as the script enqueues
// them (host/internal/js/hostop_stream.go), through a pipe that holds at most
// js.BodyBufferBytes (1 MiB) and one chunk: past that, the script's pump waits until
// the reader has taken half. The call ends, and commits, when the handler returns the
// Response, so the head leaves through the output gate as any answer does and the
// object takes its other calls while the body streams; the pump runs in the object's
// instance afterwards, as events of the object's own under its input gate (its timers,
// and an event each time room opens in a full pipe), each within the call time limit,
// with no limit on how long the stream runs. An object whose instance streams stays
// resident, and is not recycled (recycle.go), until the stream ends; when its instance
// goes anyway (a deploy, a failure
// that discards it, the engine closing) the stream is cut. A reader that closes the
// body (its client went away) cancels the script's stream at its pump's next write;
// what the object wrote stays, as the call that returned the Response had committed.

// StreamedBody is the body of a response that an object streams (Engine.FetchStream).
// Its reader must Close it, at its end or before (which cancels the object's stream).
// Safe for use by one goroutine at a time.
type StreamedBody interface {
	io.ReadCloser
	// Next returns the next bytes the object wrote, waiting until it writes some, ends
	// the body (io.EOF), fails it (an error matching ErrStreamCut), or ctx ends (ctx's
	// error). The bytes are the caller's.
	Next(ctx context.Context) ([]byte, error)
}

var _ StreamedBody = (*js.Body)(nil)

// bodySlot is where a fetch call's streamed response body goes (call.body): its
// caller takes streamed bodies.
type bodySlot struct {
	body *js.Body
}

// take returns the body the call streamed, or nil; when the call failed (err), the
// body is closed, and nil returned.
func (s *bodySlot) take(err error) *js.Body {
	if s == nil || s.body == nil {
		return nil
	}
	b := s.body
	s.body = nil
	if err != nil {
		b.Close()
		return nil
	}
	return b
}

var _ js.BodyStreamer = (*callEnv)(nil)

// StreamBody makes b the body of the call's response when the call's caller takes
// streamed bodies (call.body). A body of the object's own (own) keeps the object
// resident until it ends, and wakes the object's pumps, when room opens in it, with an
// event of the object's own (fireTimers).
func (env *callEnv) StreamBody(b *js.Body, own bool) bool {
	s := env.body
	if s == nil {
		return false
	}
	if s.body != nil { // the call ran again (runReadsAgain): its first answer is gone
		s.body.Close()
	}
	s.body = b
	if own {
		o := env.obj
		o.streaming.Add(1)
		b.SetHooks(env.Wake, func() { o.streaming.Add(-1) })
	}
	return true
}

var _ js.Waker = (*callEnv)(nil)

// Wake runs the object's due timers and the script's pumps and body reads that wait,
// soon, as an event of the object's own (fireTimers).
func (env *callEnv) Wake() {
	o := env.obj
	go o.e.fireTimers(o)
}

// bodyReleaser is implemented by an instance whose scripts stream response bodies
// (js.Instance): what they wrote to them is released to the readers once the batch it
// was written in has committed.
type bodyReleaser interface{ ReleaseBodies() }

// releaseBodies releases what the batch that just committed wrote to the response
// bodies the object's instance streams (the output gate).
func (o *object) releaseBodies() {
	if o.inst == nil {
		return
	}
	if r, ok := o.inst.impl.(bodyReleaser); ok {
		r.ReleaseBodies()
	}
}

// keptForStreams reports whether o stays resident, idle or not, for a response body its
// instance streams: until the engine closes.
func (e *Engine) keptForStreams(o *object) bool {
	return o.streaming.Load() > 0 && !e.closing.Load()
}

// fetchStarted runs a fetch a script started (js.StartedCall) as call would, taking
// its answer's body streamed when the callee streams one.
func (env *callEnv) fetchStarted(c *js.StartedCall) {
	env.calledOut = true
	class, name, method, input, err := env.callRequest(c.Req)
	if err != nil {
		c.Err = err
		return
	}
	e := env.obj.e
	env.shareContext()
	e.pauseSlot(env.obj)
	defer e.resumeSlot(env.obj)
	slot := &bodySlot{}
	c.Res, err = e.callOut(env, kindFetch, class, name, method, input, slot, nil)
	c.Body = slot.take(err)
	if err != nil {
		c.Res, c.Err = nil, callFailure(err)
	} else {
		env.adoptWebSocket(c.Res) // websocket.go
	}
}

// FetchStream is Fetch where the object may stream the response body: body is then not
// nil, resp.Body is empty, and body yields the bytes as the object's script enqueues
// them; the caller must close it. A body that is not streamed (a string or bytes, a
// plugin that is not JavaScript) comes whole in resp.Body, with body nil. Errors are
// Fetch's.
func (e *Engine) FetchStream(ctx context.Context, class, name string, req FetchRequest) (resp FetchResponse, body StreamedBody, err error) {
	slot := &bodySlot{}
	resp, err = e.fetch(ctx, class, name, req, slot)
	if b := slot.take(err); b != nil {
		return resp, b, nil
	}
	return resp, nil, err
}

// fetch is Fetch, with slot, if not nil, taking a streamed body.
func (e *Engine) fetch(ctx context.Context, class, name string, req FetchRequest, slot *bodySlot) (FetchResponse, error) {
	if err := e.check(class, name); err != nil {
		return FetchResponse{}, err
	}
	p, err := e.reg.current(class)
	if err != nil {
		return FetchResponse{}, err
	}
	if !p.hasFetch {
		return FetchResponse{}, fmt.Errorf("%w: class %s", ErrNoFetch, class)
	}
	out, err := e.external(class, name, &call{ctx: ctx, kind: kindFetch, input: req.Encode(), done: make(chan bool, 1), body: slot})
	if err != nil {
		return FetchResponse{}, err
	}
	resp, err := abi.DecodeFetchResponse(out)
	if err != nil {
		return FetchResponse{}, &CallError{ObjectID: ObjectID(class, name), Class: class, Name: name, Method: abi.ExportFetch,
			Err: abi.Errorf(abi.CodeInternal, "malformed fetch response: %v", err)}
	}
	return resp, nil
}
