package host

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/host/internal/format"
	"github.com/sobjects/sobjects/storage"
	"github.com/sobjects/sobjects/storage/backup"
)

// object is one named instance of a class: its database, its plugin instance while it
// is resident, and its input gate, which lets one call at a time run.
//
// Calls queue at the object. The first caller to find it idle becomes the leader: it
// takes every queued call as one batch, runs each in one transaction on the object's
// worker thread (a call after one that wrote in its own savepoint: storage.DB.BeginCall),
// commits once (group commit), answers them all, and hands leadership to the first
// call that queued meanwhile.
type object struct {
	e     *Engine
	id    string // ObjectID(class, name)
	class string
	name  string
	slot  int    // worker thread, chosen from id
	path  string // database file

	logBucket logBucket // its log rate (log.go); used on its worker thread only

	mu      sync.Mutex // guards queue, running, evicted
	queue   []*call
	running bool // a leader is running batches
	evicted bool // removed from the engine; callers must look the object up again
	// arrived has a token when a call queued while a leader ran: a sleeping call may let
	// it join (gate.go).
	arrived chan struct{}

	lastUsed atomic.Int64           // unix nanoseconds of the last finished batch
	resident atomic.Pointer[plugin] // inst.plugin while inst != nil, for readers outside the input gate

	// Written under e.mu: whether the object counts as resident (Options.MaxResident)
	// and the bytes it counts against Options.MemoryBudgetBytes.
	counted  bool
	memBytes atomic.Int64

	replica *backup.Replica // nil without Options.Backup

	// detached: its call was handed off its worker thread (Engine.handOver) and holds
	// none until its hold ends. Guarded by e.slots[slot].mu.
	detached bool

	// Owned by the leader (under the input gate).
	inst    *instance
	scratch []byte // host-function results, reused across calls
	restart bool   // a call asked for a restore at the next activation: close after the batch

	callCtx *callCtx // owned by the leader: the last call's context, to arm again (Engine.callContext)

	park *stubPark // its innermost call waiting on calls out that callbacks may run in (rpcstubs.go); guarded by e.waitMu

	// Owned by the leader (gate.go): whether the batch in progress lets calls join a call
	// that sleeps, the calls that joined the call in progress, and those that joined a
	// call of the batches it runs, which it answers with its own.
	joining   bool
	joinedNow []*call
	joined    []*call
	rest      []*call // the calls of the batch's round that come after the one running
	// alarmChanged: a call of the batch in progress set or deleted the alarm; alarmNoted
	// is the alarm the index was last told of in it (noteAlarm).
	alarmChanged bool
	alarmNoted   int64

	timerMu  sync.Mutex   // guards timer
	timer    objectTimer  // the Go timer of the instance's next script timer (timers.go)
	timerDue atomic.Int64 // unix nanoseconds when timer is due; 0 when none

	recycles int // owned by the leader: instances recycled since the object was loaded (recycle.go)
	// dropHibernation, owned by the leader: the database holds a hibernated state,
	// which the commit of the next batch that writes deletes (hibernation.go).
	dropHibernation bool
	retiring        chan struct{} // closed once the evicted object wrote its state and closed (hibernation.go)

	streaming atomic.Int32 // response bodies its instance streams, not yet ended (stream.go)

	sockets   atomic.Int32 // WebSockets its instance accepted, still open (websocket.go)
	heldSends []heldSend   // owned by the leader: WebSocket sends waiting for the batch's commit (websocket.go)
	wsAnswer  uint64       // owned by the leader: the end ws_accept hands to the running fetch's caller, 0 for none (websocket_native.go)
}

// instance is a plugin instantiated for one object.
type instance struct {
	plugin   *plugin
	impl     format.Instance // the instance in the plugin's format
	initDone bool

	// The linear memory once init had run, and the batches run since: what the
	// recycling policy looks at (recycle.go).
	initBytes int64
	batches   int
}

type callKind uint8

const (
	kindMethod callKind = iota
	kindAlarm
	kindFetch
	kindDelete
	kindHost   // host work under the input gate, outside the batch transaction (fn)
	kindTx     // host work under the input gate, as a call of the batch (tx; Engine.Run)
	kindTimers // the instance's due script timers (timers.go)
	kindSocket // an event of a WebSocket the object holds (websocket.go): method names the export
)

