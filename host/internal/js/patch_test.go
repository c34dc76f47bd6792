package js

import (
	"bytes"
	"encoding/binary"
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

// The engine's data segments come out of the module whole: each at its offset with its
// bytes, as the data section had them, and the module keeps none (its data count 0),
// so that instantiating it writes nothing into memory.
func TestCutDataSegmentsKeepsEveryByte(t *testing.T) {
	cut, data, err := cutDataSegments(quickJSWasm)
	if err != nil {
		t.Fatal(err)
	}
	sections, err := wasmSections(quickJSWasm)
	if err != nil {
		t.Fatal(err)
	}
	var body []byte // the data section, made again from the segments
	for _, s := range sections {
		if s.id == 11 {
			body = s.body
		}
	}
	again := binary.AppendUvarint(nil, uint64(len(data)))
	for _, d := range data {
		again = appendSLEB(append(again, 0, 0x41), int64(int32(d.offset)))
		again = binary.AppendUvarint(append(again, 0x0b), uint64(len(d.bytes)))
		again = append(again, d.bytes...)
	}
	if len(data) != 63 || data[0].offset != 1024 || !bytes.Equal(again, body) {
		t.Fatalf("%d segments, the first at %d: the data section made again differs", len(data), data[0].offset)
	}
	after, err := wasmSections(cut)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range after {
		if (s.id == 11 || s.id == 12) && !bytes.Equal(s.body, []byte{0}) {
			t.Errorf("section %d of the cut module: %d bytes, want a count of 0", s.id, len(s.body))
		}
	}
}
