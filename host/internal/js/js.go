package js

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/host/internal/format"
	"github.com/sobjects/sobjects/host/internal/instrument"
	"github.com/sobjects/sobjects/host/internal/native"
	"github.com/sobjects/sobjects/host/internal/quickjs"
	"github.com/sobjects/sobjects/internal/assets"
	sdkjs "github.com/sobjects/sobjects/sdk-js"
)

// quickJSWasm is that engine, kept in this repository (package quickjs) so that
// upgrading the qjs module cannot change it unnoticed. Read-only: the patches copy it.
var quickJSWasm = quickjs.Wasm()

// BundleMarker starts every JavaScript bundle: the host tells a bundle from a wasm
// module by it. It is jsbundle.Marker, which the host cannot import (esbuild);
// plugins/js_test.go checks the two agree.
const BundleMarker = "/*sobjects-js-bundle v1*/"

// IsBundle reports whether b is a JavaScript bundle rather than a wasm module.
func IsBundle(b []byte) bool { return bytes.HasPrefix(b, []byte(BundleMarker)) }

// QuickJS values on wasm32 are NaN-boxed 64-bit words: the tag in the high 32 bits.
const (
	jsTagInt       = 0
	jsTagNull      = 2
	jsTagUndefined = 3
	jsTagException = 6
	jsTagString    = -7
	jsUndefined    = uint64(jsTagUndefined) << 32
)

func jsTag(v uint64) int32 { return int32(v >> 32) }
func jsInt(i int32) uint64 { return uint64(uint32(i)) } // tag 0

// jsEngineMemoryHeadroom is how much below the instance's memory limit QuickJS's own
// allocator limit sits, so that a script that allocates without bound gets a
// catchable "out of memory" from the engine before the instance's memory is full.
const jsEngineMemoryHeadroom = 8 << 20

// Runtime compiles the engine once per wazero runtime, and bundles into classes.
type Runtime struct {
	rt     wazero.Runtime
	log    *slog.Logger
	topLog TopLevelLog
	limits format.Limits // of the instances

	fetchPolicy *FetchPolicy // SetFetchPolicy's

	once     sync.Once
	compiled wazero.CompiledModule
	wasm     *engineWasm // what compiled was compiled from, and its data segments
	err      error

	cache *Cache // the Cache API store of the instances (SetCache)
	ids   IDs    // the ids of Durable Objects (SetIDs); nil: none can be made

	snapDir string // where classes' snapshots are kept between processes (SetSnapshotDir); "": none
}

// TopLevelLog logs message msg at level (ABI.md section 9) of class's bundle, logged
// outside any call: at its top level, when it is compiled or instantiated.
type TopLevelLog func(ctx context.Context, class string, level int32, msg []byte)

// NewRuntime returns the JavaScript format for the engine's runtime rt: its classes'
// instances run under limits; what the engine writes to its standard error goes to log,
// and what a bundle's top level logs to topLog.
func NewRuntime(rt wazero.Runtime, limits format.Limits, log *slog.Logger, topLog TopLevelLog) *Runtime {
	return &Runtime{rt: rt, log: log, topLog: topLog, limits: limits, cache: NewCache(0)}
}

// SetCache makes c the Cache API store (caches.default, caches.open) of the instances
// made from then on; NewRuntime gives one of DefaultCacheBytes. Call it before the
// runtime is used: it is not safe for concurrent use with the rest.
func (j *Runtime) SetCache(c *Cache) { j.cache = c }

// SetIDs makes ids the maker of the ids of Durable Objects (hostop_ids.go) of the
// instances made from then on. Call it before the runtime is used: it is not safe for
// concurrent use with the rest.
func (j *Runtime) SetIDs(ids IDs) { j.ids = ids }

func (j *Runtime) engine(ctx context.Context) (wazero.CompiledModule, error) {
	ctx = context.WithoutCancel(ctx) // done once for every caller: one that gives up spoils it for none
	j.once.Do(func() {
		if _, err := j.rt.NewHostModuleBuilder("env").NewFunctionBuilder().
			WithGoModuleFunction(api.GoModuleFunc(jsHostCall), []api.ValueType{api.ValueTypeI32, api.ValueTypeI64, api.ValueTypeI32, api.ValueTypeI32}, []api.ValueType{api.ValueTypeI64}).
			Export("jsFunctionProxy").Instantiate(ctx); err != nil {
			j.err = fmt.Errorf("js engine: host module: %w", err)
			return
		}
		w, err := engineModule()
		if err != nil {
			j.err = err
			return
		}
		j.wasm = w
		if j.compiled, err = j.rt.CompileModule(ctx, w.wasm); err != nil {
			j.err = fmt.Errorf("js engine: compile: %w", err)
		}
	})
	return j.compiled, j.err
}

// Compile makes a class of a bundle: it evaluates the bundle in a scratch instance
// to learn the class's methods (a syntax error or a throw at the top level is refused
// here), without running the class's constructor.
func (j *Runtime) Compile(ctx context.Context, class string, bundle []byte) (format.Info, format.Class, error) {
	cm, err := j.engine(ctx)
	if err != nil {
		return format.Info{}, nil, err
	}
	bundle, set, err := cutAssets(bundle) // the static assets after the script (hostop_assets.go)
	if err != nil {
		return format.Info{}, nil, fmt.Errorf("%w: %v", format.ErrInvalidPlugin, err)
	}
	script, srcmap := cutSourceMap(bundle) // sourcemap.go
	code := &Class{j: j, compiled: cm, class: class, bundle: string(script), srcmap: srcmap, assets: set}
	path := j.snapshotPath(class, script)
	if path != "" {
		if snap, info, err := readSnapshot(path); err == nil {
			code.snapshot = snap // snapshot_file.go: the one an earlier process made
			return info, code, nil
		}
	}
	parent := ctx
	ctx, cancel := context.WithTimeout(ctx, startupLimit(j.limits))
	defer cancel()
	inst, err := j.instantiate(ctx, code, "")
	if err != nil {
		switch {
		case parent.Err() != nil:
			return format.Info{}, nil, interrupted("evaluating the bundle", parent)
		case ctx.Err() != nil:
			return format.Info{}, nil, fmt.Errorf("%w: evaluating the bundle did not finish within %s", format.ErrInvalidPlugin, startupLimit(j.limits))
		}
		return format.Info{}, nil, err
	}
	defer inst.Close()
	out, err := inst.describe(ctx, class)
	if err != nil {
		if parent.Err() != nil {
			return format.Info{}, nil, interrupted("describing the bundle's classes", parent)
		}
		return format.Info{}, nil, fmt.Errorf("%w: %v", format.ErrInvalidPlugin, err)
	}
	code.snapshot = inst.snapshot()
	var desc struct {
		Methods []string `json:"methods"`
		Worker  bool     `json:"worker"`
	}
	if err := json.Unmarshal(out, &desc); err != nil {
		return format.Info{}, nil, fmt.Errorf("%w: describe: %v", format.ErrInvalidPlugin, err)
	}
	info := format.Info{Kind: format.KindJS, Methods: []string{}, Lifecycle: []string{abi.ExportInit}, Imports: []string{}, Problems: []string{}}
	for _, name := range desc.Methods {
		switch {
		case name == abi.ExportFetch || name == abi.ExportAlarm:
			info.Lifecycle = append(info.Lifecycle, name)
		case jsMethodName.MatchString(name):
			info.Methods = append(info.Methods, name)
		}
	}
	if desc.Worker {
		info.Lifecycle = append(info.Lifecycle, abi.ExportFetch)
	}
	slices.Sort(info.Lifecycle)
	if path != "" {
		if err := writeSnapshot(path, code.snapshot, info); err != nil {
			j.log.Debug("js engine: the class's snapshot is kept for this process only", "class", class, "err", err)
		}
	}
	return info, code, nil
}

