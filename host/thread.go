package host

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// DefaultThreadStallBudget is how long a call may hold its worker thread when
// Options.ThreadStallBudget is 0, before the thread's other objects are handed to a
// fresh thread.
//
// 50 ms is over the time a batch of ordinary calls holds a thread (a call of the
// example plugins takes microseconds to a few milliseconds, and a batch of a hundred
// of them a few tens), so ordinary work is not handed over, and under the latency a
// neighbour of a runaway call would otherwise see: up to Options.CallTimeout (30 s by
// default). With the watchdog's period of half the budget, a neighbour waits at most
// 1.5 times the budget.
const DefaultThreadStallBudget = 50 * time.Millisecond

// DetachedCallsPerThread is Options.MaxDetachedCalls per worker thread when that is 0:
// a few runaway calls at once (one per request a client sends) must not stall a
// thread's other objects, and eight per thread still leaves the threads a fair share of
// the cores, which Go's scheduler shares among all running calls.
const DetachedCallsPerThread = 8

// workerThread is one worker thread: the objects pinned to it (Engine.slotOf) run one
// at a time on it. A call holds its object's thread while it runs (acquireSlot,
// releaseSlot). A call that holds it past the stall budget is detached by the
// watchdog (watchThreads): the thread is released on its behalf, so the objects
// queued behind it go on, while the long call runs on beside them, bounded by its own
// time limit, and no longer holds or releases any thread until its batch ends.
type workerThread struct {
	sem    chan struct{} // holds a token while a call holds the thread
	mu     sync.Mutex    // guards holder, stalled, and the holder's detached
	holder *object       // the object whose call holds the thread; nil when free or handed over
	since  atomic.Int64  // when holder took it, nanoseconds since Engine.epoch; 0 when free
	// stalled: the holder passed the budget and was counted (metrics.stalls) but could
	// not be detached: Engine.maxDetached calls were detached already.
	stalled bool
}

// now is the engine's monotonic clock for the stall budget, nanoseconds since e.epoch;
// never 0.
func (e *Engine) now() int64 { return int64(time.Since(e.epoch)) + 1 }

// acquireSlot makes o's call hold o's worker thread, waiting for it to be free. It
// starts a hold: one per batch (runBatch, runReadsAgain), ended by releaseSlot.
func (e *Engine) acquireSlot(o *object) {
	t := &e.slots[o.slot]
	t.sem <- struct{}{}
	t.mu.Lock()
	t.holder, t.stalled = o, false
	t.since.Store(e.now())
	t.mu.Unlock()
}

// releaseSlot ends the hold of o's call: it frees the thread, or, when the watchdog
// detached the call, which freed the thread then, only ends the detachment.
func (e *Engine) releaseSlot(o *object) {
	t := &e.slots[o.slot]
	t.mu.Lock()
	if o.detached {
		o.detached = false
		t.mu.Unlock()
		e.detached.Add(-1)
		e.metrics.detached.Dec()
		return
	}
	t.free()
}

// free frees t for the next call; t.mu is held, and free unlocks it.
func (t *workerThread) free() {
	t.holder = nil
	t.since.Store(0)
	t.mu.Unlock()
	<-t.sem
}

// pauseSlot frees o's thread while o's call waits for something else (a call to
// another object); resumeSlot takes it back. For a detached call both do nothing: it
// holds no thread.
func (e *Engine) pauseSlot(o *object) {
	t := &e.slots[o.slot]
	t.mu.Lock()
	if o.detached {
		t.mu.Unlock()
		return
	}
	t.free()
}

// resumeSlot: see pauseSlot.
func (e *Engine) resumeSlot(o *object) {
	t := &e.slots[o.slot]
	t.mu.Lock()
	detached := o.detached
	t.mu.Unlock()
	if !detached {
		e.acquireSlot(o)
	}
}

// watchThreads detaches the calls that hold a worker thread past the stall budget,
// every half budget until ctx ends.
func (e *Engine) watchThreads(ctx context.Context) {
	budget := int64(e.opts.ThreadStallBudget)
	every(ctx, max(e.opts.ThreadStallBudget/2, time.Millisecond), func() {
		now := e.now()
		for i := range e.slots {
			if since := e.slots[i].since.Load(); since != 0 && now-since >= budget {
				e.handOver(&e.slots[i], budget)
			}
		}
	})
}

// handOver detaches the call holding t if it still holds it past budget, and frees t
// for the objects waiting on it. At most e.maxDetached calls are detached at once;
// past that, t stays held until one of them ends.
func (e *Engine) handOver(t *workerThread, budget int64) {
	t.mu.Lock()
	o := t.holder
	since := t.since.Load()
	if o == nil || since == 0 || e.now()-since < budget { // released, or taken again, meanwhile
		t.mu.Unlock()
		return
	}
	if !t.stalled {
		e.metrics.stalls.Inc()
	}
	if e.detached.Load() >= e.maxDetached {
		t.stalled = true
		t.mu.Unlock()
		return
	}
	e.detached.Add(1)
	o.detached = true
	t.holder, t.stalled = nil, false
	t.since.Store(0)
	t.mu.Unlock()
	e.metrics.replacements.Inc()
	e.metrics.detached.Inc()
	<-t.sem
}