// call is one request waiting at or running in an object.
type call struct {
	ctx       context.Context // the caller's; a call whose ctx ends before it starts is skipped
	kind      callKind
	method    string
	input     []byte
	depth     int                                             // object-to-object nesting
	deadline  time.Time                                       // for a call from another object: its caller's deadline, which bounds this one too; zero otherwise
	alarm     int64                                           // for kindAlarm: the scheduled time from the index
	alarmRow  int64                                           // for kindAlarm: the alarm its handler ran for (runAlarm)
	retry     int                                             // for kindAlarm: the retry count
	fn        func(o *object, db *storage.DB) ([]byte, error) // for kindHost
	tx        func(tx *Tx) ([]byte, error)                    // for kindTx
	keys      []string                                        // for kindMethod: the keys a keyed call declares (Engine.CallKeyed)
	leafBits  string                                          // for a keyed call: the leaf must have bits that start with these
	mustExist bool                                            // refused, rather than creating the object, when it has no database
	leaf      storage.Leaf                                    // for a keyed call: the record of the leaf that ran it

	out       []byte
	err       error
	budgeted  bool // its OutputBudget started it (it may run again: runBatch)
	ran       bool // it ran to success in its batch
	readOnly  bool // it ran with no write before it in its batch and made none
	wrote     bool // it ran a statement that writes (storage.DB.CallWrote)
	calledOut bool // it called another object
	// touchedAlarm: it joined another call (gate.go) and is an alarm delivery or changed
	// the alarm, so the batch updates the alarm index, as for any call of the batch.
	touchedAlarm bool
	// joinedOwnBatch: it joined a call that came before it in its own batch (gate.go),
	// which then skips it.
	joinedOwnBatch bool
	queued         func()    // if not nil, called (under o.mu) once the call is in o's queue: callEnv.CallAll
	body           *bodySlot // for kindFetch: where a streamed response body goes (stream.go); nil: whole bodies only
	done           chan bool // receives true when this call becomes the leader, false when it is answered
}

// again readies c, which ran in a batch whose writes are gone, to run again.
func (c *call) again() {
	c.out, c.err, c.ran, c.wrote, c.readOnly, c.joinedOwnBatch = nil, nil, false, false, false, false
}

// submit runs c in o and returns false, without running it, if o was evicted.
func (o *object) submit(c *call) bool {
	o.mu.Lock()
	if o.evicted {
		o.mu.Unlock()
		return false
	}
	o.queue = append(o.queue, c)
	if c.queued != nil {
		c.queued()
	}
	if o.running {
		select {
		case o.arrived <- struct{}{}:
		default:
		}
		o.mu.Unlock()
		if lead := <-c.done; !lead {
			return true
		}
	} else {
		o.running = true
		o.mu.Unlock()
	}
	return o.lead(c)
}

// submitIfIdle is submit when o runs no batch: c then leads at once, and it reports
// ran true with submit's result. When o is busy it queues nothing and reports ran
// false.
func (o *object) submitIfIdle(c *call) (ran, ok bool) {
	o.mu.Lock()
	if o.evicted {
		o.mu.Unlock()
		return true, false
	}
	if o.running {
		o.mu.Unlock()
		return false, false
	}
	o.queue = append(o.queue, c)
	if c.queued != nil {
		c.queued()
	}
	o.running = true
	o.mu.Unlock()
	return true, o.lead(c)
}

// lead runs the batch c leads (submit): the queue as it is now, c's own call in it;
// then it hands the lead to the first call queued meanwhile.
func (o *object) lead(c *call) bool {
	o.mu.Lock()
	batch := o.queue
	o.queue = nil
	o.mu.Unlock()
	o.runQueue(batch)
	joined := o.joined
	o.joined = nil
	o.recycle() // an instance that grew far past its size after init starts over
	o.account() // the instance may have grown; over the budget, it is discarded
	o.armTimers()
	if !timersOnly(batch) {
		o.lastUsed.Store(time.Now().UnixNano())
	}
	for _, b := range batch {
		if b != c {
			b.done <- false
		}
	}
	for _, b := range joined {
		if b.done != nil { // nil: a copy of an alarm delivery answered already (gate.go)
			b.done <- false
		}
	}
	o.mu.Lock()
	if len(o.queue) > 0 {
		next := o.queue[0]
		o.mu.Unlock()
		next.done <- true
	} else {
		o.running = false
		o.mu.Unlock()
	}
	return true
}

