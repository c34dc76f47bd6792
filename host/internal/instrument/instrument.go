// Package instrument rewrites a WebAssembly module so that the host can interrupt it
// and so that it never keeps Go's runtime waiting:
//
//   - It adds two mutable i32 globals: a stop flag, exported as InterruptExport, and a
//     fuel counter. At the entry of every function and the head of every loop, the code
//     decrements the fuel; when it reaches zero (every YieldEvery checks), it refills it,
//     executes `memory.grow 0`, and traps with `unreachable` if the stop flag is set.
//     Setting the flag (api.MutableGlobal.Set, from any goroutine) thus stops the running
//     code within YieldEvery loop iterations or calls.
//   - `memory.grow` is carried out by Go code in wazero, so the periodic `memory.grow 0`
//     is a point where the goroutine can be preempted. Compiled wasm code has no such
//     point otherwise: a loop that never leaves it would stall every stop-the-world of
//     the garbage collector, and so the whole process, until it ends.
//   - A start section becomes an export named StartExport instead, so that no code runs
//     while a module is instantiated: the host calls it under the same time limit as
//     any call.
//
// wazero can interrupt guest code itself (RuntimeConfig.WithCloseOnContextDone), but it
// does so by calling into Go at every loop iteration and by starting a goroutine for
// every call; measured here, that made a call doing a few thousand loop iterations ten
// times slower (docs/performance.md). The check inserted here is a few loads, stores
// and a branch.
//
// The rewrite follows the binary format of WebAssembly 2.0
// (https://webassembly.github.io/spec/core/binary/): every instruction of the core
// specification, the bulk-memory, reference-types, tail-call, fixed-width SIMD and
// threads proposals is decoded; a module using another opcode is refused.
package instrument

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
)

// InterruptExport is the name of the exported stop flag.
const InterruptExport = "sobjects_interrupt"

// StartExport is the export a start section becomes.
const StartExport = "sobjects_start"

// YieldEvery is how many function entries and loop iterations run between two checks
// of the stop flag (each a preemption point for Go).
const YieldEvery = 1 << 14

// ErrMalformed is wrapped by the errors of Module: the bytes are not a module this
// package can rewrite.
var ErrMalformed = errors.New("cannot instrument module")

// Section ids (https://webassembly.github.io/spec/core/binary/modules.html#sections).
const (
	secCustom    = 0
	secImport    = 2
	secMemory    = 5
	secGlobal    = 6
	secExport    = 7
	secStart     = 8
	secElement   = 9
	secCode      = 10
	secData      = 11
	secDataCount = 12
)

// order gives the position of each known section id in a module.
var order = map[byte]int{1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 13: 6, 6: 7, 7: 8, 8: 9, 9: 10, 12: 11, 10: 12, 11: 13}

type section struct {
	id   byte
	body []byte
}

// Module returns wasm rewritten as the package doc says.
//
// # Errors
//
// ErrMalformed (wrapped) for bytes that do not parse, an opcode outside the proposals
// listed above, or a module that already exports InterruptExport.
func Module(wasm []byte) ([]byte, error) {
	out, _, err := rewrite(wasm, Options{})
	return out, err
}

// GlobalPrefix begins the names under which the rewrite exports the module's own
// mutable globals of a number type: GlobalPrefix and the global's index in decimal
// ("sobjects_global_0"), so that the host can save an instance's state and put it back
// in another instance (hibernation).
const GlobalPrefix = "sobjects_global_"

// Report is what the rewrite found that the host needs to save and restore an
// instance's state.
type Report struct {
	// Globals are the indices of the module's own mutable globals, in order, each
	// exported under GlobalPrefix and its index. The globals the rewrite adds are not
	// among them.
	Globals []uint32
	// Unsaved, when not "", says why an instance's state is more than its linear memory
	// and Globals: it imports a memory, a table or a global, has a mutable global of a
	// reference or vector type, or has code that changes a table or drops a segment
	// (table.set, table.grow, table.fill, table.init, table.copy, data.drop, elem.drop),
	// whose effects a new instance would not have.
	Unsaved string
}

