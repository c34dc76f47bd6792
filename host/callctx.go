package host

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// callCtx is the context a plugin export runs under (Engine.callContext): its Value
// for hostKey is the call's env, other values come from the engine's base context,
// and it is done at the call's time limit (context.DeadlineExceeded) or, at the
// latest, when the call ends (context.Canceled), as a context.WithDeadline would be.
//
// An object keeps the one its last call used and arms it again for the next call,
// which saves the allocations of context.WithValue and context.WithDeadline and a new
// timer on every call. It is armed again only when nothing from the call that used it
// can still see it: it did not end (its Done channel is open), no function registered
// with AfterFunc is left, and it was not handed beyond the call (share: to another
// object's call, to the bucket). Otherwise the call's end cancels it, it stays
// cancelled, and the next call gets a new one.
type callCtx struct {
	values context.Context // the engine's base context: values only, never done
	done   chan struct{}   // closed when the context ends; a closed one is never armed again
	state  atomic.Int32    // ctxLive, ctxExpired or ctxCancelled
	timer  *time.Timer     // fires expire at the deadline; nil until first armed
	shared bool            // handed beyond the call (share): the call's end cancels it

	// env and deadline change only in arm, while nothing but the timer sees c.
	env *callEnv

	mu       sync.Mutex // guards the fields below, deadline's writes, and the closing of done
	deadline time.Time
	armed    bool
	afters   []*afterFunc // registered with AfterFunc, neither run nor stopped
	spare    []*afterFunc // stopped: slots for later registrations
}

const (
	ctxLive = iota
	ctxExpired
	ctxCancelled
)

var _ interface {
	AfterFunc(func()) func() bool
} = (*callCtx)(nil)

func newCallCtx(values context.Context) *callCtx {
	// Wrapped in a context of the package's pointer types: the Value method of the one
	// context.WithoutCancel returns boxes it on every call (an allocation for each
	// lookup that misses, as wazero's and the formats' do on every call).
	values = context.WithValue(values, callCtxKey{}, nil)
	return &callCtx{values: values, done: make(chan struct{})}
}

// callCtxKey is the key of the value newCallCtx wraps the base context in.
type callCtxKey struct{}

// arm makes c the context of env's call, ending at limit. c is new, or was released
// as reusable.
func (c *callCtx) arm(env *callEnv, limit time.Time) {
	c.env = env
	c.mu.Lock()
	c.deadline, c.armed = limit, true
	c.mu.Unlock()
	d := time.Until(limit)
	if d <= 0 {
		c.end(ctxExpired)
		return
	}
	if c.timer == nil {
		c.timer = time.AfterFunc(d, c.expire)
	} else {
		c.timer.Reset(d)
	}
}

// expire is the timer's function: it ends c at its deadline. A firing meant for an
// earlier call, which comes late, finds c released or armed with a later deadline.
func (c *callCtx) expire() {
	c.mu.Lock()
	if !c.armed || c.state.Load() != ctxLive || time.Now().Before(c.deadline) {
		c.mu.Unlock()
		return
	}
	c.endLocked(ctxExpired)
}

// end ends c with state unless it has ended.
func (c *callCtx) end(state int32) {
	c.mu.Lock()
	if c.state.Load() != ctxLive {
		c.mu.Unlock()
		return
	}
	c.endLocked(state)
}

// endLocked ends c with state; c.mu is held, and endLocked unlocks it.
func (c *callCtx) endLocked(state int32) {
	c.state.Store(state)
	close(c.done)
	afters := c.afters
	c.afters = nil
	c.mu.Unlock()
	for _, a := range afters {
		a.f()
	}
}

// release ends the call c was armed for. It reports whether c may be armed again;
// when it may not, c is cancelled (if it had not ended) and stays so.
func (c *callCtx) release() (reusable bool) {
	if c.timer != nil {
		c.timer.Stop() // a firing already under way finds c released (expire)
	}
	c.mu.Lock()
	c.armed = false
	if c.state.Load() == ctxLive && !c.shared && len(c.afters) == 0 {
		c.env = nil
		c.mu.Unlock()
		return true
	}
	if c.state.Load() != ctxLive {
		c.mu.Unlock()
		return false
	}
	c.endLocked(ctxCancelled)
	return false
}

// share marks c as handed beyond its call: its end cancels it for good.
func (c *callCtx) share() { c.shared = true }

// Deadline is the call's time limit.
func (c *callCtx) Deadline() (time.Time, bool) { return c.deadline, true }

// Done is closed when the call reaches its time limit or ends.
func (c *callCtx) Done() <-chan struct{} { return c.done }

// Err is nil while the call runs, context.DeadlineExceeded once it reached its time
// limit, context.Canceled once it ended before that.
func (c *callCtx) Err() error {
	switch c.state.Load() {
	case ctxLive:
		return nil
	case ctxExpired:
		return context.DeadlineExceeded
	}
	return context.Canceled
}

// Value is the call's env for hostKey, else the base context's value for key.
func (c *callCtx) Value(key any) any {
	if _, ok := key.(hostKey); ok {
		if c.env == nil {
			return nil
		}
		return c.env
	}
	return c.values.Value(key)
}

// AfterFunc arranges for f to run once c is done; stop unregisters it, and reports
// whether it did so before f ran. context.AfterFunc and the contexts derived from c
// use it instead of a goroutine that waits on Done. They call stop at most once, and
// never after f ran: a registration's slot, stop function included, is used again by a
// later registration once stopped, which saves their allocations on every call.
func (c *callCtx) AfterFunc(f func()) (stop func() bool) {
	c.mu.Lock()
	if c.state.Load() != ctxLive {
		c.mu.Unlock()
		go f() // the caller may hold a lock f takes (context's propagateCancel)
		return func() bool { return false }
	}
	var a *afterFunc
	if n := len(c.spare); n > 0 {
		a, c.spare = c.spare[n-1], c.spare[:n-1]
	} else {
		a = &afterFunc{c: c}
		a.stop = a.unregister
	}
	a.f = f
	c.afters = append(c.afters, a)
	c.mu.Unlock()
	return a.stop
}

// afterFunc is one registration of callCtx.AfterFunc.
type afterFunc struct {
	c    *callCtx
	f    func()      // nil while the slot is spare
	stop func() bool // unregister, made once per slot
}

// unregister is the stop function of a's registration.
func (a *afterFunc) unregister() bool {
	c := a.c
	c.mu.Lock()
	defer c.mu.Unlock()
	i := slices.Index(c.afters, a)
	if i < 0 {
		return false
	}
	c.afters = slices.Delete(c.afters, i, i+1)
	a.f = nil
	c.spare = append(c.spare, a)
	return true
}