// runQueue runs the calls of a batch; a delete or host work splits it. The calls that
// must not create the object (call.mustExist) are checked again after each delete: one
// queued behind a delete finds the object deleted rather than opening a new database.
func (o *object) runQueue(batch []*call) {
	batch = o.refuseMissing(batch)
	start := 0
	for i := 0; i < len(batch); i++ {
		c := batch[i]
		if c.kind != kindDelete && c.kind != kindHost {
			continue
		}
		if i > start {
			o.runCalls(batch[start:i])
		}
		start = i + 1
		if c.kind != kindDelete {
			c.out, c.err = o.runHost(c)
			continue
		}
		c.err = o.destroy(c.ctx)
		rest := o.refuseMissing(batch[start:])
		batch = append(batch[:start:start], rest...)
	}
	if start < len(batch) {
		o.runCalls(batch[start:])
	}
}

// runCalls runs calls as one batch, and then each call that runBatch hands back alone,
// in a batch of its own.
func (o *object) runCalls(calls []*call) {
	for _, c := range o.runBatch(calls) {
		o.runBatch([]*call{c})
	}
}

// refuseMissing answers the calls that must not create the object (call.mustExist) when
// it has no database, and returns the others. It runs under the input gate, so no
// delete can come between the check and the calls.
func (o *object) refuseMissing(batch []*call) []*call {
	need := false
	for _, c := range batch {
		need = need || c.mustExist
	}
	if !need || o.hasDatabase() {
		return batch
	}
	kept := make([]*call, 0, len(batch))
	for _, c := range batch {
		switch {
		case !c.mustExist:
			kept = append(kept, c)
		case c.kind == kindMethod:
			c.err = o.callError(c, &LeafError{Reason: Missing})
		default:
			c.err = fmt.Errorf("%w: %s/%s", ErrNoDatabase, o.class, o.name)
		}
	}
	return kept
}

// exists reports whether the object has a database, on disk or, with a bucket, in it.
func (o *object) exists(ctx context.Context) (bool, error) {
	if o.replica != nil {
		return o.replica.Exists(ctx) // which looks at the disk first
	}
	_, err := os.Stat(o.path)
	return err == nil, nil
}

// hasDatabase is exists for a call under the input gate: a bucket that does not answer
// counts as yes, and opening will say what is wrong.
func (o *object) hasDatabase() bool {
	ctx, cancel := context.WithTimeout(o.e.baseCtx, o.e.opts.CallTimeout)
	defer cancel()
	ok, err := o.exists(ctx)
	return ok || err != nil
}

