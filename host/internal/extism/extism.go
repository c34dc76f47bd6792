// Package extism is the Extism plugin format (abi/ABI.md section 10) behind the
// engine's seam (package format): inspection, compilation through
// github.com/extism/go-sdk, instances, invocation and trap mapping, and the sobjects
// host functions as Extism host functions.
package extism

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"

	sdk "github.com/extism/go-sdk"
	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/host/internal/format"
)

// Extism plugins (ABI.md section 10) are wasm modules built with an Extism PDK: their
// methods are exports () -> i32 that read their input from and write their output to
// the Extism kernel, and they call the sobjects host functions as Extism host
// functions in the namespace extism:host/user. They run through
// github.com/extism/go-sdk, which keeps its own wazero runtime per compiled plugin
// (with the engine's compilation cache and memory limit) and instantiates the kernel
// beside the plugin for each resident object. Native plugins never reach this package.

// Compiler compiles Extism plugins with the engine's settings.
type Compiler struct {
	cache       wazero.CompilationCache // the engine's; nil compiles without one
	memoryPages uint32                  // host.Options.MemoryLimitBytes in 64 KiB pages
	limits      format.Limits
	// newLog returns the log of a new instance of class for object: what the plugin
	// logs through Extism's own log functions, cut and rate limited per instance.
	newLog func(class, object string) func(ctx context.Context, level slog.Level, msg string)
}

// NewCompiler returns a compiler for Extism plugins whose instances run under limits;
// cache is the engine's compilation cache (nil compiles without one) and newLog makes
// each instance's log.
func NewCompiler(cache wazero.CompilationCache, limits format.Limits,
	newLog func(class, object string) func(ctx context.Context, level slog.Level, msg string)) *Compiler {
	return &Compiler{cache: cache, memoryPages: uint32(limits.MemoryLimitBytes >> 16), limits: limits, newLog: newLog}
}

// extismCode is the compiled code of an Extism plugin version: a go-sdk compiled
// plugin, with its own wazero runtime.
type extismCode struct {
	compiled *sdk.CompiledPlugin
	class    string
	usesWASI bool
	newLog   func(class, object string) func(ctx context.Context, level slog.Level, msg string)
	limits   format.Limits
}

var (
	_ format.Class    = (*extismCode)(nil)
	_ format.Instance = (*extismInstance)(nil)
)

// extismInstance is an instance of an Extism plugin: the plugin and its kernel.
type extismInstance struct {
	plugin *sdk.Plugin
	stderr tailWriter // what the plugin wrote to stderr in the running call (a Go panic's message)

	// The kernel and its length and alloc, for the host functions, found at the first
	// one. (sdk.CurrentPlugin looks them up at each use, and wazero allocates a call
	// engine, about 10 KiB, for each lookup.)
	kernel api.Module
	length api.Function
	alloc  api.Function
	stack  [1]uint64

	limits format.Limits
	spent  bool
}

// extismEnvSignatures are the functions of the module extism:host/env that
// github.com/extism/go-sdk v1.7.1 defines (its host.go), with their signatures. A
// plugin that imports another name from that module is refused.
type signature struct{ params, results []api.ValueType }

var (
	i32 = api.ValueTypeI32
	i64 = api.ValueTypeI64
)

var extismEnvSignatures = func() map[string]signature {
	p1 := signature{[]api.ValueType{i64}, []api.ValueType{i64}} // (i64) -> i64
	sink := signature{[]api.ValueType{i64}, nil}                // (i64) -> ()
	get := signature{nil, []api.ValueType{i64}}                 // () -> i64
	pair := signature{[]api.ValueType{i64, i64}, nil}           // (i64, i64) -> ()
	m := map[string]signature{
		"alloc": p1, "length": p1, "length_unsafe": p1, "load_u64": p1, "input_load_u64": p1,
		"config_get": p1, "var_get": p1,
		"free": sink, "error_set": sink,
		"log_trace": sink, "log_debug": sink, "log_info": sink, "log_warn": sink, "log_error": sink,
		"input_length": get, "input_offset": get, "output_length": get, "output_offset": get,
		"error_get": get, "memory_bytes": get, "http_headers": get,
		"store_u64": pair, "input_set": pair, "output_set": pair, "var_set": pair,
		"load_u8":          {[]api.ValueType{i64}, []api.ValueType{i32}},
		"input_load_u8":    {[]api.ValueType{i64}, []api.ValueType{i32}},
		"store_u8":         {[]api.ValueType{i64, i32}, nil},
		"reset":            {nil, nil},
		"http_request":     {[]api.ValueType{i64, i64}, []api.ValueType{i64}},
		"http_status_code": {nil, []api.ValueType{i32}},
		"get_log_level":    {nil, []api.ValueType{i32}},
	}
	return m
}()

