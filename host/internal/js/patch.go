package js

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"sync"

	"github.com/tetratelabs/wazero/api"

	"github.com/sobjects/sobjects/host/internal/format"
	"github.com/sobjects/sobjects/host/internal/instrument"
)

// engineWasm is the engine as every Runtime compiles it: qjs.wasm patched and
// instrumented, its data segments cut out into data (cutDataSegments).
type engineWasm struct {
	wasm []byte
	data []dataSegment
}

// engineModule is the engine as every Runtime compiles it. Made once per process
// (patching and instrumenting take about 30 ms, 170 ms under the race detector, and
// tests make hundreds of engines), and never changed after.
var engineModule = sync.OnceValues(func() (*engineWasm, error) {
	if format.Version(quickJSWasm) != quickJSVersion {
		return nil, fmt.Errorf("js engine: qjs.wasm is version %s; this host knows the stack layout of %s only", format.Version(quickJSWasm), quickJSVersion)
	}
	patched, err := bindHostDirectly(quickJSWasm)
	if err == nil {
		err = checkStackMessage(patched)
	}
	if err == nil {
		patched, err = addRejectionTracker(patched)
	}
	if err == nil {
		patched, err = addOutOfMemoryHook(patched)
	}
	if err != nil {
		return nil, fmt.Errorf("js engine: %w", err)
	}
	wasm, err := instrument.ModuleWith(patched, instrument.Options{Stack: &quickJSStack,
		Funcs: map[string]uint32{jsExecutePendingJob: quickJSExecutePendingJob}})
	if err != nil {
		return nil, fmt.Errorf("js engine: instrument: %w", err)
	}
	wasm, data, err := cutDataSegments(wasm)
	if err != nil {
		return nil, fmt.Errorf("js engine: %w", err)
	}
	return &engineWasm{wasm: wasm, data: data}, nil
})

// dataSegment is an active data segment of memory 0: bytes written at offset.
type dataSegment struct {
	offset uint32
	bytes  []byte
}

// cutDataSegments returns wasm without its data segments (an empty data section, and a
// data count of 0), and the segments, which must all be active, of memory 0, at a
// constant offset, as qjs.wasm's are. An instance made from a snapshot, whose memory
// holds them already, then does not write them only to have the snapshot mapped over
// them (about 100 KB of writes, and the page faults and unmapping they cost, in every
// JavaScript activation); one that starts the engine afresh writes them itself
// (writeData), before anything runs.
func cutDataSegments(wasm []byte) ([]byte, []dataSegment, error) {
	bad, uleb := errQuickJSLayout, readULEB
	sections, err := wasmSections(wasm)
	if err != nil {
		return nil, nil, err
	}
	var data []dataSegment
	for i, s := range sections {
		switch s.id {
		case 12: // data count
			sections[i].body = []byte{0}
		case 11:
			n, rest, ok := uleb(s.body)
			if !ok {
				return nil, nil, bad("the data section")
			}
			for range n {
				// flags 0 (active, memory 0), i32.const offset, end, then the bytes
				if len(rest) < 2 || rest[0] != 0 || rest[1] != 0x41 {
					return nil, nil, bad("a data segment that is not active at a constant offset")
				}
				v, used, ok := sleb32(rest[2:])
				if !ok || len(rest) < 2+used+1 || rest[2+used] != 0x0b {
					return nil, nil, bad("a data segment's offset")
				}
				size, seg, ok := uleb(rest[3+used:])
				if !ok || uint64(len(seg)) < size {
					return nil, nil, bad("a data segment")
				}
				data = append(data, dataSegment{offset: uint32(v), bytes: seg[:size]})
				rest = seg[size:]
			}
			sections[i].body = []byte{0}
		}
	}
	return joinWasmSections(wasm, sections), data, nil
}

// sleb32 reads a signed LEB128 of at most 5 bytes: its value and its length.
func sleb32(b []byte) (int32, int, bool) {
	var v int64
	var shift uint
	for i := 0; i < len(b) && i < 5; i++ {
		v |= int64(b[i]&0x7f) << shift
		shift += 7
		if b[i]&0x80 == 0 {
			if shift < 64 && b[i]&0x40 != 0 {
				v |= -1 << shift
			}
			return int32(v), i + 1, true
		}
	}
	return 0, 0, false
}