// runBatch runs calls in one transaction and commits it. When SQLite rolls that
// transaction back by itself during a call (a full disk, an I/O error, an interrupt),
// that call fails and the others run again in a new one (afterLoss).
//
// When the commit finds the disk full (or the object at its quota) and several calls
// wrote, runBatch returns those calls, to be run again each in a batch of its own
// (runCalls): the writes of one call may be what did not fit, and the others' may fit
// alone. A call among them that called another object fails with ErrRolledBack instead.
//
// When the commit fails (a full disk, an unreachable bucket in durable mode), the calls
// that wrote fail with it, and reads go on: a call that wrote nothing keeps its answer
// if no write ran before it in the batch (it saw only committed state), and otherwise
// runs again on the committed state (unless it called another object, which it would
// call twice).
func (o *object) runBatch(batch []*call) (alone []*call) {
	e := o.e
	var again []*call // reads to run again once the batch is undone
	defer func() {
		if len(again) > 0 {
			o.runReadsAgain(again)
		}
	}()
	failAll := func(err error) {
		for _, c := range batch {
			if c.err != nil || c.readOnly {
				continue
			}
			if c.ran && !c.wrote && !c.calledOut && c.kind != kindAlarm {
				again = append(again, c)
			}
			c.out, c.err = nil, o.callError(c, err)
		}
		// The plugin's memory may hold state of calls whose writes are gone: start over.
		o.discard()
	}
	e.acquireSlot(o)
	slotHeld := true
	defer func() {
		if slotHeld {
			e.releaseSlot(o)
		}
	}()
	db, err := o.acquire()
	if err != nil {
		failAll(err)
		return
	}
	// Runs after the Release below: a durable upload that failed, or a restore asked for,
	// needs the database closed.
	defer func() {
		if o.restart {
			o.restart = false
			o.discard()
			e.pool.Evict(o.path)
		}
	}()
	defer e.pool.Release(db)
	if o.replica != nil {
		if err := o.replica.Err(); err != nil { // another node took the object
			failAll(err)
			return
		}
	}
	// A database restored from the bucket may hold an alarm the index does not know.
	restored := o.replica != nil && o.replica.Restored()
	alarmTouched := restored
	// The calls run in rounds. When SQLite rolls the batch transaction back by itself
	// (storage.ErrTransactionLost: a full disk, an I/O error, an interrupt at a call's
	// time limit), the call it happened in fails, the calls before it whose writes
	// went with the transaction run again in a new one (afterLoss), and so do the
	// calls after it. Each round has one call fewer, so this ends.
	pending := batch
	n := 0
	o.joining, o.alarmChanged, o.alarmNoted = true, false, 0
	defer func() { o.joining = false }()
	for {
		if err := db.Begin(); err != nil {
			failAll(err)
			return
		}
		n = 0
		lost := -1
		var joined []*call // the calls that joined one of this round's (gate.go)
		for i, c := range pending {
			if c.joinedOwnBatch { // it ran inside an earlier call of the batch
				continue
			}
			if err := c.ctx.Err(); err != nil {
				c.err = err
				continue
			}
			budget := outputBudget(c.ctx)
			if budget != nil && !c.budgeted {
				c.budgeted = true
				if err := budget.Start(); err != nil {
					c.err = err
					continue
				}
			}
			wrote := db.Writing()
			o.rest = pending[i+1:]
			touched, err := o.runCall(db, c)
			o.rest = nil
			if budget != nil {
				budget.Produced(len(c.out))
			}
			for _, j := range o.joinedNow {
				if !j.joinedOwnBatch { // from the queue: this batch answers it too
					batch = append(batch, j)
					o.joined = append(o.joined, j)
				}
				joined = append(joined, j)
				touched = touched || j.touchedAlarm
				n++
			}
			o.joinedNow = o.joinedNow[:0]
			c.ran, c.wrote = err == nil && c.err == nil, db.CallWrote()
			c.readOnly = c.ran && !wrote && !db.Writing()
			if errors.Is(err, storage.ErrTransactionLost) {
				if c.err == nil {
					c.out, c.err = nil, o.callError(c, err)
				}
				lost = i
				break
			}
			if err != nil { // the database failed: nothing of this batch can commit
				db.Rollback()
				failAll(err)
				return
			}
			// An alarm delivery always updates the index: on success, on failure (retry), and
			// when the object could not even be activated.
			alarmTouched = alarmTouched || touched || c.kind == kindAlarm
			n++
		}
		if lost < 0 {
			break
		}
		db.Rollback()
		for _, j := range joined {
			if j.err == nil { // its answer may rest on writes that are gone
				j.out, j.err = nil, o.callError(j, ErrRolledBack)
			}
		}
		pending = o.afterLoss(pending, lost)
	}
	if n == 0 {
		db.Rollback()
		return
	}
	if r := failedAlarm(batch); r != nil && r.retry >= abi.AlarmMaxRetries {
		// The last retry failed: the alarm is dropped.
		e.log.Warn("alarm failed after all retries; dropped", "class", o.class, "object", o.name, "retries", r.retry, "err", r.err)
		if _, err := db.AlarmDelete(); err != nil {
			db.Rollback()
			failAll(err)
			return
		}
	}
	var alarmAt int64
	if alarmTouched {
		// The index learns of a new alarm before the commit, so a crash in between
		// leaves a spurious index entry (which delivery ignores), never a lost alarm.
		if alarmAt, err = db.AlarmGet(); err == nil && alarmAt != 0 {
			at, retry := alarmAt, 0
			if r := failedAlarm(batch); r != nil && r.retry < abi.AlarmMaxRetries {
				// ABI.md section 6: retry after 2 s, doubling.
				at = time.Now().Add(time.Duration(abi.AlarmFirstRetrySecs) * time.Second << r.retry).UnixMilli()
				retry = r.retry + 1
			}
			err = e.alarms.index.Set(o.id, o.class, o.name, at, retry)
		}
		if err != nil {
			db.Rollback()
			failAll(err)
			return
		}
	}
	dropped := false
	if o.dropHibernation && db.Writing() {
		// The commit changes what the hibernated state rests on: the state goes in the
		// same transaction (hibernation.go). A batch that writes nothing leaves it.
		if err := db.HibernationDelete(); err != nil {
			db.Rollback()
			failAll(err)
			return
		}
		dropped = true
	}
	// Commit is I/O: let other objects use the worker thread meanwhile.
	e.releaseSlot(o)
	slotHeld = false
	if err := db.Commit(); err != nil {
		db.Rollback()
		writers := o.writers(batch)
		failAll(fmt.Errorf("commit: %w", err))
		if errors.Is(err, storage.ErrNoSpace) && len(writers) > 1 {
			for _, c := range writers {
				if c.calledOut {
					c.err = o.callError(c, fmt.Errorf("%w (the batch's commit found no space: %w)", ErrRolledBack, err))
					continue
				}
				c.again()
				alone = append(alone, c)
			}
		}
		if len(alone) == 0 {
			o.retryAlarm(batch)
		}
		return alone
	}
	e.metrics.commit(n)
	if dropped {
		o.dropHibernation = false
	}
	if restored {
		o.replica.ClearRestored() // the index has the alarm now
	}
	if o.replica != nil {
		// Durable mode: the output gate. Answers wait until the bucket has the batch.
		ctx, cancel := context.WithTimeout(e.baseCtx, e.opts.CallTimeout)
		err := o.replica.Committed(ctx, db, n)
		cancel()
		if err != nil {
			o.restart = true // the log is cut back to the last upload when the file closes
			failAll(err)
			// The alarm index may name an alarm the cut undoes: delivery checks the
			// object's own alarm and ignores a stale entry.
			o.retryAlarm(batch)
			return
		}
	}
	o.releaseBodies() // stream.go
	o.releaseSends()  // websocket.go
	if alarmTouched {
		if alarmAt == 0 {
			err = e.alarms.index.Delete(o.id)
		}
		e.alarms.poke()
		if err != nil {
			e.log.Error("alarm index", "object", o.id, "err", err)
		}
	}
	return nil
}