// extismSignatures are the host functions offered to Extism plugins in
// extism:host/user (ABI.md section 10): the functions of section 4.2 but the keyed
// ones (splittable classes are native) and result_len, with memory handles (i64) for
// byte arguments and results.
var extismSignatures = func() map[string]signature {
	h := []api.ValueType{i64}
	return map[string]signature{
		abi.FuncSQLExec:         {h, h},
		abi.FuncKVGet:           {h, h},
		abi.FuncKVPut:           {[]api.ValueType{i64, i64}, h},
		abi.FuncKVDelete:        {h, h},
		abi.FuncKVList:          {h, h},
		abi.FuncTxnBegin:        {nil, h},
		abi.FuncTxnCommit:       {nil, h},
		abi.FuncTxnRollback:     {nil, h},
		abi.FuncAlarmSet:        {h, h},
		abi.FuncAlarmGet:        {nil, h},
		abi.FuncAlarmDelete:     {nil, h},
		abi.FuncCall:            {h, h},
		abi.FuncDBSize:          {nil, h},
		abi.FuncObjectName:      {nil, h},
		abi.FuncBookmarkCurrent: {nil, h},
		abi.FuncBookmarkForTime: {h, h},
		abi.FuncBookmarkRestore: {h, h},
		abi.FuncNowMs:           {nil, h},
		abi.FuncLog:             {[]api.ValueType{i32, i64}, nil},
		abi.FuncFail:            {[]api.ValueType{i32, i64}, nil},
		abi.FuncResultTake:      {nil, h},

		abi.FuncWSAccept:        {h, h},
		abi.FuncWSSend:          {[]api.ValueType{i64, i32, i64}, h},
		abi.FuncWSClose:         {[]api.ValueType{i64, i32, i64}, h},
		abi.FuncWSList:          {h, h},
		abi.FuncWSTags:          {h, h},
		abi.FuncWSAttachmentGet: {h, h},
		abi.FuncWSAttachmentSet: {[]api.ValueType{i64, i64}, h},
	}
}()

// Imports reports whether a compiled module imports a function from the Extism
// kernel, which makes it an Extism plugin.
func Imports(cm wazero.CompiledModule) bool {
	for _, d := range cm.ImportedFunctions() {
		if mod, _, _ := d.Import(); mod == abi.ExtismEnvModule {
			return true
		}
	}
	return false
}

// isExtismMethodSig is the signature of an Extism export: () -> i32.
func isExtismMethodSig(d api.FunctionDefinition) bool {
	return len(d.ParamTypes()) == 0 && slices.Equal(d.ResultTypes(), []api.ValueType{i32})
}