// ModuleReport is ModuleWith, and also returns the Report.
func ModuleReport(wasm []byte, opts Options) ([]byte, Report, error) { return rewrite(wasm, opts) }

// StackGuard describes a module's shadow stack (the stack that C code compiled to
// wasm keeps in linear memory, below the value of a mutable i32 global, growing down)
// so that a check (Options.Stack) can stop a call before the stack overflows into the
// data below it: wasm itself has no guard page there, and an overflow silently
// overwrites the module's static data (seen with QuickJS: its allocator's state,
// corrupted before the module traps, if it traps at all).
type StackGuard struct {
	Global uint32 // index of the stack pointer global
	Min    int32  // the initial stack limit: the lowest address a function may be entered with
	// Soft, when set, makes one function fail as the module's own code would, rather
	// than trap, when entered near the stack limit.
	Soft *SoftStackLimit
}

// SoftStackLimit makes function Func, entered with the stack pointer less than Margin
// bytes above the stack limit, call Throw(its first parameter, Arg) and return what
// Throw returns, without running its body: for an interpreter, an error a script can
// catch ("Maximum call stack size exceeded") where the guard would trap. The check then
// disarms itself, so that building that error (which may enter Func again) has the
// Margin to run in, and arms itself (again: it starts disarmed) once Func is entered
// with the stack pointer more than 2*Margin above the limit. Deeper recursion while disarmed, or in other
// functions, still traps at the limit. The caller knows the module: Func's first
// parameter must be an i32, and Throw's type (i32, i32) -> the results of Func.
type SoftStackLimit struct {
	Func, Throw uint32 // function indices, imports included
	Arg         int32  // >= 0
	Margin      int32  // bytes, > 0
}

// Exports of a module with a stack guard (Options.Stack): the stack pointer, and the stack limit, a mutable
// global the host may set (with the stack pointer, between calls) to move the stack
// to memory of its choosing.
const (
	StackPointerExport = "sobjects_stack_pointer"
	StackLimitExport   = "sobjects_stack_limit"
)

// StackOverflow is the value of the stop flag (InterruptExport) after a stack guard
// stopped a call.
const StackOverflow = 2

// Options adds to what Module does.
type Options struct {
	// Stack, when set, adds a check at every function entry that traps, setting the
	// stop flag to StackOverflow, when the stack pointer is below the stack limit.
	Stack *StackGuard
	// Funcs exports internal functions of the module: name to function index (in the
	// function index space, imports included). The caller knows the module.
	Funcs map[string]uint32
}

// ModuleWith is Module with opts.
func ModuleWith(wasm []byte, opts Options) ([]byte, error) {
	out, _, err := rewrite(wasm, opts)
	return out, err
}

