package host

import (
	"fmt"
	"runtime/debug"
	"slices"
	"time"
)

// Bounds of the resident objects (Options.MaxResident, Options.MemoryBudgetBytes).
//
// An object is resident while it has a plugin instance. The engine counts each
// resident object at its instance's linear memory (for JavaScript, the engine's; for
// Extism, the kernel's, as the Extism SDK shows nothing of the plugin's own) plus
// DatabaseMemoryEstimate for its open database. Activating an object that would take
// the count or the memory over its bound first evicts the least recently used idle
// objects; when too few are idle, the activation fails with ErrOverloaded.

// DefaultMaxResident is the most resident objects when Options.MaxResident is 0.
const DefaultMaxResident = 10000

// DatabaseMemoryEstimate is what the engine counts for the open database of a
// resident object, in bytes, besides its instance's memory (a WAL connection of a small
// database takes about 330 KB: storage.DefaultMaxOpen).
const DatabaseMemoryEstimate = 320 << 10

// FallbackMemoryBudgetBytes is the default of Options.MemoryBudgetBytes where the
// memory available to the process cannot be read (other systems than Linux).
const FallbackMemoryBudgetBytes = 1 << 30

// DefaultMemoryBudget is the memory budget of resident objects when
// Options.MemoryBudgetBytes is 0, in bytes: half of the memory available to the
// process (the cgroup's limit where one is set, else the machine's physical memory),
// or FallbackMemoryBudgetBytes where that cannot be read.
func DefaultMemoryBudget() int64 {
	if n := AvailableMemory(); n > 0 {
		return n / 2
	}
	return FallbackMemoryBudgetBytes
}

// AvailableMemory is the memory available to the process, in bytes: the smaller of
// physical memory and the smallest memory limit of the process's own cgroup (as
// /proc/self/cgroup names it) and its ancestors (v2 memory.max and memory.high; v1
// memory.limit_in_bytes and hierarchical_memory_limit); 0 where it cannot be read.
func AvailableMemory() int64 { return availableMemory() }

// freeOSMemoryAfter is how many bytes an eviction must free to give memory back to
// the operating system at once (debug.FreeOSMemory), at most once per
// freeOSMemoryEvery; the Go runtime would otherwise keep the freed heap for minutes.
const (
	freeOSMemoryAfter = 64 << 20
	freeOSMemoryEvery = 5 * time.Second
)

// memoryBytes is what the instance counts against the memory budget.
func (inst *instance) memoryBytes() int64 {
	return DatabaseMemoryEstimate + inst.linearBytes()
}

// linearBytes is the instance's linear memory, in bytes (for Extism, the kernel's).
func (inst *instance) linearBytes() int64 { return inst.impl.LinearBytes() }

// admit counts o, about to be activated with an instance of about est bytes, as
// resident, first evicting idle objects while the resident ones would be over a bound.
// It fails with ErrOverloaded, counting nothing, when too few are idle.
func (e *Engine) admit(o *object, est int64) error {
	e.mu.Lock()
	victims, ok := e.makeRoom(o, 1, est)
	if ok {
		o.counted = true
		o.memBytes.Store(est)
		e.resCount++
		e.resBytes += est
		e.metrics.residentBytes.Set(float64(e.resBytes))
	}
	count, bytes := e.resCount, e.resBytes
	e.mu.Unlock()
	e.evict(victims, "budget")
	if !ok {
		e.metrics.overloaded.Inc()
		return e.overloaded(count, bytes)
	}
	return nil
}

func (e *Engine) overloaded(count int, bytes int64) error {
	return fmt.Errorf("%w: %d objects are resident in %d MiB, at the bound of %d objects or %d MiB "+
		"(Options.MaxResident, Options.MemoryBudgetBytes; sobjects run --max-resident, --memory-budget), and too few are idle to evict; retry later",
		ErrOverloaded, count, bytes>>20, e.opts.MaxResident, e.opts.MemoryBudgetBytes>>20)
}

// account brings o's count up to date with the memory of its instance, which grows in
// calls, and evicts idle objects if that took the resident ones over the budget. It
// runs under o's input gate. A resident object whose growth no eviction can make room
// for is discarded: its next call activates it again, or fails with ErrOverloaded.
func (o *object) account() error {
	e := o.e
	if o.inst == nil {
		return nil
	}
	now := o.inst.memoryBytes()
	if now == o.memBytes.Load() { // the common case, without the engine's lock
		return nil
	}
	e.mu.Lock()
	if !o.counted || now == o.memBytes.Load() {
		e.mu.Unlock()
		return nil
	}
	grow := now - o.memBytes.Load()
	victims, ok := e.makeRoom(o, 0, grow)
	o.memBytes.Store(now)
	e.resBytes += grow
	e.metrics.residentBytes.Set(float64(e.resBytes))
	count, bytes := e.resCount, e.resBytes
	e.mu.Unlock()
	e.evict(victims, "budget")
	if !ok {
		o.discard()
		e.metrics.overloaded.Inc()
		return e.overloaded(count, bytes)
	}
	return nil
}