// Inspect reads the declarations of a compiled Extism plugin.
func Inspect(cm wazero.CompiledModule) format.Info {
	info := format.Info{Kind: format.KindExtism, Methods: []string{}, Lifecycle: []string{}, Imports: []string{}, Problems: []string{}}
	problem := func(format string, args ...any) { info.Problems = append(info.Problems, fmt.Sprintf(format, args...)) }
	for _, d := range cm.ImportedFunctions() {
		mod, name, _ := d.Import()
		info.Imports = append(info.Imports, mod+"."+name)
		var sigs map[string]signature
		switch mod {
		case abi.ExtismUserModule:
			sigs = extismSignatures
		case abi.ExtismEnvModule:
			sigs = extismEnvSignatures
		case abi.WASIModule:
			continue
		default:
			problem("imports %s.%s: an Extism plugin may import only from %q, %q and %q", mod, name,
				abi.ExtismEnvModule, abi.ExtismUserModule, abi.WASIModule)
			continue
		}
		sig, ok := sigs[name]
		switch {
		case !ok && mod == abi.ExtismUserModule:
			problem("imports %s.%s, which is not a host function of sobjects for Extism plugins (ABI.md section 10)", mod, name)
		case !ok:
			problem("imports %s.%s, which the Extism kernel does not have", mod, name)
		case !slices.Equal(d.ParamTypes(), sig.params) || !slices.Equal(d.ResultTypes(), sig.results):
			problem("imports %s.%s with signature %v -> %v, want %v -> %v", mod, name, d.ParamTypes(), d.ResultTypes(), sig.params, sig.results)
		}
	}
	for _, m := range cm.ImportedMemories() {
		mod, name, _ := m.Import()
		problem("imports memory %s.%s: a plugin must define its own memory", mod, name)
	}
	exports := cm.ExportedFunctions()
	if _, ok := exports[abi.ExportSplittable]; ok {
		problem("exports %s: splittable classes need a plugin of the native ABI", abi.ExportSplittable)
	}
	format.DeclareExports(&info, exports, []string{abi.ExportInit, abi.ExportAlarm, abi.ExportFetch,
		abi.ExportWebSocketMessage, abi.ExportWebSocketClose, abi.ExportWebSocketError}, isExtismMethodSig, "() -> i32", problem)
	return info
}

// Compile compiles b for class if b is an Extism plugin, and says what it declares; ok
// is false when it is not one (and b goes to the native format, which says what is
// wrong with it). Errors wrap format.ErrInvalidPlugin.
func (x *Compiler) Compile(ctx context.Context, class string, b []byte) (info format.Info, code format.Class, ok bool, err error) {
	if !bytes.Contains(b, []byte(abi.ExtismEnvModule)) {
		return info, nil, false, nil
	}
	if info, ok = inspect(ctx, b); !ok {
		return info, nil, false, nil
	}
	if len(info.Problems) > 0 {
		return info, nil, true, fmt.Errorf("%w: %s", format.ErrInvalidPlugin, strings.Join(info.Problems, "; "))
	}
	usesWASI := false
	for _, imp := range info.Imports {
		usesWASI = usesWASI || strings.HasPrefix(imp, abi.WASIModule+".")
	}
	// A call's context carries its time limit: closing the module when it ends stops a
	// plugin that loops (wazero checks at function entries and loop heads).
	cfg := wazero.NewRuntimeConfigCompiler().WithCloseOnContextDone(true).WithMemoryLimitPages(x.memoryPages)
	if x.cache != nil {
		cfg = cfg.WithCompilationCache(x.cache)
	}
	manifest := sdk.Manifest{
		Wasm:   []sdk.Wasm{sdk.WasmData{Data: b, Name: "main"}},
		Memory: &sdk.ManifestMemory{MaxPages: x.memoryPages},
	}
	cp, err := sdk.NewCompiledPlugin(ctx, manifest, sdk.PluginConfig{RuntimeConfig: cfg, EnableWasi: usesWASI}, extismHostFunctions())
	if err != nil {
		return info, nil, true, fmt.Errorf("%w: compile: %v", format.ErrInvalidPlugin, err)
	}
	return info, &extismCode{compiled: cp, class: class, usesWASI: usesWASI, newLog: x.newLog, limits: x.limits}, true, nil
}

// inspect compiles b without running it, as package host's Inspect does, and reads
// its declarations if it is an Extism plugin (ok).
func inspect(ctx context.Context, b []byte) (format.Info, bool) {
	rt := wazero.NewRuntimeWithConfig(ctx, wazero.NewRuntimeConfigInterpreter())
	defer rt.Close(ctx)
	cm, err := rt.CompileModule(ctx, b)
	if err != nil || !Imports(cm) {
		return format.Info{}, false
	}
	return Inspect(cm), true
}

