package host

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/host/internal/extism"
	"github.com/sobjects/sobjects/host/internal/format"
	"github.com/sobjects/sobjects/host/internal/instrument"
)

// Plugin is one compiled version of a class. It is safe for concurrent use; each
// resident object has its own instance of it.
type Plugin struct {
	Class    string
	Version  string // lowercase hex SHA-256 of the module's bytes
	Size     int    // bytes
	Info     PluginInfo
	code     format.Class // the compiled code, in the plugin's format
	methods  map[string]bool
	bindings map[string]string // a JavaScript plugin's declared bindings, name -> class; nil: it may call any class (bindings.go)
	hasInit  bool
	hasAlarm bool
	hasFetch bool

	// users counts this version's instances, plus one while it is its class's current
	// version (or being deployed); at zero its compiled code is released.
	users atomic.Int64
	// superseded is set once another upload became the class's current version
	// (registry.add): a resident object running this one switches at its next call.
	superseded atomic.Bool
}

// retain and release count a user of the plugin's compiled code.
func (p *Plugin) retain() { p.users.Add(1) }

func (p *Plugin) release() {
	if p.users.Add(-1) == 0 {
		p.code.Close()
	}
}

// newPlugin is version b of class, compiled into code, which declares info. Its one
// user is the caller's: registry.add keeps it, or the caller releases it.
func newPlugin(class string, b []byte, info PluginInfo, code format.Class) *Plugin {
	p := &Plugin{Class: class, Version: Version(b), Size: len(b), Info: info, code: code, methods: map[string]bool{}}
	p.users.Store(1)
	for _, m := range info.Methods {
		p.methods[m] = true
	}
	p.hasInit = slices.Contains(info.Lifecycle, abi.ExportInit)
	p.hasAlarm = slices.Contains(info.Lifecycle, abi.ExportAlarm)
	p.hasFetch = slices.Contains(info.Lifecycle, abi.ExportFetch)
	return p
}

// PluginInfo is what a module declares, as `sobjects inspect` prints it: its kind
// (KindWasm, KindJS, KindExtism), ABI version (0 when it declares none), methods
// (sorted), lifecycle exports, whether it is splittable, its imports ("module.name")
// and its problems (what keeps it from running here; empty when valid).
type PluginInfo = format.Info

// Plugin kinds (PluginInfo.Kind).
const (
	KindWasm   = format.KindWasm   // a module of the sobjects ABI (abi/ABI.md)
	KindJS     = format.KindJS     // a JavaScript bundle (package jsbundle), run in the JavaScript engine
	KindExtism = format.KindExtism // a module built with an Extism PDK (ABI.md section 10)
)

// Version returns the version name of a module: the hex SHA-256 of its bytes.
func Version(wasm []byte) string {
	sum := sha256.Sum256(wasm)
	return hex.EncodeToString(sum[:])
}

var (
	i32 = api.ValueTypeI32
	i64 = api.ValueTypeI64
)

// methodSig is the signature of methods and lifecycle exports: (ptr, len i32) -> i64.
func isMethodSig(d api.FunctionDefinition) bool {
	return slices.Equal(d.ParamTypes(), []api.ValueType{i32, i32}) && slices.Equal(d.ResultTypes(), []api.ValueType{i64})
}

// Inspect compiles wasm without running it and says what it declares and what is wrong
// with it. err is set only when the bytes are not a WebAssembly module at all.
func Inspect(ctx context.Context, wasm []byte) (PluginInfo, error) {
	rt := wazero.NewRuntimeWithConfig(ctx, wazero.NewRuntimeConfigInterpreter())
	defer rt.Close(ctx)
	cm, err := rt.CompileModule(ctx, wasm)
	if err != nil {
		return PluginInfo{}, fmt.Errorf("%w: not a valid WebAssembly module: %v", ErrInvalidPlugin, err)
	}
	return inspectCompiled(cm), nil
}