// writeData writes the engine's data segments into mem, as instantiating the module
// with them would.
func (w *engineWasm) writeData(mem api.Memory) error {
	for _, d := range w.data {
		if !mem.Write(d.offset, d.bytes) {
			return fmt.Errorf("js engine: a data segment at %d of %d bytes is out of its memory", d.offset, len(d.bytes))
		}
	}
	return nil
}

// quickJSVersion is the SHA-256 of the qjs.wasm of github.com/fastschema/qjs v0.0.6,
// whose layout quickJSStack describes.
const quickJSVersion = "88fcbeead33cca3ec8394feb0fb3eec8047ec9ac5062aba7a63799cee11989b7"

// quickJSStack guards the engine's C stack. It grows down from 165,408 (the initial
// value of global 0, __stack_pointer, the module's only global) towards its static data,
// which ends at 96,866 (wasm-objdump -x -j Data): 64 KiB, room for a script's recursion
// about 150 calls deep. QuickJS does not check the C stack under WASI, so deeper
// recursion would overwrite that data. Each instance therefore gets a stack of
// jsStackBytes of its own, allocated from the engine's heap as it starts
// (jsInstance.moveStack), and no function is entered with less than jsStackMargin left,
// more than one frame of the engine takes: the call fails instead ("stack overflow").
//
// Recursion in scripts goes through the interpreter, JS_CallInternal (function
// quickJSCallInternal), which the soft limit makes throw the RangeError that V8 and
// workerd throw, "Maximum call stack size exceeded" (QJS_ThrowRangeError, function
// quickJSThrowRangeError, with the engine's own message at quickJSStackMessage), when
// entered with less than jsStackSoftMargin above the limit: a script catches it, or
// the call fails with it, and the instance goes on. Recursion in the engine's C code
// alone (a parser or JSON nesting that deep) still traps.
var quickJSStack = instrument.StackGuard{Global: 0, Min: 96866 + jsStackMargin, Soft: &instrument.SoftStackLimit{
	Func: quickJSCallInternal, Throw: quickJSThrowRangeError, Arg: quickJSStackMessage, Margin: jsStackSoftMargin}}

// Functions and data of qjs.wasm quickJSVersion for the soft stack limit.
const (
	quickJSCallInternal    = 266   // JS_CallInternal, of type 68: (i32, i64, i64, i64, i32, i32, i32) -> i64
	quickJSThrowRangeError = 40    // QJS_ThrowRangeError(ctx, msg), of type 8: (i32, i32) -> i64
	quickJSStackMessage    = 15843 // "Maximum call stack size exceeded", in data segment 0
	jsStackSoftMargin      = 64 << 10
)

const (
	jsStackBytes  = 512 << 10
	jsStackMargin = 16 << 10
)

// quickJSExecutePendingJob is the index of JS_ExecutePendingJob(rt, &ctx) in the
// function index space of qjs.wasm (the function js_std_await, export 1102, calls to run
// one job), exported under jsExecutePendingJob: the host runs the promise jobs of a call
// itself (jsInstance.drain), to know when none is left.
const (
	quickJSExecutePendingJob = 279
	jsExecutePendingJob      = "sobjects_execute_pending_job"
)

// The engine's QJS_CreateFunctionProxy wraps the host function in a script function
// whose rest parameter and spread call cost about 1.5 µs per call (measured here: 2 µs
// a call against 70 ns for a plain one). bindHostDirectly rewrites the source of that
// wrapper, a string in the module's data, to a same-length one that returns the host
// function itself; runtime.js then calls it with exactly four arguments (the C side
// requires at least four).
var (
	proxyFactory       = []byte("(proxy, fnHandler, ctx, is_async) => function QJS_FunctionProxy (...args) { ")
	proxyFactoryDirect = []byte("(proxy, fnHandler, ctx, is_async) => proxy;")
)