// instantiate creates an instance of p (the plugin and its kernel). The guest's own
// initializer (a WASI reactor's _initialize) runs at its first call, under that call's
// limits.
func (c *extismCode) Instantiate(ctx context.Context, objectName string) (format.Instance, error) {
	x := &extismInstance{limits: c.limits}
	cfg := wazero.NewModuleConfig().WithStderr(&x.stderr)
	if c.usesWASI {
		cfg = cfg.WithSysWalltime().WithSysNanotime().WithRandSource(rand.Reader)
	}
	ep, err := c.compiled.Instance(ctx, sdk.PluginInstanceConfig{ModuleConfig: cfg})
	if err != nil {
		return nil, fmt.Errorf("%w: instantiate: %v", format.ErrInvalidPlugin, err)
	}
	// Extism's own log functions (log_info, ...) reach the engine's log when the
	// embedding program turns them on with extism.SetLogLevel (of the go-sdk), cut
	// and rate limited as the host function log is (package host, log.go), per
	// instance, without the call's count; the host function log always does.
	log := c.newLog(c.class, objectName)
	ep.SetLogger(func(level sdk.LogLevel, msg string) { log(ctx, extismLogLevel(level), msg) })
	x.plugin = ep
	return x, nil
}

func extismLogLevel(l sdk.LogLevel) slog.Level {
	switch l {
	case sdk.LogLevelTrace, sdk.LogLevelDebug:
		return slog.LevelDebug
	case sdk.LogLevelWarn:
		return slog.LevelWarn
	case sdk.LogLevelError:
		return slog.LevelError
	}
	return slog.LevelInfo
}

// Close releases the compiled plugin's runtime.
func (c *extismCode) Close() { c.compiled.Close(context.Background()) }

// OwnsRuntime is true: the go-sdk keeps a runtime per compiled plugin.
func (c *extismCode) OwnsRuntime() bool { return true }

// Invoke runs export name with input through the kernel, under the call's limits. A
// nonzero result is a failure with the code the plugin gave fail, else code internal
// with the Extism error it set.
func (x *extismInstance) Invoke(env format.Env, name string, input []byte) ([]byte, error) {
	ctx := env.Context()
	x.stderr.reset()

	rc, out, err := x.plugin.CallWithContext(ctx, name, input)
	if format.PastDeadline(ctx) {
		x.spent = true
		return nil, format.TimeLimitError{Limit: x.limits.CallTimeout.String()}
	}
	// The go-sdk returns the Extism error the plugin set as an error with its text, and
	// a trap as wazero's error.
	reported := err != nil && x.plugin.GetErrorWithContext(ctx) == err.Error()
	if err != nil && !reported {
		return nil, x.trapError(env, err)
	}
	if herr := env.HostErr(); herr != nil {
		return nil, herr
	}
	if err != nil || rc != 0 {
		failed := env.Failed()
		switch {
		case failed != nil:
			return nil, failed
		case err != nil:
			return nil, abi.Errorf(abi.CodeInternal, "%s", err.Error())
		}
		return nil, abi.Errorf(abi.CodeInternal, "%s returned %d without calling fail", name, rc)
	}
	if len(out) > x.limits.MaxOutputBytes {
		return nil, fmt.Errorf("%w: output of %d bytes is over the limit of %d", format.ErrTooLarge, len(out), x.limits.MaxOutputBytes)
	}
	return out, nil
}

// trapError classifies a trapped Extism call; the instance is spent.
func (x *extismInstance) trapError(env format.Env, err error) error {
	x.spent = true
	if perr := env.PanicError(); perr != nil {
		return perr
	}
	if herr := env.HostErr(); herr != nil {
		return herr
	}
	said := x.stderr.firstLine() // a Go plugin's "panic: ..." or "fatal error: ..."
	if failed := env.Failed(); failed != nil {
		said = failed.Message // what the plugin said before trapping (an AssemblyScript abort)
	}
	if strings.Contains(strings.ToLower(said), "out of memory") || strings.Contains(err.Error(), format.ErrMemoryLimit.Error()) {
		return fmt.Errorf("%w of %d MiB: %s: %v", format.ErrMemoryLimit, x.limits.MemoryLimitBytes>>20, said, err)
	}
	if said != "" {
		return fmt.Errorf("%w: %s: %v", format.ErrTrap, said, err)
	}
	return fmt.Errorf("%w: %v", format.ErrTrap, err)
}

// Spent reports whether the instance trapped or ran out of time.
func (x *extismInstance) Spent() bool { return x.spent }

