package host

import (
	"fmt"
	"sync"

	"github.com/sobjects/sobjects/host/internal/js"
)

// Callbacks through RPC stubs. A JavaScript object that passes an RpcTarget or a
// function in a call (runtime.js's "RPC stubs") lets the callee call it back while the
// call is in progress: the callee's call through the stub is a call of the reserved
// method js.StubMethod to the caller, which is waiting on the callee, so it would
// otherwise close a cycle (ErrCycle). Such a callback runs instead at once, on the
// goroutine of the call that makes it, in the caller's instance and in the
// transaction of the caller's call that waits (a stubPark), as a call that joins a
// sleeping call does (gate.go): the instance is between two runs of its script then,
// waiting in the host for its calls out. Callbacks into one park run one at a time;
// the call that waits goes on only once none runs. A caller waits so only when its
// instance has sent a target (js.Instance.ExportsTargets), and callbacks run only
// while it has no storage transaction open and its constructor has run: otherwise a
// callback is the cycle it was, with an error that says why.

// stubPark is a call of a JavaScript object that waits on its calls out, into which
// callbacks from those calls may run; or, with env nil, one they cannot run in, and
// why.
type stubPark struct {
	env  *callEnv
	why  string     // with env nil: why callbacks cannot run in the call
	prev *stubPark  // the park it is nested in: a callback that waits on calls out itself
	run  sync.Mutex // held while a callback runs in env's instance
	done bool       // the wait has ended; guarded by run
}

// targetExporter is implemented by an instance that can tell whether its script sent
// an RpcTarget or a function in a call (js.Instance).
type targetExporter interface{ ExportsTargets() bool }

// parkForCallbacks makes env's call, about to wait on calls out, one callbacks may run
// in, when its instance sent a target (else none can come); the function it returns
// ends that once no callback runs. Call it with env's worker thread free, and its
// function before taking the thread back: a callback takes the thread to run.
func (e *Engine) parkForCallbacks(env *callEnv) func() {
	o := env.obj
	if o.inst == nil {
		return func() {}
	}
	if x, ok := o.inst.impl.(targetExporter); !ok || !x.ExportsTargets() {
		return func() {}
	}
	p := &stubPark{env: env}
	switch {
	case !o.inst.initDone:
		p.env, p.why = nil, "is in its constructor"
	case env.db == nil || env.db.TxnDepth() > 0:
		p.env, p.why = nil, "is inside a storage transaction"
	}
	e.waitMu.Lock()
	p.prev, o.park = o.park, p
	e.waitMu.Unlock()
	return func() {
		p.run.Lock()
		p.done = true
		p.run.Unlock()
		e.waitMu.Lock()
		o.park = p.prev
		e.waitMu.Unlock()
	}
}

// callBack runs a call of js.StubMethod from env's object to class/name when it is a
// callback into a call that waits on env's object (parkForCallbacks); ok is false when
// it is not, and the call goes its ordinary way.
func (e *Engine) callBack(env *callEnv, class, name string, input []byte) (out []byte, err error, ok bool) {
	caller := env.obj
	callee := e.object(class, name)
	e.waitMu.Lock()
	p := callee.park
	if p == nil || !e.reaches(callee, caller, map[*object]bool{}) {
		e.waitMu.Unlock()
		return nil, nil, false
	}
	if p.env == nil {
		e.waitMu.Unlock()
		return nil, fmt.Errorf("%w: %s/%s calls back %s/%s through a stub, and %s/%s waits on it but %s: the callback cannot run there",
			ErrCycle, caller.class, caller.name, class, name, class, name, p.why), true
	}
	// Calls the callback makes see the object that made it waiting on it.
	m := e.waits[caller]
	if m == nil {
		m = map[*object]int{}
		e.waits[caller] = m
	}
	m[callee]++
	e.waitMu.Unlock()
	defer func() {
		e.waitMu.Lock()
		if m := e.waits[caller]; m != nil {
			if m[callee]--; m[callee] == 0 {
				delete(m, callee)
			}
			if len(m) == 0 {
				delete(e.waits, caller)
			}
		}
		e.waitMu.Unlock()
	}()

	p.run.Lock()
	defer p.run.Unlock()
	if p.done { // the call waits no more: the ordinary way
		return nil, nil, false
	}
	c := &call{ctx: env.ctx, kind: kindMethod, method: js.StubMethod, input: input, depth: env.depth + 1}
	c.deadline, _ = env.ctx.Deadline()
	e.resumeSlot(callee)
	callee.runCallback(p.env, c)
	e.pauseSlot(callee)
	return c.out, c.err, true
}

// runCallback runs c inside the call of outer, which waits on calls out: in its
// transaction, without a savepoint of its own, within both calls' time limits, as
// runJoined runs a call that joins a sleeping one, but with the input gate shut.
func (o *object) runCallback(outer *callEnv, c *call) {
	if err := c.ctx.Err(); err != nil {
		c.err = err
		return
	}
	db := outer.db
	env := o.newEnv(db, c)
	if d, ok := outer.ctx.Deadline(); ok && (env.deadline.IsZero() || d.Before(env.deadline)) {
		env.deadline = d
	}
	out, err := o.guarded(env, func() ([]byte, error) { return o.dispatch(env, c) })
	db.SetInterrupt(outer.ctx) // the callback's invoke cleared the waiting call's
	// A transaction the callback left open would swallow the waiting call's writes.
	err = undoOpenTransactions(db, err)
	if err != nil {
		c.err = o.callError(c, err)
		return
	}
	c.out = out
}