func bindHostDirectly(wasm []byte) ([]byte, error) {
	if bytes.Count(wasm, proxyFactory) != 1 {
		return nil, errors.New("qjs.wasm: the function proxy factory is not where this host expects it (another qjs version?)")
	}
	i := bytes.Index(wasm, proxyFactory)
	end := i + bytes.IndexByte(wasm[i:], 0) // the C string's end
	out := bytes.Clone(wasm)
	copy(out[i:end], bytes.Repeat([]byte(" "), end-i))
	copy(out[i:], proxyFactoryDirect)
	return out, nil
}

// The engine tells its embedder of a promise rejected with no handler, and of a handler
// attached later, through JSRuntime.host_promise_rejection_tracker, a C function
// pointer the qjs build leaves unset (its New_QJS does not call
// JS_SetHostPromiseRejectionTracker). addRejectionTracker adds to the module a function
// of the tracker's type, void (JSContext *ctx, JSValue promise, JSValue reason, bool
// is_handled, void *opaque), that forwards the event to the host through the one import,
// env.jsFunctionProxy, as (ctx, reason, argc = is_handled - jsRejectionMarker, argv =
// the promise's address): a negative argc, which no function proxy call has
// (jsHostCall). It puts the function in the table at jsRejectionTrackerSlot, and setup
// stores that slot at jsRuntimeRejectionTracker of the JSRuntime. Offsets are those of
// qjs.wasm quickJSVersion: the two call_indirect of type 43 read the tracker at
// rt+172 and its opaque at rt+176.
const (
	jsRejectionMarker         = 16
	jsRuntimeRejectionTracker = 172
	quickJSTrackerType        = 43  // (i32, i64, i64, i32, i32) -> nil
	quickJSTableSize          = 542 // table 0: initial = max = 542, filled from 1 by one segment
	jsRejectionTrackerSlot    = quickJSTableSize
)

// errQuickJSLayout is the error of a patch of qjs.wasm that finds what in another
// shape than it expects.
func errQuickJSLayout(what string) error {
	return fmt.Errorf("qjs.wasm: %s is not what this host expects (another qjs version?)", what)
}

// wasmSection is one section of a WebAssembly module: its id and its body.
type wasmSection struct {
	id   byte
	body []byte
}

// wasmSections splits a module, after its 8-byte preamble, into its sections (bodies
// alias wasm).
func wasmSections(wasm []byte) ([]wasmSection, error) {
	if len(wasm) < 8 {
		return nil, errQuickJSLayout("the module")
	}
	var sections []wasmSection
	for off := 8; off < len(wasm); {
		size, k := binary.Uvarint(wasm[off+1:])
		if k <= 0 || off+1+k+int(size) > len(wasm) {
			return nil, errQuickJSLayout("the section layout")
		}
		sections = append(sections, wasmSection{wasm[off], wasm[off+1+k : off+1+k+int(size)]})
		off += 1 + k + int(size)
	}
	return sections, nil
}

// joinWasmSections is the module of preamble (wasm's first 8 bytes) and sections.
func joinWasmSections(preamble []byte, sections []wasmSection) []byte {
	out := bytes.Clone(preamble[:8])
	for _, s := range sections {
		out = append(out, s.id)
		out = binary.AppendUvarint(out, uint64(len(s.body)))
		out = append(out, s.body...)
	}
	return out
}

// readULEB reads an unsigned LEB128 number at the start of b and returns the rest.
func readULEB(b []byte) (uint64, []byte, bool) {
	v, k := binary.Uvarint(b)
	if k <= 0 {
		return 0, nil, false
	}
	return v, b[k:], true
}

