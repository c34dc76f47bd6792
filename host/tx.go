package host

import (
	"context"
	"fmt"

	"github.com/sobjects/sobjects/storage"
)

// Tx, Engine.Run and Engine.RunExisting are the API package splitter runs its work in
// an object's transaction with. They are subject to change: splitter is their only user.

// Tx is what a function given to Engine.Run works with: the object's database inside
// the call's transaction, and its plugin instance. It is valid only during that
// function.
type Tx struct {
	o   *object
	env *callEnv
}

// DB is the object's database; the function's writes commit with the call.
func (t *Tx) DB() *storage.DB { return t.env.db }

// HasExport reports whether the object's plugin exports a function named name.
func (t *Tx) HasExport(name string) bool { return t.o.inst.impl.HasExport(name) }

// Invoke calls the plugin's export name (a method or a lifecycle export such as
// abi.ExportAfterClone) with input, inside the transaction, under the limits of a call.
func (t *Tx) Invoke(name string, input []byte) ([]byte, error) {
	return t.o.invoke(t.env, name, input)
}

// Run runs fn under the object's input gate, as one call of a commit batch: fn's
// writes (and those of exports it invokes) commit when it returns nil and roll back
// when it fails, and its output is returned once the commit is as durable as every
// call's. The object is activated (and its init run) first.
func (e *Engine) Run(ctx context.Context, class, name string, fn func(tx *Tx) ([]byte, error)) ([]byte, error) {
	if err := e.check(class, name); err != nil {
		return nil, err
	}
	if !e.reg.has(class) {
		return nil, fmt.Errorf("%w: %q", ErrClassNotFound, class)
	}
	return e.external(class, name, &call{ctx: ctx, kind: kindTx, method: "(host)", tx: fn, done: make(chan bool, 1)})
}

// RunExisting is Run for an object that must have a database already: it fails with
// ErrNoDatabase, creating nothing, when the object has none (on disk or, with
// Options.Backup, in the bucket). The check and fn run under the same input gate.
func (e *Engine) RunExisting(ctx context.Context, class, name string, fn func(tx *Tx) ([]byte, error)) ([]byte, error) {
	if err := e.check(class, name); err != nil {
		return nil, err
	}
	if !e.reg.has(class) {
		return nil, fmt.Errorf("%w: %q", ErrClassNotFound, class)
	}
	return e.external(class, name, &call{ctx: ctx, kind: kindTx, method: "(host)", tx: fn, mustExist: true, done: make(chan bool, 1)})
}