// HasExport reports whether the plugin exports a function named name.
func (x *extismInstance) HasExport(name string) bool { return x.plugin.FunctionExists(name) }

// LinearBytes is the size of the kernel's memory.
func (x *extismInstance) LinearBytes() int64 {
	if m := x.plugin.Memory(); m != nil {
		return int64(m.Size())
	}
	return 0
}

// KeepsStateAfterFailedInit is false: an instance whose init failed is closed.
func (x *extismInstance) KeepsStateAfterFailedInit() bool { return false }

// SpentByOpenTransaction is false: a method that returned has nothing left running.
func (x *extismInstance) SpentByOpenTransaction() bool { return false }

// KeepsWritesOfFailedCalls is false: a call is all or nothing.
func (x *extismInstance) KeepsWritesOfFailedCalls() bool { return false }

// Close closes the plugin and its kernel.
func (x *extismInstance) Close() { x.plugin.Close(context.Background()) }

// tailWriter keeps the first 4 KiB written to it since the last reset: the start of a
// Go plugin's panic message. It is safe for concurrent use.
type tailWriter struct {
	mu  sync.Mutex // guards buf
	buf []byte
}

func (w *tailWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if n := 4096 - len(w.buf); n > 0 {
		w.buf = append(w.buf, p[:min(n, len(p))]...)
	}
	return len(p), nil
}

func (w *tailWriter) reset() {
	w.mu.Lock()
	w.buf = w.buf[:0]
	w.mu.Unlock()
}

// firstLine returns the first non-empty line written since the last reset.
func (w *tailWriter) firstLine() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	for line := range strings.SplitSeq(string(w.buf), "\n") {
		if line = strings.TrimSpace(line); line != "" {
			return line
		}
	}
	return ""
}

