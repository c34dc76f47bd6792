package host

// Recycling (Options.RecycleFactor, Options.RecycleMinBytes).
//
// A WebAssembly memory can grow but never shrink (the core specification has
// memory.grow and no inverse), so an instance that needed much memory for one call
// keeps it for as long as it is resident, though its allocator has freed it. At the end
// of each batch, under the input gate, the engine compares the instance's linear
// memory with what it was once init had run: past both bounds of the policy, the
// instance is closed, its memory counts as freed towards giving memory back to the
// operating system (freeOSMemoryAfter), and the object's next call activates a fresh
// instance and runs init again. Nothing stored is lost: the database is the object's
// state, and what lived only in the instance's memory goes as at an eviction.
//
// The defaults: 16 MiB is an eighth of the default instance memory limit
// (abi.DefaultMemoryLimitBytes) and about 40 times what a resident Rust counter takes
// in all (0.4 MiB, docs/performance.md), so that a recycle, which costs the next call an
// activation and init (for JavaScript, a 0.1 ms engine instance and the constructor),
// frees at least that; below it an instance is never recycled. The
// factor of 4 leaves an instance room for its working set to double twice after init,
// as allocators grow their heaps, before its memory counts as grown "far beyond" what
// it needs; it matters for instances that start large, whose init alone takes more
// than 4 MiB.
//
// An object that needs the memory at every call would be recycled at every batch and
// pay an activation each time. So the n-th recycle of an object (counted while it stays
// loaded in the engine, until it is evicted) waits until its instance has run
// 2^(n-1) batches, at most recycleMaxWait: the first recycle is at once, a one-off
// spike costs one recycle, and a steady need costs at most one activation per
// recycleMaxWait batches after a few.

const (
	// DefaultRecycleFactor is Options.RecycleFactor when it is 0: an instance with more
	// than 4 times the linear memory it had after init may be recycled.
	DefaultRecycleFactor = 4
	// DefaultRecycleMinBytes is Options.RecycleMinBytes when it is 0, in bytes: an
	// instance with 16 MiB of linear memory or less is never recycled.
	DefaultRecycleMinBytes = 16 << 20
	// recycleMaxWait is the most batches an instance must run before it is recycled,
	// however often its object was recycled before.
	recycleMaxWait = 1024
)

// recycle closes o's instance when its linear memory grew past the recycling policy
// (above). It runs at the end of a batch, under o's input gate.
func (o *object) recycle() {
	e, inst := o.e, o.inst
	if inst == nil || !inst.initDone {
		return
	}
	inst.batches++
	if e.opts.RecycleFactor < 0 || o.streaming.Load() > 0 { // a stream would be cut (stream.go)
		return
	}
	size := inst.linearBytes()
	if size <= e.opts.RecycleMinBytes || float64(size) <= e.opts.RecycleFactor*float64(inst.initBytes) {
		return
	}
	if inst.batches < min(1<<min(o.recycles, 30), recycleMaxWait) {
		return
	}
	o.recycles++
	e.mu.Lock()
	if o.counted {
		// What the instance grew by since it was last counted (account runs after this)
		// is freed too.
		e.freed += max(0, DatabaseMemoryEstimate+size-o.memBytes.Load())
	}
	e.mu.Unlock()
	o.discard()
	e.metrics.recycles.Inc()
	e.freeOSMemory()
}