// Class is a JavaScript bundle, run in the JavaScript engine shared by every bundle.
type Class struct {
	j        *Runtime
	compiled wazero.CompiledModule // the engine, shared by every bundle: never closed
	class    string
	bundle   string
	snapshot *jsSnapshot // the engine, started with the bundle: new instances copy it
	srcmap   *sourceMap  // the bundle's source map, nil for none: shared by its instances
	assets   *assets.Set // the bundle's static assets, nil for none: shared by its instances
}

// Assets returns the class's static assets, nil when its bundle has none.
func (c *Class) Assets() *assets.Set { return c.assets }

var (
	_ format.Class    = (*Class)(nil)
	_ format.Instance = (*Instance)(nil)
)

// minStartup is the least time evaluating runtime.js and a bundle may take: Cloudflare
// bounds a Worker's startup (its global scope) apart from its requests, at 1 second
// (developers.cloudflare.com/workers/platform/limits/#worker-startup-time).
const minStartup = time.Second

// startupLimit bounds evaluating runtime.js and the bundle: the call time limit, or
// minStartup when that is shorter, so that a short call limit does not refuse a
// bundle whose start-up a loaded machine slows.
func startupLimit(l format.Limits) time.Duration { return max(l.CallTimeout, minStartup) }

// Instantiate creates an engine instance for the object objectName, bounded by the
// startup limit (startupLimit).
func (c *Class) Instantiate(ctx context.Context, objectName string) (format.Instance, error) {
	ctx, cancel := context.WithTimeout(ctx, startupLimit(c.j.limits))
	defer cancel()
	inst, err := c.j.instantiate(ctx, c, objectName)
	if err != nil && ctx.Err() != nil {
		return nil, fmt.Errorf("%w: evaluating the bundle did not finish within %s", format.ErrInvalidPlugin, startupLimit(c.j.limits))
	}
	if err != nil {
		return nil, err
	}
	return inst, nil
}

// Close does nothing: the engine's module is shared by every bundle.
func (c *Class) Close() {}

// OwnsRuntime is false: the engine runs in the engine's runtime.
func (c *Class) OwnsRuntime() bool { return false }