// extismHostFunctions are the sobjects host functions for Extism plugins (ABI.md
// section 10), bound over Host like the native ones (instantiateHostModule).
func extismHostFunctions() []sdk.HostFunction {
	var fns []sdk.HostFunction
	def := func(name string, fn func(env format.Call, p *extismMemory, s []uint64)) {
		sig := extismSignatures[name]
		fns = append(fns, sdk.NewHostFunctionWithStack(name, func(ctx context.Context, _ *sdk.CurrentPlugin, s []uint64) {
			defer format.NotePanic(ctx)
			env := format.CallOf(ctx)
			fn(env, &extismMemory{ctx: ctx, x: env.Instance().(*extismInstance)}, s)
		}, sig.params, sig.results))
	}
	bytesIn := func(name string, f func(env format.Call, in []byte) ([]byte, error)) {
		def(name, func(env format.Call, p *extismMemory, s []uint64) {
			out, err := f(env, extismRead(p, s[0]))
			extismDeliver(env, p, s, out, err)
			if cap(out) <= 1<<20 { // reuse the result buffer, unless one big result grew it
				env.KeepScratch(out[:0])
			}
		})
	}
	bytesIn(abi.FuncSQLExec, func(env format.Call, in []byte) ([]byte, error) { return env.SQLExec(in, env.Scratch()[:0]) })
	bytesIn(abi.FuncKVGet, func(env format.Call, in []byte) ([]byte, error) { return env.KVGet(in, env.Scratch()[:0]) })
	bytesIn(abi.FuncKVList, func(env format.Call, in []byte) ([]byte, error) { return env.KVList(in, env.Scratch()[:0]) })
	bytesIn(abi.FuncCall, func(env format.Call, in []byte) ([]byte, error) { return env.Call(in, env.Scratch()[:0]) })
	bytesIn(abi.FuncBookmarkRestore, func(env format.Call, in []byte) ([]byte, error) {
		return env.BookmarkRestore(in, env.Scratch()[:0])
	})
	def(abi.FuncBookmarkCurrent, func(env format.Call, p *extismMemory, s []uint64) {
		out, err := env.BookmarkCurrent(nil)
		extismDeliver(env, p, s, out, err)
	})
	def(abi.FuncBookmarkForTime, func(env format.Call, p *extismMemory, s []uint64) {
		out, err := env.BookmarkForTime(int64(s[0]), nil)
		extismDeliver(env, p, s, out, err)
	})
	def(abi.FuncKVPut, func(env format.Call, p *extismMemory, s []uint64) {
		status(env, s, 0, env.KVPut(extismRead(p, s[0]), extismRead(p, s[1])))
	})
	def(abi.FuncKVDelete, func(env format.Call, p *extismMemory, s []uint64) {
		existed, err := env.KVDelete(extismRead(p, s[0]))
		status(env, s, boolInt(existed), err)
	})
	depthFn := func(name string, f func(env format.Call) (int, error)) {
		def(name, func(env format.Call, p *extismMemory, s []uint64) {
			d, err := f(env)
			status(env, s, int64(d), err)
		})
	}
	depthFn(abi.FuncTxnBegin, format.Call.TxnBegin)
	depthFn(abi.FuncTxnCommit, format.Call.TxnCommit)
	depthFn(abi.FuncTxnRollback, format.Call.TxnRollback)
	def(abi.FuncAlarmSet, func(env format.Call, p *extismMemory, s []uint64) {
		status(env, s, 0, env.AlarmSet(int64(s[0])))
	})
	def(abi.FuncAlarmGet, func(env format.Call, p *extismMemory, s []uint64) {
		at, err := env.AlarmGet()
		status(env, s, at, err)
	})
	def(abi.FuncAlarmDelete, func(env format.Call, p *extismMemory, s []uint64) {
		existed, err := env.AlarmDelete()
		status(env, s, boolInt(existed), err)
	})
	def(abi.FuncDBSize, func(env format.Call, p *extismMemory, s []uint64) {
		n, err := env.DBSize()
		status(env, s, n, err)
	})
	def(abi.FuncObjectName, func(env format.Call, p *extismMemory, s []uint64) {
		extismDeliver(env, p, s, env.ObjectName(nil), nil)
	})
	def(abi.FuncNowMs, func(env format.Call, p *extismMemory, s []uint64) {
		s[0] = uint64(env.NowMs())
	})
	def(abi.FuncLog, func(env format.Call, p *extismMemory, s []uint64) {
		env.Log(int32(s[0]), extismRead(p, s[1]))
	})
	def(abi.FuncFail, func(env format.Call, p *extismMemory, s []uint64) {
		env.Fail(int32(s[0]), extismRead(p, s[1]))
	})
	def(abi.FuncResultTake, func(env format.Call, p *extismMemory, s []uint64) {
		s[0] = extismWrite(p, env.Pending())
		env.SetPending(env.Pending()[:0])
	})
	defineExtismWebSockets(def)
	return fns
}

// defineExtismWebSockets defines the WebSocket host functions (ABI.md section 12) for
// Extism plugins with def, over the call's format.WebSocketHost; a call without one
// answers code unavailable.
func defineExtismWebSockets(def func(name string, fn func(env format.Call, p *extismMemory, s []uint64))) {
	wsOf := func(env format.Call) (format.WebSocketHost, error) {
		if ws, ok := env.(format.WebSocketHost); ok {
			return ws, nil
		}
		return nil, abi.Errorf(abi.CodeUnavailable, "this host has no WebSockets")
	}
	statusFn := func(name string, f func(ws format.WebSocketHost, p *extismMemory, s []uint64) (int64, error)) {
		def(name, func(env format.Call, p *extismMemory, s []uint64) {
			ws, err := wsOf(env)
			var v int64
			if err == nil {
				v, err = f(ws, p, s)
			}
			status(env, s, v, err)
		})
	}
	bytesFn := func(name string, f func(ws format.WebSocketHost, p *extismMemory, s []uint64) ([]byte, error)) {
		def(name, func(env format.Call, p *extismMemory, s []uint64) {
			ws, err := wsOf(env)
			var out []byte
			if err == nil {
				out, err = f(ws, p, s)
			}
			extismDeliver(env, p, s, out, err)
		})
	}
	statusFn(abi.FuncWSAccept, func(ws format.WebSocketHost, p *extismMemory, s []uint64) (int64, error) {
		return ws.WSAccept(extismRead(p, s[0]))
	})
	statusFn(abi.FuncWSSend, func(ws format.WebSocketHost, p *extismMemory, s []uint64) (int64, error) {
		return 0, ws.WSSend(int64(s[0]), uint32(s[1]) != 0, extismRead(p, s[2]))
	})
	statusFn(abi.FuncWSClose, func(ws format.WebSocketHost, p *extismMemory, s []uint64) (int64, error) {
		return 0, ws.WSClose(int64(s[0]), int64(int32(s[1])), extismRead(p, s[2]))
	})
	statusFn(abi.FuncWSAttachmentSet, func(ws format.WebSocketHost, p *extismMemory, s []uint64) (int64, error) {
		return 0, ws.WSSetAttachment(int64(s[0]), extismRead(p, s[1]))
	})
	bytesFn(abi.FuncWSList, func(ws format.WebSocketHost, p *extismMemory, s []uint64) ([]byte, error) {
		return ws.WSList(extismRead(p, s[0]), nil)
	})
	bytesFn(abi.FuncWSTags, func(ws format.WebSocketHost, p *extismMemory, s []uint64) ([]byte, error) {
		return ws.WSTags(int64(s[0]), nil)
	})
	bytesFn(abi.FuncWSAttachmentGet, func(ws format.WebSocketHost, p *extismMemory, s []uint64) ([]byte, error) {
		return ws.WSAttachment(int64(s[0]), nil)
	})
}

