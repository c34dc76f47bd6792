package host

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/host/internal/js"
)

// Calls between objects: the call host function, the time they share, and the cycle
// check.

// callFrom runs a call from the object of env to another object (the call host
// function). The caller's worker thread is free while it waits, and a call that would
// close a cycle of waiting objects fails at once with ErrCycle. The callee gets what is
// left of the caller's time (env.ctx's deadline), its wait at the callee's input gate
// included: a tree of calls ends by the deadline of the call from outside that began it.
// A call to a class the caller's plugin has no binding to fails with abi.CodeDenied
// (plugin.mayCall).
func (e *Engine) callFrom(env *callEnv, kind callKind, class, name, method string, input []byte) ([]byte, error) {
	// The callee's call, and the goroutine that waits for it, may hold the context
	// past this call's end.
	env.shareContext()
	e.pauseSlot(env.obj)
	defer e.resumeSlot(env.obj)
	defer e.parkForCallbacks(env)() // rpcstubs.go
	return e.callOut(env, kind, class, name, method, input, nil, nil)
}

// callOut is callFrom with the caller's worker thread already free and its context
// shared. It only reads env, so several may run at once (callEnv.CallAll). body, if not
// nil, takes a fetch's streamed answer body (stream.go). queued, if not nil, is called
// once the call is queued at the callee (or has failed before).
func (e *Engine) callOut(env *callEnv, kind callKind, class, name, method string, input []byte, body *bodySlot, queued func()) ([]byte, error) {
	if queued != nil {
		defer queued()
	}
	if err := env.plugin.mayCall(class); err != nil && method != js.StubMethod { // holding a stub is the right to call its target
		return nil, err
	}
	if kind == kindFetch {
		if err := e.check(class, name); err != nil {
			return nil, err
		}
		p, err := e.reg.current(class)
		if err != nil {
			return nil, err
		}
		if !p.hasFetch || p.Info.Splittable {
			return nil, fmt.Errorf("%w: class %s", ErrNoFetch, class)
		}
	} else if err := e.checkMethod(class, name, method); err != nil {
		return nil, err
	} else if method == js.StubMethod {
		if out, err, ok := e.callBack(env, class, name, input); ok { // rpcstubs.go
			return out, err
		}
	}
	caller := env.obj
	if p, err := e.reg.current(class); err == nil && p.Info.Splittable {
		if e.keyedRouter == nil {
			return nil, abi.Errorf(abi.CodeBadInput, "class %s is splittable and this engine has no router for it", class)
		}
		// The router's calls to the leaves come back through external, which checks
		// them for cycles as this function does (callerKey).
		ctx := context.WithValue(env.ctx, callerKey{}, &callerInfo{obj: caller, depth: env.depth})
		return e.keyedRouter.CallJSON(ctx, class, name, method, input)
	}
	if out, err, ok := e.remoteFirst(env.ctx, kind, class, name, method, input); ok { // remote.go
		return out, err
	}
	c := &call{ctx: env.ctx, kind: kind, method: method, input: input, depth: env.depth + 1, done: make(chan bool, 1), queued: queued, body: body}
	c.deadline, _ = env.ctx.Deadline()
	if kind == kindFetch {
		c.method = ""
	}
	if err := e.submitFrom(caller, class, name, c); err != nil {
		return nil, err
	}
	if out, err, ok := e.remoteCall(env.ctx, c, class, name, method); ok { // remote.go
		return out, err
	}
	return c.out, c.err
}

// submitFrom runs c in the object class/name for caller, recording that caller waits on
// it (waitOn). The wait is recorded on the object the call reaches: when the one it
// looked up was evicted meanwhile, on its successor, so that a call back from it to the
// caller is seen as the cycle it is. It returns a *CallError matching
// context.DeadlineExceeded when c.ctx ends first (submitUntil).
func (e *Engine) submitFrom(caller *object, class, name string, c *call) error {
	for {
		callee := e.object(class, name)
		done, err := e.waitOn(caller, callee)
		if err != nil {
			return err
		}
		ok, err := e.submitUntil(callee, c)
		done()
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
	}
}

// submitUntil is o.submit(c) that stops waiting when c.ctx ends (the caller's deadline)
// before o has answered c: c then stays queued, and o skips it when its turn comes
// (runBatch), or cuts it at the same deadline if it has begun. Until o is done with c,
// c counts as a call in progress, so Close waits for it.
func (e *Engine) submitUntil(o *object, c *call) (bool, error) {
	if c.ctx.Done() == nil {
		return o.submit(c), nil
	}
	// An idle object runs c at once on this goroutine: c's call then runs under the
	// caller's deadline itself (callContext), and no wait can outlast it.
	if ran, ok := o.submitIfIdle(c); ran {
		return ok, nil
	}
	res := make(chan bool, 1)
	e.inflight.Add(1)
	go func() {
		defer e.inflight.Add(-1)
		res <- o.submit(c)
	}()
	select {
	case ok := <-res:
		return ok, nil
	case <-c.ctx.Done():
	}
	select {
	case ok := <-res: // answered as the deadline struck
		return ok, nil
	default:
	}
	err := error(context.Canceled)
	if errors.Is(c.ctx.Err(), context.DeadlineExceeded) {
		err = fmt.Errorf("%w (the deadline of the call that made it passed while it waited for or ran in %s/%s)",
			timeLimitError{Limit: e.opts.CallTimeout.String()}, o.class, o.name)
	}
	return false, o.callError(c, err)
}