func rewrite(wasm []byte, opts Options) (_ []byte, report Report, err error) {
	guard := opts.Stack
	if len(wasm) < 8 || !bytes.Equal(wasm[:4], []byte("\x00asm")) {
		return nil, report, fmt.Errorf("%w: no wasm header", ErrMalformed)
	}
	var sections []section
	r := reader{b: wasm, off: 8}
	for r.off < len(r.b) {
		id, err := r.byte()
		if err != nil {
			return nil, report, err
		}
		size, err := r.u32()
		if err != nil {
			return nil, report, err
		}
		body, err := r.bytes(int(size))
		if err != nil {
			return nil, report, err
		}
		sections = append(sections, section{id, body})
	}

	// The new global's index follows the imported and the defined globals.
	var globals, importedFuncs uint32
	hasMemory := false
	for _, s := range sections {
		switch s.id {
		case secMemory:
			n, _, err := vecCount(s.body)
			if err != nil {
				return nil, report, err
			}
			hasMemory = hasMemory || n > 0
		case secImport:
			n, memories, funcs, tables, err := importedGlobals(s.body)
			if err != nil {
				return nil, report, err
			}
			globals += n
			importedFuncs = funcs
			hasMemory = hasMemory || memories > 0
			if n+memories+tables > 0 && report.Unsaved == "" {
				report.Unsaved = "it imports a memory, a table or a global"
			}
		}
	}
	for _, s := range sections { // the defined globals follow the imported ones
		if s.id != secGlobal {
			continue
		}
		n, mutable, unsaved, err := definedGlobals(s.body, globals)
		if err != nil {
			return nil, report, err
		}
		globals += n
		report.Globals = mutable
		if report.Unsaved == "" {
			report.Unsaved = unsaved
		}
	}
	stop, fuel := uleb(globals), uleb(globals+1)
	preempt := []byte{0x41, 0x00, 0x40, 0x00, 0x1a}
	if !hasMemory { // memory.grow needs a memory; a module without one has no preemption point
		preempt = nil
	}
	check := cat(
		[]byte{0x23}, fuel, []byte{0x41, 0x01, 0x6b}, []byte{0x24}, fuel, // fuel = fuel - 1
		[]byte{0x23}, fuel, []byte{0x45, 0x04, 0x40}, // if fuel == 0
		[]byte{0x41}, sleb(YieldEvery), []byte{0x24}, fuel, //   fuel = YieldEvery
		preempt,                                            //   drop (memory.grow 0): a preemption point
		[]byte{0x23}, stop, []byte{0x04, 0x40, 0x00, 0x0b}, //   if stop: unreachable
		[]byte{0x0b}, // end
	)
	newGlobals := cat(
		[]byte{0x7f, 0x01, 0x41, 0x00, 0x0b},                     // stop: mut i32 = 0
		[]byte{0x7f, 0x01, 0x41}, sleb(YieldEvery), []byte{0x0b}, // fuel: mut i32 = YieldEvery
	)
	added := uint32(2)
	var softFunc = -1 // the defined function (imports not counted) that gets softEntry
	var softEntry []byte
	entry := check
	if guard != nil {
		limit := uleb(globals + 2)
		entry = cat(check,
			[]byte{0x23}, uleb(guard.Global), []byte{0x23}, limit, []byte{0x49, 0x04, 0x40}, // if sp < limit (unsigned)
			[]byte{0x41}, sleb(StackOverflow), []byte{0x24}, stop, []byte{0x00}, //   stop = StackOverflow; unreachable
			[]byte{0x0b}, // end
		)
		newGlobals = cat(newGlobals, []byte{0x7f, 0x01, 0x41}, sleb(guard.Min), []byte{0x0b}) // limit: mut i32 = Min
		added++
		if soft := guard.Soft; soft != nil {
			if soft.Margin <= 0 || soft.Margin > 1<<28 || soft.Arg < 0 || soft.Func < importedFuncs {
				return nil, report, fmt.Errorf("%w: the soft stack limit's function %d is imported, or its margin %d or argument %d is out of range", ErrMalformed, soft.Func, soft.Margin, soft.Arg)
			}
			softFunc = int(soft.Func - importedFuncs)
			armed, sp := uleb(globals+3), uleb(guard.Global)
			near := func(margin int32, cmp byte) []byte { // sp <cmp> limit + margin, unsigned
				return cat([]byte{0x23}, sp, []byte{0x23}, limit, []byte{0x41}, sleb(margin), []byte{0x6a, cmp})
			}
			softEntry = cat(entry,
				[]byte{0x23}, armed, []byte{0x04, 0x40}, // if armed
				near(soft.Margin, 0x49), []byte{0x04, 0x40}, //   if sp < limit + Margin
				[]byte{0x41, 0x00, 0x24}, armed, //     armed = 0
				[]byte{0x20, 0x00, 0x41}, sleb(soft.Arg), []byte{0x10}, uleb(soft.Throw), []byte{0x0f}, //     return Throw(param 0, Arg)
				[]byte{0x0b},                                                //   end
				[]byte{0x05}, near(2*soft.Margin, 0x4b), []byte{0x04, 0x40}, // else if sp > limit + 2*Margin
				[]byte{0x41, 0x01, 0x24}, armed, //   armed = 1
				[]byte{0x0b, 0x0b}, // end end
			)
			newGlobals = cat(newGlobals, []byte{0x7f, 0x01, 0x41, 0x00, 0x0b}) // armed: mut i32 = 0
			added++
		}
	}

	var start []byte // the function index of a start section
	kept := sections[:0]
	for _, s := range sections {
		if s.id == secStart {
			start = s.body
			continue
		}
		kept = append(kept, s)
	}
	sections = kept

	haveGlobal, haveExport := false, false
	for i := range sections {
		s := &sections[i]
		var err error
		switch s.id {
		case secGlobal:
			haveGlobal = true
			s.body, err = appendToVec(s.body, newGlobals, added)
		case secExport:
			haveExport = true
			s.body, err = appendExports(s.body, globals, start, opts, report.Globals)
		case secCode:
			var unsaved string
			s.body, unsaved, err = instrumentCode(s.body, entry, check, softFunc, softEntry)
			if report.Unsaved == "" {
				report.Unsaved = unsaved
			}
		}
		if err != nil {
			return nil, report, err
		}
	}
	if !haveGlobal {
		sections = insertSection(sections, section{secGlobal, append(uleb(added), newGlobals...)})
	}
	if !haveExport {
		body, err := appendExports([]byte{0}, globals, start, opts, report.Globals)
		if err != nil {
			return nil, report, err
		}
		sections = insertSection(sections, section{secExport, body})
	}

	out := append([]byte(nil), wasm[:8]...)
	for _, s := range sections {
		out = append(out, s.id)
		out = append(out, uleb(uint32(len(s.body)))...)
		out = append(out, s.body...)
	}
	return out, report, nil
}