// extismMemory is the Extism memory of the instance running a host function.
type extismMemory struct {
	ctx context.Context // the host function's
	x   *extismInstance
}

// call runs a kernel function with one argument and one result.
func (m *extismMemory) call(fn api.Function, arg uint64) uint64 {
	m.x.stack[0] = arg
	if err := fn.CallWithStack(m.ctx, m.x.stack[:]); err != nil {
		panic(err)
	}
	return m.x.stack[0]
}

// kernelFuncs finds the kernel of the running call, which the go-sdk passes in the
// context.
func (m *extismMemory) kernelFuncs() {
	if m.x.kernel != nil {
		return
	}
	k, ok := m.ctx.Value(sdk.PluginCtxKey("extism")).(api.Module)
	if !ok {
		panic(errors.New("the Extism kernel is not in the call's context"))
	}
	m.x.kernel, m.x.length, m.x.alloc = k, k.ExportedFunction("length"), k.ExportedFunction("alloc")
}

// extismRead returns the bytes of the memory block with handle h (0 is empty). A
// handle that names no block reads as empty, as the kernel's length says. The slice
// aliases the kernel's memory and is valid until the kernel runs again.
func extismRead(m *extismMemory, h uint64) []byte {
	if h == 0 {
		return nil
	}
	m.kernelFuncs()
	n := m.call(m.x.length, h)
	b, ok := m.x.kernel.Memory().Read(uint32(h), uint32(n))
	if !ok {
		panic(fmt.Errorf("out of bounds memory access: block %d of %d bytes", h, n))
	}
	return b
}

// extismWrite copies b into a new memory block and returns its handle; 0 when b is
// empty. It traps when the kernel cannot allocate (the memory limit).
func extismWrite(m *extismMemory, b []byte) uint64 {
	if len(b) == 0 {
		return 0
	}
	m.kernelFuncs()
	h := m.call(m.x.alloc, uint64(len(b)))
	if h == 0 || !m.x.kernel.Memory().Write(uint32(h), b) {
		panic(fmt.Errorf("%w: the kernel could not allocate %d bytes for a host function's result", format.ErrMemoryLimit, len(b)))
	}
	return h
}

// extismDeliver applies the result convention of ABI.md section 10 to a byte result:
// a handle to a new block holding it, or -code with the message pending.
func extismDeliver(env format.Call, p *extismMemory, s []uint64, out []byte, err error) {
	if err != nil {
		s[0] = env.Failure(err)
		return
	}
	env.SetPending(env.Pending()[:0])
	s[0] = extismWrite(p, out)
}

// status applies the result convention to a result without bytes: v, or -code with
// the message pending.
func status(env format.Call, s []uint64, v int64, err error) {
	if err != nil {
		s[0] = env.Failure(err)
		return
	}
	env.SetPending(env.Pending()[:0])
	s[0] = uint64(v)
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
