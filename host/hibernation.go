package host

import (
	"context"
	"errors"

	"github.com/sobjects/sobjects/host/internal/format"
	"github.com/sobjects/sobjects/storage"
)

// Hibernation (Options.Hibernate).
//
// An object of a hibernating class that is evicted writes its instance's state (its
// linear memory, as the pages that differ from a new instance's, compressed, and its
// mutable globals: format.Hibernator) into its own database (storage.Hibernation),
// with the class version and its name, in a transaction of its own after the object's
// last commit, before its instance closes. Its next activation finds the state and,
// when the class's current version and the object's name are those it was written
// with, makes the instance from it (format.Restorer) instead of instantiating and
// running init: the object goes on as if it had never left memory.
//
// Memory and storage agree at every point:
//   - The state is written between calls, under the input gate (an evicted object runs
//     nothing; a call for it waits for the write to end: Engine.object), after the
//     commit of its last batch, so it is the memory of exactly the database it is in.
//   - After an activation found a state, whatever it did with it, the first batch that
//     writes deletes it in its own transaction, so a commit that changes storage never
//     leaves a state older than itself behind. A crash before that commit leaves the
//     state and the database it was written with (the calls since wrote nothing: what
//     they changed in memory only is lost, as at any crash); after, neither. Batches
//     that only read leave it, and pay no write.
//   - A state whose version is not the class's current one (a deploy in between), or
//     whose name is not the object's (a database copied to a leaf by a split), is
//     deleted unused, and init runs as for any activation.
//
// An instance that holds what a state cannot carry (format.ErrNotHibernatable: a
// JavaScript timer still pending, a response body still streaming, a stub another
// object holds) is evicted as any other, and its next activation runs init. So does
// one whose class changed since it was made (a deploy), or that a trap left spent.

// hibernates reports whether the instances of class hibernate when evicted: as
// Options.Hibernate names it, else as "*" does.
func (e *Engine) hibernates(class string) bool {
	if v, ok := e.opts.Hibernate[class]; ok {
		return v
	}
	return e.opts.Hibernate["*"]
}

// retire removes o, being evicted, from the objects: under e.mu. An object that will
// write its state holds its key in e.hibernating until it closed (retired), so that a
// new object for it reads what it wrote.
func (e *Engine) retire(key string, o *object) {
	delete(e.objects, key)
	if o.resident.Load() != nil && e.hibernates(o.class) {
		o.retiring = make(chan struct{})
		e.hibernating[key] = o.retiring
	}
}

// retired ends what retire began, once o is closed.
func (e *Engine) retired(o *object) {
	if o.retiring == nil {
		return
	}
	e.mu.Lock()
	delete(e.hibernating, o.class+"\x00"+o.name)
	e.mu.Unlock()
	close(o.retiring)
}

// hibernate writes the state of o's instance to its database, when its class
// hibernates, and reports whether it did. o is evicted: nothing runs in it.
func (o *object) hibernate() bool {
	e, inst := o.e, o.inst
	if inst == nil || !e.hibernates(o.class) {
		return false
	}
	h, ok := inst.impl.(format.Hibernator)
	if !ok || !inst.initDone || inst.plugin.superseded.Load() || o.streaming.Load() > 0 || o.restart {
		e.metrics.hibernations.WithLabelValues("refused").Inc()
		return false
	}
	state, err := h.Hibernate()
	if err != nil {
		e.metrics.hibernations.WithLabelValues("refused").Inc()
		e.log.Debug("object evicted without hibernating", "class", o.class, "object", o.name, "err", err)
		return false
	}
	if err := o.writeHibernation(storage.Hibernation{Version: inst.plugin.Version, Name: o.name, State: state}); err != nil {
		e.metrics.hibernations.WithLabelValues("failed").Inc()
		e.log.Warn("object evicted without hibernating: writing its state failed", "class", o.class, "object", o.name, "err", err)
		return false
	}
	e.metrics.hibernations.WithLabelValues("written").Inc()
	e.metrics.hibernationBytes.Add(float64(len(state)))
	return true
}

// writeHibernation commits h to o's database, and in durable mode to its bucket.
func (o *object) writeHibernation(h storage.Hibernation) error {
	e := o.e
	ctx, cancel := context.WithTimeout(e.baseCtx, e.opts.CallTimeout)
	defer cancel()
	if o.replica != nil {
		if err := o.replica.Err(); err != nil {
			return err
		}
	}
	db, err := e.pool.Acquire(ctx, o.path)
	if err != nil {
		return err
	}
	defer e.pool.Release(db)
	if err := db.Begin(); err != nil {
		return err
	}
	if err := db.HibernationPut(h); err != nil {
		db.Rollback()
		return err
	}
	if err := db.Commit(); err != nil {
		db.Rollback()
		return err
	}
	if o.replica != nil {
		return o.replica.Committed(ctx, db, 1)
	}
	return nil
}

// restore returns an instance of p made from the state hibernated in db; nil and no
// error when there is none to restore (init runs as usual). Any state found is
// deleted by the next batch that writes (object.dropHibernation).
func (o *object) restore(db *storage.DB, p *plugin) (*instance, error) {
	e := o.e
	h, ok, err := db.HibernationGet()
	if err != nil || !ok {
		return nil, err
	}
	o.dropHibernation = true
	r, can := p.code.(format.Restorer)
	if !can || !e.hibernates(o.class) || h.Version != p.Version || h.Name != o.name {
		e.metrics.restores.WithLabelValues("stale").Inc()
		return nil, nil
	}
	impl, err := r.Restore(e.baseCtx, o.name, h.State)
	if errors.Is(err, format.ErrStaleHibernation) { // another build of the host, or a bundle whose top level differs
		e.metrics.restores.WithLabelValues("stale").Inc()
		e.log.Debug("a hibernated state is stale; the object runs init", "class", o.class, "object", o.name, "err", err)
		return nil, nil
	}
	if err != nil { // a state over a memory limit lowered since, one this build cannot read
		e.metrics.restores.WithLabelValues("failed").Inc()
		e.log.Warn("a hibernated state could not be restored; the object runs init", "class", o.class, "object", o.name, "err", err)
		return nil, nil
	}
	p.retain()
	e.metrics.restores.WithLabelValues("restored").Inc()
	inst := &instance{plugin: p, impl: impl, initDone: true}
	inst.initBytes = inst.linearBytes()
	return inst, nil
}