// afterLoss is what runBatch does after SQLite rolled the batch transaction back by
// itself during pending[lost], which has failed: it returns the calls to run again in
// a new transaction. Those before pending[lost] that succeeded and wrote, or read what
// an earlier call of the batch wrote, lost what they answered from; they run again,
// except those that called another object (which they would call twice) and host work
// (Engine.Run), which fail with ErrRolledBack instead. A read that saw only committed
// state keeps its answer, and a call that failed keeps its error: its writes were
// undone anyway. The calls after pending[lost] have not run yet. The plugin instance
// goes too: its memory may hold state of the writes that are gone.
func (o *object) afterLoss(pending []*call, lost int) []*call {
	var again []*call
	failed := 0
	for _, c := range pending[:lost] {
		switch {
		case c.err != nil, c.readOnly:
		case c.calledOut, c.kind == kindTx:
			c.out, c.err = nil, o.callError(c, ErrRolledBack)
			failed++
		default:
			c.again()
			again = append(again, c)
		}
	}
	o.discard()
	o.e.metrics.transactionLost(len(again), failed)
	o.e.log.Warn("SQLite rolled back a commit batch by itself; its calls run again in a new transaction",
		"class", o.class, "object", o.name, "cause", pending[lost].err, "again", len(again), "failed", failed)
	return append(again, pending[lost+1:]...)
}

// acquire takes the object's database from the pool. Opening may wait on the backup
// bucket (restore, epoch): that is bounded like a call.
func (o *object) acquire() (*storage.DB, error) {
	if o.replica == nil {
		return o.e.pool.Acquire(o.e.baseCtx, o.path)
	}
	ctx, cancel := context.WithTimeout(o.e.baseCtx, o.e.opts.CallTimeout)
	defer cancel()
	return o.e.pool.Acquire(ctx, o.path)
}

// runReadsAgain runs reads of a batch whose commit failed again, each on the committed
// state, in a transaction that is rolled back. A read that now fails, or writes, keeps
// the batch's error.
func (o *object) runReadsAgain(reads []*call) {
	e := o.e
	e.acquireSlot(o)
	defer e.releaseSlot(o)
	db, err := o.acquire()
	if err != nil {
		return
	}
	defer e.pool.Release(db)
	if db.Begin() != nil {
		return
	}
	defer func() {
		db.Rollback()
		o.discard() // init may have run, and its writes are gone
	}()
	for _, c := range reads {
		batchErr := c.err
		c.err = nil
		_, dbErr := o.runCall(db, c)
		if dbErr != nil || c.err != nil || db.CallWrote() || c.calledOut {
			c.out, c.err = nil, batchErr
		}
		if dbErr != nil {
			return
		}
	}
}

