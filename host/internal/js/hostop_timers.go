package js

import (
	"context"
	"fmt"
	"time"

	"github.com/sobjects/sobjects/host/internal/format"
)

// Timers (setTimeout, setInterval, scheduler.wait) are kept by runtime.js ("timers"
// section); the host runs them. Within a call, while the call's promise or a promise
// given to ctx.waitUntil is pending and a timer is pending, the host sleeps until the
// next timer is due, runs it, and runs the promise jobs it left (runTimers). Timers
// still pending when the call has ended run later as an event of the object's own
// (RunTimers), at the time NextTimer gives.

// flagTimers is the byte of runtime.js's flags that is set while a timer is pending.
const flagTimers = 2

// ThreadPauser is implemented by a Call that can free its worker thread while its
// script sleeps until a timer is due, so that the thread's other objects run meanwhile.
// ResumeThread waits until the thread is the call's again.
type ThreadPauser interface {
	PauseThread()
	ResumeThread()
}

// Sleeper is implemented by a Call whose object may run its other calls while this
// call's script waits for a timer or an outbound fetch: its input gate opens, as
// Cloudflare's closes only while a storage operation is in progress
// (blog.cloudflare.com/durable-objects-easy-fast-correct-choose-three/). Sleep waits d
// (d < 0: no bound), or until wake has a token, or until ctx ends (returning its
// error), with the call's worker thread free. When others is true it may instead run
// the calls that came to the object meanwhile, each through Invoke of this same
// instance, and then return early, so that the waiting script sees what they did
// before it waits again.
type Sleeper interface {
	Sleep(ctx context.Context, d time.Duration, wake <-chan struct{}, others bool) error
}

var _ format.Timers = (*Instance)(nil)

// timersPending reports whether runtime.js holds a pending timer.
func (js *Instance) timersPending() bool {
	t, _ := js.inst.Module().Memory().ReadByte(js.flags + flagTimers)
	return t != 0
}

// callPending reports whether the call in progress still waits on its own promise or on
// one given to ctx.waitUntil.
func (js *Instance) callPending() bool {
	if len(js.calls) == 0 {
		return false
	}
	mem := js.inst.Module().Memory()
	settled, _ := mem.ReadByte(js.flags + flagSettled + uint32(len(js.calls)-1))
	waiting, _ := mem.ReadByte(js.flags + 1)
	return settled == 0 || waiting != 0
}

// timers calls runtime.js's timers: with run, it runs the timer due first if it is
// due. It returns the milliseconds until the next timer is due (0: one is due now), or
// -1 when none is pending. Run inside guard.
func (js *Instance) timers(ctx context.Context, run bool) int32 {
	if js.timersFn == 0 {
		js.timersFn = js.global(ctx, "__sobjects_timers")
	}
	arg := jsInt(0)
	if run {
		arg = jsInt(1)
	}
	v := js.callSync(ctx, js.timersFn, arg)
	switch jsTag(v) {
	case jsTagInt:
		return int32(uint32(v))
	case jsTagException: // the engine's out of memory error, rethrown
		msg := js.exception(ctx)
		js.noteOOM(msg)
		js.logError(ctx, "js: uncaught exception in a timer: "+msg)
	default:
		js.c(ctx, "QJS_FreeValue", js.ctx, v)
	}
	return -1
}

// runTimers runs the script's timers, each as it falls due, the answers to its
// outbound fetches as they come (fetchSettle), and the promise jobs each leaves, while
// the call is pending and a timer or a fetch is. While it waits for the next, the
// call's worker thread is free (ThreadPauser), and the object's other calls may run
// (Sleeper). It returns ctx's error when the call's time limit or cancellation ends
// the wait. Run inside guard, after drain.
func (js *Instance) runTimers(ctx context.Context) error {
	return js.runEvents(ctx, true)
}