// callContext arms the context a plugin export runs under for env: it carries env and
// ends at the call's time limit, Options.CallTimeout from now, or earlier at
// env.deadline, the deadline of the call from another object that made this one. It
// is the object's context of its last call when that may be armed again (callCtx).
// endCallContext ends it when the export returns.
func (e *Engine) callContext(env *callEnv) *callCtx {
	limit := time.Now().Add(e.opts.CallTimeout)
	if !env.deadline.IsZero() && env.deadline.Before(limit) {
		limit = env.deadline
	}
	c := env.obj.callCtx
	env.obj.callCtx = nil // a call nested in this one (there is none today) gets a new one
	if c == nil {
		c = newCallCtx(e.baseCtx)
	}
	c.arm(env, limit)
	return c
}

// endCallContext ends c, the context of env's call (callContext), and keeps it for the
// object's next call when it may be armed again.
func (e *Engine) endCallContext(env *callEnv, c *callCtx) {
	if c.release() {
		env.obj.callCtx = c
	}
}

// waitOn records that caller waits on callee, or fails with ErrCycle when callee waits,
// directly or through other objects, on caller: the call would deadlock. Call done
// when the wait ends.
func (e *Engine) waitOn(caller, callee *object) (done func(), err error) {
	e.waitMu.Lock()
	defer e.waitMu.Unlock()
	if e.reaches(callee, caller, map[*object]bool{}) {
		return nil, fmt.Errorf("%w: %s/%s calls %s/%s, which is waiting on it", ErrCycle, caller.class, caller.name, callee.class, callee.name)
	}
	m := e.waits[caller]
	if m == nil {
		m = map[*object]int{}
		e.waits[caller] = m
	}
	m[callee]++
	return func() {
		e.waitMu.Lock()
		defer e.waitMu.Unlock()
		m := e.waits[caller]
		if m[callee]--; m[callee] == 0 {
			delete(m, callee)
		}
		if len(m) == 0 {
			delete(e.waits, caller)
		}
	}, nil
}

// reaches reports whether from is to or waits on it, directly or through others.
// waitMu must be held.
func (e *Engine) reaches(from, to *object, seen map[*object]bool) bool {
	if from == to {
		return true
	}
	if seen[from] {
		return false
	}
	seen[from] = true
	for x := range e.waits[from] {
		if e.reaches(x, to, seen) {
			return true
		}
	}
	return false
}

// callerKey is the context key of the object whose call a router's calls serve (a
// call from an object to a splittable class goes through the KeyedRouter).
type callerKey struct{}

type callerInfo struct {
	obj   *object
	depth int
}

var _ js.ConcurrentCaller = (*callEnv)(nil)

// CallAll runs calls to other objects that a script started before it awaited any of
// them (Promise.all of several stub calls) at once, as Call and FetchCall would run
// each, with the caller's worker thread free until all have answered. Each reaches its
// callee's queue before the next is sent, so one callee gets them in the order the
// script made them. One call alone runs on this goroutine, as Call would run it.
func (env *callEnv) CallAll(calls []*js.StartedCall) {
	kindOf := func(c *js.StartedCall) callKind {
		if c.Fetch {
			return kindFetch
		}
		return kindMethod
	}
	if len(calls) == 1 {
		c := calls[0]
		if c.Fetch {
			env.fetchStarted(c) // stream.go
			return
		}
		c.Res, c.Err = env.call(kindOf(c), c.Req, nil)
		return
	}
	e := env.obj.e
	env.calledOut = true
	env.shareContext()
	e.pauseSlot(env.obj)
	defer e.resumeSlot(env.obj)
	defer e.parkForCallbacks(env)() // rpcstubs.go
	var wg sync.WaitGroup
	for _, c := range calls {
		class, name, method, input, err := env.callRequest(c.Req)
		if err != nil {
			c.Err = err
			continue
		}
		sent := make(chan struct{})
		var once sync.Once
		wg.Add(1)
		go func() {
			defer wg.Done()
			var slot *bodySlot
			if c.Fetch {
				slot = &bodySlot{}
			}
			res, err := e.callOut(env, kindOf(c), class, name, method, input, slot, func() { once.Do(func() { close(sent) }) })
			c.Res, c.Err, c.Body = res, nil, slot.take(err)
			if err != nil {
				c.Res, c.Err = nil, callFailure(err)
			}
		}()
		<-sent
	}
	wg.Wait()
}