// release stops counting o as resident. e.mu must be held; it may run more than once.
func (e *Engine) release(o *object) {
	if !o.counted {
		return
	}
	o.counted = false
	e.resCount--
	e.resBytes -= o.memBytes.Load()
	e.freed += o.memBytes.Load()
	o.memBytes.Store(0)
	e.metrics.residentBytes.Set(float64(e.resBytes))
}

// makeRoom evicts, least recently used first, idle resident objects other than self
// until count more objects of bytes more memory fit under the bounds, and a little more
// (1/32 of each bound), so that a stream of new objects does not look for victims at
// every activation. It returns the objects it removed from the engine, to be closed
// with evict once e.mu is released, and whether the room was made. e.mu must be held.
func (e *Engine) makeRoom(self *object, count int, bytes int64) (victims []*object, ok bool) {
	maxCount, maxBytes := e.opts.MaxResident, e.opts.MemoryBudgetBytes
	over := func(slackCount int, slackBytes int64) bool {
		return e.resCount+count > maxCount-slackCount || e.resBytes+bytes > maxBytes-slackBytes
	}
	if !over(0, 0) {
		return nil, true
	}
	var cands []*object
	for _, x := range e.objects {
		if x != self && x.counted {
			cands = append(cands, x)
		}
	}
	slices.SortFunc(cands, func(a, b *object) int {
		la, lb := a.lastUsed.Load(), b.lastUsed.Load()
		switch {
		case la < lb:
			return -1
		case la > lb:
			return 1
		}
		return 0
	})
	slackCount, slackBytes := maxCount/32, maxBytes/32
	for _, x := range cands {
		if !over(slackCount, slackBytes) {
			break
		}
		x.mu.Lock()
		idle := !x.running && len(x.queue) == 0 && !x.evicted
		if idle {
			x.evicted = true
		}
		x.mu.Unlock()
		if idle {
			e.retire(x.class+"\x00"+x.name, x)
			e.release(x)
			victims = append(victims, x)
		}
	}
	return victims, !over(0, 0)
}

// evict closes the instances and databases of objects removed from the engine, and
// gives memory back to the operating system when that freed much of it. reason labels
// the evictions metric.
func (e *Engine) evict(victims []*object, reason string) {
	if len(victims) == 0 {
		return
	}
	for _, o := range victims {
		hibernated := o.hibernate() // hibernation.go
		o.discard()
		if !hibernated {
			// A hibernated object's database stays in the pool, which closes it when its
			// bound (Options.MaxOpenDatabases) needs the room: the wake-up of an object
			// called again soon opens nothing.
			e.pool.Evict(o.path)
		}
		e.retired(o)
	}
	e.metrics.evictions.WithLabelValues(reason).Add(float64(len(victims)))
	e.freeOSMemory()
}

// freeOSMemory gives memory back to the operating system (debug.FreeOSMemory, in the
// background) once evictions since the last time freed freeOSMemoryAfter bytes, at
// most once per freeOSMemoryEvery. A free that is due inside the window is scheduled
// for its end, so the last of several batches of evictions is always followed by one.
func (e *Engine) freeOSMemory() {
	e.mu.Lock()
	if e.freed < freeOSMemoryAfter || e.closing.Load() {
		e.mu.Unlock()
		return
	}
	now := e.freeClock()
	if wait := e.lastFree.Add(freeOSMemoryEvery).Sub(now); !e.lastFree.IsZero() && wait > 0 {
		if !e.freeDue {
			e.freeDue = true
			e.freeLater(wait, func() {
				e.mu.Lock()
				e.freeDue = false
				e.mu.Unlock()
				e.freeOSMemory()
			})
		}
		e.mu.Unlock()
		return
	}
	e.freed = 0
	e.lastFree = now
	e.mu.Unlock()
	go func() {
		debug.FreeOSMemory()
		e.freedOS.Add(1)
	}()
}

// ResidentBytes is the memory the resident objects count against
// Options.MemoryBudgetBytes, in bytes.
func (e *Engine) ResidentBytes() int64 {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.resBytes
}