// runCall runs one call (BeginCall, EndCall), activating the object and running its
// init first if needed. It returns an error only when the database itself failed,
// which fails the whole batch; the call's own outcome is in c.
func (o *object) runCall(db *storage.DB, c *call) (alarmTouched bool, dbErr error) {
	if o.inst != nil && o.inst.plugin.superseded.Load() {
		// Another version became current since this instance was made (a deploy, a
		// rollback): the object switches to it at this call boundary, under the input
		// gate, as Cloudflare resets an active object to new code (developers.cloudflare.com/
		// durable-objects/deployments/durable-objects-code-updates/), but cutting no
		// call: the one running when the deploy came finished on the old instance, and
		// this one runs init again on a new one, with the object's storage as it is.
		o.e.log.Debug("object switches to the current version", "class", o.class, "object", o.name, "from", o.inst.plugin.Version)
		o.discard()
	}
	if c.kind == kindTimers && (o.inst == nil || !o.inst.initDone) {
		return false, nil // the instance that held the timers is gone
	}
	if o.inst == nil {
		if err := o.activate(db); err != nil {
			c.err = o.callError(c, err)
			return false, nil
		}
		if c.kind == kindSocket {
			o.e.metrics.websocketWakeups.Inc()
		}
	}
	if o.inst.plugin.Info.Splittable {
		// The leaf record, for the keyed functions and sobjects_leaf_owns.
		if _, err := db.Leaf(); err != nil {
			return false, err
		}
	}
	if !o.inst.initDone {
		if o.inst.plugin.hasInit {
			// init runs once per activation as a call of its own (BeginCall), so a
			// failing call after it does not undo it.
			if err := db.BeginCall(); err != nil {
				return false, err
			}
			env := o.newEnv(db, c)
			_, err := o.guarded(env, func() ([]byte, error) { return o.invoke(env, abi.ExportInit, nil) })
			if cerr := env.closeImage(); err == nil {
				err = cerr
			}
			if endErr := db.EndCall(err == nil); endErr != nil {
				return false, endErr
			}
			if err != nil {
				// A JavaScript instance keeps its module state (its runtime constructs the
				// object again); any other instance goes. A version deployed since takes
				// over at the next call either way (plugin.superseded).
				if o.inst != nil && !o.inst.impl.KeepsStateAfterFailedInit() {
					o.discard()
				}
				c.err = o.callError(c, fmt.Errorf("init: %w", err))
				return false, nil
			}
		}
		o.inst.initDone = true
		o.inst.initBytes = o.inst.linearBytes()
	}
	if err := db.BeginCall(); err != nil {
		return false, err
	}
	env := o.newEnv(db, c)
	env.gate = o.joining && c.joinable()
	out, err := o.guarded(env, func() ([]byte, error) { return o.dispatch(env, c) })
	if err == nil {
		err = env.checkMovingWrites(c.keys)
	}
	if cerr := env.closeImage(); err == nil {
		err = cerr
	}
	c.calledOut = env.calledOut
	if err == nil && db.TxnDepth() > 0 {
		err = openTransactionsError(db.TxnDepth())
		if o.inst != nil && o.inst.impl.SpentByOpenTransaction() {
			o.discard() // a script still awaiting inside its transaction would hold it, and the ones after, forever
		}
	}
	if err == nil {
		err = db.CheckDeferred()
	}
	if err != nil {
		c.err = o.callError(c, err)
	} else {
		c.out = out
	}
	// A call that others joined keeps its writes when it fails: theirs are among them,
	// and their answers rest on them (gate.go). So does a JavaScript call that threw.
	if endErr := db.EndCall(err == nil || len(o.joinedNow) > 0 || o.keepsWrites(env, err)); endErr != nil {
		return false, endErr
	}
	if db.Broken() {
		return false, storage.ErrOutOfMemory
	}
	return err == nil && env.alarmTouched, nil
}

// openTransactionsError fails a call that returned with n plugin transactions open.
func openTransactionsError(n int) error {
	return abi.Errorf(abi.CodeBadInput, "method returned with %d transaction(s) open", n)
}

// keepsWrites reports whether a call that failed with err keeps its writes: it failed
// by its plugin's own doing (Env.Failed) in a format whose failed calls keep them
// (format.Instance.KeepsWritesOfFailedCalls), with no transaction left open.
func (o *object) keepsWrites(env *callEnv, err error) bool {
	var ae *abi.Error
	return env.failed != nil && errors.As(err, &ae) && ae == env.failed && env.hostErr == nil &&
		env.db.TxnDepth() == 0 && o.inst != nil && o.inst.impl.KeepsWritesOfFailedCalls()
}