// addRejectionTracker returns wasm with the tracker function described above.
func addRejectionTracker(wasm []byte) ([]byte, error) {
	bad := errQuickJSLayout
	uleb := func(v uint64) []byte { return binary.AppendUvarint(nil, v) }
	// count reads the vector count at the start of a section body.
	count := func(body []byte) (uint64, []byte, error) {
		n, rest, ok := readULEB(body)
		if !ok {
			return 0, nil, bad("a section's count")
		}
		return n, rest, nil
	}
	sections, err := wasmSections(wasm)
	if err != nil {
		return nil, err
	}
	var imports, funcs uint64
	for _, s := range sections {
		switch s.id {
		case 2: // import: env.jsFunctionProxy must be function 0
			if !bytes.HasPrefix(s.body, []byte("\x18\x03env\x0fjsFunctionProxy\x00")) {
				return nil, bad("the import section")
			}
			imports = 24
		case 3:
			n, _, err := count(s.body)
			if err != nil {
				return nil, err
			}
			funcs = n
		}
	}
	if imports == 0 || funcs == 0 {
		return nil, bad("the function index space")
	}
	fn := imports + funcs // the new function's index
	call := append([]byte{0x10}, uleb(0)...)
	code := []byte{0x00, // no locals
		0x20, 0x00, // local.get ctx
		0x20, 0x02, // local.get reason
		0x20, 0x03, 0x41, jsRejectionMarker, 0x6b, // is_handled - marker
		0x20, 0x01, 0xa7} // the promise's address: i32.wrap_i64
	code = append(append(code, call...), 0x1a, 0x0b) // drop; end
	for i, s := range sections {
		body := s.body
		switch s.id {
		case 3: // function: one more, of the tracker's type
			_, rest, _ := count(body)
			body = append(append(uleb(funcs+1), rest...), uleb(quickJSTrackerType)...)
		case 4: // table: one slot more
			want := append([]byte{1, 0x70, 1}, append(uleb(quickJSTableSize), uleb(quickJSTableSize)...)...)
			if !bytes.Equal(body, want) {
				return nil, bad("the table")
			}
			body = append([]byte{1, 0x70, 1}, append(uleb(quickJSTableSize+1), uleb(quickJSTableSize+1)...)...)
		case 9: // element: the one segment, flags 0, from slot 1, gets the function last
			head := []byte{1, 0, 0x41, 1, 0x0b}
			if !bytes.HasPrefix(body, head) {
				return nil, bad("the element section")
			}
			n, rest, err := count(body[len(head):])
			if err != nil || n+1 != quickJSTableSize {
				return nil, bad("the element segment")
			}
			body = append(append(append(bytes.Clone(head), uleb(n+1)...), rest...), uleb(fn)...)
		case 10: // code: its body
			_, rest, _ := count(body)
			body = append(append(uleb(funcs+1), rest...), append(uleb(uint64(len(code))), code...)...)
		}
		sections[i].body = body
	}
	return joinWasmSections(wasm, sections), nil
}

// The engine's allocator refuses an allocation past its limit (New_QJS's memory limit,
// jsEngineMemoryHeadroom below the instance's), and the engine then throws
// "InternalError: out of memory", which a script may catch. On workerd, exceeding the
// memory limit ends the isolate and the request whatever the script does, so the host
// must learn of every such error, caught or not. wasm-opt inlined JS_ThrowOutOfMemory
// into its 239 callers in qjs.wasm quickJSVersion, but each of them (and the regexp
// engine's "out of memory in regexp execution") throws through one function,
// JS_ThrowInternalError(ctx, fmt, va_list), function quickJSThrowInternalError, with
// fmt the address of one of the two C strings in quickJSOutOfMemoryMessages.
// addOutOfMemoryHook makes that function, on entry, tell the host through
// env.jsFunctionProxy, as (ctx, 0, argc = -jsOutOfMemoryMarker, argv = fmt), when fmt is
// one of those; jsHostCall then notes the call's out of memory (jsInstance.oom).
const (
	jsOutOfMemoryMarker        = jsRejectionMarker + 1 // below the tracker's argc
	quickJSThrowInternalError  = 251                   // of type 17: (i32, i32, i32) -> i64
	quickJSThrowInternalLocals = "\x06\x01\x7f\x01\x7e\x01\x7f\x01\x7f\x01\x7e\x01\x7f\x23\x00\x41\x90\x02\x6b"
)

// quickJSOutOfMemoryMessages are the addresses in the engine's memory (data segment 0,
// at 1024) of its out of memory messages, with the messages.
var quickJSOutOfMemoryMessages = []struct {
	addr int32
	msg  string
}{{2136, "out of memory"}, {8911, "out of memory in regexp execution"}}