// inspectCompiled reads the declarations of a compiled module (ABI.md sections 1, 2, 4).
func inspectCompiled(cm wazero.CompiledModule) PluginInfo {
	if extism.Imports(cm) {
		return extism.Inspect(cm)
	}
	info := PluginInfo{Kind: KindWasm, Methods: []string{}, Lifecycle: []string{}, Imports: []string{}, Problems: []string{}}
	problem := func(format string, args ...any) { info.Problems = append(info.Problems, fmt.Sprintf(format, args...)) }

	for _, d := range cm.ImportedFunctions() {
		mod, name, _ := d.Import()
		info.Imports = append(info.Imports, mod+"."+name)
		switch mod {
		case abi.HostModule:
			sig, ok := hostSignatures[name]
			if !ok {
				problem("imports %s.%s, which is not a host function of ABI v%d", mod, name, abi.Version)
			} else if !slices.Equal(d.ParamTypes(), sig.params) || !slices.Equal(d.ResultTypes(), sig.results) {
				problem("imports %s.%s with signature %v -> %v, want %v -> %v", mod, name, d.ParamTypes(), d.ResultTypes(), sig.params, sig.results)
			}
		case abi.WASIModule:
		default:
			problem("imports %s.%s: only modules %q and %q may be imported", mod, name, abi.HostModule, abi.WASIModule)
		}
	}
	for _, m := range cm.ImportedMemories() {
		mod, name, _ := m.Import()
		problem("imports memory %s.%s: a plugin must define and export its own memory", mod, name)
	}

	exports := cm.ExportedFunctions()
	var versions []int
	for name := range exports {
		v, ok, err := abi.ParseVersionExport(name)
		switch {
		case err != nil:
			problem("%v", err)
		case ok:
			versions = append(versions, v)
		}
	}
	slices.Sort(versions)
	switch {
	case len(versions) == 0:
		problem("declares no sobjects ABI version: export a function named %s%d", abi.VersionExportPrefix, abi.Version)
	case len(versions) > 1:
		problem("declares several ABI versions %v: export exactly one %sN", versions, abi.VersionExportPrefix)
	default:
		info.ABIVersion = versions[0]
		if versions[0] != abi.Version {
			problem("%v %d: this host speaks %d", ErrUnknownABIVersion, versions[0], abi.Version)
		}
	}
	if _, ok := cm.ExportedMemories()[abi.ExportMemory]; !ok {
		problem("exports no memory named %q", abi.ExportMemory)
	}
	if d, ok := exports[abi.ExportAlloc]; !ok {
		problem("exports no %s function", abi.ExportAlloc)
	} else if !slices.Equal(d.ParamTypes(), []api.ValueType{i32}) || !slices.Equal(d.ResultTypes(), []api.ValueType{i32}) {
		problem("%s has signature %v -> %v, want (i32) -> i32", abi.ExportAlloc, d.ParamTypes(), d.ResultTypes())
	}
	if d, ok := exports[abi.ExportSplittable]; ok {
		if len(d.ParamTypes()) == 0 && len(d.ResultTypes()) == 0 {
			info.Splittable = true
		} else {
			problem("%s has signature %v -> %v, want () -> ()", abi.ExportSplittable, d.ParamTypes(), d.ResultTypes())
		}
	}
	declareExports(&info, exports, []string{abi.ExportInit, abi.ExportAlarm, abi.ExportFetch, abi.ExportAfterClone, abi.ExportBeforeHandOut},
		isMethodSig, "(i32, i32) -> i64", problem)
	return info
}

// declareExports adds to info the lifecycle exports and the methods of a module.
var declareExports = format.DeclareExports

// compilePlugin validates wasm for class, instruments it so calls can be interrupted
// (package instrument) and compiles it with rt; its instances run under limits.
func compilePlugin(ctx context.Context, rt wazero.Runtime, limits format.Limits, class string, wasm []byte) (*Plugin, error) {
	// Validate the module as uploaded before rewriting it: the rewrite adds globals, and
	// an invalid module could otherwise reach them (an out-of-range global index that
	// becomes valid).
	info, err := Inspect(ctx, wasm)
	if err != nil {
		return nil, err
	}
	if len(info.Problems) > 0 {
		err := ErrInvalidPlugin
		if info.ABIVersion != 0 && info.ABIVersion != abi.Version {
			err = fmt.Errorf("%w: %w", ErrInvalidPlugin, ErrUnknownABIVersion)
		}
		return nil, fmt.Errorf("%w: %s", err, strings.Join(info.Problems, "; "))
	}
	instrumented, err := instrument.Module(wasm)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalidPlugin, err)
	}
	cm, err := rt.CompileModule(ctx, instrumented)
	if err != nil {
		return nil, fmt.Errorf("%w: compile: %w", ErrInvalidPlugin, err) // %w: a full disk is told apart (registry.compile)
	}
	code := &nativeClass{rt: rt, compiled: cm, limits: limits}
	for _, imp := range info.Imports {
		if strings.HasPrefix(imp, abi.WASIModule+".") {
			code.usesWASI = true
		}
	}
	return newPlugin(class, wasm, info, code), nil
}

// checkMethod returns ErrMethodNotFound unless the plugin has method. The error names
// the class, this version (Plugin.Version, as Describe and ClassInfo show it: a method
// of another version is told apart from a misspelt one) and the methods it has.
func (p *Plugin) checkMethod(method string) error {
	if p.methods[method] {
		return nil
	}
	return fmt.Errorf("%w: class %s version %s has no method %q; its methods are %s",
		ErrMethodNotFound, p.Class, p.Version, method, strings.Join(p.Info.Methods, ", "))
}