// insertSection puts s before the first known section that must follow it.
func insertSection(sections []section, s section) []section {
	for i, t := range sections {
		if t.id != secCustom && order[t.id] > order[s.id] {
			return append(sections[:i], append([]section{s}, sections[i:]...)...)
		}
	}
	return append(sections, s)
}

// importedGlobals counts the globals, the memories, the functions and the tables an
// import section imports.
func importedGlobals(body []byte) (globals, memories, funcs, tables uint32, err error) {
	r := reader{b: body}
	n, err := r.u32()
	if err != nil {
		return 0, 0, 0, 0, err
	}
	for range n {
		for range 2 { // module and field names
			l, err := r.u32()
			if err != nil {
				return 0, 0, 0, 0, err
			}
			if _, err := r.bytes(int(l)); err != nil {
				return 0, 0, 0, 0, err
			}
		}
		kind, err := r.byte()
		if err != nil {
			return 0, 0, 0, 0, err
		}
		switch kind {
		case 0x00: // func: type index
			funcs++
			_, err = r.u32()
		case 0x01: // table: reftype, limits
			tables++
			if _, err = r.byte(); err == nil {
				err = r.limits()
			}
		case 0x02: // memory: limits
			memories++
			err = r.limits()
		case 0x03: // global: valtype, mut
			globals++
			_, err = r.bytes(2)
		case 0x04: // tag: attribute, type index
			if _, err = r.byte(); err == nil {
				_, err = r.u32()
			}
		default:
			err = fmt.Errorf("%w: import kind 0x%02x", ErrMalformed, kind)
		}
		if err != nil {
			return 0, 0, 0, 0, err
		}
	}
	return globals, memories, funcs, tables, nil
}

// definedGlobals reads a global section whose first global has index first: how many
// it defines, the indices of the mutable ones of a number type, and why the state of
// an instance is more than those ("" when it is not): a mutable global of another
// type.
func definedGlobals(body []byte, first uint32) (n uint32, mutable []uint32, unsaved string, err error) {
	r := reader{b: body}
	if n, err = r.u32(); err != nil {
		return 0, nil, "", err
	}
	for i := range n {
		typ, err := r.byte()
		if err != nil {
			return 0, nil, "", err
		}
		mut, err := r.byte()
		if err != nil {
			return 0, nil, "", err
		}
		if mut == 1 {
			switch typ {
			case 0x7f, 0x7e, 0x7d, 0x7c: // i32, i64, f32, f64
				mutable = append(mutable, first+i)
			default:
				unsaved = fmt.Sprintf("its global %d is mutable and of type 0x%02x, not a number", first+i, typ)
			}
		}
		for { // the constant expression, up to its end
			op, err := r.byte()
			if err != nil {
				return 0, nil, "", err
			}
			if op == 0x0b {
				break
			}
			if err := r.immediates(op); err != nil {
				return 0, nil, "", err
			}
		}
	}
	return n, mutable, unsaved, nil
}

