// Package native is the plugin format of the sobjects ABI (abi/ABI.md): modules
// instrumented (package instrument) and compiled in the engine's wazero runtime, the
// host module "sobjects" their host functions live in, their inspection and the
// mapping of their traps. The host reaches it through package format.
package native

import (
	"context"
	"crypto/rand"
	"fmt"
	"sync"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/host/internal/format"
	"github.com/sobjects/sobjects/host/internal/instrument"
)

// Class is a compiled module of the sobjects ABI.
type Class struct {
	rt       wazero.Runtime
	compiled wazero.CompiledModule
	usesWASI bool
	limits   format.Limits
	report   instrument.Report // its mutable globals, and why its instances cannot hibernate if they cannot

	baseOnce sync.Once
	base     []byte // the memory of an instance as instantiated, before its start functions (hibernate.go)
	baseSum  uint64 // format.BaseSum(base)
}

var _ format.Class = (*Class)(nil)

// Instantiate creates an instance and runs its start functions.
func (c *Class) Instantiate(ctx context.Context, objectName string) (format.Instance, error) {
	inst, err := c.instantiate(ctx)
	if err != nil {
		return nil, err
	}
	if err := inst.start(ctx); err != nil {
		inst.Close()
		return nil, err
	}
	return inst, nil
}

// instantiate creates an instance, running none of its code: the rewrite turned a
// start section into an export, which Instantiate runs under the time limit of a call.
func (c *Class) instantiate(ctx context.Context) (*Instance, error) {
	cfg := wazero.NewModuleConfig().WithName("").WithStartFunctions()
	if c.usesWASI {
		cfg = cfg.WithSysWalltime().WithSysNanotime().WithRandSource(cryptoRand{})
	}
	mod, err := c.rt.InstantiateModule(ctx, c.compiled, cfg)
	if err != nil {
		return nil, fmt.Errorf("%w: instantiate: %v", format.ErrInvalidPlugin, err)
	}
	stop, ok := mod.ExportedGlobal(instrument.InterruptExport).(api.MutableGlobal)
	if !ok {
		mod.Close(ctx)
		return nil, fmt.Errorf("%w: instrumented module lacks %s", format.ErrInvalidPlugin, instrument.InterruptExport)
	}
	c.noteBase(mod)
	return &Instance{mod: mod, alloc: mod.ExportedFunction(abi.ExportAlloc), stop: stop, fns: map[string]api.Function{}, limits: c.limits, class: c}, nil
}

// Close releases the compiled module.
func (c *Class) Close() { c.compiled.Close(context.Background()) }

// OwnsRuntime is false: the module is compiled in the engine's runtime.
func (c *Class) OwnsRuntime() bool { return false }

// Instance is an instantiated module of the sobjects ABI, or the JavaScript engine's
// module (the host's jsInstance runs on one).
type Instance struct {
	mod    api.Module
	alloc  api.Function
	stop   api.MutableGlobal // set to 1 to trap the running call (package instrument)
	stopMu sync.Mutex        // serializes the host's writes of stop: several calls' limits may strike at once
	fns    map[string]api.Function
	stack  [2]uint64
	limits format.Limits
	spent  bool
	class  *Class // nil for the JavaScript engine's module
}

var _ format.Instance = (*Instance)(nil)

// start runs the module's start function and its WASI reactor initializer, if any, each
// under the call time limit. They may not call host functions (those trap outside a
// call).
func (inst *Instance) start(base context.Context) error {
	for _, name := range []string{instrument.StartExport, "_initialize"} {
		fn := inst.mod.ExportedFunction(name)
		if fn == nil {
			continue
		}
		ctx, cancel := context.WithTimeout(base, inst.limits.CallTimeout)
		stop := context.AfterFunc(ctx, inst.Interrupt)
		_, err := fn.Call(ctx)
		stop()
		timedOut := ctx.Err() != nil
		cancel()
		switch {
		case err != nil && timedOut:
			return fmt.Errorf("%w: start function %s did not finish within %s", format.ErrInvalidPlugin, name, inst.limits.CallTimeout)
		case err != nil:
			return fmt.Errorf("%w: start function %s: %v", format.ErrInvalidPlugin, name, err)
		}
	}
	return nil
}