// runEvents is runTimers, and with inCall false RunTimers' loop: it runs the timers
// due now and waits only for fetches.
func (js *Instance) runEvents(ctx context.Context, inCall bool) error {
	for (!inCall || js.callPending()) && js.oom == "" {
		d := int32(-1)
		if js.timersPending() {
			d = js.timers(ctx, false)
		}
		fetching := js.fetchPending()
		switch {
		case d == 0:
			js.timers(ctx, true)
		case fetching && js.fetches.fetchReady():
			js.fetchSettle(ctx)
		case !fetching && (d < 0 || !inCall) && !(inCall && js.socketsOpen(ctx)):
			return nil
		default:
			var wake <-chan struct{}
			if fetching {
				wake = js.fetches.wake
				if d < 0 {
					js.fetches.evictIfDeadlocked()
				}
			}
			wait := time.Duration(d) * time.Millisecond
			if d < 0 {
				wait = -1
			}
			if err := js.sleep(ctx, wait, wake); err != nil {
				return err
			}
			continue
		}
		js.pump(ctx)
	}
	return nil
}

// socketsOpen reports whether the call's instance holds accepted WebSockets, whose
// events (calls that join the waiting one) may settle what it waits for. An instance
// that never used one asks nothing.
func (js *Instance) socketsOpen(ctx context.Context) bool {
	if !js.usedSockets {
		return false
	}
	ws, ok := ctx.Value(format.CallKey{}).(WebSockets)
	return ok && ws.WebSocketsOpen()
}

// sleep waits d (d < 0: no bound), or until ctx ends or wake has a token, with the
// call's worker thread free, or runs the object's other calls meanwhile (Sleeper)
// while a slot is left for them.
func (js *Instance) sleep(ctx context.Context, d time.Duration, wake <-chan struct{}) error {
	if s, ok := ctx.Value(format.CallKey{}).(Sleeper); ok {
		return s.Sleep(ctx, d, wake, len(js.calls) < maxCalls)
	}
	if p, ok := ctx.Value(format.CallKey{}).(ThreadPauser); ok {
		p.PauseThread()
		defer p.ResumeThread()
	}
	var tc <-chan time.Time
	if d >= 0 {
		t := time.NewTimer(d)
		defer t.Stop()
		tc = t.C
	}
	select {
	case <-tc:
	case <-wake:
	case <-ctx.Done():
		return ctx.Err()
	}
	return nil
}

// noteNextTimer records when the next pending timer is due, for NextTimer. Run inside
// guard at the end of a call.
func (js *Instance) noteNextTimer(ctx context.Context) {
	js.timerAt = time.Time{}
	if !js.timersPending() {
		return
	}
	if d := js.timers(ctx, false); d >= 0 {
		js.timerAt = time.Now().Add(time.Duration(d) * time.Millisecond)
	}
}

// NextTimer returns when the next timer the script left pending at the end of its last
// call (or RunTimers) is due; ok is false when none is.
func (js *Instance) NextTimer() (at time.Time, ok bool) {
	return js.timerAt, !js.timerAt.IsZero()
}

// RunTimers runs the timers that are due, and the promise jobs each leaves, in the call
// env (an event of the object's own, under its input gate). Errors are those of Invoke.
func (js *Instance) RunTimers(env format.Env) error {
	inst := js.inst
	ctx := env.Context()
	defer context.AfterFunc(ctx, inst.Interrupt)()
	ctx = context.WithValue(ctx, jsKey{}, js)
	js.rejected, js.oom = js.rejected[:0], ""
	err := guard(func() error {
		js.resumeStreams(ctx)        // pumps of response bodies that now have room (hostop_stream.go)
		_ = js.runEvents(ctx, false) // its error is ctx's, seen below
		js.settleRejections(ctx)
		js.noteNextTimer(ctx)
		return nil
	})
	if err != nil {
		return inst.TrapError(env, err)
	}
	if format.PastDeadline(ctx) {
		inst.MarkSpent()
		return format.TimeLimitError{Limit: inst.Limits().CallTimeout.String()}
	}
	if herr := env.HostErr(); herr != nil {
		return herr
	}
	if js.oom != "" {
		inst.MarkSpent()
		js.oom = ""
		return js.outOfMemoryError()
	}
	return nil
}

// outOfMemoryError is the error of a call in which the engine ran out of memory.
func (js *Instance) outOfMemoryError() error {
	return fmt.Errorf("%w of %d MiB: the script ran out of memory", format.ErrMemoryLimit, js.inst.Limits().MemoryLimitBytes>>20)
}
