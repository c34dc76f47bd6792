// Package host is the sobjects engine: the registry of classes and their plugin
// versions, compilation with wazero, the lifecycle of objects (activation, the input
// gate, group commit, eviction), worker threads and pinning, alarms, and the host
// functions that implement the ABI (package abi) over package storage.
//
// The host functions are written once, as the Go interface Host; a plugin format
// binds them to its own calling convention (hostfuncs.go binds them for wazero).
//
// Package host may import abi and storage; it must not import server, splitter or cmd.
package host