func vecCount(body []byte) (n uint32, rest []byte, err error) {
	r := reader{b: body}
	n, err = r.u32()
	return n, body[r.off:], err
}

// appendToVec appends n encoded items to a vector.
func appendToVec(body, items []byte, n uint32) ([]byte, error) {
	count, rest, err := vecCount(body)
	if err != nil {
		return nil, err
	}
	out := append(uleb(count+n), rest...)
	return append(out, items...), nil
}

// appendExports exports the stop flag (global index global), when start holds the
// function index of a start section that function as StartExport, with a stack guard
// the stack pointer and the stack limit (global index global+2), opts.Funcs, and the
// mutable globals named under GlobalPrefix.
func appendExports(body []byte, global uint32, start []byte, opts Options, mutable []uint32) ([]byte, error) {
	reserved := []string{InterruptExport, StartExport, StackPointerExport, StackLimitExport}
	for name := range opts.Funcs {
		reserved = append(reserved, name)
	}
	if len(mutable) > 0 {
		reserved = append(reserved, GlobalPrefix)
	}
	for _, name := range reserved {
		if bytes.Contains(body, []byte(name)) {
			return nil, fmt.Errorf("%w: the module already exports %s, a name reserved for the host", ErrMalformed, name)
		}
	}
	export := func(name string, kind byte, index []byte) []byte {
		return cat(uleb(uint32(len(name))), []byte(name), []byte{kind}, index)
	}
	items := export(InterruptExport, 0x03, uleb(global))
	n := uint32(1)
	if start != nil {
		items = cat(items, export(StartExport, 0x00, start))
		n++
	}
	if opts.Stack != nil {
		items = cat(items, export(StackPointerExport, 0x03, uleb(opts.Stack.Global)), export(StackLimitExport, 0x03, uleb(global+2)))
		n += 2
	}
	for _, name := range slices.Sorted(maps.Keys(opts.Funcs)) {
		items = cat(items, export(name, 0x00, uleb(opts.Funcs[name])))
		n++
	}
	for _, g := range mutable {
		if opts.Stack != nil && g == opts.Stack.Global {
			continue // exported as StackPointerExport; a global is exported once
		}
		items = cat(items, export(GlobalPrefix+strconv.FormatUint(uint64(g), 10), 0x03, uleb(g)))
		n++
	}
	return appendToVec(body, items, n)
}

