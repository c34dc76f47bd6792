package format

import (
	"context"
	"errors"
)

// Call is a running call as the host functions of a format see it: the ABI (Host),
// the result convention's state (abi/ABI.md section 4.1), and the instance it runs in.
// It is used on the call's goroutine only.
type Call interface {
	Env
	Host
	// Failure records err as the pending result and returns the i64 a host function
	// gives the plugin: -code (EncodeFailure). A host failure (a full disk, ...) also
	// fails the call (Env.HostErr).
	Failure(err error) uint64
	// Pending is the result waiting for result_take; SetPending replaces it.
	Pending() []byte
	SetPending(b []byte)
	// Scratch is a buffer host functions may append a result to; KeepScratch hands a
	// buffer back for the next host function to reuse.
	Scratch() []byte
	KeepScratch(b []byte)
	// Instance is the instance the call runs in.
	Instance() Instance
	// NotePanic records r, the value of a panic in a host function (NotePanic below).
	NotePanic(r any)
}

// CallKey is the context key under which a call's Call travels to host functions.
type CallKey struct{}

// CallOf returns the call a host function runs in. It panics (a trap for the plugin)
// when a host function is called outside a call, e.g. from a start function.
func CallOf(ctx context.Context) Call {
	c, ok := ctx.Value(CallKey{}).(Call)
	if !ok {
		panic(errors.New("host function called outside a call"))
	}
	return c
}

// NotePanic, deferred by a host function, passes a panic to the call's
// Call.NotePanic (which tells a deliberate trap from a host bug) and panics again, so
// the guest traps.
func NotePanic(ctx context.Context) {
	r := recover()
	if r == nil {
		return
	}
	if c, ok := ctx.Value(CallKey{}).(Call); ok {
		c.NotePanic(r)
	}
	panic(r)
}