// Invoke calls export name with input (ABI.md section 3: the input is copied into
// memory from alloc, and the export returns the output's pointer and length).
func (inst *Instance) Invoke(env format.Env, name string, input []byte) ([]byte, error) {
	ctx := env.Context()
	// At the time limit the guest traps at its next loop iteration or call.
	defer context.AfterFunc(ctx, inst.Interrupt)()
	fn := inst.fns[name]
	if fn == nil {
		if fn = inst.mod.ExportedFunction(name); fn == nil {
			return nil, fmt.Errorf("%w: %q", format.ErrMethodNotFound, name)
		}
		inst.fns[name] = fn
	}

	var ptr uint32
	if len(input) > 0 {
		inst.stack[0] = uint64(len(input))
		if err := inst.alloc.CallWithStack(ctx, inst.stack[:]); err != nil {
			return nil, inst.TrapError(env, err)
		}
		ptr = uint32(inst.stack[0])
		if ptr == 0 || !inst.mod.Memory().Write(ptr, input) {
			inst.spent = true
			return nil, fmt.Errorf("%w: %s could not allocate %d bytes for the input", format.ErrMemoryLimit, abi.ExportAlloc, len(input))
		}
	}
	inst.stack[0], inst.stack[1] = uint64(ptr), uint64(len(input))
	if err := fn.CallWithStack(ctx, inst.stack[:]); err != nil {
		return nil, inst.TrapError(env, err)
	}
	if format.PastDeadline(ctx) { // the time limit struck as the call returned
		inst.spent = true
		return nil, format.TimeLimitError{Limit: inst.limits.CallTimeout.String()}
	}
	if err := env.HostErr(); err != nil {
		return nil, err
	}
	r := int64(inst.stack[0])
	if r < 0 {
		if failed := env.Failed(); failed != nil {
			return nil, failed
		}
		return nil, abi.Errorf(abi.CodeInternal, "method returned %d without calling fail", r)
	}
	optr, n := uint32(r>>32), uint32(r)
	if int(n) > inst.limits.MaxOutputBytes {
		return nil, fmt.Errorf("%w: output of %d bytes is over the limit of %d", format.ErrTooLarge, n, inst.limits.MaxOutputBytes)
	}
	if n == 0 {
		return []byte{}, nil
	}
	b, ok := inst.mod.Memory().Read(optr, n)
	if !ok {
		inst.spent = true
		return nil, fmt.Errorf("%w: output [%d, +%d) is out of bounds", format.ErrTrap, optr, n)
	}
	return append([]byte(nil), b...), nil
}

// TrapError classifies a failed wasm call; the instance is spent.
func (inst *Instance) TrapError(env format.Env, err error) error {
	inst.spent = true
	if perr := env.PanicError(); perr != nil {
		return perr
	}
	if format.PastDeadline(env.Context()) {
		return format.TimeLimitError{Limit: inst.limits.CallTimeout.String()}
	}
	if herr := env.HostErr(); herr != nil {
		return herr
	}
	if inst.stop.Get() == instrument.StackOverflow {
		return fmt.Errorf("%w: stack overflow (recursion too deep)", format.ErrTrap)
	}
	limit := uint64(inst.limits.MemoryLimitBytes)
	if size := uint64(inst.mod.Memory().Size()); size+4<<20 >= limit {
		return fmt.Errorf("%w of %d MiB: %v", format.ErrMemoryLimit, limit>>20, err)
	}
	if failed := env.Failed(); failed != nil { // what the plugin said before trapping, e.g. a panic message
		return fmt.Errorf("%w: %s: %v", format.ErrTrap, failed.Message, err)
	}
	return fmt.Errorf("%w: %v", format.ErrTrap, err)
}

// Spent reports whether the instance trapped, ran out of time or memory.
func (inst *Instance) Spent() bool { return inst.spent }

// HasExport reports whether the module exports a function named name.
func (inst *Instance) HasExport(name string) bool {
	return inst.mod.ExportedFunction(name) != nil
}

// LinearBytes is the size of the module's memory.
func (inst *Instance) LinearBytes() int64 { return int64(inst.mod.Memory().Size()) }

// KeepsStateAfterFailedInit is false: an instance whose init failed is closed.
func (inst *Instance) KeepsStateAfterFailedInit() bool { return false }

// SpentByOpenTransaction is false: a method that returned has nothing left running.
func (inst *Instance) SpentByOpenTransaction() bool { return false }

// KeepsWritesOfFailedCalls is false: a call is all or nothing (ABI.md section 4).
func (inst *Instance) KeepsWritesOfFailedCalls() bool { return false }

// Close closes the module.
func (inst *Instance) Close() { inst.mod.Close(context.Background()) }

// NewInstance is an instance of mod, instantiated by its caller, that allocates its
// input with alloc and traps when stop is set, under limits.
func NewInstance(mod api.Module, alloc api.Function, stop api.MutableGlobal, limits format.Limits) *Instance {
	return &Instance{mod: mod, alloc: alloc, stop: stop, fns: map[string]api.Function{}, limits: limits}
}

// Module is the instance's module.
func (inst *Instance) Module() api.Module { return inst.mod }

// Interrupt makes the running call trap at its next loop iteration or call. It is safe
// for concurrent use: the calls running in one instance at once (a call and the calls
// that joined it) may reach their limits together.
func (inst *Instance) Interrupt() {
	inst.stopMu.Lock()
	inst.stop.Set(1)
	inst.stopMu.Unlock()
}

// MarkSpent marks the instance spent.
func (inst *Instance) MarkSpent() { inst.spent = true }

// Limits are the bounds on the instance's calls.
func (inst *Instance) Limits() format.Limits { return inst.limits }

// cryptoRand is WASI's random source: crypto/rand.
type cryptoRand struct{}

func (cryptoRand) Read(p []byte) (int, error) { return rand.Read(p) }
