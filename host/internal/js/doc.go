// Package js is the JavaScript plugin format: bundles (package jsbundle) run in
// QuickJS compiled to WASI (qjs.wasm from github.com/fastschema/qjs v0.0.6, which works
// on wazero v1.11 and not on v1.12, kept in package quickjs).
//
// The host drives the engine's exported C API directly (New_QJS, QJS_Call,
// js_std_await, ...) rather than through the qjs Go package, whose binding of Go
// functions costs tens of microseconds a call: a method call here is one QJS_Call of
// the dispatcher of sdk-js/runtime.js, and a host call from JavaScript one call of the
// imported env.jsFunctionProxy. Each resident object has its own instance of the
// engine (its own linear memory, under the memory limit of any plugin) and the engine
// module is instrumented like any plugin, so the time limit interrupts a looping
// script. An instance starts from its class's snapshot (runtime.js and the bundle
// evaluated once, when the class is compiled), which on Linux the instances map
// copy-on-write, sharing the pages none writes to (image_linux.go).
//
// A script's fetch() to the outside runs in Go's HTTP client on goroutines of its own,
// within the call's time limit and where the runtime's FetchPolicy allows
// (hostop_fetch.go).
//
// A Runtime compiles bundles into format.Class values; package host talks to those
// through the interfaces of package format only.
package js