// jsMethodName is what a JavaScript method's name must be to be called: the method
// names of ABI.md section 2, where the wasm lifecycle names (init, after_clone, ...)
// are free, as the constructor plays init's part, and so are names starting with _,
// which workerd's RPC exposes like any other (ABI.md section 11).
var jsMethodName = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_]{0,255}$`)

// Instance is the JavaScript state of an engine instance.
type Instance struct {
	inst        *native.Instance // the engine's module
	usedSockets bool             // a script of this instance used a WebSocket (hostop_websocket.go)
	className   string
	ctx         uint64 // JSContext*
	dispatch    uint64 // JS functions of runtime.js
	construc    uint64
	describ     uint64
	seed        uint64
	class       uint64 // JS strings: the class and the object's name
	object      uint64
	names       map[string]uint64 // method names as JS strings
	argv        uint32            // room for 6 JSValues
	jobCtx      uint32            // room for the JSContext* that JS_ExecutePendingJob writes
	flags       uint32            // the bytes of runtime.js's flags (flagSlot, flagSettled, ...)
	buf         uint32            // scratch for bytes into the engine
	bufCap      uint32
	fns         map[string]api.Function
	stack       [5]uint64
	log         *slog.Logger

	// rejected holds the promises of the call in progress rejected with no handler (yet),
	// by address, with their reasons described; the call's end logs those still there.
	rejected []jsRejection
	// oom is the description of the first out of memory error the engine threw in the
	// call in progress, in the method or in work it left (a promise job, ctx.waitUntil's),
	// caught by the script or not: it fails the call.
	oom string

	argA, argB []byte   // the arguments of the host call in progress
	msg        []byte   // a host call's MessagePack result before its JSON transcoding
	fetchBody  []byte   // the body of the last response a fetch of another object got
	params     []any    // SQL bindings of the host call in progress
	extra      [][]byte // its arguments after the fourth, in the engine's memory
	blobs      [][]byte // the bytes values of the last SQL result, in msg (appendJSONBlobs)
	topLog     TopLevelLog

	cache *Cache // the node's Cache API store (Runtime.SetCache)
	ids   IDs    // Runtime.SetIDs's

	cow  *cowMemory  // the engine's memory, where a snapshot's image maps into it (image_linux.go); Close releases it
	snap *jsSnapshot // the class's snapshot the instance started from; nil for none (hibernate.go)

	srcmap    *sourceMap  // the class's source map (sourcemap.go), nil for none
	assets    *assets.Set // the class's static assets (hostop_assets.go), nil for none
	assetBody []byte      // the body of the last OP.ASSETS_FETCH, the Set's bytes, until OP.ASSETS_BODY

	timersFn uint64    // runtime.js's __sobjects_timers, once a call needed it (hostop_timers.go)
	timerAt  time.Time // when the next timer left pending is due (NextTimer); zero when none

	fetchPolicy *FetchPolicy // where fetches may connect (hostop_fetch.go); nil: the default
	fetches     *outbound    // the outbound requests, once the script made one
	fetchFn     uint64       // runtime.js's __sobjects_fetch, once a call needed it
	// calls are the calls in progress, by slot: the outermost first, then each that runs
	// while the one before it sleeps until a timer is due (Sleeper). opSlot is the slot
	// the host operation in progress names (OP.FAIL, OP.RESPONSE), or -1.
	calls  []jsCall
	opSlot int

	// The calls to other objects the script started and the host has yet to run, the
	// one whose answer runtime.js is being told of (__sobjects_settle takes it at once),
	// and the last ticket given (hostop_calls.go); startOp is the operation of the
	// OP.CALL_START in progress.
	started  []*StartedCall
	settling *StartedCall
	tickets  int
	startOp  int32
	settleFn uint64 // runtime.js's __sobjects_settle, once a call needed it

	exportsTargets bool    // the script sent an RpcTarget or a function (hostop_rpcstubs.go)
	streams        *bodies // the streamed response bodies the scripts hold (hostop_stream.go); nil until one
}

// maxCalls bounds Instance.calls: runtime.js keeps a settled flag for each slot.
const maxCalls = 8

// The bytes of runtime.js's flags the host writes and reads besides flagTimers (and
// the waitUntil flag at 1): the slot of the call it starts, and from flagSettled on, a
// byte per slot that the call's dispatcher sets when the call has settled.
const (
	flagSlot    = 3
	flagSettled = 8
)

// jsCall is a call in progress in the instance: its Call, and the response head its
// fetch handler reported (OP.RESPONSE).
type jsCall struct {
	env         Call
	respStatus  int
	respHeaders [][2]string

	// respStatusText is the status text of the response head, if hasStatusText (the
	// script gave one, maybe "", that is not the status's standard one).
	respStatusText string
	hasStatusText  bool

	respSocket int64 // the WebSocket of a 101 response (jsOpWSResponse), 0 if none
}

type jsKey struct{}

// jsRejection is a promise rejected with no handler: its address and its reason.
type jsRejection struct {
	promise uint32
	reason  string
}

// jsOutOfMemory is how the engine's out of memory error (its allocator reached its
// limit, jsEngineMemoryHeadroom below the instance's) describes itself.
const jsOutOfMemory = "InternalError: out of memory"

// instantiate creates an engine instance for p and evaluates runtime.js and the
// bundle; ctx bounds the time it may take. objectName is "" for inspection.
func (j *Runtime) instantiate(ctx context.Context, p *Class, objectName string) (*Instance, error) {
	return j.instantiateFrom(ctx, p, objectName, nil)
}

// instantiateFrom is instantiate, or, with a hibernated state, the instance that
// hibernated in it (hibernate.go).
func (j *Runtime) instantiateFrom(ctx context.Context, p *Class, objectName string, state *format.MemoryState) (*Instance, error) {
	// The engine reads the time through WASI (new Date(), performance.now()); without
	// these the sandbox would see wazero's fixed fake clock.
	cfg := wazero.NewModuleConfig().WithName("").WithStartFunctions().WithSysWalltime().WithSysNanotime().
		WithStderr(&jsStderr{log: j.log, class: p.class}) // the engine reports unhandled rejections there
	var cow *cowMemory // the memory a snapshot's image maps into (image_linux.go)
	if p.snapshot != nil && p.snapshot.image != nil {
		ctx = experimental.WithMemoryAllocator(ctx, newCOWMemory(&cow))
	}
	mod, err := j.rt.InstantiateModule(ctx, p.compiled, cfg)
	if err != nil {
		return nil, fmt.Errorf("%w: instantiate the JavaScript engine: %v", format.ErrInvalidPlugin, err)
	}
	stop, _ := mod.ExportedGlobal(instrument.InterruptExport).(api.MutableGlobal)
	inst := native.NewInstance(mod, mod.ExportedFunction("malloc"), stop, j.limits)
	js := &Instance{inst: inst, className: p.class, srcmap: p.srcmap, assets: p.assets, names: map[string]uint64{}, fns: map[string]api.Function{}, log: j.log, topLog: j.topLog, cache: j.cache, ids: j.ids}
	js.fetchPolicy = j.fetchPolicy
	js.cow = cow
	js.snap = p.snapshot
	ctx = context.WithValue(ctx, jsKey{}, js)
	defer context.AfterFunc(ctx, inst.Interrupt)()
	setup := func() error { // the engine afresh: its data segments first (cutDataSegments)
		if err := j.wasm.writeData(mod.Memory()); err != nil {
			return err
		}
		return js.setup(ctx, p, objectName, int(j.limits.MemoryLimitBytes))
	}
	switch {
	case state != nil:
		setup = func() error { return js.wake(p.snapshot, cow, state) }
	case p.snapshot != nil:
		setup = func() error { return js.restore(ctx, p.snapshot, cow, objectName) }
	}
	if err := setup(); err != nil {
		js.Close()
		return nil, err
	}
	return js, nil
}

// Invoke runs the class's export name (a method, or init: the constructor) with input
// through runtime.js's dispatcher, under the call's limits.
func (js *Instance) Invoke(env format.Env, name string, input []byte) ([]byte, error) {
	inst := js.inst
	ctx := env.Context()
	// At the time limit the engine traps at its next loop iteration or call.
	defer context.AfterFunc(ctx, inst.Interrupt)()
	if jsonDeeperThan(input, maxJSInputDepth) {
		return nil, abi.Errorf(abi.CodeBadInput, "the input nests deeper than %d levels", maxJSInputDepth)
	}
	out, failed, err := js.run(ctx, name, input, env.Method())
	if errors.Is(err, errNeverSettles) && ctx.Err() == nil {
		inst.MarkSpent() // its pending promises stay behind
		return nil, abi.Errorf(abi.CodeInternal, "%v", err)
	}
	if err != nil {
		return nil, inst.TrapError(env, err)
	}
	if format.PastDeadline(ctx) {
		inst.MarkSpent()
		return nil, format.TimeLimitError{Limit: inst.Limits().CallTimeout.String()}
	}
	if herr := env.HostErr(); herr != nil {
		return nil, herr
	}
	if failed {
		said := env.Failed()
		if said != nil && strings.HasPrefix(said.Message, "InternalError: out of memory") {
			// The engine's allocator reached its limit (jsEngineMemoryHeadroom below the
			// instance's): the script could catch that, but the instance is spent.
			inst.MarkSpent()
			return nil, fmt.Errorf("%w of %d MiB: the script ran out of memory", format.ErrMemoryLimit, inst.Limits().MemoryLimitBytes>>20)
		}
		if said != nil {
			return nil, said
		}
		return nil, abi.Errorf(abi.CodeInternal, "the script failed without saying why")
	}
	if len(out) > inst.Limits().MaxOutputBytes {
		return nil, fmt.Errorf("%w: output of %d bytes is over the limit of %d", format.ErrTooLarge, len(out), inst.Limits().MaxOutputBytes)
	}
	return out, nil
}

// Spent reports whether the instance trapped, ran out of time or memory, or holds
// promises that can never settle.
func (js *Instance) Spent() bool { return js.inst.Spent() }

// HasExport reports whether the engine's module exports a function named name.
// The WebSocket events are the dispatcher's, which passes each to the script's socket
// or handler.
func (js *Instance) HasExport(name string) bool {
	return abi.IsWebSocketExport(name) || js.inst.HasExport(name)
}

// LinearBytes is the size of the engine's memory.
func (js *Instance) LinearBytes() int64 { return js.inst.LinearBytes() }

// KeepsStateAfterFailedInit is true: the instance keeps its module state, and
// runtime.js constructs the object again at the next call.
func (js *Instance) KeepsStateAfterFailedInit() bool { return true }

// SpentByOpenTransaction is true: a script still awaiting inside its transaction
// would hold it, and the calls after, forever.
func (js *Instance) SpentByOpenTransaction() bool { return true }

// KeepsWritesOfFailedCalls is true: a method, fetch or alarm that throws keeps what it
// wrote before, as workerd does.
func (js *Instance) KeepsWritesOfFailedCalls() bool { return true }

// Close cuts the streamed bodies the instance feeds, closes the engine's module and
// releases its memory. When a call is still in the instance (a call waiting on a stub
// call whose callback into this instance spent it: host/rpcstubs.go), that call
// returns through the closed module and reads its memory: the memory then stays until
// it is unreachable (cowMemory's cleanup).
func (js *Instance) Close() {
	js.closeBodies()
	js.inst.Close()
	if len(js.calls) == 0 {
		js.cow.release()
	}
}

// c calls an export of the engine.
func (js *Instance) c(ctx context.Context, name string, args ...uint64) uint64 {
	f := js.fns[name]
	if f == nil {
		if f = js.inst.Module().ExportedFunction(name); f == nil {
			panic(fmt.Errorf("js engine lacks export %s", name))
		}
		js.fns[name] = f
	}
	copy(js.stack[:], args)
	if err := f.CallWithStack(ctx, js.stack[:]); err != nil {
		panic(jsTrap{err})
	}
	return js.stack[0]
}

// jsTrap carries a trap of the engine out of nested calls (recovered by guard). It is
// an error (with no Unwrap) so that the host, should it recover one, takes it for a
// deliberate trap rather than a host bug (format.Call.NotePanic).
type jsTrap struct{ err error }

func (t jsTrap) Error() string { return t.err.Error() }

// guard runs f, turning a trap of the engine into an error.
func guard(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if t, ok := r.(jsTrap); ok {
				err = t.err
				return
			}
			panic(r)
		}
	}()
	return f()
}

// cstring copies s, NUL-terminated, into a fresh allocation of the engine.
func (js *Instance) cstring(ctx context.Context, s string) uint32 {
	p := uint32(js.c(ctx, "malloc", uint64(len(s)+1)))
	if p == 0 || !js.inst.Module().Memory().Write(p, append([]byte(s), 0)) {
		panic(jsTrap{fmt.Errorf("%w: the JavaScript engine could not allocate %d bytes", format.ErrMemoryLimit, len(s)+1)})
	}
	return p
}

func (js *Instance) newString(ctx context.Context, s string) uint64 {
	p := js.cstring(ctx, s)
	v := js.c(ctx, "QJS_NewString", js.ctx, uint64(p))
	js.c(ctx, "free", uint64(p))
	return v
}

// global reads a property of the global object.
func (js *Instance) global(ctx context.Context, name string) uint64 {
	g := js.c(ctx, "JS_GetGlobalObject", js.ctx)
	p := js.cstring(ctx, name)
	v := js.c(ctx, "JS_GetPropertyStr", js.ctx, g, uint64(p))
	js.c(ctx, "free", uint64(p))
	js.c(ctx, "QJS_FreeValue", js.ctx, g)
	return v
}

// eval evaluates src as a classic script.
func (js *Instance) eval(ctx context.Context, name, src string) error {
	code := js.cstring(ctx, src)
	file := js.cstring(ctx, name)
	const strict = 1 << 3
	opts := js.c(ctx, "QJS_CreateEvalOption", uint64(code), 0, 0, uint64(file), strict)
	v := js.c(ctx, "QJS_Eval", js.ctx, opts)
	js.c(ctx, "free", opts)
	js.c(ctx, "free", uint64(code))
	js.c(ctx, "free", uint64(file))
	if jsTag(v) == jsTagException {
		return errors.New(js.exception(ctx))
	}
	js.c(ctx, "QJS_FreeValue", js.ctx, v)
	return nil
}

// exception takes the pending exception and describes it.
func (js *Instance) exception(ctx context.Context) string {
	ex := js.c(ctx, "JS_GetException", js.ctx)
	defer js.c(ctx, "QJS_FreeValue", js.ctx, ex)
	return js.describeValue(ctx, ex)
}

// describeValue describes a thrown value: its string and, for an Error, its stack.
func (js *Instance) describeValue(ctx context.Context, v uint64) string {
	msg := js.toString(ctx, v)
	if stack := js.property(ctx, v, "stack"); stack != "" && stack != "undefined" {
		msg += "\n" + strings.TrimRight(stack, "\n")
	}
	return msg
}

func (js *Instance) property(ctx context.Context, v uint64, name string) string {
	p := js.cstring(ctx, name)
	x := js.c(ctx, "JS_GetPropertyStr", js.ctx, v, uint64(p))
	js.c(ctx, "free", uint64(p))
	defer js.c(ctx, "QJS_FreeValue", js.ctx, x)
	if jsTag(x) == jsTagException || jsTag(x) == jsTagUndefined {
		return ""
	}
	return js.toString(ctx, x)
}

func (js *Instance) toString(ctx context.Context, v uint64) string {
	pp := uint32(js.c(ctx, "QJS_ToCString", js.ctx, v))
	if pp == 0 {
		return "(unprintable value)"
	}
	mem := js.inst.Module().Memory()
	pair, _ := mem.ReadUint64Le(pp)
	s, _ := mem.Read(uint32(pair>>32), uint32(pair))
	out := string(s)
	js.c(ctx, "JS_FreeCString", js.ctx, pair>>32)
	js.c(ctx, "free", uint64(pp))
	return out
}

// bytesIn returns the contents of an ArrayBuffer, aliasing the engine's memory, or
// ok false when v is not one.
func (js *Instance) bytesIn(ctx context.Context, v uint64) (b []byte, ok bool) {
	addr, n, ok := js.arrayBufferAt(ctx, v)
	if !ok {
		return nil, false
	}
	return js.inst.Module().Memory().Read(addr, n)
}

// arrayBufferAt returns where the bytes of an ArrayBuffer are in the engine's memory,
// or ok false when v is not one.
func (js *Instance) arrayBufferAt(ctx context.Context, v uint64) (addr, n uint32, ok bool) {
	pp := uint32(js.c(ctx, "QJS_GetArrayBuffer", js.ctx, v))
	if pp == 0 {
		return 0, 0, false
	}
	pair, _ := js.inst.Module().Memory().ReadUint64Le(pp)
	js.c(ctx, "free", uint64(pp))
	return uint32(pair >> 32), uint32(pair), true
}

// valueIn returns the bytes of a string (UTF-8) or an ArrayBuffer, copied; ok is false
// for other values.
func (js *Instance) valueIn(ctx context.Context, v uint64, dst []byte) (b []byte, ok bool) {
	if jsTag(v) == jsTagString {
		pp := uint32(js.c(ctx, "QJS_ToCString", js.ctx, v))
		if pp == 0 {
			return dst, false
		}
		mem := js.inst.Module().Memory()
		pair, _ := mem.ReadUint64Le(pp)
		s, ok := mem.Read(uint32(pair>>32), uint32(pair))
		dst = append(dst, s...)
		js.c(ctx, "JS_FreeCString", js.ctx, pair>>32)
		js.c(ctx, "free", uint64(pp))
		return dst, ok
	}
	b, ok = js.bytesIn(ctx, v)
	return append(dst, b...), ok
}

// scratch returns room for n bytes in the engine's memory, valid until the next call.
func (js *Instance) scratch(ctx context.Context, n uint32) uint32 {
	if n > js.bufCap {
		if js.buf != 0 {
			js.c(ctx, "free", uint64(js.buf))
		}
		size := max(n, 4096)
		js.buf = uint32(js.c(ctx, "malloc", uint64(size)))
		if js.buf == 0 {
			js.bufCap = 0
			panic(jsTrap{fmt.Errorf("%w: the JavaScript engine could not allocate %d bytes", format.ErrMemoryLimit, size)})
		}
		js.bufCap = size
	}
	return js.buf
}

// arrayBuffer returns a new ArrayBuffer holding b.
func (js *Instance) arrayBuffer(ctx context.Context, b []byte) uint64 {
	p := js.scratch(ctx, uint32(len(b)))
	js.inst.Module().Memory().Write(p, b)
	return js.c(ctx, "QJS_NewArrayBufferCopy", js.ctx, uint64(p), uint64(len(b)))
}

// stringOf returns a new string holding b, which must be UTF-8 without NUL.
func (js *Instance) stringOf(ctx context.Context, b []byte) uint64 {
	p := js.scratch(ctx, uint32(len(b))+1)
	mem := js.inst.Module().Memory()
	mem.Write(p, b)
	mem.WriteByte(p+uint32(len(b)), 0)
	return js.c(ctx, "QJS_NewString", js.ctx, uint64(p))
}

// textOrBytes passes b as a string when it can travel as one, else as an ArrayBuffer.
func (js *Instance) textOrBytes(ctx context.Context, b []byte) uint64 {
	if jsonText(b) {
		return js.stringOf(ctx, b)
	}
	return js.arrayBuffer(ctx, b)
}

// setup starts the engine and evaluates runtime.js and the bundle; then, as every
// instance, it becomes objectName's (forObject).
func (js *Instance) setup(ctx context.Context, p *Class, objectName string, memoryLimit int) error {
	return guard(func() error {
		limit := max(memoryLimit-jsEngineMemoryHeadroom, memoryLimit/2)
		h := js.c(ctx, "New_QJS", uint64(limit), 0, 0, 4<<20)
		if h == 0 {
			return fmt.Errorf("%w: the JavaScript engine did not start", format.ErrInvalidPlugin)
		}
		js.ctx = js.c(ctx, "QJS_GetContext", h)
		mem := js.inst.Module().Memory()
		rt, _ := mem.ReadUint32Le(uint32(js.ctx) + 16) // JSContext.rt
		if !mem.WriteUint32Le(rt+jsRuntimeRejectionTracker, jsRejectionTrackerSlot) || !mem.WriteUint32Le(rt+jsRuntimeRejectionTracker+4, 0) {
			return errors.New("js engine: no room for the rejection tracker")
		}
		if err := js.moveStack(ctx); err != nil {
			return err
		}
		proxy := js.c(ctx, "QJS_CreateFunctionProxy", js.ctx, 0, 0, 0)
		g := js.c(ctx, "JS_GetGlobalObject", js.ctx)
		name := js.cstring(ctx, "__sobjects_host")
		js.c(ctx, "JS_SetPropertyStr", js.ctx, g, uint64(name), proxy) // takes proxy
		js.c(ctx, "free", uint64(name))
		js.c(ctx, "QJS_FreeValue", js.ctx, g)
		if err := js.eval(ctx, "sobjects:runtime.js", sdkjs.Runtime); err != nil {
			return fmt.Errorf("sdk-js runtime: %s", err)
		}
		js.seed = js.global(ctx, "__sobjects_seed")
		if err := js.reseed(ctx); err != nil { // the bundle's top level draws from this
			return err
		}
		if err := js.eval(ctx, p.class+".js", p.bundle); err != nil {
			return fmt.Errorf("%w: evaluating the bundle: %s", format.ErrInvalidPlugin, err)
		}
		flags := js.global(ctx, "__sobjects_flags") // runtime.js keeps the buffer alive
		addr, n, ok := js.arrayBufferAt(ctx, flags)
		js.c(ctx, "QJS_FreeValue", js.ctx, flags)
		if !ok || n < 8 {
			return errors.New("sdk-js runtime: no flags")
		}
		js.flags = addr
		js.dispatch = js.global(ctx, "__sobjects_dispatch")
		js.construc = js.global(ctx, "__sobjects_construct")
		js.describ = js.global(ctx, "__sobjects_describe")
		js.class = js.newString(ctx, p.class)
		js.argv = uint32(js.c(ctx, "malloc", 6*8+8))
		js.jobCtx = js.argv + 6*8
		if js.argv == 0 {
			return fmt.Errorf("%w: the JavaScript engine is out of memory", format.ErrMemoryLimit)
		}
		return js.forObject(ctx, objectName)
	})
}

// forObject makes a started instance objectName's: its name, and Math.random seeded
// afresh. Run inside guard.
func (js *Instance) forObject(ctx context.Context, objectName string) error {
	if strings.IndexByte(objectName, 0) >= 0 { // a C string cannot hold it: runtime.js decodes it
		js.object = js.arrayBuffer(ctx, []byte(objectName))
	} else {
		js.object = js.newString(ctx, objectName)
	}
	return js.reseed(ctx)
}

// reseed seeds Math.random from the host's random source. Run inside guard.
func (js *Instance) reseed(ctx context.Context) error {
	var seed [16]byte
	rand.Read(seed[:])
	args := make([]uint64, 4)
	for i := range args {
		args[i] = jsInt(int32(binary.LittleEndian.Uint32(seed[4*i:])))
	}
	if v := js.callSync(ctx, js.seed, args...); jsTag(v) == jsTagException {
		return errors.New(js.exception(ctx))
	}
	return nil
}

// jsSnapshot is an engine instance right after setup, before any object's code ran:
// its linear memory, its stack globals and the JS values the host keeps. The engine
// keeps all its state in linear memory and its only mutable global is the stack
// pointer, so a copy of the memory into a new instance is that instance started
// (what Wizer does for any wasm module), without evaluating runtime.js and the bundle
// again: BenchmarkJSInstance, 6.8 ms evaluated against about 1 ms restored.
//
// On Linux the memory is held in an image (memoryImage) that the instances map
// copy-on-write, sharing the pages they do not write to; elsewhere, or where making
// the image failed, in mem, which each instance copies.
type jsSnapshot struct {
	image     *memoryImage // nil: none, mem holds the memory
	mem       []byte       // nil where image holds it
	size      uint32       // of the memory, in bytes
	sp, limit uint64
	state     Instance // ctx, dispatch, construc, describ, seed, class, argv, jobCtx, flags, buf, bufCap

	sumOnce sync.Once // base (hibernate.go)
	sum     uint64
	sumErr  error
}

// snapshot copies a started instance that has run nothing but describe.
func (js *Instance) snapshot() *jsSnapshot {
	mod := js.inst.Module()
	mem, _ := mod.Memory().Read(0, mod.Memory().Size())
	image := newMemoryImage(mem)
	if image == nil {
		mem = bytes.Clone(mem)
	} else {
		mem = nil
	}
	return &jsSnapshot{
		image: image,
		mem:   mem,
		size:  mod.Memory().Size(),
		sp:    mod.ExportedGlobal(instrument.StackPointerExport).Get(),
		limit: mod.ExportedGlobal(instrument.StackLimitExport).Get(),
		state: Instance{ctx: js.ctx, dispatch: js.dispatch, construc: js.construc, describ: js.describ, seed: js.seed,
			class: js.class, argv: js.argv, jobCtx: js.jobCtx, flags: js.flags, buf: js.buf, bufCap: js.bufCap},
	}
}

// restore makes a fresh instance (nothing run yet) the copy of s: mapped into cow,
// the memory instantiate gave it for s's image, or copied.
func (js *Instance) restore(ctx context.Context, s *jsSnapshot, cow *cowMemory, objectName string) error {
	mod := js.inst.Module()
	mem := mod.Memory()
	if have := mem.Size(); have < s.size {
		if _, ok := mem.Grow((s.size - have) / 65536); !ok {
			return fmt.Errorf("%w: no room for the JavaScript engine's snapshot", format.ErrMemoryLimit)
		}
	}
	if err := js.placeSnapshot(s, cow); err != nil {
		return err
	}
	mod.ExportedGlobal(instrument.StackPointerExport).(api.MutableGlobal).Set(s.sp)
	mod.ExportedGlobal(instrument.StackLimitExport).(api.MutableGlobal).Set(s.limit)
	st := &s.state
	js.ctx, js.dispatch, js.construc, js.describ, js.seed = st.ctx, st.dispatch, st.construc, st.describ, st.seed
	js.class, js.argv, js.jobCtx, js.flags, js.buf, js.bufCap = st.class, st.argv, st.jobCtx, st.flags, st.buf, st.bufCap
	return guard(func() error { return js.forObject(ctx, objectName) })
}

// placeSnapshot puts s's memory at the start of the instance's, which is at least its
// size: mapped into cow, the memory instantiate gave it for s's image, or copied.
func (js *Instance) placeSnapshot(s *jsSnapshot, cow *cowMemory) error {
	mem := js.inst.Module().Memory()
	switch mapped, err := cow.mapImage(s.image); {
	case err != nil:
		return err
	case mapped:
	case s.image != nil:
		all, _ := mem.Read(0, s.size)
		if err := s.image.copyTo(all); err != nil {
			return err
		}
	case !mem.Write(0, s.mem):
		return errors.New("js engine: restoring the snapshot failed")
	}
	return nil
}

// moveStack gives the engine a stack of jsStackBytes in its heap (see quickJSStack).
// No engine code runs while it switches.
func (js *Instance) moveStack(ctx context.Context) error {
	mod := js.inst.Module()
	sp, ok1 := mod.ExportedGlobal(instrument.StackPointerExport).(api.MutableGlobal)
	limit, ok2 := mod.ExportedGlobal(instrument.StackLimitExport).(api.MutableGlobal)
	if !ok1 || !ok2 {
		return errors.New("js engine: the stack guard's globals are missing")
	}
	block := uint32(js.c(ctx, "malloc", jsStackBytes))
	if block == 0 {
		return fmt.Errorf("%w: no room for the JavaScript engine's stack", format.ErrMemoryLimit)
	}
	sp.Set(uint64((block + jsStackBytes) &^ 15))
	limit.Set(uint64(block + jsStackMargin))
	return nil
}

// callSync calls fn, a function of runtime.js that returns at once (no promise), with
// args.
func (js *Instance) callSync(ctx context.Context, fn uint64, args ...uint64) uint64 {
	mem := js.inst.Module().Memory()
	for i, a := range args {
		mem.WriteUint64Le(js.argv+uint32(8*i), a)
	}
	return js.c(ctx, "QJS_Call", js.ctx, fn, jsUndefined, uint64(len(args)), uint64(js.argv))
}

// errNeverSettles fails a call whose promise is pending when no job is left to run.
var errNeverSettles = errors.New("the call's promise can never settle: it awaits something nothing will resolve (no timer is pending, and every call to storage or another object has answered)")

// callDispatcher calls an async function of runtime.js that reports its end in its
// slot's settled flag (dispatch, construct), runs every promise job there is and the
// calls to other objects they start (pump), and returns the function's result. The
// call's slot is the last of js.calls.
func (js *Instance) callDispatcher(ctx context.Context, fn uint64, args ...uint64) (uint64, error) {
	mem := js.inst.Module().Memory()
	slot := uint32(len(js.calls) - 1)
	mem.WriteByte(js.flags+flagSlot, byte(slot))
	mem.WriteByte(js.flags+flagSettled+slot, 0)
	js.rejected, js.oom = js.rejected[:0], ""
	v := js.callSync(ctx, fn, args...) // returns the dispatcher's promise
	if jsTag(v) == jsTagException {
		return v, nil
	}
	js.pump(ctx)
	if js.timersPending() || js.fetchPending() || js.socketsOpen(ctx) {
		if err := js.runTimers(ctx); err != nil {
			js.c(ctx, "QJS_FreeValue", js.ctx, v)
			return 0, err
		}
		js.noteNextTimer(ctx)
	} else {
		js.timerAt = time.Time{}
	}
	js.settleRejections(ctx)
	if settled, _ := mem.ReadByte(js.flags + flagSettled + slot); settled == 0 {
		js.c(ctx, "QJS_FreeValue", js.ctx, v)
		return 0, errNeverSettles
	}
	if waiting, _ := mem.ReadByte(js.flags + 1); waiting != 0 {
		js.c(ctx, "QJS_FreeValue", js.ctx, v)
		return 0, errWaitUntilNeverSettles
	}
	return js.c(ctx, "js_std_await", js.ctx, v), nil // settled: returns at once
}

// errWaitUntilNeverSettles fails a call that gave ctx.waitUntil a promise still pending
// when no job is left to run; it is an errNeverSettles.
var errWaitUntilNeverSettles error = jsNeverSettles("a promise given to ctx.waitUntil can never settle: it awaits something nothing will resolve")

type jsNeverSettles string

func (e jsNeverSettles) Error() string      { return string(e) }
func (jsNeverSettles) Is(target error) bool { return target == errNeverSettles }

// drain runs promise jobs until none is left. The exception of a job that throws
// (work nobody awaits: queueMicrotask, a thenable) is logged; one that is the engine's
// out of memory error is kept in oom, to fail the call.
func (js *Instance) drain(ctx context.Context) {
	mem := js.inst.Module().Memory()
	rt, _ := mem.ReadUint32Le(uint32(js.ctx) + 16) // JSContext.rt
	for {
		r := int32(js.c(ctx, jsExecutePendingJob, uint64(rt), uint64(js.jobCtx)))
		if r == 0 {
			return
		}
		if r < 0 {
			msg := js.exception(ctx)
			js.noteOOM(msg)
			js.logError(ctx, "js: uncaught exception in a promise job: "+msg)
		}
	}
}

// outOfMemory is told by the engine (addOutOfMemoryHook) that it is throwing the out of
// memory error whose message is the C string at addr: the call in progress fails with
// it, whether or not the script catches it.
func (js *Instance) outOfMemory(mem api.Memory, addr uint32) {
	msg := "out of memory"
	if b, ok := mem.Read(addr, 64); ok {
		if i := bytes.IndexByte(b, 0); i > 0 {
			msg = string(b[:i])
		}
	}
	js.noteOOM("InternalError: " + msg)
}

// noteOOM keeps msg in oom when it describes the engine's out of memory error.
func (js *Instance) noteOOM(msg string) {
	if js.oom == "" && strings.HasPrefix(msg, jsOutOfMemory) {
		js.oom = msg
	}
}

// logError logs msg at error level: through the call's log (its limits, ABI.md section
// 9) inside a call, else with the class.
func (js *Instance) logError(ctx context.Context, msg string) {
	if env, _ := ctx.Value(format.CallKey{}).(Call); env != nil {
		env.Log(3, []byte(msg))
		return
	}
	js.log.Error(msg, "class", js.className)
}

// rejection is the engine's rejection tracker (addRejectionTracker): a promise at
// address promise was rejected with reason and no handler (handled false), or got its
// first handler after that (handled true).
func (js *Instance) rejection(ctx context.Context, promise uint32, reason uint64, handled bool) {
	if handled {
		js.rejected = slices.DeleteFunc(js.rejected, func(r jsRejection) bool { return r.promise == promise })
		return
	}
	msg := js.describeValue(ctx, reason)
	js.noteOOM(msg) // handled later or not: the instance is spent
	if len(js.rejected) < jsMaxRejections {
		js.rejected = append(js.rejected, jsRejection{promise: promise, reason: msg})
	}
}

// jsMaxRejections bounds how many unhandled rejections of one call the host keeps to
// log; the call's log limits (ABI.md section 9) bound what it logs.
const jsMaxRejections = 1000

// settleRejections logs the rejections of the call that nothing handled by its end, as
// workerd does ("Uncaught (in promise)"); one that is the engine's out of memory error
// is kept in oom, to fail the call.
func (js *Instance) settleRejections(ctx context.Context) {
	for _, r := range js.rejected {
		js.noteOOM(r.reason)
		js.logError(ctx, "js: uncaught (in promise) "+r.reason)
	}
	js.rejected = js.rejected[:0]
}

func (js *Instance) describe(ctx context.Context, class string) ([]byte, error) {
	ctx = context.WithValue(ctx, jsKey{}, js)
	var out []byte
	err := guard(func() error {
		v := js.callSync(ctx, js.describ, js.class)
		if jsTag(v) == jsTagException {
			return errors.New(js.exception(ctx))
		}
		b, ok := js.valueIn(ctx, v, nil)
		js.c(ctx, "QJS_FreeValue", js.ctx, v)
		if !ok {
			return errors.New("describe returned no string")
		}
		out = b
		return nil
	})
	return out, err
}

// run calls export name (a method, or a lifecycle name: init, fetch, alarm) with input.
// failed means the script reported a failure with OP.FAIL (env.failed); err is a trap
// of the engine or an exception that escaped the dispatcher.
//
// method says that name is a method's, even where it is a lifecycle name: a class may
// have a method named init.
func (js *Instance) run(ctx context.Context, name string, input []byte, method bool) (out []byte, failed bool, err error) {
	ctx = context.WithValue(ctx, jsKey{}, js)
	defer func() { clear(js.blobs); js.blobs = js.blobs[:0] }() // they hold the last result's buffer
	slot := len(js.calls)
	if slot == maxCalls {
		return nil, false, fmt.Errorf("%d calls in progress in one instance at once", slot)
	}
	env, _ := ctx.Value(format.CallKey{}).(Call)
	js.calls = append(js.calls, jsCall{env: env})
	defer func() { clear(js.calls[slot:]); js.calls = js.calls[:slot] }()
	if slot > 0 {
		// A call that runs while the one in slot-1 sleeps: that call's rejections and out
		// of memory error are its own, and wait for it.
		rejected, oom := js.rejected, js.oom
		js.rejected, js.oom = nil, ""
		defer func() { js.rejected, js.oom = rejected, oom }()
	}
	err = guard(func() error {
		var v uint64
		var cerr error // from callDispatcher
		kind := jsInt(0)
		switch {
		case name == abi.ExportInit && !method:
			v, cerr = js.callDispatcher(ctx, js.construc, js.class, js.object)
		case name == abi.ExportFetch && !method:
			head, body, err := jsFetchInput(input)
			if err != nil {
				return err
			}
			h := js.stringOf(ctx, head)
			b := js.arrayBuffer(ctx, body)
			v, cerr = js.callDispatcher(ctx, js.dispatch, jsInt(1), js.class, js.object, jsUndefined, h, b)
			js.c(ctx, "QJS_FreeValue", js.ctx, h)
			js.c(ctx, "QJS_FreeValue", js.ctx, b)
		case abi.IsWebSocketExport(name) && !method:
			ev, err := abi.DecodeWebSocketEvent(name, input)
			if err != nil {
				return err
			}
			h := js.stringOf(ctx, webSocketEvent(ev)) // hostop_websocket.go
			b := jsUndefined
			if ev.Export == abi.ExportWebSocketMessage {
				if ev.Text {
					b = js.stringOf(ctx, ev.Data)
				} else {
					b = js.arrayBuffer(ctx, ev.Data)
				}
			}
			v, cerr = js.callDispatcher(ctx, js.dispatch, jsInt(3), js.class, js.object, jsUndefined, h, b)
			js.c(ctx, "QJS_FreeValue", js.ctx, h)
			if b != jsUndefined {
				js.c(ctx, "QJS_FreeValue", js.ctx, b)
			}
		default:
			methodName := jsUndefined
			if name == abi.ExportAlarm && !method {
				kind = jsInt(2)
				j, err := appendJSON(nil, abi.NewDecoder(input))
				if err != nil {
					return fmt.Errorf("alarm input: %w", err)
				}
				input = j
			} else {
				m, ok := js.names[name]
				if !ok {
					m = js.newString(ctx, name)
					js.names[name] = m
				}
				methodName = m
			}
			arg := jsUndefined
			if len(input) > 0 {
				arg = js.textOrBytes(ctx, input)
			}
			v, cerr = js.callDispatcher(ctx, js.dispatch, kind, js.class, js.object, methodName, arg, jsUndefined)
			if arg != jsUndefined {
				js.c(ctx, "QJS_FreeValue", js.ctx, arg)
			}
		}
		if cerr != nil {
			return cerr
		}
		if js.oom != "" {
			// The engine ran out of memory in the call (its method, or work it left: a
			// promise job, ctx.waitUntil's), whether or not the script caught it: the call
			// fails with the memory limit (invokeJS discards the instance), as the isolate
			// ends on workerd.
			if jsTag(v) != jsTagException {
				js.c(ctx, "QJS_FreeValue", js.ctx, v)
			}
			if env, _ := ctx.Value(format.CallKey{}).(Call); env != nil {
				env.Fail(int32(abi.CodeInternal), []byte(js.oom))
			}
			js.oom = ""
			failed = true
			return nil
		}
		switch jsTag(v) {
		case jsTagException:
			return fmt.Errorf("uncaught exception: %s", js.exception(ctx))
		case jsTagNull:
			failed = true
			return nil
		}
		b, ok := js.valueIn(ctx, v, nil)
		js.c(ctx, "QJS_FreeValue", js.ctx, v)
		if !ok {
			return errors.New("the dispatcher returned neither a string nor an ArrayBuffer")
		}
		out = b
		if name == abi.ExportFetch && !method {
			out = js.fetchOutput(&js.calls[slot], out)
		}
		return nil
	})
	return out, failed, err
}

// jsFetchInput splits the fetch export's input (ABI.md section 7) into the JSON
// [method, url, headers, checked] and the body. checked is true when every header is
// already as a script's Headers would keep it (canonicalHeaders): runtime.js then
// builds the Request without checking each again.
func jsFetchInput(input []byte) (head, body []byte, err error) {
	d := abi.NewDecoder(input)
	if n, err := d.ArrayHeader(); err != nil || n != 4 {
		return nil, nil, errors.New("malformed fetch input")
	}
	head = append(head, '[')
	for i := range 3 {
		if i > 0 {
			head = append(head, ',')
		}
		field := input[len(input)-d.Len():]
		if head, err = appendJSON(head, d); err != nil {
			return nil, nil, err
		}
		if i == 2 { // the headers
			head = strconv.AppendBool(append(head, ','), canonicalHeaders(field))
		}
	}
	body, err = d.BytesAlias()
	return append(head, ']'), body, err
}

// canonicalHeaders reports whether b, the MessagePack headers of ABI.md section 7
// (followed by anything), is an array of [name, value] strings each canonicalHeader,
// or cfHeader, which runtime.js takes off before it checks the others.
func canonicalHeaders(b []byte) bool {
	d := abi.NewDecoder(b)
	n, err := d.ArrayHeader()
	if err != nil {
		return false
	}
	for range n {
		if k, err := d.ArrayHeader(); err != nil || k != 2 {
			return false
		}
		name, err := d.StringBytes()
		if err != nil {
			return false
		}
		value, err := d.StringBytes()
		if err != nil || !canonicalHeader(name, value) && string(name) != cfHeader {
			return false
		}
	}
	return true
}

// cfHeader names the header that carries request.cf to runtime.js (server.CFHeader),
// which takes it off the request's headers.
const cfHeader = ":cf"

// canonicalHeader reports whether a header is as runtime.js's Headers keeps one: the
// name a lowercase token (RFC 9110 section 5.1), the value without NUL, CR or LF and
// without white space to trim at either end.
func canonicalHeader[T string | []byte](name, value T) bool {
	if len(name) == 0 {
		return false
	}
	for i := range len(name) {
		if !isLowerToken(name[i]) {
			return false
		}
	}
	for i := range len(value) {
		if c := value[i]; c == 0 || c == '\r' || c == '\n' {
			return false
		}
	}
	return len(value) == 0 || !trimmable(value[0]) && !trimmable(value[len(value)-1])
}

// isLowerToken reports whether c may be in a header name that is already lowercase.
func isLowerToken(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0
}

// trimmable reports whether c at either end of a value could be white space that
// String.prototype.trim removes (any byte of a multi-byte character counts).
func trimmable(c byte) bool { return c <= ' ' || c >= 0x80 }

// fetchOutput makes the fetch export's output from the response head the script
// reported (OP.RESPONSE) and the body it returned.
func (js *Instance) fetchOutput(c *jsCall, body []byte) []byte {
	return abi.FetchResponse{Status: c.respStatus, Headers: c.respHeaders, Body: body, StatusText: c.respStatusText, HasStatusText: c.hasStatusText, WebSocket: c.respSocket}.Encode()
}

// jsStderr logs what the engine writes to its standard error (an unhandled promise
// rejection, with its stack), a line at a time, at error level.
type jsStderr struct {
	log   *slog.Logger
	class string
	line  []byte
}

func (w *jsStderr) Write(p []byte) (int, error) {
	w.line = append(w.line, p...)
	for {
		i := bytes.IndexByte(w.line, '\n')
		if i < 0 {
			if len(w.line) > 4096 {
				i = len(w.line)
			} else {
				return len(p), nil
			}
		}
		if text := strings.TrimSpace(string(w.line[:i])); text != "" {
			w.log.Error("js: "+text, "class", w.class)
		}
		w.line = w.line[min(i+1, len(w.line)):]
	}
}

// interrupted is the error of work (what) that stopped because ctx was cancelled (a
// signal during start-up, a caller that gave up) rather than because it failed or ran
// out of time. It matches context.Canceled and ctx's cause with errors.Is.
func interrupted(what string, ctx context.Context) error {
	if cause := context.Cause(ctx); !errors.Is(cause, ctx.Err()) {
		return fmt.Errorf("%s was interrupted before it finished: %w (%w)", what, cause, ctx.Err())
	}
	return fmt.Errorf("%s was interrupted before it finished: %w", what, context.Cause(ctx))
}
