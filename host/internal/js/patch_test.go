package js

import (
	"bytes"
	"strings"
	"testing"
)

// The out of memory hook is written for one build of qjs.wasm: an engine whose messages
// or JS_ThrowInternalError are not where the host expects them is refused with an
// error, not patched blindly.
func TestJSOutOfMemoryHookRefusesAnotherEngine(t *testing.T) {
	if _, err := addOutOfMemoryHook(quickJSWasm); err != nil {
		t.Fatalf("qjs.wasm %s: %v", quickJSVersion, err)
	}
	moved := bytes.Clone(quickJSWasm)
	i := bytes.Index(moved, []byte("\x00out of memory\x00"))
	if i < 0 {
		t.Fatal("qjs.wasm has no out of memory message")
	}
	copy(moved[i+1:], "OUT OF MEMORY")
	code := bytes.Clone(quickJSWasm)
	j := bytes.Index(code, []byte(quickJSThrowInternalLocals))
	if j < 0 {
		t.Fatal("qjs.wasm has no JS_ThrowInternalError")
	}
	code[j+len(quickJSThrowInternalLocals)-4] = 0x80 // another frame size
	for name, wasm := range map[string][]byte{"message": moved, "function": code, "truncated": quickJSWasm[:len(quickJSWasm)/2]} {
		if _, err := addOutOfMemoryHook(wasm); err == nil || !strings.Contains(err.Error(), "another qjs version") {
			t.Errorf("%s: %v, want a refusal naming another qjs version", name, err)
		}
	}
}
