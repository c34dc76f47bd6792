// Package format is the contract between the engine (package host) and each plugin
// format: the native ABI on wazero, Extism plugins, JavaScript bundles. The engine
// picks the format of an upload once, when it compiles it, into a Class; from then on
// it talks to that Class and to the Instances it makes only, as wazero's
// internal/wasm.Engine keeps its compiler and its interpreter behind one interface.
//
// The package also holds what every format shares: the sentinel errors that package
// host re-exports (so errors.Is works on them for its users), the error of a call
// past its time limit, and the encoding of a failure in a host function's result.
package format

import (
	"context"
	"errors"
	"time"

	"github.com/sobjects/sobjects/abi"
)

// Errors every format returns; package host re-exports each under the same name
// (host.ErrTrap is ErrTrap). Their documentation is there.
var (
	ErrMethodNotFound    = errors.New("method not found")
	ErrInvalidPlugin     = errors.New("invalid plugin")
	ErrUnknownABIVersion = errors.New("unknown ABI version")
	ErrTrap              = errors.New("plugin trapped")
	ErrMemoryLimit       = errors.New("plugin reached the memory limit")
	ErrTooLarge          = errors.New("too large")
)

// MethodNotFoundError is an ErrMethodNotFound (Err wraps it) that names the method, for
// a caller that says which (a JavaScript stub's TypeError).
type MethodNotFoundError struct {
	Method string
	Err    error
}

func (e *MethodNotFoundError) Error() string { return e.Err.Error() }
func (e *MethodNotFoundError) Unwrap() error { return e.Err }

// Host is the sobjects ABI (ABI.md section 4.2) as Go methods over byte slices,
// independent of how a plugin format passes bytes: the native binding adapts it to
// pointers into linear memory, Extism's to memory handles, JavaScript's to values.
//
// Byte-returning methods append to out and return the extended slice. Errors are
// *abi.Error values, or host failures (storage.ErrNoSpace, limits) that the binding
// reports to the plugin as a code and that also fail the call.
type Host interface {
	SQLExec(req []byte, out []byte) ([]byte, error)
	KVGet(key []byte, out []byte) ([]byte, error)
	KVPut(key, value []byte) error
	KVDelete(key []byte) (bool, error)
	KVList(req []byte, out []byte) ([]byte, error)
	TxnBegin() (depth int, err error)
	TxnCommit() (depth int, err error)
	TxnRollback() (depth int, err error)
	AlarmSet(atMs int64) error
	AlarmGet() (atMs int64, err error)
	AlarmDelete() (bool, error)
	Call(req []byte, out []byte) ([]byte, error)
	DBSize() (int64, error)
	ObjectName(out []byte) []byte
	BookmarkCurrent(out []byte) ([]byte, error)
	BookmarkForTime(atMs int64, out []byte) ([]byte, error)
	BookmarkRestore(bookmark []byte, out []byte) ([]byte, error)
	KeyedRead(req []byte, out []byte) ([]byte, error)
	KeyedWrite(req []byte) (int64, error)
	KeyedScan(req []byte, out []byte) ([]byte, error)
	NowMs() int64
	Log(level int32, msg []byte)
	Fail(code int32, msg []byte)

	// Durable memory (ABI.md section 13).
	MemoryAppend(entry []byte) error
	MemoryImageBegin() error
	MemoryImageWrite(chunk []byte) error
	MemoryImageCommit() error
	MemoryImageAbort() error
	MemoryRead(out []byte) ([]byte, error)
	MemorySetDead(n int64) error
	MemoryStats(out []byte) ([]byte, error)
}

// Limits are the engine's bounds on one call of an instance, with its defaults
// filled in (host.Options).
type Limits struct {
	CallTimeout      time.Duration // wall time of one call, and of an instance's start
	MaxOutputBytes   int           // bytes of one export's output: more is ErrTooLarge
	MemoryLimitBytes int64         // bytes of an instance's linear memory
}

// Class is one compiled plugin version in one format. It is safe for concurrent use.
type Class interface {
	// Instantiate makes an instance for the object named objectName ("" for a trial
	// instance) and runs what the format runs at start (start functions, a bundle's
	// top level), bounded by Limits.CallTimeout; ctx is the engine's. Errors wrap
	// ErrInvalidPlugin with what went wrong.
	Instantiate(ctx context.Context, objectName string) (Instance, error)
	// Close releases the compiled code. The engine calls it once no instance of the
	// version is left; code shared by every version (the JavaScript engine) stays.
	Close()
	// OwnsRuntime reports whether the compiled code lives in a runtime of its own
	// (Extism: the go-sdk keeps one per compiled plugin), which closing the engine's
	// runtime does not release: the engine closes such a class's current version at
	// shutdown.
	OwnsRuntime() bool
}

