package native

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/host/internal/format"
	"github.com/sobjects/sobjects/host/internal/instrument"
)

// methodSig is the signature of methods and lifecycle exports: (ptr, len i32) -> i64.
func isMethodSig(d api.FunctionDefinition) bool {
	return slices.Equal(d.ParamTypes(), []api.ValueType{i32, i32}) && slices.Equal(d.ResultTypes(), []api.ValueType{i64})
}

// Inspect reads the declarations of a compiled module of the sobjects ABI (ABI.md
// sections 1, 2, 4).
func Inspect(cm wazero.CompiledModule) format.Info {
	info := format.Info{Kind: format.KindWasm, Methods: []string{}, Lifecycle: []string{}, Imports: []string{}, Problems: []string{}}
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
			problem("%v %d: this host speaks %d", format.ErrUnknownABIVersion, versions[0], abi.Version)
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
	format.DeclareExports(&info, exports, []string{abi.ExportInit, abi.ExportAlarm, abi.ExportFetch, abi.ExportAfterClone, abi.ExportBeforeHandOut,
		abi.ExportWebSocketMessage, abi.ExportWebSocketClose, abi.ExportWebSocketError},
		isMethodSig, "(i32, i32) -> i64", problem)
	return info
}

// Compile instruments wasm, which declares info (its problems fail it), so calls can
// be interrupted (package instrument) and compiles it with rt; its instances run under
// limits.
func Compile(ctx context.Context, rt wazero.Runtime, limits format.Limits, wasm []byte, info format.Info) (*Class, error) {
	if len(info.Problems) > 0 {
		err := format.ErrInvalidPlugin
		if info.ABIVersion != 0 && info.ABIVersion != abi.Version {
			err = fmt.Errorf("%w: %w", format.ErrInvalidPlugin, format.ErrUnknownABIVersion)
		}
		return nil, fmt.Errorf("%w: %s", err, strings.Join(info.Problems, "; "))
	}
	instrumented, report, err := instrument.ModuleReport(wasm, instrument.Options{})
	if err != nil {
		return nil, fmt.Errorf("%w: %v", format.ErrInvalidPlugin, err)
	}
	cm, err := rt.CompileModule(ctx, instrumented)
	if err != nil {
		return nil, fmt.Errorf("%w: compile: %w", format.ErrInvalidPlugin, err) // %w: a full disk is told apart (registry.compile)
	}
	code := &Class{rt: rt, compiled: cm, limits: limits, report: report}
	for _, imp := range info.Imports {
		if strings.HasPrefix(imp, abi.WASIModule+".") {
			code.usesWASI = true
		}
	}
	return code, nil
}
