// Package quickjs holds the JavaScript engine that JavaScript classes run in: qjs.wasm,
// QuickJS-ng compiled to WASI, byte for byte as released in the Go module
// github.com/fastschema/qjs at the version go.mod requires (v0.0.6; MIT, see LICENSE
// beside this file, and QuickJS-ng's own MIT license).
//
// The host keeps its own copy rather than reading the one inside that module: qjs
// exports no accessor for its bytes, and the host depends on the exact layout of this
// build (its stack, the index of JS_ExecutePendingJob, the functions it patches), so the
// bytes must change only when someone changes them here on purpose. TestWasmIsTheRelease
// fails once go.mod requires a qjs whose qjs.wasm differs from this copy; to take a new
// release, copy its qjs.wasm over this one, update SHA256, and check host/js.go against
// the new build (its quickJSVersion guards that too).
package quickjs

import (
	_ "embed"
)

// SHA256 is the hex SHA-256 of Wasm: the qjs.wasm of github.com/fastschema/qjs v0.0.6.
const SHA256 = "88fcbeead33cca3ec8394feb0fb3eec8047ec9ac5062aba7a63799cee11989b7"

//go:embed qjs.wasm
var wasm []byte

// Wasm returns the engine's WebAssembly module (about 1 MB). The slice is shared by
// every caller: treat it as read-only and copy it before patching.
func Wasm() []byte { return wasm }