// Instance is a class instantiated for one object. It is used by one call at a time
// (the object's input gate).
type Instance interface {
	// Invoke runs export name (a method or a lifecycle export) with input in the call
	// env, under env.Context (which carries the call's time limit) and Limits. Errors:
	// a *abi.Error the plugin reported, ErrTrap, ErrMemoryLimit, ErrTooLarge for an
	// output over Limits.MaxOutputBytes, a TimeLimitError, or what env says failed the
	// call (Env.HostErr, Env.PanicError). After an error the instance may be spent.
	Invoke(env Env, name string, input []byte) ([]byte, error)
	// Spent reports whether the instance must not run again (it trapped, ran out of
	// time or memory, or holds state of a call that cannot finish): the engine closes
	// it and the next call gets a fresh one.
	Spent() bool
	// HasExport reports whether the instance's module exports a function named name.
	HasExport(name string) bool
	// LinearBytes is the size of the instance's linear memory, in bytes (for Extism,
	// the kernel's).
	LinearBytes() int64
	// KeepsStateAfterFailedInit reports whether an instance whose init failed stays
	// (a JavaScript instance keeps its module state; its runtime constructs the
	// object again at the next call). Other instances are closed.
	KeepsStateAfterFailedInit() bool
	// SpentByOpenTransaction reports whether a method that returned with a
	// transaction open leaves the instance spent (a script still awaiting inside its
	// transaction would hold it, and the ones after, forever).
	SpentByOpenTransaction() bool
	// KeepsWritesOfFailedCalls reports whether a call that failed by the plugin's own
	// doing (Env.Failed: a JavaScript exception) keeps the writes it made outside an
	// explicit transaction, as on Cloudflare, where writes are committed as they are
	// made. Other failures (a time or memory limit, a trap, a host error) undo the call's
	// writes either way, and native plugins' calls are all or nothing.
	KeepsWritesOfFailedCalls() bool
	// Close releases the instance.
	Close()
}

// Timers is implemented by an instance whose script keeps timers (JavaScript's
// setTimeout, setInterval): those still pending when a call ends run later, as an
// event of the object's own under its input gate.
type Timers interface {
	// NextTimer returns when the next pending timer is due; ok is false when none is.
	NextTimer() (at time.Time, ok bool)
	// RunTimers runs the timers that are due, and the work they start, in the call
	// env. Errors are those of Instance.Invoke.
	RunTimers(env Env) error
}

// Env is the running call as a format sees it when it invokes an export.
type Env interface {
	// Context is the call's context: it carries the call's deadline and is done at
	// its time limit.
	Context() context.Context
	// Method reports whether the call runs a method (a JavaScript class may name one
	// init) rather than a lifecycle export.
	Method() bool
	// HostErr is a host failure in a host function (a full disk, the call's time
	// limit in SQL) that fails the call whatever the plugin did; nil if none.
	HostErr() error
	// Failed is what the plugin passed to the fail host function; nil if nothing.
	Failed() *abi.Error
	// PanicError is the call's error when a host function panicked during it (it
	// counts and logs the panic); nil when none did.
	PanicError() error
}

// TimeLimitError is the error of a call that ran out of time; Limit is the limit as
// time.Duration.String gives it. It matches context.DeadlineExceeded with errors.Is.
type TimeLimitError struct{ Limit string }

func (e TimeLimitError) Error() string {
	return "call exceeded the time limit of " + e.Limit
}

// Is reports whether target is context.DeadlineExceeded.
func (TimeLimitError) Is(target error) bool { return target == context.DeadlineExceeded }

// PastDeadline reports whether the call context ctx is over its time limit: done, or
// at its deadline (a timer that has not fired yet). A call from another object ends at
// its caller's deadline on a timer of its own, which may fire first: the caller that
// sees it fail is over its limit too, whether or not its own timer has fired yet.
func PastDeadline(ctx context.Context) bool {
	if ctx.Err() != nil {
		return true
	}
	d, ok := ctx.Deadline()
	return ok && !time.Now().Before(d)
}

// EncodeFailure packs an error code for a host function's i64 result: -code
// (abi/ABI.md section 4.1). An invalid code is sent as abi.CodeInternal.
func EncodeFailure(code abi.Code) uint64 {
	if !code.Valid() {
		code = abi.CodeInternal
	}
	return uint64(-int64(code))
}
