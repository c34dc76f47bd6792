package host

import (
	"context"
	"errors"
	"time"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/host/internal/js"
	"github.com/sobjects/sobjects/storage"
)

// The input gate opens while a JavaScript call waits for a timer or an outbound fetch
// (a response's head, or the next bytes of its body). Cloudflare closes an object's
// input gate only while a storage operation is in progress: while a request awaits
// anything else (a timer, a fetch), the object's other events (other requests, its
// alarm) are delivered to it
// (blog.cloudflare.com/durable-objects-easy-fast-correct-choose-three/). Here the call
// that waits (js.Sleeper) runs the calls that came to its object meanwhile, one at a
// time, on the same instance and in the same batch transaction, inside its own call: a
// call that joins so is answered when the batch commits, with the others (the output
// gate), and its writes are part of the sleeping call's. So a call that fails after
// others joined it keeps its writes, as a call on Cloudflare always does: they saw
// them, and their answers rest on them.
//
// A call joins only a call of the object's leader that is a method, fetch or alarm
// delivery of an instance whose constructor has run, with no storage transaction open;
// it runs within that call's time limit as well as its own. Host work, deletes and host
// transactions keep waiting for the batch, and so do the calls queued behind them.

var _ js.Sleeper = (*callEnv)(nil)

// Sleep waits d (d < 0: no bound) with the call's worker thread free, or until wake
// has a token or ctx ends, or, when others is true and the call may open the input
// gate (env.gate), until a call comes to the object: it then runs the calls queued
// that may join (joinQueued) and returns.
func (env *callEnv) Sleep(ctx context.Context, d time.Duration, wake <-chan struct{}, others bool) error {
	o := env.obj
	var arrived <-chan struct{}
	if others && env.opensGate() {
		arrived = o.arrived
		if o.alarmChanged {
			o.noteAlarm(env.db)
		}
	}
	if arrived != nil && o.restJoinable() >= 0 {
		o.joinQueued(env) // calls of its own batch were there first
		return nil
	}
	o.e.pauseSlot(o)
	defer o.e.resumeSlot(o)
	var tc <-chan time.Time
	if d >= 0 {
		t := time.NewTimer(d)
		defer t.Stop()
		tc = t.C
	}
	select {
	case <-tc:
		return nil
	case <-wake:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-arrived:
	}
	o.e.resumeSlot(o)
	o.joinQueued(env)
	o.e.pauseSlot(o)
	return nil
}

// opensGate reports whether calls may join env's call while it sleeps.
func (env *callEnv) opensGate() bool {
	o := env.obj
	return env.gate && env.db != nil && env.db.TxnDepth() == 0 && o.inst != nil && o.inst.initDone
}

// joinable reports whether c may run inside another call while that call sleeps.
func (c *call) joinable() bool {
	return c.kind == kindMethod || c.kind == kindFetch || c.kind == kindAlarm || c.kind == kindSocket
}

