package server

import (
	"strings"
	"testing"

	"github.com/sobjects/sobjects/jsbundle"
)

// deployProject uploads the bundle of the JavaScript project at dir as class.
func deployProject(t *testing.T, v *env, dir, class string) {
	t.Helper()
	p, err := jsbundle.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if status, body, _ := v.do("PUT", "/v1/classes/"+class, p.Bundle); status != 200 {
		t.Fatalf("upload %s: %d %s", dir, status, body)
	}
}

// TestJSModuleRulesImports: imports of Text modules are strings, of Data modules
// ArrayBuffers, of CompiledWasm modules a stand-in whose use (WebAssembly.instantiate)
// fails naming the file (the error reaches the body under DevErrors).
func TestJSModuleRulesImports(t *testing.T) {
	v := start(t, Options{DevErrors: true})
	deployProject(t, v, "../jsbundle/testdata/rules", "rules")
	status, body, _ := v.do("GET", "/v1/objects/rules/a/fetch/kinds", nil)
	want := `{"page":"string","note":"string","readme":"string","query":"string","blob":"[object ArrayBuffer]","bytes":[0,1,254,255],"wasm":"object"}`
	if status != 200 || string(body) != want {
		t.Fatalf("kinds: %d %s\nwant %s", status, body, want)
	}
	if status, body, ct := v.do("GET", "/v1/objects/rules/a/fetch/page", nil); status != 200 || string(body) != "<h1>héllo</h1>\n" || ct != "text/html" {
		t.Fatalf("page: %d %q %s", status, body, ct)
	}
	if status, body, _ := v.do("GET", "/v1/objects/rules/a/fetch/", nil); status != 200 || string(body) != "a note\n# Readme\nSELECT 1;\n" {
		t.Fatalf("texts: %d %q", status, body)
	}
	t.Run("ErrWasmUsed", func(t *testing.T) {
		status, body, _ := v.do("GET", "/v1/objects/rules/a/fetch/wasm", nil)
		if status != 500 || !strings.Contains(string(body), "sobjects cannot run WebAssembly: src/add.wasm is a CompiledWasm module") {
			t.Fatalf("wasm: %d %s", status, body)
		}
	})
}

// TestJSChatDemoServesItsPage: the chat demo's Worker answers its page, imported as a
// Data module, and its object sees the page's bytes.
func TestJSChatDemoServesItsPage(t *testing.T) {
	v := start(t, Options{})
	deployProject(t, v, "../jsbundle/testdata/chatdemo", "edge-chat-demo")
	deployProject(t, v, "../jsbundle/testdata/chatdemo", "ChatRoom")
	status, body, ct := v.do("GET", "/v1/objects/edge-chat-demo/w/fetch/", nil)
	if status != 200 || !strings.HasPrefix(string(body), "<!DOCTYPE html>") || ct != "text/html;charset=UTF-8" {
		t.Fatalf("page: %d %s %q", status, ct, body)
	}
	if status, body, _ := v.do("GET", "/v1/objects/ChatRoom/r/fetch/", nil); status != 200 || string(body) != "110" {
		t.Fatalf("room: %d %s", status, body)
	}
}
