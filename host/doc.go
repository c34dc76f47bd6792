// Package host is the sobjects engine: the registry of classes and their plugin
// versions, compilation with wazero, the lifecycle of objects (activation, the input
// gate, group commit, eviction), worker threads and pinning, alarms, and the host
// functions that implement the ABI (package abi) over package storage.
//
// The host functions are written once, as the Go interface Host; a plugin format
// binds them to its own calling convention: hostfuncs.go for modules of the sobjects
// ABI, extism.go for Extism plugins (abi/ABI.md section 10), js.go for JavaScript
// bundles run in QuickJS (section 11; the script side is sdk-js/runtime.js).
//
// Package host may import abi, storage and sdk-js; it must not import server,
// splitter, jsbundle or cmd.
package host