// addOutOfMemoryHook returns wasm with the hook described above.
func addOutOfMemoryHook(wasm []byte) ([]byte, error) {
	bad, uleb := errQuickJSLayout, readULEB
	hook := []byte{}
	for i, m := range quickJSOutOfMemoryMessages {
		hook = append(hook, 0x20, 0x01, 0x41) // local.get fmt; i32.const addr
		hook = appendSLEB(hook, int64(m.addr))
		hook = append(hook, 0x46) // i32.eq
		if i > 0 {
			hook = append(hook, 0x72) // i32.or
		}
	}
	hook = append(hook, 0x04, 0x40, // if
		0x20, 0x00, // local.get ctx
		0x42, 0x00, // i64.const 0
		0x41) // i32.const -marker
	hook = appendSLEB(hook, -jsOutOfMemoryMarker)
	hook = append(hook, 0x20, 0x01, // local.get fmt
		0x10, 0x00, // call env.jsFunctionProxy
		0x1a, 0x0b) // drop; end
	const imports = 24 // addRejectionTracker checks the import section
	sections, err := wasmSections(wasm)
	if err != nil {
		return nil, err
	}
	var hooked, checked bool
	for i, s := range sections {
		body := s.body
		switch s.id {
		case 11: // data: segment 0, active at 1024, holds the messages
			_, rest, ok := uleb(body)
			if !ok || !bytes.HasPrefix(rest, []byte{0, 0x41, 0x80, 0x08, 0x0b}) {
				return nil, bad("the data section")
			}
			n, seg, ok := uleb(rest[5:])
			if !ok || uint64(len(seg)) < n {
				return nil, bad("data segment 0")
			}
			for _, m := range quickJSOutOfMemoryMessages {
				at := int(m.addr) - 1024
				if at+len(m.msg)+1 > int(n) || string(seg[at:at+len(m.msg)+1]) != m.msg+"\x00" {
					return nil, bad("the out of memory message")
				}
			}
			checked = true
		case 10: // code: the function's body gets the hook after its locals
			n, rest, ok := uleb(body)
			if !ok || n <= quickJSThrowInternalError-imports {
				return nil, bad("the code section")
			}
			for j := uint64(0); j < quickJSThrowInternalError-imports; j++ {
				size, r, ok := uleb(rest)
				if !ok || uint64(len(r)) < size {
					return nil, bad("the code section")
				}
				rest = r[size:]
			}
			size, fn, ok := uleb(rest)
			locals := len(quickJSThrowInternalLocals) - 6 // up to the function's first instruction
			if !ok || !bytes.HasPrefix(fn, []byte(quickJSThrowInternalLocals)) {
				return nil, bad("JS_ThrowInternalError")
			}
			head := body[:len(body)-len(rest)]
			newFn := append(append(bytes.Clone(fn[:locals]), hook...), fn[locals:size]...)
			body = append(append(append(bytes.Clone(head), binary.AppendUvarint(nil, uint64(len(newFn)))...), newFn...), fn[size:]...)
			hooked = true
		}
		sections[i].body = body
	}
	if !hooked || !checked {
		return nil, bad("the module")
	}
	return joinWasmSections(wasm, sections), nil
}

// appendSLEB appends v in signed LEB128, as wasm encodes an i32.const.
func appendSLEB(b []byte, v int64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if (v == 0 && c&0x40 == 0) || (v == -1 && c&0x40 != 0) {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}

// stackOverflowMessage is the message at quickJSStackMessage.
const stackOverflowMessage = "Maximum call stack size exceeded"

// checkStackMessage checks that the engine's data holds stackOverflowMessage at
// quickJSStackMessage (data segment 0 starts at 1024, as addOutOfMemoryHook checks).
func checkStackMessage(wasm []byte) error {
	sections, err := wasmSections(wasm)
	if err != nil {
		return err
	}
	for _, s := range sections {
		if s.id != 11 {
			continue
		}
		_, rest, ok := readULEB(s.body)
		if !ok || !bytes.HasPrefix(rest, []byte{0, 0x41, 0x80, 0x08, 0x0b}) {
			return errQuickJSLayout("the data section")
		}
		n, seg, ok := readULEB(rest[5:])
		at := quickJSStackMessage - 1024
		if !ok || uint64(len(seg)) < n || at+len(stackOverflowMessage)+1 > int(n) || string(seg[at:at+len(stackOverflowMessage)+1]) != stackOverflowMessage+"\x00" {
			return errQuickJSLayout("the stack overflow message")
		}
		return nil
	}
	return errQuickJSLayout("the module")
}