// writers returns the calls of batch that ran to success and wrote: those whose writes
// a failed commit undoes.
func (o *object) writers(batch []*call) []*call {
	var out []*call
	for _, c := range batch {
		if c.err == nil && c.ran && c.wrote && c.kind != kindTx {
			out = append(out, c)
		}
	}
	return out
}

// retryAlarm schedules the retry of the batch's alarm delivery, if it had one, after
// its batch failed to commit: the index was set before the commit, to the alarm the
// handler may have set in the batch (which the failure undid), with the handler's
// retry count; the retry comes after the backoff of ABI.md section 6 instead, as for a
// handler that failed. After the last retry it keeps that longest backoff: dropping
// the alarm would need a commit.
func (o *object) retryAlarm(batch []*call) {
	for _, c := range batch {
		if c.kind != kindAlarm {
			continue
		}
		retry := min(c.retry, abi.AlarmMaxRetries)
		at := time.Now().Add(time.Duration(abi.AlarmFirstRetrySecs) * time.Second << retry).UnixMilli()
		if err := o.e.alarms.index.Set(o.id, o.class, o.name, at, min(retry+1, abi.AlarmMaxRetries)); err != nil {
			o.e.log.Error("alarm index", "object", o.id, "err", err)
		}
		o.e.alarms.poke()
		return
	}
}

// failedAlarm returns the alarm delivery of the batch that failed, if any.
// When several ran (they joined a call that slept: gate.go), the last one decides: a
// retry that succeeded ends the failure before it.
func failedAlarm(batch []*call) *call {
	for i := len(batch) - 1; i >= 0; i-- {
		if c := batch[i]; c.kind == kindAlarm && !errors.Is(c.err, context.Canceled) {
			if c.err == nil {
				return nil
			}
			return c
		}
	}
	return nil
}

// runAlarm delivers the object's alarm if it is due. An index entry that the object's
// own alarm no longer matches (deleted, or moved later) delivers nothing; the batch
// then sets the index right.
func (o *object) runAlarm(env *callEnv, c *call) ([]byte, error) {
	at, err := env.db.AlarmGet()
	if err != nil || at == 0 || at > time.Now().UnixMilli() {
		return nil, err
	}
	if !o.inst.plugin.hasAlarm {
		_, err := env.db.AlarmDelete()
		return nil, err
	}
	// The alarm is cleared as its handler starts: getAlarm() answers null there, as on
	// Cloudflare, unless the handler sets a new one. A handler that fails undoes it with
	// its other writes, and the retry finds the alarm again.
	if _, err := env.db.AlarmDelete(); err != nil {
		return nil, err
	}
	c.alarmRow = at
	var enc abi.Encoder
	enc.ArrayHeader(2)
	enc.Int(at)
	enc.Int(int64(c.retry))
	out, err := o.invoke(env, abi.ExportAlarm, enc.Buf)
	if err != nil {
		// The retry needs the alarm: a handler that threw keeps its writes
		// (keepsWrites), and with them this delete.
		if now, gerr := env.db.AlarmGet(); gerr == nil && now == 0 {
			env.db.AlarmSet(at)
		}
	}
	return out, err
}

func (o *object) newEnv(db *storage.DB, c *call) *callEnv {
	return &callEnv{obj: o, db: db, depth: c.depth, deadline: c.deadline, body: c.body}
}

func (o *object) callError(c *call, err error) error {
	method := c.method
	switch c.kind {
	case kindAlarm:
		method = abi.ExportAlarm
	case kindFetch:
		method = abi.ExportFetch
	case kindTimers:
		method = "timers"
	}
	return &CallError{ObjectID: o.id, Class: o.class, Name: o.name, Method: method, Err: err}
}

// dispatch runs c's export in the activated object.
func (o *object) dispatch(env *callEnv, c *call) ([]byte, error) {
	switch c.kind {
	case kindMethod:
		if err := o.inst.plugin.checkMethod(c.method); err != nil {
			return nil, err
		}
		if err := env.checkCallKeys(c); err != nil {
			return nil, err
		}
		env.method = true
		return o.invoke(env, c.method, c.input)
	case kindTx:
		env.hostTx = true
		return c.tx(&Tx{o: o, env: env})
	case kindFetch:
		if !o.inst.plugin.hasFetch {
			return nil, ErrNoFetch
		}
		// A native plugin's ws_accept hands a WebSocket to the caller with a 101
		// answer: answerWebSocket names it in the output (websocket_native.go).
		env.fetching = true
		return env.answerWebSocket(o.invoke(env, abi.ExportFetch, c.input))
	case kindAlarm:
		return o.runAlarm(env, c)
	case kindTimers:
		return o.runTimers(env)
	case kindSocket:
		if !o.inst.impl.HasExport(c.method) {
			return nil, nil // the class takes no such events
		}
		return o.invoke(env, c.method, c.input)
	}
	return nil, fmt.Errorf("unknown call kind %d", c.kind)
}