// takeJoinable takes the first call that may join a sleeping call, ahead of any host
// work, delete, host transaction or alarm it would overtake, and returns it; nil when
// there is none. It looks first at the calls of the batch in progress that have not
// run (o.rest: they came first, and the leader took them with the sleeping call),
// then at o's queue.
func (o *object) takeJoinable() *call {
	if i := o.restJoinable(); i >= 0 {
		c := o.rest[i]
		c.joinedOwnBatch = true
		return c
	} else if i == -2 {
		return nil
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	for i, c := range o.queue {
		switch {
		case c.joinable():
			o.queue = append(o.queue[:i:i], o.queue[i+1:]...)
			return c
		case c.kind != kindTimers: // the sleeping call runs the instance's timers
			return nil
		}
	}
	return nil
}

// restJoinable returns the index in o.rest, the calls of the batch in progress that
// have not run, of the first that may join the call that sleeps (takeJoinable); -1
// when none may and the queue is next, -2 when a call there must keep its place
// ahead of the queue's. An alarm delivery in the batch is answered with it, so it
// does not join.
func (o *object) restJoinable() int {
	for i, c := range o.rest {
		switch {
		case c.joinedOwnBatch, c.kind == kindTimers:
		case c.kind == kindMethod || c.kind == kindFetch || c.kind == kindSocket:
			return i
		default:
			return -2
		}
	}
	return -1
}

// joinQueued runs, inside the call of outer, each call queued at o that may join it
// (takeJoinable), and records them in o.joinedNow for the batch to answer.
func (o *object) joinQueued(outer *callEnv) {
	for outer.opensGate() {
		c := o.takeJoinable()
		if c == nil {
			return
		}
		o.joinedNow = append(o.joinedNow, c)
		o.runJoined(outer, c)
		if c.kind == kindAlarm {
			// The scheduler delivers one alarm of an object at a time: the delivery is
			// answered now, so that the next (a retry, or the alarm its handler set) can
			// come while the call sleeps on. The batch keeps a copy, which sets the index
			// when it commits and fails with it.
			cp := *c
			cp.done = nil
			o.joinedNow[len(o.joinedNow)-1] = &cp
			o.afterJoinedAlarm(outer.db, &cp)
			c.done <- false
		}
	}
}

// afterJoinedAlarm schedules the retry of an alarm delivery that failed inside another
// call, as runBatch does after a batch (ABI.md section 6); runAlarm has set the alarm
// it ran for again.
func (o *object) afterJoinedAlarm(db *storage.DB, c *call) {
	if c.err == nil || c.alarmRow == 0 || errors.Is(c.err, context.Canceled) {
		return
	}
	if c.retry >= abi.AlarmMaxRetries {
		if _, err := db.AlarmDelete(); err != nil { // dropped: runBatch logs it
			o.e.log.Error("alarm", "object", o.id, "err", err)
		}
		return
	}
	o.alarmChanged, o.alarmNoted = true, c.alarmRow // the index gets the retry, not the alarm
	at := time.Now().Add(time.Duration(abi.AlarmFirstRetrySecs) * time.Second << c.retry).UnixMilli()
	err := o.e.alarms.index.Set(o.id, o.class, o.name, at, c.retry+1)
	o.e.alarms.poke()
	if err != nil {
		o.e.log.Error("alarm index", "object", o.id, "err", err)
	}
}

// runJoined runs c inside the call of outer: in its transaction, without a savepoint of
// its own, within both calls' time limits.
func (o *object) runJoined(outer *callEnv, c *call) {
	if err := c.ctx.Err(); err != nil {
		c.err = err
		return
	}
	if budget := outputBudget(c.ctx); budget != nil && !c.budgeted {
		c.budgeted = true
		if err := budget.Start(); err != nil {
			c.err = err
			return
		}
		defer func() { budget.Produced(len(c.out)) }()
	}
	db := outer.db
	env := o.newEnv(db, c)
	env.gate = true
	if d, ok := outer.ctx.Deadline(); ok && (env.deadline.IsZero() || d.Before(env.deadline)) {
		env.deadline = d
	}
	out, err := o.guarded(env, func() ([]byte, error) { return o.dispatch(env, c) })
	db.SetInterrupt(outer.ctx) // the joined call's invoke cleared the sleeping call's
	c.calledOut = env.calledOut
	// A transaction the joined call left open would swallow the sleeping call's writes.
	err = undoOpenTransactions(db, err)
	// An alarm delivery always updates the index, as in runBatch: on success and on
	// failure (its retry).
	c.touchedAlarm = env.alarmTouched || c.kind == kindAlarm
	c.ran, c.wrote = err == nil, db.CallWrote()
	if err != nil {
		c.err = o.callError(c, err)
		return
	}
	c.out = out
}

// noteAlarm tells the alarm scheduler of the alarm the call in progress set, before
// its batch commits, so that it can be delivered while the call sleeps (and joins it).
// An entry the batch then undoes is one the index may hold anyway (runBatch sets the
// index before the commit): its delivery finds no alarm due and sets the index right.
func (o *object) noteAlarm(db *storage.DB) {
	at, err := db.AlarmGet()
	if err == nil && at != 0 && at != o.alarmNoted {
		o.alarmNoted = at
		err = o.e.alarms.index.Set(o.id, o.class, o.name, at, 0)
		o.e.alarms.poke()
	}
	if err != nil {
		o.e.log.Error("alarm index", "object", o.id, "err", err)
	}
}

// undoOpenTransactions rolls back the storage transactions a call that ran inside
// another (a joined call, a stub callback) left open, which would otherwise swallow the
// outer call's writes, and returns err, or, when err is nil and there were some, the
// error that fails the call for them.
func undoOpenTransactions(db *storage.DB, err error) error {
	n := db.TxnDepth()
	if n == 0 {
		return err
	}
	for db.TxnDepth() > 0 {
		if _, terr := db.TxnEnd(false); terr != nil {
			break
		}
	}
	if err == nil {
		err = openTransactionsError(n)
	}
	return err
}
