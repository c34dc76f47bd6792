package host

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/tetratelabs/wazero"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/host/internal/extism"
	"github.com/sobjects/sobjects/host/internal/format"
	"github.com/sobjects/sobjects/host/internal/js"
	"github.com/sobjects/sobjects/host/internal/native"
)

// plugin is one compiled version of a class. It is safe for concurrent use; each
// resident object has its own instance of it.
type plugin struct {
	Class    string
	Version  string // lowercase hex SHA-256 of the module's bytes
	Size     int    // bytes
	Info     PluginInfo
	code     format.Class // the compiled code, in the plugin's format
	methods  map[string]bool
	bindings map[string]string // a JavaScript plugin's declared bindings, name -> class; nil: it may call any class (bindings.go)
	own      []string          // a JavaScript plugin's own classes (its Worker, its exports), which it may call too (bundleManifest)
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
func (p *plugin) retain() { p.users.Add(1) }

func (p *plugin) release() {
	if p.users.Add(-1) == 0 {
		p.code.Close()
	}
}

// newPlugin is version b of class, compiled into code, which declares info. Its one
// user is the caller's: registry.add keeps it, or the caller releases it.
func newPlugin(class string, b []byte, info PluginInfo, code format.Class) *plugin {
	p := &plugin{Class: class, Version: Version(b), Size: len(b), Info: info, code: code, methods: map[string]bool{}}
	p.users.Store(1)
	for _, m := range info.Methods {
		p.methods[m] = true
	}
	if info.Kind == format.KindJS {
		p.methods[js.StubMethod] = true // calls through stubs of what its instances sent
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

// IsJSBundle reports whether b is a JavaScript bundle rather than a wasm module.
func IsJSBundle(b []byte) bool { return js.IsBundle(b) }

// Version returns the version name of a module: the hex SHA-256 of its bytes.
func Version(wasm []byte) string { return format.Version(wasm) }

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
	return native.Inspect(cm)
}

// compilePlugin validates wasm for class, instruments it so calls can be interrupted
// (package instrument) and compiles it with rt; its instances run under limits.
func compilePlugin(ctx context.Context, rt wazero.Runtime, limits format.Limits, class string, wasm []byte) (*plugin, error) {
	// Validate the module as uploaded before rewriting it: the rewrite adds globals, and
	// an invalid module could otherwise reach them (an out-of-range global index that
	// becomes valid).
	info, err := Inspect(ctx, wasm)
	if err != nil {
		return nil, err
	}
	code, err := native.Compile(ctx, rt, limits, wasm, info)
	if err != nil {
		return nil, err
	}
	return newPlugin(class, wasm, info, code), nil
}

// checkMethod returns ErrMethodNotFound unless the plugin has method. The error names
// the class, this version (plugin.Version, as Describe and ClassInfo show it: a method
// of another version is told apart from a misspelt one) and the methods it has.
func (p *plugin) checkMethod(method string) error {
	if p.methods[method] {
		return nil
	}
	return &format.MethodNotFoundError{Method: method, Err: fmt.Errorf("%w: class %s version %s has no method %q; its methods are %s",
		ErrMethodNotFound, p.Class, p.Version, method, strings.Join(p.Info.Methods, ", "))}
}