func cat(parts ...[]byte) []byte {
	var out []byte
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// sleb encodes a non-negative int32 as a signed LEB128 (the immediate of i32.const).
func sleb(v int32) []byte {
	var out []byte
	for {
		b := byte(v & 0x7f)
		v >>= 7
		if v == 0 && b&0x40 == 0 {
			return append(out, b)
		}
		out = append(out, b|0x80)
	}
}

// instrumentCode rewrites every function body of the code section; the defined
// function softFunc gets softEntry instead of entry. unsaved is Report.Unsaved's
// reason when a function changes a table or drops a segment.
func instrumentCode(body, entry, check []byte, softFunc int, softEntry []byte) (_ []byte, unsaved string, err error) {
	r := reader{b: body}
	n, err := r.u32()
	if err != nil {
		return nil, "", err
	}
	out := uleb(n)
	for i := range n {
		size, err := r.u32()
		if err != nil {
			return nil, "", err
		}
		fn, err := r.bytes(int(size))
		if err != nil {
			return nil, "", err
		}
		e := entry
		if int(i) == softFunc {
			e = softEntry
		}
		rewritten, changes, err := instrumentFunc(fn, e, check)
		if err != nil {
			return nil, "", fmt.Errorf("function %d: %w", i, err)
		}
		if changes != "" && unsaved == "" {
			unsaved = fmt.Sprintf("its function %d runs %s", i, changes)
		}
		out = append(out, uleb(uint32(len(rewritten)))...)
		out = append(out, rewritten...)
	}
	if r.off != len(r.b) {
		return nil, "", fmt.Errorf("%w: trailing bytes in the code section", ErrMalformed)
	}
	return out, unsaved, nil
}

// instrumentFunc inserts entry after the locals and check after every loop header.
// changes names the first instruction it has that changes a table or drops a segment
// ("" for none).
func instrumentFunc(fn, entry, check []byte) (_ []byte, changes string, err error) {
	r := reader{b: fn}
	groups, err := r.u32()
	if err != nil {
		return nil, "", err
	}
	for range groups {
		if _, err := r.u32(); err != nil {
			return nil, "", err
		}
		if _, err := r.byte(); err != nil {
			return nil, "", err
		}
	}
	out := make([]byte, 0, len(fn)+len(check)*4)
	out = append(out, fn[:r.off]...)
	out = append(out, entry...)
	for r.off < len(r.b) {
		start := r.off
		op, err := r.byte()
		if err != nil {
			return nil, "", err
		}
		if err := r.immediates(op); err != nil {
			return nil, "", err
		}
		out = append(out, r.b[start:r.off]...)
		if op == 0x03 { // loop
			out = append(out, check...)
		}
		if changes == "" {
			changes = tableChange(r.b[start:r.off])
		}
	}
	return out, changes, nil
}

// tableChange names instruction ins when it changes a table or drops a segment, which
// an instance's memory and globals do not record; "" otherwise.
func tableChange(ins []byte) string {
	switch {
	case ins[0] == 0x26:
		return "table.set"
	case ins[0] != 0xfc || len(ins) < 2:
		return ""
	}
	sub, _ := binary.Uvarint(ins[1:])
	switch sub {
	case 9:
		return "data.drop"
	case 12:
		return "table.init"
	case 13:
		return "elem.drop"
	case 14:
		return "table.copy"
	case 15:
		return "table.grow"
	case 17:
		return "table.fill"
	}
	return ""
}

type reader struct {
	b   []byte
	off int
}

func (r *reader) byte() (byte, error) {
	if r.off >= len(r.b) {
		return 0, fmt.Errorf("%w: unexpected end", ErrMalformed)
	}
	r.off++
	return r.b[r.off-1], nil
}

func (r *reader) bytes(n int) ([]byte, error) {
	if n < 0 || len(r.b)-r.off < n {
		return nil, fmt.Errorf("%w: unexpected end", ErrMalformed)
	}
	r.off += n
	return r.b[r.off-n : r.off], nil
}

// leb skips one LEB128 number of at most max bytes.
func (r *reader) leb(max int) error {
	for i := 0; i < max; i++ {
		c, err := r.byte()
		if err != nil {
			return err
		}
		if c&0x80 == 0 {
			return nil
		}
	}
	return fmt.Errorf("%w: LEB128 number too long", ErrMalformed)
}

func (r *reader) u32() (uint32, error) {
	v, n := binary.Uvarint(r.b[r.off:])
	if n <= 0 || n > 5 || v > 0xffffffff {
		return 0, fmt.Errorf("%w: bad u32 at byte %d", ErrMalformed, r.off)
	}
	r.off += n
	return uint32(v), nil
}

func (r *reader) limits() error {
	flags, err := r.byte()
	if err != nil {
		return err
	}
	if err := r.leb(10); err != nil {
		return err
	}
	if flags&1 != 0 {
		return r.leb(10)
	}
	return nil
}

func (r *reader) memarg() error {
	if err := r.leb(5); err != nil {
		return err
	}
	return r.leb(10)
}

func (r *reader) blockType() error {
	c, err := r.byte()
	if err != nil {
		return err
	}
	switch c {
	case 0x40, 0x7f, 0x7e, 0x7d, 0x7c, 0x7b, 0x70, 0x6f:
		return nil
	}
	r.off--
	return r.leb(5) // a type index as s33
}

// immediates skips the immediates of the instruction op.
func (r *reader) immediates(op byte) error {
	switch {
	case op == 0x02 || op == 0x03 || op == 0x04: // block, loop, if
		return r.blockType()
	case op == 0x0c || op == 0x0d || op == 0x10 || op == 0x12 || // br, br_if, call, return_call
		op >= 0x20 && op <= 0x26 || op == 0xd2: // local.*, global.*, table.get/set, ref.func
		return r.leb(5)
	case op == 0x0e: // br_table
		n, err := r.u32()
		if err != nil {
			return err
		}
		for range n + 1 {
			if err := r.leb(5); err != nil {
				return err
			}
		}
		return nil
	case op == 0x11 || op == 0x13: // call_indirect, return_call_indirect
		if err := r.leb(5); err != nil {
			return err
		}
		return r.leb(5)
	case op == 0x1c: // select t*
		n, err := r.u32()
		if err != nil {
			return err
		}
		_, err = r.bytes(int(n))
		return err
	case op >= 0x28 && op <= 0x3e: // loads and stores
		return r.memarg()
	case op == 0x3f || op == 0x40: // memory.size, memory.grow
		return r.leb(5)
	case op == 0x41: // i32.const
		return r.leb(5)
	case op == 0x42: // i64.const
		return r.leb(10)
	case op == 0x43:
		_, err := r.bytes(4)
		return err
	case op == 0x44:
		_, err := r.bytes(8)
		return err
	case op == 0xd0: // ref.null t
		_, err := r.byte()
		return err
	case op <= 0x01 || op == 0x05 || op == 0x0b || op == 0x0f || op == 0x1a || op == 0x1b ||
		op >= 0x45 && op <= 0xc4 || op == 0xd1:
		return nil
	case op == 0xfc:
		return r.prefixFC()
	case op == 0xfd:
		return r.prefixFD()
	case op == 0xfe:
		return r.prefixFE()
	}
	return fmt.Errorf("%w: unsupported opcode 0x%02x at byte %d", ErrMalformed, op, r.off-1)
}

func (r *reader) prefixFC() error {
	sub, err := r.u32()
	if err != nil {
		return err
	}
	switch {
	case sub <= 7: // trunc_sat
		return nil
	case sub == 8 || sub == 10 || sub == 12 || sub == 14: // memory.init, memory.copy, table.init, table.copy
		if err := r.leb(5); err != nil {
			return err
		}
		return r.leb(5)
	case sub <= 17: // data.drop, memory.fill, elem.drop, table.grow/size/fill
		return r.leb(5)
	}
	return fmt.Errorf("%w: unsupported opcode 0xfc %d", ErrMalformed, sub)
}

func (r *reader) prefixFD() error {
	sub, err := r.u32()
	if err != nil {
		return err
	}
	switch {
	case sub <= 11 || sub == 92 || sub == 93: // v128 loads and stores
		return r.memarg()
	case sub == 12 || sub == 13: // v128.const, i8x16.shuffle
		_, err := r.bytes(16)
		return err
	case sub >= 21 && sub <= 34: // extract_lane, replace_lane
		_, err := r.byte()
		return err
	case sub >= 84 && sub <= 91: // load_lane, store_lane
		if err := r.memarg(); err != nil {
			return err
		}
		_, err := r.byte()
		return err
	case sub <= 275:
		return nil
	}
	return fmt.Errorf("%w: unsupported opcode 0xfd %d", ErrMalformed, sub)
}

func (r *reader) prefixFE() error {
	sub, err := r.u32()
	if err != nil {
		return err
	}
	switch {
	case sub == 3: // atomic.fence
		_, err := r.byte()
		return err
	case sub <= 0x4e:
		return r.memarg()
	}
	return fmt.Errorf("%w: unsupported opcode 0xfe %d", ErrMalformed, sub)
}

func uleb(v uint32) []byte {
	return binary.AppendUvarint(nil, uint64(v))
}
