package format

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"

	"github.com/tetratelabs/wazero/api"

	"github.com/sobjects/sobjects/abi"
)

// Info is what a plugin declares, as `sobjects inspect` prints it (host.PluginInfo).
type Info struct {
	Kind       string   `json:"kind"`        // KindWasm, KindJS, KindExtism
	ABIVersion int      `json:"abi_version"` // 0 when it declares none
	Methods    []string `json:"methods"`     // callable methods, sorted
	Lifecycle  []string `json:"lifecycle"`   // the lifecycle exports it has: init, alarm, fetch, after_clone, before_hand_out
	Splittable bool     `json:"splittable"`  // it exports sobjects_splittable (ABI.md section 4.7)
	Imports    []string `json:"imports"`     // "module.name" of each imported function
	Problems   []string `json:"problems"`    // what keeps it from running here; empty when valid
}

// Plugin kinds (Info.Kind).
const (
	KindWasm   = "wasm"   // a module of the sobjects ABI (abi/ABI.md)
	KindJS     = "js"     // a JavaScript bundle (package jsbundle), run in the JavaScript engine
	KindExtism = "extism" // a module built with an Extism PDK (ABI.md section 10)
)

// DeclareExports adds to info the lifecycle exports of a module (those named in
// lifecycle) and its methods: the exports with a method name whose signature isSig
// accepts (want describes it). A lifecycle export of another signature, or a module
// with neither a method nor fetch, is a problem.
func DeclareExports(info *Info, exports map[string]api.FunctionDefinition, lifecycle []string,
	isSig func(api.FunctionDefinition) bool, want string, problem func(format string, args ...any)) {
	for _, name := range lifecycle {
		if d, ok := exports[name]; ok {
			if isSig(d) {
				info.Lifecycle = append(info.Lifecycle, name)
			} else {
				problem("lifecycle export %s has signature %v -> %v, want %s", name, d.ParamTypes(), d.ResultTypes(), want)
			}
		}
	}
	for name, d := range exports {
		if abi.IsMethodName(name) && isSig(d) {
			info.Methods = append(info.Methods, name)
		}
	}
	slices.Sort(info.Methods)
	if len(info.Methods) == 0 && !slices.Contains(info.Lifecycle, abi.ExportFetch) {
		problem("exports no method: a method is a function %s", want)
	}
}

// Version returns the version name of a plugin: the lowercase hex SHA-256 of its bytes.
func Version(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
