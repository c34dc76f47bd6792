package host

import (
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/sobjects/sobjects/abi"
)

// hostPanic is a Go panic of host code during a call: a bug of the host (or of a
// library it calls), not of the plugin. It fails that call with an internal error
// (object.panicError) and discards the object's instance; the engine goes on.
type hostPanic struct {
	value any
	stack []byte // of the goroutine where it was recovered
}

// deliberateTrap reports whether r, a value host code panicked with, is one of the
// host's own ways of trapping a plugin: an error value (an out-of-bounds pointer the
// plugin passed, a host function called outside a call, the error of a nested wasm
// call, the JavaScript format's traps). A runtime.Error (a nil dereference, an index out of range) and a
// value that is not an error (panic("...")) are bugs: hostPanic.
func deliberateTrap(r any) bool {
	err, ok := r.(error)
	var re runtime.Error
	return ok && !errors.As(err, &re)
}

// guarded runs f, part of a call of env (its init or its export, with the Go code
// around them: the JavaScript and Extism glue, Engine.Run's function), turning a
// Go panic out of it into the call's error and discarding the instance.
func (o *object) guarded(env *callEnv, f func() ([]byte, error)) (out []byte, err error) {
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		if env.panicked == nil {
			env.panicked = &hostPanic{value: r, stack: debug.Stack()}
		}
		out, err = nil, o.panicError(env)
		o.discard()
	}()
	return f()
}

// panicError logs and counts the panic of env's call and returns the call's error:
// an *abi.Error with abi.CodeInternal (HTTP 500 internal) naming the panic.
func (o *object) panicError(env *callEnv) error {
	p := env.panicked
	o.e.metrics.panics.Inc()
	o.e.log.Error("host panic during a call; the call fails and the instance is discarded",
		"class", o.class, "object", o.name, "panic", fmt.Sprint(p.value), "stack", string(p.stack))
	return &abi.Error{Code: abi.CodeInternal, Message: fmt.Sprintf("the host failed during the call (Go panic: %v)", p.value)}
}