// activate instantiates the current version of the object's class, within the bounds
// of resident objects: it fails with ErrOverloaded when room for the instance cannot be
// made (Engine.admit). An instance hibernated in db is restored instead (hibernation.go).
func (o *object) activate(db *storage.DB) error {
	e := o.e
	p, err := e.reg.current(o.class)
	if err != nil {
		return err
	}
	e.mu.Lock()
	est, ok := e.hints[o.class]
	e.mu.Unlock()
	if !ok {
		est = DatabaseMemoryEstimate
	}
	if err := e.admit(o, est); err != nil {
		return err
	}
	inst, err := o.restore(db, p)
	if inst == nil && err == nil {
		inst, err = e.instantiate(p, o.name)
	}
	if err != nil {
		e.mu.Lock()
		e.release(o)
		e.mu.Unlock()
		return err
	}
	o.inst = inst
	o.resident.Store(inst.plugin)
	e.metrics.resident.Inc()
	size := inst.memoryBytes()
	e.mu.Lock()
	e.hints[o.class] = size
	e.mu.Unlock()
	return o.account()
}

// discard drops the plugin instance after a trap or a limit; the next call gets a
// fresh one.
func (o *object) discard() {
	if o.inst == nil {
		return
	}
	o.stopTimers()
	o.dropSends()            // websocket.go
	o.closeInstanceSockets() // websocket.go
	o.inst.close()
	o.inst = nil
	o.resident.Store(nil)
	o.e.metrics.resident.Dec()
	o.e.mu.Lock()
	o.e.release(o)
	o.e.mu.Unlock()
}

// destroy deletes the object's storage (DELETE /v1/objects/{class}/{name}), its
// backup included.
func (o *object) destroy(ctx context.Context) error {
	if o.replica != nil {
		if err := o.replica.Err(); err != nil { // another node took the object
			return err
		}
	}
	o.discard()
	if err := o.e.pool.Remove(o.path); err != nil {
		return err
	}
	if o.replica != nil {
		if err := o.replica.Delete(ctx); err != nil {
			return fmt.Errorf("delete backup: %w", err)
		}
	}
	return o.e.alarms.index.Delete(o.id)
}

// runHost runs c.fn with the object's database, outside any transaction.
func (o *object) runHost(c *call) ([]byte, error) {
	if err := c.ctx.Err(); err != nil {
		return nil, err
	}
	db, err := o.e.pool.Acquire(c.ctx, o.path)
	if err != nil {
		return nil, err
	}
	out, err := c.fn(o, db)
	o.e.pool.Release(db)
	if o.restart {
		o.restart = false
		o.discard()
		o.e.pool.Evict(o.path)
	}
	return out, err
}

// invoke calls export name of the instance with input under the call's limits. An
// instance that the call left spent (format.Instance.Spent) is discarded.
func (o *object) invoke(env *callEnv, name string, input []byte) ([]byte, error) {
	defer env.endLog()
	inst := o.inst
	env.plugin = inst.plugin
	ctx := o.e.callContext(env)
	defer o.e.endCallContext(env, ctx)
	env.ctx = ctx
	// At the time limit SQL the call runs is interrupted (and the instance stops the
	// guest: format.Instance.Invoke).
	env.db.SetInterrupt(ctx)
	defer env.db.SetInterrupt(context.Background())
	out, err := inst.impl.Invoke(env, name, input)
	if inst.impl.Spent() {
		o.discard()
	}
	return out, err
}

// instantiate creates an instance of p and runs its start functions.
func (e *Engine) instantiate(p *plugin, objectName string) (*instance, error) {
	impl, err := p.code.Instantiate(e.baseCtx, objectName)
	if err != nil {
		return nil, err
	}
	p.retain()
	return &instance{plugin: p, impl: impl}, nil
}

// close closes the instance and releases its plugin version.
func (inst *instance) close() {
	inst.impl.Close()
	inst.plugin.release()
}
