// Package plugins holds the example and test plugins, each with its Rust source and its
// built .wasm (rebuilt by build.sh). The examples are embedded in the sobjects binary
// and served by `sobjects run` when no plugin is named.
package plugins

import (
	"embed"
	"fmt"
)

//go:embed counter/counter.wasm kv/kv.wasm chat/chat.wasm ledger/ledger.wasm testkit/testkit.wasm vecindex/vecindex.wasm
var files embed.FS

// Examples are the classes `sobjects run` serves by default.
var Examples = []string{"counter", "kv", "chat", "ledger"}

//go:embed js/js-examples.bundle.js
var jsExamples []byte

// The JavaScript examples (plugins/js): one bundle, made by package jsbundle from the
// project's sources, holding the classes JSExampleClasses and a Worker, deployed as the
// class JSExamplesWorker. `sobjects run` serves them by default too.
var JSExampleClasses = []string{"JsCounter", "JsKV", "JsChat"}

const JSExamplesWorker = "js-examples"

// JSExamples returns the bundle of the JavaScript examples.
func JSExamples() []byte { return jsExamples }

// Wasm returns the built module of the bundled plugin name: one of Examples, or
// "testkit" (the plugin the host's tests and benchmarks use), or "vecindex" (an index
// kept in durable memory, ABI.md section 13).
func Wasm(name string) ([]byte, error) {
	b, err := files.ReadFile(name + "/" + name + ".wasm")
	if err != nil {
		return nil, fmt.Errorf("no bundled plugin %q", name)
	}
	return b, nil
}
