package host

import (
	"context"
	"time"

	"github.com/sobjects/sobjects/host/internal/format"
	"github.com/sobjects/sobjects/host/internal/js"
)

// Timers of JavaScript objects (setTimeout, setInterval): package js runs those a call
// waits on within the call, with the call's worker thread free while it sleeps
// (PauseThread). Timers still pending when a batch ends (format.Timers) run when due as
// a call of their own kind (kindTimers) through the object's queue: one call at a time,
// inside the input gate, their writes committed with the batch like any call's. They
// go with the instance (evicted, discarded, restarted), as an isolate's memory does on
// Cloudflare. An object whose next timer is due at most CallTimeout past the time it
// would be evicted for idleness stays until then; the timer calls themselves do not
// count as use (a setInterval does not keep an object resident forever).

var _ js.ThreadPauser = (*callEnv)(nil)

// PauseThread frees the call's worker thread while its script sleeps until a timer is
// due; ResumeThread takes it back.
func (env *callEnv) PauseThread() { env.obj.e.pauseSlot(env.obj) }

// ResumeThread: see PauseThread.
func (env *callEnv) ResumeThread() { env.obj.e.resumeSlot(env.obj) }

// objectTimer is the Go timer of an object's next script timer.
type objectTimer struct {
	t  *time.Timer
	at time.Time
}

// armTimers sets the object's Go timer to the next timer its instance left pending, or
// stops it when there is none. Run by the leader after a batch.
func (o *object) armTimers() {
	var at time.Time
	if o.inst != nil {
		if t, ok := o.inst.impl.(format.Timers); ok {
			at, _ = t.NextTimer()
		}
	}
	if at.IsZero() {
		if o.timerDue.Load() != 0 { // only the leader arms one: none can be armed meanwhile
			o.stopTimers()
		}
		return
	}
	o.timerMu.Lock()
	defer o.timerMu.Unlock()
	if o.timer.t != nil && o.timer.at.Equal(at) {
		return
	}
	o.stopTimerLocked()
	o.timer = objectTimer{at: at, t: time.AfterFunc(time.Until(at), func() { o.e.fireTimers(o) })}
	o.timerDue.Store(at.UnixNano())
}

// stopTimers drops the object's Go timer: its instance, which held the timers, is gone.
func (o *object) stopTimers() {
	o.timerMu.Lock()
	o.stopTimerLocked()
	o.timerMu.Unlock()
}

func (o *object) stopTimerLocked() {
	if o.timer.t != nil {
		o.timer.t.Stop()
	}
	o.timer = objectTimer{}
	o.timerDue.Store(0)
}

// keptForTimers reports whether o, idle since lastUsed, stays resident for a timer due
// no later than CallTimeout after it would be evicted for idleness.
func (e *Engine) keptForTimers(o *object) bool {
	due := o.timerDue.Load()
	return due != 0 && !e.closing.Load() && due <= o.lastUsed.Load()+int64(e.opts.IdleEvict+e.opts.CallTimeout)
}

// fireTimers runs the object's due timers as a call of its own, unless it was evicted
// (its timers went with it) or the engine is closing.
func (e *Engine) fireTimers(o *object) {
	e.inflight.Add(1)
	defer e.inflight.Add(-1)
	if e.closing.Load() {
		return
	}
	c := &call{ctx: e.baseCtx, kind: kindTimers, done: make(chan bool, 1)}
	if o.submit(c) && c.err != nil {
		e.log.Warn("timers failed", "class", o.class, "object", o.name, "err", c.err)
	}
}

// runTimers runs the due timers of the instance (a kindTimers call), as invoke runs an
// export.
func (o *object) runTimers(env *callEnv) ([]byte, error) {
	inst := o.inst
	t, ok := inst.impl.(format.Timers)
	if !ok {
		return nil, nil
	}
	defer env.endLog()
	env.plugin = inst.plugin
	ctx := o.e.callContext(env)
	defer o.e.endCallContext(env, ctx)
	env.ctx = ctx
	env.db.SetInterrupt(ctx)
	defer env.db.SetInterrupt(context.Background())
	err := t.RunTimers(env)
	if inst.impl.Spent() {
		o.discard()
	}
	return nil, err
}

// timersOnly reports whether batch holds timer calls only: they do not count as use of
// the object (lastUsed).
func timersOnly(batch []*call) bool {
	for _, c := range batch {
		if c.kind != kindTimers {
			return false
		}
	}
	return len(batch) > 0
}
